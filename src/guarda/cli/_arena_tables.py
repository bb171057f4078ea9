"""What ``guarda simulate`` and ``guarda tournament`` share: the options of an arena, its
progress bar (rich) and its result as tables.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from guarda.arena import SPRT, ArenaResult, GameResult, SerialExecutor
from guarda.cli._common import UsageError, console
from guarda.cli._entrants import IsmctsOptions
from guarda.errors import GuardaError
from guarda.stats import Rate

__all__ = [
    "add_arena_arguments",
    "arena_options",
    "ismcts_options",
    "run_with_progress",
    "show_result",
    "sprt_of",
]


def add_arena_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options every arena command has."""
    group = parser.add_argument_group("arena")
    group.add_argument("--games", type=int, default=10, metavar="N", help="games (default 10)")
    group.add_argument("--records", metavar="FILE", help="write every game as JSON Lines")
    group.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="processes to play in (default 1: in this process)",
    )
    group.add_argument(
        "--max-turns",
        type=int,
        default=1000,
        metavar="N",
        help="turn limit of a configuration without one (default 1000)",
    )
    group.add_argument(
        "--key",
        metavar="KEY",
        help="the secret match key the games are dealt with (default: a fresh random one, "
        "printed at the end; the same --seed and --key play the same games again)",
    )
    group.add_argument(
        "--duplicate",
        action="store_true",
        help="duplicate deals: every deal is played once per seating (--games must be a "
        "multiple of the players)",
    )
    group.add_argument(
        "--time-budget",
        type=float,
        metavar="SECONDS",
        help="seconds each decision may take (past it: a late fault)",
    )
    group.add_argument(
        "--clock", type=float, metavar="SECONDS", help="seconds each seat has for a whole game"
    )
    group.add_argument("--quiet", action="store_true", help="no progress bar")
    search = parser.add_argument_group("the ismcts bot's budget (per decision)")
    search.add_argument("--iterations", type=int, metavar="N", help="iterations")
    search.add_argument("--seconds", type=float, metavar="S", help="seconds of thinking")
    search.add_argument("--worlds", type=int, metavar="N", help="determinized worlds")
    search.add_argument(
        "--fm-calls",
        type=int,
        metavar="N",
        help="forward-model calls (guarda.apply), a budget the same on every machine",
    )


def arena_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of ``guarda.arena``'s functions the options give."""
    executor: Executor | None = SerialExecutor() if args.workers == 1 else None
    return {
        "executor": executor,
        "workers": None if args.workers == 1 else args.workers,
        "max_turns": args.max_turns,
        "records": args.records,
        "progress": False,
        "key": args.key,
        "duplicate": args.duplicate,
        "time_budget": args.time_budget,
        "clock": args.clock,
    }


def ismcts_options(args: argparse.Namespace) -> IsmctsOptions:
    """The ISMCTS bot's budget the options give."""
    return IsmctsOptions(
        iterations=args.iterations,
        seconds=args.seconds,
        worlds=args.worlds,
        fm_calls=args.fm_calls,
    )


def sprt_of(text: str | None) -> SPRT | None:
    """The ``--sprt ELO0,ELO1[,ALPHA,BETA]`` test, or None.

    Raises:
        UsageError: For anything but two or four numbers the test accepts.
    """
    if text is None:
        return None
    try:
        numbers = [float(part) for part in text.split(",")]
    except ValueError:
        numbers = []
    if len(numbers) not in (2, 4):
        raise UsageError(f"--sprt takes ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA, not {text!r}")
    try:
        return SPRT(*numbers)
    except GuardaError as error:
        raise UsageError(f"--sprt: {error}") from error


def run_with_progress(
    out: Console,
    total: int,
    quiet: bool,
    run: Callable[[Callable[[GameResult], None]], ArenaResult],
) -> ArenaResult:
    """Run ``run(on_game)`` with a progress bar of ``total`` games on stderr (so what
    ``out`` prints can be piped or redirected on its own)."""
    if quiet:
        return run(lambda result: None)
    out = console(stderr=True)
    columns = (
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=out, transient=False) as progress:
        task = progress.add_task("games", total=total)
        return run(lambda result: progress.advance(task))


def _rate(rate: Rate) -> str:
    return f"{rate.rate:.0%} [{rate.low:.0%}, {rate.high:.0%}]"


def show_result(out: Console, result: ArenaResult, title: str) -> None:
    """Print the standings (ratings with 95% bootstrap intervals, rates with 95% Wilson
    intervals), the sequential test's decision, if any, and errors."""
    table = Table(title=title, box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("bot", no_wrap=True)
    headers = ("rating [95%]", "games", "score [95%]", "wins [95%]", "W-D-L", "faults", "ms")
    for header in headers:
        table.add_column(header, justify="right", no_wrap=True)
    for rank, row in enumerate(result.standings(intervals=True), 1):
        table.add_row(
            str(rank),
            row.name,
            str(row.interval) if row.interval is not None else f"{row.rating:.0f}",
            str(row.games),
            _rate(row.score),
            _rate(row.wins),
            f"{row.wins.count:.0f}-{row.draws.count:.0f}-{row.losses.count:.0f}",
            str(row.faults),
            f"{row.decision_times.mean * 1000:.2f}",
        )
    out.print(table)
    played = [game for game in result.games if game.ok]
    if played:
        turns = sum(game.turns for game in played) / len(played)
        out.print(f"{len(played)} games played, {turns:.1f} turns on average.")
    for game in result.errors:
        out.print(f"game {game.game}: error: {game.error}")
    if result.sprt is not None:
        test = result.sprt
        verdict = {"H1": "the first is better", "H0": "the first is not better"}.get(
            test.decision or "", "no decision yet"
        )
        out.print(
            f"SPRT: {verdict} (LLR {test.llr:.2f} in [{test.lower:.2f}, {test.upper:.2f}], "
            f"{test.games} games)."
        )
    if result.key:
        out.print(f"Match key {result.key}: with the same --seed, --key plays these games again.")
