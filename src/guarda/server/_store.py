"""Games in SQLite: each game's configuration, secret seed, seats and every action.

A write returns only once its transaction is committed, and the server acknowledges an
action only then: an acknowledged action is in the database, whatever happens to the
server process next. How it gets there depends on SQLite's ``synchronous`` setting:

- ``"NORMAL"`` (the default; WAL mode): a commit writes to the log file without waiting
  for the disk, some 0.1 ms. Writes run right on the caller's thread (the event loop):
  handing each one to another thread would cost more than the commit, because every
  hand-over waits for the interpreter lock while the loop is busy.
- ``"FULL"``: every commit waits for the disk (milliseconds). All database work then
  runs on a thread of its own, so the event loop never waits for the disk, and writes
  that arrive together are committed together (group commit): one transaction for every
  action accepted meanwhile, each in a savepoint of its own so one failing write fails
  alone.

The schema is small: ``games`` (one row per game: configuration document, seed, seats,
options, when it finished) and ``actions`` (one row per action: game, ply,
action document). A game is rebuilt by replaying its actions from its seed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import sqlite3
import threading
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

from guarda.errors import ArgumentError

__all__ = ["SCHEMA_VERSION", "Store", "StoredGame"]

T = TypeVar("T")

SCHEMA_VERSION: Final = 1
"""The database schema version (SQLite's ``user_version``)."""

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    config TEXT NOT NULL,
    seed TEXT NOT NULL,
    seats TEXT NOT NULL,
    options TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL CHECK (ply >= 1),
    action TEXT NOT NULL,
    PRIMARY KEY (game, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_running ON games (finished);
"""

_CHECKPOINT_EVERY: Final = 1.0
"""Seconds between two checkpoints of the write-ahead log (``"NORMAL"`` mode)."""

_BATCH: Final = 512
"""Jobs taken together into one transaction at most."""


@attrs.frozen
class StoredGame:
    """One game as the database holds it (the seed is secret: server side only)."""

    id: str
    """The game's identifier."""
    created: str
    """When it was created (ISO 8601, UTC)."""
    config: str
    """The configuration document (JSON text)."""
    seed: int
    """The game's seed."""
    seats: str
    """The seats (JSON text): kind, name, bot, token digest."""
    options: str
    """The game's options (JSON text)."""
    actions: tuple[str, ...] = ()
    """Every action document in order (ply 1 first)."""
    finished: str | None = None
    """When the game ended (ISO 8601, UTC), or None while it runs."""


@attrs.define
class _Job:
    run: Callable[[sqlite3.Connection], Any]
    future: concurrent.futures.Future[Any]
    write: bool


class Store:
    """A SQLite database of games (see the module for how writes are committed)."""

    shared: Final = False
    """One process owns the database: the games in progress are all in its memory.
    (The PostgreSQL store is shared by several processes.)"""

    def __init__(self, path: str, *, synchronous: str = "NORMAL") -> None:
        """Open (or create) the database (and start its thread, for ``"FULL"``).

        Raises:
            ArgumentError: If the database cannot be opened or is not a games database.
        """
        self._path = path
        self._synchronous = synchronous
        self._closed = False
        self._inline: sqlite3.Connection | None = None
        if synchronous != "FULL":
            try:
                self._inline = self._open()
            except (sqlite3.Error, ArgumentError) as error:
                raise ArgumentError(
                    f"cannot use {path!r} as a games database: {error}", path="database"
                ) from error
            if path != ":memory:":
                # Checkpoints (copying the log into the database, with a disk flush) run
                # on a thread of their own, never in a commit on the event loop.
                self._inline.execute("PRAGMA wal_autocheckpoint = 0")
                self._stop = threading.Event()
                self._checkpointer = threading.Thread(
                    target=self._checkpoint, name="guarda-checkpoint", daemon=True
                )
                self._checkpointer.start()
            return
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        opened: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._thread = threading.Thread(
            target=self._run, args=(opened,), name="guarda-store", daemon=True
        )
        self._thread.start()
        try:
            opened.result()
        except (sqlite3.Error, ArgumentError) as error:
            self._thread.join()
            raise ArgumentError(
                f"cannot use {path!r} as a games database: {error}", path="database"
            ) from error

    # -- the database thread -------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute(f"PRAGMA synchronous = {self._synchronous}")
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA busy_timeout = 5000")
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            connection.close()
            raise ArgumentError(
                f"database schema version {version}, this server reads {SCHEMA_VERSION}",
                path="database",
            )
        connection.executescript(_SCHEMA)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return connection

    def _run(self, opened: concurrent.futures.Future[None]) -> None:
        try:
            connection = self._open()
        except (sqlite3.Error, ArgumentError) as error:
            opened.set_exception(error)
            return
        opened.set_result(None)
        try:
            while True:
                job = self._jobs.get()
                if job is None:
                    return
                batch = [job]
                stop = False
                while len(batch) < _BATCH:
                    try:
                        more = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    batch.append(more)
                self._execute(connection, batch)
                if stop:
                    return
        finally:
            connection.close()

    @staticmethod
    def _execute(connection: sqlite3.Connection, batch: list[_Job]) -> None:
        """Run reads alone and all writes in one transaction, then resolve the futures."""
        outcomes: list[tuple[_Job, bool, Any]] = []
        writes = [job for job in batch if job.write]
        for job in batch:
            if not job.write:
                try:
                    outcomes.append((job, True, job.run(connection)))
                except Exception as error:
                    outcomes.append((job, False, error))
        if writes:
            try:
                connection.execute("BEGIN IMMEDIATE")
                done: list[tuple[_Job, bool, Any]] = []
                for job in writes:
                    connection.execute("SAVEPOINT job")
                    try:
                        result = job.run(connection)
                    except Exception as error:
                        connection.execute("ROLLBACK TO job")
                        connection.execute("RELEASE job")
                        done.append((job, False, error))
                    else:
                        connection.execute("RELEASE job")
                        done.append((job, True, result))
                connection.execute("COMMIT")
                outcomes.extend(done)
            except sqlite3.Error as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                outcomes.extend((job, False, error) for job in writes)
        for job, ok, value in outcomes:
            if ok:
                job.future.set_result(value)
            else:
                job.future.set_exception(value)

    # -- submitting work -----------------------------------------------------------------

    def _submit(
        self, run: Callable[[sqlite3.Connection], T], *, write: bool
    ) -> concurrent.futures.Future[T]:
        if self._closed:
            raise ArgumentError("the games database is closed", path="database")
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self._jobs.put(_Job(run, future, write))
        return future

    def read(self, run: Callable[[sqlite3.Connection], T]) -> T:
        """Run a read and wait for it (for start-up and rare reads)."""
        if self._inline is not None:
            if self._closed:
                raise ArgumentError("the games database is closed", path="database")
            return run(self._inline)
        return self._submit(run, write=False).result()

    async def write(self, run: Callable[[sqlite3.Connection], T]) -> T:
        """Run a write in a transaction; return once it is committed."""
        connection = self._inline
        if connection is None:
            return await asyncio.wrap_future(self._submit(run, write=True))
        if self._closed:
            raise ArgumentError("the games database is closed", path="database")
        connection.execute("BEGIN IMMEDIATE")
        try:
            result = run(connection)
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
        return result

    def _checkpoint(self) -> None:
        """Copy the write-ahead log into the database every so often (PASSIVE: never in
        the way of a writer), and truncate it at the end."""
        connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(_CHECKPOINT_EVERY):
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
            with contextlib.suppress(sqlite3.Error):
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            connection.close()

    def close(self) -> None:
        """Finish the queued work and close the database (idempotent)."""
        if self._closed:
            return
        self._closed = True
        if self._inline is not None:
            self._inline.close()
            if self._path != ":memory:":
                self._stop.set()
                self._checkpointer.join()
            return
        self._jobs.put(None)
        self._thread.join()

    # -- games ---------------------------------------------------------------------------

    async def insert_game(self, game: StoredGame) -> None:
        """Store a new game (no actions yet)."""

        def run(connection: sqlite3.Connection) -> None:
            connection.execute(
                "INSERT INTO games (id, created, config, seed, seats, options) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game.id, game.created, game.config, str(game.seed), game.seats, game.options),
            )

        await self.write(run)

    async def append_action(
        self, game: str, ply: int, action: str, *, finished: str | None
    ) -> bool:
        """Store action number ``ply`` of a game (and when it finished, if it did).

        Returns:
            True once committed; False (nothing stored) if the game already has an action
            ``ply``.
        """

        def run(connection: sqlite3.Connection) -> bool:
            try:
                connection.execute(
                    "INSERT INTO actions (game, ply, action) VALUES (?, ?, ?)",
                    (game, ply, action),
                )
            except sqlite3.IntegrityError as error:
                if error.sqlite_errorname == "SQLITE_CONSTRAINT_PRIMARYKEY":
                    return False
                raise
            if finished is not None:
                connection.execute("UPDATE games SET finished = ? WHERE id = ?", (finished, game))
            return True

        return await self.write(run)

    async def abandon(self, game: str, when: str, *, idle: float = 0.0) -> bool:
        """Mark a game in progress as ended without an outcome (abandoned): it stays in
        the database as a record, and is no longer among the running games. (``idle``
        is for the shared store: here the server's own clock decided.)

        Returns:
            Whether the game was abandoned (False if it had ended already).
        """
        del idle

        def run(connection: sqlite3.Connection) -> bool:
            cursor = connection.execute(
                "UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL", (when, game)
            )
            return cursor.rowcount == 1

        return await self.write(run)

    async def actions_after(self, game: str, ply: int) -> tuple[list[str], str | None]:
        """The actions of a game after ply ``ply``, in order, and when it finished."""

        def run(connection: sqlite3.Connection) -> tuple[list[str], str | None]:
            row = connection.execute("SELECT finished FROM games WHERE id = ?", (game,))
            found = row.fetchone()
            actions = connection.execute(
                "SELECT action FROM actions WHERE game = ? AND ply > ? ORDER BY ply", (game, ply)
            ).fetchall()
            return [text for (text,) in actions], None if found is None else found[0]

        return self.read(run)

    def listen(
        self,
        loop: asyncio.AbstractEventLoop,
        moved: Callable[[str, int], None],
        resync: Callable[[], None],
    ) -> None:
        """Nothing to listen to: only this process writes the database."""
        del loop, moved, resync

    @staticmethod
    def _game(connection: sqlite3.Connection, row: tuple[Any, ...]) -> StoredGame:
        identifier, created, config, seed, seats, options, finished = row
        actions = tuple(
            text
            for (text,) in connection.execute(
                "SELECT action FROM actions WHERE game = ? ORDER BY ply", (identifier,)
            )
        )
        return StoredGame(
            identifier, created, config, int(seed), seats, options, actions, finished
        )

    _COLUMNS: Final = "id, created, config, seed, seats, options, finished"

    def running_games(self) -> list[StoredGame]:
        """Every game that has not ended, oldest first, with its actions."""

        def run(connection: sqlite3.Connection) -> list[StoredGame]:
            rows = connection.execute(
                f"SELECT {self._COLUMNS} FROM games WHERE finished IS NULL ORDER BY created, id"
            ).fetchall()
            return [self._game(connection, row) for row in rows]

        return self.read(run)

    def game(self, identifier: str) -> StoredGame | None:
        """One game with its actions, or None if there is no such game."""

        def run(connection: sqlite3.Connection) -> StoredGame | None:
            row = connection.execute(
                f"SELECT {self._COLUMNS} FROM games WHERE id = ?", (identifier,)
            ).fetchone()
            return None if row is None else self._game(connection, row)

        return self.read(run)
