"""A port's driver for the toy game of ``tests/toy_game.py``, for the conformance tests.

Not a test module. Run as ``python tests/toy_driver.py [MODE]``: it reads a vector's input
on standard input and prints guarda's reference results for the toy game (which is not in
the registry, so the game is given), changed by MODE:

- ``ok``: unchanged;
- ``int-scores``: the scores as integers where they are whole (still right);
- ``scores``: the scores of the finished game swapped;
- ``views``: every view's ``wins`` off by one once a card is on the table;
- ``events``: the events of every step from ply 1 dropped.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from guarda.conformance import results
from toy_game import TOY

MODES = ("ok", "int-scores", "scores", "views", "events")


def change(mode: str, step: dict[str, Any]) -> dict[str, Any]:
    """The step as MODE prints it."""
    scores = step["scores"]
    if mode == "int-scores" and scores is not None:
        step["scores"] = [int(s) if s.is_integer() else s for s in scores]
    if mode == "scores" and scores is not None:
        step["scores"] = scores[::-1]
    if mode == "views" and step["ply"] > 0:
        for view in step["views"]:
            view["data"]["wins"] = [wins + 1 for wins in view["data"]["wins"]]
    if mode == "events" and step["ply"] > 0:
        step["events"] = [[] for _ in step["events"]]
    return step


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "ok"
    for step in results(json.load(sys.stdin), game=TOY):
        print(json.dumps(change(mode, step)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
