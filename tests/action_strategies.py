"""Hypothesis strategies shared by the tests: actions of every kind, and rulesets.

Not a test module (no ``test_`` prefix); tests import it as ``action_strategies``
(``pythonpath = ["tests"]`` in the pytest configuration).
"""

from __future__ import annotations

from hypothesis import strategies as st

import guarda
from guarda import (
    ActivateGuard,
    Attack,
    Cell,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    Direction,
    DiscardDown,
    EndMove,
    Move,
    Orientation,
    Pass,
    PlacePiece,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    TakeDamage,
)
from guarda._actions import Action

WIN_AND_STAKES = (
    ("elimination", "none"),
    ("elimination", "bounty"),
    ("victory", "none"),
    ("victory", "spoils-of-war"),
    ("exhaustion", "none"),
    ("exhaustion", "scavenger"),
    ("king-of-the-hill", "none"),
)
"""Every win condition, alone and with the stakes variant that belongs to it (P1)."""

EDITIONS = ("classic", "modern", "grda", "custom-9x9-teams", "custom-3x3")
"""The presets, a 9x9 eight-player team game and the smallest field."""


def actions(
    card: st.SearchStrategy[str],
    cells: st.SearchStrategy[Cell],
    *,
    min_cards: int = 0,
    max_cards: int = 4,
) -> st.SearchStrategy[Action]:
    """Every action type, with cards drawn from ``card`` and cells from ``cells``.

    ``min_cards``/``max_cards`` bound the card lists of the card-playing actions
    (Settle always allows an empty list).
    """
    cards = st.lists(card, min_size=min_cards, max_size=max_cards).map(tuple)
    direction = st.sampled_from(tuple(Direction))
    return st.one_of(
        st.builds(PlacePiece, cells),
        st.builds(DiscardDown, cards),
        st.builds(Move, direction, cards),
        st.builds(Push, direction, cards),
        st.just(EndMove()),
        st.builds(SetGuard, st.sampled_from(tuple(Orientation))),
        st.builds(PrepareGuard, card),
        st.builds(Attack, cards),
        st.just(Pass()),
        st.builds(Defend, cards),
        st.just(ActivateGuard()),
        st.just(TakeDamage()),
        st.builds(PrepareNewGuard, card),
        st.just(DeclineNewGuard()),
        st.builds(DefendCounter, cards),
        st.builds(Settle, st.lists(card, max_size=max_cards).map(tuple)),
    )


@st.composite
def team_lists(draw: st.DrawFn, players: int) -> list[list[int]] | None:
    """Free-for-all (None) or a random partition of the players into 2 or more teams."""
    if draw(st.booleans()):
        return None
    labels = draw(st.lists(st.integers(0, players - 1), min_size=players, max_size=players))
    if len(set(labels)) < 2:
        labels[0] = (labels[1] + 1) % players
    groups: dict[int, list[int]] = {}
    for player, label in enumerate(labels):
        groups.setdefault(label, []).append(player)
    return [groups[label] for label in sorted(groups)]


@st.composite
def configs(
    draw: st.DrawFn, editions: tuple[str, ...] = EDITIONS, max_players: int = 8
) -> guarda.Config:
    """A random valid ruleset: an edition, 2 to ``max_players`` players, random teams,
    every win condition with and without its stakes, a random first drawer and an
    optional turn limit."""
    edition = draw(st.sampled_from(editions))
    players = 8 if edition == "custom-9x9-teams" else draw(st.integers(2, max_players))
    teams = draw(team_lists(players))
    if edition == "custom-9x9-teams" and teams is None:
        teams = [[0, 2, 4, 6], [1, 3, 5, 7]]
    win, stakes = draw(st.sampled_from(WIN_AND_STAKES))
    ante = draw(st.integers(1, 7)) if stakes != "none" else 0
    first_player = draw(st.integers(0, players - 1))
    turn_limit = draw(st.none() | st.integers(1, 40))
    if edition == "custom-9x9-teams":
        return guarda.custom(
            9, 8, win=win, stakes=stakes, ante=ante, teams=teams,
            first_player=first_player, turn_limit=turn_limit,
        )  # fmt: skip
    if edition == "custom-3x3":
        return guarda.custom(
            3, players, win=win, stakes=stakes, ante=ante, teams=teams,
            first_player=first_player, turn_limit=turn_limit,
        )  # fmt: skip
    preset = {"classic": guarda.classic, "modern": guarda.modern, "grda": guarda.grda}[edition]
    return preset(
        players, win=win, stakes=stakes, ante=ante, teams=teams,
        first_player=first_player, turn_limit=turn_limit,
    )  # fmt: skip
