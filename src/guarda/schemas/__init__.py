"""JSON Schema (draft 2020-12) files for guarda documents, generated from the code.

The package ships one schema per document kind, ``guarda/schemas/<kind>.json``
(``record.json``, ``state.json``, ``view.json``, ``action.json``, ...), so programs in any
language can validate documents before sending them. [load][guarda.schemas.load] reads a
shipped file; [json_schema][guarda.schemas.json_schema] builds a kind's schema afresh by
walking the attrs classes and their type hints. Where a value's data is not the generic
one (cells, the random state, tagged unions, ...), the schema follows the same tables as
the converter that reads and writes documents. Regenerate the files after changing a
value class::

    python -m guarda.schemas          # rewrite the files
    python -m guarda.schemas --check  # exit 1 if a file is out of date

A schema checks a document's shape: types, required and unknown fields, tags, cell
names. Loading ([guarda.loads][guarda.loads]) also checks what a schema cannot express,
such as card names and the consistency of a state.

Examples:
    >>> json_schema("action")["properties"]["kind"]
    {'const': 'action'}
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import itertools
import json
import re
import sys
import textwrap
import types
import typing
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final

import attrs

from guarda._class_hooks import SPECIAL_FIELDS
from guarda._converter import SPECIAL_TYPES, TAGGED_UNIONS, converter
from guarda._documents import FORMAT, FORMAT_VERSION, KIND_TYPES, KINDS
from guarda.errors import ArgumentError, DocumentError

__all__ = ["DIALECT", "json_schema", "load", "main", "render", "write"]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
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
            docs[node.target.id] = _plain(" ".join(after.value.value.split()))
    return docs


_LINK: Final = re.compile(r"\[([^\]]+)\]\[[\w.]+\]")
"""A Markdown cross-reference of the API docs, ``[`Cell`][guarda.Cell]``."""


def _plain(text: str) -> str:
    """Docstring text for a schema description: cross-references become their label."""
    return _LINK.sub(r"\1", text)


def _summary(obj: object) -> str | None:
    doc = inspect.getdoc(obj)
    if not doc:
        return None
    return _plain(" ".join(doc.split("\n\n", 1)[0].split()))


_SIMPLE: Final = {int: "integer", str: "string", bool: "boolean", type(None): "null"}


class _Builder:
    """Builds one schema, collecting the named parts in ``defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, dict[str, Any]] = {}

    def ref(self, name: str, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        if name not in self.defs:
            self.defs[name] = {}  # reserve the name first: definitions may recurse
            self.defs[name] = make()
        return {"$ref": f"#/$defs/{name}"}

    def schema(self, tp: Any) -> dict[str, Any]:
        if typing.get_origin(tp) is typing.Annotated:  # a special type's generic object
            inner = typing.get_args(tp)[0]
            return self.ref(f"{inner.__name__}Fields", lambda: self.properties(inner, tag=False))
        if tp in _SIMPLE:
            return {"type": _SIMPLE[tp]}
        if tp in TAGGED_UNIONS:
            tagged = TAGGED_UNIONS[tp]
            return self.ref(tagged.name, lambda: self.tagged_union(tagged.members))
        if tp in SPECIAL_TYPES:
            special = SPECIAL_TYPES[tp]
            if special.named:
                return self.ref(tp.__name__, lambda: special.schema(self.schema))
            return special.schema(self.schema)
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
        hints = typing.get_type_hints(cls)
        docs = _field_docs(cls)
        properties: dict[str, Any] = {}
        required = []
        if tag:
            properties["type"] = {"const": cls.__name__}
            required.append("type")
        for field in attrs.fields(cls):
            special = SPECIAL_FIELDS.get((cls, field.name))
            if special is not None:
                schema = special.schema(self.schema)
            else:
                schema = dict(self.schema(hints[field.name]))
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


def json_schema(kind: str) -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) for documents of one kind, generated from the code.

    The shipped files ``guarda/schemas/<kind>.json`` are these schemas (see
    [load][guarda.schemas.load]). A schema checks a document's shape; loading also checks
    what a schema cannot say (card names, consistency of a state).

    Args:
        kind: A document kind: ``"config"``, ``"state"``, ``"action"``, ``"event"``,
            ``"view"``, ``"outcome"``, ``"record"`` or ``"seat-record"``.

    Returns:
        The schema, as JSON-compatible data.

    Raises:
        DocumentError: For an unknown kind.

    Examples:
        >>> json_schema("record")["required"]
        ['format', 'version', 'kind', 'data']
    """
    if kind not in KIND_TYPES:
        raise DocumentError(f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}")
    builder = _Builder()
    data = builder.schema(KIND_TYPES[kind])
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
    return json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n"


def load(kind: str) -> dict[str, Any]:
    """The shipped schema of a document kind.

    Args:
        kind: A document kind, as for [json_schema][guarda.schemas.json_schema].

    Returns:
        The schema.

    Raises:
        ArgumentError: For an unknown kind.

    Examples:
        >>> load("record")["properties"]["kind"]
        {'const': 'record'}
    """
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
