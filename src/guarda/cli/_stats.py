"""``guarda stats RECORDS...``: the designer statistics of recorded games, as tables.

RECORDS are arena records files (``guarda simulate --records``) or record documents;
their games are summed up by [`guarda.stats.summarize`][guarda.stats.summarize] and
shown as tables (``--markdown`` prints the Markdown itself). ``--plots DIR`` writes the
figures of [guarda.plot][] as PNG files (extra ``plot``). ``--against RECORDS...``
sets two sets of games side by side (two rulesets, say) with
[`guarda.stats.compare`][guarda.stats.compare], labelled by their file names.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path

from rich.markdown import Markdown

import guarda
from guarda import stats
from guarda.cli._common import Parser, UsageError, console, fail, read_game_records
from guarda.errors import GuardaError

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
        "--against",
        nargs="+",
        metavar="RECORDS",
        help="compare with these records files (another ruleset, say), side by side",
    )
    args = parser.parse_args(list(argv))
    if args.against is not None and args.plots is not None:
        return fail("guarda stats", "--plots does not go with --against", 2)
    try:
        summary = _summarize(args.files)
        other = None if args.against is None else _summarize(args.against)
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


def _summarize(paths: Sequence[str]) -> stats.GameStats:
    """The statistics of the records files.

    Raises:
        UsageError: If a file cannot be read.
        _RecordsError: If a file's records are bad (the message names the file).
        GuardaError: If the records do not sum up (mixed rulesets, say).
    """
    records: list[guarda.GameRecord] = []
    for path in paths:
        try:
            records += read_game_records(path)
        except UsageError:
            raise
        except GuardaError as error:
            raise _RecordsError(f"{path}: {error}") from error
    return stats.summarize(records)


def _label(paths: Sequence[str]) -> str:
    """A set of games' label: its files' names."""
    return " + ".join(Path(path).name for path in paths)
