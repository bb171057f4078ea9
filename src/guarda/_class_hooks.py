"""The data of attrs classes: an object with one field per attribute, save the fields
whose data is not the generic one for their type.

[SPECIAL_FIELDS][guarda._class_hooks.SPECIAL_FIELDS] describes those fields once, as
[Special][guarda._class_hooks.Special] entries (so does
[SPECIAL_TYPES][guarda._converter.SPECIAL_TYPES] for whole types): the class hooks here
use it, and so does the JSON Schema generator ([guarda.schemas][guarda.schemas]).

Examples:
    >>> _unstructure_rng(255)
    '00000000000000ff'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from guarda._actions import Action
from guarda._config import Config, Shuffle
from guarda._document_errors import describe
from guarda._records import GameRecord, SeatRecord
from guarda._state import GameState
from guarda._strict_hooks import StructureHook, UnstructureHook
from guarda.errors import DocumentError

__all__ = [
    "SPECIAL_FIELDS",
    "SchemaOf",
    "Special",
    "attrs_structure_factory",
    "class_structure",
    "class_unstructure",
    "known_fields",
]

SchemaOf = Callable[[Any], dict[str, Any]]
"""The JSON Schema of a type's data, as the schema generator gives it."""


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
    omit_default: bool = False
    """For a field: left out of the data when it holds its default (a field added
    later, so that documents written before it are written the same)."""


# -- the hooks of the special fields -------------------------------------------------------


def _structure_rng(value: object, _: object) -> int:
    if (
        type(value) is not str
        or len(value) not in (16, _WIDE_RNG)
        or value.strip("0123456789abcdef")
    ):
        raise DocumentError(
            f"expected 16 or {_WIDE_RNG} lower-case hex digits, not {describe(value)}"
        )
    return int(value, 16)


_WIDE_RNG: Final = 80
"""Hex digits of the SHA-256 generator's state (320 bits: key, then counter)."""
_RNG_64: Final = 1 << 64


def _unstructure_rng(value: int) -> str:
    return f"{value:016x}" if value < _RNG_64 else f"{value:080x}"


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


SPECIAL_FIELDS: Final[Mapping[tuple[type, str], Special]] = {
    (GameState, "rng"): Special(
        schema=lambda _: {
            "type": "string",
            "pattern": "^([0-9a-f]{16}|[0-9a-f]{80})$",
            "description": "The random state (secret from everyone, R28): 16 hex digits "
            "(SplitMix64), or 80 (SHA-256: the key, then the counter).",
        },
        structure=lambda _: _structure_rng,
        unstructure=lambda _: _unstructure_rng,
    ),
    # Read by the GameRecord hook of guarda._converter: notation needs the record's configuration.
    (GameRecord, "actions"): Special(schema=_record_actions_schema),
    # Checked by the records' constructors; the schema says it with a pattern.
    (GameRecord, "date"): Special(schema=_date_schema),
    (SeatRecord, "date"): Special(schema=_date_schema),
    # Left out when it is the default: rulesets written before it was added stay the same.
    (Config, "shuffle"): Special(schema=lambda schema_of: schema_of(Shuffle), omit_default=True),
}
"""Fields whose data is not the generic one for their type: a state's random state is 16
or 80 hex digits (a JSON number would lose precision in JavaScript), a record's actions
may be objects or action notation, a ruleset's shuffle is left out when it is the
default."""


# -- attrs classes, field by field ---------------------------------------------------------


def class_structure(cls: type[Any], made: cattrs.Converter) -> StructureHook:
    """cattrs' structuring of an attrs class from a dict, with the special fields."""
    fields: dict[str, Any] = {
        name: override(struct_hook=special.structure(made))
        for (owner, name), special in SPECIAL_FIELDS.items()
        if owner is cls and special.structure is not None
    }
    return make_dict_structure_fn(cls, made, **fields)


def known_fields(cls: type[Any], made: cattrs.Converter) -> frozenset[str] | None:
    """The fields a hook must check the data against; None where cattrs checks them.

    The fast converter lets cattrs skip its check for unknown fields: one subset test
    in the hook does the same.
    """
    if made.forbid_extra_keys:
        return None
    return frozenset(field.name for field in attrs.fields(cls))


def attrs_structure_factory(cls: type[Any], made: cattrs.Converter) -> StructureHook:
    inner = class_structure(cls, made)
    known = known_fields(cls, made)
    name = cls.__name__

    def structure(value: object, _: object) -> Any:
        if type(value) is not dict:
            raise DocumentError(f"expected an object ({name}), not {describe(value)}")
        if known is not None and not value.keys() <= known:
            raise DocumentError(f"unknown fields {sorted(value.keys() - known)}")
        return inner(value, cls)

    return structure


def class_unstructure(cls: type[Any], made: cattrs.Converter) -> UnstructureHook:
    fields: dict[str, Any] = {
        name: override(
            omit_if_default=special.omit_default or None,
            unstruct_hook=None if special.unstructure is None else special.unstructure(made),
        )
        for (owner, name), special in SPECIAL_FIELDS.items()
        if owner is cls and (special.unstructure is not None or special.omit_default)
    }
    return make_dict_unstructure_fn(cls, made, **fields)
