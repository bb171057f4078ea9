"""Markdown tables: plain text that reads well as is.

The tables of [`format_markdown`][guarda.stats.format_markdown] and of
[`Comparison.to_markdown`][guarda.stats.Comparison.to_markdown].
"""

from __future__ import annotations

from collections.abc import Iterable

from guarda.stats._summary import Summary

__all__ = ["SUMMARY_HEADERS", "number", "summary_row", "table"]


def row(cells: Iterable[object]) -> str:
    """One row of a Markdown table."""
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def table(headers: tuple[str, ...], rows: Iterable[tuple[object, ...]]) -> list[str]:
    """A Markdown table, its columns padded to their widest cell."""
    body = [tuple(str(cell) for cell in line) for line in rows]
    widths = [
        max([len(header)] + [len(line[index]) for line in body])
        for index, header in enumerate(headers)
    ]
    lines = [
        row(header.ljust(width) for header, width in zip(headers, widths, strict=True)),
        row("-" * width for width in widths),
    ]
    lines.extend(
        row(cell.ljust(width) for cell, width in zip(line, widths, strict=True)) for line in body
    )
    return lines


def number(value: float) -> str:
    """A number in at most two decimals, without trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def summary_row(label: str, summary: Summary) -> tuple[object, ...]:
    """A table row of a summary: count, mean, median, minimum and maximum."""
    return (
        label,
        summary.count,
        number(summary.mean),
        number(summary.median),
        number(summary.minimum),
        number(summary.maximum),
    )


SUMMARY_HEADERS = ("", "count", "mean", "median", "min", "max")
