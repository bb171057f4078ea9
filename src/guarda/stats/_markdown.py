"""Markdown tables: plain text that reads well as is.

The tables of [`format_markdown`][guarda.stats.format_markdown] and of
[`Comparison.to_markdown`][guarda.stats.Comparison.to_markdown].
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from guarda.stats._cards import CardUse
from guarda.stats._summary import Summary

if TYPE_CHECKING:
    from guarda.stats._collect import GameStats

__all__ = ["render_stats"]


def _row(cells: Iterable[object]) -> str:
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def _table(headers: tuple[str, ...], rows: Iterable[tuple[object, ...]]) -> list[str]:
    body = [tuple(str(cell) for cell in row) for row in rows]
    widths = [
        max([len(header)] + [len(row[index]) for row in body])
        for index, header in enumerate(headers)
    ]
    lines = [
        _row(header.ljust(width) for header, width in zip(headers, widths, strict=True)),
        _row("-" * width for width in widths),
    ]
    lines.extend(
        _row(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) for row in body
    )
    return lines


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _summary_row(label: str, summary: Summary) -> tuple[object, ...]:
    return (
        label,
        summary.count,
        _number(summary.mean),
        _number(summary.median),
        _number(summary.minimum),
        _number(summary.maximum),
    )


_SUMMARY_HEADERS = ("", "count", "mean", "median", "min", "max")


def render_stats(stats: GameStats) -> str:
    """The statistics as Markdown (``stats`` checked by the caller)."""
    config = stats.config
    plural = "" if stats.games == 1 else "s"
    lines = [
        f"# Game statistics: {config.name}, {config.players} players, {stats.games} game{plural}",
        "",
        "## Game length",
        "",
        *_table(
            _SUMMARY_HEADERS,
            [
                _summary_row("turns", Summary.of(stats.turns)),
                _summary_row("decisions", Summary.of(stats.plies)),
            ],
        ),
        "",
        "## Branching factor (legal actions per decision)",
        "",
        *_table(
            ("phase", *_SUMMARY_HEADERS[1:]),
            [_summary_row(item.phase.value, item.actions) for item in stats.branching],
        ),
        "",
        f"## Results ({stats.finished} finished games, 95% Wilson intervals)",
        "",
        *_table(
            ("seat", "wins", "draws", "losses"),
            [
                (
                    "first player" if row.seat < 0 else str(row.seat),
                    row.wins,
                    row.draws,
                    row.losses,
                )
                for row in (stats.first_player_results, *stats.seats)
            ],
        ),
        "",
        "## Cards played",
        "",
        *_table(
            ("card", "total", *(use.value for use in CardUse)),
            [
                (row.card, row.total, *(row.count(use) for use in CardUse))
                for row in stats.card_uses
            ],
        ),
        "",
        *_agent_lines(stats),
        "## Damage and points per turn",
        "",
        *_table(
            _SUMMARY_HEADERS,
            [
                _summary_row("damage", Summary.of(stats.damage_per_turn)),
                _summary_row("points", Summary.of(stats.points_per_turn)),
            ],
        ),
        "",
        "## How games end",
        "",
        *_table(
            ("ending", "games", "share"),
            [(ending, count, f"{count / stats.games:.1%}") for ending, count in stats.endings],
        ),
    ]
    if stats.eliminations:
        lines += [
            "",
            *_table(("elimination", "players"), stats.eliminations),
        ]
    return "\n".join(lines) + "\n"


def _agent_lines(stats: GameStats) -> list[str]:
    """The tables by agent (none for records without player names)."""
    if not stats.agents:
        return []
    return [
        "## Results by agent (finished games, 95% Wilson intervals)",
        "",
        *_table(
            ("agent", "games", "wins", "draws", "losses", "went first", "wins when first"),
            [
                (row.name, row.games, row.wins, row.draws, row.losses, row.first, row.first_wins)
                for row in stats.agents
            ],
        ),
        "",
        "## Cards played by agent",
        "",
        *_table(
            ("card", *(row.name for row in stats.agent_cards)),
            [
                (card, *(row.card_uses[index].total for row in stats.agent_cards))
                for index, card in enumerate(item.card for item in stats.card_uses)
            ],
        ),
        "",
    ]
