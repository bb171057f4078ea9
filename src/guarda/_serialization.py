"""Versioned JSON for every value: configurations, states, actions, events, views, records.

Two layers:

- **Data**: :func:`unstructure` turns a value into JSON-compatible data (dicts, lists,
  strings, integers, booleans, None) and :func:`structure` turns such data back, using
  the preconfigured cattrs :data:`converter`. Cells are names (``"c2"``), enums their
  values, card patterns lists of ``[column, row]`` pairs, and actions, events and win
  conditions carry their class name in a ``"type"`` field.
- **Documents**: :func:`dumps` and :func:`loads` (and :func:`to_document` /
  :func:`from_document` without the JSON text) wrap the data in an envelope
  ``{"format": "guarda", "version": 1, "kind": ..., "data": ...}``. The version lets
  later releases read today's documents (see :data:`MIGRATIONS`); a document of an
  unknown or newer version fails with :class:`UnsupportedVersionError`.

Loading never lets bad input through: malformed JSON, wrong types, unknown or missing
fields, values out of range and inconsistent states (see
:func:`guarda._consistency.check_state`) raise :class:`DocumentError`, whose ``path``
names the offending field, such as ``data.players[1].hand[0]``.

A full state holds every hidden card and the random state, and a record's seed decides
every shuffle: both are **secret** (R28), so :func:`dumps` exports them only when asked
with ``secrets=True``. Views and seat records are safe to send to their viewer.

Examples:
    >>> import guarda
    >>> from guarda._serialization import dumps, loads
    >>> text = dumps(guarda.Attack(("V2", "H1")))
    >>> text
    '{"format": "guarda", "version": 1, "kind": "action", "data": {"cards": ["H1", "V2"], "type": "Attack"}}'
    >>> loads(text, guarda.Action)
    Attack(cards=('H1', 'V2'))
"""  # noqa: E501

from __future__ import annotations

import enum
import functools
import json
import typing
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, TypeVar, overload

import attrs
import cattrs
from cattrs.errors import (
    BaseValidationError,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union

from guarda._actions import ACTION_TYPES, Action
from guarda._config import Config, WinCondition
from guarda._consistency import check_state
from guarda._events import EVENT_TYPES, Event
from guarda._geometry import Cell
from guarda._records import GameRecord, SeatRecord
from guarda._state import EventLog, GameState, Outcome
from guarda._views import PlayerView
from guarda.errors import (
    DocumentError,
    GuardaError,
    SecretsError,
    UnsupportedVersionError,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "KINDS",
    "MIGRATIONS",
    "converter",
    "dumps",
    "from_document",
    "json_schema",
    "kind_of",
    "loads",
    "migrate",
    "structure",
    "to_document",
    "unstructure",
]

T = TypeVar("T")

FORMAT: Final = "guarda"
"""The ``format`` field of every document."""

FORMAT_VERSION: Final = 1
"""The document format version this release writes (and the newest it reads)."""

_KIND_TYPES: Final[dict[str, Any]] = {
    "config": Config,
    "state": GameState,
    "action": Action,
    "event": Event,
    "view": PlayerView,
    "outcome": Outcome,
    "record": GameRecord,
    "seat-record": SeatRecord,
}

KINDS: Final = tuple(_KIND_TYPES)
"""Every document kind: what the ``data`` of a document holds."""

_SECRET_KINDS: Final = frozenset({"state", "record"})

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a document of version ``n`` into the same document in version ``n + 1``."""

MIGRATIONS: Final[Mapping[int, Migration]] = {}
"""Migration steps by the version they read: ``MIGRATIONS[n]`` turns a version-``n``
document into a version-``n + 1`` one. Empty while version 1 is the only version."""


# -- strict structure hooks --------------------------------------------------------------


_JSON_TYPES: Final = {
    dict: "an object",
    list: "an array",
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "a boolean",
    type(None): "null",
}


def _describe(value: object) -> str:
    kind = _JSON_TYPES.get(type(value), type(value).__name__)
    if isinstance(value, (dict, list, tuple)):
        return kind
    text = repr(value)
    return f"{kind} {text if len(text) <= 40 else text[:37] + '...'}"


def _structure_int(value: object, _: object) -> int:
    if type(value) is int:
        return value
    raise DocumentError(f"expected an integer, not {_describe(value)}")


def _structure_str(value: object, _: object) -> str:
    if type(value) is str:
        return value
    raise DocumentError(f"expected a string, not {_describe(value)}")


def _structure_bool(value: object, _: object) -> bool:
    if type(value) is bool:
        return value
    raise DocumentError(f"expected a boolean, not {_describe(value)}")


def _structure_cell(value: object, _: object) -> Cell:
    if type(value) is not str:
        raise DocumentError(f"expected a cell name such as 'a1', not {_describe(value)}")
    try:
        return Cell.parse(value)
    except GuardaError as error:
        raise DocumentError(error.message, rule="R8") from None


def _is_enum(tp: object) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


@functools.cache
def _enum_hook(cls: type[enum.Enum]) -> Callable[[object, object], enum.Enum]:
    return _enum_structure_factory(cls)


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    return _enum_hook(cls)(value, cls)


def _enum_structure_factory(cls: type[enum.Enum]) -> Callable[[object, object], enum.Enum]:
    members = {member.value: member for member in cls}
    value_type = type(next(iter(cls)).value)
    choices = ", ".join(repr(value) for value in members)

    def structure(value: object, _: object) -> enum.Enum:
        if type(value) is value_type and value in members:
            return members[value]
        raise DocumentError(f"expected one of {choices}, not {_describe(value)}")

    return structure


def _enum_unstructure(member: enum.Enum) -> Any:
    return member.value


def _is_tuple(tp: object) -> bool:
    return typing.get_origin(tp) is tuple


def _tuple_structure_factory(tp: Any) -> Callable[[object, object], tuple[Any, ...]]:
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return _homogeneous_structure(tp, args[0])
    return _fixed_structure(tp, args)


def _item_errors(
    value: list[Any] | tuple[Any, ...], hooks: Callable[[int], tuple[Any, Any]], tp: Any
) -> tuple[Any, ...]:
    result = []
    errors = []
    for index, item in enumerate(value):
        hook, item_type = hooks(index)
        try:
            result.append(hook(item, item_type))
        except Exception as error:  # collected, and reported with their path
            note = IterableValidationNote(f"Structuring {tp} @ index {index}", index, item_type)
            error.__notes__ = [*getattr(error, "__notes__", []), note]
            errors.append(error)
    if errors:
        raise IterableValidationError(f"While structuring {tp!r}", errors, tp)
    return tuple(result)


def _homogeneous_structure(tp: Any, item_type: Any) -> Callable[[object, object], tuple[Any, ...]]:
    fast = item_type if item_type in (str, int) else None
    hook: list[Any] = []

    def hooks(_: int) -> tuple[Any, Any]:
        if not hook:
            hook.append(converter.get_structure_hook(item_type))
        return hook[0], item_type

    def structure(value: object, _: object) -> tuple[Any, ...]:
        if type(value) is not list and type(value) is not tuple:
            raise DocumentError(f"expected an array, not {_describe(value)}")
        if fast is not None and all(type(item) is fast for item in value):
            return tuple(value)
        return _item_errors(value, hooks, tp)

    return structure


def _fixed_structure(
    tp: Any, args: tuple[Any, ...]
) -> Callable[[object, object], tuple[Any, ...]]:
    found: list[Any] = []

    def hooks(index: int) -> tuple[Any, Any]:
        if not found:
            found.extend(converter.get_structure_hook(arg) for arg in args)
        return found[index], args[index]

    def structure(value: object, _: object) -> tuple[Any, ...]:
        if type(value) is not list and type(value) is not tuple:
            raise DocumentError(f"expected an array, not {_describe(value)}")
        if len(value) != len(args):
            raise DocumentError(f"expected an array of {len(args)} items, not {len(value)}")
        return _item_errors(value, hooks, tp)

    return structure


def _tuple_unstructure_factory(tp: Any) -> Callable[[tuple[Any, ...]], list[Any]]:
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] in (str, int, bool):
            return list
        item = converter.get_unstructure_hook(args[0])
        return lambda value: [item(element) for element in value]
    hooks = [converter.get_unstructure_hook(arg) for arg in args]
    return lambda value: [hook(element) for hook, element in zip(hooks, value, strict=True)]


def _is_pattern(tp: object) -> bool:
    return tp == frozenset[tuple[int, int]]


def _structure_pattern(value: object, _: object) -> frozenset[tuple[int, int]]:
    pairs: tuple[tuple[int, int], ...] = _PAIRS(value, _PAIRS_TYPE)
    return frozenset(pairs)


def _unstructure_pattern(value: frozenset[tuple[int, int]]) -> list[list[int]]:
    return [list(pair) for pair in sorted(value)]


def _structure_rng(value: object, _: object) -> int:
    if type(value) is not str or len(value) != 16 or value.strip("0123456789abcdef"):
        raise DocumentError(f"expected 16 lower-case hex digits, not {_describe(value)}")
    return int(value, 16)


def _unstructure_rng(value: int) -> str:
    return f"{value:016x}"


def _attrs_structure_factory(cls: type[Any]) -> Callable[[object, object], Any]:
    inner = make_dict_structure_fn(cls, converter, **_STRUCTURE_OVERRIDES.get(cls, {}))
    name = cls.__name__

    def structure(value: object, _: object) -> Any:
        if type(value) is not dict:
            raise DocumentError(f"expected an object ({name}), not {_describe(value)}")
        return inner(value, cls)

    return structure


def _tagged_union(union: Any, members: tuple[type, ...], label: str) -> None:
    configure_tagged_union(union, converter, tag_name="type")
    inner = converter.get_structure_hook(union)
    names = frozenset(member.__name__ for member in members)

    def structure(value: object, _: object) -> Any:
        if type(value) is not dict:
            raise DocumentError(f"expected an object ({label}), not {_describe(value)}")
        if "type" not in value:
            raise DocumentError(f"missing the {label} type", path="type")
        tag = value["type"]
        if type(tag) is not str or tag not in names:
            shown = repr(tag) if type(tag) is str else _describe(tag)
            raise DocumentError(f"unknown {label} type {shown}", path="type")
        return inner(value, union)

    converter.register_structure_hook(union, structure)


def _structure_log(value: object, _: object) -> EventLog:
    return EventLog(_EVENTS(value, tuple[Event, ...]))


def _unstructure_log(log: EventLog) -> list[Any]:
    hook = _EVENT_UNSTRUCTURE
    return [hook(event) for event in log]


def _structure_record(value: object, _: object) -> GameRecord:
    if type(value) is not dict:
        raise DocumentError(f"expected an object (GameRecord), not {_describe(value)}")
    raw = value.get("actions", [])
    record: GameRecord = _RECORD_BASE(
        {k: v for k, v in value.items() if k != "actions"}, GameRecord
    )
    if type(raw) is not list:
        raise DocumentError(f"expected an array, not {_describe(raw)}", path="actions")
    actions = []
    action_hook = converter.get_structure_hook(Action)
    for index, item in enumerate(raw):
        try:
            if type(item) is str:
                from guarda._notation import parse_action

                actions.append(parse_action(item, record.config))
            else:
                actions.append(action_hook(item, Action))
        except Exception as error:
            raise _translate(error, f"actions[{index}]", f" (ply {index + 1})") from error
    return attrs.evolve(record, actions=tuple(actions))


def _make_converter() -> cattrs.Converter:
    made = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    made.register_structure_hook(int, _structure_int)
    made.register_structure_hook(str, _structure_str)
    made.register_structure_hook(bool, _structure_bool)
    # Dispatch goes by class first, so str and int enums need their own hooks, or the
    # str and int hooks above would take them.
    for base in (enum.StrEnum, enum.IntEnum):
        made.register_structure_hook(base, _structure_enum)
        made.register_unstructure_hook(base, _enum_unstructure)
    made.register_structure_hook(Cell, _structure_cell)
    made.register_unstructure_hook(Cell, lambda cell: cell.name)
    made.register_structure_hook_factory(_is_enum, _enum_structure_factory)
    made.register_unstructure_hook_factory(_is_enum, lambda _: _enum_unstructure)
    made.register_structure_hook_factory(_is_tuple, _tuple_structure_factory)
    made.register_unstructure_hook_factory(_is_tuple, _tuple_unstructure_factory)
    made.register_structure_hook_func(_is_pattern, _structure_pattern)
    made.register_unstructure_hook_func(_is_pattern, _unstructure_pattern)
    made.register_structure_hook_factory(attrs.has, _attrs_structure_factory)
    return made


converter: Final = _make_converter()
"""The preconfigured cattrs converter behind :func:`unstructure` and :func:`structure`.

Strict: integers, strings and booleans must have exactly that JSON type, arrays must be
arrays, unknown fields are refused, and errors carry detailed paths.
"""

_STRUCTURE_OVERRIDES: Final[dict[type, dict[str, Any]]] = {
    GameState: {"rng": override(struct_hook=_structure_rng)},
}
_PAIRS_TYPE: Final = tuple[tuple[int, int], ...]
_PAIRS: Final = converter.get_structure_hook(_PAIRS_TYPE)
_tagged_union(WinCondition, typing.get_args(WinCondition), "win condition")
_tagged_union(Action, ACTION_TYPES, "action")
_tagged_union(Event, EVENT_TYPES, "event")
_EVENTS: Final = converter.get_structure_hook(tuple[Event, ...])
_EVENT_UNSTRUCTURE: Final = converter.get_unstructure_hook(Event)
converter.register_structure_hook(EventLog, _structure_log)
converter.register_unstructure_hook(EventLog, _unstructure_log)
converter.register_unstructure_hook(
    GameState,
    make_dict_unstructure_fn(GameState, converter, rng=override(unstruct_hook=_unstructure_rng)),
)
_RECORD_BASE: Final = _attrs_structure_factory(GameRecord)
converter.register_structure_hook(GameRecord, _structure_record)


# -- error translation -------------------------------------------------------------------


def _join(base: str, relative: str | None) -> str:
    if not relative:
        return base
    if not base:
        return relative
    return base + relative if relative.startswith("[") else f"{base}.{relative}"


def _leaves(error: BaseException, path: str) -> Iterator[tuple[str, BaseException]]:
    if isinstance(error, (ClassValidationError, IterableValidationError)):
        noted, others = error.group_exceptions()
        for sub, note in noted:
            if isinstance(note, IterableValidationNote):
                yield from _leaves(sub, f"{path}[{note.index}]")
            else:
                yield from _leaves(sub, _join(path, note.name))
        for sub in others:
            yield from _leaves(sub, path)
    elif isinstance(error, BaseValidationError):
        for sub in error.exceptions:
            yield from _leaves(sub, path)
    else:
        yield path, error


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


def _translate(error: BaseException, root: str, suffix: str = "") -> DocumentError:
    """The :class:`DocumentError` for an error raised while structuring data at ``root``."""
    leaves = list(_leaves(error, root))
    if not leaves:  # pragma: no cover - an empty exception group
        return DocumentError(f"invalid data{suffix}", path=root or None)
    path, leaf = leaves[0]
    rule = None
    if isinstance(leaf, DocumentError):
        message, path, rule = leaf.message, _join(path, leaf.path), leaf.rule
    elif isinstance(leaf, GuardaError):
        message, rule = leaf.message, leaf.rule
        path = _strip_repeat(path, leaf.path) if leaf.path else path
    elif isinstance(leaf, ForbiddenExtraKeysError):
        extra = sorted(str(key) for key in leaf.extra_fields)
        message = "unknown field" + ("s " if len(extra) > 1 else " ") + ", ".join(extra)
        path = _join(path, extra[0])
    elif isinstance(leaf, KeyError):
        message = "missing required field"
    elif isinstance(leaf, RecursionError):
        message = "the data is nested too deeply"
    else:
        message = f"invalid value ({type(leaf).__name__}: {leaf})"
    if len(leaves) > 1:
        more = len(leaves) - 1
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return DocumentError(message + suffix, path=path or None, rule=rule)


# -- data ----------------------------------------------------------------------------------


def kind_of(value: object) -> str:
    """The document kind of a value: one of :data:`KINDS`.

    Raises:
        DocumentError: If the value has no document kind.

    Examples:
        >>> import guarda
        >>> kind_of(guarda.modern()), kind_of(guarda.Pass())
        ('config', 'action')
    """
    if isinstance(value, ACTION_TYPES):
        return "action"
    if isinstance(value, EVENT_TYPES):
        return "event"
    for kind, cls in _KIND_TYPES.items():
        if isinstance(cls, type) and isinstance(value, cls):
            return kind
    raise DocumentError(f"no document kind holds a {type(value).__name__}", path="value")


def _kind_of_class(cls: object) -> str:
    if cls is Action or cls in ACTION_TYPES:
        return "action"
    if cls is Event or cls in EVENT_TYPES:
        return "event"
    for kind, known in _KIND_TYPES.items():
        if cls is known:
            return kind
    raise DocumentError(f"no document kind holds {cls!r}", path="cls")


def _check_secrets(kind: str, secrets: bool) -> None:
    if kind in _SECRET_KINDS and not secrets:
        what = "a full state" if kind == "state" else "a full record (its seed decides every card)"
        raise SecretsError(
            f"{what} holds hidden cards and the random state: pass secrets=True to export "
            "it, or send a view or a seat record instead",
            rule="R28",
            path="secrets",
        )


def unstructure(value: Any, *, secrets: bool = False) -> Any:
    """JSON-compatible data for a value (no document envelope).

    Args:
        value: A configuration, state, action, event, view, outcome, record or seat
            record, or any part of one (a cell, a player state, ...).
        secrets: Must be True for a full state or record (R28).

    Returns:
        Dicts, lists, strings, integers, booleans and None only.

    Raises:
        SecretsError: For a state or a record without ``secrets=True``.

    Examples:
        >>> import guarda
        >>> unstructure(guarda.Move(guarda.Direction.NORTH, ("V1",)))
        {'direction': 'N', 'cards': ['V1'], 'type': 'Move'}
    """
    try:
        kind = kind_of(value)
    except DocumentError:
        return converter.unstructure(value)
    _check_secrets(kind, secrets)
    return converter.unstructure(value, unstructure_as=_KIND_TYPES[kind])


@overload
def structure(data: Any, cls: type[T]) -> T: ...
@overload
def structure(data: Any, cls: Any) -> Any: ...
def structure(data: Any, cls: Any) -> Any:
    """The value of type ``cls`` that ``data`` describes (the inverse of :func:`unstructure`).

    A :class:`~guarda._state.GameState` is checked with
    :func:`~guarda._consistency.check_state`. Pass :data:`guarda.Action` or
    :data:`guarda.Event` for any action or event.

    Args:
        data: JSON-compatible data.
        cls: The type to build.

    Returns:
        The value.

    Raises:
        DocumentError: If the data is malformed or the value invalid; ``path`` names the
            offending field from the data root (such as ``players[1].hand[0]``).

    Examples:
        >>> import guarda
        >>> structure({"type": "Attack", "cards": ["V2"]}, guarda.Action)
        Attack(cards=('V2',))
        >>> structure({"type": "Attack", "cards": "V2"}, guarda.Action)
        Traceback (most recent call last):
        ...
        guarda.errors.DocumentError: cards: expected an array, not a string 'V2'
    """
    return _structure(data, cls, "")


def _structure(data: Any, cls: Any, root: str) -> Any:
    try:
        value = converter.structure(data, cls)
    except Exception as error:
        raise _translate(error, root) from error
    if isinstance(value, GameState):
        try:
            check_state(value)
        except GuardaError as error:
            raise DocumentError(
                error.message, path=_join(root, error.path), rule=error.rule
            ) from error
    elif isinstance(value, PlayerView):
        _check_view(value, root)
    return value


def _check_view(view: PlayerView, root: str) -> None:
    count = view.config.players
    problems = (
        (len(view.players) != count, "players", f"give one player per seat ({count})"),
        (view.player is not None and not 0 <= view.player < count, "player", "no such player"),
        (view.actor is not None and not 0 <= view.actor < count, "actor", "no such player"),
        (not 0 <= view.turn < count, "turn", "no such player"),
    )
    for failed, path, message in problems:
        if failed:
            raise DocumentError(message, path=_join(root, path))
    cells: set[Cell] = set()
    for index, player in enumerate(view.players):
        cell = player.position
        if cell is not None and (not cell.is_on(view.config.size) or cell in cells):
            raise DocumentError(
                f"{cell} is off the field or taken twice",
                path=_join(root, f"players[{index}].position"),
                rule="R8",
            )
        if cell is not None:
            cells.add(cell)


# -- documents -----------------------------------------------------------------------------


def to_document(value: Any, *, secrets: bool = False, notation: bool = False) -> dict[str, Any]:
    """The document for a value: ``{"format", "version", "kind", "data"}``.

    Args:
        value: A value of one of the :data:`KINDS`.
        secrets: Must be True to export a full state or record (R28).
        notation: For a record: store the actions as notation strings
            (:func:`guarda._notation.format_action`) instead of objects.

    Returns:
        The document, as JSON-compatible data.

    Raises:
        SecretsError: For a state or a record without ``secrets=True``.
        DocumentError: If the value has no document kind, or ``notation`` is asked for
            another kind than a record.

    Examples:
        >>> import guarda
        >>> to_document(guarda.Pass())
        {'format': 'guarda', 'version': 1, 'kind': 'action', 'data': {'type': 'Pass'}}
    """
    kind = kind_of(value)
    data = unstructure(value, secrets=secrets)
    if notation:
        if kind != "record":
            raise DocumentError("only records store actions in notation", path="notation")
        from guarda._notation import format_action

        data["actions"] = [format_action(action) for action in value.actions]
    return {"format": FORMAT, "version": FORMAT_VERSION, "kind": kind, "data": data}


def migrate(document: dict[str, Any]) -> dict[str, Any]:
    """Bring a document of an older format version up to :data:`FORMAT_VERSION`.

    Applies :data:`MIGRATIONS` one version step at a time, in order.

    Raises:
        UnsupportedVersionError: If the version is newer than this release or unknown.
    """
    version = document.get("version")
    if type(version) is not int:
        raise DocumentError(f"expected an integer, not {_describe(version)}", path="version")
    if version > FORMAT_VERSION:
        raise UnsupportedVersionError(
            f"format version {version} is newer than this release reads "
            f"({FORMAT_VERSION}): upgrade guarda",
            path="version",
        )
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise UnsupportedVersionError(f"unknown format version {version}", path="version")
        document = step(document)
        version += 1
    return document


@overload
def from_document(document: Any, cls: type[T]) -> T: ...
@overload
def from_document(document: Any, cls: Any = None) -> Any: ...
def from_document(document: Any, cls: Any = None) -> Any:
    """The value a document holds (the inverse of :func:`to_document`).

    Args:
        document: A document as JSON-compatible data.
        cls: The expected type (such as :class:`~guarda._state.GameState` or
            :data:`guarda.Action`), or None to accept any kind.

    Returns:
        The value.

    Raises:
        UnsupportedVersionError: For a newer or unknown format version.
        DocumentError: For anything else wrong; ``path`` names the field.
    """
    if type(document) is not dict:
        raise DocumentError(f"a document is an object, not {_describe(document)}")
    extra = sorted(set(document) - {"format", "version", "kind", "data"})
    if extra:
        raise DocumentError(f"unknown field {extra[0]}", path=str(extra[0]))
    for key in ("format", "version", "kind", "data"):
        if key not in document:
            raise DocumentError("missing required field", path=key)
    if document["format"] != FORMAT:
        raise DocumentError(
            f"not a guarda document: format {_describe(document['format'])}", path="format"
        )
    document = migrate(document)
    kind = document["kind"]
    if type(kind) is not str or kind not in _KIND_TYPES:
        raise DocumentError(
            f"unknown kind {_describe(kind)}: expected one of {', '.join(KINDS)}", path="kind"
        )
    if cls is not None and _kind_of_class(cls) != kind:
        raise DocumentError(
            f"expected a {_kind_of_class(cls)} document, not a {kind} document", path="kind"
        )
    value = _structure(document["data"], _KIND_TYPES[kind], "data")
    if isinstance(cls, type) and not isinstance(value, cls):
        raise DocumentError(
            f"expected {cls.__name__}, not {type(value).__name__}", path="data.type"
        )
    return value


def dumps(
    value: Any, *, secrets: bool = False, notation: bool = False, indent: int | None = None
) -> str:
    """The JSON text of a value's document (see :func:`to_document`).

    Args:
        value: A value of one of the :data:`KINDS`.
        secrets: Must be True to export a full state or record (R28).
        notation: For a record: store the actions as notation strings.
        indent: Indentation for readable output; None for one line.

    Returns:
        The JSON text.

    Raises:
        SecretsError: For a state or a record without ``secrets=True``.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> dumps(state)
        Traceback (most recent call last):
        ...
        guarda.errors.SecretsError: secrets: a full state holds hidden cards ...
        >>> loads(dumps(state, secrets=True), guarda.GameState) == state
        True
    """
    document = to_document(value, secrets=secrets, notation=notation)
    return json.dumps(document, indent=indent, ensure_ascii=False, allow_nan=False)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class _DuplicateKeyError(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Refuse duplicate keys: JSON readers disagree on which one wins."""
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(f"the field {key!r} appears twice in one object")
        result[key] = value
    return result


@overload
def loads(text: str | bytes, cls: type[T]) -> T: ...
@overload
def loads(text: str | bytes, cls: Any = None) -> Any: ...
def loads(text: str | bytes, cls: Any = None) -> Any:
    """The value of a JSON document (the inverse of :func:`dumps`).

    Args:
        text: The JSON text.
        cls: The expected type (such as :class:`~guarda._state.GameState` or
            :data:`guarda.Action`), or None to accept any kind.

    Returns:
        The value.

    Raises:
        UnsupportedVersionError: For a newer or unknown format version.
        DocumentError: For malformed JSON or any invalid field; ``path`` names it.

    Examples:
        >>> loads('{"format": "guarda", "version": 2, "kind": "action", "data": {}}')
        Traceback (most recent call last):
        ...
        guarda.errors.UnsupportedVersionError: version: format version 2 is newer ...
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise DocumentError(f"expected JSON text, not {type(text).__name__}")
    try:
        document = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except _DuplicateKeyError as error:
        raise DocumentError(str(error)) from None
    except RecursionError:
        raise DocumentError("the JSON is nested too deeply") from None
    except ValueError as error:
        raise DocumentError(f"not valid JSON: {error}") from None
    return from_document(document, cls)


def json_schema(kind: str) -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) for documents of one kind, generated from the code.

    The shipped files ``guarda/schemas/<kind>.json`` are these schemas; regenerate them
    with ``python -m guarda.schemas``. A schema checks a document's shape; loading also
    checks what a schema cannot say (card names, consistency of a state).

    Args:
        kind: One of :data:`KINDS`.

    Returns:
        The schema.

    Raises:
        DocumentError: For an unknown kind.

    Examples:
        >>> json_schema("action")["properties"]["kind"]
        {'const': 'action'}
    """
    from guarda.schemas import generate

    if kind not in _KIND_TYPES:
        raise DocumentError(f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}")
    return generate(kind, _KIND_TYPES[kind])
