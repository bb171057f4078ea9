"""Views redact the log incrementally, with caches on the log nodes: the result is always
exactly the log redacted from scratch, whatever the order of the views, the threads, or
where the state came from (play, pickling, JSON, a position builder)."""

from __future__ import annotations

import copy
import gc
import pickle
import random
import sys
import tracemalloc
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import Cell, Config, EventLog, GameState, PositionBuilder, view, visible_events
from guarda._events import Event
from guarda._views import _public, clear_view_caches

PRESETS = {"classic": guarda.classic, "modern": guarda.modern, "grda": guarda.grda}


def viewers(state: GameState) -> list[int | None]:
    return [*range(len(state.players)), None]


def continue_game(state: GameState, steps: int, choices: int) -> Iterator[GameState]:
    """``state`` and up to ``steps`` states after it, by seeded random legal actions."""
    chooser = random.Random(choices)
    yield state
    for _ in range(steps):
        if state.is_over:
            return
        state, _ = guarda.apply(state, chooser.choice(guarda.legal_actions(state)))
        yield state


def game(config: Config, seed: int, steps: int, choices: int = 0) -> list[GameState]:
    """Every state of a new seeded game, up to ``steps`` random actions."""
    return list(continue_game(guarda.new_game(config, seed), steps, choices))


def assert_views_exact(state: GameState, viewer: int | None) -> None:
    """The view's events are a tuple equal to the log redacted from scratch."""
    seen = view(state, viewer)
    scratch = visible_events(state.log, viewer)
    assert type(seen.events) is tuple
    assert seen.events == scratch
    if len(state.log) % 23 == 0:  # now and then: the view as a whole (JSON is slow)
        assert_view_as_from_scratch(state, viewer)


def assert_view_as_from_scratch(state: GameState, viewer: int | None) -> None:
    """The view is the one built from the scratch redaction: same equality, hash, JSON."""
    seen = view(state, viewer)
    rebuilt = attrs.evolve(seen, events=visible_events(state.log, viewer))
    assert seen == rebuilt
    assert hash(seen) == hash(rebuilt)
    assert guarda.dumps(seen) == guarda.dumps(rebuilt)


configs = st.builds(
    lambda preset, players: PRESETS[preset](players=players),
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 4),
)


@settings(max_examples=8)
@given(configs, st.integers(0, 2**32), st.integers(0, 1000))
def test_views_at_every_step_for_every_viewer_equal_the_scratch_redaction(
    config: Config, seed: int, choices: int
) -> None:
    for state in game(config, seed, 150, choices):
        for viewer in viewers(state):
            assert_views_exact(state, viewer)


@settings(max_examples=6)
@given(configs, st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_views_in_any_order_and_on_branches_equal_the_scratch_redaction(
    config: Config, seed: int, chooser: random.Random
) -> None:
    trunk = game(config, seed, 100, chooser.randrange(1000))
    fork = trunk[chooser.randrange(len(trunk))]
    # Other continuations share the trunk's log nodes up to the fork.
    branches = [list(continue_game(fork, 40, chooser.randrange(1000))) for _ in range(2)]
    pairs = [(s, v) for s in trunk + branches[0] + branches[1] for v in viewers(s)]
    chooser.shuffle(pairs)
    for state, viewer in pairs:
        assert_views_exact(state, viewer)


def test_a_long_game_viewed_first_at_its_end() -> None:
    states = game(guarda.grda(players=2), 0, 1200)
    assert len(states[-1].log) > 2000
    for state in (states[-1], states[len(states) // 2], states[-2], states[0]):
        for viewer in viewers(state):
            assert_views_exact(state, viewer)
            assert_view_as_from_scratch(state, viewer)


def test_caches_leave_the_log_value_unchanged() -> None:
    config = guarda.modern(players=3)
    states = game(config, 4, 150)
    logs = [s.log for s in states]
    before = [(pickle.dumps(log), hash(log), log.to_tuple()) for log in logs]
    for state in states:
        for viewer in viewers(state):
            view(state, viewer)
    assert any(node._seen for node in _nodes(logs[-1]))
    assert any(node._shown for node in _nodes(logs[-1]))
    after = [(pickle.dumps(log), hash(log), log.to_tuple()) for log in logs]
    assert after == before
    twins = [s.log for s in game(config, 4, 150)]  # the same logs, never viewed
    for log, twin in zip(logs, twins, strict=True):
        assert log == twin
        assert hash(log) == hash(twin)
        assert pickle.dumps(log) == pickle.dumps(twin)
    last = logs[-1]
    for clone in (pickle.loads(pickle.dumps(last)), copy.deepcopy(last), copy.copy(last)):
        assert clone == last
        assert hash(clone) == hash(last)
        assert all(node._seen is None and node._shown is None for node in _nodes(clone))


def _nodes(log: EventLog) -> Iterator[EventLog]:
    node: EventLog | None = log
    while node is not None:
        yield node
        node = node.previous


@settings(max_examples=6)
@given(configs, st.integers(0, 2**32), st.integers(0, 1000))
def test_views_of_unpickled_states_equal_the_scratch_redaction(
    config: Config, seed: int, choices: int
) -> None:
    states = game(config, seed, 120, choices)
    for state in states[::7]:
        for viewer in viewers(state):
            view(state, viewer)  # fill the caches before pickling: they must not travel
    copies = pickle.loads(pickle.dumps(states))
    for original, state in zip(states, copies, strict=True):
        assert state == original
        for viewer in viewers(state):
            assert_views_exact(state, viewer)
            assert view(state, viewer) == view(original, viewer)
    # Play on from an unpickled state: new nodes on a rebuilt chain.
    for state in continue_game(copies[-1], 40, choices):
        for viewer in viewers(state):
            assert_views_exact(state, viewer)


@settings(max_examples=6)
@given(configs, st.integers(0, 2**32), st.integers(0, 1000))
def test_views_of_states_loaded_from_json_equal_the_scratch_redaction(
    config: Config, seed: int, choices: int
) -> None:
    states = game(config, seed, 120, choices)
    for original in (states[len(states) // 3], states[-1]):
        loaded = guarda.loads(guarda.dumps(original, secrets=True), GameState)
        assert loaded == original
        for state in continue_game(loaded, 40, choices):
            for viewer in viewers(state):
                assert_views_exact(state, viewer)
        for viewer in viewers(original):
            assert view(loaded, viewer) == view(original, viewer)


@settings(max_examples=6)
@given(st.integers(0, 2**32), st.integers(0, 1000), st.booleans())
def test_views_of_built_positions_equal_the_scratch_redaction(
    seed: int, choices: int, start_turn: bool
) -> None:
    config = guarda.classic(players=2)
    builder = (
        PositionBuilder(config, seed=seed)
        .player(0, position="b1")
        .player(1, position=Cell(3, config.size - 1))
    )
    built = (
        builder.start_turn(1, turn_number=3)
        if start_turn
        else builder.to_act(0, guarda.Phase.MOVE, turn_number=2)
    ).build()
    for state in continue_game(built, 120, choices):
        for viewer in viewers(state):
            assert_views_exact(state, viewer)


def test_views_from_racing_threads_equal_the_scratch_redaction() -> None:
    config = guarda.modern(players=3)
    expected = {
        (index, viewer): visible_events(state.log, viewer)
        for index, state in enumerate(game(config, 8, 250))
        for viewer in viewers(state)
    }
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        for round_ in range(3):
            states = game(config, 8, 250)  # fresh log nodes, caches empty
            keys = list(expected) * 2
            random.Random(round_).shuffle(keys)

            def seen(key: tuple[int, int | None], states: list[GameState] = states) -> object:
                return view(states[key[0]], key[1]).events

            with ThreadPoolExecutor(max_workers=4) as pool:
                results = list(pool.map(seen, keys))
            for key, events in zip(keys, results, strict=True):
                assert events == expected[key]
    finally:
        sys.setswitchinterval(interval)


def test_process_wide_cache_is_bounded_and_clearable() -> None:
    info = _public.cache_info()
    assert info.maxsize == 1024
    config = guarda.modern(players=4)
    for seed in range(3):
        for state in game(config, seed, 400):
            view(state, None)
    assert _public.cache_info().currsize == 1024
    state = game(config, 0, 50)[-1]
    before = [view(state, viewer) for viewer in viewers(state)]
    clear_view_caches()
    assert _public.cache_info().currsize == 0
    assert [view(state, viewer) for viewer in viewers(state)] == before


def _traced(function: object) -> int:
    """Bytes still allocated after calling ``function``, garbage collected."""
    gc.collect()
    start = tracemalloc.get_traced_memory()[0]
    kept = function()  # type: ignore[operator]
    gc.collect()
    size = tracemalloc.get_traced_memory()[0] - start
    del kept
    return size


def test_log_caches_of_a_whole_game_stay_below_twice_the_states() -> None:
    config = guarda.modern(players=2)
    game(config, 0, 10_000)  # fill the engine's own caches first
    clear_view_caches()
    tracemalloc.start()
    try:
        states: list[GameState] = []
        held = _traced(lambda: states.extend(game(config, 0, 10_000)))
        assert len(states[-1].log) > 500
        events: list[tuple[Event, ...]] = []

        def view_all() -> None:
            for state in states:
                for viewer in viewers(state):
                    events.append(view(state, viewer).events)
            events.clear()  # keep only what the caches hold
            clear_view_caches()

        cached = _traced(view_all)
    finally:
        tracemalloc.stop()
    assert 0 < cached < 2 * held
