"""What the subcommands share: the argument parser, the configuration flags, files, bots.

Examples:
    >>> parser = Parser(prog="guarda demo")
    >>> add_config_arguments(parser)
    >>> args = parser.parse_args(["--edition", "grda", "--players", "3", "--seed", "4"])
    >>> config_of(args).players, seed_of(args)
    (3, 4)
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, NoReturn

from rich.console import Console

import guarda
from guarda import bots
from guarda.arena import FILE_FORMAT, read_records
from guarda.errors import GuardaError

__all__ = [
    "BOTS",
    "EDITIONS",
    "WINS",
    "Parser",
    "UsageError",
    "add_config_arguments",
    "bot",
    "bot_list",
    "config_of",
    "console",
    "fail",
    "is_arena_file",
    "read_document",
    "read_game_records",
    "read_text",
    "seat_of",
    "seed_of",
]

EDITIONS: Final[dict[str, Callable[..., guarda.Config]]] = {
    "classic": guarda.classic,
    "modern": guarda.modern,
    "grda": guarda.grda,
}
"""The presets by command-line name."""

WINS: Final = ("elimination", "victory", "exhaustion", "king-of-the-hill")
"""The win conditions by command-line name."""

BOTS: Final[dict[str, Callable[[], bots.Agent]]] = {
    name: getattr(bots, cls)
    for name, cls in (("random", "RandomBot"), ("greedy", "GreedyBot"), ("ismcts", "ISMCTSBot"))
    if hasattr(bots, cls)
}
"""The bots of ``guarda.bots`` by command-line name (those this release has)."""


class UsageError(Exception):
    """A bad command-line argument: the command prints it and exits with status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message} ({self.prog} --help)\n")


PIPED_WIDTH: Final = 10_000
"""The width of a ``wide`` console that writes to a file or a pipe: wide enough that no
table is ever cut (rich would take 80 columns)."""


def console(*, stderr: bool = False, wide: bool = False) -> Console:
    """A rich console (colour when the terminal has it, ``NO_COLOR`` respected).

    With ``wide``, output that does not go to a terminal is never cut to a width: tables
    print whole when piped or redirected.
    """
    stream = sys.stderr if stderr else sys.stdout
    piped = wide and not (hasattr(stream, "isatty") and stream.isatty())
    width = PIPED_WIDTH if piped else None
    return Console(stderr=stderr, highlight=False, soft_wrap=True, width=width)


def fail(prog: str, error: GuardaError | UsageError | OSError | str, status: int) -> int:
    """Print ``PROG: error: ...`` on stderr and return ``status``."""
    if isinstance(error, OSError):
        text = f"{error.filename}: {error.strerror}" if error.filename else str(error)
    else:
        text = str(error)
    print(f"{prog}: error: {text}", file=sys.stderr)
    return status


def add_config_arguments(parser: argparse.ArgumentParser, *, seed: bool = True) -> None:
    """Add the flags that choose a configuration (and a seed)."""
    group = parser.add_argument_group("configuration")
    group.add_argument("--edition", choices=sorted(EDITIONS), help="the preset (default modern)")
    group.add_argument("--players", type=int, metavar="N", help="number of players (2-8)")
    group.add_argument("--win", choices=WINS, help="win condition (default elimination)")
    group.add_argument(
        "--turn-limit", type=int, metavar="N", help="end the game as a draw after N turns (R27)"
    )
    group.add_argument("--config", metavar="FILE", help="a config document instead of a preset")
    if seed:
        group.add_argument("--seed", type=int, help="the seed (default: a fresh random one)")


def config_of(args: argparse.Namespace) -> guarda.Config:
    """The configuration the flags choose.

    Raises:
        UsageError: For flags that do not make a configuration, or an unreadable file.
    """
    if args.config is not None:
        given = [
            flag
            for flag in ("edition", "players", "win", "turn_limit")
            if getattr(args, flag) is not None
        ]
        if given:
            raise UsageError(f"--config cannot be combined with --{given[0].replace('_', '-')}")
        try:
            config: guarda.Config = read_document(args.config, guarda.Config)
        except GuardaError as error:
            raise UsageError(f"{args.config}: {error}") from error
        return config
    options: dict[str, Any] = {"win": args.win or "elimination", "turn_limit": args.turn_limit}
    if args.players is not None:
        options["players"] = args.players
    try:
        return EDITIONS[args.edition or "modern"](**options)
    except GuardaError as error:
        raise UsageError(str(error)) from error


def seed_of(args: argparse.Namespace) -> int:
    """The ``--seed``, or a fresh one from ``secrets`` (R30: seeds must be unpredictable)."""
    return args.seed if args.seed is not None else secrets.randbits(63)


def read_text(path: str) -> str:
    """The text of a file ("-" for stdin).

    Raises:
        UsageError: If it cannot be read.
    """
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise UsageError(f"cannot read {path}: {reason}") from error


def read_document(path: str, cls: Any = None) -> Any:
    """The value of the guarda document in a file.

    Raises:
        UsageError: If the file cannot be read.
        GuardaError: If it is not a valid document (of kind ``cls``).
    """
    return guarda.loads(read_text(path), cls)


def is_arena_file(text: str) -> bool:
    """Whether a file's text is an arena's JSON Lines records file."""
    first = text.lstrip().split("\n", 1)[0]
    try:
        header = json.loads(first)
    except ValueError:
        return False
    return isinstance(header, dict) and header.get("format") == FILE_FORMAT


def read_game_records(path: str) -> list[guarda.GameRecord]:
    """The records in a file: an arena's JSON Lines file or one record document.

    Raises:
        UsageError: If the file cannot be read.
        GuardaError: If it holds no valid records.
    """
    text = read_text(path)
    if is_arena_file(text):
        return read_records(path)
    return [guarda.loads(text, guarda.GameRecord)]


def bot(name: str) -> Callable[[], bots.Agent]:
    """The bot class of a command-line name.

    Raises:
        UsageError: For an unknown name.
    """
    if name not in BOTS:
        raise UsageError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})")
    return BOTS[name]


def bot_list(text: str, count: int | None = None) -> list[str]:
    """Bot names from ``a,b,c``, checked, repeated to ``count`` if one name is given.

    Raises:
        UsageError: For an unknown name or the wrong count.
    """
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        bot(name)
    if count is not None:
        if len(names) == 1:
            names *= count
        if len(names) != count:
            raise UsageError(f"give {count} bots (one per seat) or one, not {len(names)}")
    return names


def seat_of(value: int | None, config: guarda.Config) -> int | None:
    """A ``--seat`` checked against the configuration.

    Raises:
        UsageError: For a seat the game does not have.
    """
    if value is not None and not 0 <= value < config.players:
        raise UsageError(f"--seat: no seat {value} in a {config.players}-player game")
    return value
