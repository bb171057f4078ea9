"""How the arena scales from one worker process to two: games per second, and CPU time.

Each run plays ``--games`` CPU-bound games (RandomBot against RandomBot, Modern 2p)
through ``guarda.arena.match`` with the arena's own process pool of 1 or 2 workers; the
pool's start and shutdown are part of the run. Runs alternate in rounds (the order
swaps every round) and the table gives medians over the rounds::

    python benchmarks/arena_scaling.py --rounds 5 --games 120

Columns, per worker count:

- ``games/s``: games per wall-clock second, what a user waits for;
- ``CPU ms/game``: CPU time of the worker processes (``RUSAGE_CHILDREN``, counted when
  the pool shuts down) plus the arena process's own, per game;
- ``arena ms/game``: the arena process's own share of it (scheduling, collecting);
- ``busy cores``: that CPU time divided by the wall time: how many cores the run kept
  busy on average (2.0 is ideal for two workers).

And two speedups of 2 workers over 1: ``wall`` is the median over the rounds of the
games-per-second ratio within each round; ``CPU`` is ``2 * (CPU per game with 1) / (CPU
per game with 2)``, the speedup two workers would give with a core each, which a machine
shared with other work cannot show in wall time. The target is 1.7.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path

import guarda
from guarda.arena import match
from guarda.bots import RandomBot

TARGET = 1.7
"""The speedup of two workers over one that the arena aims for."""
WIDTHS = (7, 9, 12, 14, 11)


def children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes of this process."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(workers: int, games: int, seed: int) -> dict[str, float]:
    """Play ``games`` games with a pool of ``workers`` processes; time it.

    Args:
        workers: The pool size.
        games: How many games.
        seed: The master seed.

    Returns:
        ``wall`` seconds, ``cpu`` seconds (workers and this process), ``own`` CPU
        seconds of this process alone, and ``games``.
    """
    config = guarda.modern(players=2)
    wall, own, children = time.perf_counter(), time.process_time(), children_cpu()
    result = match(config, [RandomBot(), RandomBot()], games, seed=seed, workers=workers)
    wall = time.perf_counter() - wall
    own = time.process_time() - own
    cpu = own + (children_cpu() - children)
    assert len(result.games) == games and not result.errors
    return {"wall": wall, "cpu": cpu, "own": own, "games": float(games)}


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Measure 1 and 2 workers in interleaved rounds; print the table.

    Args:
        argv: Command-line arguments (default: ``sys.argv[1:]``).

    Returns:
        The figures of the table, by name.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--games", type=int, default=120, help="games per run (default 120)")
    parser.add_argument("--quick", action="store_true", help="1 round of 6 games: a smoke run")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    options = parser.parse_args(argv)
    rounds, games = (1, 6) if options.quick else (options.rounds, options.games)
    runs: dict[int, list[dict[str, float]]] = {1: [], 2: []}
    for number in range(rounds):
        order = (1, 2) if number % 2 == 0 else (2, 1)
        for workers in order:
            runs[workers].append(run(workers, games, seed=number))
    figures: dict[str, float] = {}
    print(f"{rounds} rounds of {games} games, RandomBot v RandomBot, Modern 2p")
    headers = ("workers", "games/s", "CPU ms/game", "arena ms/game", "busy cores")
    print(" ".join(f"{header:>{width}}" for header, width in zip(headers, WIDTHS, strict=True)))
    for workers, measured in runs.items():
        rate = statistics.median(run["games"] / run["wall"] for run in measured)
        cpu = statistics.median(run["cpu"] / run["games"] for run in measured)
        own = statistics.median(run["own"] / run["games"] for run in measured)
        busy = statistics.median(run["cpu"] / run["wall"] for run in measured)
        figures |= {
            f"rate_{workers}": rate,
            f"cpu_ms_{workers}": cpu * 1e3,
            f"arena_ms_{workers}": own * 1e3,
            f"busy_{workers}": busy,
        }
        cells = (
            f"{workers}",
            f"{rate:.1f}",
            f"{cpu * 1e3:.1f}",
            f"{own * 1e3:.2f}",
            f"{busy:.2f}",
        )
        print(" ".join(f"{cell:>{width}}" for cell, width in zip(cells, WIDTHS, strict=True)))
    wall_speedup = statistics.median(
        one["wall"] / two["wall"] for one, two in zip(runs[1], runs[2], strict=True)
    )
    cpu_speedup = 2 * figures["cpu_ms_1"] / figures["cpu_ms_2"]
    figures |= {"speedup_wall": wall_speedup, "speedup_cpu": cpu_speedup}
    print(
        f"speedup of 2 workers over 1: wall {wall_speedup:.2f}x, CPU {cpu_speedup:.2f}x "
        f"(target {TARGET}x)"
    )
    if options.json is not None:
        options.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
