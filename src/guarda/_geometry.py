"""The field: cells, sides, directions, orientations and card coverage as bitmasks.

Cells are named like a chess board (R8): columns ``a, b, c, ...`` from West to East,
rows ``1, 2, 3, ...`` from South to North, so ``a1`` is the south-west corner.
Internally a cell is also an index ``y * size + x`` and a set of cells is an integer
bitmask; [`Geometry`][guarda.Geometry] precomputes every table once per field size and deck.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator, Mapping

import attrs

from guarda.errors import ParseError

__all__ = [
    "Cell",
    "Direction",
    "Geometry",
    "Orientation",
    "Side",
    "cells_of_mask",
    "clear_caches",
]

_COLUMNS = "abcdefghijklmnopqrstuvwxyz"


class Side(enum.IntEnum):
    """The four sides of the field, in clockwise order (R4)."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3


class Direction(enum.StrEnum):
    """A straight orthogonal direction on the field (R7), named by compass point."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def delta(self) -> tuple[int, int]:
        """The ``(dx, dy)`` step of one cell in this direction."""
        return _DELTAS[self]


_DELTAS = {
    Direction.NORTH: (0, 1),
    Direction.EAST: (1, 0),
    Direction.SOUTH: (0, -1),
    Direction.WEST: (-1, 0),
}


class Orientation(enum.StrEnum):
    """How a card is turned when played (R5, R6).

    ``OFFENSIVE``: arrow toward the field (attack orientation; a guard set this way
    counters). ``DEFENSIVE``: arrow toward the holder (a guard set this way blocks).
    """

    OFFENSIVE = "offensive"
    DEFENSIVE = "defensive"


def _check_coordinate(value: object, name: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ParseError(f"a cell coordinate is a whole number from 0, not {value!r}", path=name)


@attrs.frozen(order=True)
class Cell:
    """One cell of the field, ``x`` from West (0 is column ``a``), ``y`` from South.

    Examples:
        >>> Cell.parse("c2")
        Cell(x=2, y=1)
        >>> str(Cell(0, 0))
        'a1'
    """

    x: int = attrs.field(validator=lambda _, __, value: _check_coordinate(value, "x"))
    """Column, 0 for ``a``."""
    y: int = attrs.field(validator=lambda _, __, value: _check_coordinate(value, "y"))
    """Row, 0 for ``1``."""

    @property
    def name(self) -> str:
        """The cell's name in notation, such as ``"a1"`` (R8)."""
        return f"{_COLUMNS[self.x]}{self.y + 1}"

    def __str__(self) -> str:
        return self.name

    def is_on(self, size: int) -> bool:
        """Whether this cell lies on a field of ``size`` x ``size`` cells."""
        return 0 <= self.x < size and 0 <= self.y < size

    def index(self, size: int) -> int:
        """The cell's index ``y * size + x`` on a field of the given size."""
        return self.y * size + self.x

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Parse a cell name such as ``"a1"`` or ``"f6"``.

        Raises:
            ParseError: If the text is not a column letter followed by a row number.
        """
        if not isinstance(text, str) or len(text) < 2:
            raise ParseError(f"not a cell name: {text!r}", rule="R8")
        column, row = text[0], text[1:]
        if column not in _COLUMNS or not row.isdigit() or row.startswith("0"):
            raise ParseError(f"not a cell name: {text!r}", rule="R8")
        return cls(_COLUMNS.index(column), int(row) - 1)


def cells_of_mask(mask: int, size: int) -> Iterator[Cell]:
    """The cells of a bitmask, in index order (row by row from a1).

    Examples:
        >>> [str(cell) for cell in cells_of_mask(0b101, 3)]
        ['a1', 'c1']
    """
    index = 0
    while mask:
        if mask & 1:
            yield Cell(index % size, index // size)
        mask >>= 1
        index += 1


def card_to_field(column: int, row: int, size: int, side: Side) -> tuple[int, int]:
    """Map a card cell to the field cell it covers in attack orientation (R5).

    ``column`` counts from the holder's left and ``row`` from the card's near edge,
    both from 1. Returns ``(x, y)`` with 0 for column ``a`` / row ``1``.
    """
    if side is Side.SOUTH:
        return column - 1, row - 1
    if side is Side.NORTH:
        return size - column, size - row
    if side is Side.WEST:
        return row - 1, size - column
    return size - row, column - 1


@attrs.frozen(eq=False)
class Geometry:
    """Precomputed tables for one field size and one set of card patterns.

    Build it with [`Geometry.build`][guarda.Geometry.build]; [`guarda.Config`][guarda.Config]
    keeps one per ruleset
    (``config.geometry``). Masks are integers with bit ``y * size + x`` set per cell.
    """

    size: int
    """Width and height of the field."""
    cells: tuple[Cell, ...]
    """Every cell, by index."""
    coverage: Mapping[tuple[Side, Orientation, str], int]
    """Mask of field cells covered by a card name from a side in an orientation."""
    steps: Mapping[Direction, tuple[int, ...]]
    """For each direction, the neighbouring cell index of each cell, or -1 off the field."""

    @classmethod
    def build(cls, size: int, patterns: Mapping[str, frozenset[tuple[int, int]]]) -> Geometry:
        """Compute the tables for a field and the card patterns (name to card cells)."""
        return _build(size, tuple(sorted(patterns.items())))

    def mask(self, name: str, side: Side, orientation: Orientation) -> int:
        """The cells a card covers, as a bitmask (R5, R6)."""
        return self.coverage[(side, orientation, name)]

    def covers(self, name: str, side: Side, orientation: Orientation, cell: Cell) -> bool:
        """Whether a card played from ``side`` in ``orientation`` covers ``cell``.

        Examples:
            >>> from guarda._cards import line_patterns
            >>> geometry = Geometry.build(5, line_patterns(5))
            >>> geometry.covers("H1", Side.SOUTH, Orientation.OFFENSIVE, Cell.parse("c1"))
            True
            >>> geometry.covers("H1", Side.SOUTH, Orientation.DEFENSIVE, Cell.parse("c5"))
            True
        """
        return bool(self.coverage[(side, orientation, name)] >> cell.index(self.size) & 1)

    def covered_cells(self, name: str, side: Side, orientation: Orientation) -> list[Cell]:
        """The cells a card covers, in index order."""
        return list(cells_of_mask(self.mask(name, side, orientation), self.size))


@functools.lru_cache(maxsize=64)
def _build(size: int, patterns: tuple[tuple[str, frozenset[tuple[int, int]]], ...]) -> Geometry:
    cells = tuple(Cell(index % size, index // size) for index in range(size * size))
    coverage: dict[tuple[Side, Orientation, str], int] = {}
    for name, card_cells in patterns:
        for side in Side:
            attack = 0
            defence = 0
            for column, row in card_cells:
                x, y = card_to_field(column, row, size, side)
                attack |= 1 << (y * size + x)
                # R6: turning the card around rotates its pattern by 180 degrees.
                x, y = card_to_field(size + 1 - column, size + 1 - row, size, side)
                defence |= 1 << (y * size + x)
            coverage[(side, Orientation.OFFENSIVE, name)] = attack
            coverage[(side, Orientation.DEFENSIVE, name)] = defence
    steps: dict[Direction, tuple[int, ...]] = {}
    for direction in Direction:
        dx, dy = direction.delta
        steps[direction] = tuple(
            (cell.y + dy) * size + cell.x + dx
            if 0 <= cell.x + dx < size and 0 <= cell.y + dy < size
            else -1
            for cell in cells
        )
    return Geometry(size=size, cells=cells, coverage=coverage, steps=steps)


def parse_cells(names: Iterable[str]) -> tuple[Cell, ...]:
    """Parse several cell names."""
    return tuple(Cell.parse(name) for name in names)


def clear_caches() -> None:
    """Forget the geometries built so far (configurations keep their own)."""
    _build.cache_clear()
