"""JSON Schema (draft 2020-12) files for guarda documents, generated from the code.

The package ships one schema per document kind, ``guarda/schemas/<kind>.json``
(``record.json``, ``state.json``, ``view.json``, ``action.json``, ...), so programs in any
language can validate documents before sending them. :func:`load` reads a shipped file;
:func:`generate` builds a schema afresh by walking the attrs classes and their type
hints. Regenerate the files after changing a value class::

    python -m guarda.schemas          # rewrite the files
    python -m guarda.schemas --check  # exit 1 if a file is out of date

A schema checks a document's shape: types, required and unknown fields, tags, cell
names. Loading (:func:`guarda._serialization.loads`) also checks what a schema cannot
express, such as card names and the consistency of a state.
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import itertools
import json
import sys
import textwrap
import types
import typing
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

__all__ = ["DIALECT", "generate", "load", "main", "render", "write"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema."""


@functools.cache
def _field_docs(cls: type) -> dict[str, str]:
    """The docstrings written under each field of an attrs class, by field name."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):  # pragma: no cover - no source available
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs = {}
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = " ".join(after.value.value.split())
    return docs


def _summary(obj: object) -> str | None:
    doc = inspect.getdoc(obj)
    if not doc:
        return None
    return " ".join(doc.split("\n\n", 1)[0].split())


class _Builder:
    """Builds one schema, collecting the named parts in ``defs``."""

    def __init__(self) -> None:
        from guarda._actions import ACTION_TYPES, Action
        from guarda._config import WinCondition
        from guarda._events import EVENT_TYPES, Event
        from guarda._geometry import Cell
        from guarda._records import GameRecord, SeatRecord
        from guarda._state import EventLog, GameState

        self.defs: dict[str, dict[str, Any]] = {}
        self.tagged: dict[Any, tuple[str, tuple[type, ...]]] = {
            Action: ("Action", ACTION_TYPES),
            Event: ("Event", EVENT_TYPES),
            WinCondition: ("WinCondition", typing.get_args(WinCondition)),
        }
        self.cell = Cell
        self.log = EventLog
        self.event = Event
        self.fields: dict[tuple[type, str], typing.Callable[[], dict[str, Any]]] = {
            (GameState, "rng"): lambda: {
                "type": "string",
                "pattern": "^[0-9a-f]{16}$",
                "description": "The random state as 16 hex digits (secret from everyone, R28).",
            },
            (GameRecord, "date"): _date,
            (SeatRecord, "date"): _date,
            (GameRecord, "actions"): lambda: {
                "type": "array",
                "items": {
                    "anyOf": [
                        self.schema(Action),
                        {"type": "string", "description": "An action in action notation."},
                    ]
                },
                "description": "Every action, in order, as objects or in action notation.",
            },
        }

    def ref(self, name: str, make: typing.Callable[[], dict[str, Any]]) -> dict[str, Any]:
        if name not in self.defs:
            self.defs[name] = {}  # reserve the name first: definitions may recurse
            self.defs[name] = make()
        return {"$ref": f"#/$defs/{name}"}

    def schema(self, tp: Any) -> dict[str, Any]:
        simple = {int: "integer", str: "string", bool: "boolean", type(None): "null"}
        if tp in simple:
            return {"type": simple[tp]}
        if tp in self.tagged:
            name, members = self.tagged[tp]
            return self.ref(name, lambda: self.tagged_union(members))
        origin = typing.get_origin(tp)
        if origin is typing.Union or origin is types.UnionType:
            return {"anyOf": [self.schema(arg) for arg in typing.get_args(tp)]}
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.schema(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.schema(arg) for arg in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin is frozenset:
            return {"type": "array", "items": self.schema(typing.get_args(tp)[0])}
        if tp is self.cell:
            return self.ref(
                "Cell",
                lambda: {
                    "type": "string",
                    "pattern": "^[a-z][1-9][0-9]*$",
                    "description": "A cell name: a column letter and a row number, a1 "
                    "being the south-west corner (R8).",
                },
            )
        if tp is self.log:
            return {"type": "array", "items": self.schema(self.event)}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return self.ref(tp.__name__, lambda: self.enum(tp))
        if isinstance(tp, type) and attrs.has(tp):
            return self.object(tp, tag=False)
        raise TypeError(f"no schema for {tp!r}")  # pragma: no cover - a new kind of field

    def tagged_union(self, members: tuple[type, ...]) -> dict[str, Any]:
        """One of several classes, told apart by the class name in ``type``.

        Written as one ``if``/``then`` per class rather than ``oneOf``: a validator then
        checks a value against its own class only, and reports that class's errors.
        """
        names = [member.__name__ for member in members]
        return {
            "type": "object",
            "properties": {"type": {"enum": names}},
            "required": ["type"],
            "allOf": [
                {
                    "if": {"properties": {"type": {"const": name}}, "required": ["type"]},
                    "then": self.object(member, tag=True),
                }
                for name, member in zip(names, members, strict=True)
            ],
        }

    def enum(self, cls: type[enum.Enum]) -> dict[str, Any]:
        result: dict[str, Any] = {"enum": [member.value for member in cls]}
        summary = _summary(cls)
        if summary:
            result["description"] = summary
        return result

    def object(self, cls: type, *, tag: bool) -> dict[str, Any]:
        return self.ref(cls.__name__, lambda: self.properties(cls, tag=tag))

    def properties(self, cls: type, *, tag: bool) -> dict[str, Any]:
        from guarda._serialization import converter

        hints = typing.get_type_hints(cls)
        docs = _field_docs(cls)
        properties: dict[str, Any] = {}
        required = []
        if tag:
            properties["type"] = {"const": cls.__name__}
            required.append("type")
        for field in attrs.fields(cls):
            special = self.fields.get((cls, field.name))
            schema = special() if special is not None else dict(self.schema(hints[field.name]))
            if field.name in docs and "description" not in schema:
                schema["description"] = docs[field.name]
            if field.default is attrs.NOTHING:
                required.append(field.name)
            elif not isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                schema["default"] = converter.unstructure(
                    field.default, unstructure_as=hints[field.name]
                )
            properties[field.name] = schema
        result: dict[str, Any] = {"type": "object"}
        summary = _summary(cls)
        if summary:
            result["description"] = summary
        result.update(properties=properties, required=required, additionalProperties=False)
        return result


def _date() -> dict[str, Any]:
    return {
        "anyOf": [{"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}, {"type": "null"}],
        "default": None,
        "description": "The date the game was played, YYYY-MM-DD.",
    }


def generate(kind: str, cls: Any) -> dict[str, Any]:
    """The schema of a document of ``kind`` whose data is a ``cls``.

    Use :func:`guarda._serialization.json_schema`, which knows each kind's class.

    Args:
        kind: The document kind.
        cls: The class of the document's data.

    Returns:
        The schema, as JSON-compatible data.
    """
    from guarda._serialization import FORMAT, FORMAT_VERSION

    builder = _Builder()
    data = builder.schema(cls)
    return {
        "$schema": DIALECT,
        "$id": f"urn:guarda:schema:{kind}:v{FORMAT_VERSION}",
        "title": f"guarda {kind} document",
        "description": f"A guarda document of kind {kind!r}, format version {FORMAT_VERSION}.",
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": FORMAT_VERSION},
            "kind": {"const": kind},
            "data": data,
        },
        "required": ["format", "version", "kind", "data"],
        "additionalProperties": False,
        "$defs": dict(sorted(builder.defs.items())),
    }


def render(kind: str) -> str:
    """The text of the schema file of ``kind``, as shipped."""
    from guarda._serialization import json_schema

    return json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n"


def load(kind: str) -> dict[str, Any]:
    """The shipped schema of a document kind.

    Args:
        kind: One of :data:`guarda._serialization.KINDS`.

    Returns:
        The schema.

    Raises:
        ArgumentError: For an unknown kind.

    Examples:
        >>> load("record")["properties"]["kind"]
        {'const': 'record'}
    """
    from guarda._serialization import KINDS
    from guarda.errors import ArgumentError

    if kind not in KINDS:
        raise ArgumentError(f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}")
    text = resources.files(__name__).joinpath(f"{kind}.json").read_text(encoding="utf-8")
    result: dict[str, Any] = json.loads(text)
    return result


def write(directory: Path | None = None) -> list[Path]:
    """Write every schema file into ``directory`` (default: this package's directory).

    Returns:
        The files whose text changed.
    """
    from guarda._serialization import KINDS

    target = Path(__file__).parent if directory is None else directory
    changed = []
    for kind in KINDS:
        path = target / f"{kind}.json"
        text = render(kind)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate the shipped schema files; with ``--check``, only report stale ones."""
    from guarda._serialization import KINDS

    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--check"]:
        here = Path(__file__).parent
        stale = [
            kind
            for kind in KINDS
            if not (here / f"{kind}.json").exists()
            or (here / f"{kind}.json").read_text(encoding="utf-8") != render(kind)
        ]
        for kind in stale:
            print(f"out of date: {kind}.json")
        return 1 if stale else 0
    if args:
        print("usage: python -m guarda.schemas [--check]", file=sys.stderr)
        return 2
    for path in write():
        print(f"wrote {path}")
    return 0
