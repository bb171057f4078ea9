"""Several server processes on one PostgreSQL database: moves made through one reach the
clients of another, a ply is accepted once however many processes race for it, and a
process killed with SIGKILL loses no acknowledged action while the games go on through
the others.

Run by the ``server-postgres`` nox session. Each test module starts a throwaway cluster
(``tests/postgres_support.py``) and each test gets a database of its own; skipped when
PostgreSQL or psycopg is not installed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
pytest.importorskip("psycopg")

import psycopg

import guarda
import postgres_support
from guarda.server import Settings
from guarda.server._hosting import open_store
from guarda.server._postgres import PostgresStore, is_postgres_url
from guarda.server._store import StoredGame
from server_support import Player, Running, serving, start_subprocess

ROOT = Path(__file__).resolve().parent.parent
_WHY = postgres_support.unavailable()
pytestmark = pytest.mark.skipif(_WHY is not None, reason=_WHY or "")

_COUNTER = itertools.count()
_PEOPLE: dict[str, Any] = {
    "preset": "grda",
    "seats": [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bo"}],
}


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_support.cluster() as url:
        yield url


@pytest.fixture
def database(postgres: str) -> str:
    """A fresh database of the module's cluster."""
    name = f"games_{next(_COUNTER)}"
    with psycopg.connect(postgres, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return postgres.rsplit("/", 1)[0] + f"/{name}"


def _stored(url: str, game: str) -> list[str]:
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT action FROM actions WHERE game = %s ORDER BY ply", (game,)
        ).fetchall()
    return [text for (text,) in rows]


def _action_text(action: str) -> str:
    """An action in notation, as the database stores it (a document)."""
    return guarda.dumps(guarda.parse_action(action, guarda.grda()))


def _at(player: Player, ply: int) -> dict[str, Any]:
    """The player's position once it has reached ply ``ply`` (waiting for updates)."""
    position = player.position()
    if position["ply"] >= ply:
        return position
    return player.until(lambda m: m["type"] == "update" and m["ply"] >= ply)


def test_the_database_setting_selects_the_store(database: str, tmp_path: Path) -> None:
    assert is_postgres_url(database)
    store = open_store(Settings(database=database))
    try:
        assert isinstance(store, PostgresStore) and store.shared
    finally:
        store.close()
    sqlite = open_store(Settings(database=str(tmp_path / "g.db")))
    try:
        assert not sqlite.shared
    finally:
        sqlite.close()


def test_a_ply_is_stored_once_whatever_races_for_it(database: str) -> None:
    async def scenario() -> list[list[bool]]:
        stores = [PostgresStore(database) for _ in range(2)]
        try:
            game = StoredGame("g1", "2026-01-01T00:00:00Z", "{}", 7, "[]", "{}")
            await stores[0].insert_game(game)
            results = []
            for ply in range(1, 6):
                attempts = [
                    stores[index % 2].append_action("g1", ply, f"a{ply}.{index}", finished=None)
                    for index in range(10)
                ]
                results.append(list(await asyncio.gather(*attempts)))
            # A stale ply (behind the game) and a finished game are refused too.
            results.append([await stores[1].append_action("g1", 3, "late", finished=None)])
            assert await stores[0].append_action("g1", 6, "end", finished="2026-01-01")
            results.append([await stores[1].append_action("g1", 7, "after", finished=None)])
            return results
        finally:
            for store in stores:
                store.close()

    results = asyncio.run(scenario())
    for accepted in results[:5]:
        assert accepted.count(True) == 1
    assert results[5:] == [[False], [False]]
    stored = _stored(database, "g1")
    assert len(stored) == 6 and stored[-1] == "end"


@pytest.fixture
def two(database: str) -> Iterator[tuple[Running, Running]]:
    """Two servers (each its own GameServer and uvicorn) sharing one database."""
    settings = Settings(database=database)
    with serving(settings) as first, serving(settings) as second:
        yield first, second


def test_moves_made_through_one_process_reach_the_clients_of_another(
    two: tuple[Running, Running],
) -> None:
    first, second = two
    created = first.create(_PEOPLE)
    game = created["game"]
    tokens = [seat["token"] for seat in created["seats"]]
    # Ana plays through the first server, Bo (and a spectator) through the second,
    # which has never seen the game: it reads it from the database.
    ana = Player(first, game, tokens[0])
    bo = Player(second, game, tokens[1])
    watcher = Player(second, game)
    players = {0: ana, 1: bo}
    choices = random.Random(3)
    plies = 0
    while plies < 60:
        position = ana.position()
        if position["status"] == "over":
            break
        actor = position["actor"]
        mover = players[actor]
        mine = mover.position()
        assert mine["ply"] == position["ply"]
        answer = mover.act(choices.choice(mine["legal"]))
        assert answer["type"] == "accepted", answer
        plies += 1
        for player in (ana, bo, watcher):  # every client hears of it, wherever it is
            assert _at(player, plies)["ply"] == plies
    assert plies >= 20
    assert (
        ana.position()["view"]["data"]["players"] == watcher.position()["view"]["data"]["players"]
    )
    assert first.server is not None and second.server is not None
    assert first.server.games[game].state == second.server.games[game].state
    assert len(_stored(first_url(first), game)) == plies
    for player in (ana, bo, watcher):
        player.close()


def first_url(running: Running) -> str:
    assert running.server is not None
    return running.server.settings.database


def test_the_same_ply_sent_to_two_processes_is_accepted_once(
    two: tuple[Running, Running],
) -> None:
    first, second = two
    created = first.create(_PEOPLE)
    game = created["game"]
    token = created["seats"][0]["token"]
    other = created["seats"][1]["token"]
    here, there = Player(first, game, token), Player(second, game, token)
    helper = Player(first, game, other)  # seat 1, whose turns come in between
    rounds = 0
    while rounds < 12:
        position = here.position()
        if position["status"] == "over":
            break
        if position["actor"] == 1:
            _at(helper, position["ply"])
            assert helper.act(helper.position()["legal"][0])["type"] == "accepted"
            for player in (here, there):
                _at(player, position["ply"] + 1)
            continue
        ply = position["ply"]
        _at(there, ply)
        legal = position["legal"]
        answers: list[dict[str, Any]] = []
        threads = [
            threading.Thread(target=_send, args=(here, legal[0], ply, answers)),
            threading.Thread(target=_send, args=(there, legal[-1], ply, answers)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        kinds = sorted(answer["type"] for answer in answers)
        assert kinds == ["accepted", "refused"], answers
        refused = next(answer for answer in answers if answer["type"] == "refused")
        assert refused["error"]["path"] == "ply"
        for player in (here, there):
            _at(player, ply + 1)
        rounds += 1
    assert rounds >= 5
    assert first.server is not None and second.server is not None
    assert first.server.games[game].actions == second.server.games[game].actions
    assert len(_stored(first_url(first), game)) == first.server.games[game].ply
    for player in (here, there, helper):
        player.close()


def _send(player: Player, action: str, ply: int, answers: list[dict[str, Any]]) -> None:
    answers.append(player.act(action, ply=ply))


def test_a_killed_process_loses_no_acknowledged_action(database: str) -> None:
    ports = [postgres_support.free_port(), postgres_support.free_port()]
    processes = [start_subprocess(database, port) for port in ports]
    servers = [Running(port) for port in ports]
    try:
        games = []
        for index in range(6):
            created = servers[index % 2].create(_PEOPLE)
            games.append((created["game"], [seat["token"] for seat in created["seats"]]))
        # Seat 0 of every game plays through the first process, seat 1 through the
        # second; every acknowledged action is remembered.
        acked: dict[str, list[str]] = {game: [] for game, _ in games}
        players = [
            {0: Player(servers[0], game, tokens[0]), 1: Player(servers[1], game, tokens[1])}
            for game, tokens in games
        ]
        choices = random.Random(9)

        def play_round() -> None:
            """One action in every game still running, by whoever must act, through the
            process that player is connected to."""
            for game, _ in games:
                seat_players = players[[g for g, _ in games].index(game)]
                ply = len(acked[game])
                position = _at(seat_players[0], ply)
                if position["status"] == "over":
                    continue
                mover = seat_players[position["actor"]]
                action = choices.choice(_at(mover, ply)["legal"])
                answer = mover.act(action)
                assert answer["type"] == "accepted", answer
                acked[game].append(action)

        def waiting_for_seat_0() -> bool:
            """Whether a game in progress waits for seat 0 (on the first process)."""
            positions = [
                _at(seat_players[0], len(acked[game]))
                for (game, _), seat_players in zip(games, players, strict=True)
            ]
            return any(p["status"] == "running" and p["actor"] == 0 for p in positions)

        for _ in range(8):
            play_round()
        # The deals are random: after 8 rounds every game may wait for seat 1.
        for _ in range(10):
            if waiting_for_seat_0():
                break
            play_round()
        # SIGKILL the first process with actions in flight: sent to it, not yet answered
        # (they may or may not have been committed; they were never acknowledged).
        in_flight = 0
        for (game, _), seat_players in zip(games, players, strict=True):
            ply = len(acked[game])
            position = _at(seat_players[0], ply)
            if position["status"] == "running" and position["actor"] == 0:
                action = choices.choice(position["legal"])
                seat_players[0].send({"type": "act", "ply": ply, "action": action})
                in_flight += 1
        assert in_flight >= 1
        processes[0].send_signal(signal.SIGKILL)
        processes[0].wait(timeout=30)
        # Every acknowledged action is in the database, in order; at most the one action
        # in flight of each game is there besides.
        for game, actions in acked.items():
            stored = _stored(database, game)
            assert [_action_text(a) for a in actions] == stored[: len(actions)]
            assert len(stored) - len(actions) <= 1
        # The games go on through the second process: seat 0 reconnects there, and
        # learns from its welcome whether its last action was taken.
        for (game, tokens), seat_players in zip(games, players, strict=True):
            with contextlib.suppress(Exception):
                seat_players[0].close()
            seat_players[0] = Player(servers[1], game, tokens[0])
            stored = _stored(database, game)
            assert seat_players[0].welcome["ply"] == len(stored)
            if len(stored) > len(acked[game]):
                acked[game].append(guarda.format_action(guarda.loads(stored[-1], guarda.Action)))
        for _ in range(6):
            play_round()
        for game, actions in acked.items():
            assert [_action_text(a) for a in actions] == _stored(database, game)
        assert sum(len(actions) for actions in acked.values()) >= 40
        for seat_players in players:
            for player in seat_players.values():
                player.close()
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=30)


def test_the_load_tool_plays_across_two_processes_and_survives_a_kill(
    database: str, tmp_path: Path
) -> None:
    """``benchmarks/server_load.py --servers 2``: every game's seats on both processes,
    one process killed with SIGKILL and left down, nothing acknowledged lost."""
    output = tmp_path / "load.json"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    completed = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "server_load.py"),
            *("--database", database, "--servers", "2", "--games", "6"),
            *("--turn-limit", "4", "--think", "0.15", "--kill-after", "1", "--no-restart"),
            *("--deadline", "40", "--json", str(output)),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr[-3000:]
    figures = json.loads(output.read_text())
    assert figures["servers"] == 2 and figures["store"] == "postgresql"
    assert figures["finished"] == 6 and figures["lost_or_diverging"] == 0, figures["problems"]
    assert figures["kills"] == 1
    # Seat 0 of the even games and seat 1 of the odd ones were on the killed process:
    # those still playing at the kill went on through the other.
    assert figures["reconnections"] >= 1
    assert figures["actions"] >= 6 * 10
