"""``guarda verify``: check another implementation against the conformance vectors.

The command of [guarda.conformance][] (``guarda verify --help``); it needs nothing beyond
guarda, so it runs without the ``cli`` extra.
"""

from __future__ import annotations

from collections.abc import Sequence

from guarda.conformance import verify_main

__all__ = ["main"]


def main(argv: Sequence[str]) -> int:
    """Run ``guarda verify``; the exit status (0 passed, 1 a vector differs, 2 bad usage)."""
    return verify_main(list(argv))
