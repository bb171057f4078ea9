"""How cards were played: the kinds of use and the count per card."""

from __future__ import annotations

import enum

import attrs

__all__ = ["CardUse", "CardUses"]


class CardUse(enum.StrEnum):
    """How a card was played."""

    ATTACK = "attack"
    """In an attack (R15)."""
    DEFENCE = "defence"
    """In a hand defence against an attack (R19)."""
    ANSWER = "answer"
    """In the attacker's hand defence against a counter (R20)."""
    GUARD = "guard"
    """Prepared as a guard, also a new guard after a critical block (R14, R20)."""
    BLOCK = "block"
    """Activated as a guard set to block (R20)."""
    COUNTER = "counter"
    """Activated as a guard set to counter (R20)."""
    MOVE = "move"
    """Burned to move (R13)."""
    PUSH = "push"
    """Burned to push (R13)."""
    DISCARD = "discard"
    """Discarded down to the hand size in the Draw phase (R12)."""
    SETTLE = "settle"
    """Discarded face down in the Settle phase (R16)."""


@attrs.frozen
class CardUses:
    """How often one card was played, and how."""

    card: str
    """The card name."""
    uses: tuple[tuple[CardUse, int], ...]
    """Each way the card was played and how many copies, in
    [`CardUse`][guarda.stats.CardUse] order."""

    @property
    def total(self) -> int:
        """Copies played, all ways together."""
        return sum(count for _, count in self.uses)

    def count(self, use: CardUse) -> int:
        """How many copies were played this way."""
        return dict(self.uses).get(use, 0)
