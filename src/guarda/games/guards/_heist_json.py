"""The heist's JSON: guards, configurations, actions, events and states as plain data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from guarda.errors import ArgumentError, ConfigurationError, DocumentError, ParseError
from guarda.games.guards._guards import Guard, GuardKind, Status
from guarda.games.guards._heist import (
    MAX_GUARDS,
    Art,
    Escaped,
    HeistAction,
    HeistConfig,
    HeistEvent,
    HeistState,
    Move,
    Run,
    ThiefActed,
    TreasureMoved,
    Wait,
)
from guarda.games.guards._hexes import Direction, Hex, parse_hex
from guarda.games.guards._keep import Event, EventKind, Keep, Thief, ThiefMarker

__all__ = [
    "action_text",
    "config_data",
    "config_from",
    "event_data",
    "event_from",
    "guard_data",
    "guard_from",
    "parse_action_text",
    "state_data",
    "state_from",
]


def guard_data(guard: Guard) -> dict[str, Any]:
    return {
        "kind": guard.kind.value,
        "hex": str(guard.hex),
        "facing": guard.facing.name,
        "status": guard.status.name.lower(),
        "tile": guard.tile,
        "bow": guard.bow,
        "undead": guard.undead,
        "heading": guard.heading,
        "target": None if guard.target is None else str(guard.target),
        "seen": sorted(guard.seen),
    }


def guard_from(data: Mapping[str, Any], path: str) -> Guard:
    try:
        return Guard(
            kind=GuardKind(data["kind"]),
            hex=parse_hex(data["hex"], path=f"{path}.hex"),
            facing=Direction[data["facing"]],
            status=Status[str(data["status"]).upper()],
            tile=str(data["tile"]),
            bow=bool(data["bow"]),
            undead=bool(data["undead"]),
            heading=int(data["heading"]),
            target=None if data["target"] is None else parse_hex(data["target"]),
            seen=(str(name) for name in data["seen"]),
        )
    except (KeyError, ValueError, TypeError, ArgumentError) as error:
        raise DocumentError(f"not a guard: {error}", path=path) from None


def config_data(config: HeistConfig) -> dict[str, Any]:
    return attrs.asdict(config)


def config_from(data: object) -> HeistConfig:
    if not isinstance(data, dict):
        raise DocumentError("a configuration is an object", path="config")
    try:
        return HeistConfig(**data)
    except TypeError as error:
        raise DocumentError(f"bad configuration: {error}", path="config") from None
    except ConfigurationError as error:
        raise DocumentError(error.message, path=f"config.{error.path}") from None


def action_text(action: HeistAction) -> str:
    if isinstance(action, Wait):
        return "wait"
    if isinstance(action, Move):
        return f"move {action.to}"
    if isinstance(action, Run):
        return f"run {action.to}"
    return f"art {action.guard}"


def parse_action_text(text: str) -> HeistAction:
    if not isinstance(text, str):
        raise ParseError(f"an action is text, not {text!r}", path="action")
    words = text.strip().lower().split()
    try:
        if words == ["wait"]:
            return Wait()
        if len(words) == 2 and words[0] in ("move", "run"):
            to = parse_hex(words[1].upper(), path="action")
            return Move(to) if words[0] == "move" else Run(to)
        if len(words) == 2 and words[0] == "art" and words[1].isdigit():
            return Art(int(words[1]))
    except ArgumentError as error:
        raise ParseError(error.message, path="action") from None
    raise ParseError(
        f"not a heist action: {text!r} (wait, move D3, run D3 or art 0)", path="action"
    )


def state_data(state: HeistState) -> dict[str, Any]:
    keep = state.keep
    return {
        "config": config_data(state.config),
        "guards": [guard_data(guard) for guard in keep.guards],
        "thieves": [
            {"name": t.name, "hex": str(t.hex), "wounds": t.wounds, "out": t.out}
            for t in keep.thieves
        ],
        "markers": [{"thief": m.thief, "hex": str(m.hex)} for m in keep.markers],
        "torches": sorted(str(hex_) for hex_ in keep.torches),
        "vault_guard_placed": keep.vault_guard_placed,
        "actor": state.actor,
        "round": state.round,
        "carrier": state.carrier,
        "winner": state.winner,
        "seed": state.seed,
        "salt": state.salt,
        "draws": state.draws,
    }


def state_from(data: Mapping[str, Any]) -> HeistState:
    config = config_from(data.get("config"))
    try:
        guards = tuple(
            guard_from(item, f"guards[{index}]") for index, item in enumerate(data["guards"])
        )
        thieves = tuple(
            Thief(t["name"], parse_hex(t["hex"]), int(t["wounds"]), t["out"])
            for t in data["thieves"]
        )
        markers = tuple(ThiefMarker(m["thief"], parse_hex(m["hex"])) for m in data["markers"])
        torches = frozenset(parse_hex(name) for name in data["torches"])
        keep = Keep(
            config.guard_map,
            guards,
            thieves,
            markers,
            torches,
            bool(data["vault_guard_placed"]),
        )
        return HeistState(
            config,
            keep,
            data["actor"],
            int(data["round"]),
            data["carrier"],
            data["winner"],
            int(data["seed"]),
            str(data["salt"]),
            int(data["draws"]),
        )
    except (KeyError, TypeError, ValueError, ArgumentError) as error:
        raise DocumentError(f"not a heist state: {error}", path="state") from None


EVENT_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "ThiefActed": ("player", "action", "hex", "guard"),
    "TreasureMoved": ("player", "taken"),
    "Escaped": ("player",),
    "Event": ("kind", "guard", "thief", "hex"),
}
"""Each event type's fields, besides ``type``."""

THIEF_ACTIONS: Final = ("wait", "move", "run", "art")
"""What ``ThiefActed.action`` may be."""


def _hex_name(hex_: Hex | None) -> str | None:
    return None if hex_ is None else str(hex_)


def event_data(event: HeistEvent) -> dict[str, Any]:
    """An event as plain data: ``type`` (its class) and its fields, hexes by name."""
    if isinstance(event, ThiefActed):
        return {
            "type": "ThiefActed",
            "player": event.player,
            "action": event.action,
            "hex": _hex_name(event.hex),
            "guard": event.guard,
        }
    if isinstance(event, TreasureMoved):
        return {"type": "TreasureMoved", "player": event.player, "taken": event.taken}
    if isinstance(event, Escaped):
        return {"type": "Escaped", "player": event.player}
    return {
        "type": "Event",
        "kind": event.kind.value,
        "guard": event.guard,
        "thief": event.thief,
        "hex": _hex_name(event.hex),
    }


def _int(data: object, path: str, high: int, *, optional: bool = False) -> int | None:
    if data is None and optional:
        return None
    if type(data) is not int or not 0 <= data <= high:
        raise DocumentError(f"must be an integer in 0..{high}, not {data!r}", path=path)
    return data


def _player(data: object, path: str) -> int:
    player = _int(data, path, 1)
    assert player is not None
    return player


def _hex_or_none(data: object, path: str) -> Hex | None:
    if data is None:
        return None
    if not isinstance(data, str):
        raise DocumentError(f"must be a hex name or null, not {data!r}", path=path)
    try:
        return parse_hex(data, path=path)
    except ArgumentError as error:
        raise DocumentError(error.message, path=path) from None


def _thief_acted(raw: Mapping[str, Any], path: str) -> ThiefActed:
    action = raw["action"]
    if action not in THIEF_ACTIONS:
        raise DocumentError(
            f"must be one of {', '.join(THIEF_ACTIONS)}, not {action!r}", path=f"{path}.action"
        )
    hex_ = _hex_or_none(raw["hex"], f"{path}.hex")
    if action in ("wait", "art") and hex_ is not None:
        raise DocumentError(f"must be null for {action!r}", path=f"{path}.hex")
    if action == "run" and hex_ is None:
        raise DocumentError("must be a hex name for 'run'", path=f"{path}.hex")
    guard = _int(raw["guard"], f"{path}.guard", MAX_GUARDS - 1, optional=True)
    if (guard is None) == (action == "art"):
        wanted = "a guard's number" if action == "art" else "null"
        raise DocumentError(f"must be {wanted} for {action!r}", path=f"{path}.guard")
    return ThiefActed(_player(raw["player"], f"{path}.player"), action, hex_, guard)


def _guard_event(raw: Mapping[str, Any], path: str) -> Event:
    kinds = [kind.value for kind in EventKind]
    if raw["kind"] not in kinds:
        raise DocumentError(
            f"must be one of {', '.join(kinds)}, not {raw['kind']!r}", path=f"{path}.kind"
        )
    thief = raw["thief"]
    if thief is not None and not isinstance(thief, str):
        raise DocumentError(f"must be a thief's name or null, not {thief!r}", path=f"{path}.thief")
    return Event(
        EventKind(raw["kind"]),
        _int(raw["guard"], f"{path}.guard", MAX_GUARDS - 1, optional=True),
        thief,
        _hex_or_none(raw["hex"], f"{path}.hex"),
    )


def event_from(data: object, path: str = "event") -> HeistEvent:
    """The event that ``data``, as ``event_data`` writes it, describes.

    Raises:
        DocumentError: For a missing, unknown or malformed field; ``path`` names it.
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise DocumentError("an event is an object with a type", path=f"{path}.type")
    kind = data["type"]
    fields = EVENT_FIELDS.get(kind)
    if fields is None:
        raise DocumentError(
            f"type must be one of {', '.join(EVENT_FIELDS)}, not {kind!r}", path=f"{path}.type"
        )
    for key in data:
        if key != "type" and key not in fields:
            raise DocumentError(f"unknown field {key!r}", path=f"{path}.{key}")
    for key in fields:
        if key not in data:
            raise DocumentError("missing field", path=f"{path}.{key}")
    if kind == "ThiefActed":
        return _thief_acted(data, path)
    if kind == "Event":
        return _guard_event(data, path)
    player = _player(data["player"], f"{path}.player")
    if kind == "Escaped":
        return Escaped(player)
    taken = data["taken"]
    if not isinstance(taken, bool):
        raise DocumentError(f"must be true or false, not {taken!r}", path=f"{path}.taken")
    return TreasureMoved(player, taken)
