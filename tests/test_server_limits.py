"""The limits of a server open to strangers: rate limits per address, the hello timeout,
the connection cap from the descriptor limit, the expiry of abandoned games, and
finished games replayed off the event loop.

Run by the ``server`` nox session; skipped without the extra. Every request goes to a
server on a loopback port of this machine, in bounded loops.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import guarda
from guarda.server import GameServer, Settings
from guarda.server import _cli as cli_module
from guarda.server import _hub as hub_module
from guarda.server._games import LiveGame
from guarda.server._limits import QuietFilter, RateLimiter, connection_cap
from guarda.server._store import StoredGame
from server_support import (
    ROOT,
    Player,
    Running,
    free_port,
    http_request,
    serving,
    start_subprocess,
    upgrade,
)

JSON = {"Content-Type": "application/json"}
GAME = json.dumps({"preset": "grda"}).encode()


def test_a_token_bucket_per_address_refills_and_forgets_the_least_recent() -> None:
    now = [100.0]
    limiter = RateLimiter(rate=6.0, burst=2, clients=3, clock=lambda: now[0])
    assert [limiter.take("a") for _ in range(2)] == [0.0, 0.0]
    assert limiter.take("a") == pytest.approx(10.0)  # 6 a minute: one every 10 s
    now[0] += 5.0
    assert limiter.take("a") == pytest.approx(5.0)  # half a token is not enough
    now[0] += 5.0
    assert limiter.take("a") == 0.0
    for client in ("b", "c", "d"):
        assert limiter.take(client) == 0.0
    assert len(limiter) == 3  # bounded: "a" was forgotten (and starts with a full bucket)
    assert limiter.take("a") == 0.0


def test_a_flood_of_new_games_is_refused_with_retry_after(tmp_path: Path) -> None:
    settings = Settings(database=str(tmp_path / "games.db"), create_rate=1.0, create_burst=3)
    with serving(settings) as running:
        statuses = []
        retry = []
        for _ in range(10):
            status, headers, _body = http_request(
                running, "POST", "/api/games", body=GAME, headers=JSON
            )
            statuses.append(status)
            if status == 429:
                retry.append(int(headers["retry-after"]))
        assert statuses[:3] == [201] * 3
        assert statuses[3:] == [429] * 7
        assert all(1 <= seconds <= 60 for seconds in retry)
        assert running.server is not None and len(running.server.games) == 3


def test_a_flood_of_connections_is_refused_with_retry_after(tmp_path: Path) -> None:
    settings = Settings(database=str(tmp_path / "games.db"), connect_rate=1.0, connect_burst=2)
    with serving(settings) as running:
        answers = [upgrade(running) for _ in range(4)]
        assert [status for status, _ in answers] == [101, 101, 429, 429]
        assert int(answers[2][1]["retry-after"]) >= 1


def test_an_idle_socket_is_closed_after_the_hello_timeout(tmp_path: Path) -> None:
    settings = Settings(database=str(tmp_path / "games.db"), hello_timeout=0.5)
    with serving(settings) as running:
        with connect(running.ws_url) as idle, pytest.raises(ConnectionClosed) as closed:
            idle.recv(timeout=20)  # generous: the close comes after about 0.5 s
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert running.server is not None
        # A client that says hello in time plays on past the timeout.
        game = running.create({"preset": "grda"})
        player = Player(running, game["game"], game["seats"][0]["token"])
        threading.Event().wait(1.0)
        player.send({"type": "ping", "ref": 1})
        assert player.until(lambda m: m["type"] == "pong")["ref"] == 1
        player.close()


def test_a_raw_tcp_connection_that_sends_nothing_is_dropped(tmp_path: Path) -> None:
    """No HTTP at all: ``guarda serve`` closes a TCP connection that sends no byte
    within the hello timeout, while a connection that sends a request is answered."""
    port = free_port()
    process = start_subprocess(tmp_path / "games.db", port, "--hello-timeout", "1")
    try:
        idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(3)]
        opened = time.monotonic()
        for sock in idle:
            with sock:
                assert sock.recv(1) == b""  # closed by the server, not by our timeout
        waited = time.monotonic() - opened
        assert 0.8 <= waited < 5, waited
        with socket.create_connection(("127.0.0.1", port), timeout=10) as talking:
            talking.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert talking.recv(12).startswith(b"HTTP/1.1 200")
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_connection_cap_comes_from_the_descriptor_limit() -> None:
    assert connection_cap(10_000, 64, 256) == 192
    assert connection_cap(100, 64, 4096) == 100
    assert connection_cap(10_000, 64, None) == 10_000


def test_idle_sockets_at_the_cap_never_lock_out_a_new_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "descriptor_limit", lambda: 72)
    settings = Settings(database=str(tmp_path / "games.db"), descriptor_reserve=64)
    with serving(settings) as running:
        assert running.server is not None and running.server.connection_cap == 8
        game = running.create({"preset": "grda"})
        with contextlib.ExitStack() as stack:
            idle = [stack.enter_context(connect(running.ws_url)) for _ in range(8)]
            assert running.server.connections == 8
            player = Player(running, game["game"], game["seats"][0]["token"])
            assert player.welcome["type"] == "welcome"
            # The oldest idle socket made room for it.
            with pytest.raises(ConnectionClosed) as closed:
                idle[0].recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
            assert running.server.connections <= 8 + 1
            player.close()


def test_a_server_under_ulimit_256_caps_connections_below_it(tmp_path: Path) -> None:
    port = free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))

    # ulimit -n 256, then python -m guarda.server (no preexec_fn: threads are running).
    launch = (
        "import resource, runpy, sys; "
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)); "
        "sys.argv[0] = 'guarda.server'; "
        "runpy.run_module('guarda.server', run_name='__main__')"
    )
    process = subprocess.Popen(
        [
            *(sys.executable, "-c", launch),
            *("--database", str(tmp_path / "games.db"), "--port", str(port)),
            *("--log-level", "warning"),
        ],
        env=env,
    )
    try:
        for _ in range(600):  # 30 s at most
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/api/info", timeout=2
                ) as response:
                    info = json.loads(response.read())
                break
            except OSError:
                assert process.poll() is None, "the server subprocess stopped"
                threading.Event().wait(0.05)
        else:
            raise AssertionError("the server subprocess did not start")
        assert info["max_connections"] == 256 - Settings().descriptor_reserve
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_an_abandoned_game_expires_and_is_gone_after_a_restart(tmp_path: Path) -> None:
    database = str(tmp_path / "games.db")
    settings = Settings(database=database, max_games=1, game_expiry=600.0)
    now = [0.0]

    async def first() -> str:
        server = GameServer(settings)
        server.clock = lambda: now[0]
        await server.start()
        created = await server.create_game({"preset": "grda", "seats": [{"kind": "person"}] * 2})
        with pytest.raises(guarda.MessageError) as full:
            await server.create_game({"preset": "grda"})
        assert full.value.path == "server"
        now[0] = 599.0
        assert await server.expire() == []
        now[0] = 601.0
        assert await server.expire() == [created["game"]]
        assert created["game"] not in server.games
        await server.stop()
        return str(created["game"])

    async def again(identifier: str) -> None:
        server = GameServer(settings)
        await server.start()
        try:
            assert identifier not in server.games
            assert await server.load_game(identifier) is None
            stored = server.store.game(identifier)
            assert stored is not None and stored.finished is not None  # kept as a record
            await server.create_game({"preset": "grda"})  # room again
        finally:
            await server.stop()

    asyncio.run(again(asyncio.run(first())))


def test_a_finished_game_read_again_is_replayed_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    rebuild = GameServer._rebuild

    def recording(self: GameServer, stored: StoredGame) -> LiveGame | None:
        threads.append(threading.current_thread().name)
        return rebuild(self, stored)

    monkeypatch.setattr(GameServer, "_rebuild", recording)

    async def scenario() -> None:
        server = GameServer(Settings(database=str(tmp_path / "g.db"), finished_in_memory=1))
        await server.start()
        try:
            bots = {"preset": "grda", "seats": [{"kind": "bot", "bot": "random"}] * 2}
            first = (await server.create_game(bots))["game"]
            second = (await server.create_game(bots))["game"]
            for _ in range(3000):  # 30 s at most
                stored = [server.store.game(game) for game in (first, second)]
                if len(server.games) == 1 and all(s and s.finished for s in stored):
                    break
                await asyncio.sleep(0.01)
            # Only one finished game is kept in memory: the other was evicted.
            (evicted,) = {first, second} - server.games.keys()
            loaded = await asyncio.gather(*(server.load_game(evicted) for _ in range(5)))
            assert all(game is loaded[0] and game.is_over for game in loaded if game)
            assert loaded[0] is not None
        finally:
            await server.stop()

    asyncio.run(scenario())
    assert len(threads) == 1 and threads[0].startswith("guarda-replay")


def test_repeated_log_lines_are_logged_once_per_interval() -> None:
    now = [0.0]
    quiet = QuietFilter(interval=10.0, clock=lambda: now[0])

    def record() -> logging.LogRecord:
        return logging.LogRecord("asyncio", logging.ERROR, "", 0, "out of fds", None, None)

    kept = [quiet.filter(record()) for _ in range(1000)]
    assert kept.count(True) == 1
    now[0] = 11.0
    last = record()
    assert quiet.filter(last)
    assert "999 more" in str(last.msg)


def test_guarda_serve_sets_every_limit_from_its_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen: list[Settings] = []
    monkeypatch.setattr(cli_module, "serve", lambda settings, **_: chosen.append(settings))
    token = tmp_path / "token"
    token.write_text("a-token-from-a-file-0123\n")
    argv = ["--database", str(tmp_path / "g.db"), "--admin-token-file", str(token)]
    argv += ["--create-rate", "2", "--create-burst", "4", "--connect-rate", "30"]
    argv += ["--connect-burst", "5", "--rate-limit-clients", "99", "--hello-timeout", "3"]
    argv += ["--game-expiry", "120", "--finished-expiry", "60", "--max-connections", "50"]
    argv += ["--descriptor-reserve", "16", "--allowed-host", "games.example"]
    argv += ["--allowed-origin", "https://lobby.example", "--forwarded-allow-ips", "10.0.0.1"]
    assert cli_module.main(argv) == 0
    (settings,) = chosen
    assert settings.admin_token == "a-token-from-a-file-0123"
    assert (settings.create_rate, settings.create_burst) == (2.0, 4)
    assert (settings.connect_rate, settings.connect_burst) == (30.0, 5)
    assert (settings.rate_limit_clients, settings.hello_timeout) == (99, 3.0)
    assert (settings.game_expiry, settings.finished_expiry) == (120.0, 60.0)
    assert (settings.max_connections, settings.descriptor_reserve) == (50, 16)
    assert settings.allowed_hosts == ("games.example",)
    assert settings.allowed_origins == ("https://lobby.example",)
    assert settings.forwarded_allow_ips == "10.0.0.1"
    defaults = Settings()
    assert defaults.allowed_hosts == ("127.0.0.1", "localhost", "::1", "[::1]")
    assert defaults.admin_token is None and defaults.forwarded_allow_ips is None
    assert cli_module.main(["--admin-token", "short"]) == 2  # too short to be a secret


def test_x_forwarded_for_is_believed_only_from_the_proxies_named(tmp_path: Path) -> None:
    for trusted in (False, True):
        port = free_port()
        extra = ["--create-rate", "1", "--create-burst", "1"]
        if trusted:
            extra += ["--forwarded-allow-ips", "127.0.0.1"]
        process = start_subprocess(tmp_path / f"games-{trusted}.db", port, *extra)
        try:
            running = Running(port)
            statuses = [
                http_request(
                    running,
                    "POST",
                    "/api/games",
                    body=GAME,
                    headers={**JSON, "X-Forwarded-For": f"198.51.100.{client}"},
                )[0]
                for client in (1, 2)
            ]
        finally:
            process.terminate()
            process.wait(timeout=30)
        # Believed, the two addresses have a bucket each; else both are 127.0.0.1.
        assert statuses == ([201, 201] if trusted else [201, 429])


class _Quiet:
    """A protocol client that keeps what it is sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        self.texts.append(f"closed {code}")


def test_a_game_with_a_client_connected_does_not_expire(tmp_path: Path) -> None:
    now = [0.0]

    async def scenario() -> None:
        server = GameServer(Settings(database=str(tmp_path / "g.db"), game_expiry=60.0))
        server.clock = lambda: now[0]
        await server.start()
        try:
            created = await server.create_game({"preset": "grda"})
            session = server.open(_Quiet())
            hello = {"type": "hello", "protocol": 1, "game": created["game"]}
            await server.receive(
                session, json.dumps({**hello, "token": created["seats"][0]["token"]})
            )
            now[0] = 1_000.0
            assert await server.expire() == []  # someone is at the table
            server.close(session)  # they leave: the clock starts again
            now[0] = 1_059.0
            assert await server.expire() == []
            now[0] = 1_061.0
            assert await server.expire() == [created["game"]]
        finally:
            await server.stop()

    asyncio.run(scenario())
