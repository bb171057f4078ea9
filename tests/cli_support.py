"""What the tests of the ``guarda`` command share: scripted answers to ``input``.

Not a test module.
"""

from __future__ import annotations

import builtins

import pytest

RUN = "import sys; from guarda.cli import main; sys.exit(main(sys.argv[1:]))"
"""A ``python -c`` program that runs the ``guarda`` command with its arguments."""

SMALL = ["--edition", "grda", "--turn-limit", "3", "--seed", "3"]
"""A small, short game's options."""


def answers(monkeypatch: pytest.MonkeyPatch, given: list[str]) -> list[str]:
    """Make ``input`` return ``given`` in order, then EOF; returns the prompts."""
    prompts: list[str] = []
    queue = iter(given)

    def fake(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(queue)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake)
    return prompts
