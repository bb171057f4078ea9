"""``guarda tournament BOT BOT ...``: a round robin (or a gauntlet) of named bots.

Every group of entrants that fills a table plays ``--games`` games, seats rotating (a
round robin); with ``--gauntlet`` the first entrant plays each of the others. A bot
named twice enters twice (``random``, ``random#2``). A progress bar while the games
run, then the standings with 95% Wilson intervals and Bradley-Terry ratings and the
head-to-head results; ``--records FILE`` writes every game as JSON Lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.table import Table

from guarda.arena import ArenaResult, GameResult, gauntlet, round_robin, round_robin_tables
from guarda.cli._arena_tables import (
    add_arena_arguments,
    arena_options,
    ismcts_options,
    run_with_progress,
    show_result,
)
from guarda.cli._common import (
    Parser,
    UsageError,
    add_config_arguments,
    add_game_arguments,
    console,
    fail,
    game_config_of,
    is_guarda,
    players_of,
    seed_of,
    title_of,
)
from guarda.cli._entrants import BOT_NAMES, entrants_of_specs
from guarda.errors import GuardaError

__all__ = ["main"]


def main(argv: Sequence[str]) -> int:
    """Run ``guarda tournament``; the exit status."""
    parser = Parser(
        prog="guarda tournament",
        description="A round robin (or a gauntlet) of named bots, with standings and ratings.",
    )
    parser.add_argument(
        "entrants",
        nargs="*",
        metavar="BOT",
        help=f"the bots: {', '.join(BOT_NAMES)}, package.module:Factory or cmd:COMMAND, each "
        "optionally NAME=...",
    )
    parser.add_argument(
        "--agent", action="append", default=[], metavar="SPEC", help="one more entrant"
    )
    parser.add_argument(
        "--gauntlet", action="store_true", help="the first bot plays each of the others"
    )
    add_config_arguments(parser)
    add_game_arguments(parser)
    add_arena_arguments(parser)
    args = parser.parse_args(list(argv))
    try:
        game, config = game_config_of(args)
        players = players_of(game, config)
        played = None if is_guarda(game) else game
        specs = [*args.entrants, *args.agent]
        agents = entrants_of_specs(specs, ismcts_options(args), game)
        if args.games < 1 or args.workers < 1:
            raise UsageError("--games and --workers must be at least 1")
        kind = "gauntlet" if args.gauntlet else "round robin"
        seed = seed_of(args)
        options = arena_options(args)

        def run(on_game: Callable[[GameResult], None]) -> ArenaResult:
            if args.gauntlet:
                if isinstance(agents, dict):
                    pairs = list(agents.items())
                    challenger, opponents = pairs[0][1], dict(pairs[1:])
                    # A gauntlet's challenger is named by its agent.
                    return gauntlet(
                        config, challenger, opponents, args.games, seed=seed, on_game=on_game,
                        game=played, **options,
                    )  # fmt: skip
                return gauntlet(
                    config, agents[0], agents[1:], args.games, seed=seed, on_game=on_game,
                    game=played, **options,
                )  # fmt: skip
            return round_robin(
                config, agents, args.games, seed=seed, on_game=on_game, game=played, **options
            )

        if len(agents) < 2:
            what = "two bots" if args.gauntlet else "at least 2 bots"
            raise UsageError(f"a {kind} of {players}-player games needs {what}")
        tables = (
            len(agents) - 1 if args.gauntlet else len(round_robin_tables(list(agents), players))
        )
    except UsageError as error:
        return fail("guarda tournament", error, 2)
    out = console(wide=True)
    out.print(
        f"{kind.capitalize()}: {title_of(game, config)}, "
        f"{len(agents)} bots, {args.games} games per table; seed {seed}"
    )
    try:
        result = run_with_progress(out, tables * args.games, args.quiet, run)
    except GuardaError as error:
        return fail("guarda tournament", error, 2)
    show_result(out, result, f"Standings of the {kind}")
    pairs = Table(title="Head to head (wins-draws-losses of the first)")
    pairs.add_column("first")
    pairs.add_column("second")
    pairs.add_column("W-D-L", justify="right")
    for row in result.head_to_head():
        pairs.add_row(row.first, row.second, f"{row.wins}-{row.draws}-{row.losses}")
    out.print(pairs)
    if args.records is not None:
        out.print(f"Records written to {args.records}.")
    return 1 if result.errors else 0
