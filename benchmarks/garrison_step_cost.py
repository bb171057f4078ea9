"""Compare the CPU cost of a random playout step of Garrison with one of Guarda's Modern 2p.

A step is ``legal_actions`` + ``random.choice`` + ``apply`` in a seeded random playout,
timed with ``time.process_time``. Rounds interleave the games (Guarda, Garrison 2p,
Garrison 4p, in an order that rotates), so a shared machine's changing load falls on all
of them alike; the table gives the median microseconds per step over the rounds and the
median ratio to Guarda within a round::

    PYTHONPATH=src python benchmarks/garrison_step_cost.py --rounds 20 --games 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import guarda
from guarda.games.garrison import GarrisonConfig
from guarda.games.garrison import apply as garrison_apply
from guarda.games.garrison import legal_actions as garrison_legal
from guarda.games.garrison import new_game as garrison_new_game


def guarda_steps(seed: int) -> int:
    """Play one random Modern 2p game of Guarda; its number of steps."""
    state = guarda.new_game(guarda.modern(players=2), seed)
    rng, steps = random.Random(seed), 0
    while not state.is_over:
        state, _ = guarda.apply(state, rng.choice(guarda.legal_actions(state)))
        steps += 1
    return steps


def garrison_steps(players: int) -> Callable[[int], int]:
    """A player of one random Garrison game at a table of ``players``."""

    def play(seed: int) -> int:
        state = garrison_new_game(GarrisonConfig(players=players), seed)
        rng, steps = random.Random(seed), 0
        while not state.is_over:
            state, _ = garrison_apply(state, rng.choice(garrison_legal(state)))
            steps += 1
        return steps

    return play


def main() -> None:
    """Time the rounds and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--games", type=int, default=10)
    arguments = parser.parse_args()
    runners = {
        "guarda modern 2p": guarda_steps,
        "garrison 2p": garrison_steps(2),
        "garrison 4p": garrison_steps(4),
    }
    costs: dict[str, list[float]] = {name: [] for name in runners}
    ratios: dict[str, list[float]] = {name: [] for name in runners}
    names = list(runners)
    for number in range(arguments.rounds):
        order = names[number % len(names) :] + names[: number % len(names)]
        this_round = {}
        for name in order:
            seeds = range(number * arguments.games, (number + 1) * arguments.games)
            start = time.process_time()
            steps = sum(runners[name](seed) for seed in seeds)
            this_round[name] = (time.process_time() - start) / steps * 1e6
        for name, cost in this_round.items():
            costs[name].append(cost)
            ratios[name].append(cost / this_round["guarda modern 2p"])
    print(f"{'game':<18} {'us/step':>8} {'x guarda':>9}")
    for name in names:
        cost, ratio = statistics.median(costs[name]), statistics.median(ratios[name])
        print(f"{name:<18} {cost:>8.1f} {ratio:>9.2f}")


if __name__ == "__main__":
    main()
