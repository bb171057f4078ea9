"""The wire protocol: reading client messages strictly, and writing server messages.

Every message is one JSON object with a ``type``. A client sends ``hello`` first (which
game, which seat by its secret token, or none to watch), then ``act``, ``build``,
``ack`` and ``ping``; the server sends ``welcome``, ``update``, ``accepted``,
``choices``, ``refused``, ``error`` and ``pong``. The JSON Schema of each message
ships in ``guarda/server/schemas/``.

Reading is strict: a message longer than the limit, text that is not JSON, a value of
the wrong type, a missing or an unknown field is a
[`MessageError`][guarda.MessageError] whose ``path`` names the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

import attrs
import orjson

import guarda
from guarda.errors import GuardaError, MessageError

__all__ = [
    "CHOICE_KEYS",
    "PROTOCOL_VERSION",
    "Ack",
    "Act",
    "Build",
    "ClientMessage",
    "Hello",
    "Ping",
    "decode_action",
    "encode",
    "error_data",
    "read_message",
]

PROTOCOL_VERSION: Final = 1
"""The protocol version a ``hello`` must name, and every ``welcome`` carries."""

_IDENTIFIER: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""Game identifiers and tokens: URL-safe base64 characters."""

MAX_ACTION_TEXT: Final = 1_024
"""The longest action in notation a client may send."""

MAX_REF: Final = 64
"""The longest ``ref`` (a client's own label for a request, echoed back)."""

CHOICE_KEYS: Final = ("kind", "card", "direction", "cell", "distance", "orientation")
"""What one step of a ``build`` message may choose, each its own key: the action's kind
(an action document's ``type``, such as ``"Attack"``), a card name, a direction
(``"N"``), a cell (``"b3"``), a distance (an integer) or an orientation
(``"offensive"``)."""

MAX_CHOSEN: Final = 128
"""The most steps a ``build`` message may hold."""

MAX_CHOICE_TEXT: Final = 32
"""The longest text of one step (a card name, a cell, ...)."""


@attrs.frozen
class Hello:
    """``hello``: join a game as a seat (with its token) or as a spectator."""

    game: str
    token: str | None
    since: int | None
    svg: bool


@attrs.frozen
class Act:
    """``act``: play an action, made for the position after ``ply`` actions."""

    ply: int
    action: str | dict[str, Any]
    ref: str | int | None


@attrs.frozen
class Build:
    """``build``: what may be chosen next after a partial choice of an action, for the
    position after ``ply`` actions (answered by ``choices``)."""

    ply: int
    chosen: tuple[tuple[str, str | int], ...]
    """The steps chosen so far, in order: each a key of
    [`CHOICE_KEYS`][guarda.server._protocol.CHOICE_KEYS] and its value."""
    ref: str | int | None


@attrs.frozen
class Ack:
    """``ack``: the client holds the first ``events`` events of the game."""

    events: int


@attrs.frozen
class Ping:
    """``ping``: answered by ``pong``."""

    ref: str | int | None


ClientMessage = Hello | Act | Build | Ack | Ping
"""Any message a client may send."""

_FIELDS: Final[Mapping[str, tuple[frozenset[str], frozenset[str]]]] = {
    # type: (required fields, optional fields), besides "type"
    "hello": (frozenset({"protocol", "game"}), frozenset({"token", "since", "svg"})),
    "act": (frozenset({"ply", "action"}), frozenset({"ref"})),
    "build": (frozenset({"ply", "chosen"}), frozenset({"ref"})),
    "ack": (frozenset({"events"}), frozenset()),
    "ping": (frozenset(), frozenset({"ref"})),
}


def _count(message: Mapping[str, Any], key: str, *, optional: bool = False) -> int | None:
    value = message.get(key)
    if value is None and optional:
        return None
    if type(value) is not int or value < 0 or value > 2**53:
        raise MessageError(f"expected a count (an integer from 0), not {value!r}", path=key)
    return value


def _ref(message: Mapping[str, Any]) -> str | int | None:
    ref = message.get("ref")
    if ref is None:
        return None
    if (type(ref) is str and len(ref) <= MAX_REF) or (type(ref) is int and abs(ref) <= 2**53):
        return ref
    raise MessageError(f"a ref is a string of at most {MAX_REF} characters or an integer")


def _identifier(message: Mapping[str, Any], key: str, *, optional: bool = False) -> str | None:
    value = message.get(key)
    if value is None and optional:
        return None
    if type(value) is not str or not _IDENTIFIER.fullmatch(value):
        raise MessageError("expected 1 to 64 letters, digits, '-' or '_'", path=key)
    return value


def _step(item: object, index: int) -> tuple[str, str | int]:
    """One step of a ``build`` message: an object with one key of ``CHOICE_KEYS``."""
    path = f"chosen[{index}]"
    if type(item) is not dict or len(item) != 1:
        raise MessageError(
            f"a step is an object with one key: {', '.join(CHOICE_KEYS)}", path=path
        )
    ((key, value),) = item.items()
    if key not in CHOICE_KEYS:
        raise MessageError(f"unknown step {key!r}: expected {', '.join(CHOICE_KEYS)}", path=path)
    if key == "distance":
        if type(value) is not int or not 1 <= value <= 2**16:
            raise MessageError("a distance is an integer from 1", path=f"{path}.distance")
    elif type(value) is not str or not 0 < len(value) <= MAX_CHOICE_TEXT:
        raise MessageError(
            f"expected a string of 1 to {MAX_CHOICE_TEXT} characters", path=f"{path}.{key}"
        )
    return key, value


def read_message(text: str | bytes, limit: int) -> ClientMessage:
    """Read one client message, strictly.

    Args:
        text: The message as received.
        limit: The longest message allowed, in bytes.

    Returns:
        The message.

    Raises:
        MessageError: If the message is too long, not a JSON object, of an unknown type,
            or has a missing, unknown or malformed field (``path`` names it).

    Examples:
        >>> read_message('{"type": "act", "ply": 3, "action": "pass"}', 1000)
        Act(ply=3, action='pass', ref=None)
        >>> read_message('{"type": "build", "ply": 3, "chosen": [{"kind": "Attack"}]}', 1000)
        Build(ply=3, chosen=(('kind', 'Attack'),), ref=None)
        >>> read_message('{"type": "act", "ply": -1, "action": "pass"}', 1000)
        Traceback (most recent call last):
        ...
        guarda.errors.MessageError: ply: expected a count (an integer from 0), not -1
    """
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise MessageError(f"the message has {size} bytes, more than {limit}", path="message")
    try:
        message = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise MessageError(f"not JSON: {error}", path="message") from None
    if type(message) is not dict:
        raise MessageError("a message is a JSON object", path="message")
    kind = message.get("type")
    if type(kind) is not str or kind not in _FIELDS:
        raise MessageError(
            f"unknown message type {kind!r}: expected one of {', '.join(_FIELDS)}", path="type"
        )
    required, optional = _FIELDS[kind]
    missing = sorted(required - message.keys())
    if missing:
        raise MessageError("missing required field", path=missing[0])
    unknown = sorted(message.keys() - required - optional - {"type"})
    if unknown:
        raise MessageError(f"unknown field of a {kind} message", path=unknown[0])
    if kind == "hello":
        if message["protocol"] != PROTOCOL_VERSION or type(message["protocol"]) is not int:
            raise MessageError(
                f"this server speaks protocol version {PROTOCOL_VERSION}", path="protocol"
            )
        svg = message.get("svg", False)
        if type(svg) is not bool:
            raise MessageError("expected true or false", path="svg")
        game = _identifier(message, "game")
        assert game is not None
        return Hello(
            game=game,
            token=_identifier(message, "token", optional=True),
            since=_count(message, "since", optional=True),
            svg=svg,
        )
    if kind == "act":
        ply = _count(message, "ply")
        assert ply is not None
        action = message["action"]
        if type(action) is str:
            if len(action) > MAX_ACTION_TEXT:
                raise MessageError("the action's notation is too long", path="action")
        elif type(action) is not dict:
            raise MessageError(
                "an action is notation (a string) or an action document (an object)",
                path="action",
            )
        return Act(ply=ply, action=action, ref=_ref(message))
    if kind == "build":
        ply = _count(message, "ply")
        assert ply is not None
        chosen = message["chosen"]
        if type(chosen) is not list or len(chosen) > MAX_CHOSEN:
            raise MessageError(f"expected an array of at most {MAX_CHOSEN} steps", path="chosen")
        steps = tuple(_step(item, index) for index, item in enumerate(chosen))
        return Build(ply=ply, chosen=steps, ref=_ref(message))
    if kind == "ack":
        events = _count(message, "events")
        assert events is not None
        return Ack(events=events)
    return Ping(ref=_ref(message))


def decode_action(action: str | dict[str, Any]) -> guarda.Action:
    """The action of an ``act`` message: notation, or an action document.

    Raises:
        GuardaError: A [`NotationError`][guarda.NotationError] or a
            [`DocumentError`][guarda.DocumentError] whose path starts with ``action``.

    Examples:
        >>> decode_action("attack V2 X")
        Attack(cards=('V2', 'X'))
        >>> decode_action({"format": "guarda", "version": 1, "kind": "action",
        ...                "data": {"type": "Pass"}})
        Pass()
    """
    try:
        if isinstance(action, str):
            return guarda.parse_action(action)
        loaded: guarda.Action = guarda.loads(orjson.dumps(action), guarda.Action)
    except GuardaError as error:
        error.path = "action" if error.path is None else f"action.{error.path}"
        raise
    return loaded


def error_data(error: GuardaError) -> dict[str, Any]:
    """The ``error`` object of a ``refused`` or ``error`` message.

    Examples:
        >>> error_data(guarda.IllegalActionError("no", rule="R13", path="action"))
        {'class': 'IllegalActionError', 'message': 'no', 'path': 'action', 'rule': 'R13'}
    """
    return {
        "class": type(error).__name__,
        "message": error.message,
        "path": error.path,
        "rule": error.rule,
    }


def encode(message: Mapping[str, Any]) -> str:
    """The JSON text of a server message (documents inside may be ``orjson.Fragment``).

    Examples:
        >>> encode({"type": "pong", "ref": None})
        '{"type":"pong","ref":null}'
    """
    return orjson.dumps(message).decode("utf-8")
