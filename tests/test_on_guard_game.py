"""ON_GUARD through the protocol: the registry, options, sentences and pictures."""

from __future__ import annotations

from guarda.game import Game, HasHeuristic, Observable
from guarda.games import GAMES, game_of, get_game
from guarda.games.on_guard import ON_GUARD, Add, Done, OnGuardConfig, SelectionMade
from on_guard_support import exchange, select


def test_on_guard_is_registered_and_satisfies_every_protocol() -> None:
    assert GAMES["on-guard"] is ON_GUARD and get_game("on-guard") is ON_GUARD
    assert isinstance(ON_GUARD, Game)
    assert isinstance(ON_GUARD, Observable)
    assert isinstance(ON_GUARD, HasHeuristic)
    state = ON_GUARD.new_game(OnGuardConfig(), 1)
    assert game_of(state) is ON_GUARD and game_of(ON_GUARD.view(state, 0)) is ON_GUARD
    assert (ON_GUARD.title, ON_GUARD.min_players, ON_GUARD.max_players) == ("On Guard", 2, 2)


def test_make_config_reads_the_options_as_text() -> None:
    assert set(ON_GUARD.options()) == {"tier", "jokers"}
    assert ON_GUARD.make_config() == OnGuardConfig()
    assert ON_GUARD.make_config(2, {"jokers": "ON"}) == OnGuardConfig(jokers=True)
    assert ON_GUARD.make_config(None, {"tier": "stesso", "jokers": "off"}) == OnGuardConfig(
        tier="stesso"
    )


def test_describe_action_says_what_an_action_does_in_each_phase() -> None:
    state = ON_GUARD.new_game(OnGuardConfig(), 1)
    assert ON_GUARD.describe_action(Add(7), state) == "add the 7 to your selection"
    assert ON_GUARD.describe_action(Done(), state) == "close your selection"
    seat_1 = ((1, 1, 2, 9), (2, 3, 8), (3, 10), (4, 5), (6, 7))
    for card, cards in zip((1, 1, 2, 2, 3), seat_1, strict=True):
        state, _ = exchange(state, (card,), cards)
    # Seat 1 ran out first: seat 0 may attack; empty, Done declines.
    assert state.phase == "final" and state.actor == 0
    assert ON_GUARD.describe_action(Done(), state) == "decline the Final Attack"
    assert ON_GUARD.describe_action(Add(10), state) == "add the 10 to your Final Attack"
    after, _ = ON_GUARD.apply(state, Add(10))
    assert ON_GUARD.describe_action(Done(), ON_GUARD.view(after, 0)) == "make the Final Attack"


def test_pictures_show_a_selection_only_to_its_owner() -> None:
    state = ON_GUARD.new_game(OnGuardConfig(), 1)
    state, events = select(state, (10,))
    assert SelectionMade(0) in ON_GUARD.visible_events(events, 1)
    assert "selection 10 (chosen)" in ON_GUARD.text(ON_GUARD.view(state, 0))
    assert "chosen (hidden)" in ON_GUARD.text(ON_GUARD.view(state, 1))
    assert "chosen (hidden)" in ON_GUARD.text(ON_GUARD.view(state, None))
    hidden = ON_GUARD.svg(ON_GUARD.view(state, 1))
    assert hidden.startswith("<svg") and hidden.endswith("</svg>")
    assert 'stroke="#1f6feb"' not in hidden  # no raised card
    assert 'stroke="#1f6feb"' in ON_GUARD.svg(ON_GUARD.view(state, 0))
