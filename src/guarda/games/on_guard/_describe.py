"""On Guard's events in plain English, one line each.

Examples:
    >>> from guarda.games.on_guard import SelectionsRevealed, describe_event
    >>> event = SelectionsRevealed(selections=((4, 9), (3,)), ignored=(None, None))
    >>> describe_event(event, ("You", "Bot"))
    'Selections revealed: You 4 9, Bot 3'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from guarda.errors import ArgumentError
from guarda.game import seat_names

from ._cards import CARD_NAMES, JACK, JOKER, KING, QUEEN
from ._events import (
    BarrageBegan,
    BarrageRevealed,
    BoutEnded,
    CardSelected,
    Event,
    ExchangeScored,
    FinalAttackMade,
    GameWon,
    SelectionMade,
    SelectionsRevealed,
)

__all__ = ["describe_event"]

_WORDS: Final[dict[int, str]] = {
    1: "the Ace",
    JACK: "the Jack (Double)",
    QUEEN: "the Queen (Riposte)",
    KING: "the King (Increased tempo)",
    JOKER: "the Joker (Appel)",
}


def _cards(cards: Sequence[int]) -> str:
    return " ".join(CARD_NAMES[card] for card in cards)


def _hits(names: tuple[str, ...], hits: tuple[int, int]) -> str:
    return f"{names[0]} {hits[0]}, {names[1]} {hits[1]}"


def _exchange(names: tuple[str, ...], event: ExchangeScored) -> str:
    parts = []
    for seat in (0, 1):
        part = f"{names[seat]} attacked {event.attack[seat]} against a parry of "
        part += str(event.parry[1 - seat])
        scored = event.attack_hits[seat] + event.riposte_hits[seat]
        riposte = event.riposte_hits[seat]
        if not scored:
            part += ", no hit"
        else:
            part += f", scoring {scored}" + (f" ({riposte} by riposte)" if riposte else "")
        parts.append(part)
    return "; ".join(parts) + f"; hits {_hits(names, event.hits)}"


def describe_event(event: Event, names: Sequence[str]) -> str:
    """One line of plain English for an On Guard event, naming seat ``i`` ``names[i]``.

    The event is told as it is given: pass the events a seat may see
    ([`visible_events`][guarda.games.on_guard.visible_events]), where the other seat's
    [`CardSelected`][guarda.games.on_guard.CardSelected] is left out, and the line tells
    only that they chose ([`SelectionMade`][guarda.games.on_guard.SelectionMade]) until
    the selections are revealed.

    Args:
        event: One of On Guard's events.
        names: The two seats' names, seat 0 first.

    Returns:
        The line, without a full stop.

    Raises:
        ArgumentError: If ``event`` is not an On Guard event (``path="event"``) or
            ``names`` is not two names (``path="names"``).

    Examples:
        >>> from guarda.games.on_guard import CardSelected, ExchangeScored
        >>> describe_event(CardSelected(player=0, card=13), ("You", "Bot"))
        'You selected the King (Increased tempo)'
        >>> event = ExchangeScored((6, 0), (1, 3), (6, 0), (0, 0), (6, 0))
        >>> print(describe_event(event, ("A", "B")))
        A attacked 6 against a parry of 3, scoring 6;
        B attacked 0 against a parry of 1, no hit; hits A 6, B 0
    """
    if not isinstance(event, Event):
        raise ArgumentError(f"not an On Guard event: {event!r}", path="event")
    seats = seat_names(names, 2, 2, game="On Guard")
    try:
        return _describe(event, seats)
    except (IndexError, KeyError, TypeError):
        raise ArgumentError(f"not a well-formed On Guard event: {event!r}", path="event") from None


def _describe(event: Event, seats: tuple[str, ...]) -> str:
    match event:
        case CardSelected(player, card):
            return f"{seats[player]} selected {_WORDS.get(card, f'the {CARD_NAMES[card]}')}"
        case SelectionMade(player):
            return f"{seats[player]} made a selection, face down"
        case SelectionsRevealed(selections, ignored):
            line = f"Selections revealed: {seats[0]} {_cards(selections[0])}, "
            line += f"{seats[1]} {_cards(selections[1])}"
            for seat in (0, 1):
                skipped = ignored[seat]
                if skipped is not None:
                    line += f"; {seats[1 - seat]}'s Joker ignores {seats[seat]}'s "
                    line += CARD_NAMES[skipped]
            return line
        case ExchangeScored():
            return _exchange(seats, event)
        case BoutEnded(attacker):
            if attacker is None:
                return "The bout is over: neither seat has an action card left"
            return f"The bout is over: {seats[attacker]} may make a Final Attack"
        case FinalAttackMade(player, cards, scored, hits):
            if not cards:
                return f"{seats[player]} declined the Final Attack; hits {_hits(seats, hits)}"
            return (
                f"{seats[player]} made a Final Attack with {_cards(cards)}, scoring {scored}; "
                f"hits {_hits(seats, hits)}"
            )
        case BarrageBegan(odds):
            return (
                f"The hits are tied: the Barrage begins, {seats[odds]} playing odds, "
                f"{seats[1 - odds]} evens"
            )
        case BarrageRevealed(cards, scorer, barrage_hits):
            return (
                f"Barrage: {seats[0]} {CARD_NAMES[cards[0]]}, {seats[1]} "
                f"{CARD_NAMES[cards[1]]}: {seats[scorer]} scored; "
                f"Barrage hits {_hits(seats, barrage_hits)}"
            )
        case GameWon(winner, hits, barrage_hits):
            line = f"{seats[winner]} won the bout; hits {_hits(seats, hits)}"
            if any(barrage_hits):
                line += f", Barrage hits {_hits(seats, barrage_hits)}"
            return line
    raise AssertionError(f"unknown event {event!r}")  # pragma: no cover
