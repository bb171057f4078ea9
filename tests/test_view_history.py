"""The history as a player saw it: decisions, turn numbers, and what happened since.

The decisions read off the events must be exactly the engine's steps: one per applied
action, by the player who had to decide, starting where that action's events start.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import Config, Decision, GameState, TurnStarted

PRESETS: dict[str, Callable[..., Config]] = {
    "classic": guarda.classic,
    "modern": guarda.modern,
    "grda": guarda.grda,
}
WINS = ("elimination", "victory", "exhaustion", "king-of-the-hill")
STAKES = {"elimination": "bounty", "victory": "spoils-of-war", "exhaustion": "scavenger"}


def played(config: Config, seed: int, steps: int) -> tuple[GameState, list[tuple[int, int]]]:
    """A random game of up to ``steps`` actions, and each action's (actor, first event)."""
    choose = random.Random(seed)
    state = guarda.new_game(config, seed)
    steps_taken = []
    for _ in range(steps):
        if state.is_over:
            break
        actor = state.actor
        assert actor is not None
        steps_taken.append((actor, len(state.log)))
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    return state, steps_taken


configs = st.builds(
    lambda preset, players, win, stakes, teams: PRESETS[preset](
        players=players,
        win=win,
        stakes=STAKES.get(win, "none") if stakes else "none",
        ante=2 if stakes and win in STAKES else 0,
        teams=[[p for p in range(players) if p % 2 == side] for side in (0, 1)]
        if teams and players >= 4
        else None,
    ),
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 5),
    st.sampled_from(WINS),
    st.booleans(),
    st.booleans(),
) | st.sampled_from(
    [guarda.custom(3, players=2), guarda.custom(9, players=8, teams=[[0, 1, 2, 3], [4, 5, 6, 7]])]
)


def expected(steps: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The (ply, player, start) of each step the engine took."""
    return [(ply, actor, start) for ply, (actor, start) in enumerate(steps, 1)]


def found(decided: tuple[Decision, ...]) -> list[tuple[int, int, int]]:
    return [(d.ply, d.player, d.start) for d in decided]


@settings(max_examples=60)
@given(configs, st.integers(0, 2**32), st.integers(1, 900))
def test_decisions_are_the_engines_steps_for_every_viewer(
    config: Config, seed: int, steps: int
) -> None:
    state, taken = played(config, seed, steps)
    want = expected(taken)
    assert found(guarda.decisions(state)) == want
    for viewer in [*range(config.players), None]:
        assert found(guarda.decisions(guarda.view(state, viewer))) == want


@settings(max_examples=40)
@given(configs, st.integers(0, 2**32), st.integers(1, 400))
def test_decisions_end_where_the_next_starts_and_carry_their_turn(
    config: Config, seed: int, steps: int
) -> None:
    state, taken = played(config, seed, steps)
    decided = guarda.decisions(guarda.view(state, None))
    assert len(decided) == len(taken)
    numbered = guarda.numbered_events(state)
    assert len(numbered) == len(state.log)
    for decision, after in zip(decided, (*decided[1:], None), strict=True):
        assert decision.end == (len(state.log) if after is None else after.start)
        assert decision.start <= decision.end
        for entry in numbered[decision.start : decision.end]:
            assert entry.ply == decision.ply
        if decision.start < len(numbered):
            assert decision.turn == numbered[decision.start].turn
    for entry, event in zip(numbered, state.log, strict=True):
        assert entry.event == event
    turns = [entry.turn for entry in numbered]
    assert turns == sorted(turns)  # turn numbers never go back
    assert all(entry.ply == 0 for entry in numbered[: decided[0].start]) if decided else True


def test_silent_decisions_at_the_very_end_are_found_from_the_phase() -> None:
    config = guarda.modern(players=2)
    state = guarda.new_game(config, 2)
    while state.phase is not guarda.Phase.MOVE:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    before = len(guarda.decisions(state))
    state, events = guarda.apply(state, guarda.EndMove())
    assert events == ()
    decided = guarda.decisions(guarda.view(state, 1))
    assert len(decided) == before + 1
    assert decided[-1].player == state.actor
    assert decided[-1].start == decided[-1].end == len(state.log)
    # A bare sequence of events cannot show it.
    assert len(guarda.decisions(state.events)) == before


def test_before_the_first_decision_there_is_none() -> None:
    state = guarda.new_game(guarda.modern(players=2), 4)
    assert state.events  # the commitment and the setup cards turned up
    for source in (state, guarda.view(state, 0), guarda.view(state, None), state.events):
        assert guarda.decisions(source) == ()
    assert guarda.events_since_decision(guarda.view(state, 1)) == guarda.view(state, 1).events
    assert [entry.ply for entry in guarda.numbered_events(state)] == [0] * len(state.events)


def test_events_since_turn_start_with_that_turn() -> None:
    state, _ = played(guarda.classic(players=3), 5, 200)
    assert guarda.events_since_turn(state, 0) == state.events
    for number in range(1, state.turn_number + 1):
        since = guarda.events_since_turn(guarda.view(state, 1), number)
        assert since[0] == TurnStarted(since[0].player, number)  # type: ignore[union-attr]
        assert since == guarda.view(state, 1).events[len(state.events) - len(since) :]
    assert guarda.events_since_turn(state, state.turn_number + 1) == ()


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_events_since_the_viewers_last_decision(viewer: int) -> None:
    config = guarda.modern(players=3)
    choose = random.Random(viewer)
    state = guarda.new_game(config, 11)
    last = None
    for _ in range(300):
        if state.is_over:
            break
        if state.actor == viewer:
            last = len(state.log)
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
        mine = guarda.view(state, viewer)
        since = guarda.events_since_decision(mine)
        assert since == (mine.events if last is None else mine.events[last:])


def test_arguments_are_checked() -> None:
    state = guarda.new_game(guarda.modern(), 1)
    with pytest.raises(guarda.ArgumentError, match="spectator"):
        guarda.events_since_decision(guarda.view(state, None))
    with pytest.raises(guarda.ArgumentError, match="no player 2"):
        guarda.events_since_decision(state, 2)
    with pytest.raises(guarda.ArgumentError, match="name the player"):
        guarda.events_since_decision(state)
    with pytest.raises(guarda.ArgumentError) as caught:
        guarda.decisions("events")  # type: ignore[arg-type]
    assert caught.value.path == "source"
    with pytest.raises(guarda.ArgumentError) as caught:
        guarda.numbered_events([state.events[0], "V1"])  # type: ignore[list-item]
    assert caught.value.path == "source[1]"
    with pytest.raises(guarda.ArgumentError):
        guarda.events_since_turn(state, -1)
    with pytest.raises(guarda.ArgumentError):
        guarda.events_since_turn(state, True)


def test_seat_records_give_the_same_history() -> None:
    recorder = guarda.Recorder(guarda.grda(players=3), seed=8)
    choose = random.Random(8)
    while not recorder.state.is_over:
        recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
    record = recorder.record()
    for viewer in (0, None):
        seat = guarda.seat_record(record, viewer)
        assert guarda.decisions(seat) == guarda.decisions(recorder.state)
        assert len(guarda.decisions(seat)) == record.plies
