"""Per-configuration rule tables, computed once and cached.

`tables` turns a [`Config`][guarda.Config] into the numbers the engine needs
on every step: each player's attack and defence masks per card name, teams, the hill,
the neighbour tables. A configuration is immutable, so the tables are cached by it.
"""

from __future__ import annotations

import functools
import operator
import threading
import weakref
from collections import OrderedDict

import attrs

from guarda._config import Config, Exhaustion, KingOfTheHill, Scoring, StakesKind, Victory
from guarda._geometry import Cell, Direction, Orientation

__all__ = ["DIRECTIONS", "Tables", "clear_tables", "tables"]

DIRECTIONS = (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
"""Directions in the order legal actions list them."""


@attrs.frozen(eq=False)
class Tables:
    """Derived tables of one configuration (see `tables`)."""

    config: Config
    size: int
    cells: tuple[Cell, ...]
    names: frozenset[str]
    attack: tuple[dict[str, int], ...]
    """Per player: card name to the mask it attacks from that player's side."""
    defence: tuple[dict[str, int], ...]
    """Per player: card name to the mask it defends from that player's side."""
    team: tuple[int, ...]
    """Per player: team index."""
    steps: dict[Direction, tuple[int, ...]]
    step_list: tuple[tuple[int, ...], ...]
    """The neighbour tables of `steps` in `DIRECTIONS` order."""
    rays: tuple[tuple[int, ...], ...]
    """Per direction in `DIRECTIONS` order, per cell: the mask of the cells beyond it
    that way, up to the edge of the field."""
    strides: tuple[int, ...]
    """Per direction in `DIRECTIONS` order: what one step adds to a cell index."""
    lines: tuple[int, ...]
    """Per cell: the mask of every cell of its rays, the cells a piece there could reach
    or push along in a straight line (only they matter to [`lines`][guarda._queries.lines])."""
    field: int
    """Mask of every cell of the field."""
    hill: int
    """Mask of hill cells (0 unless King of the Hill)."""
    target: int | None
    """Points target (Victory, King of the Hill) or None."""
    has_health: bool
    reshuffles: bool
    per_damage: bool
    victory: bool
    bounty: bool
    scavenger: bool
    caches: dict[str, object] = attrs.field(factory=dict)
    """Caches other modules keep per configuration (the legal-action lists), by name."""


_BY_ID: dict[int, Tables] = {}
"""The tables of every live configuration object, by ``id``; entries die with the object."""

_BY_VALUE: OrderedDict[Config, Tables] = OrderedDict()
"""Tables of recently built configurations, by value, so equal configurations share them."""

_BY_VALUE_LIMIT = 64
"""How many configurations `_BY_VALUE` remembers (least recently used go first)."""

_LOCK = threading.Lock()


_LAST: list[tuple[Config | None, Tables | None]] = [(None, None)]
"""The configuration last asked about, with its tables: a game asks on every step. The
pair is replaced whole, so threads never pair a configuration with other tables."""


def tables(config: Config) -> Tables:
    """The tables of a configuration: one dictionary lookup once they exist."""
    last, found = _LAST[0]
    if last is config and found is not None:
        return found
    found = _BY_ID.get(id(config))
    if found is None:
        found = _attach(config)
    _LAST[0] = (config, found)
    return found


def _attach(config: Config) -> Tables:
    """Find or build the tables of a configuration seen for the first time."""
    with _LOCK:
        found = _BY_ID.get(id(config))
        if found is not None:
            return found
        found = _BY_VALUE.get(config)
        if found is None:
            found = _build(config)
            _BY_VALUE[config] = found
            while len(_BY_VALUE) > _BY_VALUE_LIMIT:
                _BY_VALUE.popitem(last=False)
        else:
            _BY_VALUE.move_to_end(config)
        key = id(config)
        _BY_ID[key] = found
        weakref.finalize(config, _BY_ID.pop, key, None)
        return found


def clear_tables() -> None:
    """Forget the tables kept by value (those of live configurations stay attached)."""
    with _LOCK:
        _BY_VALUE.clear()
        _LAST[0] = (None, None)


def _build(config: Config) -> Tables:
    geometry = config.geometry
    attack = []
    defence = []
    for side in config.seats:
        attack.append(
            {name: geometry.mask(name, side, Orientation.OFFENSIVE) for name in config.card_names}
        )
        defence.append(
            {name: geometry.mask(name, side, Orientation.DEFENSIVE) for name in config.card_names}
        )
    team = tuple(config.team_of(player) for player in range(config.players))
    win = config.win
    hill = 0
    target = None
    if isinstance(win, KingOfTheHill):
        for cell in win.hill:
            hill |= 1 << cell.index(config.size)
        target = win.target
    elif isinstance(win, Victory):
        target = win.target
    rays = tuple(_rays(geometry.steps[direction]) for direction in DIRECTIONS)
    return Tables(
        config=config,
        size=config.size,
        cells=geometry.cells,
        names=frozenset(config.card_names),
        attack=tuple(attack),
        defence=tuple(defence),
        team=team,
        steps=dict(geometry.steps),
        step_list=tuple(geometry.steps[direction] for direction in DIRECTIONS),
        rays=rays,
        lines=tuple(functools.reduce(operator.or_, masks) for masks in zip(*rays, strict=True)),
        strides=tuple(dy * config.size + dx for dx, dy in (d.delta for d in DIRECTIONS)),
        field=(1 << (config.size * config.size)) - 1,
        hill=hill,
        target=target,
        has_health=not isinstance(win, Victory),
        reshuffles=not isinstance(win, Exhaustion),
        per_damage=isinstance(win, Victory) and win.scoring is Scoring.PER_DAMAGE,
        victory=isinstance(win, Victory),
        bounty=config.stakes.kind is StakesKind.BOUNTY,
        scavenger=config.stakes.kind is StakesKind.SCAVENGER,
    )


def _rays(steps: tuple[int, ...]) -> tuple[int, ...]:
    """Per cell, the mask of the cells beyond it along ``steps`` (a neighbour table)."""
    rays = []
    for start in range(len(steps)):
        mask = 0
        cell = steps[start]
        while cell >= 0:
            mask |= 1 << cell
            cell = steps[cell]
        rays.append(mask)
    return tuple(rays)
