"""``guarda stats RECORDS...``: the designer statistics of recorded games, as tables.

RECORDS are arena records files (``guarda simulate --records``) or record documents;
their games are summed up by [`guarda.stats.summarize`][guarda.stats.summarize] and
shown as tables (``--markdown`` prints the Markdown itself). ``--plots DIR`` writes the
figures of [guarda.plot][] as PNG files (extra ``plot``). ``--against RECORDS...``
sets two sets of games side by side (two rulesets, say) with
[`guarda.stats.compare`][guarda.stats.compare], labelled by their file names.

An arena's records file names its game, so the statistics of any game need no flag;
``--game NAME`` reads record documents of another game, or any file of a game of your
own (``package.module:GAME``). Card use, damage and the plots are Guarda's: another
game's statistics show what every game has, and ``--plots`` is refused.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.markdown import Markdown

from guarda import stats
from guarda.cli._common import (
    Parser,
    UsageError,
    console,
    fail,
    game_named,
    is_guarda,
    read_game_records,
)
from guarda.errors import GuardaError
from guarda.game import Game

__all__ = ["main"]


def _save_plots(summary: stats.GameStats, folder: str) -> list[str]:
    """Write the plots (guarda.plot is imported here, on demand: it needs matplotlib).

    Raises:
        UsageError: If the ``plot`` extra is not installed.
    """
    try:
        plot = importlib.import_module("guarda.plot")
    except ImportError as error:
        raise UsageError(
            "--plots needs the plot extra (matplotlib is not installed): "
            "pip install 'guarda[plot]'"
        ) from error
    written: dict[str, object] = plot.save_plots(summary, folder)
    return [str(path) for path in written.values()]


def main(argv: Sequence[str]) -> int:
    """Run ``guarda stats``; the exit status."""
    parser = Parser(
        prog="guarda stats",
        description="The designer statistics of recorded games (game lengths, branching, "
        "seat and first-player results, card use, damage, endings).",
    )
    parser.add_argument("files", nargs="+", metavar="RECORDS", help="records files")
    parser.add_argument("--plots", metavar="DIR", help="write the plots as PNG files to DIR")
    parser.add_argument("--markdown", action="store_true", help="print Markdown text")
    parser.add_argument(
        "--game",
        metavar="NAME",
        help="the game of record documents, or package.module:GAME for a game of your own "
        "(an arena's records file names its game)",
    )
    parser.add_argument(
        "--against",
        nargs="+",
        metavar="RECORDS",
        help="compare with these records files (another ruleset, say), side by side",
    )
    args = parser.parse_args(list(argv))
    if args.against is not None and args.plots is not None:
        return fail("guarda stats", "--plots does not go with --against", 2)
    try:
        game = None if args.game is None else game_named(args.game)
        if game is not None and is_guarda(game):
            game = None
        summary = _summarize(args.files, game)
        other = None if args.against is None else _summarize(args.against, game)
        if args.plots is not None and summary.game is not None:
            raise UsageError(
                f"--plots: the plots are Guarda's (card use, damage); {summary.game.title} "
                "has none"
            )
    except UsageError as error:
        return fail("guarda stats", error, 2)
    except _RecordsError as error:
        return fail("guarda stats", str(error), 1)
    except GuardaError as error:
        return fail("guarda stats", error, 1)
    out = console()
    if other is None:
        text = summary.to_markdown()
    else:
        labels = (_label(args.files), _label(args.against))
        text = stats.compare(summary, other, labels=labels).to_markdown()
    if args.markdown:
        print(text)
    else:
        out.print(Markdown(text))
    if args.plots is not None:
        try:
            written = _save_plots(summary, args.plots)
        except UsageError as error:
            return fail("guarda stats", error, 1)
        except OSError as error:
            return fail("guarda stats", f"cannot write the plots to {args.plots}: {error}", 1)
        out.print(f"{len(written)} plots written to {args.plots}.")
    return 0


class _RecordsError(Exception):
    """A records file that does not read: the command prints it and exits with status 1."""


def _summarize(paths: Sequence[str], game: Game | None = None) -> stats.GameStats:
    """The statistics of the records files (of ``game``; None: Guarda's or the files').

    Raises:
        UsageError: If a file cannot be read.
        _RecordsError: If a file's records are bad (the message names the file).
        GuardaError: If the records do not sum up (mixed rulesets, say).
    """
    records: list[Any] = []
    for path in paths:
        try:
            records += read_game_records(path, game)
        except UsageError:
            raise
        except GuardaError as error:
            raise _RecordsError(f"{path}: {error}") from error
    return stats.summarize(records, game=game)


def _label(paths: Sequence[str]) -> str:
    """A set of games' label: its files' names."""
    return " + ".join(Path(path).name for path in paths)
