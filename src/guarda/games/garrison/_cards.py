"""Garrison's cards: a 52-card deck and one Joker, numbered 0 to 52, with their values.

A card is an ``int``: ``suit * 13 + rank - 1`` for the suits spades (0), hearts (1),
diamonds (2) and clubs (3) and the ranks ace (1) to king (13); the Joker is 52. Cards are
written with a rank letter and a suit letter: ``AS``, ``TH`` (ten of hearts), ``QD``,
``7C``, and ``JK`` for the Joker.

Examples:
    >>> from guarda.games.garrison import card_name, parse_card, value
    >>> card_name(parse_card("QD")), value(parse_card("QD")), value(parse_card("AH"))
    ('QD', 10, 11)
"""

from __future__ import annotations

from typing import Final

from guarda.errors import ArgumentError, NotationError

__all__ = [
    "AGITATOR",
    "CARDS",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "JOKER",
    "SEDUCER",
    "SMUGGLER",
    "SPADES",
    "SPIES",
    "THUG",
    "VALUES",
    "card_name",
    "is_card",
    "parse_card",
    "rank",
    "suit",
    "value",
]

SPADES: Final = 0
"""The suit of the levies."""
HEARTS: Final = 1
"""The suit of the court."""
DIAMONDS: Final = 2
"""The suit of the stewards."""
CLUBS: Final = 3
"""The suit of the garrison."""
JOKER: Final = 52
"""The Joker, the natural disaster."""
CARDS: Final = tuple(range(53))
"""Every card of the deck in its fresh order: spades, hearts, diamonds, clubs (ace to
king), then the Joker."""
AGITATOR: Final = 0
"""The ace of spades, the Agitator spy."""
SEDUCER: Final = 13
"""The ace of hearts, the Seducer spy."""
SMUGGLER: Final = 26
"""The ace of diamonds, the Smuggler spy."""
THUG: Final = 39
"""The ace of clubs, the Thug spy."""
SPIES: Final = (AGITATOR, SEDUCER, SMUGGLER, THUG)
"""The four aces."""

_RANKS: Final = "A23456789TJQK"
_SUITS: Final = "SHDC"
_NAMES: Final = (*(r + s for s in _SUITS for r in _RANKS), "JK")
_BY_NAME: Final = {name: card for card, name in enumerate(_NAMES)}
VALUES: Final = tuple(
    0 if card == JOKER else 11 if card % 13 == 0 else min(card % 13 + 1, 10) for card in CARDS
)
"""Every card's value, by card number (see [`value`][guarda.games.garrison.value])."""


def _checked(card: object) -> int:
    if type(card) is not int or not 0 <= card <= JOKER:
        raise ArgumentError(f"not a card number (0 to 52): {card!r}", path="card")
    return card


def is_card(card: object) -> bool:
    """Whether ``card`` is a card number (an ``int`` from 0 to 52, not a bool).

    Examples:
        >>> is_card(52), is_card(53), is_card(True)
        (True, False, False)
    """
    return type(card) is int and 0 <= card <= JOKER


def suit(card: int) -> int:
    """The suit of ``card`` (0 spades, 1 hearts, 2 diamonds, 3 clubs; 4 for the Joker).

    Examples:
        >>> suit(parse_card("7C")) == CLUBS
        True
    """
    return _checked(card) // 13


def rank(card: int) -> int:
    """The rank of ``card``: 1 (ace) to 13 (king); 0 for the Joker.

    Examples:
        >>> rank(parse_card("KS")), rank(JOKER)
        (13, 0)
    """
    return 0 if _checked(card) == JOKER else card % 13 + 1


def value(card: int) -> int:
    """What ``card`` is worth (GA1): its number, 10 for a face card, 11 for an ace, 0 the Joker.

    Examples:
        >>> [value(parse_card(name)) for name in ("2S", "TH", "JD", "AC", "JK")]
        [2, 10, 10, 11, 0]
    """
    return VALUES[_checked(card)]


def card_name(card: int) -> str:
    """The two-letter name of ``card``.

    Raises:
        ArgumentError: If ``card`` is not a card number.

    Examples:
        >>> card_name(0), card_name(22), card_name(JOKER)
        ('AS', 'TH', 'JK')
    """
    return _NAMES[_checked(card)]


def parse_card(text: str) -> int:
    """The card named ``text`` (case-insensitive; ``10`` may stand for ``T``).

    Raises:
        NotationError: If ``text`` names no card.

    Examples:
        >>> parse_card("ah"), parse_card("10C")
        (13, 48)
    """
    if not isinstance(text, str):
        raise NotationError(f"a card name must be a string, not {text!r}", path="card")
    name = text.strip().upper().replace("10", "T")
    try:
        return _BY_NAME[name]
    except KeyError:
        raise NotationError(
            f"not a card: {text!r} (a rank A23456789TJQK and a suit SHDC, or JK)", path="card"
        ) from None
