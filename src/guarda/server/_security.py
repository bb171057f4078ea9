"""What a browser needs to keep other sites out: trusted hosts, origins, headers.

[`Guard`][guarda.server._security.Guard] wraps the web application (an ASGI middleware,
so it sees every HTTP request and every WebSocket upgrade):

- the ``Host`` header must name an allowed host (``400`` otherwise): a page on a
  foreign name that resolves to this server (DNS rebinding) cannot read it;
- a ``POST`` must be ``Content-Type: application/json`` (``415``): a foreign page's
  form cannot send one without asking the browser for permission first (CORS);
- a ``POST`` and a WebSocket upgrade with an ``Origin`` must come from the server's own
  pages or an allowed origin (``403``); no ``Origin`` (a program, not a browser) is fine;
- every HTTP answer carries a Content Security Policy without inline script, and
  ``X-Frame-Options``, ``X-Content-Type-Options`` and ``Referrer-Policy`` headers.
"""

from __future__ import annotations

import hmac
import urllib.parse
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final

import orjson

__all__ = ["CSP", "SECURITY_HEADERS", "Guard", "bearer_matches", "host_name"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The Content Security Policy of every answer: the server's own files only, no inline
script, never in a frame."""

SECURITY_HEADERS: Final = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
"""The headers added to every HTTP answer."""

CLOSE_POLICY: Final = 1008
"""WebSocket close code: refused by policy (before the upgrade: HTTP 403)."""


def host_name(value: str) -> str:
    """A ``Host`` header's (or an origin's netloc's) name, without the port, lower case.

    Examples:
        >>> host_name("LocalHost:8000"), host_name("[::1]:80"), host_name("127.0.0.1")
        ('localhost', '[::1]', '127.0.0.1')
    """
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        return value if end < 0 else value[: end + 1]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def bearer_matches(header: str | None, token: str) -> bool:
    """Whether an ``Authorization`` header is ``Bearer <token>`` (compared in constant
    time).

    Examples:
        >>> bearer_matches("Bearer s3cret-s3cret-s3cret", "s3cret-s3cret-s3cret")
        True
        >>> bearer_matches(None, "x"), bearer_matches("Basic eA==", "x")
        (False, False)
    """
    if header is None:
        return False
    scheme, _, given = header.partition(" ")
    if scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(given.strip().encode(), token.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {
        key.decode("latin-1").lower(): value.decode("latin-1")
        for key, value in scope.get("headers", ())
    }


class Guard:
    """The checks of the module around an ASGI application."""

    def __init__(self, app: ASGIApp, *, hosts: tuple[str, ...], origins: tuple[str, ...]) -> None:
        """Wrap ``app``.

        Args:
            app: The application.
            hosts: The allowed host names (``"*"``: any).
            origins: Origins allowed besides the server's own.
        """
        self._app = app
        self._any_host = "*" in hosts
        self._hosts = frozenset(host_name(host) for host in hosts)
        self._origins = frozenset(origin.rstrip("/").lower() for origin in origins)

    def _host_allowed(self, host: str | None) -> bool:
        if host is None:
            return False
        return self._any_host or host_name(host) in self._hosts

    def _origin_allowed(self, origin: str | None, host: str) -> bool:
        if origin is None:
            return True  # not a browser: nothing a foreign page could abuse
        origin = origin.strip().rstrip("/").lower()
        if origin in self._origins:
            return True
        parsed = urllib.parse.urlsplit(origin)
        return parsed.scheme in ("http", "https") and parsed.netloc == host.strip().lower()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check a request, then pass it on (HTTP answers get the security headers)."""
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self._app(scope, receive, send)
            return
        headers = _headers(scope)
        host = headers.get("host")
        if not self._host_allowed(host):
            await self._refuse(kind, send, 400, "this server does not answer to that host")
            return
        assert host is not None
        if kind == "websocket":
            if not self._origin_allowed(headers.get("origin"), host):
                await self._refuse(kind, send, 403, "connections from that origin are refused")
                return
            await self._app(scope, receive, send)
            return
        if scope.get("method") == "POST":
            if not self._origin_allowed(headers.get("origin"), host):
                await self._refuse(kind, send, 403, "requests from that origin are refused")
                return
            media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if media != "application/json":
                await self._refuse(kind, send, 415, "the body must be application/json")
                return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        await self._app(scope, receive, send_with_headers)

    @staticmethod
    async def _refuse(kind: str, send: Send, status: int, message: str) -> None:
        if kind == "websocket":
            await send({"type": "websocket.close", "code": CLOSE_POLICY, "reason": message})
            return
        error = {"class": "MessageError", "message": message, "path": "request", "rule": None}
        body = orjson.dumps({"error": error})
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    *SECURITY_HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
