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
import importlib
import json
import re
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
from guarda.game import Game
from guarda.games import GAMES, GuardaGame, get_game

__all__ = [
    "BOTS",
    "EDITIONS",
    "GUARDA_FLAGS",
    "WINS",
    "Parser",
    "UsageError",
    "add_config_arguments",
    "add_game_arguments",
    "bot",
    "bot_list",
    "config_of",
    "console",
    "fail",
    "game_config_of",
    "game_named",
    "is_arena_file",
    "is_guarda",
    "players_of",
    "read_document",
    "read_game_records",
    "read_text",
    "seat_of",
    "seed_of",
    "title_of",
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


GUARDA_FLAGS: Final = ("edition", "win", "turn_limit", "config")
"""The configuration flags that are Guarda's (another game takes ``--option``)."""

_GAME_PATH = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*")


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--game NAME`` and ``--option NAME=VALUE`` (after the configuration flags)."""
    group = parser.add_argument_group("game")
    group.add_argument(
        "--game",
        default="guarda",
        metavar="NAME",
        help=f"the game: {', '.join(sorted(GAMES))} (default guarda), or package.module:GAME "
        "for a game of your own",
    )
    group.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of the game's configuration (repeatable; see the game's options)",
    )


def game_named(text: str) -> Game:
    """The game of ``--game``: a name in ``guarda.games.GAMES`` or ``package.module:OBJECT``.

    Raises:
        UsageError: For an unknown name, a module that does not import, or an object that
            is not a game.
    """
    if text in GAMES:
        return GAMES[text]
    if not _GAME_PATH.fullmatch(text):
        raise UsageError(
            f"--game: no game called {text!r} (games: {', '.join(sorted(GAMES))}, or "
            "package.module:GAME)"
        )
    module_name, _, attribute = text.partition(":")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as error:
        raise UsageError(f"--game: cannot import {module_name!r}: {error}") from error
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError as error:
            raise UsageError(f"--game: no {part!r} in {module_name!r}") from error
    try:
        return get_game(found)  # type: ignore[arg-type]  # checked there
    except GuardaError as error:
        raise UsageError(f"--game: {text!r} is not a game (guarda.game.Game)") from error


def is_guarda(game: Game) -> bool:
    """Whether ``game`` is Guarda (played with its own flags and picker)."""
    return isinstance(game, GuardaGame)


def _options(args: argparse.Namespace) -> dict[str, str]:
    options: dict[str, str] = {}
    for text in getattr(args, "option", []):
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"--option: give NAME=VALUE, not {text!r}")
        options[name.strip()] = value.strip()
    return options


def game_config_of(args: argparse.Namespace) -> tuple[Game, Any]:
    """The game of ``--game`` and the configuration the flags choose.

    Guarda takes its own flags (``--edition``, ``--win``, ``--turn-limit``,
    ``--config``) or ``--option``s, not both; any other game takes ``--players`` and
    ``--option``s, passed to [`make_config`][guarda.game.Game.make_config].

    Raises:
        UsageError: For an unknown game, a Guarda flag with another game, or flags that
            do not make a configuration.
    """
    game = game_named(getattr(args, "game", "guarda"))
    options = _options(args)
    given = [flag for flag in GUARDA_FLAGS if getattr(args, flag, None) is not None]
    if is_guarda(game) and not options:
        return game, config_of(args)
    if given:
        flag = "--" + given[0].replace("_", "-")
        if is_guarda(game):
            raise UsageError(f"{flag} cannot be combined with --option")
        names = ", ".join(game.options()) or "none"
        raise UsageError(
            f"{flag} is Guarda's: {game.title} takes --option NAME=VALUE (its options: {names})"
        )
    try:
        return game, game.make_config(args.players, options)
    except GuardaError as error:
        raise UsageError(str(error)) from error


def players_of(game: Game, config: Any) -> int:
    """How many players ``config`` seats."""
    return config.players if is_guarda(game) else game.players(config)


def title_of(game: Game, config: Any) -> str:
    """``Modern, 2 players`` for Guarda (the configuration's name), else the game's title."""
    name = config.name if is_guarda(game) else game.title
    return f"{name}, {players_of(game, config)} players"


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


def read_game_records(path: str, game: Game | None = None) -> list[Any]:
    """The records in a file: an arena's JSON Lines file or one record document.

    An arena's file names its game; ``game`` (None: Guarda, or the game the file names)
    reads a game of your own, and a record document of a game other than Guarda.

    Raises:
        UsageError: If the file cannot be read.
        GuardaError: If it holds no valid records.
    """
    text = read_text(path)
    other = None if game is None or is_guarda(game) else game
    if is_arena_file(text):
        return read_records(path, game=other)
    if other is not None:
        return [other.loads(text)]
    return [guarda.loads(text, guarda.GameRecord)]


def bot(name: str) -> Callable[[], bots.Agent]:
    """The bot class of a command-line name.

    Raises:
        UsageError: For an unknown name.
    """
    if name == "heuristic":  # Guarda's heuristic player
        return BOTS["greedy"]
    if name not in BOTS:
        raise UsageError(f"unknown bot {name!r} (choose from {', '.join(BOTS)}, heuristic)")
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


def seat_of(value: int | None, config: Any, game: Game | None = None) -> int | None:
    """A ``--seat`` checked against the configuration (of ``game``; None for Guarda).

    Raises:
        UsageError: For a seat the game does not have.
    """
    players = config.players if game is None or is_guarda(game) else game.players(config)
    if value is not None and not 0 <= value < players:
        raise UsageError(f"--seat: no seat {value} in a {players}-player game")
    return value
