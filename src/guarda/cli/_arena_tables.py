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

from guarda.arena import ArenaResult, GameResult, SerialExecutor
from guarda.stats import Rate

__all__ = ["add_arena_arguments", "arena_options", "run_with_progress", "show_result"]


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
    group.add_argument("--quiet", action="store_true", help="no progress bar")


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
    }


def run_with_progress(
    out: Console,
    total: int,
    quiet: bool,
    run: Callable[[Callable[[GameResult], None]], ArenaResult],
) -> ArenaResult:
    """Run ``run(on_game)`` with a progress bar of ``total`` games on ``out``."""
    if quiet:
        return run(lambda result: None)
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
    """Print the standings (rates with 95% Wilson intervals, ratings) and errors."""
    table = Table(title=title, box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("bot", no_wrap=True)
    for header in ("rating", "games", "score [95%]", "wins [95%]", "W-D-L", "faults", "ms"):
        table.add_column(header, justify="right", no_wrap=True)
    for rank, row in enumerate(result.standings(), 1):
        table.add_row(
            str(rank),
            row.name,
            f"{row.rating:.0f}",
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
    if result.key:
        out.print(f"Match key {result.key}: with the same --seed, --key plays these games again.")
