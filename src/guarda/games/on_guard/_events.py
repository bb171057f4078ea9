"""On Guard's events: what happened, in the past tense.

Only [`CardSelected`][guarda.games.on_guard.CardSelected] is private: its player sees
it, nobody else does (not even that it happened, so the number of cards chosen stays
secret). Every other event is public.

Examples:
    >>> from guarda.games.on_guard import SelectionMade
    >>> SelectionMade(player=1)
    SelectionMade(player=1)
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

__all__ = [
    "BarrageBegan",
    "BarrageRevealed",
    "BoutEnded",
    "CardSelected",
    "Event",
    "ExchangeScored",
    "FinalAttackMade",
    "GameWon",
    "SelectionMade",
    "SelectionsRevealed",
]


@attrs.frozen
class CardSelected:
    """``player`` put ``card`` into their secret selection (private to ``player``)."""

    player: int
    card: int


@attrs.frozen
class SelectionMade:
    """``player`` closed their selection: everyone learns that they chose, not what."""

    player: int


@attrs.frozen
class SelectionsRevealed:
    """Both selections of a turn, face up (each in selection order).

    Attributes:
        selections: Seat 0's cards, seat 1's cards.
        ignored: The action card each seat's opponent's Joker ignores (OG6), else None.
    """

    selections: tuple[tuple[int, ...], tuple[int, ...]]
    ignored: tuple[int | None, int | None]


@attrs.frozen
class ExchangeScored:
    """The turn's hits (OG2-OG5).

    Attributes:
        attack: Each seat's combined Attack (after any Joker).
        parry: Each seat's combined Parry (after any Joker).
        attack_hits: Each seat's hits by Attack (doubled by a Jack).
        riposte_hits: Each seat's hits by a Queen's riposte.
        hits: Each seat's total hits after the turn.
    """

    attack: tuple[int, int]
    parry: tuple[int, int]
    attack_hits: tuple[int, int]
    riposte_hits: tuple[int, int]
    hits: tuple[int, int]


@attrs.frozen
class BoutEnded:
    """A player has no action card left (OG8); ``attacker`` may make a Final Attack, or None."""

    attacker: int | None


@attrs.frozen
class FinalAttackMade:
    """``player``'s Final Attack with ``cards`` scored ``scored`` hits (none: declined)."""

    player: int
    cards: tuple[int, ...]
    scored: int
    hits: tuple[int, int]


@attrs.frozen
class BarrageBegan:
    """The hits are tied: the Barrage begins, ``odds`` plays odds (OG9)."""

    odds: int


@attrs.frozen
class BarrageRevealed:
    """A Barrage turn: each seat's card and who scored the hit."""

    cards: tuple[int, int]
    scorer: int
    barrage_hits: tuple[int, int]


@attrs.frozen
class GameWon:
    """``winner`` won the bout with these hits (and Barrage hits, if there was one)."""

    winner: int
    hits: tuple[int, int]
    barrage_hits: tuple[int, int]


Event: TypeAlias = (
    CardSelected
    | SelectionMade
    | SelectionsRevealed
    | ExchangeScored
    | BoutEnded
    | FinalAttackMade
    | BarrageBegan
    | BarrageRevealed
    | GameWon
)
"""Any event of On Guard."""
