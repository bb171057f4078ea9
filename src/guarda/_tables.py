"""Per-configuration rule tables, computed once and cached.

:func:`tables` turns a :class:`~guarda._config.Config` into the numbers the engine needs
on every step: each player's attack and defence masks per card name, teams, the hill,
the neighbour tables. A configuration is immutable, so the tables are cached by it.
"""

from __future__ import annotations

import functools

import attrs

from guarda._config import Config, Exhaustion, KingOfTheHill, Scoring, StakesKind, Victory
from guarda._geometry import Cell, Direction, Orientation

__all__ = ["Tables", "tables"]

DIRECTIONS = (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
"""Directions in the order legal actions list them."""


@attrs.frozen(eq=False)
class Tables:
    """Derived tables of one configuration (see :func:`tables`)."""

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
    """The neighbour tables of :attr:`steps` in :data:`DIRECTIONS` order."""
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


@functools.lru_cache(maxsize=256)
def tables(config: Config) -> Tables:
    """The cached tables of a configuration."""
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
        hill=hill,
        target=target,
        has_health=not isinstance(win, Victory),
        reshuffles=not isinstance(win, Exhaustion),
        per_damage=isinstance(win, Victory) and win.scoring is Scoring.PER_DAMAGE,
        victory=isinstance(win, Victory),
        bounty=config.stakes.kind is StakesKind.BOUNTY,
        scavenger=config.stakes.kind is StakesKind.SCAVENGER,
    )
