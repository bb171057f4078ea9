"""``guarda simulate``: bots against bots for N games, seats rotating.

A progress bar while the games run, then the standings of the bots (rates with 95%
Wilson intervals, Bradley-Terry ratings); ``--records FILE`` writes every game as JSON
Lines (read it with ``guarda stats``, ``guarda replay`` or ``guarda.arena.read_arena``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from guarda.arena import ArenaResult, GameResult, match
from guarda.cli._arena_tables import (
    add_arena_arguments,
    arena_options,
    run_with_progress,
    show_result,
)
from guarda.cli._common import (
    BOTS,
    Parser,
    UsageError,
    add_config_arguments,
    bot,
    bot_list,
    config_of,
    console,
    fail,
    seed_of,
)

__all__ = ["main"]


def main(argv: Sequence[str]) -> int:
    """Run ``guarda simulate``; the exit status."""
    parser = Parser(
        prog="guarda simulate",
        description="Play bots against bots for N games and show the results.",
    )
    add_config_arguments(parser)
    parser.add_argument(
        "--bots",
        default="random",
        metavar="NAMES",
        help=f"one bot per seat, or one for every seat ({', '.join(BOTS)}; default random)",
    )
    add_arena_arguments(parser)
    args = parser.parse_args(list(argv))
    try:
        config = config_of(args)
        names = bot_list(args.bots, config.players)
        if args.games < 1 or args.workers < 1:
            raise UsageError("--games and --workers must be at least 1")
    except UsageError as error:
        return fail("guarda simulate", error, 2)
    seed = seed_of(args)
    agents = [bot(name) for name in names]
    out = console()
    out.print(f"{config.name}, {config.players} players: {', '.join(names)}; seed {seed}")

    def run(on_game: Callable[[GameResult], None]) -> ArenaResult:
        return match(config, agents, args.games, seed=seed, on_game=on_game, **arena_options(args))

    result = run_with_progress(out, args.games, args.quiet, run)
    show_result(out, result, f"Standings after {args.games} games")
    if args.records is not None:
        out.print(f"Records written to {args.records}.")
    return 1 if result.errors else 0
