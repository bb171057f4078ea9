"""guarda.server: host Guarda games for people and bots, in the browser or any client.

A [`GameServer`][guarda.server.GameServer] hosts games made from a preset or a
configuration, with seats for people (each opened by a secret token) and for bots (the
agents of ``guarda.bots``, run off the event loop), and any number of
spectators. Every client is sent only its own view and the events it may see, as they
happen; actions come in as JSON (notation or action documents) and an illegal one is
refused with the guarda error, changing nothing. Games are stored in SQLite (or, for several
server processes, PostgreSQL), each action
committed before it is acknowledged, so a server killed mid-game and started again
resumes every game exactly.

[`create_app`][guarda.server.create_app] wraps a game server in a web application
(Starlette): the web table, an HTTP API and the WebSocket protocol.
[`serve`][guarda.server.serve] runs it with uvicorn; ``guarda serve`` does so from the
command line. Install the extra first: ``pip install guarda[server]``.

This package uses only guarda's public API. See the guide
[Host a game server](../server.md) for the protocol and its JSON Schemas.

Examples:
    >>> from guarda.server import Settings, create_app
    >>> app = create_app(Settings(database=":memory:"))
    >>> "/ws" in [route.path for route in app.routes]
    True
"""

from __future__ import annotations

from guarda.server._app import create_app
from guarda.server._cli import main, serve
from guarda.server._hosting import new_seed
from guarda.server._hub import GameServer, Session
from guarda.server._protocol import PROTOCOL_VERSION
from guarda.server._requests import BOTS, PRESETS
from guarda.server._schemas import (
    CLIENT_MESSAGES,
    HTTP_BODIES,
    MESSAGES,
    SERVER_MESSAGES,
    load_schema,
)
from guarda.server._settings import Settings

__all__ = [
    "BOTS",
    "CLIENT_MESSAGES",
    "HTTP_BODIES",
    "MESSAGES",
    "PRESETS",
    "PROTOCOL_VERSION",
    "SERVER_MESSAGES",
    "GameServer",
    "Session",
    "Settings",
    "create_app",
    "load_schema",
    "main",
    "new_seed",
    "serve",
]
