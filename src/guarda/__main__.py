"""A demo: ``python -m guarda`` plays one seeded game between random players.

Each turn is printed as a small picture of the field with every piece, a status line
per player (both drawn by [guarda.render][]) and the events of the turn in plain English;
then the result, counting turns as the turn headers do. Run ``python -m guarda --help``
for the options.

It needs guarda alone. The ``guarda`` command of the ``cli`` extra plays, replays and
simulates games (``guarda --help``); ``python -m guarda verify --command CMD``, like
``guarda verify``, checks another implementation against the conformance vectors
instead (see [guarda.conformance][]), and ``python -m guarda serve``, like
``guarda serve``, runs a game server (see [guarda.server][]; it needs the ``server``
extra).

Examples:
    >>> main(["--seed", "2", "--quiet"])  # doctest: +ELLIPSIS
    Result: ...
    0
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
from collections.abc import Callable, Sequence

from guarda._config import Config, classic, grda, modern
from guarda._engine import apply, legal_actions, new_game
from guarda._events import TurnStarted, describe
from guarda._state import GameState
from guarda.conformance import verify_main
from guarda.errors import GuardaError
from guarda.render import field_text, players_text, seat_names

__all__ = ["main", "run"]

EDITIONS: dict[str, Callable[..., Config]] = {"classic": classic, "modern": modern, "grda": grda}
"""The editions the demo can play, by command-line name."""

WINS = ("elimination", "victory", "exhaustion", "king-of-the-hill")
"""The win conditions the demo can play, by command-line name."""


def _result(state: GameState) -> str:
    """The result, in the turn the game ended: the number of the last "Turn N" header.

    ``state.turn_number`` counts the turns started and ``state.turns_ended`` the turns
    ended (R27); a game that ends by elimination ends inside a turn that never ends, so
    only ``turn_number`` counts as the headers do.
    """
    outcome = state.outcome
    assert outcome is not None
    names = seat_names(state.config)
    reason = outcome.reason.value
    if outcome.winners:
        who = " and ".join(names[p] for p in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        head = f"Result: {who} {verb} ({reason}) in turn {state.turn_number}"
    else:
        who = " and ".join(names[p] for p in outcome.drawn)
        head = f"Result: draw between {who} ({reason}) in turn {state.turn_number}"
    lines = [head]
    for index, name in enumerate(names):
        lines.append(
            f"  {name}: health {outcome.health[index]}, points {outcome.points[index]}, "
            f"payout {outcome.payouts[index]:+d}"
        )
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="guarda",
        description="Play one seeded game of Guarda between random players and print it.",
        epilog="guarda verify --command CMD: check another implementation against the "
        "conformance vectors (guarda verify --help).",
    )
    parser.add_argument("--edition", choices=sorted(EDITIONS), default="modern")
    parser.add_argument("--players", type=int, default=2, help="number of players (2-8)")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--win", choices=WINS, default="elimination", help="win condition")
    parser.add_argument(
        "--max-turns",
        type=int,
        default=None,
        metavar="N",
        help="end the game as a draw after N turns (the R27 turn limit)",
    )
    parser.add_argument("--quiet", action="store_true", help="print the result only")
    return parser


def _serve(argv: Sequence[str]) -> int:
    """``guarda serve``: run a game server (``guarda.server``, the ``server`` extra)."""
    try:
        server = importlib.import_module("guarda.server")
    except ImportError as error:
        print(f"guarda serve: pip install 'guarda[server]' first ({error})", file=sys.stderr)
        return 2
    status: int = server.main(argv)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo.

    Args:
        argv: Command-line arguments without the program name; None reads ``sys.argv``.
            ``verify ...`` runs ``guarda verify`` and ``serve ...`` ``guarda serve``
            instead of the demo.

    Returns:
        The exit status: 0, or 2 for an invalid game setting (for ``verify``: see
        [guarda.conformance.verify_main][]).
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments[:1] == ["verify"]:
        return verify_main(arguments[1:])
    if arguments[:1] == ["serve"]:
        return _serve(arguments[1:])
    args = _parser().parse_args(arguments)
    try:
        config = EDITIONS[args.edition](
            players=args.players, win=args.win, turn_limit=args.max_turns
        )
    except GuardaError as error:
        print(f"guarda: error: {error}", file=sys.stderr)
        return 2
    names = seat_names(config)
    chooser = random.Random(args.seed)
    state = new_game(config, args.seed)
    if not args.quiet:
        print(f"{config.name}, {config.players} players, {args.win}, seed {args.seed}")
        for event in state.events:
            print("  " + describe(event, names))
    while not state.is_over:
        state, events = apply(state, chooser.choice(legal_actions(state)))
        if args.quiet:
            continue
        for event in events:
            if isinstance(event, TurnStarted):
                print()
                print(field_text(state))
                print(players_text(state))
                print(describe(event, names))
            else:
                print("  " + describe(event, names))
    if not args.quiet:
        print()
        print(field_text(state))
        print(players_text(state))
    print(_result(state))
    return 0


def run() -> int:
    """Run `main` for the command line: a reader that stops early
    (``python -m guarda | head``) ends the demo quietly instead of with a traceback.

    Returns:
        The exit status of ``main``, or 1 when the output pipe closed.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would report the pipe again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


if __name__ == "__main__":
    raise SystemExit(run())
