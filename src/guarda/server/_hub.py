"""The game server: games, the database, bots, and the protocol spoken with each client.

[`GameServer`][guarda.server.GameServer] knows nothing of HTTP or WebSockets: a
connection is a [`Client`][guarda.server._games.Client] (something that can be sent text
and closed) with a [`Session`][guarda.server.Session], and the web application in
``guarda.server._app`` only carries text between them. So the whole protocol can be
driven, and tested, without a network.

The server is built in layers, each a module: the games it hosts in memory and their
expiry (``guarda.server._hosting``); playing actions, bots' turns and catching up with
other processes (``guarda.server._moves``, with ``guarda.server._bot_turns``); and here,
its life cycle, loading and creating games, and each connection's session.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import orjson

import guarda
from guarda.bots import Agent
from guarda.errors import GuardaError, MessageError
from guarda.server import _choices
from guarda.server._games import Client, LiveGame, Seat, new_game_id, new_token, token_digest
from guarda.server._hosting import loop_runs, new_seed, utc_now
from guarda.server._limits import connection_cap, descriptor_limit
from guarda.server._moves import MoveKeeper
from guarda.server._protocol import (
    PROTOCOL_VERSION,
    Ack,
    Act,
    Build,
    Hello,
    Ping,
    decode_action,
    encode,
    error_data,
    read_message,
)
from guarda.server._requests import BOTS, read_game_request
from guarda.server._settings import Settings
from guarda.server._store import StoredGame

__all__ = ["GameServer", "Session"]

log = logging.getLogger("guarda.server")

MAX_ERRORS: Final = 32
"""Malformed messages one connection may send before it is closed."""

CLOSE_TOO_BIG: Final = 1009
"""WebSocket close code: a message too big."""
CLOSE_POLICY: Final = 1008
"""WebSocket close code: the client broke the protocol too often."""
CLOSE_TRY_LATER: Final = 1013
"""WebSocket close code: the server is full, try again later."""


@attrs.define(eq=False)
class Session:
    """One connection's place in the server: its game and seat, once it said hello."""

    client: Client
    """Where the connection's messages go."""
    game: LiveGame | None = None
    """The game joined, or None before ``hello``."""
    seat: int | None = None
    """The seat held (None for a spectator or before ``hello``)."""
    errors: int = 0
    """Malformed messages sent so far."""


class GameServer(MoveKeeper):
    """Hosts games for people and bots, stores them, and speaks the protocol.

    Create it, ``await start()`` it on the event loop that will run it (it loads and
    replays every unfinished game from the database and lets their bots go on), hand
    each connection's messages to [`receive`][guarda.server.GameServer.receive], and
    ``await stop()`` it at the end.

    Examples:
        >>> import asyncio
        >>> async def main():
        ...     server = GameServer(Settings(database=":memory:"))
        ...     await server.start()
        ...     created = await server.create_game({"preset": "grda"})
        ...     await server.stop()
        ...     return [seat["kind"] for seat in created["seats"]]
        >>> asyncio.run(main())
        ['person', 'bot']
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        bots: Mapping[str, Callable[[], Agent]] | None = None,
    ) -> None:
        """Open the database.

        Args:
            settings: The settings; the defaults if None.
            bots: The bots a seat may name, each a factory of an agent (by default
                [`BOTS`][guarda.server.BOTS]). A game stored with a bot this server does
                not know is not resumed.

        Raises:
            ArgumentError: If the database cannot be opened.
        """
        super().__init__(settings or Settings(), dict(BOTS if bots is None else bots))
        self._replayer = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="guarda-replay"
        )
        self._loading: dict[str, asyncio.Future[LiveGame | None]] = {}
        self.connections = 0
        """Connections open now (the web application counts them)."""
        self.connection_cap = connection_cap(
            self.settings.max_connections, self.settings.descriptor_reserve, descriptor_limit()
        )
        """Connections allowed at most: ``max_connections``, or fewer if the process's
        descriptor limit minus ``descriptor_reserve`` is lower."""
        self._waiting: OrderedDict[Session, None] = OrderedDict()

    # -- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Load every unfinished game from the database, replayed, and resume its bots."""
        for stored in self.store.running_games():
            game = self._rebuild(stored)
            if game is not None:
                self.games[game.id] = game
                self._touched[game.id] = self.clock()
        for game in list(self.games.values()):
            self._schedule_bot(game)
        loop = asyncio.get_running_loop()
        sweeper = loop.create_task(self._sweep())
        self._tasks.add(sweeper)
        sweeper.add_done_callback(self._tasks.discard)
        self.store.listen(loop, self._moved, self._resync)

    async def stop(self) -> None:
        """Stop the bots, finish the database's work and close it."""
        self._stopped = True
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._replayer.shutdown(wait=True, cancel_futures=True)
        self.store.close()

    # -- loading games -------------------------------------------------------------------

    def _loaded(self, stored: StoredGame | None, game: LiveGame | None) -> LiveGame | None:
        """Keep a finished game read from the database in memory; an abandoned game (one
        that ended without an outcome) is a record only, never served. From a shared
        database, a game in progress (that another process created or played) is kept
        too, and runs here as well."""
        if stored is None or game is None:
            return None
        running = stored.finished is None and not game.is_over
        if not game.is_over and not (running and self.store.shared and loop_runs()):
            return None
        if stored.id in self.games:  # loaded meanwhile by someone else
            return self.games[stored.id]
        self.games[stored.id] = game
        self._touched[stored.id] = self.clock()
        if running:
            self._schedule_bot(game)
            self._later(self._catch_up(game))  # moves made while it was read
        else:
            self._remember_finished(game)
        return game

    def game(self, identifier: str) -> LiveGame | None:
        """A game by identifier: in memory, or read from the database and replayed (on
        this thread; the web application uses [`load_game`][guarda.server.GameServer.load_game]).

        Only games in progress and finished games are found: an abandoned game (see
        [`expire`][guarda.server.GameServer.expire]) stays in the database as a record.
        """
        game = self._in_memory(identifier)
        if game is not None:
            return game
        stored = self.store.game(identifier)
        return self._loaded(stored, None if stored is None else self._rebuild(stored))

    async def load_game(self, identifier: str) -> LiveGame | None:
        """Like [`game`][guarda.server.GameServer.game], but a game read from the
        database is replayed on a worker thread, never on the event loop (one replay at a
        time; clients asking for the same game share it)."""
        game = self._in_memory(identifier)
        if game is not None:
            return game
        pending = self._loading.get(identifier)
        if pending is not None:
            return await asyncio.shield(pending)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[LiveGame | None] = loop.create_future()
        self._loading[identifier] = future
        try:
            stored = self.store.game(identifier)
            rebuilt = None
            if stored is not None and (stored.finished is not None or self.store.shared):
                rebuilt = await loop.run_in_executor(self._replayer, self._rebuild, stored)
            game = self._loaded(stored, rebuilt)
            future.set_result(game)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: whoever waits gets it
            raise
        finally:
            del self._loading[identifier]
        return game

    # -- new games -----------------------------------------------------------------------

    async def create_game(self, request: object) -> dict[str, Any]:
        """Create a game from a request (see ``guarda.server._requests``).

        Returns:
            ``{"game": id, "seats": [...]}``: each person's seat with its secret token,
            which is given only here.

        Raises:
            GuardaError: For a malformed request or configuration (nothing is created),
                or a [`MessageError`][guarda.MessageError] with the path ``"server"``
                when the server already hosts ``max_games`` games in progress.
        """
        checked = read_game_request(
            request,
            max_hand_size=self.settings.max_hand_size,
            max_bot_delay=self.settings.max_bot_delay,
            bots=self.bots,
        )
        running = len(self.games) - len(self._finished)
        if running >= self.settings.max_games:
            raise MessageError(
                f"this server hosts {running} games in progress, its limit", path="server"
            )
        seed = new_seed()
        salt = secrets.token_hex(16)  # the commitment reveals nothing about the seed (P23)
        identifier = new_game_id()
        seats: list[Seat] = []
        tokens: list[str | None] = []
        for wanted in checked.seats:
            if wanted.kind == "person":
                token = new_token()
                tokens.append(token)
                seats.append(Seat("person", wanted.name, digest=token_digest(token)))
            else:
                assert wanted.bot is not None
                tokens.append(None)
                seats.append(
                    Seat("bot", wanted.name, bot=wanted.bot, agent=self.bots[wanted.bot]())
                )
        config = checked.config
        if config.shuffle is not self.settings.shuffle:
            config = attrs.evolve(config, shuffle=self.settings.shuffle)
        state = guarda.new_game(config, seed, salt=salt)
        created = utc_now()
        stored = StoredGame(
            identifier,
            created,
            guarda.dumps(config),
            seed,
            orjson.dumps(
                [{"kind": s.kind, "name": s.name, "digest": s.digest, "bot": s.bot} for s in seats]
            ).decode(),
            orjson.dumps({"bot_delay": checked.bot_delay, "salt": salt}).decode(),
        )
        await self.store.insert_game(stored)
        game = LiveGame(
            identifier,
            created,
            config,
            seed,
            seats,
            bot_delay=checked.bot_delay,
            state=state,
            salt=salt,
        )
        self.games[identifier] = game
        self._touched[identifier] = self.clock()
        self._schedule_bot(game)
        return {
            "game": identifier,
            "seats": [
                {"seat": index, **seat.public(), "token": token}
                for index, (seat, token) in enumerate(zip(seats, tokens, strict=True))
            ],
        }

    # -- the protocol --------------------------------------------------------------------

    def admit(self) -> bool:
        """Whether one more connection may open now. At ``connection_cap``, the oldest
        connection that has not said ``hello`` yet is closed to make room (code 1013):
        idle sockets never lock out a new player."""
        if self.connections < self.connection_cap:
            return True
        if not self._waiting:
            return False
        oldest, _ = self._waiting.popitem(last=False)
        oldest.client.close(CLOSE_TRY_LATER, "the server is full: say hello sooner")
        return True

    def open(self, client: Client) -> Session:
        """A new connection's session (it must say ``hello`` first)."""
        self.connections += 1
        session = Session(client)
        self._waiting[session] = None
        return session

    def close(self, session: Session) -> None:
        """Forget a closed connection."""
        self.connections -= 1
        self._waiting.pop(session, None)
        if session.game is not None:
            session.game.clients.pop(session.client, None)
            self._touched[session.game.id] = self.clock()

    def _error(self, session: Session, error: GuardaError) -> None:
        session.errors += 1
        session.client.send(encode({"type": "error", "error": error_data(error)}))
        if error.path == "message" and "bytes, more than" in error.message:
            session.client.close(CLOSE_TOO_BIG, "message too big")
        elif session.errors > MAX_ERRORS:
            session.client.close(CLOSE_POLICY, "too many malformed messages")

    async def receive(self, session: Session, text: str | bytes) -> None:
        """Handle one message from a connection; whatever it holds, never raise."""
        try:
            message = read_message(text, self.settings.max_message_bytes)
        except MessageError as error:
            self._error(session, error)
            return
        try:
            if isinstance(message, Hello):
                await self._hello(session, message)
            elif session.game is None:
                raise MessageError("say hello first: which game, and which seat", path="type")
            elif isinstance(message, Act):
                await self._act(session, session.game, message)
            elif isinstance(message, Build):
                self._build(session, session.game, message)
            elif isinstance(message, Ack):
                self._ack(session, session.game, message)
            elif isinstance(message, Ping):
                session.client.send(encode({"type": "pong", "ref": message.ref}))
        except MessageError as error:
            self._error(session, error)

    async def _hello(self, session: Session, hello: Hello) -> None:
        if session.game is not None:
            raise MessageError("this connection has joined a game already", path="type")
        game = await self.load_game(hello.game)
        if game is None:
            raise MessageError("no such game", path="game")
        seat: int | None = None
        if hello.token is not None:
            seat = game.seat_of(hello.token)
            if seat is None:
                raise MessageError("this token opens no seat of this game", path="token")
        elif game.spectators >= self.settings.max_spectators:
            raise MessageError("this game has as many spectators as it allows", path="game")
        log_size = game.state.log.size
        first = hello.since
        if first is None:
            first = 0 if seat is None else game.acked[seat]
        if first > log_size:
            raise MessageError(f"the game has {log_size} events, not {first}", path="since")
        message = game.position(seat, first, welcome=True, svg=hello.svg)
        message.update(
            protocol=PROTOCOL_VERSION,
            seat=seat,
            seats=[s.public() for s in game.seats],
            config=game.config_fragment,
            commitment=game.view(seat).commitment,
        )
        # No await from here on: the client joins exactly at the position it was sent.
        session.game, session.seat = game, seat
        game.clients[session.client] = (seat, hello.svg)
        self._waiting.pop(session, None)
        self._touched[game.id] = self.clock()
        session.client.send(encode(message))

    def _ack(self, session: Session, game: LiveGame, ack: Ack) -> None:
        if ack.events > game.state.log.size:
            raise MessageError(
                f"the game has {game.state.log.size} events, not {ack.events}", path="events"
            )
        if session.seat is not None:
            game.acked[session.seat] = max(game.acked[session.seat], ack.events)

    def _build(self, session: Session, game: LiveGame, build: Build) -> None:
        """Answer what may be chosen next after a partial choice (``choices``), from the
        seat's action builder; refuse a spectator or a stale ``ply``."""
        message: dict[str, Any]
        try:
            if session.seat is None:
                raise MessageError("a spectator cannot act", path="type")
            if build.ply != game.ply:
                raise MessageError(
                    f"made for ply {build.ply}, but the game is at ply {game.ply}: "
                    "the position has changed",
                    path="ply",
                )
            builder = _choices.choose(game.builder(session.seat), build.chosen)
            body = _choices.answer(builder, game.view(session.seat), game.names)
        except GuardaError as error:
            message = {"type": "refused", "ref": build.ref, "error": error_data(error)}
        else:
            message = {
                "type": "choices",
                "ref": build.ref,
                "ply": build.ply,
                "chosen": [{key: value} for key, value in build.chosen],
                **body,
            }
        session.client.send(encode(message))

    async def _act(self, session: Session, game: LiveGame, act: Act) -> None:
        def accepted() -> None:
            session.client.send(encode({"type": "accepted", "ref": act.ref, "ply": game.ply}))

        try:
            if session.seat is None:
                raise MessageError("a spectator cannot act", path="type")
            action = decode_action(act.action)
            await self.play(game, session.seat, act.ply, action, accepted=accepted)
        except GuardaError as error:
            session.client.send(
                encode({"type": "refused", "ref": act.ref, "error": error_data(error)})
            )
        except Exception:
            log.exception("game %s: an action could not be played", game.id)
            session.client.send(
                encode(
                    {
                        "type": "refused",
                        "ref": act.ref,
                        "error": {
                            "class": "ServerError",
                            "message": "the server could not store the action; "
                            "nothing changed, try again",
                            "path": None,
                            "rule": None,
                        },
                    }
                )
            )
