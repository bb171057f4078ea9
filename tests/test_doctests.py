"""Run the examples in every module's docstrings, so the documented examples stay true."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil

import pytest

import guarda

# Subpackages that need an extra run their examples in the extra's own session:
# guarda.plot (matplotlib) in "plot" (tests/test_plot.py), guarda.server in "server"
# (tests/test_server_doctests.py), guarda.rl (PettingZoo) in "rl" (tests/test_rl_env.py),
# guarda.openspiel in "openspiel" (tests/test_openspiel_bots.py). guarda.cli needs rich
# (extra cli, also in the test extra).
OPTIONAL = ("guarda.plot", "guarda.server", "guarda.rl", "guarda.openspiel")
HAS_RICH = importlib.util.find_spec("rich") is not None

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(guarda.__path__, prefix="guarda.")
    if not name.endswith(".__main__")
    and not name.startswith(OPTIONAL)
    and (HAS_RICH or not name.startswith("guarda.cli"))
)


@pytest.mark.parametrize("name", ["guarda", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
