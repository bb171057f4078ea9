"""Compare the CPU cost of a random playout step between source trees.

A step is ``legal_actions`` + ``random.choice`` + ``apply`` in a seeded random Modern 2p
playout, timed with ``time.process_time``. Give the ``src`` directories of two or more
checkouts (the first is the baseline)::

    python benchmarks/step_cost.py /tmp/before/src src --rounds 60 --games 15

Each round plays the same games once with every tree, each in its own process with
``PYTHONPATH`` set to the tree, in an order that rotates from round to round. The runs of
a round share a hash seed (``PYTHONHASHSEED``, a new one each round), so they hash and lay
out their strings alike. The table gives, per tree, the median CPU microseconds per step
over the rounds and the median over the rounds of its ratio to the baseline of the same
round: the load of a shared machine changes from round to round, and the runs of a round
share it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

import guarda  # each worker process imports the tree its PYTHONPATH names


def step_cost(games: int, first_seed: int) -> float:
    """CPU microseconds per step of ``games`` seeded Modern 2p playouts.

    Args:
        games: How many games to play.
        first_seed: The seed of the first game; the others follow.

    Returns:
        Microseconds of CPU time per step.
    """
    config = guarda.modern(players=2)
    steps = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        choose = random.Random(seed)
        state = guarda.new_game(config, seed)
        while not state.is_over:
            state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
            steps += 1
    return (time.process_time() - start) / steps * 1e6


def measure(tree: str, games: int, first_seed: int, hash_seed: int) -> float:
    """Run :func:`step_cost` in a new process that imports guarda from ``tree``.

    Args:
        tree: A ``src`` directory holding the ``guarda`` package.
        games: How many games to play.
        first_seed: The seed of the first game.
        hash_seed: The process's ``PYTHONHASHSEED``.

    Returns:
        Microseconds of CPU time per step.
    """
    command = [sys.executable, __file__, "--worker", str(games), str(first_seed)]
    env = {**os.environ, "PYTHONPATH": tree, "PYTHONHASHSEED": str(hash_seed)}
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(result.stdout)


def main(argv: list[str] | None = None) -> None:
    """Measure every tree in interleaved rounds and print the table.

    Args:
        argv: Command-line arguments (default: ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", help="src directories; the first is the baseline")
    parser.add_argument("--rounds", type=int, default=40, help="rounds (default 40)")
    parser.add_argument("--games", type=int, default=15, help="games per run (default 15)")
    parser.add_argument("--worker", nargs=2, type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.worker:
        print(step_cost(*arguments.worker))
        return
    trees: list[str] = arguments.trees
    if len(trees) < 2 or len(set(trees)) != len(trees):
        parser.error("give at least two different src directories: the baseline and others")
    costs: dict[str, list[float]] = {tree: [] for tree in trees}
    for number in range(arguments.rounds):
        shift = number % len(trees)
        for tree in trees[shift:] + trees[:shift]:
            first_seed = number * arguments.games
            costs[tree].append(measure(tree, arguments.games, first_seed, number + 1))
    baseline = costs[trees[0]]
    width = max(len(tree) for tree in trees)
    print(f"{arguments.rounds} rounds of {arguments.games} Modern 2p games per tree")
    print(f"{'tree':<{width}}  {'us/step':>8}  {'ratio':>7}  {'IQR of the ratio':>17}")
    for tree in trees:
        ratios = [cost / base for cost, base in zip(costs[tree], baseline, strict=True)]
        low, _, high = statistics.quantiles(ratios, n=4)
        median = statistics.median(costs[tree])
        print(
            f"{tree:<{width}}  {median:8.2f}  {statistics.median(ratios):7.4f}  "
            f"{low:8.4f}-{high:.4f}"
        )


if __name__ == "__main__":
    main()
