"""A demo: ``python -m guarda`` (or ``guarda``) plays one seeded game between random players.

Each turn is printed as a small picture of the field with every piece, a status line
per player and the events of the turn in plain English; then the result. Run
``python -m guarda --help`` for the options.

``guarda verify --command CMD`` checks another implementation against the conformance
vectors instead (see [guarda.conformance][]; ``guarda verify --help``).

Examples:
    >>> main(["--seed", "2", "--quiet"])  # doctest: +ELLIPSIS
    Result: ...
    0
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from guarda._config import Config, classic, grda, modern
from guarda._engine import apply, legal_actions, new_game
from guarda._events import TurnStarted, describe
from guarda._state import GameState, GuardStatus
from guarda.conformance import verify_main
from guarda.errors import GuardaError

__all__ = ["board", "main", "seat_names", "status"]

EDITIONS: dict[str, Callable[..., Config]] = {"classic": classic, "modern": modern, "grda": grda}
"""The editions the demo can play, by command-line name."""

WINS = ("elimination", "victory", "exhaustion", "king-of-the-hill")
"""The win conditions the demo can play, by command-line name."""


def seat_names(config: Config) -> tuple[str, ...]:
    """A readable name per player: their side, numbered when several share a side.

    Examples:
        >>> seat_names(modern(players=2))
        ('South', 'North')
        >>> seat_names(modern(players=8))[:2]
        ('South 1', 'South 2')
    """
    sides = [side.name.title() for side in config.seats]
    names = []
    for index, side in enumerate(sides):
        if sides.count(side) == 1:
            names.append(side)
        else:
            names.append(f"{side} {sides[: index + 1].count(side)}")
    return tuple(names)


def _marks(config: Config) -> tuple[str, ...]:
    """One letter per player for the board: the side's initial, lower-case for a second."""
    marks = []
    for index, side in enumerate(config.seats):
        initial = side.name[0]
        marks.append(initial if config.seats[:index].count(side) == 0 else initial.lower())
    return tuple(marks)


def board(state: GameState) -> str:
    """A picture of the field: rows from North to South, ``.`` empty, ``$`` loot.

    Pieces are marked by their side's initial (lower case for a second player on the
    same side).

    Examples:
        >>> import guarda
        >>> print(board(guarda.new_game(guarda.grda(), seed=1)))
        4 . . . .
        3 . . . .
        2 . . . .
        1 . . . .
          a b c d
    """
    size = state.config.size
    marks = _marks(state.config)
    grid = [["." for _ in range(size)] for _ in range(size)]
    for cell, _ in state.loot:
        grid[cell.y][cell.x] = "$"
    for index, player in enumerate(state.players):
        if player.position is not None:
            grid[player.position.y][player.position.x] = marks[index]
    width = len(str(size))
    lines = [f"{y + 1:>{width}} " + " ".join(grid[y]) for y in reversed(range(size))]
    lines.append(" " * (width + 1) + " ".join("abcdefghijklmnopqrstuvwxyz"[:size]))
    return "\n".join(lines)


def status(state: GameState) -> str:
    """One line per player: health, points and the public sizes of their zones.

    Examples:
        >>> import guarda
        >>> print(status(guarda.new_game(guarda.modern(), seed=1)))  # doctest: +ELLIPSIS
        S South  health 10  points 0  hand 0  draw ...
    """
    names = seat_names(state.config)
    marks = _marks(state.config)
    width = max(len(name) for name in names)
    lines = []
    for index, player in enumerate(state.players):
        head = f"{marks[index]} {names[index]:<{width}}"
        if player.is_out:
            lines.append(f"{head}  out  points {player.points}")
            continue
        guard = "none"
        if player.guard is not None:
            guard = "set" if player.guard.status is GuardStatus.SET else "preparing"
        lines.append(
            f"{head}  health {player.health}  points {player.points}  hand {len(player.hand)}"
            f"  draw {len(player.draw_pile)}  discard {player.discard_size}  guard {guard}"
        )
    return "\n".join(lines)


def _result(state: GameState) -> str:
    outcome = state.outcome
    assert outcome is not None
    names = seat_names(state.config)
    reason = outcome.reason.value
    if outcome.winners:
        who = " and ".join(names[p] for p in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        head = f"Result: {who} {verb} ({reason}) after {state.turns_ended} turns"
    else:
        who = " and ".join(names[p] for p in outcome.drawn)
        head = f"Result: draw between {who} ({reason}) after {state.turns_ended} turns"
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo.

    Args:
        argv: Command-line arguments without the program name; None reads ``sys.argv``.
            ``verify ...`` runs ``guarda verify`` instead of the demo.

    Returns:
        The exit status: 0, or 2 for an invalid game setting (for ``verify``: see
        [guarda.conformance.verify_main][]).
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments[:1] == ["verify"]:
        return verify_main(arguments[1:])
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
                print(board(state))
                print(status(state))
                print(describe(event, names))
            else:
                print("  " + describe(event, names))
    if not args.quiet:
        print()
        print(board(state))
        print(status(state))
    print(_result(state))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
