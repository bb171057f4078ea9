"""The heist's events in plain English, one line each: the thieves' and the guards'.

Examples:
    >>> from guarda.games.guards import Event, EventKind, Hex, describe_event
    >>> describe_event(Event(EventKind.SPOTTED, 2, "B", Hex.parse("E4")), ("Ann", "Bob"))
    'Guard 2 spotted Bob at E4'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from guarda.errors import ArgumentError
from guarda.game import seat_names
from guarda.games.guards._heist import Escaped, HeistEvent, ThiefActed, TreasureMoved, thief_names
from guarda.games.guards._hexes import Hex
from guarda.games.guards._keep import Event, EventKind

__all__ = ["describe_event"]

_GUARD_LINES: Final[dict[EventKind, str]] = {
    EventKind.HEARD: "{guard} heard a noise and is alert{at}",
    EventKind.SPOTTED: "{guard} spotted {thief}{at}",
    EventKind.SHOT: "{guard} shot {thief}{at}: one wound",
    EventKind.WOUNDED: "{guard} wounded {thief}{at}",
    EventKind.KILLED: "{thief} was killed{at}",
    EventKind.CAUGHT: "{guard} caught {thief}{at}",
    EventKind.INVESTIGATED: "{guard} found nobody at {thief}'s marker{at}",
    EventKind.RETURNING: "{guard} found nothing and is returning{at}",
    EventKind.BACK: "{guard} is back at its post{at}",
    EventKind.RELIT: "{guard} relit the torch{at}",
    EventKind.MOVED: "{guard} moved to {hex}",
    EventKind.TURNED: "{guard} turned to face another side{at}",
    EventKind.DISTRACTED: "{guard} is distracted{at}",
    EventKind.RECOVERED: "{guard} is no longer distracted{at}",
    EventKind.PLACED: "{guard} was placed{at}",
}
"""What each guard event says: ``{guard}``, ``{thief}``, ``{hex}`` and `` at {hex}``."""


def _thief(name: str | None, seats: tuple[str, ...]) -> str:
    """A thief named in a guard event (``"A"``, ``"B"``), by their player's name."""
    if name is None:
        return "a thief"
    known = thief_names(len(seats))
    return seats[known.index(name)] if name in known else f"thief {name}"


def _guard_line(event: Event, seats: tuple[str, ...]) -> str:
    if event.kind not in _GUARD_LINES:
        raise ArgumentError(f"not a guard event: {event!r}", path="event")
    where = "" if event.hex is None else str(event.hex)
    return _GUARD_LINES[event.kind].format(
        guard="A guard" if event.guard is None else f"Guard {event.guard}",
        thief=_thief(event.thief, seats),
        hex=where or "another hex",
        at=f" at {where}" if where else "",
    )


def _thief_line(event: ThiefActed, seats: tuple[str, ...]) -> str:
    name = seats[event.player]
    if event.action == "wait":
        return f"{name} waited"
    if event.action == "move":
        if event.hex is None:
            return f"{name} crept one hex, unheard and unseen"
        return f"{name} crept to {event.hex}"
    if event.action == "run" and isinstance(event.hex, Hex):
        return f"{name} ran to {event.hex}, making a noise"
    if event.action == "art" and event.guard is not None:
        return f"{name} played Art on guard {event.guard}"
    raise ArgumentError(f"not a thief's action: {event!r}", path="event")


def describe_event(event: HeistEvent, names: Sequence[str]) -> str:
    """One line of plain English for a heist event, naming player ``i`` ``names[i]``.

    The event is told as it is given: pass the events a thief may see
    ([`HeistGame.visible_events`][guarda.games.HeistGame.visible_events]) and another
    thief's quiet move says only that they crept, not where. A guard event names the
    thief it is about (``"A"``, ``"B"``, by seat) by their player's name.

    Args:
        event: A thief's event or one of the guards' [`Event`][guarda.games.guards.Event]s.
        names: Every player's name, by seat.

    Returns:
        The line, without a full stop.

    Raises:
        ArgumentError: If ``event`` is not a heist event or names a player ``names`` has
            not (``path="event"``), or ``names`` is not one or two names
            (``path="names"``).

    Examples:
        >>> from guarda.games.guards import ThiefActed
        >>> describe_event(ThiefActed(1, "move"), ("You", "Player 1"))
        'Player 1 crept one hex, unheard and unseen'
    """
    if not isinstance(event, ThiefActed | TreasureMoved | Escaped | Event):
        raise ArgumentError(f"not a heist event: {event!r}", path="event")
    seats = seat_names(names, 1, 2, game="The heist")
    player = getattr(event, "player", 0)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(seats):
        raise ArgumentError(f"not a heist event of {len(seats)} thieves: {event!r}", path="event")
    if isinstance(event, Event):
        return _guard_line(event, seats)
    if isinstance(event, ThiefActed):
        return _thief_line(event, seats)
    if isinstance(event, TreasureMoved):
        if event.taken:
            return f"{seats[player]} took the treasure from the vault"
        return f"The treasure {seats[player]} carried went back to the vault"
    return f"{seats[player]} escaped with the treasure"
