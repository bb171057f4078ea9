"""Rulings R1-R3: the Grda deck, the Modern opening hand, custom configurations."""

from __future__ import annotations

from collections import Counter

import pytest

import guarda
from guarda import Phase, PositionBuilder


def test_r1_grda_deck_is_classic_without_outer_lines_renumbered() -> None:
    config = guarda.grda()
    assert config.size == 4
    assert config.card_names == ("V1", "V2", "V3", "V4", "H1", "H2", "H3", "H4")
    assert all(entry.copies == 4 for entry in config.deck)
    assert config.deck_size == 32
    by_name = {entry.card.name: entry.card.cells for entry in config.deck}
    assert by_name["V1"] == {(1, 1), (1, 2), (1, 3), (1, 4)}
    assert by_name["H4"] == {(1, 4), (2, 4), (3, 4), (4, 4)}
    assert (config.hand_size, config.guard_counts_toward_hand, config.starting_health) == (
        4,
        True,
        20,
    )


def test_r1_grda_game_deals_the_32_card_deck() -> None:
    state = guarda.new_game(guarda.grda(), seed=5)
    for player in state.players:
        assert Counter(player.cards) == Counter({name: 4 for name in state.config.card_names})


def test_r2_modern_opening_hand_is_the_hand_size() -> None:
    config = guarda.modern()
    assert config.opening_hand == 5 == config.hand_size
    state = guarda.new_game(config, seed=2)
    while state.phase is Phase.SETUP:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    assert [len(player.hand) for player in state.players] == [5, 5]
    assert state.phase is Phase.MOVE


def test_r2_opening_hand_is_configurable() -> None:
    config = guarda.custom(5, opening_hand=6, hand_size=5, draw_rule=guarda.DrawRule.FILL)
    state = guarda.new_game(config, seed=2)
    while state.phase is Phase.SETUP:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    # The first player must discard down to 5; the other still holds the literal 6.
    assert state.phase is Phase.DISCARD
    assert len(state.players[state.turn].hand) == 6
    assert len(state.players[1 - state.turn].hand) == 6


@pytest.mark.parametrize("size", [3, 7, 9, 16])
def test_r3_any_square_field_is_valid(size: int) -> None:
    config = guarda.custom(size)
    assert config.hand_size == size
    assert config.deck_size == 2 * size * 4
    state = PositionBuilder(config).player(0, position="a1").player(1, position="b2").to_act(0)
    assert state.build().phase is Phase.MOVE


def test_r3_fields_above_16_need_an_explicit_hand_size() -> None:
    with pytest.raises(guarda.ConfigurationError) as caught:
        guarda.custom(26)
    assert (caught.value.path, caught.value.rule) == ("hand_size", "P18")
    config = guarda.custom(26, hand_size=10)
    assert (config.size, config.hand_size, config.deck_size) == (26, 10, 2 * 26 * 4)
    state = PositionBuilder(config).player(0, position="z26").player(1, position="a1").to_act(0)
    assert state.build().phase is Phase.MOVE


def test_r3_any_deck_of_patterns() -> None:
    corner = guarda.CardType("C", frozenset({(1, 1)}))
    config = guarda.custom(
        4, deck=[guarda.DeckEntry(corner, 3), guarda.DeckEntry(guarda.x_card(4), 2)]
    )
    assert config.card_names == ("C", "X") and config.deck_size == 5


@pytest.mark.parametrize("size", [2, 27])
def test_r3_fields_below_three_or_too_large_are_refused(size: int) -> None:
    with pytest.raises(guarda.ConfigurationError):
        guarda.custom(size)


def test_r3_card_outside_the_field_is_refused() -> None:
    big = guarda.CardType("B", frozenset({(4, 1)}))
    with pytest.raises(guarda.ConfigurationError) as info:
        guarda.custom(3, deck=[guarda.DeckEntry(big, 1)])
    assert info.value.rule == "R3"
