"""Maps of hex tiles as data, and the small JSON format they are written in.

A map document is a JSON object::

    {
      "format": "guarda-guards-map",
      "version": 1,
      "name": "The hall",
      "tiles": [
        {
          "name": "hall",
          "hexes": ["A1..A7", "B1..B6", "C4"],
          "guard": "patrolling",
          "crescent": "E4",
          "patrol": ["D1", "D2", "D3"],
          "route": ["F2", "F3", "G3", "G2"],
          "shields": ["F2", "G3"],
          "vault": "G7"
        }
      ],
      "walls": [["D5", "D6"]],
      "special": ["B3"],
      "torches": ["C4"]
    }

- ``hexes`` lists hex names (see [`Hex`][guarda.games.guards.Hex]) or runs down one
  column, ``"A1..A7"``. A hex belongs to at most one tile; the map is all of them.
- ``guard`` is the kind of the tile's one guard (``stationary``, ``patrolling``,
  ``wandering``); optional. Its marker must be on the tile.
- ``crescent`` is the blue crescent of a Stationary guard; ``patrol`` the green line from
  the green star (first) to the green shield (last), each hex adjacent to the one before
  with no wall between and no hex twice; ``route`` the red arrows, a closed loop walked
  in the order given (the last hex leads back to the first); ``shields`` the red shields
  on that loop where a Wandering guard may start; ``vault`` the Vault Hex (the crown) of
  the Vault Map Tile. All optional.
- ``walls`` are pairs of adjacent hexes with a wall on the side between them. The edge of
  the map is a wall too, without being listed.
- ``special`` are the Special Hexes (locked: guards have keys, sight goes in but not
  through), ``torches`` the hexes holding an Extinguished Torch counter.

[`map_from_json`][guarda.games.guards.map_from_json] checks all of it and raises a
[`DocumentError`][guarda.DocumentError] whose ``path`` names the place, such as
``"walls[2]"`` or ``"tiles[0].patrol[3]"``.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, Final

from attrs import field, frozen

from guarda.errors import ArgumentError, DocumentError
from guarda.games.guards._guards import GuardKind
from guarda.games.guards._hexes import Direction, Hex, parse_hex

__all__ = ["FORMAT", "GuardMap", "Tile", "load_map", "map_from_json", "map_to_json", "shipped_map"]

FORMAT: Final = "guarda-guards-map"
"""The ``format`` field of a map document."""

_RUN: Final = re.compile(r"([A-Z])([1-9][0-9]?)\.\.([A-Z])([1-9][0-9]?)")
"""A run of hexes down one column: ``"A1..A7"``."""

_TILE_KEYS: Final = frozenset(
    {"name", "hexes", "guard", "crescent", "patrol", "route", "shields", "vault"}
)
_MAP_KEYS: Final = frozenset({"format", "version", "name", "tiles", "walls", "special", "torches"})


@frozen
class Tile:
    """One map tile: its hexes and the markers printed on it.

    Attributes:
        name: The tile's name, unique on the map.
        hexes: Its hexes.
        guard: The kind of its one guard, or None.
        crescent: The blue crescent (a Stationary guard's place), or None.
        patrol: The green line, from the green star to the green shield (may be empty).
        route: The loop of red arrows, in walking order (may be empty).
        shields: The red shields on the loop, where a Wandering guard may start.
        vault: The Vault Hex (the crown), on the Vault Map Tile only.
    """

    name: str
    hexes: frozenset[Hex]
    guard: GuardKind | None = None
    crescent: Hex | None = None
    patrol: tuple[Hex, ...] = ()
    route: tuple[Hex, ...] = ()
    shields: tuple[Hex, ...] = ()
    vault: Hex | None = None


@frozen(cache_hash=True)
class GuardMap:
    """A map: tiles of hexes, walls, Special Hexes and Extinguished Torch counters.

    Build one with [`map_from_json`][guarda.games.guards.map_from_json] (which validates);
    the constructor trusts its arguments.

    Attributes:
        name: The map's name.
        tiles: Its tiles, in the document's order.
        walls: The listed walls, each the sorted pair of hexes on its two sides.
        special: The Special Hexes.
        torches: The hexes holding an Extinguished Torch counter.
        hexes: Every hex of every tile.

    Examples:
        >>> hall = shipped_map("example")
        >>> hall.is_open(Hex.parse("D3"), Hex.parse("D4"))
        True
        >>> hall.is_open(Hex.parse("D2"), Hex.parse("E3"))  # a wall
        False
    """

    name: str
    tiles: tuple[Tile, ...]
    walls: frozenset[tuple[Hex, Hex]]
    special: frozenset[Hex] = frozenset()
    torches: frozenset[Hex] = frozenset()
    hexes: frozenset[Hex] = field(init=False, eq=False, repr=False)
    _exits: Mapping[Hex, tuple[tuple[Direction, Hex], ...]] = field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        hexes: frozenset[Hex] = frozenset().union(*(tile.hexes for tile in self.tiles))
        object.__setattr__(self, "hexes", hexes)
        exits = {}
        for hex_ in hexes:
            exits[hex_] = tuple(
                (direction, other)
                for direction in Direction
                if (other := hex_.neighbour(direction)) in hexes
                and (min(hex_, other), max(hex_, other)) not in self.walls
            )
        object.__setattr__(self, "_exits", exits)

    def has_wall(self, a: Hex, b: Hex) -> bool:
        """Whether a listed wall stands between the adjacent hexes ``a`` and ``b``."""
        return (min(a, b), max(a, b)) in self.walls

    def is_open(self, a: Hex, b: Hex) -> bool:
        """Whether one can step from ``a`` to ``b``: adjacent, both on the map, no wall."""
        return any(other == b for _, other in self._exits.get(a, ()))

    def exits(self, hex_: Hex) -> tuple[tuple[Direction, Hex], ...]:
        """The open neighbours of ``hex_`` with their directions, clockwise from N."""
        return self._exits.get(hex_, ())

    def tile_of(self, hex_: Hex) -> Tile | None:
        """The tile holding ``hex_``, or None off the map."""
        for tile in self.tiles:
            if hex_ in tile.hexes:
                return tile
        return None

    def tile(self, name: str) -> Tile:
        """The tile called ``name``.

        Raises:
            ArgumentError: If the map has no such tile.
        """
        for tile in self.tiles:
            if tile.name == name:
                return tile
        raise ArgumentError(f"the map has no tile called {name!r}", path="tile")

    @property
    def vault(self) -> Hex | None:
        """The Vault Hex, if a tile has one."""
        return next((tile.vault for tile in self.tiles if tile.vault is not None), None)


def _fail(message: str, path: str) -> DocumentError:
    return DocumentError(message, path=path)


def _hex(value: object, path: str) -> Hex:
    if not isinstance(value, str):
        raise _fail(f"a hex name is a string like 'D3', not {value!r}", path)
    try:
        return parse_hex(value, path=path)
    except ArgumentError as error:
        raise _fail(error.message, path) from None


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"expected a list, not {type(value).__name__}", path)
    return value


def _hex_list(value: object, path: str, on: frozenset[Hex], where: str) -> tuple[Hex, ...]:
    hexes = []
    for index, item in enumerate(_list(value, path)):
        hex_ = _hex(item, f"{path}[{index}]")
        if hex_ not in on:
            raise _fail(f"{hex_} is not on {where}", f"{path}[{index}]")
        hexes.append(hex_)
    return tuple(hexes)


def _tile_hexes(value: object, path: str) -> frozenset[Hex]:
    hexes: set[Hex] = set()
    for index, item in enumerate(_list(value, path)):
        where = f"{path}[{index}]"
        run = _RUN.fullmatch(item) if isinstance(item, str) else None
        if run is None:
            new = [_hex(item, where)]
        else:
            first, last = _hex(f"{run[1]}{run[2]}", where), _hex(f"{run[3]}{run[4]}", where)
            if first.column != last.column or first.row > last.row:
                raise _fail(f"a run goes down one column, like 'A1..A7', not {item!r}", where)
            new = [Hex(first.column, row) for row in range(first.row, last.row + 1)]
        for hex_ in new:
            if hex_ in hexes:
                raise _fail(f"{hex_} is listed twice", where)
            hexes.add(hex_)
    if not hexes:
        raise _fail("a tile needs at least one hex", path)
    return frozenset(hexes)


def _optional_hex(data: Mapping[str, Any], key: str, path: str, on: frozenset[Hex]) -> Hex | None:
    if data.get(key) is None:
        return None
    hex_ = _hex(data[key], f"{path}.{key}")
    if hex_ not in on:
        raise _fail(f"{hex_} is not on the tile", f"{path}.{key}")
    return hex_


def _check_line(
    line: Sequence[Hex], path: str, walls: frozenset[tuple[Hex, Hex]], loop: bool
) -> None:
    for index, hex_ in enumerate(line):
        if hex_ in line[:index]:
            raise _fail(f"the line passes {hex_} twice", f"{path}[{index}]")
    pairs = list(itertools.pairwise(line))
    if loop and len(line) > 1:
        pairs.append((line[-1], line[0]))
    for index, (a, b) in enumerate(pairs):
        where = f"{path}[{(index + 1) % len(line)}]"
        if a.direction_to(b) is None:
            raise _fail(f"the line breaks: {b} is not next to {a}", where)
        if (min(a, b), max(a, b)) in walls:
            raise _fail(f"the line crosses the wall between {a} and {b}", where)


def _tile(data: object, path: str, taken: frozenset[Hex]) -> Tile:
    if not isinstance(data, dict):
        raise _fail("a tile is an object", path)
    unknown = sorted(set(data) - _TILE_KEYS)
    if unknown:
        raise _fail(f"unknown field {unknown[0]!r}", f"{path}.{unknown[0]}")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise _fail("a tile needs a name (a non-empty string)", f"{path}.name")
    hexes = _tile_hexes(data.get("hexes"), f"{path}.hexes")
    for hex_ in sorted(hexes):
        if hex_ in taken:
            raise _fail(f"{hex_} is already on another tile", f"{path}.hexes")
    guard = None
    if data.get("guard") is not None:
        try:
            guard = GuardKind(data["guard"])
        except ValueError:
            raise _fail(
                f"unknown guard {data['guard']!r} (stationary, patrolling or wandering)",
                f"{path}.guard",
            ) from None
        if guard is GuardKind.ROVING:
            raise _fail(
                "the Roving guard starts on the Vault Hex, not as a tile's guard", f"{path}.guard"
            )
    where = "the tile"
    patrol = _hex_list(data.get("patrol", []), f"{path}.patrol", hexes, where)
    route = _hex_list(data.get("route", []), f"{path}.route", hexes, where)
    shields = _hex_list(data.get("shields", []), f"{path}.shields", frozenset(route), "the route")
    if len(patrol) == 1:
        raise _fail("a patrol line needs the star and the shield", f"{path}.patrol")
    if len(route) in (1, 2):
        raise _fail("a route of red arrows is a loop of at least three hexes", f"{path}.route")
    if route and not shields:
        raise _fail("a route needs at least one red shield", f"{path}.shields")
    tile = Tile(
        name=name,
        hexes=hexes,
        guard=guard,
        crescent=_optional_hex(data, "crescent", path, hexes),
        patrol=patrol,
        route=route,
        shields=shields,
        vault=_optional_hex(data, "vault", path, hexes),
    )
    needs = {
        GuardKind.STATIONARY: ("crescent", tile.crescent is not None),
        GuardKind.PATROLLING: ("patrol", bool(tile.patrol)),
        GuardKind.WANDERING: ("route", bool(tile.route)),
    }
    if guard is not None and not needs[guard][1]:
        raise _fail(f"a {guard.value} guard needs the tile's {needs[guard][0]}", f"{path}.guard")
    return tile


def map_from_json(data: object) -> GuardMap:
    """The map a decoded JSON document describes, checked (format in the module docs).

    Raises:
        DocumentError: If the document is malformed; ``path`` names the place, such as
            ``"walls[1]"`` for a wall to nowhere or ``"tiles[0].patrol[3]"`` for a
            patrol line that breaks.

    Examples:
        >>> doc = {"format": "guarda-guards-map", "version": 1, "name": "two",
        ...        "tiles": [{"name": "t", "hexes": ["A1..A2"]}], "walls": [["A2", "A3"]]}
        >>> map_from_json(doc)
        Traceback (most recent call last):
        ...
        guarda.errors.DocumentError: walls[0]: a wall to nowhere: A3 is not on the map
    """
    if not isinstance(data, dict):
        raise _fail("a map document is a JSON object", "$")
    if data.get("format") != FORMAT:
        raise _fail(f"expected format {FORMAT!r}, not {data.get('format')!r}", "format")
    if data.get("version") != 1:
        raise _fail(f"this release reads version 1, not {data.get('version')!r}", "version")
    unknown = sorted(set(data) - _MAP_KEYS)
    if unknown:
        raise _fail(f"unknown field {unknown[0]!r}", unknown[0])
    name = data.get("name")
    if not isinstance(name, str):
        raise _fail("a map needs a name (a string)", "name")
    tiles: list[Tile] = []
    taken: frozenset[Hex] = frozenset()
    for index, item in enumerate(_list(data.get("tiles"), "tiles")):
        tile = _tile(item, f"tiles[{index}]", taken)
        if any(tile.name == other.name for other in tiles):
            raise _fail(f"two tiles are called {tile.name!r}", f"tiles[{index}].name")
        tiles.append(tile)
        taken |= tile.hexes
    if not tiles:
        raise _fail("a map needs at least one tile", "tiles")
    walls: set[tuple[Hex, Hex]] = set()
    for index, item in enumerate(_list(data.get("walls", []), "walls")):
        where = f"walls[{index}]"
        if not isinstance(item, list) or len(item) != 2:
            raise _fail("a wall is a pair of hex names, like ['D5', 'D6']", where)
        a, b = _hex(item[0], f"{where}[0]"), _hex(item[1], f"{where}[1]")
        for hex_ in (a, b):
            if hex_ not in taken:
                raise _fail(f"a wall to nowhere: {hex_} is not on the map", where)
        if a.direction_to(b) is None:
            raise _fail(f"a wall stands between adjacent hexes; {a} and {b} are not", where)
        walls.add((min(a, b), max(a, b)))
    frozen_walls = frozenset(walls)
    for index, tile in enumerate(tiles):
        _check_line(tile.patrol, f"tiles[{index}].patrol", frozen_walls, loop=False)
        _check_line(tile.route, f"tiles[{index}].route", frozen_walls, loop=True)
    special = _hex_list(data.get("special", []), "special", taken, "the map")
    torches = _hex_list(data.get("torches", []), "torches", taken, "the map")
    vaults = [tile.vault for tile in tiles if tile.vault is not None]
    if len(vaults) > 1:
        raise _fail("a map has at most one Vault Hex", "tiles")
    return GuardMap(name, tuple(tiles), frozen_walls, frozenset(special), frozenset(torches))


def _names(hexes: Iterable[Hex]) -> list[str]:
    return [str(hex_) for hex_ in hexes]


def map_to_json(guard_map: GuardMap) -> dict[str, Any]:
    """The JSON document of ``guard_map`` (hexes listed one by one, sorted).

    Examples:
        >>> hall = shipped_map("example")
        >>> map_from_json(map_to_json(hall)) == hall
        True
    """
    tiles = []
    for tile in guard_map.tiles:
        entry: dict[str, Any] = {"name": tile.name, "hexes": _names(sorted(tile.hexes))}
        if tile.guard is not None:
            entry["guard"] = tile.guard.value
        if tile.crescent is not None:
            entry["crescent"] = str(tile.crescent)
        for key, line in (
            ("patrol", tile.patrol),
            ("route", tile.route),
            ("shields", tile.shields),
        ):
            if line:
                entry[key] = _names(line)
        if tile.vault is not None:
            entry["vault"] = str(tile.vault)
        tiles.append(entry)
    return {
        "format": FORMAT,
        "version": 1,
        "name": guard_map.name,
        "tiles": tiles,
        "walls": [_names(pair) for pair in sorted(guard_map.walls)],
        "special": _names(sorted(guard_map.special)),
        "torches": _names(sorted(guard_map.torches)),
    }


def load_map(text: str) -> GuardMap:
    """The map of a JSON document given as text.

    Raises:
        DocumentError: If the text is not JSON (``path`` ``"$"``) or not a valid map.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail(f"not JSON: {error.msg} at line {error.lineno}", "$") from None
    return map_from_json(data)


@functools.lru_cache(maxsize=16)
def shipped_map(name: str) -> GuardMap:
    """A map that ships with guarda: ``"example"`` (the line-of-sight example of the rules).

    Raises:
        ArgumentError: If no map has that name.

    Examples:
        >>> shipped_map("example").name
        'The line-of-sight example'
    """
    files = resources.files("guarda.games.guards") / "maps"
    if not isinstance(name, str) or not re.fullmatch(r"[a-z0-9_]+", name):
        raise ArgumentError(f"not a map name: {name!r}", path="map")
    resource = files / f"{name}.json"
    if not resource.is_file():
        raise ArgumentError(f"no shipped map called {name!r}", path="map")
    return load_map(resource.read_text(encoding="utf-8"))
