"""Helpers for the server tests: a real server on a loopback port, and protocol clients.

Imported only by the ``test_server_*`` modules, after they skip without the ``server``
extra. The server runs with uvicorn in a thread of the test process (so a test can look
at the games it hosts), or as a subprocess (to kill it).
"""

from __future__ import annotations

import base64
import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import jsonschema
import uvicorn
from referencing import Registry, Resource
from websockets.sync.client import ClientConnection, connect

import guarda
import guarda.schemas
from guarda.bots import Agent
from guarda.server import GameServer, Settings, create_app, load_schema

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT_KINDS = ("config", "state", "action", "event", "view", "outcome", "record", "seat-record")


class Running:
    """A server listening on a loopback port."""

    def __init__(self, port: int, server: GameServer | None = None) -> None:
        self.port = port
        self.server = server
        self.base = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}/ws"

    def request(
        self, method: str, path: str, body: object = None, *, raw: bytes | None = None
    ) -> tuple[int, Any]:
        """An HTTP request; the status and the JSON answer."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def text(self, path: str) -> tuple[int, str]:
        """A GET request; the status and the text."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def create(self, request: Mapping[str, Any]) -> dict[str, Any]:
        status, answer = self.request("POST", "/api/games", dict(request))
        assert status == 201, answer
        assert isinstance(answer, dict)
        return answer


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(
    settings: Settings, *, bots: Mapping[str, Callable[[], Agent]] | None = None
) -> Iterator[Running]:
    """Run a game server with uvicorn in a thread of this process until the block ends."""
    hub = GameServer(settings, bots=bots)
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY on accepted sockets only then (else
    # Nagle's algorithm holds back a message written right after another, for 40 ms).
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(server=hub),
        ws_max_size=settings.max_message_bytes,
        log_level="warning",
        lifespan="on",
        proxy_headers=False,  # as guarda serve without --forwarded-allow-ips
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield Running(port, hub)
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()


def start_subprocess(database: Path | str, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``python -m guarda.server`` on a loopback port, waiting until it answers."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "guarda.server",
            "--database",
            str(database),
            "--port",
            str(port),
            "--log-level",
            "warning",
            *extra,
        ],
        env=env,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/info", timeout=2):
                return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise AssertionError("the server subprocess did not start") from None
            time.sleep(0.05)


class Player:
    """A protocol client over a real WebSocket: it records every message it receives."""

    def __init__(
        self,
        running: Running,
        game: str,
        token: str | None = None,
        since: int | None = None,
        *,
        svg: bool = False,
    ) -> None:
        self._stack = contextlib.ExitStack()
        self.socket: ClientConnection = self._stack.enter_context(
            connect(running.ws_url, max_size=2**24)
        )
        self.received: list[dict[str, Any]] = []
        self.texts: list[str] = []
        hello: dict[str, Any] = {"type": "hello", "protocol": 1, "game": game}
        if token is not None:
            hello["token"] = token
        if since is not None:
            hello["since"] = since
        if svg:
            hello["svg"] = True
        self.send(hello)
        self.welcome = self.receive()

    def send(self, message: Mapping[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def receive(self, timeout: float = 20) -> dict[str, Any]:
        text = self.socket.recv(timeout=timeout)
        assert isinstance(text, str)
        self.texts.append(text)
        message: dict[str, Any] = json.loads(text)
        self.received.append(message)
        return message

    def until(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 30
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(timeout=max(0.01, deadline - time.monotonic()))
            if wanted(message):
                return message

    def position(self) -> dict[str, Any]:
        """The latest welcome or update received."""
        for message in reversed(self.received):
            if message["type"] in ("welcome", "update"):
                found: dict[str, Any] = message
                return found
        raise AssertionError("no position received")

    def act(self, action: object, ply: int | None = None, ref: object = None) -> dict[str, Any]:
        """Send an action; return the answer (``accepted``, ``refused`` or ``error``)."""
        message = {"type": "act", "ply": self.position()["ply"] if ply is None else ply}
        message["action"] = action
        if ref is not None:
            message["ref"] = ref
        self.send(message)
        return self.until(lambda m: m["type"] in ("accepted", "refused", "error"))

    def close(self) -> None:
        self._stack.close()


def validator(name: str) -> Callable[[object], None]:
    """A function that checks a message against its shipped schema (with the guarda
    document schemas it refers to)."""
    resources = [
        (schema["$id"], Resource.from_contents(schema))
        for schema in (guarda.schemas.load(kind) for kind in DOCUMENT_KINDS)
    ]
    registry: Registry[Any] = Registry().with_resources(resources)
    checker = jsonschema.Draft202012Validator(load_schema(name), registry=registry)

    def check(message: object) -> None:
        checker.validate(message)

    return check


def document(value: object) -> dict[str, Any]:
    """A guarda value's document, as parsed JSON."""
    parsed: dict[str, Any] = json.loads(guarda.dumps(value))
    return parsed


def http_request(
    running: Running,
    method: str,
    path: str,
    *,
    body: bytes | None = None,
    headers: Mapping[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """An HTTP request with exactly the headers given (and ``Host``); the status, the
    headers (names in lower case) and the body of the answer."""
    connection = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=dict(headers or {}))
        response = connection.getresponse()
        answer = {name.lower(): value for name, value in response.getheaders()}
        return response.status, answer, response.read()
    finally:
        connection.close()


def upgrade(
    running: Running, headers: Mapping[str, str] | None = None
) -> tuple[int, dict[str, str]]:
    """A WebSocket upgrade request on a raw socket (any ``Host`` or ``Origin``); the
    status of the answer and its headers. The socket is closed at once."""
    wanted = {
        "Host": f"127.0.0.1:{running.port}",
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
        "Sec-WebSocket-Version": "13",
        **(headers or {}),
    }
    request = "GET /ws HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in wanted.items())
    with socket.create_connection(("127.0.0.1", running.port), timeout=30) as sock:
        sock.sendall((request + "\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    answer = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        answer[name.strip().lower()] = value.strip()
    return status, answer
