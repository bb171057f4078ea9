"""The heist's JSON: guards, configurations, actions and states as plain data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from guarda.errors import ArgumentError, ConfigurationError, DocumentError, ParseError
from guarda.games.guards._guards import Guard, GuardKind, Status
from guarda.games.guards._heist import Art, HeistAction, HeistConfig, HeistState, Move, Run, Wait
from guarda.games.guards._hexes import Direction, parse_hex
from guarda.games.guards._keep import Keep, Thief, ThiefMarker

__all__ = [
    "action_text",
    "config_data",
    "config_from",
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
            seen=frozenset(str(name) for name in data["seen"]),
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
