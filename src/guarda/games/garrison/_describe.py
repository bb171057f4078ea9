"""Sentences in plain English saying what a Garrison action does.

Examples:
    >>> from guarda.games.garrison import Besiege, describe_action, parse_card
    >>> describe_action(Besiege(parse_card("9S"), 1))
    "send the 9 of spades to besiege player 1's keep"
"""

from __future__ import annotations

from guarda.errors import ArgumentError
from guarda.games.garrison._actions import (
    Agitate,
    Besiege,
    Cancel,
    ClearMarket,
    Discard,
    EndTurn,
    Fend,
    GarrisonAction,
    Pass,
    Rebuild,
    Seduce,
    Smuggle,
    Trade,
    Upgrade,
)
from guarda.games.garrison._cards import JOKER, is_card, rank, suit

__all__ = ["describe_action", "long_name"]

_RANKS = ("", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
_SUITS = ("spades", "hearts", "diamonds", "clubs")


def long_name(card: int) -> str:
    """The card's name in words.

    Examples:
        >>> long_name(12), long_name(52)
        ('the king of spades', 'the Joker')
    """
    if not is_card(card):
        raise ArgumentError(f"not a card: {card!r}", path="card")
    if card == JOKER:
        return "the Joker"
    return f"the {_RANKS[rank(card)]} of {_SUITS[suit(card)]}"


def _list(cards: tuple[int, ...]) -> str:
    names = [long_name(card) for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe_action(action: GarrisonAction, position: object = None) -> str:
    """A sentence saying what ``action`` does (``position`` is accepted for the protocol).

    Raises:
        ArgumentError: If ``action`` is not a Garrison action.
    """
    if isinstance(action, Upgrade):
        row = "court" if suit(action.card) == 1 else "garrison"
        return f"add {long_name(action.card)} to the {row}, paying {_list(action.payment)}"
    if isinstance(action, Trade):
        return f"trade {long_name(action.give)} for {long_name(action.take)}"
    if isinstance(action, Besiege):
        return f"send {long_name(action.card)} to besiege player {action.target}'s keep"
    if isinstance(action, Fend):
        return f"spend {long_name(action.card)} to drive off {long_name(action.levy)}"
    if isinstance(action, Rebuild):
        count = len(action.cards)
        return f"spend {_list(action.cards)} to turn {count} fallen court card(s) face up"
    if isinstance(action, Discard):
        return f"discard {long_name(action.card)}"
    if isinstance(action, EndTurn):
        return "end the turn and draw up to three cards"
    if isinstance(action, Agitate):
        return f"play the Agitator: the levies besieging player {action.target} revolt"
    if isinstance(action, Smuggle):
        where = "" if action.target is None else f" against player {action.target}'s keep"
        return f"play the Smuggler: put {long_name(action.card)} into play{where}"
    if isinstance(action, ClearMarket):
        return "play the Thug: discard the market and refill it"
    if isinstance(action, Seduce):
        return f"play the Seducer: player {action.target} loses {long_name(action.card)}"
    if isinstance(action, Cancel):
        return "play the Thug to cancel it"
    if isinstance(action, Pass):
        return "pass"
    raise ArgumentError(f"not a Garrison action: {action!r}", path="action")
