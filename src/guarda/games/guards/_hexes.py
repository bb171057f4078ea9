"""Hexes, their names and the six directions of a flat-topped hex grid.

The map is a grid of flat-topped hexes in columns. A hex is named like the text names
them: a column letter and a row number, ``"D3"``. Columns run A, B, C, ... from left to
right; rows run 1, 2, 3, ... from top to bottom. Every second column (B, D, F, ...) sits
half a hex lower than its neighbours, so ``E4``'s lower right neighbour is ``F4`` and
``F4``'s is ``G5`` (the "odd-q" offset layout, counting A as column 0).

For geometry every hex centre has integer coordinates ``(3 * column, 2 * row + odd)``,
with y growing downwards, in units of half a hex side across and half a hex height down.
The six corners of a hex are then ``(x ± 2, y)`` and ``(x ± 1, y ± 1)``: every corner,
wall and line of sight is exact integer arithmetic.
"""

from __future__ import annotations

import enum
import re
from typing import Final

from attrs import frozen

from guarda.errors import ArgumentError

__all__ = ["Direction", "Hex", "Point", "corners", "hex_distance", "parse_hex"]

Point = tuple[int, int]
"""A point of the integer geometry: ``(x, y)``, y downwards."""


class Direction(enum.IntEnum):
    """The six sides of a flat-topped hex, clockwise from the top.

    Examples:
        >>> Direction.SE.turned(1), Direction.N.turned(-1), Direction.S.opposite
        (<Direction.S: 3>, <Direction.NW: 5>, <Direction.N: 0>)
    """

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    def turned(self, steps: int) -> Direction:
        """This direction turned ``steps`` hex sides clockwise (negative: anticlockwise)."""
        return Direction((self.value + steps) % 6)

    @property
    def opposite(self) -> Direction:
        """The direction straight behind."""
        return self.turned(3)

    @property
    def delta(self) -> Point:
        """The step from a hex centre to its neighbour's centre, in integer geometry."""
        return _DELTAS[self.value]


_DELTAS: Final = ((0, -2), (3, -1), (3, 1), (0, 2), (-3, 1), (-3, -1))
"""Centre-to-centre steps, N to NW."""

_CORNERS: Final = ((-1, -1), (1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0))
"""Corner offsets clockwise from the top left: corner k and k+1 bound side k (N, NE, ...)."""

_NAME: Final = re.compile(r"([A-Z])([1-9][0-9]?)")
"""A hex name: one column letter and a row from 1 to 99."""


@frozen(order=False)
class Hex:
    """One hex of the grid: ``column`` 0 is A, ``row`` is the number of its name.

    Examples:
        >>> Hex.parse("D3")
        Hex(column=3, row=3)
        >>> str(Hex(4, 4).neighbour(Direction.SE)), str(Hex(5, 4).neighbour(Direction.SE))
        ('F4', 'G5')
    """

    column: int
    row: int

    # Written out, the order attrs gives (column, then row), without its generic tuples.
    def __lt__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.column, self.row) < (other.column, other.row)

    def __le__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.column, self.row) <= (other.column, other.row)

    def __gt__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.column, self.row) > (other.column, other.row)

    def __ge__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.column, self.row) >= (other.column, other.row)

    @classmethod
    def parse(cls, name: str, *, path: str = "hex") -> Hex:
        """The hex called ``name`` (see [`parse_hex`][guarda.games.guards.parse_hex])."""
        return parse_hex(name, path=path)

    def __str__(self) -> str:
        return f"{chr(ord('A') + self.column)}{self.row}"

    @property
    def centre(self) -> Point:
        """The hex centre in integer geometry."""
        return (3 * self.column, 2 * self.row + (self.column & 1))

    def neighbour(self, direction: Direction) -> Hex:
        """The adjacent hex across side ``direction`` (it may be off the map or unnamed)."""
        odd = self.column & 1
        column, row = self.column, self.row
        if direction is Direction.N:
            return Hex(column, row - 1)
        if direction is Direction.S:
            return Hex(column, row + 1)
        step = 1 if direction in (Direction.NE, Direction.SE) else -1
        upper = direction in (Direction.NE, Direction.NW)
        return Hex(column + step, row - (0 if odd else 1) if upper else row + (1 if odd else 0))

    def direction_to(self, other: Hex) -> Direction | None:
        """The side across which ``other`` is adjacent, or None if it is not adjacent."""
        for direction in Direction:
            if self.neighbour(direction) == other:
                return direction
        return None

    @property
    def cube(self) -> tuple[int, int, int]:
        """Cube coordinates ``(q, r, s)`` with ``q + r + s == 0``."""
        q = self.column
        r = self.row - (self.column - (self.column & 1)) // 2
        return (q, r, -q - r)


def parse_hex(name: str, *, path: str = "hex") -> Hex:
    """The hex called ``name``: a column letter A-Z and a row from 1 to 99.

    Raises:
        ArgumentError: If ``name`` is not a hex name; ``path`` names the field.

    Examples:
        >>> parse_hex("B3")
        Hex(column=1, row=3)
        >>> parse_hex("3B", path="walls[0]")
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: walls[0]: not a hex name: '3B' (a letter and a row, like 'D3')
    """
    match = _NAME.fullmatch(name) if isinstance(name, str) else None
    if match is None:
        raise ArgumentError(f"not a hex name: {name!r} (a letter and a row, like 'D3')", path=path)
    return Hex(ord(match[1]) - ord("A"), int(match[2]))


def corners(hex_: Hex) -> tuple[Point, ...]:
    """The six corners of ``hex_``, clockwise from the top left.

    Corners ``k`` and ``k + 1`` (modulo 6) bound the side facing ``Direction(k)``.

    Examples:
        >>> corners(Hex(0, 1))
        ((-1, 1), (1, 1), (2, 2), (1, 3), (-1, 3), (-2, 2))
    """
    x, y = hex_.centre
    return tuple((x + dx, y + dy) for dx, dy in _CORNERS)


def hex_distance(a: Hex, b: Hex) -> int:
    """The number of steps from ``a`` to ``b`` on an empty grid.

    Examples:
        >>> hex_distance(Hex.parse("D3"), Hex.parse("G5"))
        3
    """
    aq, ar, as_ = a.cube
    bq, br, bs = b.cube
    return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))
