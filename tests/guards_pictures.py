"""The pictures of the guards rules page, and the script that writes them.

``tests/test_guards_pictures.py`` draws each picture again and compares the bytes with the
committed file. After an intended change, regenerate and look at the difference::

    PYTHONPATH=src python tests/guards_pictures.py           # rewrite the pictures
    PYTHONPATH=src python tests/guards_pictures.py --check   # exit 1 if one differs
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from guarda.games.guards import (
    GUARDS,
    Direction,
    Guard,
    GuardKind,
    HeistConfig,
    Status,
    map_svg,
    parse_hex,
    shipped_map,
)

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "games" / "images"
"""Where the rules page's pictures live."""


def example_guards() -> tuple[Guard, ...]:
    """The three guards of the text's line-of-sight example."""
    return (
        Guard(GuardKind.WANDERING, parse_hex("F2"), Direction.S, Status.DISTRACTED, tile="hall"),
        Guard(GuardKind.PATROLLING, parse_hex("D3"), Direction.SW, Status.ALERT, tile="hall"),
        Guard(GuardKind.STATIONARY, parse_hex("E4"), Direction.SE, Status.BORED, tile="hall"),
    )


def example() -> str:
    """The line-of-sight example: Distracted F2, Alert D3, Bored E4, their sight shaded."""
    return map_svg(shipped_map("example"), example_guards(), title="Line of sight")


def keep() -> str:
    """The heist's map at the start of a hard game with the Roving guard (seed 1)."""
    config = HeistConfig(difficulty="hard", roving=True)
    return GUARDS.svg(GUARDS.new_game(config, seed=1))


PICTURES: dict[str, Callable[[], str]] = {"guards-example.svg": example, "guards-keep.svg": keep}
"""Each picture's file name under ``docs/games/images`` and the function drawing it."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    check = parser.parse_args(argv).check
    differ = 0
    for name, draw in PICTURES.items():
        path = IMAGES / name
        text = draw()
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"differs: {path}")
                differ += 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
