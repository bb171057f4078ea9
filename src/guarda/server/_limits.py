"""Limits for a server open to strangers: rate limits per client, the connection cap.

A [`RateLimiter`][guarda.server._limits.RateLimiter] keeps a token bucket per client
address in a bounded LRU (the least recently seen client is forgotten first), so a flood
of addresses costs bounded memory. [`connection_cap`][guarda.server._limits.connection_cap]
derives the number of WebSocket connections from the process's descriptor limit, so the
server refuses connections cleanly before ``accept()`` runs out of descriptors, and
[`QuietFilter`][guarda.server._limits.QuietFilter] keeps a burst of identical log lines
(asyncio's "out of system resource" on every accept) from flooding the log.
"""

from __future__ import annotations

import asyncio
import logging
import math
import resource
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

import attrs
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "QuietFilter",
    "RateLimiter",
    "connection_cap",
    "descriptor_limit",
    "header_timeout_protocol",
    "retry_after",
]

Clock = Callable[[], float]
"""Seconds from a monotonic clock (``time.monotonic``; tests pass a fake one)."""


@attrs.define
class _Bucket:
    tokens: float
    at: float


class RateLimiter:
    """A token bucket per client: ``burst`` at once, then ``rate`` per minute.

    Examples:
        >>> now = [0.0]
        >>> limiter = RateLimiter(rate=60.0, burst=2, clients=100, clock=lambda: now[0])
        >>> [limiter.take("10.0.0.1") for _ in range(3)]
        [0.0, 0.0, 1.0]
        >>> now[0] = 1.0
        >>> limiter.take("10.0.0.1"), limiter.take("10.0.0.2")
        (0.0, 0.0)
    """

    def __init__(
        self, *, rate: float, burst: int, clients: int, clock: Clock = time.monotonic
    ) -> None:
        """A limiter with no client yet.

        Args:
            rate: Tokens added per minute to each client's bucket.
            burst: The size of each bucket (full for a new client).
            clients: Buckets kept at most; the least recently used is dropped first.
            clock: Where the time comes from.
        """
        self._per_second = rate / 60.0
        self._burst = float(burst)
        self._clients = clients
        self._clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, client: str) -> float:
        """Take one token from the client's bucket.

        Returns:
            0.0 if the client may go on (a token was taken), else the seconds until a
            token is there again (nothing is taken).
        """
        now = self._clock()
        bucket = self._buckets.get(client)
        if bucket is None:
            bucket = self._buckets[client] = _Bucket(self._burst, now)
            while len(self._buckets) > self._clients:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(client)
            elapsed = max(0.0, now - bucket.at)
            bucket.tokens = min(self._burst, bucket.tokens + elapsed * self._per_second)
            bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self._per_second


def descriptor_limit() -> int | None:
    """The process's soft limit on open file descriptors, or None if unlimited."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


MIN_CONNECTIONS: Final = 8
"""The connection cap never goes below this, however low the descriptor limit."""


def connection_cap(maximum: int, reserve: int, limit: int | None) -> int:
    """WebSocket connections allowed at most.

    Args:
        maximum: The ``max_connections`` setting.
        reserve: Descriptors kept for everything else (``descriptor_reserve``).
        limit: The descriptor limit (see [`descriptor_limit`][guarda.server._limits.descriptor_limit]).

    Examples:
        >>> connection_cap(10_000, 64, 256)
        192
        >>> connection_cap(10_000, 64, None), connection_cap(100, 64, 1024)
        (10000, 100)
    """  # noqa: E501
    if limit is None:
        return maximum
    return max(MIN_CONNECTIONS, min(maximum, limit - reserve))


def retry_after(seconds: float) -> str:
    """A ``Retry-After`` header value: whole seconds, at least 1.

    Examples:
        >>> retry_after(0.2), retry_after(9.5)
        ('1', '10')
    """
    return str(max(1, math.ceil(seconds)))


class QuietFilter(logging.Filter):
    """Lets through at most one record per ``interval`` seconds for each message text
    (the rest are counted, and the count is added to the next one let through)."""

    def __init__(self, interval: float = 10.0, clock: Clock = time.monotonic) -> None:
        """A filter that has seen nothing yet."""
        super().__init__()
        self._interval = interval
        self._clock = clock
        self._last: OrderedDict[str, tuple[float, int]] = OrderedDict()

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether to log ``record``."""
        key = str(record.msg)
        now = self._clock()
        last = self._last.get(key)
        if last is not None and now - last[0] < self._interval:
            self._last[key] = (last[0], last[1] + 1)
            return False
        if last is not None and last[1]:
            record.msg = f"{record.msg} (and {last[1]} more like it, not logged)"
        self._last[key] = (now, 0)
        self._last.move_to_end(key)
        while len(self._last) > 256:
            self._last.popitem(last=False)
        return True


def header_timeout_protocol(seconds: float) -> type[H11Protocol]:
    """uvicorn's HTTP protocol (h11), closing a connection that sends nothing at all
    within ``seconds`` of being accepted.

    uvicorn times out an idle connection only after a response (keep-alive): a TCP
    connection that never sends a byte would hold its descriptor for ever. This starts
    uvicorn's own keep-alive timer as soon as the connection is made, with ``seconds``;
    the first byte received cancels it, as it cancels the keep-alive timer.

    Examples:
        >>> header_timeout_protocol(10.0).header_timeout
        10.0
    """

    class HeaderTimeout(H11Protocol):
        header_timeout: float = seconds

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            self.timeout_keep_alive_task = self.loop.call_later(
                self.header_timeout, self.timeout_keep_alive_handler
            )

    return HeaderTimeout
