"""Documents: versioned JSON for every value (configurations, states, actions, events, ...).

Every value is written as a **document**, an envelope
``{"format": "guarda", "version": 2, "kind": ..., "data": ...}``:

- [dumps][guarda._documents.dumps] and [loads][guarda._documents.loads] (exported as
  [guarda.dumps][guarda.dumps] and [guarda.loads][guarda.loads]) write and read the JSON
  text; `to_document` and
  [from_document][guarda._documents.from_document] do the same without the text, and
  [unstructure][guarda._documents.unstructure] and [structure][guarda._documents.structure]
  handle the ``data`` part alone.
- The **kind** says what the data holds (one of `KINDS`).
- The **version** lets later releases read today's documents: older ones are brought up
  to date by [MIGRATIONS][guarda._documents.MIGRATIONS]; a newer or unknown one fails with
  [UnsupportedVersionError][guarda.errors.UnsupportedVersionError].
- A full state holds every hidden card and the random state, and a record's seed decides
  every shuffle: both are **secret** (R28) and are written only with ``secrets=True``.

Loading never lets bad input through: malformed JSON, wrong types, unknown or missing
fields, values out of range and inconsistent states raise
[DocumentError][guarda.errors.DocumentError], whose ``path`` names the offending field,
such as ``data.players[1].hand[0]``.

Examples:
    >>> import guarda
    >>> text = guarda.dumps(guarda.Attack(("V2", "H1")))
    >>> text
    '{"format":"guarda","version":2,"kind":"action","data":{"cards":["H1","V2"],"type":"Attack"}}'
    >>> guarda.loads(text, guarda.Action)
    Attack(cards=('H1', 'V2'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar, overload

import orjson

from guarda import _json, _reader
from guarda._actions import ACTION_TYPES, Action
from guarda._config import Config
from guarda._consistency import check_state
from guarda._converter import converter
from guarda._converter import structure as structure_data
from guarda._document_errors import describe
from guarda._events import EVENT_TYPES, Event
from guarda._geometry import Cell
from guarda._notation import format_action
from guarda._records import GameRecord, SeatRecord
from guarda._state import GameState, Outcome
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
    "KIND_TYPES",
    "MIGRATIONS",
    "Migration",
    "dumps",
    "from_document",
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

FORMAT_VERSION: Final = 2
"""The document format version this release writes (and the newest it reads).

Version 2 writes a ruleset that a preset makes as the preset's call
(``{"preset": "modern", "players": 2}``); version 1 always gave every field."""

KIND_TYPES: Final[Mapping[str, Any]] = {
    "config": Config,
    "state": GameState,
    "action": Action,
    "event": Event,
    "view": PlayerView,
    "outcome": Outcome,
    "record": GameRecord,
    "seat-record": SeatRecord,
}
"""The type of the data of each document kind."""

KINDS: Final = tuple(KIND_TYPES)
"""Every document kind: what the ``data`` of a document holds."""

_MISSING: Final = object()
"""No value read yet."""

_SECRET_KINDS: Final = frozenset({"state", "record"})

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a document of version ``n`` into the same document in version ``n + 1``."""


def _from_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: a version-1 document reads the same in version 2, which only adds
    the preset form of a ruleset."""
    return {**document, "version": 2}


MIGRATIONS: Final[dict[int, Migration]] = {1: _from_version_1}
"""Migration steps by the version they read: ``MIGRATIONS[n]`` turns a version-``n``
document into a version-``n + 1`` one."""


# -- kinds and secrets ---------------------------------------------------------------------


def kind_of(value: object) -> str:
    """The document kind of a value: one of `KINDS`.

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
    for kind, cls in KIND_TYPES.items():
        if isinstance(cls, type) and isinstance(value, cls):
            return kind
    raise DocumentError(f"no document kind holds a {type(value).__name__}", path="value")


def _kind_of_class(cls: object) -> str:
    if cls is Action or cls in ACTION_TYPES:
        return "action"
    if cls is Event or cls in EVENT_TYPES:
        return "event"
    for kind, known in KIND_TYPES.items():
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


# -- data ----------------------------------------------------------------------------------


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
    return _reader.write(value, KIND_TYPES[kind])


@overload
def structure(data: Any, cls: type[T]) -> T: ...
@overload
def structure(data: Any, cls: Any) -> Any: ...
def structure(data: Any, cls: Any) -> Any:
    """The value of type ``cls`` that ``data`` describes (the inverse of
    [unstructure][guarda._documents.unstructure]).

    A [GameState][guarda.GameState] is checked with
    [check_state][guarda._consistency.check_state]. Pass [guarda.Action][guarda.Action]
    or [guarda.Event][guarda.Event] for any action or event.

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
    return _structure(data, cls, "", parsed=False)


def _join(root: str, path: str | None) -> str | None:
    if not root:
        return path
    if not path:
        return root
    return root + path if path.startswith("[") else f"{root}.{path}"


def _structure(data: Any, cls: Any, root: str, *, parsed: bool) -> Any:
    value = _MISSING
    if parsed:
        try:
            value = _reader.read(data, cls)
        except Exception:  # read again by the converters, which explain what is wrong
            value = _MISSING
    if value is _MISSING:
        value = structure_data(data, cls, root, parsed=parsed)
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
        value: A value of one of the `KINDS`.
        secrets: Must be True to export a full state or record (R28).
        notation: For a record: store the actions as notation strings
            ([guarda.format_action][guarda.format_action]) instead of objects.

    Returns:
        The document, as JSON-compatible data.

    Raises:
        SecretsError: For a state or a record without ``secrets=True``.
        DocumentError: If the value has no document kind, or ``notation`` is asked for
            another kind than a record.

    Examples:
        >>> import guarda
        >>> to_document(guarda.Pass())
        {'format': 'guarda', 'version': 2, 'kind': 'action', 'data': {'type': 'Pass'}}
    """
    return _document(value, secrets, notation, text=False)


def _document(value: Any, secrets: bool, notation: bool, *, text: bool) -> dict[str, Any]:
    """[to_document][guarda._documents.to_document]; with ``text``, the document is only
    for ``orjson.dumps`` and its configuration may be its kept text (an ``orjson.Fragment``,
    see [guarda._reader.write][guarda._reader.write])."""
    kind = kind_of(value)
    _check_secrets(kind, secrets)
    data = _reader.write(value, KIND_TYPES[kind], text=text)
    if notation:
        if kind != "record":
            raise DocumentError("only records store actions in notation", path="notation")
        data["actions"] = [format_action(action) for action in value.actions]
    return {"format": FORMAT, "version": FORMAT_VERSION, "kind": kind, "data": data}


def migrate(document: dict[str, Any]) -> dict[str, Any]:
    """Bring a document of an older format version up to
    [FORMAT_VERSION][guarda._documents.FORMAT_VERSION].

    Applies [MIGRATIONS][guarda._documents.MIGRATIONS] one version step at a time, in
    order.

    Raises:
        UnsupportedVersionError: If the version is newer than this release or unknown.
    """
    version = document.get("version")
    if type(version) is not int:
        raise DocumentError(f"expected an integer, not {describe(version)}", path="version")
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
    """The value a document holds (the inverse of `to_document`).

    Args:
        document: A document as JSON-compatible data.
        cls: The expected type (such as [guarda.GameState][guarda.GameState] or
            [guarda.Action][guarda.Action]), or None to accept any kind.

    Returns:
        The value.

    Raises:
        UnsupportedVersionError: For a newer or unknown format version.
        DocumentError: For anything else wrong; ``path`` names the field.
    """
    return _from_document(document, cls, parsed=False)


def _from_document(document: Any, cls: Any, *, parsed: bool) -> Any:
    if type(document) is not dict:
        raise DocumentError(f"a document is an object, not {describe(document)}")
    extra = sorted(set(document) - {"format", "version", "kind", "data"})
    if extra:
        raise DocumentError(f"unknown field {extra[0]}", path=str(extra[0]))
    for key in ("format", "version", "kind", "data"):
        if key not in document:
            raise DocumentError("missing required field", path=key)
    if document["format"] != FORMAT:
        raise DocumentError(
            f"not a guarda document: format {describe(document['format'])}", path="format"
        )
    document = migrate(document)
    kind = document["kind"]
    if type(kind) is not str or kind not in KIND_TYPES:
        raise DocumentError(
            f"unknown kind {describe(kind)}: expected one of {', '.join(KINDS)}", path="kind"
        )
    if cls is not None and _kind_of_class(cls) != kind:
        raise DocumentError(
            f"expected a {_kind_of_class(cls)} document, not a {kind} document", path="kind"
        )
    value = _structure(document["data"], KIND_TYPES[kind], "data", parsed=parsed)
    if isinstance(cls, type) and not isinstance(value, cls):
        raise DocumentError(
            f"expected {cls.__name__}, not {type(value).__name__}", path="data.type"
        )
    return value


def dumps(
    value: Any, *, secrets: bool = False, notation: bool = False, indent: int | None = None
) -> str:
    """The JSON text of a value's document: its kind, the format version and the data.

    Args:
        value: A [`Config`][guarda.Config], [`GameState`][guarda.GameState], action, event,
            [`PlayerView`][guarda.PlayerView], [`Outcome`][guarda.Outcome],
            [`GameRecord`][guarda.GameRecord] or [`SeatRecord`][guarda.SeatRecord].
        secrets: Must be True to export a full state or record (R28).
        notation: For a record: store the actions as notation strings.
        indent: Indentation for readable output; None for one compact line.

    Returns:
        The JSON text.

    Raises:
        SecretsError: For a state or a record without ``secrets=True``.
        DocumentError: If the value has no document kind, or a text field of it holds a
            lone surrogate (which no JSON text can hold).

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
    if indent is None:
        # The configuration's kept text goes in as it is (guarda._config_text).
        try:
            return orjson.dumps(_document(value, secrets, notation, text=True)).decode()
        except orjson.JSONEncodeError:
            pass  # an integer beyond 64 bits or a lone surrogate: _json.write handles it
    return _json.write(to_document(value, secrets=secrets, notation=notation), indent=indent)


@overload
def loads(text: str | bytes, cls: type[T]) -> T: ...
@overload
def loads(text: str | bytes, cls: Any = None) -> Any: ...
def loads(text: str | bytes, cls: Any = None) -> Any:
    """The value of a JSON document (the inverse of [dumps][guarda._documents.dumps]).

    Args:
        text: The JSON text.
        cls: The expected type (such as [guarda.GameState][guarda.GameState] or
            [guarda.Action][guarda.Action]), or None to accept any kind.

    Returns:
        The value.

    Raises:
        UnsupportedVersionError: For a newer or unknown format version.
        DocumentError: For malformed JSON or any invalid field (``path`` names it), a text
            longer than ``MAX_DOCUMENT_SIZE`` or nesting
            deeper than ``MAX_DEPTH``.

    Examples:
        >>> loads('{"format": "guarda", "version": 3, "kind": "action", "data": {}}')
        Traceback (most recent call last):
        ...
        guarda.errors.UnsupportedVersionError: version: format version 3 is newer ...
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise DocumentError(f"expected JSON text, not {type(text).__name__}")
    _json.check_size(text)
    document = _json.read_fast(text)
    if document is not None:
        try:
            return _from_document(document, cls, parsed=True)
        except GuardaError:
            pass  # read again below: the reference reader's data and its exact errors
    return _from_document(_json.read(text), cls, parsed=False)
