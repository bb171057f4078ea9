"""The guards: their kinds, statuses and the guard value itself."""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs
from attrs import frozen

from guarda.games.guards._hexes import Direction, Hex

__all__ = ["Guard", "GuardKind", "Status"]


class GuardKind(enum.Enum):
    """The four kinds of guard, with the colour of their meeple in the text.

    Examples:
        >>> GuardKind.PATROLLING.default_status
        <Status.INTERESTED: 2>
    """

    STATIONARY = "stationary"
    """Blue: stands on the blue crescent and turns one hex side clockwise each phase."""
    PATROLLING = "patrolling"
    """Green: walks the green line from the star to the shield and back."""
    WANDERING = "wandering"
    """Red: walks the loop of red arrows, one hex a phase."""
    ROVING = "roving"
    """White: starts on the Vault Hex and walks toward the closest Thief Marker."""

    @property
    def default_status(self) -> Status:
        """The status a guard of this kind starts with and returns to."""
        if self is GuardKind.STATIONARY:
            return Status.BORED
        if self is GuardKind.ROVING:
            return Status.ALERT
        return Status.INTERESTED


class Status(enum.IntEnum):
    """The six statuses, ordered by how much a guard sees.

    ``ALERT``, ``PURSUING`` and ``RETURNING`` all see the same 180-degree arc; their order
    among themselves says nothing about sight.

    Examples:
        >>> Status.DISTRACTED < Status.BORED < Status.INTERESTED < Status.ALERT
        True
        >>> Status.PURSUING.sees_arc, Status.INTERESTED.sees_arc
        (True, False)
    """

    DISTRACTED = 0
    """Sees nothing until the next Resources Phase."""
    BORED = 1
    """Sees the row of hexes in front, two hexes deep."""
    INTERESTED = 2
    """Sees the row of hexes in front until a wall."""
    ALERT = 3
    """Sees the 180-degree arc in front."""
    PURSUING = 4
    """Sees the arc and moves two hexes toward the nearest visible Thief Marker."""
    RETURNING = 5
    """Sees the arc and walks back to its regular place, one hex a phase."""

    @property
    def sees_arc(self) -> bool:
        """Whether this status sees the 180-degree arc (Alert, Pursuing, Returning)."""
        return self >= Status.ALERT


def _sorted_names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(names)))


@frozen
class Guard:
    """One guard: what it is, where it stands, where it looks and how alert it is.

    Attributes:
        kind: Stationary, Patrolling, Wandering or Roving.
        hex: The hex it stands in.
        facing: The hex side it faces.
        status: One of the six statuses.
        tile: The name of the map tile the guard belongs to (its markers are there).
        bow: Whether it carries a bow (it shoots every thief it spots).
        undead: Whether it is undead (slow, wounds instead of catching).
        heading: For a Patrolling guard, ``1`` while walking toward the shield and ``-1``
            toward the star; ``1`` for the others.
        target: The hex of the Thief Marker it is pursuing or investigating, or None.
        seen: The names of the thieves it saw at its last look (a bow shoots only new
            sightings), sorted: any iterable of names is stored as a sorted tuple, so a
            guard's ``repr`` is the same in every process.

    Examples:
        >>> guard = Guard(GuardKind.STATIONARY, Hex.parse("E4"), Direction.SE, Status.BORED)
        >>> str(guard)
        'stationary guard at E4 facing SE, bored'
    """

    kind: GuardKind
    hex: Hex
    facing: Direction
    status: Status
    tile: str = ""
    bow: bool = False
    undead: bool = False
    heading: int = 1
    target: Hex | None = None
    seen: tuple[str, ...] = attrs.field(default=(), converter=_sorted_names)

    def __str__(self) -> str:
        extras = [word for word, on in (("bow", self.bow), ("undead", self.undead)) if on]
        kind = " ".join([*extras, self.kind.value])
        return f"{kind} guard at {self.hex} facing {self.facing.name}, {self.status.name.lower()}"
