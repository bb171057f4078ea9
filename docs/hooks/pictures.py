"""The pictures of the documentation, drawn by guarda.render when the site is built.

Every picture in the docs comes from here, so none is drawn by hand and none can drift
from the rules: ``site_pictures.py`` (an mkdocs hook) adds each one to the site as
``pictures/<name>``, and the pages link to them (``![...](pictures/<name>)``).
``tests/test_render.py`` checks that every picture a page uses is drawn here.
"""

from __future__ import annotations

from collections.abc import Callable

import guarda
from guarda import Guard, GuardStatus, Orientation, Phase, render


def started(config: guarda.Config, seed: int) -> guarda.GameState:
    """The first turn of a seeded game: every piece placed on the first cell allowed."""
    state = guarda.new_game(config, seed=seed)
    while state.phase is Phase.SETUP:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    return state


def attack_position() -> guarda.GameState:
    """Modern, 3 players: South's Act phase with an attack at hand."""
    return (
        guarda.PositionBuilder(guarda.modern(players=3), seed=15)
        .player(0, position="b1", hand=("V2", "H3", "H3", "X"))
        .player(1, position="a3", guard=Guard("V1", GuardStatus.SET, Orientation.OFFENSIVE))
        .player(2, position="b5")
        .to_act(0, Phase.ACT, turn_number=3)
        .build()
    )


def move_position() -> guarda.GameState:
    """Modern, 2 players: South's Move phase next to North."""
    return (
        guarda.PositionBuilder(guarda.modern(players=2), seed=16)
        .player(0, position="b2", hand=("V2", "H5", "X", "V4"))
        .player(1, position="b3", hand=("H1", "V3"))
        .to_act(0, Phase.MOVE, turn_number=5)
        .build()
    )


def critical_block() -> guarda.GameState:
    """North attacks South, whose guard V4 is set to block and covers South's own cell."""
    state = (
        guarda.PositionBuilder(guarda.modern(players=2), seed=17)
        .player(0, position="b1", guard=Guard("V4", GuardStatus.SET, Orientation.DEFENSIVE))
        .player(1, position="b5", hand=("V4", "H2"))
        .to_act(1, Phase.ACT, turn_number=8)
        .build()
    )
    state, _ = guarda.apply(state, guarda.Attack(("V4",)))
    return state


def king_of_the_hill() -> guarda.GameState:
    """Modern King of the Hill, 3 players: West holds the hill."""
    return (
        guarda.PositionBuilder(guarda.modern(players=3, win="king-of-the-hill"), seed=18)
        .player(0, position="c1", hand=("V3", "H2"), points=2)
        .player(1, position="c3", hand=("X",), points=4)
        .player(2, position="d5", hand=("H1", "V2"), points=1)
        .to_act(0, Phase.MOVE, turn_number=19)
        .build()
    )


PICTURES: dict[str, Callable[[], str]] = {
    "field-classic-start.svg": lambda: render.field_svg(started(guarda.classic(), 1)),
    "field-modern-start.svg": lambda: render.field_svg(started(guarda.modern(), 1)),
    "field-grda-start.svg": lambda: render.field_svg(started(guarda.grda(), 1)),
    "field-classic-4p-start.svg": lambda: render.field_svg(started(guarda.classic(players=4), 2)),
    "field-modern-start-south.svg": lambda: render.field_svg(
        guarda.view(started(guarda.modern(), 1), 0)
    ),
    "place-modern.svg": lambda: render.action_svg(
        guarda.new_game(guarda.modern(), seed=2), guarda.PlacePiece("a1")
    ),
    "card-classic-v2-south.svg": lambda: render.card_svg(guarda.classic(), "V2", 0),
    "card-classic-v2-north.svg": lambda: render.card_svg(guarda.classic(), "V2", 1),
    "card-classic-v1-west.svg": lambda: render.card_svg(guarda.classic(players=4), "V1", 1),
    "card-modern-x.svg": lambda: render.card_type_svg(guarda.x_card(5)),
    "attack-modern-3p.svg": lambda: render.action_svg(
        attack_position(), guarda.Attack(("H3", "H3", "V2"))
    ),
    "move-modern.svg": lambda: render.action_svg(move_position(), guarda.Move("E", ("V4", "X"))),
    "push-modern.svg": lambda: render.action_svg(move_position(), guarda.Push("N", ("V2", "H5"))),
    "critical-block.svg": lambda: render.action_svg(critical_block(), guarda.ActivateGuard()),
    "king-of-the-hill.svg": lambda: render.field_svg(king_of_the_hill()),
}
"""Every picture of the docs, by file name, and what draws it."""


def pictures() -> dict[str, str]:
    """Draw every picture of the docs: file name to SVG text."""
    return {name: draw() for name, draw in PICTURES.items()}
