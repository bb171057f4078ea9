"""The strict cattrs converter: every value to JSON-compatible data and back.

[converter][guarda._converter.converter] turns a value into data made of dicts, lists,
strings, integers, booleans and None, and such data back into a value. The generic
rules are cattrs' own: an attrs class is an object with one field per attribute, a tuple
an array, an enumeration its value. Where those do not fit, the data is described once,
in the tables [SPECIAL_TYPES][guarda._converter.SPECIAL_TYPES],
[SPECIAL_FIELDS][guarda._class_hooks.SPECIAL_FIELDS] and
[TAGGED_UNIONS][guarda._converter.TAGGED_UNIONS]: the converter's hooks come from them,
and so does the JSON Schema generator ([guarda.schemas][guarda.schemas]).

Structuring is strict: integers, strings and booleans must have exactly that JSON type,
arrays must be arrays, unknown fields are refused. [structure][guarda._converter.structure]
builds a value or raises one [DocumentError][guarda.errors.DocumentError], whose ``path``
names the offending field (``players[1].hand[0]``): cattrs' detailed validation collects
what went wrong and [document_error][guarda._document_errors.document_error] reports it.

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
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs
import orjson

from guarda._actions import ACTION_TYPES, Action
from guarda._class_hooks import (
    Special,
    attrs_structure_factory,
    class_structure,
    class_unstructure,
    known_fields,
)
from guarda._config import Config, WinCondition
from guarda._config_hooks import config_schema, config_structure, config_unstructure
from guarda._document_errors import describe, document_error
from guarda._events import EVENT_TYPES, Event
from guarda._geometry import Cell
from guarda._notation import parse_action
from guarda._records import GameRecord
from guarda._state import EventLog
from guarda._strict_hooks import (
    StructureHook,
    UnstructureHook,
    enum_value,
    is_optional,
    is_tuple,
    optional_structure_factory,
    structure_bool,
    structure_enum,
    structure_int,
    structure_str,
    tuple_structure_factory,
    tuple_unstructure_factory,
)
from guarda.errors import DocumentError, GuardaError

__all__ = [
    "SPECIAL_TYPES",
    "TAGGED_UNIONS",
    "TaggedUnion",
    "config_fields",
    "converter",
    "fast_converter",
    "structure",
    "structure_cell",
]


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


# -- the hooks of the special types ---------------------------------------------------------


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


SPECIAL_TYPES: Final[Mapping[Any, Special]] = {
    Config: Special(
        schema=config_schema,
        structure=config_structure,
        unstructure=config_unstructure,
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


# -- the converters ------------------------------------------------------------------------


def _tagged_union(made: cattrs.Converter, union: Any, tagged: TaggedUnion) -> None:
    """One hook each way: the tag picks the class's own cattrs function directly."""
    # Per tag: the class's function, and what the fast converter checks instead of cattrs
    # (see known_fields): the fields allowed besides the tag, and when every field is
    # required, their count with the tag (cattrs reads each required field, so a count
    # does it). No fields: cattrs checks them itself, and the tag must go.
    readers: dict[str, tuple[StructureHook, frozenset[str] | None, int]] = {}
    for member in tagged.members:
        known = known_fields(member, made)
        required = all(field.default is attrs.NOTHING for field in attrs.fields(member))
        size = len(known) + 1 if known is not None and required else -1
        allowed = None if known is None else known | {"type"}
        readers[member.__name__] = (class_structure(member, made), allowed, size)
    writers = {member: class_unstructure(member, made) for member in tagged.members}
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
    fields = attrs_structure_factory(GameRecord, made)
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
    made.register_structure_hook(int, structure_int)
    made.register_structure_hook(str, structure_str)
    made.register_structure_hook(bool, structure_bool)
    # Hooks go by class first: the int and str hooks would also take the int and str
    # enumerations, so the one enumeration hook each way is given for each base class.
    for base in (enum.Enum, enum.IntEnum, enum.StrEnum):
        made.register_structure_hook(base, structure_enum)
        made.register_unstructure_hook(base, enum_value)
    made.register_structure_hook_factory(is_tuple, tuple_structure_factory)
    made.register_structure_hook_factory(is_optional, optional_structure_factory)
    made.register_unstructure_hook_factory(is_tuple, tuple_unstructure_factory)
    made.register_structure_hook_factory(attrs.has, attrs_structure_factory)
    made.register_unstructure_hook_factory(attrs.has, class_unstructure)
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
[document_error][guarda._document_errors.document_error]).
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
        _CONFIG_FIELDS.append(class_unstructure(Config, converter))
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
