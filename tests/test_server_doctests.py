"""Run the examples in the docstrings of guarda.server (the ``server`` extra's session)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import guarda.server

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(guarda.server.__path__, prefix="guarda.server.")
    if not name.endswith(".__main__")
)


@pytest.mark.parametrize("name", ["guarda.server", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_server_modules_have_examples() -> None:
    attempted = sum(
        doctest.testmod(importlib.import_module(name), report=False).attempted
        for name in ["guarda.server", *MODULES]
    )
    assert attempted >= 10
