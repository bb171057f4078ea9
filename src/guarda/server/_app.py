"""The web application: HTTP for the lobby and the records, a WebSocket for play.

Built with Starlette (an ASGI toolkit) and served by uvicorn. Routes:

| route | what |
| --- | --- |
| ``GET /`` | the lobby: create a game against bots, or watch one |
| ``GET /table`` | the table: play (or watch) a game in the browser |
| ``GET /static/...`` | the table's HTML, CSS and JavaScript, shipped in the package |
| ``GET /api/info`` | the presets, bots, protocol version and limits |
| ``GET /api/games`` | public summaries of the latest games |
| ``POST /api/games`` | create a game (the response holds each person's secret token) |
| ``GET /api/games/{id}`` | one game's public summary |
| ``GET /api/games/{id}/record`` | the full record with its seed, once the game is over |
| ``GET /api/cards/{id}.json`` | the SVG picture and words of each card of a game's deck |
| ``GET /api/schemas/{name}.json`` | the JSON Schema of each protocol message |
| ``WS /ws`` | the game protocol |

Every request passes [`Guard`][guarda.server._security.Guard] first (trusted hosts,
origins, ``Content-Type``, security headers); creating a game and opening a WebSocket
are rate-limited per client address.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any, Final

import orjson
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import guarda
from guarda.errors import GuardaError, MessageError
from guarda.server._hub import CLOSE_POLICY, CLOSE_TRY_LATER, GameServer
from guarda.server._limits import RateLimiter, retry_after
from guarda.server._pictures import card_pictures
from guarda.server._protocol import PROTOCOL_VERSION, error_data
from guarda.server._requests import PRESETS
from guarda.server._schemas import MESSAGES, load_schema
from guarda.server._security import Guard, bearer_matches
from guarda.server._settings import Settings

__all__ = ["create_app"]

STATIC: Final = Path(str(resources.files("guarda.server").joinpath("static")))
"""The web table's files."""


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(
        orjson.dumps(data), status_code=status, media_type="application/json", headers=headers
    )


def _refuse(
    error: GuardaError, status: int = 400, headers: dict[str, str] | None = None
) -> Response:
    return _json({"error": error_data(error)}, status, headers)


def _client(connection: Request | WebSocket) -> str:
    """The client's address (uvicorn takes it from ``X-Forwarded-For`` only for the
    proxies ``forwarded_allow_ips`` trusts)."""
    return connection.client.host if connection.client is not None else "unknown"


class _SocketClient:
    """A WebSocket as the game server's client: an outbox drained by one task."""

    def __init__(self, websocket: WebSocket, limit: int) -> None:
        self._websocket = websocket
        self._limit = limit
        self._outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.closed = False

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self._outbox.qsize() >= self._limit:
            self.close(CLOSE_POLICY, "too slow: reconnect to resume")
            return
        self._outbox.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self._outbox.put_nowait((code, reason))

    async def drain(self) -> None:
        while True:
            item = await self._outbox.get()
            if isinstance(item, tuple):
                code, reason = item
                with contextlib.suppress(RuntimeError, WebSocketDisconnect, OSError):
                    await self._websocket.close(code=code, reason=reason)
                return
            try:
                await self._websocket.send_text(item)
            except (WebSocketDisconnect, RuntimeError, OSError):
                self.closed = True  # the client went away: stop sending
                return


def create_app(settings: Settings | None = None, *, server: GameServer | None = None) -> Starlette:
    """The web application of a game server.

    Args:
        settings: The settings (ignored when ``server`` is given); the defaults if None.
        server: A game server to serve; by default one is made from ``settings``. It is
            started and stopped with the application.

    Returns:
        The ASGI application; run it with uvicorn (``guarda serve`` does).

    Examples:
        >>> app = create_app(Settings(database=":memory:"))
        >>> sorted(route.path for route in app.routes)[:3]
        ['/', '/api/cards/{game}.json', '/api/games']
    """
    hub = server if server is not None else GameServer(settings)
    limits = hub.settings
    creations = RateLimiter(
        rate=limits.create_rate, burst=limits.create_burst, clients=limits.rate_limit_clients
    )
    connects = RateLimiter(
        rate=limits.connect_rate, burst=limits.connect_burst, clients=limits.rate_limit_clients
    )

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    async def lobby(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table(_request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def info(_request: Request) -> Response:
        return _json(
            {
                "protocol": PROTOCOL_VERSION,
                "guarda": guarda.__version__,
                "presets": list(PRESETS),
                "bots": list(hub.bots),
                "max_message_bytes": limits.max_message_bytes,
                "max_connections": hub.connection_cap,
                "max_bot_delay": limits.max_bot_delay,
                "messages": list(MESSAGES),
            }
        )

    async def games(request: Request) -> Response:
        if request.method == "GET":
            return _json({"games": hub.summaries()})
        if limits.admin_token is not None and not bearer_matches(
            request.headers.get("authorization"), limits.admin_token
        ):
            return _refuse(
                MessageError("creating games needs the server's admin token", path="request"),
                401,
                {"WWW-Authenticate": "Bearer"},
            )
        wait = creations.take(_client(request))
        if wait:
            return _refuse(
                MessageError("too many new games from this address: wait", path="request"),
                429,
                {"Retry-After": retry_after(wait)},
            )
        declared = request.headers.get("content-length")
        too_long = declared is not None and (
            not declared.isdigit() or int(declared) > limits.max_request_bytes
        )
        if too_long:
            return _refuse(MessageError("the request is too large", path="request"), 413)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limits.max_request_bytes:
                return _refuse(MessageError("the request is too large", path="request"), 413)
        try:
            data = orjson.loads(body)
        except orjson.JSONDecodeError as error:
            return _refuse(MessageError(f"not JSON: {error}", path="request"))
        try:
            created = await hub.create_game(data)
        except GuardaError as error:
            full = isinstance(error, MessageError) and error.path == "server"
            if full:
                return _refuse(error, 503, {"Retry-After": "60"})
            return _refuse(error)
        return _json(created, 201)

    async def _game(request: Request) -> Any:
        identifier = request.path_params["game"]
        if not isinstance(identifier, str) or len(identifier) > 64:
            return None
        return await hub.load_game(identifier)

    async def game_summary(request: Request) -> Response:
        game = await _game(request)
        if game is None:
            return _refuse(MessageError("no such game", path="game"), 404)
        return _json(game.summary())

    async def record(request: Request) -> Response:
        game = await _game(request)
        if game is None:
            return _refuse(MessageError("no such game", path="game"), 404)
        if not game.is_over:
            return _refuse(
                MessageError(
                    "the record holds the seed: it is given once the game is over", path="game"
                ),
                409,
            )
        text = guarda.dumps(game.record(), secrets=True)
        return Response(text, media_type="application/json")

    async def cards(request: Request) -> Response:
        game = await _game(request)
        if game is None:
            return _refuse(MessageError("no such game", path="game"), 404)
        # The same for every game of the ruleset, and never changes: browsers may keep it.
        return Response(
            card_pictures(game.config),
            media_type="application/json",
            headers={"Cache-Control": "private, max-age=86400"},
        )

    async def schema(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in MESSAGES:
            return _refuse(MessageError("no such message schema", path="name"), 404)
        return _json(load_schema(name))

    async def play(websocket: WebSocket) -> None:
        wait = connects.take(_client(websocket))
        if wait:
            denial = _refuse(
                MessageError("too many connections from this address: wait", path="request"),
                429,
                {"Retry-After": retry_after(wait)},
            )
            try:
                await websocket.send_denial_response(denial)
            except RuntimeError:  # a server without denial responses: a plain refusal
                await websocket.close(code=CLOSE_POLICY, reason="too many connections")
            return
        if not hub.admit():
            await websocket.close(code=CLOSE_TRY_LATER, reason="the server is full")
            return
        await websocket.accept()
        client = _SocketClient(websocket, limits.outbox_limit)
        session = hub.open(client)
        loop = asyncio.get_running_loop()
        writer = loop.create_task(client.drain())
        hello_by = loop.time() + limits.hello_timeout
        try:
            while not client.closed:
                if session.game is None:
                    try:
                        message = await asyncio.wait_for(
                            websocket.receive(), max(0.0, hello_by - loop.time())
                        )
                    except TimeoutError:
                        client.close(CLOSE_POLICY, "no hello in time")
                        break
                else:
                    message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                data = text if text is not None else message.get("bytes") or b""
                await hub.receive(session, data)
        finally:
            hub.close(session)
            if not client.closed:
                client.closed = True
                writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, RuntimeError, OSError):
                await writer

    return Starlette(
        routes=[
            Route("/", lobby),
            Route("/table", table),
            Route("/api/info", info),
            Route("/api/games", games, methods=["GET", "POST"]),
            Route("/api/games/{game}", game_summary),
            Route("/api/games/{game}/record", record),
            Route("/api/cards/{game}.json", cards),
            Route("/api/schemas/{name}.json", schema),
            WebSocketRoute("/ws", play),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(Guard, hosts=limits.allowed_hosts, origins=limits.allowed_origins)],
        lifespan=lifespan,
    )
