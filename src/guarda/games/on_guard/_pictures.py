"""Pictures of On Guard positions: an SVG with no dependency, and plain text for terminals.

Each seat's unplayed cards are drawn in a row (they are public: both players can count
them); the cards a viewer may see in a selection are raised and outlined, a hidden
selection is only said to be chosen. The last revealed selections sit in the middle.

Examples:
    >>> from guarda.games.on_guard import ON_GUARD, text
    >>> print(text(ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)))
    On Guard, Mezzo tempo: turn 1, seat 0 to choose
    Seat 0 (spades)  hits 0  cards A A 2 2 3 3 4 5 6 7 8 9 10 J Q K
    Seat 1 (hearts)  hits 0  cards A A 2 2 3 3 4 5 6 7 8 9 10 J Q K
    Barrage: seat 0 plays odds
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final
from xml.sax.saxutils import escape

from guarda.errors import ArgumentError

from ._cards import CARD_NAMES, JOKER, SUITS
from ._state import OnGuardState
from ._views import OnGuardView

__all__ = ["svg", "text"]

_SYMBOLS: Final = {"spades": "\u2660", "clubs": "\u2663", "hearts": "\u2665", "diamonds": "\u2666"}
_CARD_W: Final = 38
_CARD_H: Final = 54
_GAP: Final = 6
_WIDTH: Final = 780
_ROW_Y: Final = (60, 250)
_TIERS: Final = {"mezzo": "Mezzo tempo", "stesso": "Stesso tempo"}

Position = OnGuardState | OnGuardView


def _check(position: object) -> Position:
    if not isinstance(position, OnGuardState | OnGuardView):
        raise ArgumentError(f"not an On Guard state or view: {position!r}", path="position")
    return position


def _seen_selection(position: Position, seat: int) -> tuple[int, ...] | None:
    """The selection of ``seat`` the picture may show, None if hidden."""
    if isinstance(position, OnGuardState):
        return position.selections[seat]
    if position.player == seat:
        return position.selection
    return None


def _unplayed(position: Position, seat: int) -> tuple[int, ...]:
    if isinstance(position, OnGuardState):
        return position.unplayed(seat)
    return position.unplayed[seat]


def _headline(position: Position) -> str:
    tier = _TIERS[position.config.tier] + (", Jokers" if position.config.jokers else "")
    if position.winner is not None:
        return f"On Guard, {tier}: seat {position.winner} wins"
    what = {"bout": "to choose", "final": "to make a Final Attack", "barrage": "to choose"}
    phase = "Barrage, " if position.phase == "barrage" else ""
    return (
        f"On Guard, {tier}: {phase}turn {position.turns + 1}, "
        f"seat {position.actor} {what[position.phase]}"
    )


def _selection_text(position: Position, seat: int) -> str:
    seen = _seen_selection(position, seat)
    if seen:
        words = " ".join(CARD_NAMES[card] for card in seen)
        return f"  selection {words}" + (" (chosen)" if position.chosen[seat] else "")
    if position.chosen[seat]:
        return "  chosen (hidden)"
    return ""


def text(position: Position) -> str:
    """A plain-text picture of a state or view.

    Raises:
        ArgumentError: If ``position`` is not an On Guard state or view.

    Examples:
        >>> from guarda.games.on_guard import ON_GUARD
        >>> text(ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)).splitlines()[0]
        'On Guard, Mezzo tempo: turn 1, seat 0 to choose'
    """
    position = _check(position)
    lines = [_headline(position)]
    for seat in (0, 1):
        cards = " ".join(CARD_NAMES[card] for card in _unplayed(position, seat)) or "-"
        lines.append(
            f"Seat {seat} ({SUITS[seat][0]})  hits {position.hits[seat]}  cards {cards}"
            + _selection_text(position, seat)
        )
    if any(position.revealed):
        shown = (" ".join(CARD_NAMES[c] for c in cards) or "-" for cards in position.revealed)
        lines.append("Last revealed: seat 0 {} | seat 1 {}".format(*shown))
    if position.phase == "barrage" or any(position.barrage_hits):
        lines.append(f"Barrage hits {position.barrage_hits[0]}-{position.barrage_hits[1]}")
    lines.append(f"Barrage: seat {position.odds} plays odds")
    return "\n".join(lines)


def _card(x: float, y: float, card: int, suit: str, *, raised: bool = False) -> str:
    red = suit in ("hearts", "diamonds")
    colour = "#b3261e" if red else "#1d1d1f"
    symbol = "\u2605" if card == JOKER else _SYMBOLS[suit]
    stroke = "#1f6feb" if raised else "#888"
    width = 2.5 if raised else 1
    if raised:
        y -= 10
    return (
        f'<g><rect x="{x}" y="{y}" width="{_CARD_W}" height="{_CARD_H}" rx="4" '
        f'fill="#fff" stroke="{stroke}" stroke-width="{width}"/>'
        f'<text x="{x + _CARD_W / 2}" y="{y + 22}" text-anchor="middle" font-size="15" '
        f'font-weight="bold" fill="{colour}">{escape(CARD_NAMES[card])}</text>'
        f'<text x="{x + _CARD_W / 2}" y="{y + 44}" text-anchor="middle" font-size="16" '
        f'fill="{colour}">{symbol}</text></g>'
    )


def _row(cards: Sequence[int], seat: int, x: float, y: float, raised: Sequence[int]) -> list[str]:
    parts = []
    seen: set[int] = set()
    lift = list(raised)
    for index, card in enumerate(cards):
        suit = SUITS[seat][1] if card in seen else SUITS[seat][0]
        seen.add(card)
        up = card in lift
        if up:
            lift.remove(card)
        parts.append(_card(x + index * (_CARD_W + _GAP), y, card, suit, raised=up))
    return parts


def _label(x: float, y: float, words: str, size: int = 14, weight: str = "normal") -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
        f'fill="#1d1d1f">{escape(words)}</text>'
    )


def svg(position: Position) -> str:
    """An SVG picture of a state or view (no dependency; fonts are the viewer's).

    Raises:
        ArgumentError: If ``position`` is not an On Guard state or view.

    Examples:
        >>> from guarda.games.on_guard import ON_GUARD
        >>> svg(ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)).startswith("<svg")
        True
    """
    position = _check(position)
    height = 350
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" font-family="sans-serif">',
        f'<rect width="{_WIDTH}" height="{height}" fill="#f3efe6"/>',
        _label(16, 24, _headline(position), 15, "bold"),
    ]
    for seat in (0, 1):
        y = _ROW_Y[seat]
        seen = _seen_selection(position, seat) or ()
        status = _selection_text(position, seat).strip()
        parts.append(
            _label(
                16,
                y + 2 if seat == 0 else y - 14,
                f"Seat {seat} ({SUITS[seat][0]}): {position.hits[seat]} hits"
                + (
                    f", Barrage {position.barrage_hits[seat]}"
                    if position.phase == "barrage"
                    else ""
                )
                + (f"; {status}" if status else ""),
            )
        )
        row_y = y + 14 if seat == 0 else y
        parts.extend(_row(_unplayed(position, seat), seat, 16, row_y, seen))
    if any(position.revealed):
        parts.append(_label(16, 160, "Last revealed", 13, "bold"))
        for seat in (0, 1):
            parts.extend(_row(position.revealed[seat], seat, 130 + seat * 330, 140, ()))
    parts.append(_label(16, 340, f"Barrage: seat {position.odds} plays odds", 12))
    parts.append("</svg>")
    return "".join(parts)
