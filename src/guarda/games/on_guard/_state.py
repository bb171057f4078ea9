"""On Guard's state: every card of both players, their secret selections and the score.

Examples:
    >>> from guarda.games.on_guard import ON_GUARD
    >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
    >>> state.phase, state.actor, state.hits
    ('bout', 0, (0, 0))
"""

from __future__ import annotations

from typing import Final

import attrs

from ._cards import is_action
from ._config import OnGuardConfig

__all__ = ["PHASES", "OnGuardState"]

PHASES: Final = ("bout", "final", "barrage", "over")
"""The phases of a game: the bout's turns, a Final Attack, the Barrage, and the end."""

Pair = tuple[tuple[int, ...], tuple[int, ...]]


@attrs.frozen
class OnGuardState:
    """A whole game of On Guard, hidden selections included.

    Attributes:
        config: The rules.
        hands: Each seat's cards in hand, not in the selection, sorted by code.
        selections: Each seat's selection so far, in selection order (OG14).
        chosen: Whether each seat has closed its selection this turn.
        discards: Each seat's played cards, sorted by code.
        phase: One of [`PHASES`][guarda.games.on_guard.PHASES].
        actor: The seat that decides, None when the game is over.
        hits: Each seat's hits in the bout.
        barrage_hits: Each seat's hits in the Barrage.
        odds: The seat that plays odds in a Barrage (OG9).
        turns: How many selections have been revealed (turns, Final Attack, Barrage turns).
        revealed: The last revealed selections, ``((), ())`` before the first.
        winner: The winner once the game is over, else None.
    """

    config: OnGuardConfig
    hands: Pair
    selections: Pair
    chosen: tuple[bool, bool]
    discards: Pair
    phase: str
    actor: int | None
    hits: tuple[int, int]
    barrage_hits: tuple[int, int]
    odds: int
    turns: int
    revealed: Pair
    winner: int | None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def unplayed(self, seat: int) -> tuple[int, ...]:
        """The seat's cards not yet played: hand and selection, sorted (public knowledge)."""
        return tuple(sorted((*self.hands[seat], *self.selections[seat])))

    def action_cards(self, seat: int) -> int:
        """How many action cards the seat holds, selection included."""
        return sum(1 for card in self.unplayed(seat) if is_action(card))
