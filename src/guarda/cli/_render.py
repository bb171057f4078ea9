"""``guarda render FILE``: draw a position as SVG (``--svg OUT``) or text (``--text``).

FILE holds a state, a view or a record document (a record is drawn in its final
position; an arena's records file with ``--game K``). ``--seat N`` draws what seat N
sees (R28); without it a state or a record is drawn whole, as a spectator with
``--spectator``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import guarda
from guarda import render
from guarda.arena import read_records
from guarda.cli._common import (
    Parser,
    UsageError,
    console,
    fail,
    is_arena_file,
    read_text,
    seat_of,
)
from guarda.errors import GuardaError

__all__ = ["main"]


def _position(path: str, game: int | None) -> guarda.GameState | guarda.PlayerView:
    text = read_text(path)
    if is_arena_file(text):
        records = read_records(path)
        index = 0 if game is None else game
        if not 0 <= index < len(records):
            raise UsageError(f"--game: no game {index} in {path} ({len(records)} games)")
        return guarda.final_state(records[index])
    value = guarda.loads(text)
    if isinstance(value, guarda.GameRecord):
        return guarda.final_state(value)
    if isinstance(value, guarda.GameState | guarda.PlayerView):
        return value
    raise UsageError(
        f"{path} holds a {type(value).__name__}, which has no position: give a state, "
        "a view or a record"
    )


def main(argv: Sequence[str]) -> int:
    """Run ``guarda render``; the exit status."""
    parser = Parser(
        prog="guarda render",
        description="Draw the position in a state, view or record document (a record's "
        "final position) as SVG or as text.",
    )
    parser.add_argument("file", metavar="FILE", help="a state, view or record document")
    parser.add_argument("--svg", metavar="OUT", help="write the SVG picture to OUT ('-': stdout)")
    parser.add_argument("--text", action="store_true", help="print the position as text")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, metavar="N", help="draw what seat N sees")
    who.add_argument("--spectator", action="store_true", help="draw what a spectator sees")
    parser.add_argument("--game", type=int, metavar="K", help="the game of a records file")
    args = parser.parse_args(list(argv))
    if args.svg is None and not args.text:
        return fail("guarda render", "give --svg OUT or --text (or both)", 2)
    try:
        position = _position(args.file, args.game)
        seat = seat_of(args.seat, position.config)
        if isinstance(position, guarda.PlayerView):
            if seat is not None and seat != position.player:
                raise UsageError(
                    f"--seat {seat}: the file holds the view of seat {position.player}"
                )
        elif seat is not None or args.spectator:
            position = guarda.view(position, seat)
    except UsageError as error:
        return fail("guarda render", error, 2)
    except GuardaError as error:
        return fail("guarda render", f"{args.file}: {error}", 1)
    if args.text:
        console().print(render.text(position))
    if args.svg == "-":
        sys.stdout.write(render.field_svg(position))
    elif args.svg is not None:
        try:
            Path(args.svg).write_text(render.field_svg(position), encoding="utf-8")
        except OSError as error:
            return fail("guarda render", f"cannot write {args.svg}: {error.strerror}", 1)
    return 0
