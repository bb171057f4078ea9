"""The guards of a hidden-movement game: maps of hex tiles, guards and their line of sight.

Thieves creep through a keep of hex map tiles; guards stand, patrol, wander and rove,
hear noises, spot thieves, pursue and catch them. This package is the guards' side as a
rules engine a hidden-movement game can embed: maps as data, guards as frozen values, the
line of sight exactly as the rules describe it, and the Guard Movement Phase. The rules,
in the project's words and with every ruling, are on the "Guards" page of the docs.

Examples:
    >>> from guarda.games.guards import Direction, Guard, GuardKind, Hex, Status
    >>> from guarda.games.guards import shipped_map, visible
    >>> hall = shipped_map("example")
    >>> guard = Guard(GuardKind.STATIONARY, Hex.parse("E4"), Direction.SE, Status.BORED)
    >>> sorted(str(hex_) for hex_ in visible(hall, guard))
    ['F4', 'G5']
"""

from __future__ import annotations

from guarda.games.guards._guards import Guard, GuardKind, Status
from guarda.games.guards._heist import (
    Art,
    Escaped,
    HeistAction,
    HeistConfig,
    HeistEvent,
    HeistState,
    Move,
    PublicThief,
    Run,
    ThiefActed,
    TreasureMoved,
    Wait,
)
from guarda.games.guards._heist_describe import describe_event
from guarda.games.guards._heist_game import (
    GUARDS,
    HeistGame,
    HeistRecord,
    HeistSpace,
    HeistView,
    SneakBot,
)
from guarda.games.guards._hexes import Direction, Hex, Point, corners, hex_distance, parse_hex
from guarda.games.guards._keep import (
    WOUNDS_TO_KILL,
    Event,
    EventKind,
    Keep,
    Thief,
    ThiefMarker,
    new_keep,
)
from guarda.games.guards._maps import (
    FORMAT,
    GuardMap,
    Tile,
    load_map,
    map_from_json,
    map_to_json,
    shipped_map,
)
from guarda.games.guards._phase import (
    Difficulty,
    distract,
    guard_movement_phase,
    hear_noise,
    look,
    place_vault_guard,
    resources_phase,
    route_distance,
    setup_guards,
)
from guarda.games.guards._pictures import map_svg
from guarda.games.guards._sight import can_see, partly_visible, visible

__all__ = [  # noqa: RUF022 - grouped by topic
    # Hexes
    "Hex",
    "Direction",
    "Point",
    "parse_hex",
    "corners",
    "hex_distance",
    # Maps
    "GuardMap",
    "Tile",
    "FORMAT",
    "map_from_json",
    "map_to_json",
    "load_map",
    "shipped_map",
    # Guards
    "Guard",
    "GuardKind",
    "Status",
    # Line of sight
    "can_see",
    "visible",
    "partly_visible",
    # The guards' world
    "Keep",
    "Thief",
    "ThiefMarker",
    "Event",
    "EventKind",
    "WOUNDS_TO_KILL",
    "new_keep",
    # Setup, phases and reactions
    "Difficulty",
    "setup_guards",
    "place_vault_guard",
    "guard_movement_phase",
    "resources_phase",
    "look",
    "hear_noise",
    "distract",
    "route_distance",
    # Pictures
    "map_svg",
    # The heist: a thief scenario behind the game protocol
    "GUARDS",
    "HeistGame",
    "HeistConfig",
    "HeistState",
    "HeistView",
    "HeistRecord",
    "HeistSpace",
    "HeistAction",
    "Wait",
    "Move",
    "Run",
    "Art",
    "HeistEvent",
    "ThiefActed",
    "TreasureMoved",
    "Escaped",
    "PublicThief",
    "describe_event",
    "SneakBot",
]
