"""``guarda serve``: run a game server from the command line."""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import uvicorn

from guarda import Shuffle
from guarda.errors import ArgumentError, GuardaError
from guarda.server._app import create_app
from guarda.server._limits import (
    QuietFilter,
    connection_cap,
    descriptor_limit,
    header_timeout_protocol,
)
from guarda.server._settings import Settings

__all__ = ["GC_THRESHOLDS", "main", "serve"]

GC_THRESHOLDS: Final = (10_000, 20, 100)
"""The garbage collector's thresholds while serving (Python's default: 700, 10, 10).

A server holds many long-lived objects (every game's states and events), and a full
collection walks them all: with the defaults, one ran every few seconds under load and
stopped the event loop for up to 90 ms of CPU. Collecting the youngest generation less
often and the oldest much less often keeps every pause short; nearly all of guarda's
objects are freed by reference counting anyway (they hold no cycles)."""


def serve(settings: Settings, *, log_level: str = "info") -> None:
    """Serve games until the process is stopped (Ctrl-C or SIGTERM end it cleanly).

    Args:
        settings: Where to store games, what to listen on, the limits.
        log_level: uvicorn's log level (``"debug"``, ``"info"``, ``"warning"``, ...).

    The process is tuned for short pauses: what exists once everything is imported is
    frozen out of the garbage collector's reach (``gc.freeze``), and collections use the
    thresholds ``(10_000, 20, 100)`` instead of Python's ``(700, 10, 10)``: a full
    collection walks every game's states and events, and with the defaults one ran every
    few seconds under load and stopped the event loop for up to 90 ms of CPU.

    Connections are capped below the descriptor limit: uvicorn answers ``503`` past
    ``connection_cap + descriptor_reserve / 2`` connections and tasks, before
    ``accept()`` could run out of descriptors, and a burst of identical log lines (as
    asyncio writes on every failed ``accept()``) is logged once per 10 seconds. A TCP
    connection that sends nothing within ``hello_timeout`` seconds is closed (uvicorn
    itself times out idle connections only after a response).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    quiet = QuietFilter()
    for name in ("asyncio", "uvicorn.error", "guarda.server"):
        logging.getLogger(name).addFilter(quiet)
    cap = connection_cap(settings.max_connections, settings.descriptor_reserve, descriptor_limit())
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws_max_size=settings.max_message_bytes,
        log_level=log_level,
        lifespan="on",
        http=header_timeout_protocol(settings.hello_timeout),
        limit_concurrency=cap + max(1, settings.descriptor_reserve // 2),
        proxy_headers=settings.forwarded_allow_ips is not None,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        server_header=False,
    )


def _parser() -> argparse.ArgumentParser:
    defaults = Settings()
    parser = argparse.ArgumentParser(
        prog="guarda serve",
        description="Host Guarda games for people and bots: a web table, a WebSocket "
        "protocol, and every game stored in SQLite (a restarted server resumes them).",
    )
    parser.add_argument(
        "--database",
        default=defaults.database,
        help="SQLite file of the games, or a postgresql:// URL shared by several servers",
    )
    parser.add_argument("--host", default=defaults.host, help="address to listen on")
    parser.add_argument("--port", type=int, default=defaults.port, help="TCP port")
    parser.add_argument(
        "--synchronous",
        choices=("NORMAL", "FULL"),
        default=defaults.synchronous,
        help="FULL: survive power failures too, at the cost of a disk flush per commit",
    )
    parser.add_argument(
        "--shuffle",
        choices=[shuffle.value for shuffle in Shuffle],
        default=defaults.shuffle.value,
        help="the generator that deals new games (default sha256: cryptographic; "
        "splitmix64: the library's default)",
    )
    parser.add_argument("--max-games", type=int, default=defaults.max_games)
    parser.add_argument("--bot-workers", type=int, default=defaults.bot_workers)
    parser.add_argument(
        "--bot-time-budget", type=float, default=defaults.bot_time_budget, metavar="SECONDS"
    )
    limits = parser.add_argument_group(
        "limits for a public server", 'see the guide\'s "Running a public server"'
    )
    limits.add_argument("--max-connections", type=int, default=defaults.max_connections)
    limits.add_argument(
        "--descriptor-reserve",
        type=int,
        default=defaults.descriptor_reserve,
        help="file descriptors kept free: connections are capped at ulimit -n minus this",
    )
    limits.add_argument(
        "--create-rate",
        type=float,
        default=defaults.create_rate,
        metavar="PER_MINUTE",
        help="games one address may create per minute",
    )
    limits.add_argument("--create-burst", type=int, default=defaults.create_burst)
    limits.add_argument(
        "--connect-rate",
        type=float,
        default=defaults.connect_rate,
        metavar="PER_MINUTE",
        help="WebSocket connections one address may open per minute",
    )
    limits.add_argument("--connect-burst", type=int, default=defaults.connect_burst)
    limits.add_argument(
        "--rate-limit-clients",
        type=int,
        default=defaults.rate_limit_clients,
        help="addresses whose rate limits are remembered at most",
    )
    limits.add_argument(
        "--hello-timeout", type=float, default=defaults.hello_timeout, metavar="SECONDS"
    )
    limits.add_argument(
        "--game-expiry",
        type=float,
        default=defaults.game_expiry,
        metavar="SECONDS",
        help="abandon a game with no action and no client for this long",
    )
    limits.add_argument(
        "--finished-expiry", type=float, default=defaults.finished_expiry, metavar="SECONDS"
    )
    tokens = limits.add_mutually_exclusive_group()
    tokens.add_argument("--admin-token", help="creating games needs this bearer token")
    tokens.add_argument(
        "--admin-token-file", type=Path, metavar="FILE", help="read the admin token from FILE"
    )
    limits.add_argument(
        "--allowed-host",
        action="append",
        metavar="NAME",
        help="a host name the server answers to (repeatable; default: loopback names)",
    )
    limits.add_argument(
        "--allowed-origin",
        action="append",
        metavar="ORIGIN",
        help="another site whose pages may create games and connect (repeatable)",
    )
    limits.add_argument(
        "--forwarded-allow-ips",
        metavar="ADDRESSES",
        help="trust X-Forwarded-For from these proxies (comma-separated; default: none)",
    )
    parser.add_argument(
        "--log-level", default="info", choices=("critical", "error", "warning", "info", "debug")
    )
    return parser


def _admin_token(args: argparse.Namespace) -> str | None:
    if args.admin_token_file is None:
        token: str | None = args.admin_token
        return token
    try:
        return str(args.admin_token_file.read_text(encoding="utf-8").strip())
    except OSError as error:
        raise ArgumentError(
            f"cannot read the admin token file: {error}", path="admin_token_file"
        ) from error


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``guarda serve``.

    Args:
        argv: The arguments after ``serve``; None reads ``sys.argv``.

    Returns:
        The exit status: 0 after a clean stop, 2 for bad settings.
    """
    args = _parser().parse_args(argv)
    try:
        settings = Settings(
            database=args.database,
            host=args.host,
            port=args.port,
            synchronous=args.synchronous,
            shuffle=args.shuffle,
            max_games=args.max_games,
            bot_workers=args.bot_workers,
            bot_time_budget=args.bot_time_budget,
            max_connections=args.max_connections,
            descriptor_reserve=args.descriptor_reserve,
            create_rate=args.create_rate,
            create_burst=args.create_burst,
            connect_rate=args.connect_rate,
            connect_burst=args.connect_burst,
            rate_limit_clients=args.rate_limit_clients,
            hello_timeout=args.hello_timeout,
            game_expiry=args.game_expiry,
            finished_expiry=args.finished_expiry,
            admin_token=_admin_token(args),
            allowed_hosts=tuple(args.allowed_host or Settings().allowed_hosts),
            allowed_origins=tuple(args.allowed_origin or ()),
            forwarded_allow_ips=args.forwarded_allow_ips,
        )
    except GuardaError as error:
        print(f"guarda serve: error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    serve(settings, log_level=args.log_level)
    return 0
