"""``guarda validate FILE``: check a guarda document or an arena's records file.

Any document ([`guarda.loads`][guarda.loads] validates it against its schema and the
rules of its kind) or an arena's JSON Lines file; every record in it is replayed, which
checks each action's legality and the stored result. Prints ``OK`` and what the file
holds, or the first error with its path, and exits 0 or 1.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import guarda
from guarda.arena import read_records
from guarda.cli._common import (
    Parser,
    UsageError,
    console,
    fail,
    is_arena_file,
    read_text,
)
from guarda.errors import GuardaError

__all__ = ["main"]


def _describe(value: object) -> str:
    if isinstance(value, guarda.GameRecord):
        return f"a record of {value.plies} plies, replayed"
    if isinstance(value, guarda.GameState):
        return f"a state (turn {value.turn_number}, {value.phase.value} phase)"
    if isinstance(value, guarda.PlayerView):
        return f"a view of seat {value.player} (turn {value.turn_number})"
    if isinstance(value, guarda.SeatRecord):
        return f"a seat record of {len(value.events)} events"
    if isinstance(value, guarda.Config):
        return f"a config ({value.name}, {value.players} players)"
    return f"a {type(value).__name__}"


def _check(path: str, text: str) -> str:
    if is_arena_file(text):
        records = read_records(path)
        for number, record in enumerate(records):
            try:
                guarda.final_state(record)
            except GuardaError as error:
                raise UsageError(f"record {number}: {error}") from error
        return f"an arena records file of {len(records)} games, all replayed"
    value = guarda.loads(text)
    if isinstance(value, guarda.GameRecord):
        guarda.final_state(value)
    return _describe(value)


def main(argv: Sequence[str]) -> int:
    """Run ``guarda validate``; 0 when the file is valid, 1 when not, 2 for bad usage."""
    parser = Parser(
        prog="guarda validate",
        description="Check a guarda document (config, state, view, record, ...) or an "
        "arena's JSON Lines records file; records are replayed.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the file ('-' for stdin)")
    args = parser.parse_args(list(argv))
    try:
        text = read_text(args.file)
    except UsageError as error:
        return fail("guarda validate", error, 2)
    try:
        what = _check(args.file, text)
    except (GuardaError, UsageError) as error:
        return fail("guarda validate", f"{args.file}: {error}", 1)
    console().print(f"OK: {args.file}: {what}")
    return 0
