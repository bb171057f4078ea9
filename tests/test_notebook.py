"""examples/notebook.ipynb: valid nbformat 4, no stored outputs, and every cell draws SVG.

The notebook is read as JSON and run without Jupyter: its code cells are executed in
order in one namespace, and the value of each cell's last expression (what Jupyter would
display) must draw itself as SVG through ``_repr_svg_``.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

import guarda

NOTEBOOK = Path(__file__).resolve().parent.parent / "examples" / "notebook.ipynb"

CELL_KEYS = {
    "markdown": {"cell_type", "id", "metadata", "source", "attachments"},
    "raw": {"cell_type", "id", "metadata", "source", "attachments"},
    "code": {"cell_type", "id", "metadata", "source", "outputs", "execution_count"},
}
"""The keys nbformat 4.5 allows in each kind of cell."""


def _notebook() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return document


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def test_the_notebook_is_nbformat_4_without_outputs() -> None:
    document = _notebook()
    assert set(document) == {"cells", "metadata", "nbformat", "nbformat_minor"}
    assert document["nbformat"] == 4
    assert isinstance(document["nbformat_minor"], int) and document["nbformat_minor"] >= 5
    assert document["metadata"]["kernelspec"]["language"] == "python"
    ids = []
    for cell in document["cells"]:
        kind = cell["cell_type"]
        assert kind in CELL_KEYS and set(cell) <= CELL_KEYS[kind], cell
        assert {"cell_type", "id", "metadata", "source"} <= set(cell)
        assert isinstance(cell["metadata"], dict)
        source = cell["source"]
        assert isinstance(source, str) or all(isinstance(line, str) for line in source)
        assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", cell["id"])
        ids.append(cell["id"])
        if kind == "code":
            # nothing stored that could drift from what the code draws today
            assert cell["outputs"] == [] and cell["execution_count"] is None
    assert len(ids) == len(set(ids))
    assert document["cells"][0]["cell_type"] == "markdown"


def _run(source: str, namespace: dict[str, Any]) -> object:
    """Run a cell as Jupyter does; the value it would display (None if none)."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body.pop()
        exec(compile(tree, "<cell>", "exec"), namespace)
        return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
    exec(compile(tree, "<cell>", "exec"), namespace)
    return None


def test_the_code_cells_run_in_order_and_draw_svg(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, Any] = {"__name__": "__main__"}
    shown = []
    for cell in _notebook()["cells"]:
        if cell["cell_type"] != "code":
            continue
        value = _run(_source(cell), namespace)
        if value is None:
            continue
        draw = getattr(value, "_repr_svg_", None)
        assert draw is not None, f"cell {cell['id']} shows {type(value).__name__}, not a picture"
        picture = draw()
        assert isinstance(picture, str) and picture.startswith("<svg"), cell["id"]
        assert picture.rstrip().endswith("</svg>")
        shown.append(value)
    kinds = {type(value).__name__ for value in shown}
    # a state, a view, a card type, an action, and drawings of a card and an action
    assert {"GameState", "PlayerView", "CardType", "Attack", "Picture"} <= kinds
    assert sum(type(value).__name__ == "Picture" for value in shown) == 2
    final = namespace["position"]
    assert isinstance(final, guarda.GameState) and final.is_over
    printed = capsys.readouterr().out
    assert "Attack with " in printed and "it hits North" in printed
    assert guarda.describe(guarda.GameEnded((0,), ()), ("South", "North")) in printed
