"""Pictures of a Garrison game: an SVG drawing and a plain-text one, from a state or view.

Hidden cards are drawn as backs. Each player's row shows the keep (face-up hearts, fallen
hearts as backs, clubs), the besieging spades and the hand; above them the deck, the
discard pile's top card and the market.

Examples:
    >>> from guarda.games.garrison import GarrisonConfig, new_game, text, view
    >>> print(text(view(new_game(GarrisonConfig(), seed=1), 0)).splitlines()[0])
    Garrison, 2 players, target 30: turn 1, player 0 to play (main)
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from guarda.errors import ArgumentError
from guarda.games.garrison._cards import card_name, suit
from guarda.games.garrison._state import GarrisonState
from guarda.games.garrison._views import GarrisonView

__all__ = ["svg", "text"]

_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")
_COLOURS = ("#1a1a1a", "#c0392b", "#c0392b", "#1a1a1a")
_W, _H, _GAP = 34, 48, 4


def _check(position: object) -> GarrisonState | GarrisonView:
    if not isinstance(position, GarrisonState | GarrisonView):
        raise ArgumentError(
            f"not a Garrison state or view: {type(position).__name__}", path="position"
        )
    return position


def _hands(position: GarrisonState | GarrisonView) -> list[tuple[int | None, ...]]:
    """Each hand as far as the position shows it (None for a card not seen)."""
    if isinstance(position, GarrisonState):
        return list(position.hands)
    hands: list[tuple[int | None, ...]] = []
    for seat, size in enumerate(position.hand_sizes):
        if seat == position.player:
            hands.append(position.hand)
        else:
            shown = position.shown[seat]
            hands.append((*shown, *(None,) * (size - len(shown))))
    return hands


def _label(card: int) -> str:
    if card == 52:
        return "JK"
    name = card_name(card)
    rank = "10" if name[0] == "T" else name[0]
    return rank + _SYMBOLS[suit(card)]


def _headline(position: GarrisonState | GarrisonView) -> str:
    config = position.config
    head = f"Garrison, {config.players} players, target {config.target}: "
    if position.phase == "over":
        if position.winner is None:
            return head + f"over after {position.turns} turns, a draw at the turn limit"
        return head + f"over, player {position.winner} wins"
    return head + f"turn {position.turns + 1}, player {position.actor} to play ({position.phase})"


def text(position: GarrisonState | GarrisonView) -> str:
    """A plain-text picture of a state or view (``##`` a hidden card, ``--`` an empty space).

    Raises:
        ArgumentError: If ``position`` is no Garrison state or view.
    """
    position = _check(position)

    def names(cards: tuple[int | None, ...], blank: str = "##") -> str:
        return " ".join(blank if c is None else card_name(c) for c in cards) or "-"

    deck = len(position.deck) if isinstance(position, GarrisonState) else position.deck_size
    top = card_name(position.discard[-1]) if position.discard else "-"
    lines = [
        _headline(position),
        f"deck {deck}  discard {len(position.discard)} (top {top})  "
        f"market {names(position.market, '--')}",
    ]
    for seat, (keep, hand) in enumerate(zip(position.keeps, _hands(position), strict=True)):
        mark = ">" if seat == position.turn_player else " "
        lines.append(
            f"{mark}P{seat} keep {keep.value:>2}: court {names(keep.court)}"
            f" | fallen {names(keep.fallen)} | garrison {names(keep.garrison)}"
            f" | siege {keep.strength} {names(keep.siege)} | hand {names(hand)}"
        )
    return "\n".join(lines)


def _card(x: int, y: int, card: int | None, *, down: bool = False) -> str:
    if card is None or down:
        return (
            f'<rect x="{x}" y="{y}" width="{_W}" height="{_H}" rx="4" fill="#34568b" '
            'stroke="#1c2e4a"/>'
        )
    colour = "#6b2d91" if card == 52 else _COLOURS[suit(card)]
    return (
        f'<rect x="{x}" y="{y}" width="{_W}" height="{_H}" rx="4" fill="#fffdf6" '
        f'stroke="#888"/><text x="{x + _W // 2}" y="{y + 29}" text-anchor="middle" '
        f'font-size="13" fill="{colour}">{escape(_label(card))}</text>'
    )


def _row(x: int, y: int, cards: tuple[int | None, ...], *, down: bool = False) -> list[str]:
    return [_card(x + i * (_W + _GAP), y, card, down=down) for i, card in enumerate(cards)]


def svg(position: GarrisonState | GarrisonView) -> str:
    """An SVG picture of a state or view, with no dependency.

    Raises:
        ArgumentError: If ``position`` is no Garrison state or view.

    Examples:
        >>> from guarda.games.garrison import GarrisonConfig, new_game
        >>> svg(new_game(GarrisonConfig(), seed=1)).startswith("<svg")
        True
    """
    position = _check(position)
    players = position.config.players
    width, row = 760, _H + 30
    height = 40 + (_H + 40) + players * row
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#2e6b3f"/>',
        f'<text x="10" y="22" font-size="14" fill="#fff">{escape(_headline(position))}</text>',
    ]
    deck = len(position.deck) if isinstance(position, GarrisonState) else position.deck_size
    y = 40
    parts.append(_card(10, y, None))
    parts.append(
        f'<text x="{10 + _W // 2}" y="{y + _H + 14}" font-size="11" fill="#fff" '
        f'text-anchor="middle">deck {deck}</text>'
    )
    if position.discard:
        parts.append(_card(60, y, position.discard[-1]))
    parts.append(
        f'<text x="{60 + _W // 2}" y="{y + _H + 14}" font-size="11" fill="#fff" '
        f'text-anchor="middle">pile {len(position.discard)}</text>'
    )
    for slot, card in enumerate(position.market):
        if card is not None:
            parts.append(_card(130 + slot * (_W + _GAP), y, card))
    parts.append(f'<text x="130" y="{y + _H + 14}" font-size="11" fill="#fff">market</text>')
    y += _H + 30
    for seat, (keep, hand) in enumerate(zip(position.keeps, _hands(position), strict=True)):
        turn = " (turn)" if seat == position.turn_player else ""
        parts.append(
            f'<text x="10" y="{y + 12}" font-size="12" fill="#fff">P{seat}{turn}</text>'
            f'<text x="10" y="{y + 28}" font-size="11" fill="#fff">keep {keep.value}</text>'
        )
        x = 80
        parts += _row(x, y, keep.court)
        x += len(keep.court) * (_W + _GAP)
        parts += _row(x, y, keep.fallen, down=True)
        x += len(keep.fallen) * (_W + _GAP) + 8
        parts += _row(x, y, keep.garrison)
        x += len(keep.garrison) * (_W + _GAP) + 16
        if keep.siege:
            parts.append(
                f'<text x="{x}" y="{y - 2}" font-size="10" fill="#ffd">'
                f"siege {keep.strength}</text>"
            )
            parts += _row(x, y, keep.siege)
            x += len(keep.siege) * (_W + _GAP) + 16
        x = max(x, 560)
        parts.append(f'<text x="{x}" y="{y - 2}" font-size="10" fill="#fff">hand</text>')
        parts += _row(x, y, hand)
        y += row
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
