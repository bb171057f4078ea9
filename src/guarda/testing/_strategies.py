"""Hypothesis strategies for guarda: rulesets, seeds, legal games, states, views, actions.

Every strategy here draws only values that guarda accepts: [configs][guarda.testing.configs]
draws valid rulesets of every edition and variant; [records][guarda.testing.records],
[states][guarda.testing.states] and [views][guarda.testing.views] play random legal actions
from a seed, so every state they give is reachable. Play is seeded by integers hypothesis
draws, so failures shrink to short games and small seeds.

Examples:
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, database=None)
    ... @given(states(max_plies=30))
    ... def test_a_state_lists_legal_actions_until_it_is_over(state):
    ...     assert bool(guarda.legal_actions(state)) != state.is_over
    >>> test_a_state_lists_legal_actions_until_it_is_over()
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from hypothesis import strategies as st

import guarda
from guarda import (
    Action,
    ActivateGuard,
    Attack,
    Cell,
    Config,
    DeckEntry,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    Direction,
    DiscardDown,
    EndMove,
    GameRecord,
    GameState,
    Move,
    Orientation,
    Pass,
    PlacePiece,
    PlayerView,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    Recorder,
    SetGuard,
    Settle,
    Side,
    TakeDamage,
)
from guarda.errors import ArgumentError

__all__ = [
    "EDITIONS",
    "WIN_AND_STAKES",
    "actions",
    "candidate_actions",
    "card_names",
    "cells",
    "configs",
    "legal_actions",
    "records",
    "seeds",
    "states",
    "team_lists",
    "views",
]

EDITIONS: Final = ("classic", "modern", "grda", "custom")
"""The editions [configs][guarda.testing.configs] draws from: the three presets, and custom
fields (3x3 to 9x9, line cards with or without X and ALL, custom health and hand sizes)."""

WIN_AND_STAKES: Final = (
    ("elimination", "none"),
    ("elimination", "bounty"),
    ("victory", "none"),
    ("victory", "spoils-of-war"),
    ("exhaustion", "none"),
    ("exhaustion", "scavenger"),
    ("king-of-the-hill", "none"),
)
"""Every win condition, alone and with the stakes variant that belongs to it (P1)."""

_PRESETS: Final = {"classic": guarda.classic, "modern": guarda.modern, "grda": guarda.grda}


def card_names(config: Config, *, unknown: bool = False) -> st.SearchStrategy[str]:
    """Names of the deck's cards; with ``unknown``, also ``"Z9"``, a name no deck has.

    Examples:
        >>> from hypothesis import find
        >>> find(card_names(guarda.grda(), unknown=True), lambda name: name not in "V1 V2")
        'V3'

    """
    names = config.card_names + (("Z9",) if unknown and "Z9" not in config.card_names else ())
    return st.sampled_from(names)


def cells(config: Config, *, border: int = 0) -> st.SearchStrategy[Cell]:
    """Cells of the field, and with ``border`` that many columns and rows beyond its north
    and east edges (off the field: a cell cannot have a negative coordinate).

    Examples:
        >>> from hypothesis import find
        >>> find(cells(guarda.modern(), border=1), lambda cell: not cell.is_on(5))
        Cell(x=0, y=5)
    """
    return st.builds(
        Cell, st.integers(0, config.size - 1 + border), st.integers(0, config.size - 1 + border)
    )


def actions(
    card: st.SearchStrategy[str],
    cells: st.SearchStrategy[Cell],
    *,
    min_cards: int = 0,
    max_cards: int = 4,
) -> st.SearchStrategy[Action]:
    """Every action type, with cards drawn from ``card`` and cells from ``cells``.

    ``min_cards``/``max_cards`` bound the card lists of the card-playing actions
    (Settle always allows an empty list). The actions are well formed, not legal: use
    [legal_actions][guarda.testing.legal_actions] for those.

    Examples:
        >>> from hypothesis import find
        >>> with_cards = actions(st.just("V1"), st.just(Cell(0, 0)), min_cards=2)
        >>> find(with_cards, lambda action: hasattr(action, "cards"))
        DiscardDown(cards=('V1', 'V1'))
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


def candidate_actions(config: Config) -> st.SearchStrategy[Action]:
    """Well-formed actions of every kind for a ruleset, legal or (mostly) not.

    Cards come from the deck plus one name no deck has, cells from the field plus a
    border beyond its north and east edges, so unknown cards and off-field cells are
    tried too. Good for checking that a frontend or a port refuses what is illegal.
    """
    return actions(card_names(config, unknown=True), cells(config, border=1))


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


def _seating(players: int, start: int) -> tuple[Side, ...]:
    """A custom seating: the default one turned by ``start`` sides (P3 allows one wrap)."""
    return tuple(Side((4 * index // players + start) % 4) for index in range(players))


@st.composite
def _custom(draw: st.DrawFn, players: int, win: str, stakes: str, ante: int) -> Config:
    size = draw(st.integers(3, 9))
    lines = guarda.line_cards(size)
    copies = draw(st.integers(1, 4))
    deck = [DeckEntry(card, copies) for card in lines]
    if draw(st.booleans()):
        deck += [DeckEntry(guarda.x_card(size), 2), DeckEntry(guarda.all_card(size), 1)]
    health = draw(st.integers(1, 12))
    hand = draw(st.integers(2, min(size, 7)))
    return guarda.custom(
        size,
        players,
        deck=deck,
        hand_size=hand,
        opening_hand=draw(st.integers(0, hand + 1)),
        guard_counts_toward_hand=draw(st.booleans()),
        draw_rule=draw(st.sampled_from(tuple(guarda.DrawRule))),
        starting_health=health,
        max_health=health + draw(st.integers(0, 3)),
        win=win,
        stakes=stakes,
        ante=ante,
        seats=_seating(players, draw(st.integers(0, 3))),
        teams=draw(team_lists(players)),
        first_player=draw(st.integers(0, players - 1)),
        turn_limit=draw(st.none() | st.integers(1, 60)),
    )


def configs(
    *,
    editions: Sequence[str] = EDITIONS,
    min_players: int = 2,
    max_players: int = 8,
    win_and_stakes: Sequence[tuple[str, str]] = WIN_AND_STAKES,
) -> st.SearchStrategy[Config]:
    """Valid rulesets of every edition, win condition, stakes variant and player count.

    Presets get random teams, first drawer and turn limit; custom fields also random
    seating, decks, hand and health.

    Args:
        editions: Drawn from ``"classic"``, ``"modern"``, ``"grda"`` and ``"custom"``.
        min_players: At least 2.
        max_players: At most 8.
        win_and_stakes: ``(win, stakes)`` pairs to draw from (see
            [WIN_AND_STAKES][guarda.testing.WIN_AND_STAKES]).

    Examples:
        >>> from hypothesis import find
        >>> config = find(configs(editions=("grda",)), lambda c: c.players > 3)
        >>> config.name, config.players
        ('Grda', 4)
    """
    unknown = sorted(set(editions) - set(EDITIONS))
    if unknown or not editions:
        raise ArgumentError(
            f"editions are drawn from {', '.join(EDITIONS)}, not {unknown or 'none'}",
            path="editions",
        )
    if not (isinstance(min_players, int) and isinstance(max_players, int)) or not (
        2 <= min_players <= max_players <= 8
    ):
        raise ArgumentError(
            f"players must satisfy 2 <= min_players <= max_players <= 8, not "
            f"{min_players!r} and {max_players!r}",
            path="min_players",
        )
    if not win_and_stakes:
        raise ArgumentError("give at least one (win, stakes) pair", path="win_and_stakes")
    return _configs(tuple(editions), min_players, max_players, tuple(win_and_stakes))


@st.composite
def _configs(
    draw: st.DrawFn,
    editions: tuple[str, ...],
    min_players: int,
    max_players: int,
    win_and_stakes: tuple[tuple[str, str], ...],
) -> Config:
    edition = draw(st.sampled_from(editions))
    players = draw(st.integers(min_players, max_players))
    win, stakes = draw(st.sampled_from(win_and_stakes))
    ante = draw(st.integers(1, 7)) if stakes != "none" else 0
    if edition == "custom":
        return draw(_custom(players, win, stakes, ante))
    return _PRESETS[edition](
        players,
        win=win,
        stakes=stakes,
        ante=ante,
        teams=draw(team_lists(players)),
        first_player=draw(st.integers(0, players - 1)),
        turn_limit=draw(st.none() | st.integers(1, 60)),
    )


def _check_plies(max_plies: object) -> None:
    if not isinstance(max_plies, int) or isinstance(max_plies, bool) or max_plies < 0:
        raise ArgumentError(
            f"max_plies must be a non-negative integer, not {max_plies!r}", path="max_plies"
        )


def seeds() -> st.SearchStrategy[int]:
    """Seeds: any 64-bit integer (larger and negative seeds are reduced to these, P20)."""
    return st.integers(0, 2**64 - 1)


def records(
    config: st.SearchStrategy[Config] | None = None, *, max_plies: int = 200
) -> st.SearchStrategy[GameRecord]:
    """Legal action sequences: a record of random legal play from a seed.

    The record's ``result`` is set when the game ended within ``max_plies`` actions.
    Replay it with [guarda.replay][guarda.replay] to get every state.

    Args:
        config: The rulesets to draw from; by default [configs][guarda.testing.configs]().
        max_plies: The most actions played.

    Examples:
        >>> from hypothesis import find
        >>> record = find(records(st.just(guarda.modern())), lambda r: r.plies >= 10)
        >>> record.plies, len(list(guarda.replay(record)))
        (10, 11)
    """
    _check_plies(max_plies)
    return _records(configs() if config is None else config, max_plies)


@st.composite
def _records(draw: st.DrawFn, config: st.SearchStrategy[Config], max_plies: int) -> GameRecord:
    ruleset = draw(config)
    recorder = Recorder(ruleset, draw(seeds()))
    chooser = random.Random(draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, max_plies))):
        state = recorder.state
        if state.is_over:
            break
        options = guarda.legal_actions(state)
        recorder.apply(options[chooser.randrange(len(options))])
    return recorder.record()


def states(
    config: st.SearchStrategy[Config] | None = None, *, max_plies: int = 200
) -> st.SearchStrategy[GameState]:
    """Reachable states: the last state of random legal play from a seed.

    Args:
        config: The rulesets to draw from; by default [configs][guarda.testing.configs]().
        max_plies: The most actions played.
    """
    return records(config, max_plies=max_plies).map(guarda.final_state)


def views(
    config: st.SearchStrategy[Config] | None = None,
    *,
    max_plies: int = 200,
    spectators: bool = True,
) -> st.SearchStrategy[PlayerView]:
    """Views of reachable states, for every seat (and, with ``spectators``, a spectator).

    Examples:
        >>> from hypothesis import find
        >>> seen = find(views(st.just(guarda.grda(3))), lambda view: view.must_act)
        >>> seen.legal_actions == guarda.legal_actions(guarda.new_game(guarda.grda(3), 0))
        True
    """
    return _views(states(config, max_plies=max_plies), spectators)


@st.composite
def _views(
    draw: st.DrawFn, reachable: st.SearchStrategy[GameState], spectators: bool
) -> PlayerView:
    state = draw(reachable)
    seats: list[int | None] = list(range(len(state.players)))
    if spectators:
        seats.append(None)
    return guarda.view(state, draw(st.sampled_from(seats)))


def legal_actions(state: GameState) -> st.SearchStrategy[Action]:
    """One of the state's legal actions (the state must not be over).

    Examples:
        >>> from hypothesis import find
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> find(legal_actions(state), lambda action: True) in guarda.legal_actions(state)
        True
    """
    options = tuple(guarda.legal_actions(state))
    if not options:
        raise ArgumentError("the game is over: no legal actions", path="state")
    return st.sampled_from(options)
