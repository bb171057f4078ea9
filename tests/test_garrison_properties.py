"""Property tests of Garrison: views leak nothing, and every value round-trips."""

from __future__ import annotations

import pickle
import random

import attrs
from hypothesis import given
from hypothesis import strategies as st

from guarda.games.garrison import (
    ActionSpace,
    Drew,
    GarrisonConfig,
    GarrisonRecord,
    GarrisonState,
    apply,
    determinize,
    dumps,
    format_action,
    legal_actions,
    loads,
    new_game,
    observation_size,
    observe,
    parse_action,
    replay,
    view,
    visible_events,
)
from guarda.games.garrison._legal import has_spy, spy_actions


@st.composite
def games(draw: st.DrawFn) -> tuple[GarrisonState, GarrisonRecord]:
    """A state reached by random play, and the record that reaches it."""
    config = GarrisonConfig(
        players=draw(st.integers(2, 6)), length=draw(st.sampled_from(["quick", "long"]))
    )
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 400))
    rng = random.Random(seed)
    state = new_game(config, seed)
    actions = []
    for _ in range(steps):
        if state.is_over:
            break
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state, _ = apply(state, action)
    return state, GarrisonRecord(config, seed, tuple(actions))


def _hidden_shuffled(state: GarrisonState, player: int, rng: random.Random) -> GarrisonState:
    """The same state with every card ``player`` cannot see dealt again."""
    hidden = list(state.deck)
    for seat, (hand, shown) in enumerate(zip(state.hands, state.shown, strict=True)):
        if seat != player:
            hidden += [card for card in hand if card not in shown]
    rng.shuffle(hidden)
    hands = []
    for seat, (hand, shown) in enumerate(zip(state.hands, state.shown, strict=True)):
        if seat == player:
            hands.append(hand)
            continue
        count = len(hand) - len(shown)
        hands.append(tuple(sorted((*shown, *hidden[:count]))))
        del hidden[:count]
    return attrs.evolve(state, deck=tuple(hidden), hands=tuple(hands), key="other")


@given(games(), st.integers(0, 2**16))
def test_views_leak_nothing_a_player_cannot_see(
    game: tuple[GarrisonState, GarrisonRecord], salt: int
) -> None:
    state, _ = game
    rng = random.Random(salt)
    for player in range(state.config.players):
        other = _hidden_shuffled(state, player, rng)
        assert view(other, player) == view(state, player)
        assert observe(view(other, player)) == observe(view(state, player))


@given(games(), st.integers(0, 2**16))
def test_determinize_round_trips_for_every_viewer(
    game: tuple[GarrisonState, GarrisonRecord], salt: int
) -> None:
    state, _ = game
    rng = random.Random(salt)
    for player in [*range(state.config.players), None]:
        mine = view(state, player)
        world = determinize(mine, rng)
        assert view(world, player) == mine
        assert len(observe(mine)) == observation_size(state.config)
        assert all(0.0 <= x <= 1.0 for x in observe(mine))


@given(games())
def test_every_value_round_trips_through_json_and_pickle(
    game: tuple[GarrisonState, GarrisonRecord],
) -> None:
    state, record = game
    values: list[object] = [state.config, state, record, *legal_actions(state)]
    values += [view(state, p) for p in [*range(state.config.players), None]]
    for value in values:
        assert loads(dumps(value)) == value
        assert pickle.loads(pickle.dumps(value)) == value
        hash(value)
    assert list(replay(record))[-1] == state


@given(games())
def test_notation_and_action_space_round_trip(
    game: tuple[GarrisonState, GarrisonRecord],
) -> None:
    state, _ = game
    space = ActionSpace(state.config)
    legal = legal_actions(state)
    for action in legal:
        assert parse_action(format_action(action)) == action
        assert space.action_at(space.index_of(action)) == action
    assert space.legal_indices(state) == tuple(sorted(space.index_of(a) for a in legal))
    if state.actor is not None:
        assert space.legal_indices(view(state, state.actor)) == space.legal_indices(state)


@given(st.integers(0, 2**32), st.integers(2, 6))
def test_visible_events_hide_only_the_cards_others_draw(seed: int, players: int) -> None:
    state = new_game(GarrisonConfig(players=players), seed)
    rng = random.Random(seed)
    for _ in range(150):
        if state.is_over:
            break
        state, events = apply(state, rng.choice(legal_actions(state)))
        for player in [*range(players), None]:
            seen = visible_events(events, player)
            for event in seen:
                assert loads(dumps(event)) == event
                assert pickle.loads(pickle.dumps(event)) == event
            assert len(seen) == len(events)
            for before, after in zip(events, seen, strict=True):
                if isinstance(before, Drew) and before.player != player:
                    assert after == Drew(before.player, before.count, None)
                else:
                    assert after == before


@given(games())
def test_the_spy_window_asks_exactly_the_players_with_a_spy_to_play(
    game: tuple[GarrisonState, GarrisonRecord],
) -> None:
    state, _ = game
    for player in range(state.config.players):
        args = (player, state.hands[player], state.keeps, state.discard, state.market)
        assert has_spy(*args) == bool(spy_actions(*args))
