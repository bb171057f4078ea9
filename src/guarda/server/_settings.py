"""The server's settings: where games are stored, what it listens on, and its limits."""

from __future__ import annotations

import math
from typing import Final, Literal

import attrs

from guarda import Shuffle
from guarda.errors import ArgumentError

__all__ = ["LOOPBACK_HOSTS", "Settings"]

Synchronous = Literal["NORMAL", "FULL"]
"""SQLite's ``synchronous`` setting (in WAL mode): see [`Settings.synchronous`][guarda.server.Settings.synchronous]."""  # noqa: E501


def _positive_int(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ArgumentError(
            f"{attribute.name} must be a positive integer, not {value!r}", path=attribute.name
        )


def _seconds(_instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not math.isfinite(value)
        or value < 0
    ):
        raise ArgumentError(
            f"{attribute.name} must be a finite number of seconds, not {value!r}",
            path=attribute.name,
        )


def _text(_instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value:
        raise ArgumentError(f"{attribute.name} must be a non-empty string", path=attribute.name)


def _rate(_instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ArgumentError(
            f"{attribute.name} must be a positive finite number, not {value!r}",
            path=attribute.name,
        )


def _non_negative_int(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ArgumentError(
            f"{attribute.name} must be an integer of at least 0, not {value!r}",
            path=attribute.name,
        )


def _names(_instance: object, attribute: attrs.Attribute[tuple[str, ...]], value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(n, str) and n for n in value):
        raise ArgumentError(
            f"{attribute.name} must be a tuple of non-empty strings", path=attribute.name
        )


def _optional_text(
    _instance: object, attribute: attrs.Attribute[str | None], value: object
) -> None:
    if value is not None and (not isinstance(value, str) or not value):
        raise ArgumentError(f"{attribute.name} must be a non-empty string", path=attribute.name)


def _token(_instance: object, _attribute: attrs.Attribute[str | None], value: object) -> None:
    if value is not None and (not isinstance(value, str) or len(value) < 16):
        raise ArgumentError(
            "admin_token must be at least 16 characters (or None)", path="admin_token"
        )


def _to_shuffle(value: object) -> Shuffle:
    if isinstance(value, str):
        try:
            return Shuffle(value)
        except ValueError:
            pass
    raise ArgumentError(
        f"shuffle must be one of {', '.join(s.value for s in Shuffle)}, not {value!r}",
        path="shuffle",
    )


LOOPBACK_HOSTS: Final = ("127.0.0.1", "localhost", "::1", "[::1]")
"""The host names a server answers to by default: this machine's loopback names."""


def _synchronous(_instance: object, _attribute: object, value: object) -> None:
    if value not in ("NORMAL", "FULL"):
        raise ArgumentError(
            f'synchronous must be "NORMAL" or "FULL", not {value!r}', path="synchronous"
        )


@attrs.frozen
class Settings:
    """How a [`GameServer`][guarda.server.GameServer] stores games and what it allows.

    Every limit protects the server from a client that sends too much: a message longer
    than ``max_message_bytes`` closes its connection, a client that does not read its
    messages fast enough is disconnected once ``outbox_limit`` messages wait for it (it
    may reconnect and resume), and games, spectators and connections are capped.

    Examples:
        >>> Settings(database="games.db").port
        8000
        >>> Settings(max_message_bytes=0)
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: max_message_bytes: max_message_bytes must be a positive integer, not 0
    """  # noqa: E501

    database: str = attrs.field(default="guarda-games.db", validator=_text)
    """The SQLite database file (created if missing; ``":memory:"`` keeps nothing), or
    a PostgreSQL URL (``postgresql://user@host/dbname``; the ``server-postgres`` extra),
    which several server processes may share: see "More than one process" in the guide."""
    host: str = attrs.field(default="127.0.0.1", validator=_text)
    """The address to listen on (``guarda serve``)."""
    port: int = attrs.field(default=8000, validator=_positive_int)
    """The TCP port to listen on (``guarda serve``)."""
    synchronous: Synchronous = attrs.field(default="NORMAL", validator=_synchronous)
    """SQLite's ``synchronous`` pragma in WAL mode. ``"NORMAL"``: a committed action
    survives the server process being killed (the operating system holds it);
    ``"FULL"``: it also survives a power failure, at the cost of a disk flush per
    commit (commits are grouped, so the cost is shared by concurrent games)."""
    max_message_bytes: int = attrs.field(default=65_536, validator=_positive_int)
    """The longest message a client may send, in bytes; a longer one closes the
    connection (WebSocket close code 1009)."""
    max_request_bytes: int = attrs.field(default=262_144, validator=_positive_int)
    """The largest HTTP request body (a new game with a custom configuration)."""
    max_games: int = attrs.field(default=2_000, validator=_positive_int)
    """Games in progress at most; creating one more is refused."""
    max_connections: int = attrs.field(default=10_000, validator=_positive_int)
    """Open WebSocket connections at most, over all games."""
    max_spectators: int = attrs.field(default=64, validator=_positive_int)
    """Spectator connections per game at most."""
    max_hand_size: int = attrs.field(default=10, validator=_positive_int)
    """The largest hand a configuration may have: a hand of ``n`` different cards has
    up to ``2**n - 1`` attacks, all listed in a view."""
    outbox_limit: int = attrs.field(default=512, validator=_positive_int)
    """Messages waiting to be sent to one client at most; past that it is disconnected."""
    bot_workers: int = attrs.field(default=4, validator=_positive_int)
    """Threads that run bots, off the event loop."""
    bot_time_budget: float = attrs.field(default=10.0, validator=_seconds)
    """Seconds a bot may take for one decision; a later answer is a fault and a random
    legal action is played instead (the runner's ``"fallback"`` policy)."""
    max_bot_delay: float = attrs.field(default=5.0, validator=_seconds)
    """The longest pause before each bot decision a game may ask for (so people can
    follow the bots' moves)."""
    finished_in_memory: int = attrs.field(default=256, validator=_positive_int)
    """Finished games kept in memory; older ones are read from the database again when
    asked for (replayed on a worker thread, never on the event loop)."""

    # -- limits for a server open to strangers (see "Running a public server") --------
    create_rate: float = attrs.field(default=6.0, validator=_rate)
    """Games one client (IP address) may create per minute, on average."""
    create_burst: int = attrs.field(default=10, validator=_positive_int)
    """Games one client may create at once before ``create_rate`` applies (a token
    bucket of this size); past it, ``429 Too Many Requests`` with ``Retry-After``."""
    connect_rate: float = attrs.field(default=60.0, validator=_rate)
    """WebSocket connections one client may open per minute, on average."""
    connect_burst: int = attrs.field(default=30, validator=_positive_int)
    """WebSocket connections one client may open at once before ``connect_rate``
    applies; past it, the upgrade is refused with ``429`` and ``Retry-After``."""
    rate_limit_clients: int = attrs.field(default=10_000, validator=_positive_int)
    """Clients whose rate limits are remembered at most (the least recently seen are
    forgotten first), so the memory of the limits is bounded."""
    hello_timeout: float = attrs.field(default=10.0, validator=_rate)
    """Seconds a new WebSocket has to say ``hello``; then it is closed (code 1008)."""
    game_expiry: float = attrs.field(default=3_600.0, validator=_rate)
    """Seconds a game in progress may go without an action and without a connected
    client; then it is abandoned: it stays in the database as a record but is no longer
    a running game (nor counted in ``max_games``), also after a restart."""
    finished_expiry: float = attrs.field(default=600.0, validator=_rate)
    """Seconds a finished game without connected clients stays in memory (it is read
    from the database again when asked for)."""
    descriptor_reserve: int = attrs.field(default=64, validator=_non_negative_int)
    """File descriptors kept free for the database, the log and HTTP: WebSocket
    connections are capped at the process's descriptor limit (``ulimit -n``) minus
    this, and at ``max_connections``."""
    admin_token: str | None = attrs.field(default=None, validator=_token)
    """If set, creating a game needs ``Authorization: Bearer <token>`` (a private
    server); None lets anyone create games, within the rate limits."""
    allowed_hosts: tuple[str, ...] = attrs.field(default=LOOPBACK_HOSTS, validator=_names)
    """The host names (``Host`` header, without the port) the server answers to;
    others get ``400`` (a defence against DNS rebinding). ``"*"`` allows any."""
    allowed_origins: tuple[str, ...] = attrs.field(default=(), validator=_names)
    """Origins (``https://example.org``) whose pages may create games and open
    WebSockets, besides the server's own pages (an ``Origin`` whose host is an allowed
    host). A request without ``Origin`` (not from a browser) is accepted."""
    shuffle: Shuffle = attrs.field(default=Shuffle.SHA256, converter=_to_shuffle)
    """The generator that deals the games this server creates (it replaces the one a
    request's configuration names): [`Shuffle.SHA256`][guarda.Shuffle], the default,
    keyed by the secret seed and salt (64 + 128 bits from ``secrets``), so a player who
    sees cards cannot compute the cards still hidden; ``"splitmix64"`` deals as
    `guarda.new_game` does by default (reproducible from the seed alone, but its 64-bit
    state can in principle be recovered from enough seen cards). Games already stored keep
    the generator they were dealt with."""
    forwarded_allow_ips: str | None = attrs.field(default=None, validator=_optional_text)
    """Addresses of reverse proxies whose ``X-Forwarded-For`` is trusted for the client
    address (comma-separated, uvicorn's ``forwarded_allow_ips``); None trusts none, and
    the client is the address of the TCP connection."""
