"""guarda.determinize: full states sampled from a view, consistent with everything in it."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import (
    ArgumentError,
    Config,
    GameState,
    GuardReturned,
    GuardStatus,
    Phase,
    PlayerView,
    SetupCardDrawn,
    _determinize,
    determinize,
)
from guarda import testing as guarda_testing


def play(config: Config, seed: int, steps: int) -> GameState:
    """A random game of ``config`` after ``steps`` random actions (or at its end)."""
    state = guarda.new_game(config, seed)
    choose = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    return state


def play_to_the_end(state: GameState, seed: int) -> GameState:
    choose = random.Random(seed)
    while not state.is_over:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    return state


def hidden_zones(state: GameState, player: int) -> dict[str, tuple[str, ...]]:
    own = state.players[player]
    guard = () if own.guard is None else (own.guard.card,)
    if own.is_out:  # P22: an out player's hand and guard are face down in the discards
        return {
            "hand": (),
            "discard_hidden": own.discard_hidden + own.hand + guard,
            "draw_pile": own.draw_pile,
            "guard": (),
        }
    return {
        "hand": own.hand,
        "discard_hidden": own.discard_hidden,
        "draw_pile": own.draw_pile,
        "guard": guard,
    }


@settings(max_examples=40)
@given(
    config=guarda_testing.configs(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
)
def test_a_sample_shows_the_viewer_exactly_their_view(
    config: Config, seed: int, steps: int
) -> None:
    state = play(config, seed, steps)
    for viewer in (*range(config.players), None):
        seen = guarda.view(state, viewer)
        sample = determinize(seen, random.Random(seed))
        assert guarda.view(sample, viewer) == seen
        guarda.check_state(sample)
        assert sample.config is config
        # the whole log was replayed for every other player (no fallback to the present)
        assert None not in _determinize._LAST[0].ops.values()
        if viewer is not None:
            mine, theirs = sample.players[viewer], state.players[viewer]
            # What the viewer holds, as their view shows it (P22: out, nothing in play).
            assert (mine.hand, mine.guard, mine.discard_hidden) == (
                seen.hand,
                seen.guard,
                seen.discard_hidden,
            )
            if not theirs.is_out:
                assert (seen.hand, seen.guard) == (theirs.hand, theirs.guard)
            assert sorted(mine.draw_pile) == sorted(theirs.draw_pile)
        # play goes on from the sample, as from any state, to the end
        end = play_to_the_end(sample, seed)
        assert end.outcome is not None


@settings(max_examples=15)
@given(
    config=guarda_testing.configs(editions=("classic", "modern", "grda"), max_players=4),
    seed=st.integers(0, 2**32),
    steps=st.integers(40, 600),
)
def test_every_hidden_card_of_the_real_state_shows_up(
    config: Config, seed: int, steps: int
) -> None:
    """The real state is one consistent state: over many samples, each of its hidden
    cards appears in the same zone of some sample."""
    state = play(config, seed, steps)
    viewer = seed % config.players
    seen = guarda.view(state, viewer)
    rng = random.Random(seed)
    shown: dict[tuple[int, str], Counter[str]] = {}
    for _ in range(300):
        sample = determinize(seen, rng)
        for player in range(config.players):
            if player == viewer:
                continue
            for zone, cards in hidden_zones(sample, player).items():
                shown.setdefault((player, zone), Counter()).update(set(cards))
    for player in range(config.players):
        if player == viewer:
            continue
        for zone, cards in hidden_zones(state, player).items():
            missing = set(cards) - set(shown[player, zone])
            assert not missing, f"player {player}'s {zone} never held {missing}"


def test_samples_differ_and_the_same_seed_gives_the_same_sample() -> None:
    state = play(guarda.modern(players=2), 5, 60)
    assert not state.is_over and state.players[1].hand
    seen = guarda.view(state, 0)
    first = determinize(seen, random.Random(1))
    assert first == determinize(seen, random.Random(1))
    hands = {determinize(seen, random.Random(seed)).players[1].hand for seed in range(20)}
    assert len(hands) > 1


def test_setup_cards_stay_in_the_face_down_discards_until_reshuffled() -> None:
    """P2: everyone saw the setup cards turned up; they lie face down in the discard
    pile, so every sample puts them there while the pile has not been reshuffled."""
    state = play(guarda.classic(players=3), 8, 60)
    opponent = 1
    assert state.players[opponent].draw_pile  # not reshuffled yet in this game
    assert not any(
        isinstance(event, guarda.DiscardPileShuffled) and event.player == opponent
        for event in state.log
    )
    setup = Counter(
        event.card
        for event in state.log
        if isinstance(event, SetupCardDrawn) and event.player == opponent
    )
    assert setup
    seen = guarda.view(state, 0)
    rng = random.Random(3)
    for _ in range(50):
        hidden = Counter(determinize(seen, rng).players[opponent].discard_hidden)
        assert hidden >= setup


def _returned_guard_position() -> tuple[GameState, int, str]:
    """A random game stopped where a critical block just returned a guard to the hand."""
    for seed in range(400):
        state = guarda.new_game(guarda.modern(players=2), seed)
        choose = random.Random(seed)
        while not state.is_over:
            state, events = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
            for event in events:
                if isinstance(event, GuardReturned):
                    return state, event.player, event.card
    raise AssertionError("no critical block in 400 random games")  # pragma: no cover


def test_a_returned_guard_is_in_the_hand() -> None:
    state, player, card = _returned_guard_position()
    assert state.phase is Phase.NEW_GUARD and state.actor == player
    seen = guarda.view(state, 1 - player)
    rng = random.Random(0)
    for _ in range(50):
        assert card in determinize(seen, rng).players[player].hand


def test_a_position_without_history_uses_the_present_facts() -> None:
    state = (
        guarda.PositionBuilder(guarda.modern(players=2), seed=4)
        .player(0, position="b2", hand=("V1", "V2", "H3"))
        .player(1, position="b3", hand=("H1",))
        .to_act(0, Phase.MOVE)
        .build()
    )
    assert len(state.log) == 0
    seen = guarda.view(state, 0)
    rng = random.Random(2)
    hands = set()
    for _ in range(60):
        sample = determinize(seen, rng)
        assert guarda.view(sample, 0) == seen
        guarda.check_state(sample)
        hands.add(sample.players[1].hand)
    assert len(hands) > 3


def test_guards_are_sampled_with_their_status() -> None:
    for seed in range(50):
        state = play(guarda.modern(players=2), seed, 150)
        guard = state.players[1].guard
        if guard is not None and guard.status is GuardStatus.SET:
            break
    else:  # pragma: no cover
        raise AssertionError("no set guard found")
    seen = guarda.view(state, 0)
    rng = random.Random(0)
    orientations = set()
    for _ in range(40):
        sampled = determinize(seen, rng).players[1].guard
        assert sampled is not None and sampled.status is GuardStatus.SET
        orientations.add(sampled.orientation)
    assert orientations == set(guarda.Orientation)


def test_bad_input_is_refused() -> None:
    state = play(guarda.modern(players=2), 1, 50)
    seen = guarda.view(state, 0)
    with pytest.raises(ArgumentError) as error:
        determinize(state, random.Random(0))  # type: ignore[arg-type]
    assert error.value.path == "view"
    with pytest.raises(ArgumentError) as error:
        determinize(seen, 7)  # type: ignore[arg-type]
    assert error.value.path == "rng"
    forged: PlayerView = attrs.evolve(seen, hand=(*seen.hand, "V1"))
    with pytest.raises(ArgumentError) as error:
        determinize(forged, random.Random(0))
    assert error.value.rule == "R3"
    public = attrs.evolve(seen.players[1], hand_size=seen.players[1].hand_size + 1)
    forged = attrs.evolve(seen, players=(seen.players[0], public))
    with pytest.raises(ArgumentError) as error:
        determinize(forged, random.Random(0))
    assert error.value.path == "view.players[1]"
