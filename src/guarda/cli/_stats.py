"""``guarda stats RECORDS...``: the designer statistics of recorded games, as tables.

RECORDS are arena records files (``guarda simulate --records``) or record documents;
their games are summed up by [`guarda.stats.summarize`][guarda.stats.summarize] and
shown as tables (``--markdown`` prints the Markdown itself). ``--plots DIR`` writes the
figures of [guarda.plot][] as PNG files (extra ``plot``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

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
    args = parser.parse_args(list(argv))
    records: list[guarda.GameRecord] = []
    for path in args.files:
        try:
            records += read_game_records(path)
        except UsageError as error:
            return fail("guarda stats", error, 2)
        except GuardaError as error:
            return fail("guarda stats", f"{path}: {error}", 1)
    try:
        summary = stats.summarize(records)
    except GuardaError as error:
        return fail("guarda stats", error, 1)
    out = console()
    text = summary.to_markdown()
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
