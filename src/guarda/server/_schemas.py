"""The JSON Schemas of the protocol's messages, shipped in ``guarda/server/schemas/``.

One schema (draft 2020-12) per message a client sends (``hello``, ``act``, ``build``,
``ack``, ``ping``), per message the server sends (``welcome``, ``update``, ``accepted``,
``choices``, ``refused``, ``error``, ``pong``) and per body of the HTTP API (``game-request``,
``game-created``, ``game-summary``). Where a message holds a guarda document (a view,
an event, a configuration, an action, a record), the schema refers to the document's
own schema by its ``$id`` (``urn:guarda:schema:view:v2``, ...), shipped in
``guarda/schemas/``.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from guarda.errors import ArgumentError

__all__ = ["CLIENT_MESSAGES", "HTTP_BODIES", "MESSAGES", "SERVER_MESSAGES", "load_schema"]

CLIENT_MESSAGES: Final = ("hello", "act", "build", "ack", "ping")
"""The messages a client sends."""

SERVER_MESSAGES: Final = (
    "welcome",
    "update",
    "accepted",
    "choices",
    "refused",
    "error",
    "pong",
)
"""The messages the server sends."""

HTTP_BODIES: Final = ("game-request", "game-created", "game-summary")
"""The JSON bodies of the HTTP API."""

MESSAGES: Final = CLIENT_MESSAGES + SERVER_MESSAGES + HTTP_BODIES
"""Every schema shipped, by name."""


def load_schema(name: str) -> dict[str, Any]:
    """The shipped JSON Schema of a protocol message or an HTTP body.

    Args:
        name: One of [`MESSAGES`][guarda.server.MESSAGES], such as ``"act"``.

    Returns:
        The schema.

    Raises:
        ArgumentError: For an unknown name.

    Examples:
        >>> load_schema("act")["$id"]
        'urn:guarda:server:act:v1'
    """
    if name not in MESSAGES:
        raise ArgumentError(
            f"no schema {name!r}: expected one of {', '.join(MESSAGES)}", path="name"
        )
    files = resources.files("guarda.server").joinpath("schemas")
    schema: dict[str, Any] = json.loads(files.joinpath(f"{name}.json").read_text("utf-8"))
    return schema
