"""Games in PostgreSQL, shared by several server processes.

The same tables as the SQLite store (``games``, ``actions``), and the same promise: a
write returns only once its transaction is committed, and the server acknowledges an
action only then. What PostgreSQL adds is that several ``guarda serve`` processes may
use one database at once:

- **One action per ply.** Storing action ``ply`` of a game (one statement, one round
  trip: see ``_APPEND``) locks the game's row while it is not finished (``SELECT ...
  FOR UPDATE``) and inserts into ``actions``, whose primary key is ``(game, ply)``: of
  two processes that both try to take ply ``n``, one commits and the other is told the
  ply is taken (and catches up); an action is never stored for a game that has ended.
- **Moves reach every process.** The same transaction sends ``NOTIFY guarda_actions``
  with ``"<game> <ply>"``; PostgreSQL delivers it at commit to every process that
  listens, which reads the new actions, replays them and sends its own clients their
  updates. A listener that loses its connection reconnects and catches up every game.
- **Durable.** PostgreSQL's default ``synchronous_commit = on`` flushes the log before
  a commit returns: an acknowledged action survives the server process, and the
  database's, being killed.

Reads run on the caller's thread on a connection of their own; writes run on a small
pool of threads, each with its own connection, so one slow commit never holds up the
event loop. The driver is psycopg 3 (the ``server-postgres`` extra).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import threading
from collections.abc import Callable
from typing import Any, Final, TypeVar

from guarda.errors import ArgumentError
from guarda.server._store import StoredGame

try:
    import psycopg
except ImportError:  # pragma: no cover - depends on the installed extras
    driver: Any = None
else:
    driver = psycopg

__all__ = ["CHANNEL", "SCHEMES", "PostgresStore", "is_postgres_url"]

T = TypeVar("T")

log = logging.getLogger("guarda.server")

SCHEMES: Final = ("postgresql://", "postgres://")
"""How a PostgreSQL database URL starts (``--database postgresql://user@host/db``)."""

CHANNEL: Final = "guarda_actions"
"""The channel of the notifications: one per stored action, ``"<game> <ply>"``."""

SCHEMA_VERSION: Final = 1
"""The database schema version (the ``guarda_meta`` table's ``schema`` row)."""

_LOCK_KEY: Final = 0x6775617264610001
"""The advisory lock that serializes the creation of the schema by processes that start
together."""

_SCHEMA: Final = (
    "CREATE TABLE IF NOT EXISTS guarda_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS games ("
    " id TEXT PRIMARY KEY, created TEXT NOT NULL, config TEXT NOT NULL, seed TEXT NOT NULL,"
    " seats TEXT NOT NULL, options TEXT NOT NULL, finished TEXT,"
    " updated TIMESTAMPTZ NOT NULL DEFAULT now())",
    "CREATE TABLE IF NOT EXISTS actions ("
    " game TEXT NOT NULL REFERENCES games (id), ply INTEGER NOT NULL CHECK (ply >= 1),"
    " action TEXT NOT NULL, PRIMARY KEY (game, ply))",
    "CREATE INDEX IF NOT EXISTS games_running ON games (finished)",
)

_WRITERS: Final = 4
"""Threads (each with its connection) that commit writes."""

_RETRY: Final = 1.0
"""Seconds the listener waits before it connects again after losing its connection."""

_COLUMNS: Final = "id, created, config, seed, seats, options, finished"

_APPEND: Final = """
WITH running AS (
    SELECT id FROM games WHERE id = %(game)s AND finished IS NULL FOR UPDATE
), stored AS (
    INSERT INTO actions (game, ply, action)
    SELECT id, %(ply)s, %(action)s FROM running
    WHERE NOT EXISTS (SELECT 1 FROM actions WHERE game = %(game)s AND ply >= %(ply)s)
    ON CONFLICT (game, ply) DO NOTHING
    RETURNING game, ply
), touched AS (
    UPDATE games SET updated = now(), finished = %(finished)s
    WHERE id IN (SELECT game FROM stored)
)
SELECT pg_notify(%(channel)s, game || ' ' || ply) FROM stored
"""
"""Store an action in one statement (one round trip, its own transaction), or nothing.

The game's row lock (``running``) serializes the game's writers: a second one waits
there until the first commits, and is refused if the first action ended the game. The
check for a later ply reads the statement's snapshot, taken before that wait, so the
primary key settles a race for the same ply: ``ON CONFLICT`` waits for the other
writer's commit and then stores nothing. The update of the game's row and the
notification happen only when the action was stored; a row comes back only then."""


def is_postgres_url(database: str) -> bool:
    """Whether a ``database`` setting names a PostgreSQL database rather than a file.

    Examples:
        >>> is_postgres_url("postgresql://guarda@db.example.org/games")
        True
        >>> is_postgres_url("games.db")
        False
    """
    return database.startswith(SCHEMES)


class PostgresStore:
    """A PostgreSQL database of games that several server processes share (see the
    module for how actions are serialized and announced)."""

    shared: Final = True
    """Other processes may change the games: running games are read on demand, and
    moves made elsewhere arrive by notification."""

    def __init__(self, url: str) -> None:
        """Connect, and create the tables if they are missing.

        Raises:
            ArgumentError: If psycopg is not installed, or the database cannot be used.
        """
        if driver is None:
            raise ArgumentError(
                "a PostgreSQL database needs psycopg: pip install 'guarda[server-postgres]'",
                path="database",
            )
        self._url = url
        self._closed = False
        self._connections: list[Any] = []
        self._opened = threading.Lock()
        self._local = threading.local()
        self._read_lock = threading.Lock()
        try:
            self._reader = self._connect()
            self._create_schema()
        except driver.Error as error:
            self._close_connections()
            raise ArgumentError(
                f"cannot use {_safe(url)} as a games database: {error}".strip(),
                path="database",
            ) from error
        self._writers = concurrent.futures.ThreadPoolExecutor(
            max_workers=_WRITERS, thread_name_prefix="guarda-postgres"
        )
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None

    # -- connections -----------------------------------------------------------------

    def _connect(self) -> Any:
        connection = driver.connect(self._url, autocommit=True, application_name="guarda")
        with self._opened:
            self._connections.append(connection)
        return connection

    def _writer(self) -> Any:
        connection = getattr(self._local, "connection", None)
        if connection is None or connection.closed:
            connection = self._local.connection = self._connect()
        return connection

    def _create_schema(self) -> None:
        with self._reader.transaction():
            self._reader.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
            for statement in _SCHEMA:
                self._reader.execute(statement)
            row = self._reader.execute(
                "SELECT value FROM guarda_meta WHERE key = 'schema'"
            ).fetchone()
            if row is None:
                self._reader.execute(
                    "INSERT INTO guarda_meta (key, value) VALUES ('schema', %s)",
                    (str(SCHEMA_VERSION),),
                )
            elif row[0] != str(SCHEMA_VERSION):
                raise ArgumentError(
                    f"database schema version {row[0]}, this server reads {SCHEMA_VERSION}",
                    path="database",
                )

    def _close_connections(self) -> None:
        with self._opened:
            connections, self._connections = self._connections, []
        for connection in connections:
            with contextlib.suppress(Exception):
                connection.close()

    def close(self) -> None:
        """Stop listening, finish the writes under way and disconnect (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        self._writers.shutdown(wait=True)
        if self._listener is not None:
            self._listener.join(timeout=5)
        self._close_connections()

    # -- running work ----------------------------------------------------------------

    def read(self, run: Callable[[Any], T]) -> T:
        """Run a read on the reading connection and wait for it."""
        if self._closed:
            raise ArgumentError("the games database is closed", path="database")
        with self._read_lock:
            return run(self._reader)

    async def write(self, run: Callable[[Any], T]) -> T:
        """Run ``run`` in a transaction on a writer thread; return once it is committed."""
        if self._closed:
            raise ArgumentError("the games database is closed", path="database")

        def job() -> T:
            connection = self._writer()
            with connection.transaction():
                return run(connection)

        return await asyncio.get_running_loop().run_in_executor(self._writers, job)

    async def _write_one(self, run: Callable[[Any], T]) -> T:
        """Run ``run``, a single statement (a transaction of its own: the connections
        are in autocommit mode), on a writer thread; return once it is committed. One
        round trip to the database instead of three for a ``BEGIN`` and a ``COMMIT``."""
        if self._closed:
            raise ArgumentError("the games database is closed", path="database")

        def job() -> T:
            return run(self._writer())

        return await asyncio.get_running_loop().run_in_executor(self._writers, job)

    # -- listening -------------------------------------------------------------------

    def listen(
        self,
        loop: asyncio.AbstractEventLoop,
        moved: Callable[[str, int], None],
        resync: Callable[[], None],
    ) -> None:
        """Call ``moved(game, ply)`` on ``loop`` for every action any process stores, and
        ``resync()`` each time listening (re)starts (notifications may have been missed)."""
        if self._listener is not None:
            return
        self._listener = threading.Thread(
            target=self._listen, args=(loop, moved, resync), name="guarda-listen", daemon=True
        )
        self._listener.start()

    def _listen(
        self,
        loop: asyncio.AbstractEventLoop,
        moved: Callable[[str, int], None],
        resync: Callable[[], None],
    ) -> None:
        while not self._stop.is_set():
            try:
                connection = self._connect()
                try:
                    connection.execute(f"LISTEN {CHANNEL}")
                    _call(loop, resync)
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=0.25):
                            game, _, ply = notice.payload.rpartition(" ")
                            if game and ply.isdigit():
                                _call(loop, moved, game, int(ply))
                finally:
                    with self._opened:
                        if connection in self._connections:
                            self._connections.remove(connection)
                    connection.close()
            except driver.Error as error:
                if self._stop.is_set():
                    return
                log.warning("listening for moves failed (%s); connecting again", error)
                self._stop.wait(_RETRY)

    # -- games -----------------------------------------------------------------------

    async def insert_game(self, game: StoredGame) -> None:
        """Store a new game (no actions yet)."""

        def run(connection: Any) -> None:
            connection.execute(
                "INSERT INTO games (id, created, config, seed, seats, options) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (game.id, game.created, game.config, str(game.seed), game.seats, game.options),
            )

        await self.write(run)

    async def append_action(
        self, game: str, ply: int, action: str, *, finished: str | None
    ) -> bool:
        """Store action number ``ply`` of a game (and when it finished, if it did), and
        announce it to every listening process.

        Returns:
            True once committed; False (nothing stored) if the game already has an action
            ``ply`` (another process took it first) or has ended.
        """

        def run(connection: Any) -> bool:
            row = connection.execute(
                _APPEND,
                {
                    "game": game,
                    "ply": ply,
                    "action": action,
                    "finished": finished,
                    "channel": CHANNEL,
                },
            ).fetchone()
            return row is not None

        return await self._write_one(run)

    async def abandon(self, game: str, when: str, *, idle: float = 0.0) -> bool:
        """Mark a game in progress as ended without an outcome, unless any process
        stored an action for it in the last ``idle`` seconds.

        Returns:
            Whether the game was abandoned.
        """

        def run(connection: Any) -> bool:
            cursor = connection.execute(
                "UPDATE games SET finished = %s WHERE id = %s AND finished IS NULL "
                "AND updated <= now() - make_interval(secs => %s)",
                (when, game, idle),
            )
            return bool(cursor.rowcount == 1)

        return await self.write(run)

    async def actions_after(self, game: str, ply: int) -> tuple[list[str], str | None]:
        """The actions of a game after ply ``ply``, in order, and when it finished."""

        def run(connection: Any) -> tuple[list[str], str | None]:
            row = connection.execute("SELECT finished FROM games WHERE id = %s", (game,))
            found = row.fetchone()
            actions = connection.execute(
                "SELECT action FROM actions WHERE game = %s AND ply > %s ORDER BY ply",
                (game, ply),
            ).fetchall()
            return [text for (text,) in actions], None if found is None else found[0]

        return await self.write(run)

    @staticmethod
    def _game(connection: Any, row: tuple[Any, ...]) -> StoredGame:
        identifier, created, config, seed, seats, options, finished = row
        actions = tuple(
            text
            for (text,) in connection.execute(
                "SELECT action FROM actions WHERE game = %s ORDER BY ply", (identifier,)
            ).fetchall()
        )
        return StoredGame(
            identifier, created, config, int(seed), seats, options, actions, finished
        )

    def running_games(self) -> list[StoredGame]:
        """Every game that has not ended, oldest first, with its actions."""

        def run(connection: Any) -> list[StoredGame]:
            with connection.transaction():
                rows = connection.execute(
                    f"SELECT {_COLUMNS} FROM games WHERE finished IS NULL ORDER BY created, id"
                ).fetchall()
                return [self._game(connection, row) for row in rows]

        return self.read(run)

    def game(self, identifier: str) -> StoredGame | None:
        """One game with its actions, or None if there is no such game."""

        def run(connection: Any) -> StoredGame | None:
            with connection.transaction():
                row = connection.execute(
                    f"SELECT {_COLUMNS} FROM games WHERE id = %s", (identifier,)
                ).fetchone()
                return None if row is None else self._game(connection, row)

        return self.read(run)


def _call(loop: asyncio.AbstractEventLoop, function: Callable[..., None], *args: Any) -> None:
    """Call ``function`` on the event loop, unless the loop has closed meanwhile."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(function, *args)


def _safe(url: str) -> str:
    """A database URL without its password, for messages.

    Examples:
        >>> _safe("postgresql://guarda:secret@db/games")
        'postgresql://guarda:***@db/games'
    """
    scheme, _, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{place}"
