"""The ``guarda`` command: its subcommands, loaded on demand, and the dispatcher.

Each subcommand lives in its own module of ``guarda.cli`` with a ``main(argv) -> int``.
The registry names the module and the extra the subcommand needs; the dispatcher imports
the module only when its subcommand runs (``importlib``), so ``guarda verify`` works with
guarda alone, and a missing extra is reported in one line instead of a traceback.

Examples:
    >>> sorted(COMMANDS)[:3]
    ['play', 'render', 'replay']
    >>> COMMANDS["verify"].extra is None
    True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Final, cast

import attrs

import guarda
from guarda.errors import GuardaError

__all__ = ["COMMANDS", "EXTRAS", "Command", "main", "usage"]


@attrs.frozen
class Command:
    """A subcommand of ``guarda``: where it lives and what it needs."""

    module: str
    """The module that holds its ``main(argv) -> int``."""
    summary: str
    """One line for ``guarda --help``."""
    extra: str | None = "cli"
    """The extra it needs (``pip install 'guarda[extra]'``), or None."""


COMMANDS: Final[dict[str, Command]] = {
    "play": Command("guarda.cli._play", "play against bots in the terminal"),
    "replay": Command("guarda.cli._replay", "step through a recorded game"),
    "simulate": Command("guarda.cli._simulate", "play bots against bots, N games"),
    "tournament": Command("guarda.cli._tournament", "a round robin or gauntlet of bots"),
    "stats": Command("guarda.cli._stats", "the designer statistics of recorded games"),
    "validate": Command("guarda.cli._validate", "check a guarda document or records file"),
    "render": Command("guarda.cli._render", "draw a position as SVG or text"),
    "verify": Command(
        "guarda.cli._verify", "check another implementation (conformance vectors)", extra=None
    ),
    "serve": Command("guarda.server", "run a game server with a web table", extra="server"),
}
"""Every subcommand by name."""

EXTRAS: Final[dict[str, str]] = {
    "rich": "cli",
    "matplotlib": "plot",
    "starlette": "server",
    "uvicorn": "server",
    "websockets": "server",
}
"""The extra that installs each optional top-level module the subcommands import."""


def usage() -> str:
    """The text of ``guarda --help``: every subcommand with its summary."""
    width = max(len(name) for name in COMMANDS)
    lines = [
        "usage: guarda COMMAND [ARGS...]   (guarda COMMAND --help for its options)",
        "",
        "The command line of guarda, the rules of the card game Guarda.",
        "",
        "commands:",
    ]
    lines += [f"  {name:<{width}}  {command.summary}" for name, command in COMMANDS.items()]
    lines += [
        "",
        "Most commands need the cli extra: pip install 'guarda[cli]'.",
        "python -m guarda plays a demo game with guarda alone.",
    ]
    return "\n".join(lines)


def _missing_extra(name: str, error: ModuleNotFoundError) -> str | None:
    top = (error.name or "").split(".")[0]
    extra = EXTRAS.get(top)
    if extra is None:
        return None
    return (
        f"guarda {name}: error: this command needs the {extra} extra ({top} is not "
        f"installed): pip install 'guarda[{extra}]'"
    )


def _load(name: str) -> Callable[[list[str]], int]:
    module = importlib.import_module(COMMANDS[name].module)
    return cast("Callable[[list[str]], int]", module.main)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``guarda COMMAND ARGS...``: the console script.

    Args:
        argv: The arguments without the program name; None reads ``sys.argv``.

    Returns:
        The exit status: 0 on success, 1 when a check failed or a file is bad, 2 for bad
        arguments (or no command).
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments:
        print(usage(), file=sys.stderr)
        return 2
    name, rest = arguments[0], arguments[1:]
    if name in ("-h", "--help", "help"):
        print(usage())
        return 0
    if name == "--version":
        print(f"guarda {guarda.__version__}")
        return 0
    if name not in COMMANDS:
        print(
            f"guarda: error: unknown command {name!r} (choose from {', '.join(COMMANDS)}; "
            "guarda --help)",
            file=sys.stderr,
        )
        return 2
    try:
        command = _load(name)
    except ModuleNotFoundError as error:
        message = _missing_extra(name, error)
        if message is None:
            raise
        print(message, file=sys.stderr)
        return 1
    try:
        return command(rest)
    except SystemExit as exit_:  # argparse: --help and usage errors
        code = exit_.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    except GuardaError as error:
        print(f"guarda {name}: error: {error}", file=sys.stderr)
        return 1
