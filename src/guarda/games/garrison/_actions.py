"""Garrison's actions: what a player may do, each a frozen value named as an order.

On their turn the player whose turn it is upgrades, trades, besieges, fends off, rebuilds,
discards, plays a spy or ends the turn. Out of turn a player holding an ace may play a spy
or pass when asked (GA9), and the holder of the Thug may cancel a spy or a disaster (GA10).

Examples:
    >>> from guarda.games.garrison import Trade, parse_card
    >>> Trade(give=parse_card("5S"), take=parse_card("7H"))
    Trade(give=4, take=19)
"""

from __future__ import annotations

import attrs

__all__ = [
    "Agitate",
    "Besiege",
    "Cancel",
    "ClearMarket",
    "Discard",
    "EndTurn",
    "Fend",
    "GarrisonAction",
    "Pass",
    "Rebuild",
    "Seduce",
    "Smuggle",
    "Trade",
    "Upgrade",
]


@attrs.frozen
class Upgrade:
    """Add a heart or club from the hand to the keep, paying diamonds worth at least as much."""

    card: int
    """The heart or club added to the keep."""
    payment: tuple[int, ...]
    """The diamonds spent, ascending (GA3: each one needed)."""


@attrs.frozen
class Trade:
    """Spend a card from the hand to take a market card or the discard pile's top card."""

    give: int
    """The card spent from the hand."""
    take: int
    """The card taken: one in the market or the top of the discard pile."""


@attrs.frozen
class Besiege:
    """Send a spade from the hand to besiege another player's keep."""

    card: int
    """The spade sent."""
    target: int
    """The player whose keep is besieged."""


@attrs.frozen
class Fend:
    """Spend a spade from the hand to discard one levy besieging the player's own keep."""

    card: int
    """The spade spent."""
    levy: int
    """The besieging spade discarded."""


@attrs.frozen
class Rebuild:
    """Spend cards from the hand to turn as many fallen court cards face up (GA14)."""

    cards: tuple[int, ...]
    """The cards spent, ascending."""


@attrs.frozen
class Discard:
    """Discard a card from the hand."""

    card: int
    """The card discarded."""


@attrs.frozen
class EndTurn:
    """End the turn: sieges are checked and the hand is drawn up to three (GA18)."""


@attrs.frozen
class Agitate:
    """Play the Agitator (ace of spades): every levy besieging ``target`` is discarded."""

    target: int
    """The player whose besiegers revolt."""


@attrs.frozen
class Smuggle:
    """Play the Smuggler (ace of diamonds): put a card of the discard pile into play (GA11)."""

    card: int
    """The card taken from the discard pile."""
    target: int | None = None
    """For a spade, the player whose keep it besieges; None for a heart or a club."""


@attrs.frozen
class ClearMarket:
    """Play the Thug (ace of clubs): discard the market and refill it from the deck."""


@attrs.frozen
class Seduce:
    """Play the Seducer (ace of hearts): discard a court or garrison card of a keep (GA12)."""

    target: int
    """The player whose keep loses the card."""
    card: int
    """The face-up heart or the club discarded."""


@attrs.frozen
class Cancel:
    """Answer a spy or a disaster with the Thug (ace of clubs): it has no effect (GA10)."""


@attrs.frozen
class Pass:
    """Decline to play a spy, or to answer one, when asked."""


GarrisonAction = (
    Upgrade
    | Trade
    | Besiege
    | Fend
    | Rebuild
    | Discard
    | EndTurn
    | Agitate
    | Smuggle
    | ClearMarket
    | Seduce
    | Cancel
    | Pass
)
"""Any action of Garrison."""
