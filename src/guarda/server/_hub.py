"""The game server: games, the database, bots, and the protocol spoken with each client.

[`GameServer`][guarda.server.GameServer] knows nothing of HTTP or WebSockets: a
connection is a [`Client`][guarda.server._games.Client] (something that can be sent text
and closed) with a [`Session`][guarda.server.Session], and the web application in
``guarda.server._app`` only carries text between them. So the whole protocol can be
driven, and tested, without a network.

**Playing an action**, from a person or a bot, always goes the same way, one at a time
per game: the action must be made for the current position (its ``ply``) and by the seat
that must decide; [`guarda.apply`][guarda.apply] plays it (an illegal action raises and
nothing changes); the database commits it; only then is it acknowledged and every
client sent its own update. An acknowledged action is in the database.

**Bots** decide on worker threads, never on the event loop: a slow bot delays only its
own game. An answer that is not a legal action, an exception, or an answer later than
the time budget is a [`Fault`][guarda.bots.Fault], and a random legal action is played
in its place (the match runner's ``"fallback"`` policy); a bot never stops the server.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import datetime
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import orjson

import guarda
from guarda.bots import Agent, Fault, FaultKind, seat_rng
from guarda.errors import GuardaError, MessageError
from guarda.server import _choices
from guarda.server._games import Client, LiveGame, Seat, new_game_id, new_token, token_digest
from guarda.server._limits import connection_cap, descriptor_limit
from guarda.server._postgres import PostgresStore, is_postgres_url
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
from guarda.server._store import Store, StoredGame

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


def new_seed() -> int:
    """A new game seed: 64 random bits from ``secrets`` (P20). It stays on the
    server until the game ends."""
    return secrets.randbits(64)


def open_store(settings: Settings) -> Store | PostgresStore:
    """The database of the settings: PostgreSQL for a ``postgresql://`` URL (shared by
    several server processes), else a SQLite file.

    Raises:
        ArgumentError: If the database cannot be opened.
    """
    if is_postgres_url(settings.database):
        return PostgresStore(settings.database)
    return Store(settings.database, synchronous=settings.synchronous)


def _loop_runs() -> bool:
    """Whether an event loop runs on this thread (a game in progress can only run here
    then: its bots and its catching up are tasks of the loop)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


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


def _bot_key(game: LiveGame) -> str:
    """What keys a game's bots' random sources: its secret salt, so no bot can learn the
    deal from them (a game stored without a salt falls back to a fixed key)."""
    return game.salt or "guarda.server/unsalted"


def _ask(
    agent: Any, view: guarda.PlayerView, rng: random.Random
) -> tuple[object, BaseException | None]:
    """Ask a bot on a worker thread: its answer, or the exception it raised."""
    try:
        return agent.act(view, rng), None
    except BaseException as error:  # a bot may fail in any way, even sys.exit()
        return None, error


def _judge(
    answer: object, error: BaseException | None, view: guarda.PlayerView
) -> tuple[FaultKind, str] | None:
    if error is not None:
        return "crash", f"act raised {type(error).__name__}: {error}"[:200]
    if not isinstance(answer, guarda.Action):
        return "non-action", f"act returned a {type(answer).__name__}, not an action"
    if answer not in view.legal_actions:
        return "illegal", f"{guarda.format_action(answer)} is not legal now"
    return None


class GameServer:
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
        self.settings = settings or Settings()
        self.bots: Mapping[str, Callable[[], Agent]] = dict(BOTS if bots is None else bots)
        self.store = open_store(self.settings)
        self.games: dict[str, LiveGame] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=self.settings.bot_workers, thread_name_prefix="guarda-bot"
        )
        self._replayer = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="guarda-replay"
        )
        self._loading: dict[str, asyncio.Future[LiveGame | None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.connections = 0
        """Connections open now (the web application counts them)."""
        self.connection_cap = connection_cap(
            self.settings.max_connections, self.settings.descriptor_reserve, descriptor_limit()
        )
        """Connections allowed at most: ``max_connections``, or fewer if the process's
        descriptor limit minus ``descriptor_reserve`` is lower."""
        self._waiting: OrderedDict[Session, None] = OrderedDict()
        self.clock: Callable[[], float] = time.monotonic
        """Where the expiry of games takes the time from (tests replace it)."""
        self._touched: dict[str, float] = {}
        self._stopped = False

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

    def _rebuild(self, stored: StoredGame) -> LiveGame | None:
        """A game from the database, replayed from its seed; None if it does not replay."""
        try:
            config = guarda.loads(stored.config, guarda.Config)
            actions = tuple(guarda.loads(text, guarda.Action) for text in stored.actions)
            options = orjson.loads(stored.options)
            salt = options.get("salt", "")
            record = guarda.GameRecord(config, stored.seed, actions, salt=salt)
            state = guarda.final_state(record)
            seats = []
            for seat in orjson.loads(stored.seats):
                bot = seat.get("bot")
                agent = self.bots[bot]() if seat["kind"] == "bot" else None
                seats.append(Seat(seat["kind"], seat["name"], seat.get("digest"), bot, agent))
        except (GuardaError, KeyError, TypeError, orjson.JSONDecodeError) as error:
            log.error("game %s in the database does not replay: %s", stored.id, error)
            return None
        return LiveGame(
            stored.id,
            stored.created,
            config,
            stored.seed,
            seats,
            bot_delay=float(options.get("bot_delay", 0.0)),
            state=state,
            actions=actions,
            salt=salt,
        )

    def _in_memory(self, identifier: str) -> LiveGame | None:
        game = self.games.get(identifier)
        if game is not None:
            self._touched[identifier] = self.clock()
            if identifier in self._finished:
                self._finished.move_to_end(identifier)
        return game

    def _loaded(self, stored: StoredGame | None, game: LiveGame | None) -> LiveGame | None:
        """Keep a finished game read from the database in memory; an abandoned game (one
        that ended without an outcome) is a record only, never served. From a shared
        database, a game in progress (that another process created or played) is kept
        too, and runs here as well."""
        if stored is None or game is None:
            return None
        running = stored.finished is None and not game.is_over
        if not game.is_over and not (running and self.store.shared and _loop_runs()):
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

    # -- expiry --------------------------------------------------------------------------

    async def _sweep(self) -> None:
        settings = self.settings
        every = min(60.0, settings.game_expiry / 4, settings.finished_expiry / 4)
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except Exception:
                log.exception("the expiry of games failed; trying again later")

    async def expire(self) -> list[str]:
        """Abandon the games in progress that had no action and no client for
        ``game_expiry`` seconds, and drop from memory the finished games that had no
        client for ``finished_expiry`` seconds. (The server does this every minute.)

        An abandoned game is marked finished in the database, without an outcome: it
        stays there as a record, but is no longer a running game, after a restart too.

        Returns:
            The identifiers of the games abandoned.
        """
        now = self.clock()
        abandoned = []
        for identifier, game in list(self.games.items()):
            if game.clients or game.lock.locked():
                continue
            idle = now - self._touched.get(identifier, now)
            if identifier in self._finished:
                if idle >= self.settings.finished_expiry:
                    del self._finished[identifier]
                    self._forget(identifier)
            elif idle >= self.settings.game_expiry:
                # Out of the running set first: nobody joins it while the write is made.
                self._forget(identifier)
                try:
                    done = await self.store.abandon(
                        identifier, _now(), idle=self.settings.game_expiry
                    )
                except Exception:
                    self.games[identifier] = game
                    self._touched[identifier] = now
                    raise
                if done:
                    abandoned.append(identifier)
                    log.info("game %s abandoned after %.0f s without activity", identifier, idle)
                # Else another process played it lately: it is only let go of here.
        return abandoned

    def _forget(self, identifier: str) -> None:
        del self.games[identifier]
        self._touched.pop(identifier, None)

    def _remember_finished(self, game: LiveGame) -> None:
        self._finished[game.id] = None
        self._finished.move_to_end(game.id)
        while len(self._finished) > self.settings.finished_in_memory:
            oldest = next(iter(self._finished))
            if self.games[oldest].clients:
                self._finished.move_to_end(oldest)
                break
            del self._finished[oldest]
            self._forget(oldest)

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
        created = _now()
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

    def summaries(self, limit: int = 100) -> list[dict[str, Any]]:
        """Public summaries of the latest games in memory (every game in progress and the
        latest finished ones), newest first; listing never reads a game from the database."""
        latest = sorted(self.games.values(), key=lambda game: (game.created, game.id))
        return [game.summary() for game in reversed(latest[-limit:])]

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

    # -- playing -------------------------------------------------------------------------

    async def play(
        self,
        game: LiveGame,
        seat: int,
        ply: int,
        action: guarda.Action,
        *,
        accepted: Any = None,
        fault: Fault | None = None,
    ) -> None:
        """Play ``seat``'s action, made for the position after ``ply`` actions.

        The action is checked, played, committed to the database and only then
        acknowledged (``accepted()``) and sent to every client of the game.

        Raises:
            MessageError: If the game is over or ``ply`` is not the current position.
            IllegalActionError: If the seat may not play the action now.
        """
        async with game.lock:
            if game.is_over:
                raise MessageError("the game is over", path="ply")
            if ply != game.ply:
                raise MessageError(
                    f"made for ply {ply}, but the game is at ply {game.ply}: "
                    "the position has changed",
                    path="ply",
                )
            state, _events = guarda.apply(game.state, action, player=seat)
            # Shielded: once the commit is under way, the game takes the action even if
            # whoever asked is cancelled meanwhile (memory and database never disagree).
            stored = await asyncio.shield(self._commit(game, state, action, accepted, fault))
            if not stored:
                # Another server process took this ply first (a shared database): play
                # what it stored, and refuse this action as made for an old position.
                await asyncio.shield(self._caught_up(game))
                raise MessageError(
                    f"made for ply {ply}, but the game is at ply {game.ply}: "
                    "the position has changed",
                    path="ply",
                )

    async def _commit(
        self,
        game: LiveGame,
        state: guarda.GameState,
        action: guarda.Action,
        accepted: Any,
        fault: Fault | None,
    ) -> bool:
        """Store the action and, once committed, play it here; False if the database
        refused the ply (taken by another process, or the game ended there)."""
        first = game.state.log.size
        stored = await self.store.append_action(
            game.id,
            game.ply + 1,
            guarda.dumps(action),
            finished=_now() if state.is_over else None,
        )
        if not stored:
            return False
        self._advance(game, state, action, fault)
        if accepted is not None:
            accepted()
        self._after_move(game, state, first, fault)
        return True

    def _advance(
        self,
        game: LiveGame,
        state: guarda.GameState,
        action: guarda.Action,
        fault: Fault | None,
    ) -> None:
        """Take a stored action into the game in memory."""
        game.state = state
        game.actions.append(action)
        self._touched[game.id] = self.clock()
        if fault is not None:
            game.faults.append(fault)

    def _after_move(
        self, game: LiveGame, state: guarda.GameState, first: int, fault: Fault | None
    ) -> None:
        """Tell the game's clients about the new position, then let a bot go on."""
        # The updates are built on the event loop's next turn: the acknowledgement just
        # queued is written first. They go to the clients of the game now, about this
        # position (a client that joins meanwhile is sent it in its welcome), and before
        # anything else happens to the game (a later action needs a later message).
        asyncio.get_running_loop().call_soon(
            self._publish, game, (state, game.ply), first, fault, list(game.clients.items())
        )
        if state.is_over:
            self._remember_finished(game)
        else:
            self._schedule_bot(game)

    # -- moves made by other processes (a shared database) ---------------------------------

    def _later(self, work: Any) -> None:
        """Run a coroutine as a task of the server (cancelled when it stops)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _moved(self, identifier: str, ply: int) -> None:
        """A process stored action ``ply`` of a game (this one, or another): catch up if
        the game is in memory here and behind."""
        game = self.games.get(identifier)
        if game is not None and not game.is_over and game.ply < ply and not self._stopped:
            self._later(self._catch_up(game))

    def _resync(self) -> None:
        """Listening (re)started: notifications may have been missed, so catch up every
        game in progress held here."""
        for game in list(self.games.values()):
            if not game.is_over and not self._stopped:
                self._later(self._catch_up(game))

    async def _catch_up(self, game: LiveGame) -> None:
        async with game.lock:
            await self._caught_up(game)

    async def _caught_up(self, game: LiveGame) -> None:
        """Play the actions other processes stored after the game's ply here, sending
        each position to this process's clients (hold ``game.lock``)."""
        try:
            actions, finished = await self.store.actions_after(game.id, game.ply)
            for text in actions:
                action = guarda.loads(text, guarda.Action)
                state, _events = guarda.apply(game.state, action)
                first = game.state.log.size
                self._advance(game, state, action, None)
                self._after_move(game, state, first, None)
            if finished is not None and not game.is_over and self.games.get(game.id) is game:
                # Abandoned by another process: a record only, as after an expiry here.
                self._forget(game.id)
                log.info("game %s was abandoned by another server process", game.id)
        except GuardaError as error:  # pragma: no cover - every stored action replays
            log.error("game %s: a stored action does not replay: %s", game.id, error)
        except Exception:
            log.exception("game %s: the moves made elsewhere could not be read", game.id)

    def _publish(
        self,
        game: LiveGame,
        at: tuple[guarda.GameState, int],
        first: int,
        fault: Fault | None,
        clients: list[tuple[Client, tuple[int | None, bool]]],
    ) -> None:
        """Send each client its own update about the position ``at``, built once per seat."""
        texts: dict[tuple[int | None, bool], str] = {}
        for client, wanted in clients:
            text = texts.get(wanted)
            if text is None:
                seat, svg = wanted
                message = game.position(seat, first, svg=svg, at=at)
                if fault is not None:
                    message["fault"] = {"seat": fault.seat, "ply": fault.ply, "kind": fault.kind}
                text = texts[wanted] = encode(message)
            client.send(text)

    # -- bots ----------------------------------------------------------------------------

    def _schedule_bot(self, game: LiveGame) -> None:
        actor = game.state.actor
        if self._stopped or actor is None or game.seats[actor].kind != "bot":
            return
        if game.bot_ply == game.ply:
            return
        game.bot_ply = game.ply
        task = asyncio.get_running_loop().create_task(self._bot_turn(game, game.ply))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, game: LiveGame, ply: int) -> None:
        if game.bot_delay:
            await asyncio.sleep(game.bot_delay)
        state = game.state
        actor = state.actor
        if game.ply != ply or actor is None:
            return
        agent = game.seats[actor].agent
        view = game.view(actor)
        loop = asyncio.get_running_loop()
        budget = self.settings.bot_time_budget
        start = time.perf_counter()
        problem: tuple[FaultKind, str] | None
        answer: object = None
        try:
            answer, error = await asyncio.wait_for(
                loop.run_in_executor(
                    self._executor,
                    _ask,
                    agent,
                    view,
                    seat_rng(game.seed, f"{actor}/{ply}", key=_bot_key(game)),
                ),
                timeout=budget,
            )
        except TimeoutError:
            problem = ("late", f"no answer within {budget:g} s")
        else:
            problem = _judge(answer, error, view)
        fault = None
        if problem is not None:
            kind, detail = problem
            fault = Fault(
                seat=actor, ply=ply + 1, turn=state.turn_number, kind=kind, detail=detail
            )
            log.warning("game %s, seat %d: %s fault: %s", game.id, actor, kind, detail)
            answer = seat_rng(game.seed, f"fallback/{ply}", key=_bot_key(game)).choice(
                view.legal_actions
            )
        assert isinstance(answer, guarda.Action)
        log.debug("game %s: bot %d decided in %.3f s", game.id, actor, time.perf_counter() - start)
        try:
            await self.play(game, actor, ply, answer, fault=fault)
        except GuardaError as error:
            # Judged legal: the position moved on meanwhile, through another process
            # sharing the database, which decided for the bot first.
            log.debug("game %s: the bot's action was not needed: %s", game.id, error)
        except Exception:
            log.exception("game %s: the bot's action could not be stored", game.id)
            game.bot_ply = -1  # let the next attempt (a reconnect, a restart) try again
