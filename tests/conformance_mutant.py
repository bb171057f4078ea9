"""A deliberately broken implementation for the conformance tests: guarda, perturbed once.

Not a test module. Run as ``python tests/conformance_mutant.py MODE``: it reads a vector's
input on standard input, computes guarda's results and changes one thing, chosen by MODE,
at the first step where it can (see :func:`target`), before printing them:

- ``legal``: drops the last legal action at the first step with two or more;
- ``leak``: shows a seat another player's private event unredacted (R28);
- ``outcome``: adds 1 to the first player's final health in the outcome;
- ``event``: adds 1 to the first damage event, in every seat's events.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from guarda.conformance import results

MODES = ("legal", "leak", "outcome", "event")


def _leak(step: dict[str, Any]) -> tuple[int, int] | None:
    """A seat and an event index where that seat sees another player's event redacted."""
    for seat, shown in enumerate(step["events"]):
        for index, event in enumerate(shown):
            owner = event.get("player")
            if owner is None or owner == seat or owner >= len(step["events"]):
                continue
            if step["events"][owner][index] != event:
                return seat, index
    return None


def target(mode: str, steps: list[dict[str, Any]], first: int = 0) -> int | None:
    """The ply of the first step from ply ``first`` (the compared ones) that ``mode``
    perturbs, or None if none can be."""
    for step in steps:
        if step["ply"] < first:
            continue
        if mode == "legal" and len(step["legal"]) >= 2:
            return int(step["ply"])
        if mode == "leak" and _leak(step) is not None:
            return int(step["ply"])
        if mode == "outcome" and step["outcome"] is not None:
            return int(step["ply"])
        if mode == "event" and any(e["type"] == "DamageTaken" for e in step["events"][0]):
            return int(step["ply"])
    return None


def perturb(mode: str, steps: list[dict[str, Any]], first: int = 0) -> None:
    """Change one thing at the step :func:`target` names (``steps`` start at ply 0)."""
    ply = target(mode, steps, first)
    if ply is None:
        return
    step = steps[ply]
    if mode == "legal":
        step["legal"] = step["legal"][:-1]
    elif mode == "leak":
        found = _leak(step)
        assert found is not None
        seat, index = found
        owner = step["events"][seat][index]["player"]
        step["events"][seat][index] = step["events"][owner][index]
    elif mode == "outcome":
        step["outcome"]["health"][0] += 1
    else:
        for shown in step["events"]:
            damage = next(e for e in shown if e["type"] == "DamageTaken")
            damage["amount"] += 1


def main() -> int:
    mode = sys.argv[1]
    data = json.load(sys.stdin)
    steps = list(results(data))
    perturb(mode, steps, data.get("compare_from", 0))
    for step in steps:
        print(json.dumps(step))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
