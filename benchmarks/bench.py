"""Benchmarks: seeded random playouts of guarda, with python-chess as the yardstick.

Run with ``python -m nox -s bench`` or ``python benchmarks/bench.py [--scale 0.5]``.

Each benchmark is a function that takes a scale factor (1.0 = the default amount of
work) and returns a :class:`Result`: a label, the microseconds one unit of work takes
(for playouts: one step, that is ``legal_actions`` + a random choice + ``apply``), and
free text for anything else worth printing. The table shows every result beside the
yardstick: python-chess's random playout (``list(board.legal_moves)`` + ``random.choice``
+ ``board.push`` until ``board.is_game_over()``), in microseconds per ply, and the ratio.

To add a row, write a function ``def bench_something(scale: float) -> Result`` and
append it to :data:`BENCHMARKS`.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from importlib.metadata import version
from typing import NamedTuple

import chess

import guarda


class Result(NamedTuple):
    """One row of the table."""

    label: str
    """What was measured."""
    microseconds: float
    """Microseconds per unit of work (a playout step, a ply, a call)."""
    extra: str
    """Anything else worth showing, such as games per second."""


Benchmark = Callable[[float], Result]
"""A benchmark: takes the scale factor, returns its row."""


def playouts(label: str, config: guarda.Config, games: int) -> Benchmark:
    """A benchmark of ``games`` seeded random playouts of ``config`` to the end.

    Args:
        label: The row's label.
        config: The ruleset to play.
        games: How many games to play at scale 1.0.

    Returns:
        The benchmark function.
    """

    def run(scale: float) -> Result:
        count = max(1, round(games * scale))
        steps = 0
        start = time.perf_counter()
        for seed in range(count):
            choose = random.Random(seed)
            state = guarda.new_game(config, seed)
            while not state.is_over:
                state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
                steps += 1
        elapsed = time.perf_counter() - start
        return Result(
            label,
            elapsed / steps * 1e6,
            f"{count / elapsed:8.1f} games/s, {steps / count:6.0f} steps/game",
        )

    return run


def chess_playouts(scale: float, games: int = 80) -> Result:
    """The yardstick: python-chess random playouts until the game is over.

    Args:
        scale: Multiplies the number of games.
        games: How many games to play at scale 1.0.

    Returns:
        Microseconds per ply, and games per second.
    """
    count = max(1, round(games * scale))
    plies = 0
    start = time.perf_counter()
    for seed in range(count):
        choose = random.Random(seed)
        board = chess.Board()
        while not board.is_game_over():
            board.push(choose.choice(list(board.legal_moves)))
            plies += 1
    elapsed = time.perf_counter() - start
    return Result(
        "python-chess random playout",
        elapsed / plies * 1e6,
        f"{count / elapsed:8.1f} games/s, {plies / count:6.0f} plies/game",
    )


def record_replay(scale: float, repeats: int = 40) -> Result:
    """Replaying a recorded Modern 2p game of 300 actions (``final_state``).

    Args:
        scale: Multiplies the number of replays.
        repeats: How many replays at scale 1.0.

    Returns:
        Microseconds per replay of the whole record, and per action.
    """
    from guarda._records import Recorder, final_state

    choose = random.Random(1)
    recorder = Recorder(guarda.modern(2), seed=1)
    for _ in range(300):
        if recorder.state.is_over:  # pragma: no cover - seed 1 lasts longer
            break
        recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
    record = recorder.record()
    count = max(1, round(repeats * scale))
    start = time.perf_counter()
    for _ in range(count):
        final_state(record)
    elapsed = (time.perf_counter() - start) / count * 1e6
    return Result(
        f"replay {len(record.actions)}-action record",
        elapsed,
        f"{elapsed / len(record.actions):8.1f} us/action (us/unit: per replay)",
    )


def state_round_trip(scale: float, repeats: int = 300) -> Result:
    """``dumps`` then ``loads`` of a mid-game Modern 2p state (turn 20, with its log).

    Args:
        scale: Multiplies the number of round trips.
        repeats: How many round trips at scale 1.0.

    Returns:
        Microseconds per round trip, and the document size.
    """
    choose = random.Random(2)
    state = guarda.new_game(guarda.modern(2), 2)
    while state.turn_number < 20 and not state.is_over:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    count = max(1, round(repeats * scale))
    start = time.perf_counter()
    for _ in range(count):
        guarda.loads(guarda.dumps(state, secrets=True), guarda.GameState)
    elapsed = (time.perf_counter() - start) / count * 1e6
    size = len(guarda.dumps(state, secrets=True))
    return Result(
        "state dumps+loads (mid-game)",
        elapsed,
        f"{size / 1024:8.1f} KiB JSON, {len(state.log)} events (us/unit: per round trip)",
    )


BENCHMARKS: tuple[Benchmark, ...] = (
    playouts("Modern 2p playout", guarda.modern(2), games=120),
    playouts("Classic 4p playout", guarda.classic(4), games=60),
    playouts("Grda 2p playout", guarda.grda(2), games=100),
    playouts("Modern 8p playout", guarda.modern(8), games=120),
    record_replay,
    state_round_trip,
)
"""The rows, in table order. Append new benchmarks here."""


def main(argv: list[str] | None = None) -> None:
    """Run every benchmark and print the table.

    Args:
        argv: Command-line arguments (default: ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scale", type=float, default=1.0, help="multiply the amount of work (default 1.0)"
    )
    arguments = parser.parse_args(argv)
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"guarda {guarda.__version__}, python-chess {version('chess')}"
    )
    yardstick = chess_playouts(arguments.scale)
    results = [benchmark(arguments.scale) for benchmark in BENCHMARKS]
    width = max(len(result.label) for result in (yardstick, *results))
    header = f"{'benchmark':<{width}}  {'us/unit':>9}  {'x chess':>7}  details"
    print(header)
    print("-" * len(header))
    for result in (*results, yardstick):
        ratio = result.microseconds / yardstick.microseconds
        print(f"{result.label:<{width}}  {result.microseconds:9.1f}  {ratio:7.2f}  {result.extra}")
    print("(us/unit: microseconds per step for guarda, per ply for python-chess)")


if __name__ == "__main__":
    main()
