"""The golden pictures and texts of ``guarda.render``, and the script that writes them.

Each case names a file under ``tests/data/render/`` and the function that draws it from a
fixed position. ``tests/test_render.py`` draws every case again and compares the bytes
with the file. After an intended change to the pictures, regenerate the files and look at
the differences before committing them::

    PYTHONPATH=src python tests/render_goldens.py           # rewrite every golden file
    PYTHONPATH=src python tests/render_goldens.py --check   # exit 1 if any file differs

The positions are built with ``guarda.PositionBuilder`` or are the first state of a
seeded game, so they do not depend on the order of legal actions.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import guarda
from guarda import Guard, GuardStatus, Orientation, Phase, render

GOLDEN = Path(__file__).resolve().parent / "data" / "render"
"""Where the golden files live."""


def modern_2p() -> guarda.GameState:
    """Modern, 2 players, in South's Move phase: a set guard, a preparing one, damage."""
    return (
        guarda.PositionBuilder(guarda.modern(players=2), seed=11)
        .player(
            0,
            position="b2",
            hand=("H2", "V1", "V4", "X", "ALL"),
            guard=Guard("V2", GuardStatus.SET, Orientation.DEFENSIVE),
            discard_known=("H3", "V5"),
            discard_hidden=("H1",),
            health=8,
        )
        .player(
            1,
            position="d4",
            hand=("H1", "H4", "V3", "X"),
            guard=Guard("H5", GuardStatus.PREPARING),
            discard_hidden=("V2", "V2"),
            health=6,
        )
        .to_act(0, Phase.MOVE, turn_number=7)
        .build()
    )


def classic_4p() -> guarda.GameState:
    """Classic, 4 players, Exhaustion with Scavenger stakes: one player out, loot lying."""
    config = guarda.classic(players=4, win="exhaustion", stakes="scavenger", ante=2)
    return (
        guarda.PositionBuilder(config, seed=12)
        .player(0, position="c1", hand=("H1", "H2", "V3", "V3", "V6", "H6"), health=9)
        .player(
            1, position="a4", hand=("V1", "V2", "H5"), guard=Guard("H4", GuardStatus.PREPARING)
        )
        .player(2, is_out=True, health=3)
        .player(3, position="f3", hand=("H3", "V4", "V5", "V6"), health=4)
        .loot("d5", 2)
        .to_act(0, Phase.ACT, turn_number=20)
        .build()
    )


def king_of_the_hill() -> guarda.GameState:
    """Modern King of the Hill, 4 players: one on the hill, points scored."""
    config = guarda.modern(players=4, win="king-of-the-hill")
    return (
        guarda.PositionBuilder(config, seed=13)
        .player(0, position="c3", hand=("V3", "H3", "X"), points=3)
        .player(1, position="b3", hand=("V1",), points=1, health=7)
        .player(2, position="c5", hand=("H2", "H2"), points=2)
        .player(
            3,
            position="e1",
            hand=("ALL",),
            guard=Guard("X", GuardStatus.SET, Orientation.OFFENSIVE),
        )
        .to_act(1, Phase.MOVE, turn_number=15)
        .build()
    )


def teams_9x9() -> guarda.GameState:
    """A custom 9x9 field, 8 players in two teams, Victory."""
    config = guarda.custom(9, players=8, teams=[[0, 2, 4, 6], [1, 3, 5, 7]], win="victory")
    places = ("c1", "g2", "a4", "b8", "e9", "h7", "i3", "e5")
    builder = guarda.PositionBuilder(config, seed=14)
    for player, cell in enumerate(places):
        builder = builder.player(player, position=cell, hand=("V1", "H9", "V5"), points=player % 3)
    return builder.to_act(2, Phase.ACT, turn_number=9).build()


def attack_3p() -> guarda.GameState:
    """Modern, 3 players: South may attack West twice over and North once."""
    return (
        guarda.PositionBuilder(guarda.modern(players=3), seed=15)
        .player(0, position="b1", hand=("V2", "H3", "H3", "X"))
        .player(1, position="a3", guard=Guard("V1", GuardStatus.SET, Orientation.OFFENSIVE))
        .player(2, position="b5")
        .to_act(0, Phase.ACT, turn_number=3)
        .build()
    )


def setup_modern() -> guarda.GameState:
    """The first state of a seeded Modern game: South's setup cards lie face up."""
    return guarda.new_game(guarda.modern(players=2), seed=2)


CASES: dict[str, Callable[[], str]] = {
    "modern-2p.svg": lambda: render.field_svg(modern_2p()),
    "modern-2p.txt": lambda: render.text(modern_2p()) + "\n",
    "modern-2p-view-north.svg": lambda: render.field_svg(guarda.view(modern_2p(), 1)),
    "modern-2p-view-north.txt": lambda: render.text(guarda.view(modern_2p(), 1)) + "\n",
    "modern-2p-view-spectator.txt": lambda: render.text(guarda.view(modern_2p(), None)) + "\n",
    "modern-2p-setup.svg": lambda: render.field_svg(setup_modern()),
    "classic-4p.svg": lambda: render.field_svg(classic_4p()),
    "classic-4p.txt": lambda: render.text(classic_4p()) + "\n",
    "king-of-the-hill-4p.svg": lambda: render.field_svg(king_of_the_hill()),
    "king-of-the-hill-4p.txt": lambda: render.text(king_of_the_hill()) + "\n",
    "custom-9x9-8p-teams.svg": lambda: render.field_svg(teams_9x9()),
    "custom-9x9-8p-teams.txt": lambda: render.text(teams_9x9()) + "\n",
    "card-modern-v2-south.svg": lambda: render.card_svg(guarda.modern(players=2), "V2", 0),
    "card-modern-v2-north.svg": lambda: render.card_svg(guarda.modern(players=2), "V2", 1),
    "card-classic-h2-west-on-field.svg": lambda: render.card_svg(classic_4p(), "H2", 1),
    "card-type-x.svg": lambda: render.card_type_svg(guarda.x_card(5)),
    "attack-3p.svg": lambda: render.action_svg(attack_3p(), guarda.Attack(("H3", "H3", "V2"))),
    "move-2p.svg": lambda: render.action_svg(modern_2p(), guarda.Move("E", ("V1", "X"))),
    "label-push.svg": lambda: render.action_label_svg(guarda.Push("W", ("V3", "V3"))),
}
"""Every golden file, by name, and what draws it."""


def main(argv: list[str] | None = None) -> int:
    """Write every golden file, or with ``--check`` report the ones that differ."""
    parser = argparse.ArgumentParser(description="Regenerate the golden files of guarda.render.")
    parser.add_argument("--check", action="store_true", help="only report differing files")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    differing = []
    for name, draw in CASES.items():
        path = GOLDEN / name
        data = draw().encode("utf-8")
        if path.exists() and path.read_bytes() == data:
            continue
        differing.append(name)
        if not args.check:
            path.write_bytes(data)
    for name in differing:
        print(("differs: " if args.check else "wrote: ") + name)
    return 1 if args.check and differing else 0


if __name__ == "__main__":
    sys.exit(main())
