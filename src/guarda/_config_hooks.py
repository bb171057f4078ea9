"""Rulesets as data: a preset's call, or every field.

A [Config][guarda.Config] that a preset makes is written as the preset's call
(``{"preset": "modern", "players": 2}``), any other field by field; both forms are read.
The converters of [guarda._converter][guarda._converter] take these hooks from
[SPECIAL_TYPES][guarda._converter.SPECIAL_TYPES].

Examples:
    >>> import guarda
    >>> from guarda._converter import converter
    >>> converter.unstructure(guarda.modern(players=2))
    {'preset': 'modern', 'players': 2}
"""

from __future__ import annotations

import typing
from typing import Any

import cattrs
import orjson

from guarda._class_hooks import SchemaOf, attrs_structure_factory, class_unstructure
from guarda._config import Config, PresetOptions, Shuffle, StakesKind, WinCondition
from guarda._config_text import keep, kept
from guarda._document_errors import describe, document_error
from guarda._geometry import Side
from guarda._presets import OPTIONS, PRESETS, WIN_NAMES, from_preset_call, preset_call
from guarda._strict_hooks import StructureHook, UnstructureHook, expect_array, structure_enum
from guarda.errors import DocumentError, GuardaError

__all__ = ["config_schema", "config_structure", "config_unstructure"]


def config_schema(schema_of: SchemaOf) -> dict[str, Any]:
    call = {
        "type": "object",
        "description": "A preset and the options of its call, such as "
        "guarda.classic(players=4, win='victory'): written whenever a preset makes the "
        "ruleset exactly.",
        "properties": {
            "preset": {"enum": list(PRESETS)},
            "players": {"type": "integer"},
            "win": {
                "anyOf": [{"enum": list(WIN_NAMES)}, schema_of(WinCondition)],
                "description": "A win condition by name (the edition fills in its "
                "numbers), or in full.",
            },
            "stakes": schema_of(StakesKind),
            "ante": {"type": "integer"},
            "seats": {"type": "array", "items": schema_of(Side)},
            "teams": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
            "first_player": {"type": "integer"},
            "turn_limit": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            "shuffle": schema_of(Shuffle),
        },
        "required": ["preset", "players"],
        "additionalProperties": False,
    }
    return {
        "description": "A complete, validated ruleset: a preset's call, or every field.",
        "anyOf": [call, schema_of(typing.Annotated[Config, "fields"])],
    }


def config_unstructure(made: cattrs.Converter) -> UnstructureHook:
    """A ruleset a preset makes is written as the preset's call; any other in full. Its
    text is kept at the first writing, and later ones read it back."""
    hooks: list[UnstructureHook] = []  # made at the first call: see _make_converter

    def unstructure(config: Config) -> Any:
        written = kept(config)  # the text of its first writing (see guarda._config_text)
        if written is not None:
            return orjson.loads(written.text)  # a fresh copy: the caller may change it
        data = write(config)
        keep(config, data)
        return data

    def write(config: Config) -> Any:
        if not hooks:
            hooks.append(class_unstructure(Config, made))
            hooks.append(made.get_unstructure_hook(WinCondition))
        fields, win = hooks
        call = preset_call(config)
        if call is None:
            return fields(config)
        data = dict(call)
        if "win" in data and not isinstance(data["win"], str):
            data["win"] = win(data["win"])
        if "seats" in data:
            data["seats"] = [side.value for side in data["seats"]]
        if "teams" in data:
            data["teams"] = [list(team) for team in data["teams"]]
        return data

    return unstructure


def config_structure(made: cattrs.Converter) -> StructureHook:
    """A preset's call (an object with ``preset``), or every field."""
    hooks: list[StructureHook] = []  # made at the first call: see _make_converter

    def structure(value: object, _: object) -> Config:
        if type(value) is dict and "preset" in value:
            return _preset_structure(value, made)
        if not hooks:
            hooks.append(attrs_structure_factory(Config, made))
        config: Config = hooks[0](value, Config)
        return config

    return structure


def _integers(value: object, path: str) -> list[int]:
    expect_array(value)
    assert isinstance(value, (list, tuple))
    for index, item in enumerate(value):
        if type(item) is not int:
            raise DocumentError(
                f"expected an integer, not {describe(item)}", path=f"{path}[{index}]"
            )
    return list(value)


def _preset_structure(value: dict[str, Any], made: cattrs.Converter) -> Config:
    """The ruleset of a preset's call, read as strictly as every other field."""
    extra = sorted(value.keys() - {"preset", "players", *OPTIONS})
    if extra:
        raise DocumentError(f"unknown field {extra[0]}", path=str(extra[0]))
    if "players" not in value:
        raise DocumentError("missing required field", path="players")
    preset = value["preset"]
    if type(preset) is not str or preset not in PRESETS:
        raise DocumentError(
            f"expected one of {', '.join(map(repr, PRESETS))}, not {describe(preset)}",
            path="preset",
        )
    players = value["players"]
    if type(players) is not int:
        raise DocumentError(f"expected an integer, not {describe(players)}", path="players")
    options: PresetOptions = {}
    if "win" in value:
        win = value["win"]
        if type(win) is str and win in WIN_NAMES:
            options["win"] = win
        elif type(win) is dict:
            try:
                options["win"] = made.structure(win, WinCondition)  # type: ignore[arg-type]
            except Exception as error:
                raise document_error(error, "win") from error
        else:
            raise DocumentError(
                f"expected one of {', '.join(map(repr, WIN_NAMES))} or a win condition, "
                f"not {describe(win)}",
                path="win",
            )
    if "stakes" in value:
        try:
            options["stakes"] = structure_enum(value["stakes"], StakesKind)  # type: ignore[typeddict-item]
        except DocumentError as error:
            raise DocumentError(error.message, path="stakes") from error
    for key in ("ante", "first_player"):
        if key in value:
            if type(value[key]) is not int:
                raise DocumentError(f"expected an integer, not {describe(value[key])}", path=key)
            options[key] = value[key]
    if "turn_limit" in value:
        limit = value["turn_limit"]
        if limit is not None and type(limit) is not int:
            raise DocumentError(
                f"expected an integer or null, not {describe(limit)}", path="turn_limit"
            )
        options["turn_limit"] = limit
    if "shuffle" in value:
        try:
            options["shuffle"] = structure_enum(value["shuffle"], Shuffle)  # type: ignore[typeddict-item]
        except DocumentError as error:
            raise DocumentError(error.message, path="shuffle") from error
    if "seats" in value:
        seats = _integers(value["seats"], "seats")
        for index, side in enumerate(seats):
            if side not in Side._value2member_map_:
                raise DocumentError(
                    f"expected one of 0, 1, 2, 3, not {side}", path=f"seats[{index}]"
                )
        options["seats"] = tuple(Side(side) for side in seats)
    if "teams" in value:
        expect_array(value["teams"])
        options["teams"] = tuple(
            tuple(_integers(team, f"teams[{index}]")) for index, team in enumerate(value["teams"])
        )
    try:
        return from_preset_call(preset, players, options)
    except GuardaError as error:
        raise DocumentError(error.message, path=error.path, rule=error.rule) from error
