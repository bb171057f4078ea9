"""Benchmark: the cost of ``guarda.view`` as the event log grows, and what the view caches hold.

Run with ``python benchmarks/bench_views.py [--rounds 15]``.

A seeded Modern 2p game is played to about 50 and about 500 events; ``view`` is timed on
both states, for the player who must act (so ``legal_actions`` is part of the cost), for the
other player and for a spectator. Timings are CPU time (``time.process_time``), taken in
interleaved rounds (every case once per round, in turn), and the median round is reported,
in microseconds per call. A ratio near 1.0 between the two sizes means the cost does not
grow with the log.

The second table splits the view into its parts (the redacted log, the public players,
the legal actions) at about 500 events, and the last line measures with ``tracemalloc``
the memory a 500-event game's states hold, before and after a view of every state for
every viewer.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from functools import partial

import attrs

import guarda
from guarda._views import _log_as_seen, _public, clear_view_caches, visible_events


def game(events: int, seed: int = 0) -> list[guarda.GameState]:
    """Every state of a seeded random Modern 2p game, up to the first with ``events`` events.

    Args:
        events: Stop at the first state whose log holds at least this many events.
        seed: Seeds the game and the choice of actions.

    Returns:
        The states, oldest first.
    """
    choose = random.Random(seed)
    state = guarda.new_game(guarda.modern(2), seed)
    states = [state]
    while len(state.log) < events and not state.is_over:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
        states.append(state)
    if len(state.log) < events:  # pragma: no cover - the seeds used last long enough
        raise RuntimeError(f"seed {seed} ends before {events} events")
    return states


def to_move(events: int) -> guarda.GameState:
    """The first state from ``events`` events on where a player must move (Move phase).

    Comparable states at both sizes: the actor's view includes ``legal_actions``, whose
    cost depends on the position, and the Move phase always offers many actions.
    """
    return next(
        s
        for s in game(events + 100)
        if len(s.log) >= events and s.phase is guarda.Phase.MOVE and not s.has_moved
    )


def per_call(function: Callable[[], object], calls: int) -> float:
    """CPU microseconds per call of ``function``, over ``calls`` calls."""
    start = time.process_time()
    for _ in range(calls):
        function()
    return (time.process_time() - start) / calls * 1e6


def interleaved(
    cases: dict[str, Callable[[], object]], rounds: int, calls: int
) -> dict[str, float]:
    """The median over ``rounds`` of each case's microseconds per call, cases interleaved."""
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for function in cases.values():
        function()  # warm the caches: the steady state is what is measured
    for _ in range(rounds):
        for name, function in cases.items():
            samples[name].append(per_call(function, calls))
    return {name: statistics.median(values) for name, values in samples.items()}


def view_costs(rounds: int, calls: int) -> None:
    """Print view microseconds at about 50 and 500 events, for each kind of viewer.

    The last column is the ~50-event position given the ~500-event log: the same
    ``legal_actions`` as the first column, so the difference is the log's alone.
    """
    small = to_move(50)
    large = to_move(500)
    grafted = attrs.evolve(small, log=large.log)
    cases: dict[str, Callable[[], object]] = {}
    for label, state in (("50", small), ("500", large), ("graft", grafted)):
        assert state.actor is not None
        cases[f"actor {label}"] = partial(guarda.view, state, state.actor)
        cases[f"other {label}"] = partial(guarda.view, state, 1 - state.actor)
        cases[f"spectator {label}"] = partial(guarda.view, state, None)
        cases[f"legal_actions {label}"] = partial(guarda.legal_actions, state)
    medians = interleaved(cases, rounds, calls)
    print(
        f"view: {len(small.log)} and {len(large.log)} events"
        f" ({len(guarda.legal_actions(small))} and {len(guarda.legal_actions(large))}"
        " legal actions), us per call (median)"
    )
    print(f"{'viewer':<14} {'~50':>8} {'~500':>8} {'ratio':>6} {'~50+log':>8} {'ratio':>6}")
    for viewer in ("actor", "other", "spectator", "legal_actions"):
        low, high = medians[f"{viewer} 50"], medians[f"{viewer} 500"]
        graft = medians[f"{viewer} graft"]
        ratios = f"{high / low:6.2f} {graft:8.1f} {graft / low:6.2f}"
        print(f"{viewer:<14} {low:8.1f} {high:8.1f} {ratios}")


def parts(rounds: int, calls: int) -> None:
    """Print the cost of each part of a view at about 500 events."""
    state = to_move(500)
    view = guarda.view(state, None)
    fields = {field.name: getattr(view, field.name) for field in attrs.fields(guarda.PlayerView)}
    cases: dict[str, Callable[[], object]] = {
        "whole view (actor)": partial(guarda.view, state, state.actor),
        "whole view (spectator)": partial(guarda.view, state, None),
        "log from scratch": partial(visible_events, state.log, None),
        "log, incremental": partial(_log_as_seen, state.log, None),
        "public players": lambda: tuple(map(_public, state.players)),
        "PlayerView(...) alone": partial(guarda.PlayerView, **fields),
        "legal_actions": partial(guarda.legal_actions, state),
    }
    medians = interleaved(cases, rounds, calls)
    print(f"parts at {len(state.log)} events, us per call (median)")
    for name, value in medians.items():
        print(f"{name:<24} {value:8.1f}")


def memory() -> None:
    """Print the memory of a 500-event game's states, and what views of them add."""
    game(500)  # fill the engine's own caches first: they are not the states' memory
    clear_view_caches()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = game(500)
    held = tracemalloc.get_traced_memory()[0] - before
    for state in states:
        for viewer in (0, 1, None):
            guarda.view(state, viewer)
    gc.collect()
    cached = tracemalloc.get_traced_memory()[0] - before - held
    clear_view_caches()
    gc.collect()
    on_logs = tracemalloc.get_traced_memory()[0] - before - held
    tracemalloc.stop()
    print(f"memory: {len(states)} states, {len(states[-1].log)} events, every state viewed by")
    print(f"every viewer: states {held / 1024:.0f} KiB, caches {cached / 1024:.0f} KiB", end="")
    print(f" ({cached / held:.2f}x), of which on the log nodes {on_logs / 1024:.0f} KiB")


def main(argv: list[str] | None = None) -> None:
    """Run the view benchmarks and print the tables.

    Args:
        argv: Command-line arguments (default: ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="interleaved rounds (default 15)")
    parser.add_argument("--calls", type=int, default=300, help="calls per case and round")
    arguments = parser.parse_args(argv)
    view_costs(arguments.rounds, arguments.calls)
    parts(arguments.rounds, arguments.calls)
    memory()


if __name__ == "__main__":
    main()
