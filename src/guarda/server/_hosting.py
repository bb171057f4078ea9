"""The games a server hosts: held in memory, read from the database, and let go of.

A [`GameHost`][guarda.server._hosting.GameHost] holds every game in progress and the
latest finished games, each rebuilt from the database by replaying its seed and actions.
It lets go of them too: a finished game with no client for ``finished_expiry`` seconds
(or beyond the ``finished_in_memory`` latest), and a game in progress with no action and
no client for ``game_expiry`` seconds, which is abandoned (marked finished, without an
outcome: a record in the database, no longer a running game).
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import orjson

import guarda
from guarda.bots import Agent
from guarda.errors import GuardaError
from guarda.server._games import LiveGame, Seat
from guarda.server._postgres import PostgresStore, is_postgres_url
from guarda.server._settings import Settings
from guarda.server._store import Store, StoredGame

__all__ = ["GameHost", "loop_runs", "new_seed", "open_store", "utc_now"]

log = logging.getLogger("guarda.server")


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


def loop_runs() -> bool:
    """Whether an event loop runs on this thread (a game in progress can only run here
    then: its bots and its catching up are tasks of the loop)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def utc_now() -> str:
    """The time now in UTC, ISO 8601 to the millisecond (as the database stores times)."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


class GameHost:
    """The games a server holds in memory, and the database behind them (the base of
    [`GameServer`][guarda.server.GameServer])."""

    def __init__(self, settings: Settings, bots: Mapping[str, Callable[[], Agent]]) -> None:
        """Open the database.

        Args:
            settings: The settings.
            bots: The bots a seat may name, each a factory of an agent.

        Raises:
            ArgumentError: If the database cannot be opened.
        """
        self.settings = settings
        self.bots: Mapping[str, Callable[[], Agent]] = bots
        self.store = open_store(self.settings)
        self.games: dict[str, LiveGame] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._tasks: set[asyncio.Task[None]] = set()
        self.clock: Callable[[], float] = time.monotonic
        """Where the expiry of games takes the time from (tests replace it)."""
        self._touched: dict[str, float] = {}
        self._stopped = False

    def _later(self, work: Any) -> None:
        """Run a coroutine as a task of the server (cancelled when it stops)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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

    def summaries(self, limit: int = 100) -> list[dict[str, Any]]:
        """Public summaries of the latest games in memory (every game in progress and the
        latest finished ones), newest first; listing never reads a game from the database."""
        latest = sorted(self.games.values(), key=lambda game: (game.created, game.id))
        return [game.summary() for game in reversed(latest[-limit:])]

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
                        identifier, utc_now(), idle=self.settings.game_expiry
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
