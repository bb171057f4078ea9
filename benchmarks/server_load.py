"""Load and fault test of the game server: many concurrent games of bots over WebSockets.

Starts ``python -m guarda.server`` as a subprocess on a loopback port with a fresh
database, creates ``--games`` games with a person seat for every player, and plays them
all at once from this process: one WebSocket per seat, each choosing a random legal
action (in notation or as an action document) after a random pause (``--think``
seconds on average), exactly as a remote client would. With ``--kill-after`` the server
is killed with SIGKILL that many seconds in and started again on the same database; the
clients reconnect and resume. Everything stops by itself: at the end of the games, or
at ``--deadline``.

Then every game is checked against its record: the record (fetched once the game is
over) must replay to the result it names, hold every action the server acknowledged, at
its ply, and give each seat exactly the final view and the event log the seat was sent.

Printed: games, actions, duration, actions per second, reconnections, and the action
round trip (an ``act`` sent to its ``accepted`` received) at the 50th, 90th and 99th
percentiles. ``--json FILE`` writes the figures as JSON too. Exit status 1 if a game is
lost, unfinished or diverges from its record.

    python benchmarks/server_load.py --games 200 --think 0.25 --kill-after 10

``--database postgresql://...`` runs the server on an empty PostgreSQL database instead of
a fresh SQLite file (the same checks, the kill included).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

import guarda

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _start_server(database: Path | str, port: int) -> subprocess.Popen[bytes]:
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
            # Every simulated player connects from 127.0.0.1: no per-address limits.
            *("--create-rate", "1e9", "--create-burst", "1000000000"),
            *("--connect-rate", "1e9", "--connect-burst", "1000000000"),
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
                raise SystemExit("the server did not start") from None
            time.sleep(0.05)


def _cpu_seconds(process: subprocess.Popen[bytes]) -> float | None:
    """CPU seconds (user and system) a running process has used, where Linux tells."""
    try:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _http(port: int, path: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        method="GET" if body is None else "POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


@attrs.define
class Seat:
    """One seat's client: what it was sent and what it had acknowledged."""

    game: str
    seat: int
    token: str
    rng: random.Random
    events: list[Any] = attrs.Factory(list)
    view: Any = None
    record: Any = None
    ply: int = -1
    acted_for: int = -1
    sent_at: dict[int, float] = attrs.Factory(dict)
    sent: dict[int, str | dict[str, Any]] = attrs.Factory(dict)
    acknowledged: dict[int, str | dict[str, Any]] = attrs.Factory(dict)
    done: bool = False


@attrs.define
class Figures:
    """What the run measured."""

    round_trips: list[float] = attrs.Factory(list)
    reconnections: int = 0
    refusals: list[str] = attrs.Factory(list)


async def _play_seat(
    seat: Seat,
    url: str,
    think: float,
    figures: Figures,
    stop: asyncio.Event,
    compression: str | None,
) -> None:
    """Play one seat until its game is over, reconnecting whenever the server goes away."""
    first = True
    while not seat.done and not stop.is_set():
        if not first:
            figures.reconnections += 1
            await asyncio.sleep(0.05 + seat.rng.random() * 0.2)
        first = False
        try:
            async with connect(
                url, max_size=2**24, open_timeout=10, compression=compression
            ) as socket_:
                hello = {
                    "type": "hello",
                    "protocol": 1,
                    "game": seat.game,
                    "token": seat.token,
                    "since": len(seat.events),
                }
                await socket_.send(orjson.dumps(hello).decode())
                seat.acted_for = -1  # an act sent before a reconnection may be lost
                async for text in socket_:
                    message = orjson.loads(text)
                    await _handle(seat, socket_, message, think, figures)
                    if seat.done:
                        return
        except (ConnectionClosed, OSError, InvalidStatus, TimeoutError):
            continue


async def _handle(
    seat: Seat, socket_: Any, message: dict[str, Any], think: float, figures: Figures
) -> None:
    kind = message["type"]
    if kind in ("welcome", "update"):
        first = message["first"]
        if first != len(seat.events):
            raise AssertionError(
                f"{seat.game}/{seat.seat}: events from {first}, not {len(seat.events)}"
            )
        seat.events.extend(message["events"])
        seat.ply = message["ply"]
        seat.view = message["view"]
        if message["status"] == "over":
            seat.record = message["record"]
            seat.done = True
            return
        if message["actor"] == seat.seat and message["legal"] and seat.acted_for != seat.ply:
            seat.acted_for = seat.ply
            await asyncio.sleep(seat.rng.expovariate(1 / think) if think > 0 else 0)
            index = seat.rng.randrange(len(message["legal"]))
            action: str | dict[str, Any]
            if seat.rng.random() < 0.5:
                action = message["legal"][index]
            else:
                action = {
                    "format": "guarda",
                    "version": 1,
                    "kind": "action",
                    "data": message["view"]["data"]["legal_actions"][index],
                }
            ply = message["ply"]
            seat.sent[ply + 1] = action
            seat.sent_at[ply] = time.perf_counter()
            await socket_.send(
                orjson.dumps({"type": "act", "ply": ply, "action": action, "ref": ply}).decode()
            )
    elif kind == "accepted":
        ply = message["ref"]
        figures.round_trips.append(time.perf_counter() - seat.sent_at.pop(ply))
        seat.acknowledged[message["ply"]] = seat.sent[message["ply"]]
    elif kind in ("refused", "error"):
        figures.refusals.append(f"{seat.game}/{seat.seat}: {message['error']}")


def _check_game(seats: Sequence[Seat], port: int) -> list[str]:
    """Compare what the clients saw and were acknowledged with the game's record."""
    problems = []
    game = seats[0].game
    text = json.dumps(_http(port, f"/api/games/{game}/record"))
    record = guarda.loads(text, guarda.GameRecord)
    try:
        final = guarda.final_state(record)  # checks the result the record names
    except guarda.GuardaError as error:
        return [f"{game}: the record does not replay: {error}"]
    if not final.is_over:
        problems.append(f"{game}: the record's game is not over")
    for seat in seats:
        for ply, action in seat.acknowledged.items():
            played = record.actions[ply - 1] if ply <= record.plies else None
            wanted = (
                guarda.parse_action(action)
                if isinstance(action, str)
                else guarda.loads(json.dumps(action), guarda.Action)
            )
            if played != wanted:
                problems.append(f"{game}: acknowledged ply {ply} is {played}, not {wanted}")
        view = guarda.view(final, seat.seat)
        expected_view = json.loads(guarda.dumps(attrs.evolve(view, events=())))
        if seat.view != expected_view:
            problems.append(f"{game}/{seat.seat}: the final view differs from the record's")
        expected_events = [json.loads(guarda.dumps(event)) for event in view.events]
        if seat.events != expected_events:
            problems.append(f"{game}/{seat.seat}: the events sent differ from the record's")
    return problems


async def _run_clients(
    games: Sequence[Sequence[Seat]],
    port: int,
    think: float,
    deadline: float,
    figures: Figures,
    compression: str | None,
) -> None:
    stop = asyncio.Event()
    url = f"ws://127.0.0.1:{port}/ws"
    tasks = [
        asyncio.create_task(_play_seat(seat, url, think, figures, stop, compression))
        for seats in games
        for seat in seats
    ]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=deadline)
    except TimeoutError:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run(
    *,
    games: int,
    players: int,
    preset: str,
    turn_limit: int | None,
    think: float,
    kill_after: float | None,
    deadline: float,
    seed: int,
    deflate: bool = False,
    database_url: str | None = None,
) -> dict[str, Any]:
    """Run the load test; return the figures (see the module docstring)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="guarda-load-") as directory:
        database: Path | str = (
            Path(directory) / "games.db" if database_url is None else database_url
        )
        port = _free_port()
        server = _start_server(database, port)
        kills = 0
        server_cpu = 0.0
        try:
            options: dict[str, Any] = {"players": players}
            if turn_limit is not None:
                options["turn_limit"] = turn_limit
            table: list[list[Seat]] = []
            for _ in range(games):
                created = _http(
                    port,
                    "/api/games",
                    {
                        "preset": preset,
                        "options": options,
                        "seats": [{"kind": "person"}] * players,
                    },
                )
                table.append(
                    [
                        Seat(created["game"], s["seat"], s["token"], random.Random(rng.random()))
                        for s in created["seats"]
                    ]
                )
            figures = Figures()
            start = time.perf_counter()
            client_start = time.process_time()

            async def main() -> None:
                nonlocal server, kills, server_cpu
                clients = asyncio.create_task(
                    _run_clients(
                        table, port, think, deadline, figures, "deflate" if deflate else None
                    )
                )
                if kill_after is not None:
                    done, _ = await asyncio.wait({clients}, timeout=kill_after)
                    if not done:
                        server_cpu += _cpu_seconds(server) or 0.0
                        server.send_signal(signal.SIGKILL)
                        server.wait()
                        kills += 1
                        server = await asyncio.to_thread(_start_server, database, port)
                await clients

            asyncio.run(main())
            duration = time.perf_counter() - start
            client_cpu = time.process_time() - client_start
            server_cpu += _cpu_seconds(server) or 0.0
            problems: list[str] = []
            finished = 0
            for seats in table:
                if not all(seat.done for seat in seats):
                    problems.append(f"{seats[0].game}: not finished by the deadline")
                    continue
                finished += 1
                problems.extend(_check_game(seats, port))
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    trips = figures.round_trips
    return {
        "games": games,
        "players": players,
        "preset": preset,
        "turn_limit": turn_limit,
        "think": think,
        "deflate": deflate,
        "finished": finished,
        "actions": len(trips),
        "duration": round(duration, 2),
        "actions_per_second": round(len(trips) / duration, 1) if duration else 0.0,
        "round_trip_ms": {
            "p50": round(_percentile(trips, 0.50) * 1000, 2),
            "p90": round(_percentile(trips, 0.90) * 1000, 2),
            "p99": round(_percentile(trips, 0.99) * 1000, 2),
            "max": round(max(trips, default=float("nan")) * 1000, 2),
            "mean": round(statistics.fmean(trips) * 1000, 2) if trips else None,
        },
        "server_cpu_ms_per_action": round(server_cpu / len(trips) * 1000, 3) if trips else None,
        "client_cpu_ms_per_action": round(client_cpu / len(trips) * 1000, 3) if trips else None,
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "kills": kills,
        "reconnections": figures.reconnections,
        "refusals": figures.refusals[:20],
        "problems": problems[:50],
        "lost_or_diverging": len(problems),
    }


def report(figures: dict[str, Any]) -> str:
    """The figures in a few lines."""
    trip = figures["round_trip_ms"]
    return "\n".join(
        [
            f"games: {figures['games']} concurrent, {figures['players']} players each "
            f"({figures['preset']}, turn limit {figures['turn_limit']}), "
            f"think {figures['think']} s on average",
            f"finished: {figures['finished']}, lost or diverging from their record: "
            f"{figures['lost_or_diverging']}",
            f"actions: {figures['actions']} in {figures['duration']} s "
            f"({figures['actions_per_second']} per second)",
            f"round trip act -> accepted: p50 {trip['p50']} ms, p90 {trip['p90']} ms, "
            f"p99 {trip['p99']} ms, max {trip['max']} ms (target p99 < 50 ms)",
            f"server CPU per action: {figures['server_cpu_ms_per_action']} ms "
            f"(including creating the games and replaying them at restart), clients' CPU "
            f"per action: {figures['client_cpu_ms_per_action']} ms; "
            f"machine load average {figures['load_average']}",
            f"server killed (SIGKILL) and restarted: {figures['kills']} time(s), "
            f"client reconnections: {figures['reconnections']}",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run from the command line; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--preset", default="modern", choices=("classic", "modern", "grda"))
    parser.add_argument("--turn-limit", type=int, default=None)
    parser.add_argument("--think", type=float, default=0.25, help="mean pause per decision (s)")
    parser.add_argument("--kill-after", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--deadline", type=float, default=300.0, metavar="SECONDS")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--deflate",
        action="store_true",
        help="ask for per-message compression (on loopback it only costs CPU)",
    )
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="a postgresql:// URL of an empty database to use (default: a fresh SQLite file)",
    )
    parser.add_argument("--json", type=Path, default=None, metavar="FILE")
    args = parser.parse_args(argv)
    figures = run(
        games=args.games,
        players=args.players,
        preset=args.preset,
        turn_limit=args.turn_limit,
        think=args.think,
        kill_after=args.kill_after,
        deadline=args.deadline,
        seed=args.seed,
        deflate=args.deflate,
        database_url=args.database,
    )
    print(report(figures))
    for problem in figures["problems"]:
        print("problem:", problem)
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 1 if figures["lost_or_diverging"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
