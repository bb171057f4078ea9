"""On Guard's cards: their codes, names, Attack and Parry (OG1), and the two hands (OG10).

A card is a small integer, its **code**: 1 to 10 for the action cards Ace to 10, then
11 Jack, 12 Queen, 13 King and 14 Joker. Suits change nothing in the rules, so the two
Aces, 2s and 3s of a hand are the same card twice (a picture draws the second copy in the
off suit).

Examples:
    >>> from guarda.games.on_guard import ATTACK, PARRY, card_name
    >>> [(card_name(c), ATTACK[c], PARRY[c]) for c in (1, 5, 10)]
    [('A', 0, 1), ('5', 2, 1), ('10', 4, 2)]
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ACTION_CARDS",
    "ATTACK",
    "CARDS",
    "CARD_NAMES",
    "JACK",
    "JOKER",
    "KING",
    "PARRY",
    "QUEEN",
    "SELECTION_ORDER",
    "SUITS",
    "TECHNIQUE_CARDS",
    "card_name",
    "is_action",
    "starting_hand",
]

JACK: Final = 11
"""The Jack's code: *Double*."""
QUEEN: Final = 12
"""The Queen's code: *Riposte*."""
KING: Final = 13
"""The King's code: *Increased tempo*."""
JOKER: Final = 14
"""The Joker's code: *Appel*."""

ACTION_CARDS: Final = tuple(range(1, 11))
"""The action cards' codes, Ace (1) to 10."""
TECHNIQUE_CARDS: Final = (JACK, QUEEN, KING, JOKER)
"""The technique cards' codes."""
CARDS: Final = (*ACTION_CARDS, *TECHNIQUE_CARDS)
"""Every card code, 1 to 14."""

CARD_NAMES: Final[dict[int, str]] = {
    **{rank: str(rank) for rank in range(2, 11)},
    1: "A",
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    JOKER: "Jo",
}
"""Each card's name in the notation: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``, ``Jo``."""

# OG1: outer pips per side are the Attack, centre-column pips the Parry.
ATTACK: Final[dict[int, int]] = {
    1: 0, 2: 0, 3: 0, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4,
    JACK: 0, QUEEN: 0, KING: 0, JOKER: 0,
}  # fmt: skip
"""Each card's Attack (OG1): the pips down one side of the standard layout."""
PARRY: Final[dict[int, int]] = {
    1: 1, 2: 2, 3: 3, 4: 0, 5: 1, 6: 0, 7: 1, 8: 2, 9: 1, 10: 2,
    JACK: 0, QUEEN: 0, KING: 0, JOKER: 0,
}  # fmt: skip
"""Each card's Parry (OG1): the pips in the centre column of the standard layout."""

SELECTION_ORDER: Final = (JACK, QUEEN, KING, JOKER, *ACTION_CARDS)
"""The order cards are added to a selection in (OG14): techniques first, then Ace to 10."""

SUITS: Final = (("spades", "clubs"), ("hearts", "diamonds"))
"""Each seat's suit and off suit (OG10): seat 0 plays black, seat 1 red."""


def card_name(card: int) -> str:
    """The card's name in the notation.

    Examples:
        >>> card_name(14), card_name(10)
        ('Jo', '10')
    """
    return CARD_NAMES[card]


def is_action(card: int) -> bool:
    """Whether ``card`` is an action card (Ace to 10).

    Examples:
        >>> is_action(10), is_action(11)
        (True, False)
    """
    return 1 <= card <= 10


def starting_hand(jokers: bool, techniques: bool) -> tuple[int, ...]:
    """A seat's sixteen (or seventeen) cards, sorted by code (OG10).

    Ace to King of the seat's suit and the Ace, 2 and 3 of its off suit; without
    technique cards (Stesso tempo, OG12) only the thirteen action cards; with Jokers one
    Joker more.

    Examples:
        >>> starting_hand(jokers=False, techniques=True)
        (1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
        >>> len(starting_hand(jokers=False, techniques=False))
        13
    """
    cards = [1, 1, 2, 2, 3, 3, *range(4, 11)]
    if techniques:
        cards += [JACK, QUEEN, KING]
        if jokers:
            cards.append(JOKER)
    return tuple(cards)
