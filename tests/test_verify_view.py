"""Why is this illegal, asked from a view: what verify says, without hidden information."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import Cell, GameState, GuardaError
from guarda._view_checks import stand_in, view_actions
from guarda.testing import actions, hidden_variant
from test_views import games, play


def answer(check: object, *args: object, **kwargs: object) -> tuple[str, ...] | None:
    """None if ``check`` accepts; else the error's class, message, rule and path."""
    try:
        check(*args, **kwargs)  # type: ignore[operator]
    except GuardaError as error:
        return (type(error).__name__, error.message, str(error.rule), str(error.path))
    return None


@settings(max_examples=40)
@given(games, st.data())
def test_verify_view_agrees_with_verify_for_the_viewers_own_decisions(
    state: GameState, data: st.DataObject
) -> None:
    config = state.config
    card = st.sampled_from((*config.card_names, "Z9"))
    cells = st.builds(Cell, st.integers(0, config.size), st.integers(0, config.size))
    candidates = data.draw(st.lists(actions(card, cells), max_size=12))
    legal = tuple(guarda.legal_actions(state))
    candidates += random.Random(len(legal)).sample(legal, min(len(legal), 6))
    for viewer in range(config.players):
        seen = guarda.view(state, viewer)
        for action in candidates:
            want = answer(guarda.verify, state, action, player=viewer)
            assert answer(guarda.verify_view, seen, action) == want


@settings(max_examples=25)
@given(games, st.integers(0, 2**32), st.data())
def test_verify_view_uses_nothing_hidden(state: GameState, seed: int, data: st.DataObject) -> None:
    config = state.config
    card = st.sampled_from((*config.card_names, "Z9"))
    cells = st.builds(Cell, st.integers(0, config.size), st.integers(0, config.size))
    candidates = data.draw(st.lists(actions(card, cells), max_size=10))
    for viewer in range(config.players):
        other = hidden_variant(state, viewer, seed)
        assert guarda.view(other, viewer) == guarda.view(state, viewer)
        for action in candidates:
            assert answer(guarda.verify_view, guarda.view(other, viewer), action) == answer(
                guarda.verify_view, guarda.view(state, viewer), action
            )


@settings(max_examples=30)
@given(games)
def test_the_stand_in_shows_the_same_view_and_lists_the_same_actions(state: GameState) -> None:
    for viewer in range(state.config.players):
        seen = guarda.view(state, viewer)
        double = stand_in(seen)
        shown = guarda.view(double, viewer)
        assert (shown.players, shown.hand, shown.guard) == (seen.players, seen.hand, seen.guard)
        assert shown.discard_hidden == seen.discard_hidden
        assert shown.draw_pile_cards == seen.draw_pile_cards
        assert view_actions(seen) == seen.legal_actions
        guarda.check_state(double)


def test_a_big_hand_is_listed_lazily_from_its_view() -> None:
    config = guarda.custom(16, players=2, hand_size=14)
    state = play(config, 3, 60)
    while state.phase is not guarda.Phase.ACT:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[-1])
    actions = view_actions(guarda.view(state, state.actor))
    assert actions.is_lazy
    assert actions == guarda.legal_actions(state)


def test_a_spectator_cannot_ask() -> None:
    state = guarda.new_game(guarda.modern(), 1)
    with pytest.raises(guarda.ArgumentError) as caught:
        guarda.verify_view(guarda.view(state, None), guarda.Pass())
    assert (caught.value.rule, caught.value.path) == ("R28", "view.player")
    with pytest.raises(guarda.ArgumentError):
        guarda.verify_view(state, guarda.Pass())  # type: ignore[arg-type]


def test_a_view_whose_counts_do_not_make_up_the_deck_is_refused() -> None:
    state = guarda.new_game(guarda.modern(), 1)
    seen = guarda.view(state, 0)
    public = attrs.evolve(seen.players[1], hand_size=seen.players[1].hand_size + 3)
    broken = attrs.evolve(seen, players=(seen.players[0], public))
    with pytest.raises(guarda.ArgumentError) as caught:
        guarda.verify_view(broken, guarda.Pass())
    assert caught.value.path == "view.players[1]"
