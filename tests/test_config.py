"""Configuration: the presets match the editions table, and invalid rulesets are refused.

Expected values are copied from the rulings' editions table (and docs/rules.md), not
computed by the library. Each refusal must be a :class:`ConfigurationError` naming the
offending field's path, so a caller can point at it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import guarda
from guarda import (
    Cell,
    Config,
    ConfigurationError,
    DeckEntry,
    DrawRule,
    Elimination,
    Exhaustion,
    KingOfTheHill,
    Scoring,
    Side,
    Stakes,
    StakesKind,
    Victory,
)
from guarda._cards import CardType


def deck_of(config: Config) -> dict[str, int]:
    """Card name to copies."""
    return {entry.card.name: entry.copies for entry in config.deck}


def lines(size: int) -> set[str]:
    return {f"V{k}" for k in range(1, size + 1)} | {f"H{k}" for k in range(1, size + 1)}


# -- the editions table -------------------------------------------------------------------

EDITIONS = {
    # name: (preset, field, deck types, deck size, hand, guard counted, opening hand,
    #        health, draw rule)
    "Classic": (guarda.classic, 6, lines(6), 48, 6, False, 6, 10, DrawRule.DRAW_ONE_THEN_FILL),
    "Modern": (guarda.modern, 5, lines(5) | {"X", "ALL"}, 48, 5, False, 5, 10, DrawRule.FILL),
    "Grda": (guarda.grda, 4, lines(4), 32, 4, True, 4, 20, DrawRule.DRAW_ONE_THEN_FILL),
}


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_presets_match_the_editions_table(name: str) -> None:
    preset, size, types, total, hand, counted, opening, health, draw = EDITIONS[name]
    config = preset(2)
    assert config.name == name
    assert config.size == size
    assert set(deck_of(config)) == types
    assert set(deck_of(config).values()) == {4}  # 4 copies of each type
    assert config.deck_size == total == 4 * len(types)
    assert config.hand_size == hand
    assert config.guard_counts_toward_hand is counted
    assert config.opening_hand == opening
    assert config.starting_health == config.max_health == health
    assert config.draw_rule is draw
    assert config.win == Elimination()
    assert config.stakes == Stakes(StakesKind.NONE, 0)
    assert config.first_player == 0
    assert config.turn_limit is None
    assert config.teams == ((0,), (1,))


def test_r1_grda_deck_is_classic_without_outer_lines_renumbered() -> None:
    assert deck_of(guarda.grda()) == {name: 4 for name in lines(4)}
    # V1 of Grda is the Classic V2 column, renumbered to the 4x4 card: a full column.
    v1 = next(entry.card for entry in guarda.grda().deck if entry.card.name == "V1")
    assert v1.cells == frozenset({(1, 1), (1, 2), (1, 3), (1, 4)})


def test_r2_modern_opening_hand_is_the_hand_size_and_configurable() -> None:
    assert guarda.modern().opening_hand == 5
    manual = attrs.evolve(guarda.modern(), opening_hand=6)
    assert manual.opening_hand == 6
    assert guarda.new_game(manual, 0).config.opening_hand == 6


@pytest.mark.parametrize(
    ("preset", "health"), [(guarda.classic, 10), (guarda.modern, 5), (guarda.grda, 20)]
)
def test_r24_exhaustion_health_per_edition(preset: Callable[..., Config], health: int) -> None:
    config = preset(2, win="exhaustion")
    assert config.win == Exhaustion()
    assert config.starting_health == health


@pytest.mark.parametrize(
    ("preset", "target", "scoring"),
    [
        (guarda.classic, 10, Scoring.PER_OPPONENT),
        (guarda.modern, 20, Scoring.PER_DAMAGE),
        (guarda.grda, 10, Scoring.PER_OPPONENT),
    ],
)
def test_r23_victory_target_and_scoring_per_edition(
    preset: Callable[..., Config], target: int, scoring: Scoring
) -> None:
    config = preset(3, win="victory")
    assert config.win == Victory(target=target, scoring=scoring)
    assert not config.has_health


@pytest.mark.parametrize(
    ("preset", "health", "hill"),
    [
        (guarda.modern, 10, ("c3",)),
        (guarda.classic, 10, ("c3", "d3", "c4", "d4")),
        (guarda.grda, 20, ("b2", "c2", "b3", "c3")),
    ],
)
def test_r25_king_of_the_hill_health_hill_and_target(
    preset: Callable[..., Config], health: int, hill: tuple[str, ...]
) -> None:
    config = preset(2, win="king-of-the-hill")
    assert isinstance(config.win, KingOfTheHill)
    assert config.win.target == 5
    assert {cell.name for cell in config.win.hill} == set(hill)
    assert config.starting_health == health


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (2, "SN"),
        (3, "SWN"),
        (4, "SWNE"),
        (8, "SSWWNNEE"),
    ],
)
def test_r4_default_seating(players: int, seats: str) -> None:
    assert "".join(side.name[0] for side in guarda.modern(players).seats) == seats


def test_r3_custom_field_defaults_follow_the_article() -> None:
    config = guarda.custom(9, 8, teams=[[0, 2, 4, 6], [1, 3, 5, 7]])
    assert config.hand_size == config.opening_hand == 9
    assert deck_of(config) == {name: 4 for name in lines(9)}
    assert config.teams == ((0, 2, 4, 6), (1, 3, 5, 7))


def test_stakes_variants_pair_with_their_win_conditions() -> None:
    bounty = guarda.classic(3, stakes="bounty", ante=5)
    assert bounty.stakes == Stakes(StakesKind.BOUNTY, 5)
    assert guarda.classic(3, win="victory", stakes="spoils-of-war", ante=2).stakes.ante == 2
    assert guarda.grda(2, win="exhaustion", stakes="scavenger", ante=1).stakes.kind is (
        StakesKind.SCAVENGER
    )


# -- refusals -------------------------------------------------------------------------------

BAD_CARD = CardType("Z1", frozenset({(7, 1)}))
"""A pattern cell in column 7: outside any field smaller than 7x7."""

REFUSALS: dict[str, tuple[Callable[[], object], str, str | None]] = {
    # case: (builder, path, rule or None when none is named)
    "king of the hill without a hill": (
        lambda: guarda.modern(win=KingOfTheHill(hill=())),
        "win.hill",
        "R25",
    ),
    "hill cell off the field": (
        lambda: guarda.modern(win=KingOfTheHill(hill=(Cell(2, 2), Cell(5, 2)))),
        "win.hill[1]",
        "R25",
    ),
    "hill target 0": (
        lambda: guarda.modern(win=KingOfTheHill(hill=(Cell(2, 2),), target=0)),
        "win.target",
        "R25",
    ),
    "victory target 0": (lambda: guarda.classic(win=Victory(target=0)), "win.target", "R23"),
    "unknown win condition": (lambda: guarda.classic(win="checkmate"), "win", None),
    "nine players": (lambda: guarda.classic(9), "players", None),
    "one player": (lambda: guarda.classic(1), "players", None),
    "an empty team": (lambda: guarda.classic(3, teams=[[0, 1, 2], []]), "teams[1]", None),
    "a player in two teams": (lambda: guarda.classic(3, teams=[[0, 1], [1, 2]]), "teams[1]", None),
    "a player in no team": (lambda: guarda.classic(3, teams=[[0], [1]]), "teams", None),
    "a team of an unknown player": (lambda: guarda.classic(2, teams=[[0], [2]]), "teams[1]", None),
    "only one team": (lambda: guarda.classic(2, teams=[[0, 1]]), "teams", None),
    "negative ante": (lambda: guarda.classic(stakes="bounty", ante=-1), "stakes.ante", "R26"),
    "ante without stakes": (lambda: guarda.classic(ante=3), "stakes.ante", "R26"),
    "unknown stakes": (lambda: guarda.classic(stakes="poker"), "stakes", None),
    "hand size 0": (lambda: guarda.custom(5, hand_size=0), "hand_size", "R12"),
    "hand size 17": (lambda: guarda.custom(5, hand_size=17), "hand_size", "P18"),
    "default hand of a 17x17 field": (lambda: guarda.custom(17), "hand_size", "P18"),
    "opening hand 17": (lambda: guarda.custom(5, opening_hand=17), "opening_hand", "R2"),
    "deck over 1024 cards": (
        lambda: guarda.custom(
            5, deck=[guarda.DeckEntry(card, 103) for card in guarda.line_cards(5)]
        ),
        "deck",
        "P18",
    ),
    "absurd copies": (
        lambda: guarda.custom(5, deck=[guarda.DeckEntry(guarda.line_cards(5)[0], 2**63)]),
        "deck[0].copies",
        "P18",
    ),
    "negative opening hand": (lambda: guarda.custom(5, opening_hand=-1), "opening_hand", "R2"),
    "starting health 0": (lambda: guarda.custom(5, starting_health=0), "starting_health", None),
    "max health below starting": (
        lambda: guarda.custom(5, starting_health=10, max_health=9),
        "max_health",
        "R20",
    ),
    "card pattern outside the field": (
        lambda: guarda.custom(5, deck=[DeckEntry(BAD_CARD, 4)]),
        "deck[0].card.cells",
        "R3",
    ),
    "duplicate card names": (
        lambda: guarda.custom(5, deck=[DeckEntry(CardType("A", {(1, 1)}), 2)] * 2),
        "deck[1]",
        None,
    ),
    "empty deck": (lambda: guarda.custom(5, deck=[]), "deck", "R3"),
    "field 2x2": (lambda: guarda.custom(2), "size", None),
    "seats not clockwise": (
        lambda: guarda.classic(3, seats=[Side.SOUTH, Side.NORTH, Side.WEST]),
        "seats",
        "P3",
    ),
    "one seat too few": (lambda: guarda.classic(3, seats=[Side.SOUTH, Side.NORTH]), "seats", "R4"),
    "first player out of range": (lambda: guarda.classic(3, first_player=3), "first_player", "R9"),
    "negative first player": (lambda: guarda.classic(2, first_player=-1), "first_player", "R9"),
    "turn limit 0": (lambda: guarda.classic(turn_limit=0), "turn_limit", "R27"),
    "bounty with victory": (
        lambda: guarda.classic(win="victory", stakes="bounty", ante=1),
        "stakes.kind",
        "P1",
    ),
    "spoils of war with elimination": (
        lambda: guarda.modern(stakes="spoils-of-war", ante=1),
        "stakes.kind",
        "P1",
    ),
    "scavenger with king of the hill": (
        lambda: guarda.modern(win="king-of-the-hill", stakes="scavenger", ante=1),
        "stakes.kind",
        "P1",
    ),
    "bounty with exhaustion": (
        lambda: guarda.grda(win="exhaustion", stakes=StakesKind.BOUNTY, ante=1),
        "stakes.kind",
        "P1",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_invalid_configuration_is_refused_naming_the_field(case: str) -> None:
    build, path, rule = REFUSALS[case]
    with pytest.raises(ConfigurationError) as raised:
        build()
    assert raised.value.path == path
    if rule is not None:
        assert raised.value.rule == rule
    assert raised.value.message


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("players", 9, "players"),
        ("hand_size", 0, "hand_size"),
        ("first_player", 2, "first_player"),
        ("turn_limit", 0, "turn_limit"),
        ("stakes", Stakes(StakesKind.SCAVENGER, 1), "stakes.kind"),
        ("seats", (Side.NORTH, Side.SOUTH, Side.SOUTH), "seats"),
    ],
)
def test_evolve_validates_again(field: str, value: Any, path: str) -> None:
    config = guarda.modern(2)
    with pytest.raises(ConfigurationError) as raised:
        attrs.evolve(config, **{field: value})
    assert raised.value.path == path


def test_a_refused_configuration_leaves_the_arguments_unchanged() -> None:
    teams = [[0, 1], [1, 2]]
    with pytest.raises(ConfigurationError):
        guarda.classic(3, teams=teams)
    assert teams == [[0, 1], [1, 2]]


def test_nine_by_nine_eight_player_team_game_builds_and_plays() -> None:
    config = guarda.custom(9, 8, teams=[[0, 2, 4, 6], [1, 3, 5, 7]], stakes="bounty", ante=2)
    assert [side.name for side in config.seats].count("SOUTH") == 2
    state = guarda.new_game(config, 9)
    choose = random.Random(9)
    for _ in range(300):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    assert state.turn_number > 8, "every player had a turn"
    placed = [player.position for player in state.players if player.position is not None]
    assert len(placed) == len(set(placed)) == sum(not p.is_out for p in state.players)
