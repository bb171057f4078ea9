"""The Guard Movement Phase and the guards' reactions: noise, spotting, investigating.

Every function takes a [`Keep`][guarda.games.guards.Keep] and returns a new one with the
[`Event`][guarda.games.guards.Event]s that happened, in order; the keep passed in is
never changed. The rulings ``GD..`` named here are on the rules page.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal

from guarda.errors import ArgumentError, IllegalActionError
from guarda.games.guards._guards import Guard, GuardKind, Status
from guarda.games.guards._hexes import Direction, Hex
from guarda.games.guards._keep import (
    WOUNDS_TO_KILL,
    Event,
    EventKind,
    Keep,
    ThiefMarker,
)
from guarda.games.guards._maps import GuardMap, Tile
from guarda.games.guards._replace import replace
from guarda.games.guards._sight import visible

__all__ = [
    "Difficulty",
    "distract",
    "guard_movement_phase",
    "hear_noise",
    "look",
    "place_vault_guard",
    "resources_phase",
    "route_distance",
    "setup_guards",
]

Difficulty = Literal["easy", "medium", "hard"]
"""Easy: no bows; Medium: every tile's guard has a bow; Hard: and a second bow guard."""

PURSUIT_STEPS: Final = 2
"""Hexes a Pursuing guard moves each phase (an undead one moves 1)."""

_PREFERENCE: Final = (0, 1, -1, 2, -2, 3)
"""Turns tried in order when routes tie: straight on, then clockwise first (GD11)."""


@functools.lru_cache(maxsize=2048)
def _distances(guard_map: GuardMap, target: Hex) -> Mapping[Hex, int]:
    """Steps from every hex to ``target`` through open sides (guards pass Special Hexes)."""
    distances = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for _, there in guard_map.exits(here):
            if there not in distances:
                distances[there] = distances[here] + 1
                queue.append(there)
    return distances


def route_distance(guard_map: GuardMap, start: Hex, end: Hex) -> int | None:
    """The fewest steps a guard needs from ``start`` to ``end``, or None if it cannot.

    Guards walk through open sides only (never through walls) and, having keys, through
    Special Hexes. This is what "nearest" and "shortest route" measure (ruling GD10).

    Examples:
        >>> from guarda.games.guards import shipped_map
        >>> hall = shipped_map("example")
        >>> route_distance(hall, Hex.parse("D2"), Hex.parse("E3"))  # a wall between
        2
    """
    return _distances(guard_map, end).get(start)


def _step(guard_map: GuardMap, here: Hex, facing: Direction, target: Hex) -> Direction | None:
    distances = _distances(guard_map, target)
    now = distances.get(here)
    if not now:
        return None
    for turn in _PREFERENCE:
        direction = facing.turned(turn)
        there = here.neighbour(direction)
        if guard_map.is_open(here, there) and distances.get(there) == now - 1:
            return direction
    return None  # pragma: no cover - a hex at distance n > 0 has a neighbour at n - 1


def _nearest(guard_map: GuardMap, here: Hex, hexes: Iterable[Hex]) -> Hex | None:
    """The nearest of ``hexes`` by route; ties to the first in name order (GD12)."""
    best: tuple[int, Hex] | None = None
    for hex_ in sorted(set(hexes)):
        distance = route_distance(guard_map, here, hex_)
        if distance is not None and (best is None or distance < best[0]):
            best = (distance, hex_)
    return None if best is None else best[1]


def _next_on_line(tile: Tile, guard: Guard) -> Hex | None:
    """The hex a Patrolling or Wandering guard will move into next, from where it stands."""
    if guard.kind is GuardKind.PATROLLING and guard.hex in tile.patrol:
        line = tile.patrol
        index = line.index(guard.hex) + guard.heading
        return line[index] if 0 <= index < len(line) else None
    if guard.kind is GuardKind.WANDERING and guard.hex in tile.route:
        route = tile.route
        return route[(route.index(guard.hex) + 1) % len(route)]
    return None


class _World:
    """A mutable working copy of a keep, for the length of one public call."""

    def __init__(self, keep: Keep) -> None:
        self.keep = keep
        self.map = keep.map
        self.guards = list(keep.guards)
        self.thieves = {thief.name: thief for thief in keep.thieves}
        self.markers = list(keep.markers)
        self.torches = set(keep.torches)
        self.events: list[Event] = []

    def result(self) -> tuple[Keep, tuple[Event, ...]]:
        keep = replace(
            self.keep,
            guards=tuple(self.guards),
            thieves=tuple(self.thieves[thief.name] for thief in self.keep.thieves),
            markers=tuple(self.markers),
            torches=frozenset(self.torches),
        )
        return keep, tuple(self.events)

    def emit(
        self, kind: EventKind, guard: int | None, thief: str | None, hex_: Hex | None
    ) -> None:
        self.events.append(Event(kind, guard, thief, hex_))

    def set(self, index: int, **changes: Any) -> Guard:
        guard = replace(self.guards[index], **changes)
        self.guards[index] = guard
        return guard

    def tile(self, guard: Guard) -> Tile | None:
        return next((tile for tile in self.map.tiles if tile.name == guard.tile), None)

    # --- thieves and markers ---------------------------------------------------------

    def wound(self, name: str, kind: EventKind, guard: int) -> None:
        thief = self.thieves[name]
        wounds = thief.wounds + 1
        self.emit(kind, guard, name, thief.hex)
        if wounds >= WOUNDS_TO_KILL:
            self.thieves[name] = replace(thief, wounds=wounds, out="killed")
            self.emit(EventKind.KILLED, guard, name, thief.hex)
            self.markers = [marker for marker in self.markers if marker.thief != name]
        else:
            self.thieves[name] = replace(thief, wounds=wounds)

    def reveal(self, name: str) -> None:
        """A spotted thief's markers become one marker on the thief's true hex (GD13)."""
        hex_ = self.thieves[name].hex
        others = [marker for marker in self.markers if marker.thief != name]
        self.markers = [*others, ThiefMarker(name, hex_)]

    # --- sight ----------------------------------------------------------------------

    def look(self, index: int) -> None:
        guard = self.guards[index]
        seen_hexes = visible(self.map, guard)
        spotted = [
            thief
            for thief in self.thieves.values()
            if thief.out is None and thief.hex in seen_hexes
        ]
        for thief in spotted:
            new = thief.name not in guard.seen
            self.reveal(thief.name)
            if new or guard.status is not Status.PURSUING:
                self.emit(EventKind.SPOTTED, index, thief.name, thief.hex)
            if guard.bow and new:
                self.wound(thief.name, EventKind.SHOT, index)
        names = frozenset(thief.name for thief in spotted)
        if spotted:
            targets = [self.thieves[name].hex for name in sorted(names)]
            target = _nearest(self.map, guard.hex, targets)
            self.set(index, status=Status.PURSUING, target=target, seen=names)
        else:
            self.set(index, seen=names)

    def visible_markers(self, index: int) -> list[Hex]:
        seen_hexes = visible(self.map, self.guards[index])
        return [marker.hex for marker in self.markers if marker.hex in seen_hexes]

    # --- moving ---------------------------------------------------------------------

    def enter(self, index: int, direction: Direction) -> None:
        guard = self.guards[index]
        hex_ = guard.hex.neighbour(direction)
        guard = self.set(index, hex=hex_, facing=direction)
        self.emit(EventKind.MOVED, index, None, hex_)
        if hex_ in self.torches and not guard.undead:
            self.torches.discard(hex_)
            self.emit(EventKind.RELIT, index, None, hex_)
        if guard.undead:
            for thief in list(self.thieves.values()):
                if thief.out is None and thief.hex == hex_:
                    self.wound(thief.name, EventKind.WOUNDED, index)
        if any(marker.hex == hex_ for marker in self.markers):
            self.investigate(index)

    def investigate(self, index: int) -> None:
        guard = self.guards[index]
        hex_ = guard.hex
        for marker in [marker for marker in self.markers if marker.hex == hex_]:
            thief = self.thieves[marker.thief]
            if thief.out is None and thief.hex == hex_:
                if guard.undead:
                    continue  # undead never catch; entering wounded the thief (GD16)
                self.thieves[thief.name] = replace(thief, out="caught")
                self.markers = [m for m in self.markers if m.thief != thief.name]
                self.emit(EventKind.CAUGHT, index, thief.name, hex_)
            else:
                self.markers.remove(marker)
                self.emit(EventKind.INVESTIGATED, index, marker.thief, hex_)
        self.react(index)

    def react(self, index: int) -> None:
        """After investigating: pursue a thief in sight, or go to a marker, or return."""
        self.look(index)
        guard = self.guards[index]
        if guard.status is Status.PURSUING and guard.seen:
            return
        target = _nearest(self.map, guard.hex, self.visible_markers(index))
        if target is not None:
            status = Status.PURSUING if guard.status is Status.PURSUING else Status.ALERT
            self.set(index, status=status, target=target)
        elif guard.kind is GuardKind.ROVING:
            self.set(index, status=Status.ALERT, target=None)  # GD17
        else:
            self.set(index, status=Status.RETURNING, target=None)
            self.emit(EventKind.RETURNING, index, None, guard.hex)

    def home(self, guard: Guard) -> Hex | None:
        """Where a Returning guard walks to: its regular spot or the nearest hex of its line.

        None if it cannot get there (GD18); its own hex if it has no place on its tile.
        """
        tile = self.tile(guard)
        if tile is None:
            return guard.hex
        if guard.kind is GuardKind.STATIONARY and tile.crescent is not None:
            reachable = route_distance(self.map, guard.hex, tile.crescent) is not None
            return tile.crescent if reachable else None
        line = tile.patrol if guard.kind is GuardKind.PATROLLING else tile.route
        if guard.kind in (GuardKind.PATROLLING, GuardKind.WANDERING) and line:
            return _nearest(self.map, guard.hex, line)
        return guard.hex

    def arrive(self, index: int) -> None:
        guard = self.guards[index]
        guard = self.set(index, status=guard.kind.default_status, target=None)
        tile = self.tile(guard)
        if guard.kind is GuardKind.PATROLLING and tile is not None:
            guard = self._turn_on_line(index, tile)
        elif guard.kind is GuardKind.WANDERING and tile is not None:
            following = _next_on_line(tile, guard)
            facing = guard.hex.direction_to(following) if following is not None else None
            if facing is not None:
                self.set(index, facing=facing)
        self.emit(EventKind.BACK, index, None, guard.hex)

    def _turn_on_line(self, index: int, tile: Tile) -> Guard:
        """Face the next hex of the patrol line, turning round at either end (GD14)."""
        guard = self.guards[index]
        if _next_on_line(tile, guard) is None:
            guard = self.set(index, heading=-guard.heading)
        following = _next_on_line(tile, guard)
        facing = guard.hex.direction_to(following) if following is not None else None
        return self.set(index, facing=facing) if facing is not None else guard

    def walk_toward(self, index: int, target: Hex) -> bool:
        """One step toward ``target``; False if none is possible."""
        guard = self.guards[index]
        direction = _step(self.map, guard.hex, guard.facing, target)
        if direction is None:
            return False
        self.enter(index, direction)
        return True

    def move(self, index: int) -> None:
        guard = self.guards[index]
        if guard.status is Status.DISTRACTED:
            return  # GD15
        if guard.status is Status.PURSUING:
            self.pursue(index)
        elif guard.status is Status.RETURNING:
            self.go_back(index)
        elif guard.status is Status.ALERT and guard.target is not None:
            self.head_for_marker(index)
        else:
            self.routine(index)
        self.look(index)

    def pursue(self, index: int) -> None:
        steps = 1 if self.guards[index].undead else PURSUIT_STEPS
        for _ in range(steps):
            guard = self.guards[index]
            if guard.status is not Status.PURSUING:
                return
            target = _nearest(self.map, guard.hex, self.visible_markers(index)) or guard.target
            if target == guard.hex:
                self.investigate(index)
                continue
            if target is None or not self.walk_toward(index, target):
                self.set(index, status=Status.RETURNING, target=None)
                self.emit(EventKind.RETURNING, index, None, guard.hex)
                return
            if self.guards[index].status is Status.PURSUING:
                self.set(index, target=target)

    def head_for_marker(self, index: int) -> None:
        guard = self.guards[index]
        assert guard.target is not None
        if guard.target == guard.hex:
            self.investigate(index)
        elif not self.walk_toward(index, guard.target):
            self.react(index)

    def go_back(self, index: int) -> None:
        guard = self.guards[index]
        home = self.home(guard)
        if home is None:
            return  # cut off from its place: it waits (GD18)
        if guard.hex != home and not self.walk_toward(index, home):
            return  # pragma: no cover - home is reachable
        guard = self.guards[index]
        if guard.status is Status.RETURNING and guard.hex == self.home(guard):
            self.arrive(index)

    def routine(self, index: int) -> None:
        guard = self.guards[index]
        tile = self.tile(guard)
        if guard.kind is GuardKind.STATIONARY:
            facing = guard.facing.turned(1)
            self.set(index, facing=facing)
            self.emit(EventKind.TURNED, index, None, guard.hex)
        elif guard.kind is GuardKind.ROVING:
            target = _nearest(self.map, guard.hex, [marker.hex for marker in self.markers])
            if target is not None and target != guard.hex:
                self.walk_toward(index, target)
        elif tile is not None:
            if guard.kind is GuardKind.PATROLLING:
                guard = self._turn_on_line(index, tile)
            following = _next_on_line(tile, guard)
            if following is None:
                self.set(index, status=Status.RETURNING)  # off its line: back to it
                return
            direction = guard.hex.direction_to(following)
            assert direction is not None
            self.enter(index, direction)
            guard = self.guards[index]
            if guard.status in (Status.BORED, Status.INTERESTED, Status.ALERT) and (
                guard.hex == following
            ):
                if guard.kind is GuardKind.PATROLLING:
                    self._turn_on_line(index, tile)
                else:
                    after = _next_on_line(tile, guard)
                    toward = guard.hex.direction_to(after) if after is not None else None
                    if toward is not None:
                        self.set(index, facing=toward)


def _check_index(keep: Keep, index: int) -> None:
    if isinstance(index, bool) or not isinstance(index, int):
        raise ArgumentError(f"a guard's index is an int, not {index!r}", path="guard")
    if not 0 <= index < len(keep.guards):
        raise ArgumentError(f"no guard number {index}", path="guard")


def _check_keep(keep: object) -> Keep:
    if not isinstance(keep, Keep):
        raise ArgumentError(f"not a Keep: {type(keep).__name__}", path="keep")
    return keep


def look(keep: Keep) -> tuple[Keep, tuple[Event, ...]]:
    """Every guard looks, in order: each thief in sight is spotted (GD19).

    A guard that spots a thief turns Pursuing toward the nearest one it sees; the thief's
    Thief Markers become one marker on the thief's true hex (GD13). A guard with a bow
    shoots each thief it newly spots: one wound; three wounds kill.

    Examples:
        >>> from guarda.games.guards import Direction, GuardKind, Thief, new_keep, shipped_map
        >>> hall = shipped_map("example")
        >>> at = Hex.parse("E4")
        >>> guard = Guard(GuardKind.STATIONARY, at, Direction.SE, Status.BORED, bow=True)
        >>> keep, events = look(new_keep(hall, [guard], [Thief("ann", Hex.parse("G5"))]))
        >>> [str(event) for event in events]
        ['spotted guard 0 thief ann at G5', 'shot guard 0 thief ann at G5']
        >>> keep.guards[0].status, keep.thieves[0].wounds
        (<Status.PURSUING: 4>, 1)
    """
    world = _World(_check_keep(keep))
    for index in range(len(world.guards)):
        world.look(index)
    return world.result()


def hear_noise(keep: Keep, at: Hex, reach: int) -> tuple[Keep, tuple[Event, ...]]:
    """A noise at ``at``: every guard within ``reach`` steps hears it (GD20).

    A Distracted, Bored or Interested guard that hears it becomes Alert.

    Raises:
        ArgumentError: If ``at`` is off the map or ``reach`` is negative.

    Examples:
        >>> from guarda.games.guards import Direction, GuardKind, new_keep, shipped_map
        >>> hall = shipped_map("example")
        >>> guard = Guard(GuardKind.STATIONARY, Hex.parse("E4"), Direction.SE, Status.BORED)
        >>> keep, events = hear_noise(new_keep(hall, [guard]), Hex.parse("D4"), 2)
        >>> keep.guards[0].status, [str(event) for event in events]
        (<Status.ALERT: 3>, ['heard guard 0 at E4'])
    """
    world = _World(_check_keep(keep))
    if not isinstance(at, Hex) or at not in keep.map.hexes:
        raise ArgumentError(f"the noise must be on the map, not at {at!r}", path="at")
    if isinstance(reach, bool) or not isinstance(reach, int) or reach < 0:
        raise ArgumentError(f"reach is a number of hexes, not {reach!r}", path="reach")
    for index, guard in enumerate(world.guards):
        distance = route_distance(keep.map, guard.hex, at)
        if distance is not None and distance <= reach and guard.status <= Status.INTERESTED:
            world.set(index, status=Status.ALERT)
            world.emit(EventKind.HEARD, index, None, guard.hex)
    return world.result()


def guard_movement_phase(keep: Keep) -> tuple[Keep, tuple[Event, ...]]:
    """The Guard Movement Phase: each guard in turn moves as its status says, then looks.

    - Distracted: stays (GD15).
    - Pursuing: two hexes (undead: one) toward the nearest Thief Marker it sees, or the
      one it was after; entering a marker's hex investigates it.
    - Returning: one hex by the shortest route to its regular spot (a Stationary guard's
      crescent) or the nearest hex of its line; there it takes its default status.
    - Alert with a marker to investigate: one hex toward it (GD21).
    - Otherwise its kind's routine: Stationary turns one side clockwise; Patrolling walks
      one hex along the green line, turning round at the ends; Wandering walks one hex
      along the red arrows; Roving walks one hex toward the closest Thief Marker, if any.

    Entering an Extinguished Torch hex relights it (not undead). An undead guard entering a
    thief's hex wounds them. Guards may share a hex (GD22).

    Examples:
        >>> from guarda.games.guards import Direction, GuardKind, new_keep, shipped_map
        >>> hall = shipped_map("example")
        >>> guard = Guard(GuardKind.PATROLLING, Hex.parse("D2"), Direction.S, Status.INTERESTED,
        ...               tile="hall")
        >>> keep, events = guard_movement_phase(new_keep(hall, [guard]))
        >>> str(keep.guards[0])
        'patrolling guard at D3 facing SW, interested'
    """
    world = _World(_check_keep(keep))
    for index in range(len(world.guards)):
        world.move(index)
    return world.result()


def distract(keep: Keep, guard: int) -> tuple[Keep, tuple[Event, ...]]:
    """The Art card played on a Bored guard: it is Distracted until the Resources Phase.

    Raises:
        IllegalActionError: If the guard is not Bored, or is undead (undead ignore guard
            cards); ``rule`` is ``"GD23"``.
    """
    world = _World(_check_keep(keep))
    _check_index(keep, guard)
    target = keep.guards[guard]
    if target.undead:
        raise IllegalActionError("undead ignore guard cards", rule="GD23", path="guard")
    if target.status is not Status.BORED:
        raise IllegalActionError(
            f"only a Bored guard can be distracted, not a {target.status.name.lower()} one",
            rule="GD23",
            path="guard",
        )
    world.set(guard, status=Status.DISTRACTED, target=None)
    world.emit(EventKind.DISTRACTED, guard, None, target.hex)
    return world.result()


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"the die is a random.Random, not {type(rng).__name__}", path="rng")


def _roll(rng: random.Random) -> int:
    return rng.randint(1, 6)


def resources_phase(keep: Keep, rng: random.Random) -> tuple[Keep, tuple[Event, ...]]:
    """Distracted guards take their default status again, with a roll for the way they face.

    A Stationary guard rolls its facing (1 = N, then clockwise); a Patrolling guard walks
    toward the star on 1-3 and the shield on 4-6.
    """
    world = _World(_check_keep(keep))
    _check_rng(rng)
    for index, guard in enumerate(world.guards):
        if guard.status is not Status.DISTRACTED:
            continue
        world.set(index, status=guard.kind.default_status)
        if guard.kind is GuardKind.STATIONARY:
            world.set(index, facing=Direction(_roll(rng) - 1))
        elif guard.kind is GuardKind.PATROLLING:
            world.set(index, heading=-1 if _roll(rng) <= 3 else 1)
            tile = world.tile(guard)
            if tile is not None and guard.hex in tile.patrol:
                world._turn_on_line(index, tile)
        world.emit(EventKind.RECOVERED, index, None, guard.hex)
    return world.result()


def _place(tile: Tile, kind: GuardKind, rng: random.Random, *, bow: bool) -> Guard:
    status = kind.default_status
    if kind is GuardKind.STATIONARY:
        assert tile.crescent is not None
        rolled = Direction(_roll(rng) - 1)
        return Guard(kind, tile.crescent, rolled, status, tile=tile.name, bow=bow)
    if kind is GuardKind.PATROLLING:
        star = tile.patrol[0]
        facing = star.direction_to(tile.patrol[1])
        assert facing is not None
        return Guard(kind, star, facing, status, tile=tile.name, bow=bow)
    start = tile.shields[(_roll(rng) - 1) % len(tile.shields)]
    route = tile.route
    following = route[(route.index(start) + 1) % len(route)]
    facing = start.direction_to(following)
    assert facing is not None
    return Guard(kind, start, facing, status, tile=tile.name, bow=bow)


def _has_markers(tile: Tile, kind: GuardKind) -> bool:
    if kind is GuardKind.STATIONARY:
        return tile.crescent is not None
    if kind is GuardKind.PATROLLING:
        return bool(tile.patrol)
    return bool(tile.route)


def _undead(guard: Guard, rng: random.Random) -> Guard:
    return replace(guard, undead=_roll(rng) >= 5)


def setup_guards(
    guard_map: GuardMap,
    rng: random.Random,
    *,
    difficulty: Difficulty = "easy",
    roving: bool = False,
    undead: bool = False,
) -> tuple[Guard, ...]:
    """The guards at the start of a game, placed by the rules with ``rng`` as the die.

    Each tile's guard goes on its marker: Stationary on the crescent facing a rolled side
    (1 = N, clockwise), Patrolling on the star facing along the line, Wandering on a rolled
    red shield (counted round the shields, GD24) facing along the arrows. The Vault Map
    Tile's Wandering guard waits for [`place_vault_guard`][guarda.games.guards.place_vault_guard].
    Medium: every tile's guard has a bow. Hard: also a second guard with a bow, of the
    first other kind (Stationary, Patrolling, Wandering) the tile has markers for (GD25).
    ``roving`` adds the Roving guard on the Vault Hex, Alert, facing N (GD26).
    ``undead`` rolls for every guard: on 5 or 6 it is undead.

    Raises:
        ArgumentError: If ``difficulty`` is not easy, medium or hard, or ``roving`` is
            asked for on a map without a Vault Hex.

    Examples:
        >>> from guarda.games.guards import shipped_map
        >>> guards = setup_guards(shipped_map("example"), random.Random(1), difficulty="hard")
        >>> for guard in guards:
        ...     print(guard)
        bow patrolling guard at D2 facing S, interested
        bow stationary guard at E4 facing NE, bored
    """
    if not isinstance(guard_map, GuardMap):
        raise ArgumentError(f"not a GuardMap: {type(guard_map).__name__}", path="guard_map")
    _check_rng(rng)
    if difficulty not in ("easy", "medium", "hard"):
        raise ArgumentError(f"unknown difficulty {difficulty!r}", path="difficulty")
    if roving and guard_map.vault is None:
        raise ArgumentError("the Roving guard needs a Vault Hex on the map", path="roving")
    guards: list[Guard] = []
    for tile in guard_map.tiles:
        if tile.vault is not None or tile.guard is None:
            continue
        guards.append(_place(tile, tile.guard, rng, bow=difficulty != "easy"))
        if difficulty == "hard":
            for kind in (GuardKind.STATIONARY, GuardKind.PATROLLING, GuardKind.WANDERING):
                if kind is not tile.guard and _has_markers(tile, kind):
                    guards.append(_place(tile, kind, rng, bow=True))
                    break
    if roving and guard_map.vault is not None:
        vault_tile = guard_map.tile_of(guard_map.vault)
        name = vault_tile.name if vault_tile is not None else ""
        guards.append(
            Guard(GuardKind.ROVING, guard_map.vault, Direction.N, Status.ALERT, tile=name)
        )
    if undead:
        guards = [_undead(guard, rng) for guard in guards]
    return tuple(guards)


def place_vault_guard(
    keep: Keep, rng: random.Random, *, bow: bool = False, undead: bool = False
) -> tuple[Keep, tuple[Event, ...]]:
    """Place the Vault Map Tile's Wandering guard, when a thief first enters that tile.

    It goes on a rolled red shield of the vault tile; ``undead`` rolls for it as it is
    placed (GD27). Placing it a second time does nothing.

    Raises:
        ArgumentError: If the map has no Vault Map Tile with red arrows.
    """
    _check_keep(keep)
    _check_rng(rng)
    vault = keep.map.vault
    tile = keep.map.tile_of(vault) if vault is not None else None
    if tile is None or not tile.route:
        raise ArgumentError("the map has no Vault Map Tile with red arrows", path="keep.map")
    if keep.vault_guard_placed:
        return keep, ()
    guard = _place(tile, GuardKind.WANDERING, rng, bow=bow)
    if undead:
        guard = _undead(guard, rng)
    world = _World(keep)
    world.guards.append(guard)
    world.emit(EventKind.PLACED, len(world.guards) - 1, None, guard.hex)
    new, events = world.result()
    return replace(new, vault_guard_placed=True), events
