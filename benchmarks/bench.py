"""Benchmarks: guarda's CPU time per unit of work, beside python-chess as the yardstick.

Run with ``python -m nox -s bench`` or ``python benchmarks/bench.py [--rounds 7] [--warmup 1]
[--scale 1]``
(``--json PATH`` also writes the results, ``--quick`` is a seconds-long smoke run).

How it measures, and why:

* CPU time (``time.process_time``), not wall-clock time: on a shared machine the wall
  clock swings by 2x. CPU time swings less, but still does (a busy neighbour on the same
  core slows every instruction), hence the interleaved rounds and per-round ratios.
* Interleaved rounds in one process: every round runs every case once, in a shuffled
  order, so a slow spell of the machine hits all cases alike. A row shows the median and
  the minimum over rounds of microseconds per unit (a playout step, a ply, a call). Its
  ratios are medians of per-round ratios: each row is divided by the yardstick (and by the
  Modern 2p row) measured in the same round.
* The yardstick is python-chess's random playout: ``list(board.legal_moves)``, then
  ``random.choice``, then ``board.push``, until the game is over; microseconds per ply.
* A playout step is ``guarda.legal_actions(state)``, then ``choice`` with a
  ``random.Random(seed)``, then ``guarda.apply``, with seeded games played to the end.
  Every game gets a fresh seed (0, 1, 2, ... per ruleset), so no round replays a game an
  earlier round played: the engine caches work per hand, and a replayed game would find
  it all cached (a 12x12 game replayed runs some 50x faster than a new one).
* A warm-up round runs every case once first and is not kept (``--warmup``), and each
  playout then plays on until its warm-up made at least ``WARM_STEPS`` steps (times
  ``--scale``): a playout's first games fill the caches of the ruleset's hands, which a
  bot running millions of steps pays once; the rounds measure the steady state. One
  round alone is 40 Modern 2p games (about 11,000 steps) but two 12x12 games (about
  1,150), whose steps still run some 10% more instructions than after 20 games.
* Cache growth is measured once, in a fresh process (``--cache-growth GAMES``): the
  growth of its resident memory over many random games of many rulesets.

To add a row, add a ``Case`` to ``cases()`` and, if it has a goal, a ``Target`` to ``targets()``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import itertools
import json
import math
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import chess

import guarda
from guarda.game import Game
from guarda.games import GARRISON, GUARDS, ON_GUARD

MODERN_2P = guarda.modern(players=2)
"""The reference ruleset: every ratio but the yardstick's is against its playout step."""


@dataclass(frozen=True)
class Case:
    """One row: a piece of work, run once per round."""

    key: str
    """A short, stable name (the JSON key)."""
    label: str
    """What the row measures, for the table."""
    unit: str
    """What one unit of work is: a step, a ply, a call, an action."""
    run: Callable[[], int]
    """Does one round's work and returns how many units it did."""


@dataclass
class Row:
    """The measurements of one case."""

    key: str
    label: str
    unit: str
    samples: list[float]
    """Microseconds per unit, one per round."""
    median: float = math.nan
    minimum: float = math.nan
    x_chess: float = math.nan
    """The median of the per-round ratios to the yardstick."""
    x_modern: float = math.nan
    """The median of the per-round ratios to the Modern 2p playout step."""


def amount(work: float, scale: float) -> int:
    """How many repetitions ``work`` becomes at ``scale``: at least one."""
    return max(1, round(work * scale))


def playouts(config: guarda.Config, games: int, seeds: Iterator[int]) -> Callable[[], int]:
    """Random playouts of ``games`` new games, each with the next seed of ``seeds``."""

    def run() -> int:
        steps = 0
        for seed in itertools.islice(seeds, games):
            choose = random.Random(seed)
            state = guarda.new_game(config, seed)
            while not state.is_over:
                state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
                steps += 1
        return steps

    return run


def game_playouts(game: Game, config: Any, games: int) -> Callable[[], int]:
    """Random playouts of another game through the game protocol, each with a new seed."""
    seeds = itertools.count()

    def run() -> int:
        steps = 0
        for seed in itertools.islice(seeds, games):
            choose = random.Random(seed)
            state = game.new_game(config, seed)
            while not game.is_over(state):
                state, _ = game.apply(state, choose.choice(game.legal_actions(state)))
                steps += 1
        return steps

    return run


def chess_playouts(games: int) -> Callable[[], int]:
    """The yardstick: python-chess random playouts of ``games`` new games, in plies."""
    seeds = itertools.count()

    def run() -> int:
        plies = 0
        for seed in itertools.islice(seeds, games):
            choose = random.Random(seed)
            board = chess.Board()
            while not board.is_game_over():
                board.push(choose.choice(list(board.legal_moves)))
                plies += 1
        return plies

    return run


def repeat(call: Callable[[], object], times: int, units: int = 1) -> Callable[[], int]:
    """``call()`` ``times`` times; each call is ``units`` units of work."""

    def run() -> int:
        for _ in range(times):
            call()
        return times * units

    return run


def adversarial_inputs() -> list[Callable[[], object]]:
    """Inputs that must be refused fast: each a call that raises a GuardaError.

    A 700 KB document wrong in every one of 230,000 places (the fuzzing issue's case),
    arrays nested 100,000 and 1,000 deep, a 100,000-digit number, a 4 MB string, a text
    beyond ``MAX_DOCUMENT_SIZE``, and notation texts too long and just short enough.
    """
    head = '{"format":"guarda","version":2,"kind":"action","data":'
    wrong = json.dumps({"type": "Defend", "cards": [5] * 230_000})
    record = json.loads(guarda.dumps(guarda.record_game(MODERN_2P, 1, []), secrets=True))
    record["data"]["actions"] = [{"type": "Defend", "cards": [5] * 40}] * 5000
    texts = [
        head + wrong + "}",
        json.dumps(record),
        "[" * 100_000 + "]" * 100_000,
        head + "[" * 1000 + "]" * 1000 + "}",
        head + '{"type":"Pass","x":' + "9" * 100_000 + "}}",
        head + '{"type":"' + "A" * 4_000_000 + '"}}',
        " " * (5 * 1024 * 1024) + "{}",
    ]
    notations = ["attack " + "V1 " * 21_000, "pass " * 13_000 + "x", "x" * 10**6]
    calls: list[Callable[[], object]] = [functools.partial(guarda.loads, text) for text in texts]
    for text in notations:
        calls.append(functools.partial(guarda.parse_action, text, MODERN_2P))
        calls.append(functools.partial(guarda.parse_position, text, MODERN_2P))
    return calls


REFUSAL_WORST: list[float] = []
"""Per run of the refusals row: the CPU seconds of its slowest input (the row itself is
the mean over its inputs)."""


def refusals(inputs: list[Callable[[], object]]) -> Callable[[], int]:
    """Every input refused once; one unit is one input. Each run also notes, in
    ``REFUSAL_WORST``, the CPU time of its slowest input."""

    def run() -> int:
        slowest = 0.0
        for attempt in inputs:
            start = time.process_time()
            with contextlib.suppress(guarda.GuardaError):
                attempt()
                raise AssertionError(f"accepted: {attempt}")
            slowest = max(slowest, time.process_time() - start)
        REFUSAL_WORST.append(slowest)
        return len(inputs)

    return run


def long_game(seeds: Iterator[int]) -> tuple[guarda.GameRecord, list[guarda.GameState]]:
    """A Modern 2p random game of 300 actions and 500 events or more: its record, its states.

    Plays one game per seed of ``seeds`` until one is that long, so the states and the
    record the benchmarks need all come from one seeded game.
    """
    for seed in seeds:
        choose = random.Random(seed)
        recorder = guarda.Recorder(MODERN_2P, seed)
        states = [recorder.state]
        while not recorder.state.is_over:
            recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
            states.append(recorder.state)
        if len(states[-1].log) >= 500 and len(states) > 300:
            return recorder.record(), states
    raise ValueError("no game long enough")


def at_events(states: list[guarda.GameState], events: int) -> guarda.GameState:
    """The first state with at least ``events`` events in its log."""
    return next(state for state in states if len(state.log) >= events)


def cases(scale: float) -> list[Case]:
    """Every timed row, in table order: the yardstick first, Modern 2p second."""
    modern_seeds = itertools.count()  # one sequence: no Modern 2p game is played twice
    long, states = long_game(modern_seeds)
    early, middle, late = (at_events(states, events) for events in (50, 170, 500))
    record = guarda.record_game(MODERN_2P, long.seed, long.actions[:300])
    loaded_record = guarda.loads(guarda.dumps(record, secrets=True), guarda.GameRecord)
    document = json.loads(guarda.dumps(middle, secrets=True))
    loaded_config = guarda.loads(guarda.dumps(MODERN_2P))  # equal, not the same object
    teams = guarda.custom(9, players=8, teams=[[0, 1, 2, 3], [4, 5, 6, 7]])
    twelve = guarda.custom(12, players=2)  # its default hand: 12 cards; full games, no limit

    def play(key: str, label: str, config: guarda.Config, games: int) -> Case:
        seeds = modern_seeds if config == MODERN_2P else itertools.count()
        return Case(key, label, "step", playouts(config, amount(games, scale), seeds))

    def other(key: str, label: str, game: Game, players: int, games: int) -> Case:
        playout = game_playouts(game, game.default_config(players), amount(games, scale))
        return Case(key, label, "step", playout)

    def call(key: str, label: str, function: Callable[[], object], times: int) -> Case:
        return Case(key, label, "call", repeat(function, amount(times, scale)))

    def round_trip() -> guarda.GameState:
        return guarda.loads(guarda.dumps(middle, secrets=True), guarda.GameState)

    def stdlib_round_trip() -> object:
        return json.loads(json.dumps(document))

    def replay() -> guarda.GameState:
        return guarda.final_state(loaded_record)

    actions = len(record.actions)
    adversarial = adversarial_inputs()
    return [
        Case("chess", "python-chess random playout", "ply", chess_playouts(amount(40, scale))),
        play("modern2p", "Modern 2p playout", MODERN_2P, 40),
        play("classic4p", "Classic 4p playout", guarda.classic(players=4), 16),
        play("grda2p", "Grda 2p playout", guarda.grda(players=2), 20),
        play("modern8p", "Modern 8p playout", guarda.modern(players=8), 40),
        play("custom9x9_8p_teams", "Custom 9x9 8p 2-teams playout", teams, 4),
        play("custom12x12_hand12", "Custom 12x12 hand-12 playout", twelve, 2),
        play("modern2p_loaded", "Modern 2p loaded-config playout", loaded_config, 40),
        other("on_guard", "On Guard playout", ON_GUARD, 2, 200),
        other("garrison2p", "Garrison 2p playout", GARRISON, 2, 40),
        other("garrison4p", "Garrison 4p playout", GARRISON, 4, 20),
        other("heist", "Heist (guards) 1p playout", GUARDS, 1, 400),
        call("view_early", f"view @{len(early.log)} events", lambda: guarda.view(early, 0), 10**4),
        call("view_late", f"view @{len(late.log)} events", lambda: guarda.view(late, 0), 2000),
        call("state_round_trip", f"state dumps+loads @{len(middle.log)} ev.", round_trip, 500),
        call("json_round_trip", "stdlib json of the same document", stdlib_round_trip, 2000),
        Case(
            "replay",
            f"replay of a loaded {actions}-action record",
            "action",
            repeat(replay, amount(40, scale), units=actions),
        ),
        Case(
            "refusals",
            f"refusal of {len(adversarial)} adversarial inputs",
            "input",
            refusals(adversarial),
        ),
    ]


WARM_STEPS = 10_000
"""The fewest steps a playout's warm-up makes (about one round of Modern 2p)."""


def measure(
    timed: list[Case], rounds: int, warmup: int = 1, warm_steps: int = WARM_STEPS
) -> list[Row]:
    """Run every case once per round, in a shuffled order (seeded: runs are repeatable),
    after ``warmup`` rounds whose times are not kept, in which each playout makes at least
    ``warm_steps`` steps (if ``warmup`` is not 0)."""
    warmed = [0] * len(timed)
    for index in range(warmup):
        for position, case in enumerate(timed):
            warmed[position] += case.run()
        print(f"  warm-up round {index + 1}/{warmup} done", file=sys.stderr, flush=True)
    for position, case in enumerate(timed):
        while warmup and case.unit == "step" and warmed[position] < warm_steps:
            warmed[position] += case.run()
    rows = [Row(case.key, case.label, case.unit, []) for case in timed]
    for index in range(rounds):
        order = list(range(len(timed)))
        random.Random(index).shuffle(order)
        for position in order:
            gc.collect()  # the garbage of the previous case is not this case's cost
            start = time.process_time()
            units = timed[position].run()
            seconds = time.process_time() - start
            rows[position].samples.append(seconds / units * 1e6)
        print(f"  round {index + 1}/{rounds} done", file=sys.stderr, flush=True)
    yardstick, modern = rows[0], rows[1]
    for row in rows:
        row.median = statistics.median(row.samples)
        row.minimum = min(row.samples)
        row.x_chess = ratio(row.samples, yardstick.samples)
        row.x_modern = ratio(row.samples, modern.samples)
    return rows


def ratio(samples: list[float], reference: list[float]) -> float:
    """The median over rounds of ``samples`` / ``reference``, round by round."""
    return statistics.median(
        mine / theirs for mine, theirs in zip(samples, reference, strict=True)
    )


def growth_configs() -> list[guarda.Config]:
    """Twenty different custom rulesets: sizes 3 to 9, 2 to 8 players, teams, hand sizes."""
    configs = []
    for index in range(20):
        size, players = 3 + index % 7, 2 + index // 3  # no (size, players) pair twice
        teams = None
        if players >= 4 and players % 2 == 0 and index % 2 == 0:
            teams = [list(range(0, players, 2)), list(range(1, players, 2))]
        hand = max(2, size - index % 2)
        configs.append(guarda.custom(size, players=players, teams=teams, hand_size=hand))
    assert len(set(configs)) == len(configs)
    return configs


def resident_mb() -> float:
    """This process's resident memory now (Linux), else its peak so far, in MB."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB; bytes on macOS
        return peak / (2**20 if sys.platform == "darwin" else 2**10)
    kib = next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))
    return int(kib) / 2**10


def cache_growth(games: int) -> dict[str, float]:
    """Play ``games`` random games over :func:`growth_configs`; the memory they leave behind.

    Run it in a fresh process (``--cache-growth GAMES``): the growth of resident memory,
    after the games are gone and garbage is collected, is what the engine kept.
    """
    before = resident_mb()
    configs = growth_configs()
    start = time.process_time()
    playouts_of = [playouts(config, 1, itertools.count()) for config in configs]
    steps = sum(playouts_of[game % len(configs)]() for game in range(games))
    seconds = time.process_time() - start
    gc.collect()
    after = resident_mb()
    return {
        "games": games,
        "configs": len(configs),
        "steps": steps,
        "cpu_seconds": seconds,
        "before_mb": before,
        "after_mb": after,
        "growth_mb": after - before,
    }


def cache_growth_in_subprocess(games: int) -> dict[str, float]:
    """:func:`cache_growth` in a fresh Python process running this script."""
    command = [sys.executable, __file__, "--cache-growth", str(games)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


@dataclass(frozen=True)
class Target:
    """One goal of the engine, checked against this run."""

    goal: str
    value: float
    limit: float

    @property
    def met(self) -> bool:
        """Whether the value is within the limit."""
        return self.value <= self.limit


PAIRED = ("modern2p", "modern2p_loaded", "on_guard", "garrison2p", "heist")
"""Playout rows with targets of their own, not "at most 2x Modern 2p"."""
GAME_ROWS = ("on_guard", "garrison2p")
"""The card games at their usual table: a step costs at most a Modern 2p step. (The
heist's row has no goal: its step is a whole Guard Movement Phase, paths and sight.)"""


def targets(rows: dict[str, Row], growth_mb: float) -> list[Target]:
    """The engine's goals, from the ratios of this run."""
    modern = rows["modern2p"]
    others = [row for row in rows.values() if row.unit == "step" and row.key not in PAIRED]
    checks = [Target("Modern 2p playout / python-chess ply", modern.x_chess, 0.25)]
    checks += [Target(f"{row.label} / Modern 2p", row.x_modern, 2.0) for row in others]
    checks += [
        Target(f"{rows[key].label} / Modern 2p", rows[key].x_modern, 1.0) for key in GAME_ROWS
    ]
    checks += [
        Target("Modern 2p loaded-config / Modern 2p", rows["modern2p_loaded"].x_modern, 1.15),
        Target(
            f"{rows['view_late'].label} / {rows['view_early'].label}",
            ratio(rows["view_late"].samples, rows["view_early"].samples),
            1.5,
        ),
        Target(
            "state dumps+loads / stdlib json",
            ratio(rows["state_round_trip"].samples, rows["json_round_trip"].samples),
            1.5,
        ),
        Target("replay per action / Modern 2p step", rows["replay"].x_modern, 1.0),
        Target(
            "worst adversarial input refused, ms (median over rounds)",
            statistics.median(REFUSAL_WORST[-len(rows["refusals"].samples) :]) * 1000,
            50.0,
        ),
        Target("cache growth, MB", growth_mb, 50.0),
    ]
    return checks


def versions() -> dict[str, str]:
    """The interpreter, the machine and the packages that were measured."""
    return {
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
        "platform": platform.platform(),
        **{name: version(name) for name in ("guarda", "chess", "attrs", "cattrs")},
    }


def report(
    rows: list[Row],
    growth: dict[str, float],
    checks: list[Target],
    rounds: int,
    warmup: int,
    warm_steps: int,
) -> None:
    """Print the table and the targets."""
    print(", ".join(f"{name} {value}" for name, value in versions().items()))
    print(
        f"CPU time (time.process_time) in us per unit; interleaved rounds: {rounds}"
        f" (after {warmup} warm-up, at least {warm_steps} steps a playout); the ratios"
    )
    print("(x chess, x M2p) are medians of per-round ratios to python-chess and to Modern 2p.\n")
    width = max(len(row.label) for row in rows)
    header = (
        f"{'row':<{width}}  {'unit':<6}  {'median':>9}  {'min':>9}  {'x chess':>8}  {'x M2p':>7}"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        print(
            f"{row.label:<{width}}  {row.unit:<6}  {row.median:9.1f}  {row.minimum:9.1f}"
            f"  {row.x_chess:8.2f}  {row.x_modern:7.2f}"
        )
    print(
        f"\ncache growth: {growth['growth_mb']:.1f} MB resident after {growth['games']:.0f} random"
        f" games over {growth['configs']:.0f} custom rulesets (fresh process, measured once;"
        f" {growth['before_mb']:.1f} -> {growth['after_mb']:.1f} MB)"
    )
    print("\ntargets (this run):")
    for check in checks:
        verdict = "met" if check.met else "NOT met"
        print(f"  {check.goal:<60} {check.value:8.2f} <= {check.limit:<5} {verdict}")


def main(argv: list[str] | None = None) -> None:
    """Run the benchmarks, print the report and optionally write it as JSON.

    Args:
        argv: Command-line arguments (default: ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds (default 7)")
    parser.add_argument(
        "--warmup", type=int, default=1, help="rounds run first and not kept (default 1)"
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="work per case and round, and cache-growth games (1000, at least 20); default 1.0",
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write results as JSON")
    parser.add_argument(
        "--quick", action="store_true", help="smoke run: one round, a tiny amount of work"
    )
    parser.add_argument("--cache-growth", type=int, metavar="GAMES", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.cache_growth is not None:  # the fresh process of cache_growth_in_subprocess
        print(json.dumps(cache_growth(arguments.cache_growth)))
        return
    rounds, scale = (1, 0.01) if arguments.quick else (arguments.rounds, arguments.scale)
    warmup = 0 if arguments.quick else arguments.warmup
    if rounds < 1 or warmup < 0 or not scale > 0:
        parser.error("--rounds must be at least 1, --warmup at least 0 and --scale more than 0")
    rows = measure(cases(scale), rounds, warmup, amount(WARM_STEPS, scale))
    growth = cache_growth_in_subprocess(max(20, round(1000 * scale)))
    checks = targets({row.key: row for row in rows}, growth["growth_mb"])
    warm_steps = amount(WARM_STEPS, scale) if warmup else 0
    report(rows, growth, checks, rounds, warmup, warm_steps)
    if arguments.json is not None:
        results: dict[str, Any] = {
            "versions": versions(),
            "rounds": rounds,
            "warmup": warmup,
            "warm_steps": warm_steps,
            "scale": scale,
            "rows": {row.key: asdict(row) for row in rows},
            "cache_growth": growth,
            "targets": [{**asdict(check), "met": check.met} for check in checks],
        }
        arguments.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
