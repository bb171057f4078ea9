"""``guarda serve``: run a game server from the command line."""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from collections.abc import Sequence
from typing import Final

import uvicorn

from guarda.errors import GuardaError
from guarda.server._app import create_app
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
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws_max_size=settings.max_message_bytes,
        log_level=log_level,
        lifespan="on",
    )


def _parser() -> argparse.ArgumentParser:
    defaults = Settings()
    parser = argparse.ArgumentParser(
        prog="guarda serve",
        description="Host Guarda games for people and bots: a web table, a WebSocket "
        "protocol, and every game stored in SQLite (a restarted server resumes them).",
    )
    parser.add_argument("--database", default=defaults.database, help="SQLite file of the games")
    parser.add_argument("--host", default=defaults.host, help="address to listen on")
    parser.add_argument("--port", type=int, default=defaults.port, help="TCP port")
    parser.add_argument(
        "--synchronous",
        choices=("NORMAL", "FULL"),
        default=defaults.synchronous,
        help="FULL: survive power failures too, at the cost of a disk flush per commit",
    )
    parser.add_argument("--max-games", type=int, default=defaults.max_games)
    parser.add_argument("--bot-workers", type=int, default=defaults.bot_workers)
    parser.add_argument(
        "--bot-time-budget", type=float, default=defaults.bot_time_budget, metavar="SECONDS"
    )
    parser.add_argument(
        "--log-level", default="info", choices=("critical", "error", "warning", "info", "debug")
    )
    return parser


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
            max_games=args.max_games,
            bot_workers=args.bot_workers,
            bot_time_budget=args.bot_time_budget,
        )
    except GuardaError as error:
        print(f"guarda serve: error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    serve(settings, log_level=args.log_level)
    return 0
