"""Card types, their patterns, and decks.

A card's pattern is a set of card cells ``(column, row)``, both counted from 1:
``column`` from the holder's left, ``row`` from the card's near edge (the edge along the
holder's side of the field when the card is played in attack orientation). The
standard names (R1-R3): ``Vk`` covers the k-th column, ``Hk`` the k-th row (``H1`` is
nearest the holder), ``X`` both diagonals and ``ALL`` every cell.
"""

from __future__ import annotations

import re

import attrs

from guarda._display import repr_svg
from guarda.errors import ConfigurationError

__all__ = [
    "CardType",
    "DeckEntry",
    "all_card",
    "line_cards",
    "line_patterns",
    "x_card",
]

_NAME = re.compile(r"[A-Z][A-Z0-9]*\Z")


def _pattern(value: object) -> frozenset[tuple[int, int]]:
    if isinstance(value, frozenset):
        return value
    if isinstance(value, (set, list, tuple)):
        return frozenset(tuple(cell) for cell in value)
    raise ConfigurationError(f"a card pattern must be a set of (column, row) pairs, not {value!r}")


@attrs.frozen
class CardType:
    """One kind of card: a name and the cells of its pattern.

    Examples:
        >>> card = CardType("V2", frozenset({(2, 1), (2, 2), (2, 3)}))
        >>> card.fits(3), card.fits(2)
        (True, False)
    """

    name: str
    """Upper-case name used in actions, notation and docs, such as ``"V2"`` or ``"ALL"``."""
    cells: frozenset[tuple[int, int]] = attrs.field(converter=_pattern)
    """Card cells ``(column, row)``, both from 1 (see the module docstring)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise ConfigurationError(
                f"card name {self.name!r} must be upper-case letters and digits, "
                "starting with a letter",
                path="card.name",
            )
        if not self.cells:
            raise ConfigurationError(f"card {self.name} has an empty pattern", path="card.cells")
        for cell in self.cells:
            if (
                len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
                or min(cell) < 1
            ):
                raise ConfigurationError(
                    f"card {self.name}: cell {cell!r} is not a (column, row) pair counted from 1",
                    path="card.cells",
                )

    def fits(self, size: int) -> bool:
        """Whether every cell of the pattern lies on a ``size`` x ``size`` card."""
        return all(column <= size and row <= size for column, row in self.cells)

    _repr_svg_ = repr_svg


@attrs.frozen
class DeckEntry:
    """A card type and how many copies of it a deck holds."""

    card: CardType
    """The card type."""
    copies: int
    """Number of copies in each player's deck (at least 1)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.copies, int) or isinstance(self.copies, bool) or self.copies < 1:
            raise ConfigurationError(
                f"{self.card.name}: copies must be a positive integer, not {self.copies!r}",
                path="deck.copies",
            )


def line_cards(size: int) -> tuple[CardType, ...]:
    """The vertical and horizontal line cards of a field: ``V1..Vn`` then ``H1..Hn``.

    Examples:
        >>> [card.name for card in line_cards(3)]
        ['V1', 'V2', 'V3', 'H1', 'H2', 'H3']
    """
    lines = [
        CardType(f"V{k}", frozenset((k, row) for row in range(1, size + 1)))
        for k in range(1, size + 1)
    ]
    lines += [
        CardType(f"H{k}", frozenset((column, k) for column in range(1, size + 1)))
        for k in range(1, size + 1)
    ]
    return tuple(lines)


def line_patterns(size: int) -> dict[str, frozenset[tuple[int, int]]]:
    """The patterns of [`line_cards`][guarda.line_cards], by name."""
    return {card.name: card.cells for card in line_cards(size)}


def x_card(size: int) -> CardType:
    """The ``X`` card: both diagonals of the card."""
    cells = {(k, k) for k in range(1, size + 1)} | {(k, size + 1 - k) for k in range(1, size + 1)}
    return CardType("X", frozenset(cells))


def all_card(size: int) -> CardType:
    """The ``ALL`` card: every cell of the card."""
    return CardType(
        "ALL",
        frozenset((c, r) for c in range(1, size + 1) for r in range(1, size + 1)),
    )
