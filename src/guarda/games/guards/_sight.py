"""Line of sight on the hex map, exactly as the rules describe it.

A guard looks from the centre of its hex. What it sees depends on its status:

- Distracted: nothing.
- Bored: the row of hexes straight ahead, at most two deep.
- Interested: the row of hexes straight ahead, until a wall, the map's edge or a Special
  Hex (it sees into the Special Hex, not past it).
- Alert, Pursuing, Returning: the row, and every hex of the 180-degree arc bounded by the
  line through the two corners that separate its three front sides from the three back
  ones (a corner on that line is inside, ruling GD2), provided it can draw an
  uninterrupted straight line to each of that hex's six corners (ruling GD7: the arc adds
  to the row).
- A line may end on a wall, run along a wall and graze the end of one; it is interrupted
  by crossing a wall, or by passing through a corner with walls leaving it on both sides
  (ruling GD6). The map's edge is a wall.
- Sight goes into a Special Hex, as far as its far edge and corners, but not past it: a
  line through the inside of a Special Hex to a point beyond it is interrupted (GD5).

A guard never counts its own hex as in sight (ruling GD4 of the rules page).
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from typing import Final

from guarda.errors import ArgumentError
from guarda.games.guards._guards import Guard, Status
from guarda.games.guards._hexes import Direction, Hex, Point, corners
from guarda.games.guards._maps import GuardMap

__all__ = ["can_see", "partly_visible", "visible"]

_Point = tuple[int, int]
"""A point of the integer geometry, or a fraction of one."""

Segment = tuple[Point, Point]

_Wall = tuple[int, int, int, int, Segment]
"""A wall with its bounds: left, right, top, bottom, then its two ends."""

BORED_DEPTH: Final = 2
"""How many hexes deep a Bored guard sees."""


SCALE: Final = 8
"""Every point is computed at 8 times the hexes' integer geometry, so the points an eighth
of the way from a corner to the centre (the test of a partly seen hex) are integers too."""


@functools.lru_cache(maxsize=4096)
def _corners(hex_: Hex) -> tuple[_Point, ...]:
    return tuple((SCALE * x, SCALE * y) for x, y in corners(hex_))


def _centre(hex_: Hex) -> _Point:
    x, y = hex_.centre
    return (SCALE * x, SCALE * y)


def _cross(o: _Point, a: _Point, b: _Point) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p: _Point, a: _Point, b: _Point) -> bool:
    """Whether ``p``, known to be on the line ``ab``, lies on the segment."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(
        a[1], b[1]
    )


def _blocked(a: _Point, b: _Point, walls: tuple[_Wall, ...]) -> bool:
    """Whether walls interrupt the sight line ``a -> b`` (see the module's rules).

    The line may end on a wall, run along a wall and graze the end of one. It is
    interrupted by crossing a wall, or by passing through a corner (or a stretch of walls
    along the line) with walls leaving it on both of its sides.
    """
    axis = 0 if a[0] != b[0] else 1
    sides: dict[_Point, int] = {}
    runs: list[tuple[_Point, _Point]] = []
    low_x, high_x = min(a[0], b[0]), max(a[0], b[0])
    low_y, high_y = min(a[1], b[1]), max(a[1], b[1])
    for left, right, top, bottom, wall in walls:
        if right < low_x or left > high_x or bottom < low_y or top > high_y:
            continue
        w1, w2 = wall
        d3, d4 = _cross(a, b, w1), _cross(a, b, w2)
        if d3 == 0 and d4 == 0:
            if _on_segment(w1, a, b) or _on_segment(w2, a, b) or _on_segment(a, w1, w2):
                runs.append(wall)
            continue
        d1, d2 = _cross(w1, w2, a), _cross(w1, w2, b)
        if (d1 > 0 > d2 or d1 < 0 < d2) and (d3 > 0 > d4 or d3 < 0 < d4):
            return True
        for point, touch, other in ((w1, d3, d4), (w2, d4, d3)):
            if touch == 0 and point != b and _on_segment(point, a, b):
                sides[point] = sides.get(point, 0) | (1 if other > 0 else 2)
    if not sides:
        return False
    # corners joined by walls along the line count as one place
    places = sorted(sides, key=lambda point: point[axis])
    bits = sides[places[0]]
    for previous, place in itertools.pairwise(places):
        joined = any(
            min(w[0][axis], w[1][axis]) <= min(previous[axis], place[axis])
            and max(previous[axis], place[axis]) <= max(w[0][axis], w[1][axis])
            for w in runs
        )
        if bits == 3:
            return True
        bits = (bits if joined else 0) | sides[place]
    return bits == 3


def _through(a: _Point, b: _Point, hex_: Hex) -> bool:
    """Whether the segment ``a -> b`` passes through the inside of ``hex_``."""
    points = _corners(hex_)
    low, high = Fraction(0), Fraction(1)
    for k in range(6):
        p, q = points[k], points[(k + 1) % 6]
        # inside is where cross(p, q, x) > 0 for the corners' order on a y-down screen
        start = _cross(p, q, a)
        slope = _cross(p, q, b) - start
        if slope == 0:
            if start <= 0:
                return False
        elif slope > 0:
            low = max(low, Fraction(-start, slope))
        else:
            high = min(high, Fraction(-start, slope))
        if low >= high:
            return False
    return low < high


@functools.lru_cache(maxsize=64)
def _walls(guard_map: GuardMap) -> tuple[_Wall, ...]:
    """Every wall as a segment between two corners, the map's edge included."""
    segments: list[_Wall] = []
    hexes = guard_map.hexes
    for hex_ in sorted(hexes):
        points = _corners(hex_)
        for direction in Direction:
            other = hex_.neighbour(direction)
            if other not in hexes or (other > hex_ and guard_map.has_wall(hex_, other)):
                p, q = points[direction.value], points[(direction.value + 1) % 6]
                bounds = (min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1]))
                segments.append((*bounds, (p, q)))
    return tuple(segments)


def _front(facing: Direction) -> tuple[Point, Point]:
    """The corner offsets bounding the arc of ``facing``, and a point in front."""
    corner = _CORNER_OFFSETS[(facing.value + 2) % 6]
    return corner, facing.delta


_CORNER_OFFSETS: Final = ((-1, -1), (1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0))


def _in_arc(centre: _Point, facing: Direction, point: _Point) -> bool:
    corner, ahead = _front(facing)
    origin = (0, 0)
    rel = (point[0] - centre[0], point[1] - centre[1])
    side = _cross(origin, corner, rel)
    front = _cross(origin, corner, ahead)
    return side == 0 or (side > 0) == (front > 0)


def _clear(guard_map: GuardMap, a: _Point, b: _Point, skip: tuple[Hex, ...]) -> bool:
    if _blocked(a, b, _walls(guard_map)):
        return False
    return not any(
        _through(a, b, special)
        for special in guard_map.special
        if special not in skip and b not in _corners(special)
    )


def _sees_point(
    guard_map: GuardMap, centre: Point, facing: Direction, point: _Point, skip: tuple[Hex, Hex]
) -> bool:
    return _in_arc(centre, facing, point) and _clear(guard_map, centre, point, skip)


def _inner_corners(hex_: Hex) -> tuple[_Point, ...]:
    """Points just inside each corner, an eighth of the way to the centre (scaled)."""
    x, y = hex_.centre
    return tuple((7 * cx + x, 7 * cy + y) for cx, cy in corners(hex_))


def _row(guard_map: GuardMap, start: Hex, facing: Direction, depth: int | None) -> list[Hex]:
    seen: list[Hex] = []
    here = start
    while depth is None or len(seen) < depth:
        ahead = here.neighbour(facing)
        if not guard_map.is_open(here, ahead):
            break
        seen.append(ahead)
        if ahead in guard_map.special:
            break
        here = ahead
    return seen


@functools.lru_cache(maxsize=4096)
def _sight(
    guard_map: GuardMap, hex_: Hex, facing: Direction, status: Status
) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """The hexes fully seen and those only partly seen (arc statuses only)."""
    if status is Status.DISTRACTED:
        return frozenset(), frozenset()
    if status is Status.BORED:
        return frozenset(_row(guard_map, hex_, facing, BORED_DEPTH)), frozenset()
    row = frozenset(_row(guard_map, hex_, facing, None))
    if not status.sees_arc:
        return row, frozenset()
    centre = _centre(hex_)
    full, part = set(row), set()
    for target in guard_map.hexes:
        if target == hex_ or target in row:
            continue
        if not any(_in_arc(centre, facing, point) for point in _corners(target)):
            continue
        if all(
            _sees_point(guard_map, centre, facing, point, (hex_, target))
            for point in _corners(target)
        ):
            full.add(target)
        elif any(
            _sees_point(guard_map, centre, facing, point, (hex_, target))
            for point in _inner_corners(target)
        ):
            part.add(target)
    return frozenset(full), frozenset(part)


def _check(guard_map: GuardMap, guard: Guard) -> None:
    if not isinstance(guard_map, GuardMap):
        raise ArgumentError(f"not a GuardMap: {type(guard_map).__name__}", path="map")
    if not isinstance(guard, Guard):
        raise ArgumentError(f"not a Guard: {type(guard).__name__}", path="guard")
    if guard.hex not in guard_map.hexes:
        raise ArgumentError(f"the guard's hex {guard.hex} is not on the map", path="guard.hex")


def visible(guard_map: GuardMap, guard: Guard) -> frozenset[Hex]:
    """Every hex ``guard`` has in its line of sight on ``guard_map``.

    Examples:
        >>> from guarda.games.guards import GuardKind, shipped_map
        >>> hall = shipped_map("example")
        >>> guard = Guard(GuardKind.STATIONARY, Hex.parse("E4"), Direction.SE, Status.BORED)
        >>> sorted(str(hex_) for hex_ in visible(hall, guard))
        ['F4', 'G5']
    """
    _check(guard_map, guard)
    return _sight(guard_map, guard.hex, guard.facing, guard.status)[0]


def partly_visible(guard_map: GuardMap, guard: Guard) -> frozenset[Hex]:
    """The hexes of which ``guard`` sees some corners but not all (a thief there is unseen).

    Only guards seeing the 180-degree arc see hexes partly.

    Examples:
        >>> from guarda.games.guards import GuardKind, shipped_map
        >>> hall = shipped_map("example")
        >>> guard = Guard(GuardKind.PATROLLING, Hex.parse("D3"), Direction.SW, Status.ALERT)
        >>> sorted(str(hex_) for hex_ in partly_visible(hall, guard))
        ['B5', 'C2', 'C7', 'E5', 'E7', 'F6']
    """
    _check(guard_map, guard)
    return _sight(guard_map, guard.hex, guard.facing, guard.status)[1]


def can_see(guard_map: GuardMap, guard: Guard, hex_: Hex) -> bool:
    """Whether ``hex_`` is in ``guard``'s line of sight.

    Examples:
        >>> from guarda.games.guards import GuardKind, shipped_map
        >>> hall = shipped_map("example")
        >>> guard = Guard(GuardKind.PATROLLING, Hex.parse("D3"), Direction.SW, Status.ALERT)
        >>> can_see(hall, guard, Hex.parse("B3")), can_see(hall, guard, Hex.parse("A4"))
        (True, False)
    """
    if not isinstance(hex_, Hex):
        raise ArgumentError(f"not a Hex: {hex_!r}", path="hex")
    return hex_ in visible(guard_map, guard)
