"""Garrison's events: what happened, each a frozen value named in the past tense.

Every event is public except [`Drew`][guarda.games.garrison.Drew]: the cards a player
draws into the hand are seen by that player only (others see how many).

Examples:
    >>> from guarda.games.garrison import Drew, visible_events
    >>> visible_events([Drew(player=0, count=2, cards=(3, 4))], 1)
    (Drew(player=0, count=2, cards=None),)
"""

from __future__ import annotations

import attrs

__all__ = [
    "Agitated",
    "Besieged",
    "DeckReshuffled",
    "DisasterStruck",
    "Discarded",
    "Drew",
    "EndedTurn",
    "FendedOff",
    "GameEnded",
    "GarrisonEvent",
    "KeepFell",
    "MarketCleared",
    "MarketDealt",
    "Passed",
    "Rebuilt",
    "Seduced",
    "Smuggled",
    "SpyCancelled",
    "SpyPlayed",
    "StartedTurn",
    "Traded",
    "Upgraded",
]


@attrs.frozen
class StartedTurn:
    """A player's turn began."""

    player: int
    """Whose turn it is."""
    turn: int
    """The turn's number, from 1."""


@attrs.frozen
class MarketDealt:
    """A card was dealt from the deck into an empty market space."""

    slot: int
    """The market space, 0 to 2."""
    card: int
    """The card dealt."""


@attrs.frozen
class DeckReshuffled:
    """The empty deck was replaced by the shuffled discard pile."""

    size: int
    """How many cards the new deck has."""


@attrs.frozen
class Drew:
    """A player drew cards into the hand (private: others see only the count)."""

    player: int
    """Who drew."""
    count: int
    """How many cards."""
    cards: tuple[int, ...] | None
    """The cards drawn, or None where the viewer may not see them."""


@attrs.frozen
class Upgraded:
    """A heart or club joined a keep, paid with diamonds."""

    player: int
    """Whose keep."""
    card: int
    """The card added."""
    payment: tuple[int, ...]
    """The diamonds spent."""


@attrs.frozen
class Traded:
    """A card of the hand was spent for a market card or the discard pile's top card."""

    player: int
    """Who traded."""
    give: int
    """The card spent."""
    take: int
    """The card taken."""


@attrs.frozen
class Besieged:
    """A spade joined the siege of a keep."""

    player: int
    """Who sent it."""
    target: int
    """Whose keep is besieged."""
    card: int
    """The spade."""


@attrs.frozen
class FendedOff:
    """A besieged player spent a spade to discard a levy."""

    player: int
    """The defender."""
    card: int
    """The spade spent."""
    levy: int
    """The levy discarded."""


@attrs.frozen
class Rebuilt:
    """A player spent cards to turn fallen court cards face up."""

    player: int
    """Who rebuilt."""
    cards: tuple[int, ...]
    """The cards spent."""
    raised: tuple[int, ...]
    """The hearts turned face up."""


@attrs.frozen
class Discarded:
    """A player discarded a card from the hand."""

    player: int
    """Who discarded."""
    card: int
    """The card."""


@attrs.frozen
class SpyPlayed:
    """A player played an ace as a spy; it resolves unless the Thug answers (GA10)."""

    player: int
    """Who played it."""
    card: int
    """The ace."""


@attrs.frozen
class SpyCancelled:
    """The Thug cancelled a spy or a disaster."""

    player: int
    """Who played the Thug."""
    card: int
    """The card cancelled: an ace, or the Joker."""


@attrs.frozen
class Passed:
    """A player declined to play a spy or to answer one."""

    player: int
    """Who passed."""


@attrs.frozen
class Agitated:
    """The Agitator made every levy besieging a keep revolt."""

    target: int
    """Whose keep was freed."""
    levies: tuple[int, ...]
    """The levies discarded."""


@attrs.frozen
class Smuggled:
    """The Smuggler put a card of the discard pile into play."""

    player: int
    """Who played the Smuggler."""
    card: int
    """The card put into play."""
    target: int | None
    """The besieged player for a spade; None for a heart or a club."""


@attrs.frozen
class MarketCleared:
    """The Thug discarded the market (it is refilled at once)."""

    player: int
    """Who played the Thug."""
    cards: tuple[int, ...]
    """The market cards discarded."""


@attrs.frozen
class Seduced:
    """The Seducer discarded a court or garrison card from a keep."""

    player: int
    """Who played the Seducer."""
    target: int
    """Whose keep lost the card."""
    card: int
    """The card discarded."""


@attrs.frozen
class DisasterStruck:
    """The Joker's disaster: sieges and market discarded, hands revealed and compared."""

    player: int
    """Who drew or discarded the Joker."""
    hands: tuple[tuple[int, ...], ...]
    """Every player's hand, revealed, by seat."""
    felled: tuple[int, ...]
    """The players whose keeps fall (GA16)."""


@attrs.frozen
class KeepFell:
    """A keep fell: its levies and clubs were discarded and its hearts turned face down."""

    player: int
    """Whose keep."""
    levies: tuple[int, ...]
    """The besieging spades discarded."""
    garrison: tuple[int, ...]
    """The clubs discarded."""


@attrs.frozen
class EndedTurn:
    """A player ended the turn."""

    player: int
    """Whose turn ended."""


@attrs.frozen
class GameEnded:
    """The game is over."""

    scores: tuple[float, ...]
    """1 for the winner, 0 for the others; 1/2 each at the turn limit (GA20)."""
    winner: int | None
    """The player whose keep reached the target, or None at the turn limit."""


GarrisonEvent = (
    StartedTurn
    | MarketDealt
    | DeckReshuffled
    | Drew
    | Upgraded
    | Traded
    | Besieged
    | FendedOff
    | Rebuilt
    | Discarded
    | SpyPlayed
    | SpyCancelled
    | Passed
    | Agitated
    | Smuggled
    | MarketCleared
    | Seduced
    | DisasterStruck
    | KeepFell
    | EndedTurn
    | GameEnded
)
"""Any event of Garrison."""
