"""JSON Schemas (draft 2020-12) of the vector files, the input and the result steps.

They refer to guarda's document schemas ([guarda.schemas][]) by their ``$id``
(``urn:guarda:schema:config:v2``, ...), so a validator needs those too: they ship in
``guarda/schemas``. The view of a step is the ``PlayerView`` of ``view.json`` without the
fields a step leaves out (``config`` and ``events``); its schema is derived from
``view.json``, so the two cannot drift apart.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Final

from guarda import schemas
from guarda.conformance._reference import (
    INPUT_FORMAT,
    PROTOCOL_VERSION,
    VECTOR_FORMAT,
    VIEW_OMITTED,
)
from guarda.errors import ArgumentError

__all__ = ["SCHEMA_NAMES", "json_schema", "schema_texts"]

SCHEMA_NAMES: Final = ("vector", "input", "step", "game-vector", "game-input", "game-step")
"""The schemas: a vector file, the input a command reads, a step a command prints; the
``game-`` ones for the vectors of the other games (they name their ``game``)."""

_BASE: Final = "urn:guarda:conformance:"


def _id(kind: str) -> str:
    """The ``$id`` of a guarda document schema (it names the format version)."""
    found: str = schemas.load(kind)["$id"]
    return found


def _document(kind: str) -> dict[str, Any]:
    return {"$ref": _id(kind)}


def _definition(kind: str, name: str) -> dict[str, Any]:
    return {"$ref": f"{_id(kind)}#/$defs/{name}"}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _rebase(value: Any) -> Any:
    """Point the local ``$ref``s of a piece of view.json at view.json."""
    if isinstance(value, dict):
        return {
            key: (
                f"{_id('view')}{item}"
                if key == "$ref" and isinstance(item, str) and item.startswith("#")
                else _rebase(item)
            )
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_rebase(item) for item in value]
    return value


def _view() -> dict[str, Any]:
    view = copy.deepcopy(schemas.load("view")["$defs"]["PlayerView"])
    for field in VIEW_OMITTED:
        view["properties"].pop(field, None)
        if field in view.get("required", []):
            view["required"].remove(field)
    view["description"] = (
        "A seat's view document's data without config (the vector's) and events (those of "
        "every step so far)."
    )
    return dict(_rebase(view))


def _step_properties() -> dict[str, Any]:
    return {
        "ply": {
            "type": "integer",
            "minimum": 0,
            "description": "0 for the start, i after the i-th action.",
        },
        "legal": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The legal actions of the player to decide, in action notation "
            "(any order unless verify --ordered); empty when the game is over.",
        },
        "events": {
            "type": "array",
            "items": {"type": "array", "items": _definition("event", "Event")},
            "description": "For each seat, the events that led to this step as that seat may "
            "see them (the data of event documents); at ply 0 the start's whole log.",
        },
        "views": {
            "type": "array",
            "items": {"$ref": "#/$defs/View"},
            "description": "For each seat, the data of its view document without config "
            "and events.",
        },
        "outcome": {
            **_nullable(_definition("outcome", "Outcome")),
            "description": "The data of the outcome document once the game is over, else null.",
        },
    }


def _step() -> dict[str, Any]:
    properties = _step_properties()
    return {
        "$schema": schemas.DIALECT,
        "$id": f"{_BASE}step:v{PROTOCOL_VERSION}",
        "title": "guarda conformance step",
        "description": "One line a command prints: a position of the game and what each seat "
        "sees there. ply and legal are always needed; outcome, views and events as far as "
        "the level of verification goes (legal, outcome, views, events).",
        "type": "object",
        "properties": properties,
        "required": ["ply", "legal"],
        "additionalProperties": False,
        "$defs": {"View": _view()},
    }


def _input_properties() -> dict[str, Any]:
    return {
        "config": {**_document("config"), "description": "The ruleset, a config document."},
        "seed": {
            **_nullable({"type": "integer"}),
            "description": "The seed of a new game (any integer, reduced to 64 bits: P20); "
            "null when state is given.",
        },
        "state": {
            **_nullable(_document("state")),
            "description": "A position to start from (a state document with an empty log); "
            "null for a new game of config and seed.",
        },
        "actions": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The actions to play, in action notation.",
        },
        "compare_from": {
            "type": "integer",
            "minimum": 0,
            "description": "The first ply whose step is compared: play every action, "
            "print the steps from this ply on (earlier ones are skipped).",
        },
    }


def _input() -> dict[str, Any]:
    properties = {
        "format": {"const": INPUT_FORMAT},
        "version": {"const": PROTOCOL_VERSION},
        **_input_properties(),
    }
    return {
        "$schema": schemas.DIALECT,
        "$id": f"{_BASE}input:v{PROTOCOL_VERSION}",
        "title": "guarda conformance input",
        "description": "What a command reads on standard input: where a game starts and the "
        "actions to play.",
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _vector() -> dict[str, Any]:
    ruling = {"type": "string", "pattern": "^[RP][0-9]+$"}
    step: dict[str, Any] = {
        "type": "object",
        "properties": {
            "ply": _step_properties()["ply"],
            "action": {
                **_nullable({"type": "string"}),
                "description": "The action that led here, in notation (null at ply 0).",
            },
            "rulings": {
                "type": "array",
                "items": ruling,
                "description": "The rulings of docs/rules.md this step exercises.",
            },
            **{key: value for key, value in _step_properties().items() if key != "ply"},
        },
        "additionalProperties": False,
    }
    step["required"] = list(step["properties"])
    properties: dict[str, Any] = {
        "format": {"const": VECTOR_FORMAT},
        "version": {"const": PROTOCOL_VERSION},
        "id": {"type": "string", "description": "The vector's name; its file is <id>.json."},
        "title": {"type": "string", "description": "What it shows, for people."},
        "source": {"type": "object", "description": "Where it comes from (informative)."},
        "features": {
            "type": "object",
            "description": "The edition and variant of its ruleset (informative).",
        },
        "rulings": {
            "type": "array",
            "items": ruling,
            "description": "Every ruling the vector exercises.",
        },
        **_input_properties(),
        "steps": {
            "type": "array",
            "items": step,
            "minItems": 1,
            "description": "The expected results: the step of ply compare_from, then one "
            "step per action after it.",
        },
    }
    return {
        "$schema": schemas.DIALECT,
        "$id": f"{_BASE}vector:v{PROTOCOL_VERSION}",
        "title": "guarda conformance vector",
        "description": "A game's input and the expected step of every position.",
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
        "$defs": {"View": _view()},
    }


def _game_step_properties() -> dict[str, Any]:
    document = {"type": "object", "description": "A document of the game (its dumps)."}
    return {
        "ply": _step_properties()["ply"],
        "legal": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The legal actions of the player to decide, in the game's "
            "notation (any order unless verify --ordered); empty when the game is over.",
        },
        "events": {
            "type": "array",
            "items": {"type": "array", "items": document},
            "description": "For each seat, the event documents of the events that led to "
            "this step as that seat sees them; none at ply 0.",
        },
        "views": {
            "type": "array",
            "items": document,
            "description": "For each seat, its view document.",
        },
        "scores": {
            **_nullable({"type": "array", "items": {"type": "number", "minimum": 0}}),
            "description": "Each player's score once the game is over (1 a win, 0.5 a "
            "shared draw, 0 a loss), else null.",
        },
    }


def _game_input_properties() -> dict[str, Any]:
    return {
        "game": {"type": "string", "description": "The game's name in guarda.games."},
        "config": {"type": "object", "description": "The game's config document."},
        "seed": {"type": "integer", "description": "The seed of the new game."},
        "salt": {"type": "string", "description": "The salt of the new game."},
        "actions": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The actions to play, in the game's notation.",
        },
        "compare_from": _input_properties()["compare_from"],
    }


def _game_step() -> dict[str, Any]:
    return {
        "$schema": schemas.DIALECT,
        "$id": f"{_BASE}game-step:v{PROTOCOL_VERSION}",
        "title": "guarda conformance step of another game",
        "description": "One line a command prints for a vector that names its game. ply and "
        "legal are always needed; scores, views and events as far as the level goes.",
        "type": "object",
        "properties": _game_step_properties(),
        "required": ["ply", "legal"],
        "additionalProperties": False,
    }


def _game_input() -> dict[str, Any]:
    properties = {
        "format": {"const": INPUT_FORMAT},
        "version": {"const": PROTOCOL_VERSION},
        **_game_input_properties(),
    }
    return {
        "$schema": schemas.DIALECT,
        "$id": f"{_BASE}game-input:v{PROTOCOL_VERSION}",
        "title": "guarda conformance input of another game",
        "description": "What a command reads on standard input for a vector that names its "
        "game: the game, where it starts and the actions to play.",
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _game_vector() -> dict[str, Any]:
    step: dict[str, Any] = {
        "type": "object",
        "properties": {
            "ply": _step_properties()["ply"],
            "action": {
                **_nullable({"type": "string"}),
                "description": "The action that led here, in notation (null at ply 0).",
            },
            "kinds": {
                "type": "array",
                "items": {"type": "string"},
                "description": "What the step shows: action:<class>, event:<class>, end, "
                "end:win, end:draw.",
            },
            **{key: value for key, value in _game_step_properties().items() if key != "ply"},
        },
        "additionalProperties": False,
    }
    step["required"] = list(step["properties"])
    properties: dict[str, Any] = {
        "format": {"const": VECTOR_FORMAT},
        "version": {"const": PROTOCOL_VERSION},
        "id": {"type": "string", "description": "The vector's name; its file is <id>.json."},
        "title": {"type": "string", "description": "What it shows, for people."},
        "source": {"type": "object", "description": "Where it comes from (informative)."},
        "features": {
            "type": "object",
            "description": "The game and the number of players (informative).",
        },
        **_game_input_properties(),
        "steps": {
            "type": "array",
            "items": step,
            "minItems": 1,
            "description": "The expected results: the step of ply compare_from, then one "
            "step per action after it.",
        },
    }
    return {
        "$schema": schemas.DIALECT,
        "$id": f"{_BASE}game-vector:v{PROTOCOL_VERSION}",
        "title": "guarda conformance vector of another game",
        "description": "A game's input and the expected step of every position, for a game "
        "behind the game protocol.",
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of ``"vector"``, ``"input"`` or ``"step"`` (Guarda's), or
    ``"game-vector"``, ``"game-input"`` or ``"game-step"`` (another game's).

    Raises:
        ArgumentError: For another name.

    Examples:
        >>> json_schema("input")["properties"]["format"]
        {'const': 'guarda-conformance-input'}
    """
    builders = {
        "vector": _vector,
        "input": _input,
        "step": _step,
        "game-vector": _game_vector,
        "game-input": _game_input,
        "game-step": _game_step,
    }
    if name not in builders:
        raise ArgumentError(
            f"no conformance schema {name!r}: use {', '.join(SCHEMA_NAMES)}", path="name"
        )
    return builders[name]()


def schema_texts() -> dict[str, str]:
    """Each schema's file text, by file name (``schema/<name>.schema.json``)."""
    return {
        f"schema/{name}.schema.json": json.dumps(json_schema(name), indent=2) + "\n"
        for name in SCHEMA_NAMES
    }
