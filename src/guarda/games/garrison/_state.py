"""Garrison's state: every card's place and whose decision it is, as one frozen value.

The deck is listed top card first; the discard pile bottom card first (its top is last).
Hands are sorted. ``shown`` lists the cards of each hand that every player has seen come
in (taken from the market or the discard pile), so views can show them.

Examples:
    >>> from guarda.games.garrison import GarrisonConfig, new_game
    >>> state = new_game(GarrisonConfig(), seed=1)
    >>> state.phase, len(state.deck) + len(state.discard)
    ('main', 42)
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

from guarda.games.garrison._actions import Agitate, Seduce, Smuggle
from guarda.games.garrison._cards import VALUES
from guarda.games.garrison._config import GarrisonConfig

__all__ = ["PHASES", "GarrisonState", "Keep", "Pending", "Phase"]

Phase = Literal["main", "window", "answer", "over"]
"""Who decides: ``main`` the player whose turn it is, ``window`` a player offered a spy
(GA9), ``answer`` the Thug's holder answering a spy or disaster (GA10), ``over`` nobody."""

PHASES: Final = ("main", "window", "answer", "over")
"""Every phase, in the order of [`Phase`][guarda.games.garrison.Phase]."""


@attrs.frozen
class Keep:
    """A player's keep: the court (hearts), the garrison (clubs) and the siege before it.

    Examples:
        >>> Keep(court=(19,), garrison=(45,)).value
        14
    """

    court: tuple[int, ...] = ()
    """The face-up hearts, in the order they came in."""
    fallen: tuple[int, ...] = ()
    """The face-down hearts of a fallen keep, not yet rebuilt (they count nothing, GA15)."""
    garrison: tuple[int, ...] = ()
    """The clubs, in the order they came in."""
    siege: tuple[int, ...] = ()
    """The spades besieging this keep, in the order they were sent."""

    @property
    def value(self) -> int:
        """The keep's value: its face-up hearts and its clubs (GA15)."""
        return sum(VALUES[card] for card in self.court) + sum(VALUES[c] for c in self.garrison)

    @property
    def strength(self) -> int:
        """The besiegers' strength: the sum of the levies' values."""
        return sum(VALUES[card] for card in self.siege)

    @property
    def is_fallen(self) -> bool:
        """Whether no heart is face up (the keep cannot be upgraded or besieged)."""
        return not self.court

    @property
    def is_whole(self) -> bool:
        """Whether no heart is face down (clubs may join)."""
        return not self.fallen


@attrs.frozen
class Pending:
    """A spy or disaster waiting for the Thug's answer (GA10)."""

    player: int
    """Who played the spy, or drew or discarded the Joker."""
    spy: Agitate | Smuggle | Seduce | None = None
    """The spy's action, or None for the Joker's disaster."""


@attrs.frozen
class GarrisonState:
    """A whole game of Garrison at one moment, secrets included.

    Build one with [`new_game`][guarda.games.garrison.new_game] and change it only with
    [`apply`][guarda.games.garrison.apply].
    """

    config: GarrisonConfig
    """The game's configuration."""
    key: str
    """The secret from which every reshuffle is drawn (GA19)."""
    deck: tuple[int, ...]
    """The draw deck, top card first (secret)."""
    discard: tuple[int, ...]
    """The discard pile, bottom card first (public)."""
    market: tuple[int | None, ...]
    """The three market spaces, None where empty."""
    hands: tuple[tuple[int, ...], ...]
    """Each player's hand, sorted (secret but to its owner)."""
    shown: tuple[tuple[int, ...], ...]
    """The cards of each hand every player has seen come in, sorted."""
    keeps: tuple[Keep, ...]
    """Each player's keep."""
    turn_player: int
    """Whose turn it is."""
    turns: int
    """How many turns have ended."""
    phase: Phase
    """Who decides now (see [`Phase`][guarda.games.garrison.Phase])."""
    actor: int | None
    """The player who must decide, None when the game is over."""
    pending: Pending | None = None
    """The spy or disaster the Thug's holder is asked about."""
    window: tuple[int, ...] = ()
    """The players still to be offered a spy after the last action, the next one first."""
    took_from_pile: bool = False
    """Whether the turn player already took the discard pile's top card this turn (GA5)."""
    reshuffles: int = 0
    """How many times the discard pile became the deck."""
    winner: int | None = None
    """The player whose keep reached the target, once the game is over."""
    scores: tuple[float, ...] | None = None
    """Each player's score once the game is over."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"
