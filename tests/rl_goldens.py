"""The golden layout of ``guarda.rl``'s actions and observations, and its writer.

The numbering of actions (``guarda.ActionIndex``, which ``guarda.openspiel`` shares) and
the sections of observations are public and must stay stable: a trained policy depends
on them. ``tests/test_rl_mask.py`` compares the layout of each preset below with
``tests/data/rl_layout.json``, and ``tests/test_action_index.py`` its actions (without
``guarda.rl``). After an intended change (a new release that says so in the changelog),
rewrite the file and review the difference::

    PYTHONPATH=src python tests/rl_goldens.py           # rewrite the golden file
    PYTHONPATH=src python tests/rl_goldens.py --check   # exit 1 if it differs
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import guarda
from guarda.rl import ObservationEncoder

GOLDEN = Path(__file__).resolve().parent / "data" / "rl_layout.json"
"""Where the golden layout lives."""

PRESETS: dict[str, Callable[[], guarda.Config]] = {
    "classic-2": lambda: guarda.classic(players=2),
    "classic-4": lambda: guarda.classic(players=4),
    "modern-2": lambda: guarda.modern(players=2),
    "modern-3-teams": lambda: guarda.modern(players=3, teams=[[0, 2], [1]]),
    "grda-2": lambda: guarda.grda(players=2),
    "custom-7-hand-4": lambda: guarda.custom(7, players=2, hand_size=4),
}
"""The configurations whose layout is pinned."""

LIST = re.compile(r"\[\s+([^\[\]{}]*?)\s+\]")
"""A list of plain values spread over lines by ``json.dumps``."""

FIRST = 12
"""How many of the first actions the file names."""


def layout(config: guarda.Config) -> dict[str, Any]:
    """The layout of one configuration as plain data: sizes, blocks and sample entries."""
    index = guarda.ActionIndex(config)
    encoder = ObservationEncoder(config)
    samples = set(range(FIRST))
    for block in index.blocks:
        samples |= {block.start, block.stop - 1, (block.start + block.stop) // 2}
    return {
        "actions": index.size,
        "blocks": [
            [block.name, block.start, block.stop, block.min_cards, block.max_cards]
            for block in index.blocks
        ],
        "entries": {str(number): index.describe(number) for number in sorted(samples)},
        "observation": encoder.size,
        "sections": [
            [section.name, section.start, section.stop, list(section.shape)]
            for section in encoder.sections
        ],
    }


def render() -> str:
    """The whole golden file as text."""
    data = {name: layout(make()) for name, make in PRESETS.items()}
    text = json.dumps(data, indent=1)
    while True:  # one line per list of plain values, innermost lists first
        shorter = LIST.sub(lambda match: "[" + " ".join(match.group(1).split()) + "]", text)
        if shorter == text:
            return text + "\n"
        text = shorter


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file differs")
    arguments = parser.parse_args(argv)
    text = render()
    if arguments.check:
        same = GOLDEN.exists() and GOLDEN.read_text(encoding="utf-8") == text
        print("rl layout unchanged" if same else f"{GOLDEN} differs")
        return 0 if same else 1
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
