"""The guards' world: the map, the guards, the thieves and the public Thief Markers."""

from __future__ import annotations

import enum
from collections.abc import Iterable

from attrs import frozen

from guarda.errors import ArgumentError, PositionError
from guarda.games.guards._guards import Guard
from guarda.games.guards._hexes import Hex
from guarda.games.guards._maps import GuardMap

__all__ = ["WOUNDS_TO_KILL", "Event", "EventKind", "Keep", "Thief", "ThiefMarker", "new_keep"]

WOUNDS_TO_KILL = 3
"""A thief who loses this many wounds is killed."""


@frozen
class Thief:
    """A thief as the guards' rules need it.

    Attributes:
        name: Unique among the thieves.
        hex: Where the thief really is (the location dial; secret in play).
        wounds: Wounds lost so far.
        out: ``"caught"`` or ``"killed"`` once out of the game, else None.
    """

    name: str
    hex: Hex
    wounds: int = 0
    out: str | None = None


@frozen
class ThiefMarker:
    """A public Thief Marker: where the guards believe ``thief`` might be."""

    thief: str
    hex: Hex


class EventKind(enum.Enum):
    """What happened, in the order the rules make it happen."""

    HEARD = "heard"
    """A guard heard a noise and became Alert."""
    SPOTTED = "spotted"
    """A guard spotted a thief (its marker moves to the thief's hex) and pursues."""
    SHOT = "shot"
    """A guard with a bow shot a thief it spotted: one wound."""
    WOUNDED = "wounded"
    """An undead guard entered a thief's hex: one wound."""
    KILLED = "killed"
    """A thief lost their third wound."""
    CAUGHT = "caught"
    """A guard investigated the marker where the thief really was."""
    INVESTIGATED = "investigated"
    """A guard investigated a marker and the thief was not there; the marker is removed."""
    RETURNING = "returning"
    """A guard found nothing and starts returning."""
    BACK = "back"
    """A returning guard reached its place and its default status."""
    RELIT = "relit"
    """A guard entered an Extinguished Torch hex and relit the torch."""
    MOVED = "moved"
    """A guard moved one hex."""
    TURNED = "turned"
    """A guard turned to face another hex side without moving."""
    DISTRACTED = "distracted"
    """A Bored guard was distracted (the Art card)."""
    RECOVERED = "recovered"
    """A distracted guard went back to its default status at the Resources Phase."""
    PLACED = "placed"
    """A guard was placed on the map (the vault's Wandering guard)."""


@frozen
class Event:
    """One thing that happened to a guard or a thief.

    Attributes:
        kind: What happened.
        guard: The index of the guard in [`Keep.guards`][guarda.games.guards.Keep], or None.
        thief: The thief's name, or None.
        hex: Where it happened, or None.
    """

    kind: EventKind
    guard: int | None = None
    thief: str | None = None
    hex: Hex | None = None

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.guard is not None:
            parts.append(f"guard {self.guard}")
        if self.thief is not None:
            parts.append(f"thief {self.thief}")
        if self.hex is not None:
            parts.append(f"at {self.hex}")
        return " ".join(parts)


@frozen
class Keep:
    """Everything the guards' rules read and change, as one immutable value.

    Build one with [`new_keep`][guarda.games.guards.new_keep], which checks it.

    Attributes:
        map: The map.
        guards: The guards, in the order they move (ruling GD9).
        thieves: The thieves, with their true hexes.
        markers: The public Thief Markers.
        torches: The hexes still holding an Extinguished Torch counter.
        vault_guard_placed: Whether the vault's Wandering guard has been placed.
    """

    map: GuardMap
    guards: tuple[Guard, ...]
    thieves: tuple[Thief, ...] = ()
    markers: tuple[ThiefMarker, ...] = ()
    torches: frozenset[Hex] = frozenset()
    vault_guard_placed: bool = False

    def thief(self, name: str) -> Thief:
        """The thief called ``name``.

        Raises:
            ArgumentError: If there is no such thief.
        """
        for thief in self.thieves:
            if thief.name == name:
                return thief
        raise ArgumentError(f"no thief called {name!r}", path="thief")

    def markers_at(self, hex_: Hex) -> tuple[ThiefMarker, ...]:
        """The Thief Markers in ``hex_``."""
        return tuple(marker for marker in self.markers if marker.hex == hex_)


def new_keep(
    guard_map: GuardMap,
    guards: Iterable[Guard],
    thieves: Iterable[Thief] = (),
    markers: Iterable[ThiefMarker] = (),
    *,
    torches: Iterable[Hex] | None = None,
) -> Keep:
    """A checked [`Keep`][guarda.games.guards.Keep]; ``torches`` default to the map's.

    Raises:
        PositionError: If a guard, thief or marker is off the map, two thieves share a
            name, or a marker names no thief; ``path`` names it (``"guards[1].hex"``).

    Examples:
        >>> from guarda.games.guards import Direction, GuardKind, Status, shipped_map
        >>> hall = shipped_map("example")
        >>> guard = Guard(GuardKind.STATIONARY, Hex.parse("E4"), Direction.SE, Status.BORED)
        >>> keep = new_keep(hall, [guard], [Thief("ann", Hex.parse("G5"))])
        >>> len(keep.guards), sorted(str(hex_) for hex_ in keep.torches)
        (1, ['C5'])
    """
    guards, thieves, markers = tuple(guards), tuple(thieves), tuple(markers)
    hexes = guard_map.hexes
    for index, guard in enumerate(guards):
        if not isinstance(guard, Guard):
            raise ArgumentError(f"not a Guard: {guard!r}", path=f"guards[{index}]")
        if guard.hex not in hexes:
            raise PositionError(f"{guard.hex} is not on the map", path=f"guards[{index}].hex")
    names: set[str] = set()
    for index, thief in enumerate(thieves):
        if not isinstance(thief, Thief):
            raise ArgumentError(f"not a Thief: {thief!r}", path=f"thieves[{index}]")
        if thief.name in names:
            raise PositionError(f"two thieves are called {thief.name!r}", path=f"thieves[{index}]")
        names.add(thief.name)
        if thief.hex not in hexes:
            raise PositionError(f"{thief.hex} is not on the map", path=f"thieves[{index}].hex")
    for index, marker in enumerate(markers):
        if marker.thief not in names:
            raise PositionError(f"no thief called {marker.thief!r}", path=f"markers[{index}]")
        if marker.hex not in hexes:
            raise PositionError(f"{marker.hex} is not on the map", path=f"markers[{index}].hex")
    lit = guard_map.torches if torches is None else frozenset(torches)
    for hex_ in sorted(lit):
        if hex_ not in hexes:
            raise PositionError(f"{hex_} is not on the map", path="torches")
    return Keep(guard_map, guards, thieves, markers, lit)
