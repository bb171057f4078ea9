"""Load and fault test of the game server: many concurrent games of bots over WebSockets.

Starts ``python -m guarda.server`` as a subprocess on a loopback port with a fresh
database, creates ``--games`` games with a person seat for every player, and plays them
all at once from this process: one WebSocket per seat, each choosing a random legal
action (in notation or as an action document) after a random pause, exactly as a remote
client would. The pause is ``--think`` seconds on average, or, with ``--rate N``, what
keeps the games still running at about N actions per second overall (the number of
games still running divided by N). With ``--kill-after`` the server is killed with
SIGKILL that many seconds in and started again on the same database; the clients
reconnect and resume. Everything stops by itself: at the end of the games, or at
``--deadline``.

Then every game is checked against its record: the record (fetched once the game is
over) must replay to the result it names, hold every action the server acknowledged, at
its ply, and give each seat exactly the final view and the event log the seat was sent.

Printed: games, actions, duration, actions per second, reconnections, and the action
round trip (an ``act`` sent to its ``accepted`` received) at the 50th, 90th and 99th
percentiles, with the machine's load average at the start and at the end. ``--json
FILE`` writes the figures as JSON too. Exit status 1 if a game is lost, unfinished or
diverges from its record.

    python benchmarks/server_load.py --games 200 --think 0.25 --kill-after 10
    python benchmarks/server_load.py --games 200 --turn-limit 4 --rate 440

``--database postgresql://...`` runs the server on an empty PostgreSQL database instead of
a fresh SQLite file (the same checks, the kill included); ``--postgres-temp`` starts a
throwaway PostgreSQL cluster for the run instead (the tests' ``tests/postgres_support.py``:
``initdb``, ``pg_ctl`` and ``postgres`` must be installed).

``--servers N`` (PostgreSQL only) starts N server processes on the one database and
spreads each game's seats over them (seat ``s`` of game ``g`` on process ``(g + s) mod
N``), so every game is played across processes. ``--kill-after T1 T2 ...`` kills one
process at each of those times, the first ``--kill-server`` and then the next ones in
turn; a client whose process went away reconnects to the next process, and the killed
process is started again unless ``--no-restart``:

    python benchmarks/server_load.py --postgres-temp --servers 2 --turn-limit 4 \\
        --rate 110 --kill-after 8 20

``--sweep`` runs the test again and again from ``--rate``, each time ``--sweep-step``
times faster while the 99th percentile stays under ``--target-p99`` (and the rate is
reached), or slower while it does not, then once between the highest rate that kept the
target and the lowest that missed it, and prints the highest rate that kept it:

    python benchmarks/server_load.py --turn-limit 8 --rate 220 --sweep
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

# The throwaway PostgreSQL cluster of --postgres-temp is the tests' own.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import guarda
import postgres_support

ROOT = Path(__file__).resolve().parent.parent
TARGET_P99_MS = 50.0


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


def _load_average() -> float | None:
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


@attrs.define
class Servers:
    """The server processes, one per port, all on one database."""

    database: Path | str
    ports: list[int]
    processes: list[subprocess.Popen[bytes] | None]
    cpu: float = 0.0

    @classmethod
    def start(cls, database: Path | str, count: int) -> Servers:
        servers = cls(database, [_free_port() for _ in range(count)], [None] * count)
        try:
            for index in range(count):
                servers.restart(index)
        except BaseException:
            servers.stop()
            raise
        return servers

    def restart(self, index: int) -> None:
        self.processes[index] = _start_server(self.database, self.ports[index])

    def kill(self, index: int) -> None:
        """SIGKILL one process (its CPU time so far is counted first)."""
        process = self.processes[index]
        if process is None:
            return
        self.cpu += _cpu_seconds(process) or 0.0
        process.send_signal(signal.SIGKILL)
        process.wait()
        self.processes[index] = None

    def live_port(self) -> int:
        for port, process in zip(self.ports, self.processes, strict=True):
            if process is not None:
                return port
        raise SystemExit("no server process is running")

    def total_cpu(self) -> float:
        """CPU seconds used by every process, the killed ones included."""
        return self.cpu + sum(
            _cpu_seconds(process) or 0.0 for process in self.processes if process is not None
        )

    def stop(self) -> None:
        for process in self.processes:
            if process is not None:
                process.send_signal(signal.SIGTERM)
        for index, process in enumerate(self.processes):
            if process is None:
                continue
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            self.processes[index] = None


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
    server: int = 0
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
class Pace:
    """How long a seat thinks: ``think`` seconds on average, or with a ``rate``, the
    number of games still running divided by the rate (so that all of them together
    act about ``rate`` times a second until the last one ends), times a ``scale`` that
    :func:`_steer` adjusts for the time an action and its update take besides."""

    think: float
    rate: float | None
    running: int
    over: set[str] = attrs.Factory(set)
    sent: int = 0
    scale: float = 1.0

    def mean(self) -> float:
        return self.think if self.rate is None else self.scale * self.running / self.rate

    def game_over(self, game: str) -> None:
        if game not in self.over:
            self.over.add(game)
            self.running -= 1


@attrs.define
class Figures:
    """What the run measured."""

    round_trips: list[float] = attrs.Factory(list)
    reconnections: int = 0
    refusals: list[str] = attrs.Factory(list)


async def _play_seat(
    seat: Seat,
    urls: Sequence[str],
    pace: Pace,
    figures: Figures,
    stop: asyncio.Event,
    compression: str | None,
) -> None:
    """Play one seat until its game is over, reconnecting whenever the server goes away
    (to the next server process, if there are several)."""
    first = True
    while not seat.done and not stop.is_set():
        if not first:
            figures.reconnections += 1
            seat.server = (seat.server + 1) % len(urls)
            await asyncio.sleep(0.05 + seat.rng.random() * 0.2)
        first = False
        try:
            async with connect(
                urls[seat.server], max_size=2**24, open_timeout=10, compression=compression
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
                    await _handle(seat, socket_, message, pace, figures)
                    if seat.done:
                        return
        except (ConnectionClosed, OSError, InvalidStatus, TimeoutError):
            continue


async def _handle(
    seat: Seat, socket_: Any, message: dict[str, Any], pace: Pace, figures: Figures
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
            pace.game_over(seat.game)
            return
        if message["actor"] == seat.seat and message["legal"] and seat.acted_for != seat.ply:
            seat.acted_for = seat.ply
            think = pace.mean()
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
            pace.sent += 1
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
    ports: Sequence[int],
    pace: Pace,
    deadline: float,
    figures: Figures,
    compression: str | None,
) -> None:
    stop = asyncio.Event()
    urls = [f"ws://127.0.0.1:{port}/ws" for port in ports]
    tasks = [
        asyncio.create_task(_play_seat(seat, urls, pace, figures, stop, compression))
        for seats in games
        for seat in seats
    ]
    steering = asyncio.create_task(_steer(pace))
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=deadline)
    except TimeoutError:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        steering.cancel()
        await asyncio.gather(steering, return_exceptions=True)


async def _steer(pace: Pace) -> None:
    """With a rate, shorten or lengthen every pause every two seconds by how far the
    actions sent in the last two fell short of the rate or went over it (from the
    third second: the first ones are the clients connecting)."""
    if pace.rate is None:
        return
    await asyncio.sleep(2.0)
    sent, then = pace.sent, time.perf_counter()
    while True:
        await asyncio.sleep(2.0)
        now = time.perf_counter()
        achieved = (pace.sent - sent) / (now - then)
        sent, then = pace.sent, now
        if achieved > 0 and pace.running > 0:
            change = min(1.5, max(0.67, achieved / pace.rate))
            pace.scale = min(2.0, max(0.05, pace.scale * change))


async def _kill_on_schedule(
    clients: asyncio.Task[None],
    servers: Servers,
    kill_after: Sequence[float],
    first: int,
    restart: bool,
) -> int:
    """Kill a server process (SIGKILL) at each time of ``kill_after`` while the clients
    play, ``first`` and then the next ones in turn; start it again if ``restart``.
    Returns how many were killed."""
    began = time.perf_counter()
    kills = 0
    for at in sorted(kill_after):
        wait = at - (time.perf_counter() - began)
        done, _ = await asyncio.wait({clients}, timeout=max(0.0, wait))
        if done:
            break
        index = (first + kills) % len(servers.ports)
        servers.kill(index)
        kills += 1
        if restart:
            await asyncio.to_thread(servers.restart, index)
    return kills


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@contextlib.contextmanager
def _no_full_collections() -> Iterator[None]:
    """No garbage collection in the clients' process while they play: this process
    holds every seat's events and views, and a full collection walking them stopped
    every client for up to 140 ms, which the round trips would have counted as the
    server's."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


@contextlib.contextmanager
def _database(database_url: str | None, postgres_temp: bool) -> Iterator[Path | str]:
    """A fresh SQLite file, the PostgreSQL database given, or a throwaway cluster's."""
    if postgres_temp:
        why = postgres_support.unavailable()
        if why is not None:
            raise SystemExit(f"--postgres-temp: {why}")
        with postgres_support.cluster() as url:
            yield url
    elif database_url is not None:
        yield database_url
    else:
        with tempfile.TemporaryDirectory(prefix="guarda-load-") as directory:
            yield Path(directory) / "games.db"


def run(
    *,
    games: int,
    players: int,
    preset: str,
    turn_limit: int | None,
    think: float,
    kill_after: Sequence[float] = (),
    deadline: float,
    seed: int,
    deflate: bool = False,
    database_url: str | None = None,
    postgres_temp: bool = False,
    rate: float | None = None,
    servers: int = 1,
    kill_server: int = 0,
    restart: bool = True,
) -> dict[str, Any]:
    """Run the load test; return the figures (see the module docstring)."""
    postgres = postgres_temp or database_url is not None
    if servers > 1 and not postgres:
        raise SystemExit("--servers 2 or more needs PostgreSQL (--database or --postgres-temp)")
    if not restart and servers < 2 and kill_after:
        raise SystemExit("--no-restart needs a second server process (--servers 2)")
    rng = random.Random(seed)
    load_at_start = _load_average()
    with _database(database_url, postgres_temp) as database:
        processes = Servers.start(database, servers)
        ports = processes.ports
        kills = 0
        try:
            options: dict[str, Any] = {"players": players}
            if turn_limit is not None:
                options["turn_limit"] = turn_limit
            table: list[list[Seat]] = []
            for number in range(games):
                created = _http(
                    ports[number % servers],
                    "/api/games",
                    {
                        "preset": preset,
                        "options": options,
                        "seats": [{"kind": "person"}] * players,
                    },
                )
                table.append(
                    [
                        Seat(
                            created["game"],
                            s["seat"],
                            s["token"],
                            random.Random(rng.random()),
                            server=(number + s["seat"]) % servers,
                        )
                        for s in created["seats"]
                    ]
                )
            figures = Figures()
            pace = Pace(think, rate, games)
            start = time.perf_counter()
            client_start = time.process_time()

            async def main() -> None:
                nonlocal kills
                clients = asyncio.create_task(
                    _run_clients(
                        table, ports, pace, deadline, figures, "deflate" if deflate else None
                    )
                )
                kills = await _kill_on_schedule(
                    clients, processes, kill_after, kill_server, restart
                )
                await clients

            with _no_full_collections():
                asyncio.run(main())
            duration = time.perf_counter() - start
            client_cpu = time.process_time() - client_start
            server_cpu = processes.total_cpu()
            load_at_end = _load_average()
            problems: list[str] = []
            finished = 0
            port = processes.live_port()
            for seats in table:
                if not all(seat.done for seat in seats):
                    problems.append(f"{seats[0].game}: not finished by the deadline")
                    continue
                finished += 1
                problems.extend(_check_game(seats, port))
        finally:
            processes.stop()
    trips = figures.round_trips
    return {
        "games": games,
        "players": players,
        "preset": preset,
        "turn_limit": turn_limit,
        "store": "postgresql" if postgres else "sqlite",
        "servers": servers,
        "rate": rate,
        "think": think if rate is None else round(games / rate, 3),
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
        "load_average": load_at_end,
        "load_average_at_start": load_at_start,
        "kills": kills,
        "reconnections": figures.reconnections,
        "refusals": figures.refusals[:20],
        "problems": problems[:50],
        "lost_or_diverging": len(problems),
    }


def report(figures: dict[str, Any]) -> str:
    """The figures in a few lines."""
    trip = figures["round_trip_ms"]
    pace = (
        f"think {figures['think']} s on average"
        if figures["rate"] is None
        else f"aiming at {figures['rate']} actions per second"
    )
    return "\n".join(
        [
            f"games: {figures['games']} concurrent, {figures['players']} players each "
            f"({figures['preset']}, turn limit {figures['turn_limit']}), {pace}",
            f"servers: {figures['servers']} process(es) on {figures['store']}",
            f"finished: {figures['finished']}, lost or diverging from their record: "
            f"{figures['lost_or_diverging']}",
            f"actions: {figures['actions']} in {figures['duration']} s "
            f"({figures['actions_per_second']} per second)",
            f"round trip act -> accepted: p50 {trip['p50']} ms, p90 {trip['p90']} ms, "
            f"p99 {trip['p99']} ms, max {trip['max']} ms (target p99 < {TARGET_P99_MS:g} ms)",
            f"server CPU per action: {figures['server_cpu_ms_per_action']} ms "
            f"(including creating the games and replaying them at restart), clients' CPU "
            f"per action: {figures['client_cpu_ms_per_action']} ms",
            f"machine load average: {figures['load_average_at_start']} at the start, "
            f"{figures['load_average']} at the end",
            f"server process killed (SIGKILL): {figures['kills']} time(s), "
            f"client reconnections: {figures['reconnections']}",
        ]
    )


def keeps_target(figures: dict[str, Any], target_p99: float) -> bool:
    """Whether a run at a rate kept the target: p99 under it, nothing lost, and the
    rate reached (80 % of it over the whole run, the clients connecting at the start
    and the last games ending included)."""
    return bool(
        figures["lost_or_diverging"] == 0
        and figures["round_trip_ms"]["p99"] < target_p99
        and figures["actions_per_second"] >= 0.8 * figures["rate"]
    )


def sweep(
    start: float, step: float, runs: int, target_p99: float, **settings: Any
) -> dict[str, Any]:
    """Run at rising rates while the runs keep the target (at falling rates while they
    miss it), then once between the highest rate that kept it and the lowest that missed
    it; return every run and the highest rate kept."""
    results: list[dict[str, Any]] = []
    kept: float | None = None
    missed: float | None = None
    refined = False
    rate = start
    while len(results) < runs:
        figures = run(rate=rate, **settings)
        results.append(figures)
        ok = keeps_target(figures, target_p99)
        print(_sweep_line(figures, ok), flush=True)
        if ok:
            kept = rate if kept is None else max(kept, rate)
        else:
            missed = rate if missed is None else min(missed, rate)
        if missed is None:
            rate = round(rate * step, 1)
        elif kept is None:
            rate = round(rate / step, 1)
        elif kept < missed and not refined:
            rate = round(math.sqrt(kept * missed), 1)
            refined = True
        else:
            break
    return {"target_p99_ms": target_p99, "highest_rate_kept": kept, "runs": results}


def _sweep_line(figures: dict[str, Any], ok: bool) -> str:
    trip = figures["round_trip_ms"]
    return (
        f"rate {figures['rate']}/s: achieved {figures['actions_per_second']}/s, "
        f"p50 {trip['p50']} ms, p99 {trip['p99']} ms, server CPU "
        f"{figures['server_cpu_ms_per_action']} ms/action, lost {figures['lost_or_diverging']}, "
        f"load {figures['load_average_at_start']} -> {figures['load_average']}: "
        f"{'kept' if ok else 'missed'}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run from the command line; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--preset", default="modern", choices=("classic", "modern", "grda"))
    parser.add_argument("--turn-limit", type=int, default=None)
    parser.add_argument("--think", type=float, default=0.25, help="mean pause per decision (s)")
    parser.add_argument(
        "--rate",
        type=float,
        default=None,
        metavar="N",
        help="aim at N actions per second overall (instead of --think)",
    )
    parser.add_argument(
        "--kill-after",
        type=float,
        nargs="+",
        default=[],
        metavar="SECONDS",
        help="SIGKILL a server process at each of these times (seconds in)",
    )
    parser.add_argument(
        "--servers",
        type=int,
        default=1,
        metavar="N",
        help="N server processes on one database (2 or more need PostgreSQL)",
    )
    parser.add_argument(
        "--kill-server",
        type=int,
        default=0,
        metavar="INDEX",
        help="the process killed first (0-based); later kills take the next ones in turn",
    )
    parser.add_argument(
        "--no-restart",
        dest="restart",
        action="store_false",
        help="leave a killed process down (its clients go on through the others)",
    )
    parser.add_argument("--deadline", type=float, default=300.0, metavar="SECONDS")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--deflate",
        action="store_true",
        help="ask for per-message compression (on loopback it only costs CPU)",
    )
    parser.add_argument(
        "--database",
        dest="database_url",
        default=None,
        metavar="URL",
        help="a postgresql:// URL of an empty database to use (default: a fresh SQLite file)",
    )
    parser.add_argument(
        "--postgres-temp",
        action="store_true",
        help="start a throwaway PostgreSQL cluster for each run and use it",
    )
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="find the highest rate, starting at --rate, that keeps --target-p99",
    )
    parser.add_argument("--sweep-step", type=float, default=1.25, metavar="FACTOR")
    parser.add_argument("--sweep-runs", type=int, default=10, metavar="N")
    parser.add_argument("--target-p99", type=float, default=TARGET_P99_MS, metavar="MS")
    parser.add_argument("--json", type=Path, default=None, metavar="FILE")
    args = parser.parse_args(argv)
    if args.database_url is not None and args.postgres_temp:
        parser.error("--database and --postgres-temp exclude each other")
    if args.sweep and (args.rate is None or args.database_url is not None):
        parser.error("--sweep needs --rate (where to start) and a fresh store per run")
    run_options = "games players preset turn_limit think kill_after deadline seed deflate"
    more = "database_url postgres_temp servers kill_server restart"
    settings = {name: getattr(args, name) for name in f"{run_options} {more}".split()}
    if args.sweep:
        swept = sweep(args.rate, args.sweep_step, args.sweep_runs, args.target_p99, **settings)
        print(f"highest rate keeping p99 < {args.target_p99:g} ms: {swept['highest_rate_kept']}")
        if args.json is not None:
            args.json.write_text(json.dumps(swept, indent=2) + "\n", encoding="utf-8")
        return 1 if any(r["lost_or_diverging"] for r in swept["runs"]) else 0
    figures = run(rate=args.rate, **settings)
    print(report(figures))
    for problem in figures["problems"]:
        print("problem:", problem)
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 1 if figures["lost_or_diverging"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
