"""Pure rule queries of Garrison: values, what a keep allows, who answers, in what order.

These functions read cards and keeps and change nothing; the legal actions and the
transaction are built on them.

Examples:
    >>> from guarda.games.garrison import hand_value, payments, parse_card
    >>> hand_value([parse_card("KD"), parse_card("AS")])
    21
    >>> payments(parse_card("9H"), [parse_card("4D"), parse_card("6D"), parse_card("TD")])
    ((35,), (29, 31))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Final, Protocol

from guarda.errors import ArgumentError
from guarda.games.garrison._cards import THUG, VALUES, value

__all__ = [
    "HAND_LIMIT",
    "KeepLike",
    "hand_value",
    "may_add_club",
    "may_add_heart",
    "may_be_besieged",
    "order_from",
    "payment_options",
    "payments",
    "raised_hearts",
    "seat_order",
    "thug_holder",
]


def order_from(start: int, players: int) -> tuple[int, ...]:
    """[`seat_order`][guarda.games.garrison.seat_order] without checks, for the engine."""
    return _ORDERS[players][start]


class KeepLike(Protocol):
    """What the rule queries read of a keep: its four rows of cards."""

    @property
    def court(self) -> Sequence[int]:
        """The face-up hearts."""
        ...  # pragma: no cover - protocol

    @property
    def fallen(self) -> Sequence[int]:
        """The face-down hearts."""
        ...  # pragma: no cover - protocol

    @property
    def garrison(self) -> Sequence[int]:
        """The clubs."""
        ...  # pragma: no cover - protocol

    @property
    def siege(self) -> Sequence[int]:
        """The besieging spades."""
        ...  # pragma: no cover - protocol


HAND_LIMIT: Final = 3
"""The most cards a hand holds (GA4)."""

_ORDERS: Final = {
    players: tuple(
        tuple((start + offset) % players for offset in range(players)) for start in range(players)
    )
    for players in range(1, 7)
}


def hand_value(cards: Iterable[int]) -> int:
    """The value of a hand: the sum of its cards' values (the Joker 0; GA16).

    Examples:
        >>> hand_value([])
        0
    """
    return sum(value(card) for card in cards)  # value() checks each card


def seat_order(start: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``start`` (GA2).

    Examples:
        >>> seat_order(2, 4)
        (2, 3, 0, 1)
    """
    if type(players) is not int or not 1 <= players <= 6:
        raise ArgumentError(f"no table of {players!r} players", path="players")
    if type(start) is not int or not 0 <= start < players:
        raise ArgumentError(f"no seat {start!r} at a table of {players}", path="start")
    return _ORDERS[players][start]


def may_add_heart(keep: KeepLike) -> bool:
    """Whether a heart may join the keep: not while it is fully fallen (GA14).

    Examples:
        >>> from guarda.games.garrison import Keep
        >>> may_add_heart(Keep(court=(), fallen=(20,)))
        False
    """
    return bool(keep.court)


def may_add_club(keep: KeepLike) -> bool:
    """Whether a club may join the keep: only when no heart is face down (GA14).

    Examples:
        >>> from guarda.games.garrison import Keep
        >>> may_add_club(Keep(court=(19,), fallen=(20,)))
        False
    """
    return bool(keep.court) and not keep.fallen


def may_be_besieged(keep: KeepLike) -> bool:
    """Whether levies may be sent against the keep: not while fully fallen (GA6).

    Examples:
        >>> from guarda.games.garrison import Keep
        >>> may_be_besieged(Keep(court=(19,)))
        True
    """
    return bool(keep.court)


def payments(card: int, diamonds: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every way to pay for ``card`` with some of ``diamonds`` (GA3).

    A payment is worth at least the card's value and holds no diamond it could do
    without; smaller payments first, each ascending.

    Examples:
        >>> from guarda.games.garrison import parse_card
        >>> payments(parse_card("TC"), [parse_card("2D"), parse_card("8D")])
        ((27, 33),)
    """
    value(card)
    for diamond in diamonds:
        if value(diamond) and diamond // 13 != 2:
            raise ArgumentError(f"not a diamond: {diamond!r}", path="diamonds")
    return payment_options(card, diamonds)


def payment_options(card: int, diamonds: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """[`payments`][guarda.games.garrison.payments] without checks, for the engine."""
    need = VALUES[card]
    found: list[tuple[int, ...]] = []
    ordered = sorted(diamonds)
    for size in range(1, len(ordered) + 1):
        for subset in itertools.combinations(ordered, size):
            total = sum(VALUES[d] for d in subset)
            if total >= need and total - min(VALUES[d] for d in subset) < need:
                found.append(subset)
    return tuple(found)


def raised_hearts(fallen: Sequence[int], count: int) -> tuple[int, ...]:
    """The face-down hearts a rebuild of ``count`` cards turns up: the highest first (GA14).

    Examples:
        >>> from guarda.games.garrison import parse_card, card_name
        >>> [card_name(c) for c in raised_hearts([parse_card("3H"), parse_card("QH")], 1)]
        ['QH']
    """
    return tuple(sorted(fallen, key=lambda card: (-VALUES[card], -card))[:count])


def thug_holder(
    hands: Sequence[Sequence[int]], start: int, *, besides: int | None = None
) -> int | None:
    """The player holding the Thug (ace of clubs), unless it is ``besides``.

    Examples:
        >>> thug_holder([(1, 2), (39,)], 0), thug_holder([(1, 2), (39,)], 0, besides=1)
        (1, None)
    """
    for player in order_from(start, len(hands)):
        if player != besides and THUG in hands[player]:
            return player
    return None
