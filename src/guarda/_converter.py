"""The strict cattrs converter: every value to JSON-compatible data and back.

[converter][guarda._converter.converter] turns a value into data made of dicts, lists,
strings, integers, booleans and None, and such data back into a value. The generic
rules are cattrs' own: an attrs class is an object with one field per attribute, a tuple
an array, an enumeration its value. Where those do not fit, the data is described once,
in the tables [SPECIAL_TYPES][guarda._converter.SPECIAL_TYPES],
[SPECIAL_FIELDS][guarda._converter.SPECIAL_FIELDS] and
[TAGGED_UNIONS][guarda._converter.TAGGED_UNIONS]: the converter's hooks come from them,
and so does the JSON Schema generator ([guarda.schemas][guarda.schemas]).

Structuring is strict: integers, strings and booleans must have exactly that JSON type,
arrays must be arrays, unknown fields are refused. [structure][guarda._converter.structure]
builds a value or raises one [DocumentError][guarda.errors.DocumentError], whose ``path``
names the offending field (``players[1].hand[0]``): cattrs' detailed validation collects
what went wrong and [document_error][guarda._converter.document_error] reports it.

Detailed validation costs time on every value, so two converters are made from the same
hooks. Data straight from a JSON parser is read first by one without it, which is as
strict but stops at the first error; only when that one fails does
[converter][guarda._converter.converter] read the data again to say what and where.

Examples:
    >>> import guarda
    >>> converter.unstructure(guarda.Cell.parse("c2"))
    'c2'
    >>> converter.structure(["H1", "V2"], tuple[str, ...])
    ('H1', 'V2')
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs
import orjson
from cattrs.cols import iterable_unstructure_factory, list_structure_factory
from cattrs.errors import (
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from guarda._actions import ACTION_TYPES, Action
from guarda._config import Config, PresetOptions, StakesKind, WinCondition
from guarda._config_text import keep, kept
from guarda._events import EVENT_TYPES, Event
from guarda._geometry import Cell, Side
from guarda._notation import parse_action
from guarda._presets import OPTIONS, PRESETS, WIN_NAMES, from_preset_call, preset_call
from guarda._records import GameRecord, SeatRecord
from guarda._state import EventLog, GameState
from guarda.errors import DocumentError, GuardaError

__all__ = [
    "SPECIAL_FIELDS",
    "SPECIAL_TYPES",
    "TAGGED_UNIONS",
    "Special",
    "TaggedUnion",
    "config_fields",
    "converter",
    "describe",
    "document_error",
    "fast_converter",
    "is_optional",
    "structure",
    "structure_cell",
]

StructureHook = Callable[[Any, Any], Any]
"""Builds a value from data: ``hook(data, type)``."""

UnstructureHook = Callable[[Any], Any]
"""Turns a value into data: ``hook(value)``."""

SchemaOf = Callable[[Any], dict[str, Any]]
"""The JSON Schema of a type's data, as the schema generator gives it."""


@attrs.frozen
class TaggedUnion:
    """A union of classes told apart by the class name in the ``"type"`` field."""

    name: str
    """The union's name, such as ``"Action"`` (the schema definition)."""
    label: str
    """What one member is called in error messages, such as ``"action"``."""
    members: tuple[type, ...]
    """The classes, in a fixed order."""


TAGGED_UNIONS: Final[Mapping[Any, TaggedUnion]] = {
    Action: TaggedUnion("Action", "action", ACTION_TYPES),
    Event: TaggedUnion("Event", "event", EVENT_TYPES),
    WinCondition: TaggedUnion("WinCondition", "win condition", typing.get_args(WinCondition)),
}
"""Every tagged union, by its type: ``{"type": "Attack", "cards": ["V2"]}`` is an action."""


@attrs.frozen
class Special:
    """How the data of one type or one field looks where the generic rules do not fit."""

    schema: Callable[[SchemaOf], dict[str, Any]]
    """The JSON Schema of the data, given the function that gives other types' schemas."""
    structure: Callable[[cattrs.Converter], StructureHook] | None = None
    """Given a converter, the hook that builds the value; None: the generic rule."""
    unstructure: Callable[[cattrs.Converter], UnstructureHook] | None = None
    """Given a converter, the hook that turns the value into data; None: the generic rule."""
    named: bool = False
    """For a type: its schema is a named definition (``$defs``) rather than inline."""


def describe(value: object) -> str:
    """What a piece of JSON data is, for error messages.

    Examples:
        >>> describe(5), describe([1]), describe("a" * 50)
        ('an integer 5', 'an array', "a string 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...")
    """
    kind = _JSON_TYPES.get(type(value), type(value).__name__)
    if isinstance(value, (dict, list, tuple)):
        return kind
    text = repr(value)
    return f"{kind} {text if len(text) <= 40 else text[:37] + '...'}"


_JSON_TYPES: Final = {
    dict: "an object",
    list: "an array",
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "a boolean",
    type(None): "null",
}


# -- the hooks of the special types and fields ----------------------------------------------


@functools.lru_cache(maxsize=4096)
def _cell(name: str) -> Cell:
    """The cell of a name; a document names the same few cells again and again."""
    try:
        return Cell.parse(name)
    except GuardaError as error:
        raise DocumentError(error.message, rule="R8") from None


def structure_cell(value: object, _: object) -> Cell:
    if type(value) is not str:
        raise DocumentError(f"expected a cell name such as 'a1', not {describe(value)}")
    return _cell(value)


def _unstructure_cell(cell: Cell) -> str:
    return cell.name


def _log_structure(made: cattrs.Converter) -> StructureHook:
    events: list[StructureHook] = []  # found at the first call: see _make_converter

    def structure(value: object, _: object) -> EventLog:
        if not events:
            events.append(made.get_structure_hook(tuple[Event, ...]))
        return EventLog(events[0](value, tuple[Event, ...]))

    return structure


def _log_unstructure(made: cattrs.Converter) -> UnstructureHook:
    events: list[UnstructureHook] = []  # found at the first call: see _make_converter

    def unstructure(log: EventLog) -> list[Any]:
        if not events:
            events.append(made.get_unstructure_hook(Event))
        event = events[0]
        return [event(item) for item in log]

    return unstructure


_Pattern = frozenset[tuple[int, int]]
_PAIRS: Final = tuple[tuple[int, int], ...]


def _pattern_structure(made: cattrs.Converter) -> StructureHook:
    def structure(value: object, _: object) -> _Pattern:
        if type(value) is list and all(
            type(pair) is list and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int
            for pair in value
        ):
            return frozenset(map(tuple, value))
        return frozenset(made.structure(value, _PAIRS))

    return structure


def _unstructure_pattern(value: _Pattern) -> list[list[int]]:
    return [list(pair) for pair in sorted(value)]


def _structure_rng(value: object, _: object) -> int:
    if type(value) is not str or len(value) != 16 or value.strip("0123456789abcdef"):
        raise DocumentError(f"expected 16 lower-case hex digits, not {describe(value)}")
    return int(value, 16)


def _unstructure_rng(value: int) -> str:
    return f"{value:016x}"


def _date_schema(_: SchemaOf) -> dict[str, Any]:
    return {
        "anyOf": [{"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}, {"type": "null"}],
        "default": None,
        "description": "The date the game was played, YYYY-MM-DD.",
    }


def _record_actions_schema(schema_of: SchemaOf) -> dict[str, Any]:
    return {
        "type": "array",
        "items": {
            "anyOf": [
                schema_of(Action),
                {"type": "string", "description": "An action in action notation."},
            ]
        },
        "description": "Every action, in order, as objects or in action notation.",
    }


# -- rulesets: a preset's call, or every field -------------------------------------------


def _config_schema(schema_of: SchemaOf) -> dict[str, Any]:
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
        },
        "required": ["preset", "players"],
        "additionalProperties": False,
    }
    return {
        "description": "A complete, validated ruleset: a preset's call, or every field.",
        "anyOf": [call, schema_of(typing.Annotated[Config, "fields"])],
    }


def _config_unstructure(made: cattrs.Converter) -> UnstructureHook:
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
            hooks.append(_class_unstructure(Config, made))
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


def _config_structure(made: cattrs.Converter) -> StructureHook:
    """A preset's call (an object with ``preset``), or every field."""
    hooks: list[StructureHook] = []  # made at the first call: see _make_converter

    def structure(value: object, _: object) -> Config:
        if type(value) is dict and "preset" in value:
            return _preset_structure(value, made)
        if not hooks:
            hooks.append(_attrs_structure_factory(Config, made))
        config: Config = hooks[0](value, Config)
        return config

    return structure


def _integers(value: object, path: str) -> list[int]:
    _expect_array(value)
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
            options["stakes"] = _structure_enum(value["stakes"], StakesKind)  # type: ignore[typeddict-item]
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
    if "seats" in value:
        seats = _integers(value["seats"], "seats")
        for index, side in enumerate(seats):
            if side not in Side._value2member_map_:
                raise DocumentError(
                    f"expected one of 0, 1, 2, 3, not {side}", path=f"seats[{index}]"
                )
        options["seats"] = tuple(Side(side) for side in seats)
    if "teams" in value:
        _expect_array(value["teams"])
        options["teams"] = tuple(
            tuple(_integers(team, f"teams[{index}]")) for index, team in enumerate(value["teams"])
        )
    try:
        return from_preset_call(preset, players, options)
    except GuardaError as error:
        raise DocumentError(error.message, path=error.path, rule=error.rule) from error


SPECIAL_TYPES: Final[Mapping[Any, Special]] = {
    Config: Special(
        schema=_config_schema,
        structure=_config_structure,
        unstructure=_config_unstructure,
        named=True,
    ),
    Cell: Special(
        schema=lambda _: {
            "type": "string",
            "pattern": "^[a-z][1-9][0-9]*$",
            "description": "A cell name: a column letter and a row number, a1 "
            "being the south-west corner (R8).",
        },
        structure=lambda _: structure_cell,
        unstructure=lambda _: _unstructure_cell,
        named=True,
    ),
    EventLog: Special(
        schema=lambda schema_of: schema_of(tuple[Event, ...]),
        structure=_log_structure,
        unstructure=_log_unstructure,
    ),
    _Pattern: Special(
        schema=lambda schema_of: schema_of(_PAIRS),
        structure=_pattern_structure,
        unstructure=lambda _: _unstructure_pattern,
    ),
}
"""Types whose data is not the generic one: a ruleset that a preset makes is the preset's
call (``{"preset": "modern", "players": 2}``; any ruleset may also be given field by
field), cells are names (``"c2"``), a state's event log is the array of its events, a card
pattern a sorted array of ``[column, row]`` pairs."""

SPECIAL_FIELDS: Final[Mapping[tuple[type, str], Special]] = {
    (GameState, "rng"): Special(
        schema=lambda _: {
            "type": "string",
            "pattern": "^[0-9a-f]{16}$",
            "description": "The random state as 16 hex digits (secret from everyone, R28).",
        },
        structure=lambda _: _structure_rng,
        unstructure=lambda _: _unstructure_rng,
    ),
    # Read by the GameRecord hook below: notation needs the record's configuration.
    (GameRecord, "actions"): Special(schema=_record_actions_schema),
    # Checked by the records' constructors; the schema says it with a pattern.
    (GameRecord, "date"): Special(schema=_date_schema),
    (SeatRecord, "date"): Special(schema=_date_schema),
}
"""Fields whose data is not the generic one for their type: a state's random state is 16
hex digits (a JSON number would lose precision in JavaScript), a record's actions may be
objects or action notation."""


# -- strict hooks for the generic rules -----------------------------------------------------


def _structure_int(value: object, _: object) -> int:
    if type(value) is int:
        return value
    raise DocumentError(f"expected an integer, not {describe(value)}")


def _structure_str(value: object, _: object) -> str:
    if type(value) is str:
        return value
    raise DocumentError(f"expected a string, not {describe(value)}")


def _structure_bool(value: object, _: object) -> bool:
    if type(value) is bool:
        return value
    raise DocumentError(f"expected a boolean, not {describe(value)}")


@functools.cache
def _enum_choices(cls: type[enum.Enum]) -> tuple[dict[Any, enum.Enum], type, str]:
    members = {member.value: member for member in cls}
    return members, type(next(iter(cls)).value), ", ".join(repr(value) for value in members)


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    members, value_type, choices = _enum_choices(cls)
    if type(value) is value_type and value in members:
        return members[value]
    raise DocumentError(f"expected one of {choices}, not {describe(value)}")


def _enum_value(member: enum.Enum) -> Any:
    return member.value


def is_optional(tp: object) -> bool:
    args = typing.get_args(tp)
    return (
        typing.get_origin(tp) in (typing.Union, types.UnionType)
        and len(args) == 2
        and args[1] is type(None)
    )


def _optional_structure_factory(tp: Any, made: cattrs.Converter) -> StructureHook:
    """``X | None``: None, or the hook of ``X`` (found once, not at every call)."""
    inner_type = typing.get_args(tp)[0]
    inner = made.get_structure_hook(inner_type)
    return lambda value, _: None if value is None else inner(value, inner_type)


def _is_tuple(tp: object) -> bool:
    return typing.get_origin(tp) is tuple


def _is_homogeneous(tp: object) -> bool:
    args = typing.get_args(tp)
    return len(args) == 2 and args[1] is Ellipsis


def _expect_array(value: object) -> None:
    if type(value) is not list and type(value) is not tuple:
        raise DocumentError(f"expected an array, not {describe(value)}")


def _tuple_structure_factory(tp: Any, made: cattrs.Converter) -> StructureHook:
    """Arrays: cattrs' sequence structuring, once the data is known to be an array."""
    args = typing.get_args(tp)
    if _is_homogeneous(tp):
        inner = list_structure_factory(tp, made)
        if args[0] not in (str, int):

            def structure(value: object, _: object) -> tuple[Any, ...]:
                _expect_array(value)
                return tuple(inner(value, tp))

            return structure
        only = {args[0]}

        def structure_plain(value: Any, _: object) -> tuple[Any, ...]:
            if type(value) is list and (not value or set(map(type, value)) == only):
                return tuple(value)
            _expect_array(value)
            return tuple(inner(value, tp))

        return structure_plain
    hooks = [made.get_structure_hook(arg) for arg in args]

    def structure_fixed(value: Any, _: object) -> tuple[Any, ...]:
        _expect_array(value)
        if len(value) != len(args):
            raise DocumentError(f"expected an array of {len(args)} items, not {len(value)}")
        if not made.detailed_validation:
            return tuple(
                [hook(item, arg) for hook, arg, item in zip(hooks, args, value, strict=True)]
            )
        result = []
        errors = []
        for index, (hook, arg, item) in enumerate(zip(hooks, args, value, strict=True)):
            try:
                result.append(hook(item, arg))
            except Exception as error:  # collected, as cattrs does, so the path names it
                note = IterableValidationNote(f"Structuring {tp} @ index {index}", index, arg)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                errors.append(error)
        if errors:
            raise IterableValidationError(f"While structuring {tp!r}", errors, tp)
        return tuple(result)

    return structure_fixed


def _tuple_unstructure_factory(tp: Any, made: cattrs.Converter) -> UnstructureHook:
    if _is_homogeneous(tp):
        return iterable_unstructure_factory(tp, made, unstructure_to=list)
    hooks = [made.get_unstructure_hook(arg) for arg in typing.get_args(tp)]
    return lambda value: [hook(item) for hook, item in zip(hooks, value, strict=True)]


def _class_structure(cls: type[Any], made: cattrs.Converter) -> StructureHook:
    """cattrs' structuring of an attrs class from a dict, with the special fields."""
    fields: dict[str, Any] = {
        name: override(struct_hook=special.structure(made))
        for (owner, name), special in SPECIAL_FIELDS.items()
        if owner is cls and special.structure is not None
    }
    return make_dict_structure_fn(cls, made, **fields)


def _known_fields(cls: type[Any], made: cattrs.Converter) -> frozenset[str] | None:
    """The fields a hook must check the data against; None where cattrs checks them.

    The fast converter lets cattrs skip its check for unknown fields: one subset test
    in the hook does the same.
    """
    if made.forbid_extra_keys:
        return None
    return frozenset(field.name for field in attrs.fields(cls))


def _attrs_structure_factory(cls: type[Any], made: cattrs.Converter) -> StructureHook:
    inner = _class_structure(cls, made)
    known = _known_fields(cls, made)
    name = cls.__name__

    def structure(value: object, _: object) -> Any:
        if type(value) is not dict:
            raise DocumentError(f"expected an object ({name}), not {describe(value)}")
        if known is not None and not value.keys() <= known:
            raise DocumentError(f"unknown fields {sorted(value.keys() - known)}")
        return inner(value, cls)

    return structure


def _class_unstructure(cls: type[Any], made: cattrs.Converter) -> UnstructureHook:
    fields: dict[str, Any] = {
        name: override(unstruct_hook=special.unstructure(made))
        for (owner, name), special in SPECIAL_FIELDS.items()
        if owner is cls and special.unstructure is not None
    }
    return make_dict_unstructure_fn(cls, made, **fields)


def _tagged_union(made: cattrs.Converter, union: Any, tagged: TaggedUnion) -> None:
    """One hook each way: the tag picks the class's own cattrs function directly."""
    # Per tag: the class's function, and what the fast converter checks instead of cattrs
    # (see _known_fields): the fields allowed besides the tag, and when every field is
    # required, their count with the tag (cattrs reads each required field, so a count
    # does it). No fields: cattrs checks them itself, and the tag must go.
    readers: dict[str, tuple[StructureHook, frozenset[str] | None, int]] = {}
    for member in tagged.members:
        known = _known_fields(member, made)
        required = all(field.default is attrs.NOTHING for field in attrs.fields(member))
        size = len(known) + 1 if known is not None and required else -1
        allowed = None if known is None else known | {"type"}
        readers[member.__name__] = (_class_structure(member, made), allowed, size)
    writers = {member: _class_unstructure(member, made) for member in tagged.members}
    names = {member: member.__name__ for member in tagged.members}
    label = tagged.label

    def structure(value: object, _: object) -> Any:
        if type(value) is not dict:
            raise DocumentError(f"expected an object ({label}), not {describe(value)}")
        if "type" not in value:
            raise DocumentError(f"missing the {label} type", path="type")
        tag = value["type"]
        found = readers.get(tag) if type(tag) is str else None
        if found is None:
            shown = repr(tag) if type(tag) is str else describe(tag)
            raise DocumentError(f"unknown {label} type {shown}", path="type")
        reader, allowed, size = found
        if allowed is None:
            value = value.copy()
            del value["type"]
        elif len(value) != size and not value.keys() <= allowed:
            raise DocumentError(f"unknown fields {sorted(value.keys() - allowed)}")
        return reader(value, None)

    def unstructure(value: Any) -> dict[str, Any]:
        cls = type(value)
        data: dict[str, Any] = writers[cls](value)
        data["type"] = names[cls]
        return data

    made.register_structure_hook(union, structure)
    made.register_unstructure_hook(union, unstructure)


def _record_structure(made: cattrs.Converter) -> StructureHook:
    """Records: their actions are objects or notation, read with the record's ruleset."""
    fields = _attrs_structure_factory(GameRecord, made)
    action = made.get_structure_hook(Action)

    def structure(value: object, _: object) -> GameRecord:
        if type(value) is not dict:
            raise DocumentError(f"expected an object (GameRecord), not {describe(value)}")
        raw = value.get("actions", [])
        record: GameRecord = fields({k: v for k, v in value.items() if k != "actions"}, None)
        if type(raw) is not list:
            raise DocumentError(f"expected an array, not {describe(raw)}", path="actions")
        actions = []
        for index, item in enumerate(raw):
            try:
                if type(item) is str:
                    actions.append(parse_action(item, record.config))
                else:
                    actions.append(action(item, Action))
            except Exception as error:
                raise document_error(error, f"actions[{index}]", f" (ply {index + 1})") from error
        return attrs.evolve(record, actions=tuple(actions))

    return structure


def _equal_to(tp: Any) -> Callable[[Any], bool]:
    return lambda other: bool(other == tp)


def _make_converter(*, detailed: bool) -> cattrs.Converter:
    made = cattrs.Converter(forbid_extra_keys=detailed, detailed_validation=detailed)
    made.register_structure_hook(int, _structure_int)
    made.register_structure_hook(str, _structure_str)
    made.register_structure_hook(bool, _structure_bool)
    # Hooks go by class first: the int and str hooks would also take the int and str
    # enumerations, so the one enumeration hook each way is given for each base class.
    for base in (enum.Enum, enum.IntEnum, enum.StrEnum):
        made.register_structure_hook(base, _structure_enum)
        made.register_unstructure_hook(base, _enum_value)
    made.register_structure_hook_factory(_is_tuple, _tuple_structure_factory)
    made.register_structure_hook_factory(is_optional, _optional_structure_factory)
    made.register_unstructure_hook_factory(_is_tuple, _tuple_unstructure_factory)
    made.register_structure_hook_factory(attrs.has, _attrs_structure_factory)
    made.register_unstructure_hook_factory(attrs.has, _class_unstructure)
    # Hooks are looked up when a class's function is made, so the special types come
    # before the classes that hold them (their own hooks look theirs up at the first call).
    for tp, special in SPECIAL_TYPES.items():
        if special.structure is not None:
            made.register_structure_hook_func(_equal_to(tp), special.structure(made))
        if special.unstructure is not None:
            made.register_unstructure_hook_func(_equal_to(tp), special.unstructure(made))
    for union, tagged in TAGGED_UNIONS.items():
        _tagged_union(made, union, tagged)
    if not detailed:
        made.register_structure_hook(Config, _remembering(made.get_structure_hook(Config)))
    made.register_structure_hook(GameRecord, _record_structure(made))
    return made


_CONFIGS: Final[dict[bytes, Config]] = {}
"""Rulesets the fast converter read, by their data as JSON text (the oldest are dropped)."""

_CONFIGS_KEPT: Final = 32


def _remembering(read: StructureHook) -> StructureHook:
    """Reads a ruleset once: documents repeat theirs, and a Config is an immutable value.

    Only for data straight from a JSON parser, where equal text means equal data.
    """

    def structure(value: object, cls: object) -> Config:
        try:
            key = orjson.dumps(value)
        except TypeError:  # an integer beyond 64 bits: read (and refuse) it uncached
            return read(value, cls)  # type: ignore[no-any-return]
        config = _CONFIGS.get(key)
        if config is None:
            config = read(value, cls)
            if len(_CONFIGS) >= _CONFIGS_KEPT:
                del _CONFIGS[next(iter(_CONFIGS))]
            _CONFIGS[key] = config
        return config

    return structure


converter: Final = _make_converter(detailed=True)
"""The preconfigured, strict cattrs converter.

Integers, strings and booleans must have exactly that JSON type, arrays must be arrays,
unknown fields are refused, and errors carry detailed paths (see
[document_error][guarda._converter.document_error]).
"""

fast_converter: Final = _make_converter(detailed=False)
"""The same hooks without cattrs' detailed validation, for data straight from a JSON
parser: as strict, but it stops at the first error, without a path, and it reads each
ruleset once."""


_CONFIG_FIELDS: list[UnstructureHook] = []


def config_fields(config: Config) -> dict[str, Any]:
    """A ruleset's data field by field, even when a preset makes it (the form every format
    version reads, and the only one version 1 wrote).

    Examples:
        >>> import guarda
        >>> sorted(config_fields(guarda.grda()))[:3]
        ['deck', 'draw_rule', 'first_player']
    """
    if not _CONFIG_FIELDS:
        _CONFIG_FIELDS.append(_class_unstructure(Config, converter))
    data: dict[str, Any] = _CONFIG_FIELDS[0](config)
    return data


def structure(data: Any, cls: Any, root: str = "", *, parsed: bool = False) -> Any:
    """The value of type ``cls`` that ``data`` describes, or the error that says why not.

    Args:
        data: JSON-compatible data.
        cls: The type to build.
        root: Where the data lies, for the error's path (``"data"`` in a document).
        parsed: The data comes straight from a JSON parser: it holds dicts, lists,
            strings, integers, floats, booleans and None only, no tuples or subclasses.
            Then a faster converter reads it first, and the strict one only explains
            what is wrong.

    Returns:
        The value.

    Raises:
        DocumentError: If the data is malformed or the value invalid; ``path`` names the
            offending field.

    Examples:
        >>> structure(["a1", "b2"], tuple[Cell, ...])
        (Cell(x=0, y=0), Cell(x=1, y=1))
        >>> structure(["a1", 2], tuple[Cell, ...], "data.hill", parsed=True)
        Traceback (most recent call last):
        ...
        guarda.errors.DocumentError: data.hill[1]: expected a cell name such as 'a1', not an integer 2
    """  # noqa: E501
    if parsed:
        try:
            return fast_converter.structure(data, cls)
        except Exception:  # explained below, with cattrs' detailed validation
            pass
    try:
        return converter.structure(data, cls)
    except Exception as error:
        raise document_error(error, root) from error


# -- errors --------------------------------------------------------------------------------


def _join(base: str, relative: str | None) -> str:
    if not relative:
        return base
    if not base:
        return relative
    return base + relative if relative.startswith("[") else f"{base}.{relative}"


def _strip_repeat(base: str, relative: str) -> str:
    """Join a value's own error path to where the value lies in the document.

    A constructor names its fields from its own point of view (``card.name`` for a
    CardType, ``deck.copies`` for a DeckEntry); drop that first segment when the
    document path already ends with it.
    """
    last = base.rsplit(".", 1)[-1].split("[", 1)[0]
    head, dot, rest = relative.partition(".")
    if dot and head == last:
        return _join(base, rest)
    return _join(base, relative)


def _message(error: BaseException) -> str:
    """The words for one error that structuring met."""
    if isinstance(error, GuardaError):
        return error.message
    if isinstance(error, ForbiddenExtraKeysError):
        extra = sorted(str(key) for key in error.extra_fields)
        return "unknown field" + ("s " if len(extra) > 1 else " ") + ", ".join(extra)
    if isinstance(error, KeyError):
        return "missing required field"
    if isinstance(error, RecursionError):
        return "the data is nested too deeply"
    return f"invalid value ({type(error).__name__}: {error})"


def _path(at: str, error: BaseException) -> str:
    """The path of one error, given where cattrs met it."""
    if isinstance(error, DocumentError):
        return _join(at, error.path)
    if isinstance(error, GuardaError):
        return _strip_repeat(at, error.path) if error.path else at
    if isinstance(error, ForbiddenExtraKeysError):
        return _join(at, min(str(key) for key in error.extra_fields))
    return at


class _Formatter:
    """The formatter given to `cattrs.transform_error`: words for each error, in order."""

    def __init__(self) -> None:
        self.errors: list[BaseException] = []

    def __call__(self, error: BaseException, _: object) -> str:
        self.errors.append(error)
        return _message(error)


def document_error(error: BaseException, root: str = "", suffix: str = "") -> DocumentError:
    """The [DocumentError][guarda.errors.DocumentError] for what structuring raised.

    `cattrs.transform_error` walks the errors cattrs collected; the first is reported,
    with its path and ruling, and how many more there are.

    Args:
        error: What the converter raised.
        root: Where the data lies (``"data"`` in a document; ``""`` for the data root).
        suffix: Words to add to the message, such as ``" (ply 3)"``.

    Returns:
        The error, whose ``path`` names the offending field from ``root``.

    Examples:
        >>> import guarda
        >>> try:
        ...     converter.structure({"type": "Defend", "cards": ["V1", 5]}, guarda.Action)
        ... except Exception as error:
        ...     str(document_error(error, "data"))
        'data.cards[1]: expected a string, not an integer 5'
    """
    formatter = _Formatter()
    lines = cattrs.transform_error(error, "$", formatter)
    at = lines[0].rpartition(" @ ")[2].removeprefix("$").removeprefix(".")
    first = formatter.errors[0]
    message = _message(first)
    if len(lines) > 1:
        more = len(lines) - 1
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    rule = first.rule if isinstance(first, GuardaError) else None
    path = _path(_join(root, at), first)
    return DocumentError(message + suffix, path=path or None, rule=rule)
