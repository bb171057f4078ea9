"""``guarda simulate``: bots against bots for N games, seats rotating.

A progress bar while the games run, then the standings of the bots (rates with 95%
Wilson intervals, Bradley-Terry ratings); ``--records FILE`` writes every game as JSON
Lines (read it with ``guarda stats``, ``guarda replay`` or ``guarda.arena.read_arena``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from guarda.arena import AgentSpec, ArenaResult, GameResult, match
from guarda.cli._arena_tables import (
    add_arena_arguments,
    arena_options,
    ismcts_options,
    run_with_progress,
    show_result,
    sprt_of,
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
    """Run ``guarda simulate``; the exit status."""
    parser = Parser(
        prog="guarda simulate",
        description="Play bots against bots for N games and show the results.",
    )
    add_config_arguments(parser)
    add_game_arguments(parser)
    parser.add_argument(
        "--bots",
        metavar="BOTS",
        help=f"one bot per seat, or one for every seat, comma-separated ({', '.join(BOT_NAMES)}, "
        "package.module:Factory or cmd:COMMAND, each optionally NAME=...; default random)",
    )
    parser.add_argument(
        "--agent",
        action="append",
        metavar="SPEC",
        help="a seat's agent (repeat it for each seat, or give one for every seat): a bot "
        "name, package.module:Factory or cmd:COMMAND, optionally NAME=SPEC",
    )
    parser.add_argument(
        "--sprt",
        metavar="ELO0,ELO1[,ALPHA,BETA]",
        help="stop once a sequential probability ratio test decides whether the first "
        "agent is better than the second (alpha and beta 0.05 unless given)",
    )
    add_arena_arguments(parser)
    args = parser.parse_args(list(argv))
    try:
        game, config = game_config_of(args)
        players = players_of(game, config)
        played = None if is_guarda(game) else game
        if args.bots is not None and args.agent:
            raise UsageError("give the seats with --bots or with --agent, not both")
        specs = args.agent or [text for text in (args.bots or "random").split(",") if text]
        if len(specs) == 1:
            specs *= players
        if len(specs) != players:
            raise UsageError(f"give {players} agents (one per seat) or one, not {len(specs)}")
        agents = entrants_of_specs(specs, ismcts_options(args), game)
        sprt = sprt_of(args.sprt)
        if sprt is not None and players != 2:
            raise UsageError("--sprt compares two agents: use it with --players 2")
        if args.games < 1 or args.workers < 1:
            raise UsageError("--games and --workers must be at least 1")
    except UsageError as error:
        return fail("guarda simulate", error, 2)
    seed = seed_of(args)
    out = console(wide=True)
    out.print(f"{title_of(game, config)}: {', '.join(specs)}; seed {seed}")

    def run(on_game: Callable[[GameResult], None]) -> ArenaResult:
        seats: list[AgentSpec] | dict[str, AgentSpec] = agents
        return match(
            config,
            seats,
            args.games,
            seed=seed,
            on_game=on_game,
            sprt=sprt,
            game=played,
            **arena_options(args),
        )

    try:
        result = run_with_progress(out, args.games, args.quiet, run)
    except GuardaError as error:
        return fail("guarda simulate", error, 2)
    show_result(out, result, f"Standings after {len(result.games)} games")
    if args.records is not None:
        out.print(f"Records written to {args.records}.")
    return 1 if result.errors else 0
