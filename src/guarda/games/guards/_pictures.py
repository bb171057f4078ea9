"""SVG pictures of a guards map: walls, markers, guards with facing and status, sight.

The output is deterministic (fixed element order, numbers with at most two decimals), so
a picture can be committed and compared byte for byte.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from guarda.errors import ArgumentError
from guarda.games.guards._guards import Guard, GuardKind
from guarda.games.guards._hexes import Direction, Hex, corners
from guarda.games.guards._keep import ThiefMarker
from guarda.games.guards._maps import GuardMap
from guarda.games.guards._sight import partly_visible, visible

__all__ = ["map_svg"]

SIDE: Final = 30.0
"""A hex side in pixels."""

MARGIN: Final = 12.0
"""Space around the map, in pixels."""

_GUARD_FILL: Final = {
    GuardKind.STATIONARY: "#1e63c4",
    GuardKind.PATROLLING: "#2e8b3a",
    GuardKind.WANDERING: "#c62828",
    GuardKind.ROVING: "#ffffff",
}
_TILE_FILLS: Final = ("#f4efe4", "#e9f0f4", "#f1eaf3", "#edf3e8")
_FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"


def _num(value: float) -> str:
    rounded = round(value, 2)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0")


class _Canvas:
    def __init__(self, hexes: Iterable[Hex]) -> None:
        points = [point for hex_ in hexes for point in corners(hex_)]
        self.left = min(x for x, _ in points)
        self.top = min(y for _, y in points)
        self.width = (max(x for x, _ in points) - self.left) * SIDE / 2 + 2 * MARGIN
        self.height = (max(y for _, y in points) - self.top) * SIDE * math.sqrt(3) / 2
        self.height += 2 * MARGIN + 18
        self.lines: list[str] = []

    def xy(self, point: tuple[float, float]) -> tuple[float, float]:
        x = MARGIN + (point[0] - self.left) * SIDE / 2
        y = MARGIN + 18 + (point[1] - self.top) * SIDE * math.sqrt(3) / 2
        return x, y

    def points(self, points: Iterable[tuple[float, float]]) -> str:
        return " ".join(f"{_num(x)},{_num(y)}" for x, y in (self.xy(p) for p in points))

    def hex_polygon(self, hex_: Hex, attributes: str) -> None:
        self.lines.append(f'<polygon points="{self.points(corners(hex_))}" {attributes}/>')

    def line(self, a: tuple[float, float], b: tuple[float, float], attributes: str) -> None:
        (x1, y1), (x2, y2) = self.xy(a), self.xy(b)
        self.lines.append(
            f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" {attributes}/>'
        )

    def text(self, point: tuple[float, float], text: str, attributes: str) -> None:
        x, y = self.xy(point)
        place = f'x="{_num(x)}" y="{_num(y)}" font-family="{_FONT}"'
        self.lines.append(f"<text {place} {attributes}>{_escape(text)}</text>")

    def shape(self, centre: tuple[float, float], offsets: Sequence[tuple[float, float]]) -> str:
        """Points of a small shape around ``centre``, offsets in pixels."""
        x, y = self.xy(centre)
        return " ".join(f"{_num(x + dx)},{_num(y + dy)}" for dx, dy in offsets)


def _star(radius: float) -> list[tuple[float, float]]:
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((r * math.cos(angle), r * math.sin(angle)))
    return points


_SHIELD: Final = ((-5.0, -6.0), (5.0, -6.0), (5.0, 0.0), (0.0, 6.0), (-5.0, 0.0))
_CROWN: Final = (
    (-7.0, 4.0),
    (-7.0, -4.0),
    (-3.5, 0.0),
    (0.0, -5.0),
    (3.5, 0.0),
    (7.0, -4.0),
    (7.0, 4.0),
)


def _at(hex_: Hex, dx: float, dy: float) -> tuple[float, float]:
    x, y = hex_.centre
    return (x + dx, y + dy)


def map_svg(
    guard_map: GuardMap,
    guards: Sequence[Guard] = (),
    *,
    markers: Sequence[ThiefMarker] = (),
    torches: Iterable[Hex] | None = None,
    thieves: Mapping[str, Hex] | None = None,
    sight: bool = True,
    title: str | None = None,
) -> str:
    """An SVG picture of ``guard_map`` with ``guards`` and the public Thief Markers.

    Hexes are named; walls (and the map's edge) are thick dark lines; Special Hexes are
    grey; an Extinguished Torch is a dark orange dot. The blue crescent, the green line
    from star to shield, the red arrows and shields and the Vault Hex's crown are drawn
    as on the tiles. A guard is a disc in its meeple's colour with a wedge toward the side
    it faces and its status's initial; a bow is a gold ring, an undead guard a dashed rim.
    With ``sight``, the hexes each guard sees are shaded yellow, those it sees only partly
    pale yellow. ``thieves`` maps thieves' names to true hexes to show (a white disc with
    the name's initial); Thief Markers are black discs.

    Raises:
        ArgumentError: If a guard or marker is off the map.

    Examples:
        >>> from guarda.games.guards import shipped_map
        >>> svg = map_svg(shipped_map("example"), title="The hall")
        >>> svg.startswith("<svg") and svg.count("<polygon") >= 21
        True
    """
    hexes = guard_map.hexes
    for index, guard in enumerate(guards):
        if guard.hex not in hexes:
            raise ArgumentError(f"{guard.hex} is not on the map", path=f"guards[{index}].hex")
    for index, marker in enumerate(markers):
        if marker.hex not in hexes:
            raise ArgumentError(f"{marker.hex} is not on the map", path=f"markers[{index}].hex")
    for name, hex_ in (thieves or {}).items():
        if hex_ not in hexes:
            raise ArgumentError(f"{hex_} is not on the map", path=f"thieves[{name!r}]")
    canvas = _Canvas(hexes)
    draw = canvas.lines
    for number, tile in enumerate(guard_map.tiles):
        fill = _TILE_FILLS[number % len(_TILE_FILLS)]
        for hex_ in sorted(tile.hexes):
            colour = "#bdb5a6" if hex_ in guard_map.special else fill
            canvas.hex_polygon(hex_, f'fill="{colour}" stroke="#b8b0a0" stroke-width="1"')
    if sight:
        seen: set[Hex] = set()
        part: set[Hex] = set()
        for guard in guards:
            seen |= visible(guard_map, guard)
            part |= partly_visible(guard_map, guard)
        for hex_ in sorted(part - seen):
            canvas.hex_polygon(hex_, 'fill="#ffd54f" fill-opacity="0.25" stroke="none"')
        for hex_ in sorted(seen):
            canvas.hex_polygon(hex_, 'fill="#ffc107" fill-opacity="0.55" stroke="none"')
    for hex_ in sorted(hexes):
        label = f"{hex_}" + (" S" if hex_ in guard_map.special else "")
        canvas.text(
            _at(hex_, 0, -0.55), label, 'font-size="8" fill="#6d6457" text-anchor="middle"'
        )
    for tile in guard_map.tiles:
        if len(tile.patrol) > 1:
            path = canvas.points(hex_.centre for hex_ in tile.patrol)
            draw.append(
                f'<polyline points="{path}" fill="none" stroke="#2e8b3a" stroke-width="2"/>'
            )
            star = canvas.shape(_at(tile.patrol[0], 0.9, 0.45), _star(5.5))
            draw.append(f'<polygon points="{star}" fill="#2e8b3a"/>')
            shield = canvas.shape(_at(tile.patrol[-1], 0.9, 0.45), _SHIELD)
            draw.append(f'<polygon points="{shield}" fill="#2e8b3a"/>')
        route = tile.route
        for k, hex_ in enumerate(route):
            following = route[(k + 1) % len(route)]
            (ax, ay), (bx, by) = hex_.centre, following.centre
            start = (ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3)
            end = (ax + (bx - ax) * 0.7, ay + (by - ay) * 0.7)
            canvas.line(start, end, 'stroke="#c62828" stroke-width="1.5"')
            (sx, sy), (ex, ey) = canvas.xy(start), canvas.xy(end)
            length = math.hypot(ex - sx, ey - sy) or 1.0
            ux, uy = (ex - sx) / length, (ey - sy) / length
            head = [(ex, ey), (ex - 6 * ux - 3 * uy, ey - 6 * uy + 3 * ux)]
            head.append((ex - 6 * ux + 3 * uy, ey - 6 * uy - 3 * ux))
            points = " ".join(f"{_num(x)},{_num(y)}" for x, y in head)
            draw.append(f'<polygon points="{points}" fill="#c62828"/>')
        for hex_ in tile.shields:
            shield = canvas.shape(_at(hex_, -0.9, 0.45), _SHIELD)
            draw.append(f'<polygon points="{shield}" fill="#c62828"/>')
        if tile.crescent is not None:
            x, y = canvas.xy(_at(tile.crescent, -0.9, 0.45))
            draw.append(
                f'<path d="M {_num(x + 2)} {_num(y - 6)} A 6 6 0 1 0 {_num(x + 2)} {_num(y + 6)} '
                f'A 4.5 4.5 0 1 1 {_num(x + 2)} {_num(y - 6)} Z" fill="#1e63c4"/>'
            )
        if tile.vault is not None:
            crown = canvas.shape(_at(tile.vault, 0, 0.55), _CROWN)
            draw.append(f'<polygon points="{crown}" fill="#c9a227" stroke="#7a5c00"/>')
    lit = guard_map.torches if torches is None else frozenset(torches)
    for hex_ in sorted(lit):
        x, y = canvas.xy(_at(hex_, 1.1, -0.45))
        draw.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="3.5" fill="#8a4b08"/>')
    for hex_ in sorted(hexes):
        outline = corners(hex_)
        for direction in Direction:
            other = hex_.neighbour(direction)
            edge = other not in hexes
            if edge or (other > hex_ and guard_map.has_wall(hex_, other)):
                a, b = outline[direction.value], outline[(direction.value + 1) % 6]
                canvas.line(a, b, 'stroke="#3b3229" stroke-width="4" stroke-linecap="round"')
    for marker in markers:
        x, y = canvas.xy(_at(marker.hex, -0.9, -0.2))
        draw.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="6" fill="#222222"/>')
        canvas.text(
            _at(marker.hex, -0.9, 0.05),
            marker.thief[:1].upper(),
            'font-size="8" fill="#ffffff" text-anchor="middle"',
        )
    for name, hex_ in sorted((thieves or {}).items()):
        x, y = canvas.xy(_at(hex_, 0.9, -0.2))
        draw.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="6" fill="#ffffff" stroke="#222222"/>'
        )
        canvas.text(
            _at(hex_, 0.9, 0.05),
            name[:1].upper(),
            'font-size="8" fill="#222222" text-anchor="middle"',
        )
    for guard in guards:
        centre = guard.hex.centre
        dx, dy = guard.facing.delta
        (cx, cy), (nx, ny) = canvas.xy(centre), canvas.xy((centre[0] + dx, centre[1] + dy))
        length = math.hypot(nx - cx, ny - cy)
        ux, uy = (nx - cx) / length, (ny - cy) / length
        wedge = [
            (cx + ux * 19, cy + uy * 19),
            (cx + ux * 5 - uy * 6, cy + uy * 5 + ux * 6),
            (cx + ux * 5 + uy * 6, cy + uy * 5 - ux * 6),
        ]
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in wedge)
        draw.append(f'<polygon points="{points}" fill="#3b3229"/>')
        x, y = canvas.xy(centre)
        rim = "#c9a227" if guard.bow else "#3b3229"
        dash = ' stroke-dasharray="3,2"' if guard.undead else ""
        width = "3" if guard.bow else "1.5"
        draw.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="8.5" fill="{_GUARD_FILL[guard.kind]}" '
            f'stroke="{rim}" stroke-width="{width}"{dash}/>'
        )
        ink = "#222222" if guard.kind is GuardKind.ROVING else "#ffffff"
        canvas.text(
            (centre[0], centre[1] + 0.3),
            guard.status.name[:1],
            f'font-size="10" font-weight="bold" fill="{ink}" text-anchor="middle"',
        )
    header = []
    if title is not None:
        header.append(
            f'<text x="{_num(MARGIN)}" y="{_num(MARGIN + 4)}" font-family="{_FONT}" '
            f'font-size="12" fill="#3b3229">{_escape(title)}</text>'
        )
    width, height = _num(canvas.width), _num(canvas.height)
    opening = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
    )
    background = f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
    return "\n".join([opening, background, *header, *draw, "</svg>"]) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
