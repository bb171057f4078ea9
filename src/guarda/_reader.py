"""The fast reader: values from data straight from a JSON parser, for the common case.

[read][guarda._reader.read] builds the same value as the strict converter
([guarda._converter.converter][guarda._converter.converter]) or refuses; it never
explains why. A caller reads refused data again with the converters, which accept or
refuse it with the detailed error, so the fast reader only has to be exact where it
answers: every check of the converters is made here too (integers that are not
booleans, strings, arrays, enumeration values, cell names, exactly the known fields),
only with less work per value.

For each attrs class, one reading function is written once, from the class's own fields
(names and types, never from the data), the way attrs writes its ``__init__``: it looks
each field up, checks its type inline and makes the instance: inline, as the class's
[maker][guarda._construct.maker] would, where that makes the same value, else by calling
the class. A document that
leaves out fields that have defaults takes a slower path through the same checks. Types
without a rule here (rulesets, records, card patterns) are read by the fast converter's
own hooks.

Examples:
    >>> import guarda
    >>> read({"type": "Move", "direction": "N", "cards": ["V1"]}, guarda.Action)
    Move(direction=<Direction.NORTH: 'N'>, cards=('V1',))
    >>> read({"type": "Move", "direction": "N", "cards": [True]}, guarda.Action)
    Traceback (most recent call last):
    ...
    guarda._reader.Refused
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable
from typing import Any, Final

import attrs
import orjson

from guarda._class_hooks import SPECIAL_FIELDS
from guarda._config import Config
from guarda._config_text import kept
from guarda._construct import making
from guarda._converter import SPECIAL_TYPES, TAGGED_UNIONS, converter, structure_cell
from guarda._converter import fast_converter as _fast
from guarda._events import Event
from guarda._geometry import Cell
from guarda._log_text import log_text
from guarda._records import GameRecord
from guarda._state import EventLog
from guarda._strict_hooks import is_optional

__all__ = ["Refused", "read", "write"]

Reader = Callable[[Any], Any]
"""Builds a value from data, or raises."""


class Refused(Exception):  # noqa: N818 (not an error: the converters read the data instead)
    """The fast reader does not take this data: read it with the converters."""


_DELEGATED: Final = frozenset({Config, GameRecord})
"""Classes read by the fast converter's own hook (a ruleset is read once and
remembered; a record's actions may be notation, read with its ruleset)."""

_CELLS: Final[dict[str, Cell]] = {}
"""Cells by name, as documents met them (at most _CELLS_KEPT)."""

_CELLS_KEPT: Final = 4096


def _cell(name: str) -> Cell:
    """The cell of a name the fast reader has not met yet (the converter's rule)."""
    cell = structure_cell(name, Cell)
    if len(_CELLS) < _CELLS_KEPT:
        _CELLS[name] = cell
    return cell


_READERS: Final[dict[Any, Reader]] = {}
"""Each type's reader, made at its first use."""


def read(data: Any, cls: Any) -> Any:
    """The value of type ``cls`` that data from a JSON parser describes.

    Args:
        data: Dicts, lists, strings, integers, floats, booleans and None only.
        cls: The type to build.

    Returns:
        The value, equal to what the strict converter builds from the same data.

    Raises:
        Exception: Anything (often [Refused][guarda._reader.Refused]) when the data is
            not one the fast reader takes: read it again with the converters.
    """
    reader = _READERS.get(cls)
    if reader is None:
        reader = _reader(cls)
    return reader(data)


def _reader(tp: Any) -> Reader:
    made = _READERS.get(tp)
    if made is None:
        made = _make_reader(tp)
        _READERS[tp] = made
    return made


class _Source:
    """Python source of a reading function, and the names it uses."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {"Refused": Refused, "_CELLS": _CELLS, "_cell": _cell}

    def name(self, value: Any) -> str:
        """A global name for a value the function uses."""
        for key, known in self.names.items():
            if known is value:
                return key
        key = f"_g{len(self.names)}"
        self.names[key] = value
        return key

    def function(self, lines: list[str], name: str) -> Reader:
        """The function ``name`` that the lines define (source made from types only)."""
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), self.names, namespace)
        function: Reader = namespace[name]
        return function


def _homogeneous_item(tp: Any) -> Any:
    """The item type of ``tuple[X, ...]``, or None."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return None


def _check(tp: Any, var: str, source: _Source) -> list[str]:
    """Lines that check ``var`` holds data of ``tp`` and rebind it to the value."""
    if tp in (int, str, bool):
        return [f"if type({var}) is not {tp.__name__}: raise Refused"]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        members = source.name({member.value: member for member in tp})
        value_type = source.name(type(next(iter(tp)).value))
        return [
            f"{var} = {members}.get({var}) if type({var}) is {value_type} else None",
            f"if {var} is None: raise Refused",
        ]
    if tp is Cell:
        return [
            f"if type({var}) is not str: raise Refused",
            f"_c = _CELLS.get({var})",
            f"{var} = _cell({var}) if _c is None else _c",
        ]
    if is_optional(tp):
        inner = _check(typing.get_args(tp)[0], var, source)
        return [f"if {var} is not None:", *(f"    {line}" for line in inner)]
    item = _homogeneous_item(tp)
    if item in (str, int):
        only = source.name(frozenset({item}))
        return [
            f"if type({var}) is not list or ({var} and set(map(type, {var})) != {only}):",
            "    raise Refused",
            f"{var} = tuple({var})",
        ]
    return [f"{var} = {source.name(_reader(tp))}({var})"]


def _make_reader(tp: Any) -> Reader:
    if tp in TAGGED_UNIONS:
        return _union_reader(tp)
    if tp is EventLog:
        events = _reader(tuple[Event, ...])
        return lambda value: EventLog(events(value))
    if attrs.has(tp) and tp not in _DELEGATED and tp not in SPECIAL_TYPES:
        return _class_reader(tp, None)
    item = _homogeneous_item(tp)
    if item in TAGGED_UNIONS:  # the hot case: the event log
        by_tag = _members(item)

        def read_tagged(value: Any) -> tuple[Any, ...]:
            if type(value) is not list:
                raise Refused
            # Anything but a dict fails at item["type"] or in the member's reader.
            return tuple([by_tag[item["type"]](item) for item in value])

        return read_tagged
    if item is not None and item not in SPECIAL_TYPES:
        source = _Source()
        lines = ["def read(value):", "    if type(value) is not list: raise Refused"]
        lines += ["    result = []", "    for item in value:"]
        lines += [f"        {line}" for line in _check(item, "item", source)]
        lines += ["        result.append(item)", "    return tuple(result)"]
        return source.function(lines, "read")
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple and Ellipsis not in args and tp not in SPECIAL_TYPES:
        source = _Source()
        count = len(args)
        lines = ["def read(value):", f"    if type(value) is not list or len(value) != {count}:"]
        names = "".join(f"v{i}, " for i in range(count))
        lines += ["        raise Refused", f"    {names}= value"]
        for index, arg in enumerate(args):
            lines += [f"    {line}" for line in _check(arg, f"v{index}", source)]
        lines.append(f"    return ({names})")
        return source.function(lines, "read")
    if tp is Cell or is_optional(tp) or tp in (int, str, bool) or _is_enum(tp):
        source = _Source()
        lines = ["def read(value):", *(f"    {line}" for line in _check(tp, "value", source))]
        return source.function([*lines, "    return value"], "read")
    hook = _fast.get_structure_hook(tp)
    return lambda value: hook(value, tp)


def _is_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def _field_reader(cls: type[Any], field: attrs.Attribute[Any]) -> Reader:
    """The reader of one field alone (for the slow path)."""
    special = SPECIAL_FIELDS.get((cls, field.name))
    if special is not None and special.structure is not None:
        hook = special.structure(_fast)
        return lambda value: hook(value, field.type)
    return _reader(field.type)


def _class_reader(cls: type[Any], tag: str | None) -> Reader:
    """The reader of an attrs class; ``tag``: its data also holds ``"type": tag``, and is
    read through a reader by tag, which took ``value["type"]`` (so it is a dict)."""
    attrs.resolve_types(cls)
    fields = [field for field in attrs.fields(cls) if field.init]
    source = _Source()
    size = len(fields) + (tag is not None)
    lines = ["def read(value):"]
    if tag is None:
        lines.append("    if type(value) is not dict: raise Refused")
    lines.append(f"    if len(value) != {size}: return slow(value)")
    for index, field in enumerate(fields):
        var = f"v{index}"
        lines.append(f"    {var} = value[{field.name!r}]")
        special = SPECIAL_FIELDS.get((cls, field.name))
        if special is not None and special.structure is not None:
            hook = source.name(_field_reader(cls, field))
            lines.append(f"    {var} = {hook}({var})")
        else:
            lines += [f"    {line}" for line in _check(field.type, var, source)]
    values = [f"v{index}" for index in range(len(fields))]
    if _is_plain(cls, fields):
        lines += [f"    {line}" for line in making(cls, values, "made", source.name)]
        lines.append("    return made")
    else:
        if any(field.kw_only for field in fields):
            arguments = ", ".join(f"{f.alias}={v}" for f, v in zip(fields, values, strict=True))
        else:
            arguments = ", ".join(values)
        lines.append(f"    return {source.name(cls)}({arguments})")
    source.names["slow"] = _slow_reader(cls, fields, tag)
    return source.function(lines, "read")


def _is_plain(cls: type[Any], fields: list[attrs.Attribute[Any]]) -> bool:
    """Whether an instance made as its [maker][guarda._construct.maker] makes one is the
    value the class makes: no field converts or validates, and the class has no
    ``__attrs_post_init__``."""
    plain = all(field.converter is None and field.validator is None for field in fields)
    return plain and not hasattr(cls, "__attrs_post_init__") and not any(f.kw_only for f in fields)


def _slow_reader(cls: type[Any], fields: list[attrs.Attribute[Any]], tag: str | None) -> Reader:
    """Data that leaves out fields with defaults: the same checks, field by field."""
    readers = [(field.name, str(field.alias), _field_reader(cls, field)) for field in fields]
    known = frozenset(field.name for field in fields) | ({"type"} if tag is not None else set())
    required = frozenset(field.name for field in fields if field.default is attrs.NOTHING)

    def read(value: dict[str, Any]) -> Any:
        keys = value.keys()
        if not keys <= known or not required <= keys:
            raise Refused
        given = {alias: reader(value[name]) for name, alias, reader in readers if name in value}
        return cls(**given)

    return read


def _members(union: Any) -> dict[str, Reader]:
    """The reader of each member of a tagged union, by its tag."""
    return {
        member.__name__: _class_reader(member, member.__name__)
        for member in TAGGED_UNIONS[union].members
    }


def _union_reader(union: Any) -> Reader:
    by_tag = _members(union)

    def read(value: Any) -> Any:
        if type(value) is not dict:
            raise Refused
        return by_tag[value["type"]](value)

    return read


# -- writing --------------------------------------------------------------------------------

Writer = Callable[[Any], Any]
"""Turns a value into data."""

_WRITERS: Final[dict[tuple[Any, bool], Writer]] = {}
"""Each type's writer, made at its first use, by type and mode (``text``)."""


def write(value: Any, cls: Any, *, text: bool = False) -> Any:
    """The data of a value of type ``cls``: what the converter's ``unstructure`` gives.

    The same data, made faster: for each attrs class, one function written once from the
    class's fields builds the dict directly, in the converter's key order.

    Args:
        value: The value.
        cls: Its type (or the union it is written as).
        text: The data is only for ``orjson.dumps``: a configuration and an event log in
            it may be their kept JSON text, an ``orjson.Fragment`` (see
            [guarda._config_text][] and [guarda._log_text][]), which orjson copies
            verbatim, the same text the data would give.

    Examples:
        >>> import guarda
        >>> write(guarda.Move(guarda.Direction.NORTH, ("V1",)), guarda.Action)
        {'direction': 'N', 'cards': ['V1'], 'type': 'Move'}
    """
    writer = _WRITERS.get((cls, text))
    if writer is None:
        writer = _writer(cls, text)
    return writer(value)


def _writer(tp: Any, text: bool) -> Writer:
    made = _WRITERS.get((tp, text))
    if made is None:
        made = _make_writer(tp, text)
        _WRITERS[tp, text] = made
    return made


def _expression(tp: Any, term: str, source: _Source, text: bool, depth: int = 0) -> str:
    """An expression for the data of ``term``, a value of ``tp``."""
    if tp in (int, str, bool):
        return term
    if _is_enum(tp):
        return f"{term}.value"
    if tp is Cell:
        return f"{term}.name"
    if is_optional(tp):
        inner = _expression(typing.get_args(tp)[0], f"_o{depth}", source, text, depth + 1)
        return f"(None if (_o{depth} := {term}) is None else {inner})"
    item = _homogeneous_item(tp)
    if item in (str, int):
        return f"list({term})"
    args = typing.get_args(tp)
    if item is not None and item not in SPECIAL_TYPES:
        name = f"_i{depth}"
        return f"[{_expression(item, name, source, text, depth + 1)} for {name} in {term}]"
    if typing.get_origin(tp) is tuple and Ellipsis not in args and tp not in SPECIAL_TYPES:
        items = ", ".join(
            _expression(arg, f"{term}[{index}]", source, text, depth)
            for index, arg in enumerate(args)
        )
        return f"[{items}]"
    return f"{source.name(_writer(tp, text))}({term})"


def _make_writer(tp: Any, text: bool) -> Writer:
    if tp in TAGGED_UNIONS:
        writers = _member_writers(tp)
        return lambda value: writers[type(value)](value)
    if tp is EventLog:
        by_type = _member_writers(Event)

        def chunk_data(events: Any) -> list[Any]:
            return [by_type[type(item)](item) for item in events]

        if text:
            return lambda log: _log_fragment(log, chunk_data)
        return chunk_data  # a log iterates over its events, oldest first
    if text and tp is Config:
        return _config_fragment
    if attrs.has(tp) and tp not in _DELEGATED and tp not in SPECIAL_TYPES:
        return _class_writer(tp, None, text)
    hook = converter.get_unstructure_hook(tp)
    return hook


_CONFIG_DATA: Final = converter.get_unstructure_hook(Config)


def _config_fragment(config: Config) -> Any:
    """A configuration for ``orjson.dumps``: its kept text as a fragment, else its data
    (which keeps its text for the next time when it can)."""
    written = kept(config)
    if written is None:
        data = _CONFIG_DATA(config)
        written = kept(config)
        if written is None:
            return data
    return written.fragment


def _log_fragment(log: EventLog, chunk_data: Callable[[Any], list[Any]]) -> Any:
    """A log for ``orjson.dumps``: the kept texts of its chunks as one fragment (see
    [guarda._log_text][]), else its data."""
    text = log_text(log, chunk_data)
    if text is None:
        return chunk_data(log)
    return orjson.Fragment(text)


def _member_writers(union: Any) -> dict[type, Writer]:
    """The writer of each member of a tagged union, by class (made once). No member holds
    a configuration, so one writer serves both modes."""
    made = _MEMBER_WRITERS.get(union)
    if made is None:
        members = TAGGED_UNIONS[union].members
        made = {member: _class_writer(member, member.__name__, False) for member in members}
        _MEMBER_WRITERS[union] = made
    return made


_MEMBER_WRITERS: Final[dict[Any, dict[type, Writer]]] = {}
"""The writers of the members of each tagged union written so far."""


def _class_writer(cls: type[Any], tag: str | None, text: bool) -> Writer:
    """The writer of an attrs class; ``tag``: its data also holds ``"type": tag``."""
    attrs.resolve_types(cls)
    source = _Source()
    items = []
    for field in attrs.fields(cls):
        term = f"value.{field.name}"
        special = SPECIAL_FIELDS.get((cls, field.name))
        if special is not None and special.unstructure is not None:
            items.append(f"{field.name!r}: {source.name(special.unstructure(converter))}({term})")
        else:
            items.append(f"{field.name!r}: {_expression(field.type, term, source, text)}")
    if tag is not None:
        items.append(f"'type': {tag!r}")
    lines = ["def write(value):", f"    return {{{', '.join(items)}}}"]
    return source.function(lines, "write")
