"""Strength of the reference bots: ISMCTS, Greedy and Random against each other.

Run with ``python benchmarks/strength.py [--games 200] [--workers 1] [--json PATH]``
(``--quick`` is a seconds-long smoke run with tiny budgets; ``--curve`` measures the
strength curve instead). Not a test: it plays many games and takes a while (see
``docs/bots.md`` for the figures and the time it took).

What it measures, and how:

* Pairings: ISMCTS-Random, ISMCTS-Greedy and Greedy-Random, on Modern with 2 players and
  Classic with 4 players (two agents of each kind, free-for-all); ISMCTS-Greedy on Grda
  with 2 players; and ISMCTS with 4x its budget against ISMCTS on Modern with 2 players
  (does it grow stronger with time?). Each under a 200-turn limit (R27).
* ISMCTS plays with its default settings (``ISMCTSBot()``) unless ``--iterations`` or
  ``--worlds`` say otherwise; ``ismcts4x`` has four times the iterations.
* The curve (``--curve``): ISMCTS with 1/4, 1, 4 and 16 times its budget against Greedy
  on Modern with 2 players.
* Seats: in 2-player games the first agent takes seat 0 in even games and seat 1 in odd
  ones. In 4-player games game ``g`` gives the first agent the ``g mod 6``-th of the six
  pairs of seats, so each kind sits in every seat, beside and across from its twin,
  equally often.
* Scores, per game, for the first agent's kind: a win 1, a draw 1/2, a loss 0. A
  4-player game is won by a kind when everybody left at its end (the winners, or the
  players sharing a draw) is of that kind, lost when all are of the other kind, and
  drawn otherwise. Once only one kind is left in the game, nothing can change that
  result, so the game is adjudicated there (``play_match``'s ``adjudicate``) and two
  agents of one kind never play on against each other.
* Win, draw and loss rates with 95% Wilson score intervals; the score is wins plus half
  the draws, over the games.
* Every game has its own seed, derived from ``--seed`` and the pairing; the same command
  gives the same games (ISMCTS has an iteration budget, not a time budget).
* CPU seconds per game (``time.process_time`` in the process that played it), and the
  median CPU milliseconds of the first agent's searched decisions (the ones where
  ISMCTS built a tree; forced and greedy decisions are left out).
* Stopped early (Ctrl-C, or SIGTERM), it reports the games played so far; games are
  scheduled round-robin over the pairings, so every pairing has about as many.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import guarda
from guarda.bots import Agent, GreedyBot, ISMCTSBot, RandomBot, play_match

KEY = "guarda-strength"
"""The match key every game is dealt with: a fixed one, so the same command plays the same
games (the bots here are guarda's own; a match between untrusted bots keeps its key
secret, see the Bots guide's "Fair deals")."""

TURN_LIMIT = 200
"""Ended turns after which a game is a draw (R27)."""

Z95 = 1.959963984540054
"""The 97.5th percentile of the standard normal distribution."""


@dataclass(frozen=True)
class Pairing:
    """Two kinds of agents on one ruleset, with the score the first must reach."""

    key: str
    ruleset: str
    first: str
    second: str
    target: float | None
    max_draws: float | None = None
    """The share of draws the pairing must stay under, if any."""


@dataclass(frozen=True)
class Game:
    """One game to play: the pairing, the game's number and seed."""

    pairing: Pairing
    number: int
    seed: int
    iterations: int | None
    turn_limit: int
    worlds: int | None = None


@dataclass(frozen=True)
class Played:
    """The result of one game, for the first agent's kind."""

    key: str
    number: int
    result: float
    turns: int
    cpu: float
    faults: int
    decisions: tuple[float, ...] = ()
    """CPU seconds of each searched decision of the first agent."""


@dataclass(frozen=True)
class Row:
    """The summary of one pairing."""

    key: str
    ruleset: str
    first: str
    second: str
    games: int
    score: float
    wins: int
    draws: int
    losses: int
    win_rate: tuple[float, float, float]
    draw_rate: tuple[float, float, float]
    loss_rate: tuple[float, float, float]
    mean_turns: float
    cpu_per_game: float
    ms_per_decision: float | None
    faults: int
    target: float | None
    max_draws: float | None
    met: bool | None


PAIRINGS = (
    Pairing("modern2p-ismcts-random", "modern-2p", "ismcts", "random", 0.95),
    Pairing("modern2p-ismcts-greedy", "modern-2p", "ismcts", "greedy", 0.70, 0.30),
    Pairing("modern2p-greedy-random", "modern-2p", "greedy", "random", 0.80),
    Pairing("classic4p-ismcts-random", "classic-4p", "ismcts", "random", 0.95),
    Pairing("classic4p-ismcts-greedy", "classic-4p", "ismcts", "greedy", 0.70),
    Pairing("classic4p-greedy-random", "classic-4p", "greedy", "random", 0.80),
    Pairing("grda2p-ismcts-greedy", "grda-2p", "ismcts", "greedy", 0.60),
    Pairing("modern2p-ismcts4x-ismcts", "modern-2p", "ismcts4x", "ismcts", 0.60),
)

CURVE = tuple(
    Pairing(f"curve-ismcts{scale}-greedy", "modern-2p", f"ismcts{scale}", "greedy", None)
    for scale in ("0.25x", "", "4x", "16x")
)
"""The strength curve: 1/4, 1, 4 and 16 times the ISMCTS budget against Greedy."""

DEFAULT = ISMCTSBot()
"""ISMCTS with its default settings."""


def ruleset(name: str, turn_limit: int = TURN_LIMIT) -> guarda.Config:
    """The ruleset of a pairing, with the benchmark's turn limit."""
    if name == "modern-2p":
        return guarda.modern(players=2, turn_limit=turn_limit)
    if name == "grda-2p":
        return guarda.grda(players=2, turn_limit=turn_limit)
    return guarda.classic(players=4, turn_limit=turn_limit)


def agent(kind: str, iterations: int | None = None, worlds: int | None = None) -> Agent:
    """An agent of a kind: ``ismcts`` (``ismcts4x``: four times the iterations), ``greedy``
    or ``random``; ISMCTS has its default iterations and worlds unless given.

    Examples:
        >>> agent("ismcts4x", 10).name
        'ismcts-40'
    """
    if kind.startswith("ismcts"):
        scale = float(kind[len("ismcts") :].rstrip("x") or 1)
        base = DEFAULT.iterations if iterations is None else iterations
        assert base is not None
        return ISMCTSBot(
            iterations=max(1, round(base * scale)),
            worlds=DEFAULT.worlds if worlds is None else worlds,
        )
    return GreedyBot() if kind == "greedy" else RandomBot()


class Timed:
    """An ISMCTS agent that keeps the CPU seconds of each decision it searched."""

    def __init__(self, bot: ISMCTSBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        start = time.process_time()
        result = self.bot.search(view, rng)
        if result.searched:
            self.times.append(time.process_time() - start)
        return result.action


def first_seats(players: int, number: int) -> frozenset[int]:
    """The seats of the first agent's kind in game ``number``."""
    if players == 2:
        return frozenset({number % 2})
    pairs = list(itertools.combinations(range(players), players // 2))
    return frozenset(pairs[number % len(pairs)])


def side_result(left: Sequence[int], mine: frozenset[int]) -> float | None:
    """1, 0 or 1/2 for the first kind when ``left`` are the players left; None if none."""
    if not left:
        return None
    if all(player in mine for player in left):
        return 1.0
    if not any(player in mine for player in left):
        return 0.0
    return 0.5


def play(game: Game) -> Played:
    """Play one game and score it for the first agent's kind."""
    start = time.process_time()
    config = ruleset(game.pairing.ruleset, game.turn_limit)
    mine = first_seats(config.players, game.number)
    first = agent(game.pairing.first, game.iterations, game.worlds)
    timed = Timed(first) if isinstance(first, ISMCTSBot) else None
    first = first if timed is None else timed
    second = agent(game.pairing.second, game.iterations, game.worlds)
    agents = [first if seat in mine else second for seat in range(config.players)]

    def adjudicate(view: guarda.PlayerView) -> tuple[float, ...] | None:
        left = [seat for seat, public in enumerate(view.players) if not public.is_out]
        result = side_result(left, mine)
        if result not in (0.0, 1.0):
            return None
        winners = mine if result == 1.0 else frozenset(range(config.players)) - mine
        return tuple(1.0 if seat in winners else 0.0 for seat in range(config.players))

    match = play_match(
        config,
        agents,
        seed=game.seed,
        key=KEY,
        adjudicate=adjudicate if config.players > 2 else None,
    )
    if match.outcome is not None:
        left = match.outcome.winners or match.outcome.drawn
    else:  # adjudicated: the kind still in has won
        left = tuple(seat for seat, score in enumerate(match.scores) if score == 1.0)
    result = side_result(left, mine)
    assert result is not None
    return Played(
        game.pairing.key,
        game.number,
        result,
        match.turns,
        time.process_time() - start,
        len(match.faults),
        () if timed is None else tuple(timed.times),
    )


def wilson(successes: int, total: int) -> tuple[float, float, float]:
    """A proportion and its 95% Wilson score interval, as (rate, low, high).

    Examples:
        >>> [round(x, 3) for x in wilson(190, 200)]
        [0.95, 0.91, 0.973]
    """
    if total == 0:
        return (math.nan, 0.0, 1.0)
    rate = successes / total
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * total)) / (1 + z2 / total)
    half = Z95 * math.sqrt(rate * (1 - rate) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    return (rate, max(0.0, centre - half), min(1.0, centre + half))


def summarize(pairing: Pairing, played: Sequence[Played]) -> Row:
    """The row of a pairing."""
    games = len(played)
    wins = sum(1 for game in played if game.result == 1.0)
    draws = sum(1 for game in played if game.result == 0.5)
    losses = games - wins - draws
    score = (wins + draws / 2) / games
    decisions = sorted(cpu for game in played for cpu in game.decisions)
    met = None if pairing.target is None else score >= pairing.target
    if met is not None and pairing.max_draws is not None:
        met = met and draws / games < pairing.max_draws
    return Row(
        key=pairing.key,
        ruleset=pairing.ruleset,
        first=pairing.first,
        second=pairing.second,
        games=games,
        score=score,
        wins=wins,
        draws=draws,
        losses=losses,
        win_rate=wilson(wins, games),
        draw_rate=wilson(draws, games),
        loss_rate=wilson(losses, games),
        mean_turns=sum(game.turns for game in played) / games,
        cpu_per_game=sum(game.cpu for game in played) / games,
        ms_per_decision=1000 * statistics.median(decisions) if decisions else None,
        faults=sum(game.faults for game in played),
        target=pairing.target,
        max_draws=pairing.max_draws,
        met=met,
    )


def percent(rate: tuple[float, float, float]) -> str:
    value, low, high = rate
    return f"{100 * value:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def table(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| ruleset | pairing | games | score | wins (95% CI) | draws (95% CI) "
        "| losses (95% CI) | target | turns | CPU s/game | CPU ms/decision |",
        "| --- | --- | ---: | ---: | --- | --- | --- | --- | ---: | ---: | ---: |",
    ]
    for row in rows:
        target = ""
        if row.target is not None:
            draws = "" if row.max_draws is None else f", draws < {100 * row.max_draws:.0f}%"
            target = f">= {row.target:.2f}{draws} " + ("met" if row.met else "**missed**")
        ms = "" if row.ms_per_decision is None else f"{row.ms_per_decision:.0f}"
        lines.append(
            f"| {row.ruleset} | {row.first} vs {row.second} | {row.games} | {row.score:.3f} "
            f"| {percent(row.win_rate)} | {percent(row.draw_rate)} | {percent(row.loss_rate)} "
            f"| {target} | {row.mean_turns:.0f} | {row.cpu_per_game:.2f} | {ms} |"
        )
    return "\n".join(lines)


def schedule(
    pairings: Sequence[Pairing],
    games: int,
    seed: int,
    iterations: int | None,
    turn_limit: int,
    worlds: int | None = None,
) -> Iterator[Game]:
    """Every game, interleaved across pairings (so a stopped run has a bit of each)."""
    for number in range(games):
        for index, pairing in enumerate(pairings):
            game_seed = seed * 1_000_003 + index * 100_003 + number
            yield Game(pairing, number, game_seed, iterations, turn_limit, worlds)


def run(
    pairings: Sequence[Pairing],
    games: int,
    seed: int,
    iterations: int | None,
    workers: int,
    progress: Callable[[str], None],
    turn_limit: int = TURN_LIMIT,
    worlds: int | None = None,
) -> list[Row]:
    """Play every game and summarize each pairing."""
    todo = list(schedule(pairings, games, seed, iterations, turn_limit, worlds))
    results: dict[str, list[Played]] = {pairing.key: [] for pairing in pairings}
    started = time.perf_counter()
    if workers == 1:
        finished: Iterator[Played] = map(play, todo)
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers)
        finished = pool.imap_unordered(play, todo)
    try:
        for count, played in enumerate(finished, 1):
            results[played.key].append(played)
            if count % 10 == 0 or count == len(todo):
                elapsed = time.perf_counter() - started
                progress(f"{count}/{len(todo)} games, {elapsed:.0f} s")
    except KeyboardInterrupt:  # stopped (Ctrl-C or SIGTERM): report the games played
        progress("stopped early: the table covers the games played so far")
    if workers != 1:
        pool.terminate()
        pool.join()
    return [
        summarize(pairing, sorted(results[pairing.key], key=lambda p: p.number))
        for pairing in pairings
        if results[pairing.key]
    ]


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the table (and write JSON). Returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (200)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (1)")
    parser.add_argument(
        "--iterations",
        type=int,
        help=f"ISMCTS iterations per decision (the default bot's, {DEFAULT.iterations})",
    )
    parser.add_argument(
        "--worlds",
        type=int,
        help="ISMCTS determinizations per decision (default: the bot's own, which grow "
        "with its iterations)",
    )
    parser.add_argument(
        "--curve",
        action="store_true",
        help="the strength curve: ISMCTS at 1/4, 1, 4 and 16 times its budget vs Greedy",
    )
    parser.add_argument(
        "--pairings",
        nargs="*",
        choices=[p.key for p in PAIRINGS + CURVE],
        help="only these pairings",
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write results as JSON")
    parser.add_argument(
        "--turn-limit", type=int, default=TURN_LIMIT, help=f"turn limit ({TURN_LIMIT})"
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run: 2 games, tiny ISMCTS, 12 turns"
    )
    args = parser.parse_args(argv)
    pool = CURVE if args.curve else PAIRINGS
    pairings = [p for p in pool if not args.pairings or p.key in args.pairings]
    games, iterations = (2, 2) if args.quick else (args.games, args.iterations)
    turn_limit = 12 if args.quick else args.turn_limit
    counts = (games, iterations or 1, args.workers, turn_limit, args.worlds or 1)
    if min(counts) < 1:
        parser.error("--games, --iterations, --worlds, --workers, --turn-limit: at least 1")
    signal.signal(signal.SIGTERM, _interrupt)
    started = time.perf_counter()
    rows = run(
        pairings,
        games,
        args.seed,
        iterations,
        args.workers,
        lambda line: print(line, file=sys.stderr, flush=True),
        turn_limit,
        args.worlds,
    )
    elapsed = time.perf_counter() - started
    print(table(rows))
    shown = DEFAULT.iterations if iterations is None else iterations
    worlds = "automatic" if args.worlds is None else args.worlds
    print(
        f"\nup to {games} games per pairing, ISMCTS {shown} iterations (times the scale "
        f"of ismcts<scale>x) and {worlds} worlds per decision, "
        f"{turn_limit}-turn limit, {elapsed:.0f} s wall"
    )
    if args.json:
        document = {
            "games": games,
            "iterations": shown,
            "worlds": worlds,
            "seed": args.seed,
            "turn_limit": turn_limit,
            "wall_seconds": elapsed,
            "rows": [asdict(row) for row in rows],
        }
        args.json.write_text(json.dumps(document, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
