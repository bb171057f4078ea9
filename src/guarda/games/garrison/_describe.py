"""Sentences in plain English saying what a Garrison action does, and what an event told.

Examples:
    >>> from guarda.games.garrison import Besiege, describe_action, parse_card
    >>> describe_action(Besiege(parse_card("9S"), 1))
    "send the 9 of spades to besiege player 1's keep"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from guarda.errors import ArgumentError
from guarda.game import seat_names
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
from guarda.games.garrison._cards import (
    AGITATOR,
    JOKER,
    SEDUCER,
    SMUGGLER,
    THUG,
    card_name,
    is_card,
    rank,
    suit,
)
from guarda.games.garrison._events import (
    Agitated,
    Besieged,
    DeckReshuffled,
    DisasterStruck,
    Discarded,
    Drew,
    EndedTurn,
    FendedOff,
    GameEnded,
    GarrisonEvent,
    KeepFell,
    MarketCleared,
    MarketDealt,
    Passed,
    Rebuilt,
    Seduced,
    Smuggled,
    SpyCancelled,
    SpyPlayed,
    StartedTurn,
    Traded,
    Upgraded,
)

__all__ = ["describe_action", "describe_event", "long_name"]

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
    if not names:
        return "nothing"
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


_SPIES: Final = {
    AGITATOR: "the Agitator",
    SEDUCER: "the Seducer",
    SMUGGLER: "the Smuggler",
    THUG: "the Thug",
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_event(event: GarrisonEvent, names: Sequence[str]) -> str:
    """One line of plain English for a Garrison event, naming player ``i`` ``names[i]``.

    The event is told as it is given: pass the events a player may see
    ([`visible_events`][guarda.games.garrison.visible_events]) and another player's
    [`Drew`][guarda.games.garrison.Drew] tells only how many cards they drew.

    Args:
        event: One of Garrison's events.
        names: Every player's name, by seat.

    Returns:
        The line, without a full stop.

    Raises:
        ArgumentError: If ``event`` is not a Garrison event or names a player ``names``
            has not (``path="event"``), or ``names`` is not 2 to 6 names
            (``path="names"``).

    Examples:
        >>> from guarda.games.garrison import Drew, Upgraded, parse_card
        >>> names = ("You", "Player 1")
        >>> describe_event(Upgraded(1, parse_card("QH"), (parse_card("9D"),)), names)
        'Player 1 added the queen of hearts to the court, paying the 9 of diamonds'
        >>> describe_event(Drew(1, 2, None), names)
        'Player 1 drew 2 cards'
    """
    if not isinstance(event, GarrisonEvent):
        raise ArgumentError(f"not a Garrison event: {event!r}", path="event")
    seats = seat_names(names, 2, 6, game="Garrison")
    try:
        return _describe(event, seats)
    except (IndexError, KeyError, TypeError, ArgumentError):
        raise ArgumentError(
            f"not a Garrison event of {len(seats)} players: {event!r}", path="event"
        ) from None


def _describe(event: GarrisonEvent, seats: tuple[str, ...]) -> str:
    def keep(player: int) -> str:
        return f"{seats[player]}'s keep"

    match event:
        case StartedTurn(player, turn):
            return f"Turn {turn}: {seats[player]}"
        case MarketDealt(slot, card):
            return f"{_capital(long_name(card))} was dealt to market space {slot + 1}"
        case DeckReshuffled(size):
            return f"The discard pile was shuffled into a new deck of {size} cards"
        case Drew(player, count, cards):
            if cards is None:
                return f"{seats[player]} drew {count} card{'' if count == 1 else 's'}"
            return f"{seats[player]} drew {_list(cards)}"
        case Upgraded(player, card, payment):
            row = "court" if suit(card) == 1 else "garrison"
            return f"{seats[player]} added {long_name(card)} to the {row}, paying {_list(payment)}"
        case Traded(player, give, take):
            return f"{seats[player]} traded {long_name(give)} for {long_name(take)}"
        case Besieged(player, target, card):
            return f"{seats[player]} sent {long_name(card)} to besiege {keep(target)}"
        case FendedOff(player, card, levy):
            return f"{seats[player]} spent {long_name(card)} to drive off {long_name(levy)}"
        case Rebuilt(player, cards, raised):
            return f"{seats[player]} spent {_list(cards)} to turn {_list(raised)} face up again"
        case Discarded(player, card):
            return f"{seats[player]} discarded {long_name(card)}"
        case SpyPlayed(player, card):
            return f"{seats[player]} played {long_name(card)} as {_SPIES[card]}"
        case SpyCancelled(player, card):
            what = "the Joker's disaster" if card == JOKER else _SPIES[card]
            return f"{seats[player]} played the Thug to cancel {what}"
        case Passed(player):
            return f"{seats[player]} passed"
        case Agitated(target, levies):
            return f"The levies besieging {keep(target)} revolted: {_list(levies)} discarded"
        case Smuggled(player, card, target):
            where = "their own keep" if target is None else keep(target)
            return f"{seats[player]} smuggled {long_name(card)} into {where}"
        case MarketCleared(player, cards):
            return f"{seats[player]}'s Thug discarded the market: {_list(cards)}"
        case Seduced(player, target, card):
            return f"{seats[player]}'s Seducer took {long_name(card)} from {keep(target)}"
        case DisasterStruck(player, hands, felled):
            shown = "; ".join(
                f"{seats[seat]} {' '.join(card_name(card) for card in hand) or 'nothing'}"
                for seat, hand in enumerate(hands)
            )
            fell = ", ".join(keep(seat) for seat in felled) or "no keep"
            return f"Disaster, brought by {seats[player]}: hands {shown}; {fell} falls"
        case KeepFell(player, levies, garrison):
            rows = (("levies", levies), ("garrison", garrison))
            lost = [f"the {row} ({_list(cards)})" for row, cards in rows if cards]
            gone = f", {' and '.join(lost)} discarded" if lost else ""
            return f"{_capital(keep(player))} fell{gone}; the court is face down"
        case EndedTurn(player):
            return f"{seats[player]} ended the turn"
        case GameEnded(_, winner):
            if winner is None:
                return "Game over at the turn limit: a draw between every player"
            return f"Game over: {seats[winner]} won"
    raise AssertionError(f"unknown event {event!r}")  # pragma: no cover
