"""The ``guarda`` command (extra ``cli``: rich): play, replay, simulate, tournaments, stats.

``guarda COMMAND ARGS...`` runs one subcommand; ``guarda --help`` lists them and
``guarda COMMAND --help`` gives a command's options. See the
[command line guide](../cli.md). Each subcommand's module is imported only when it
runs, so a command that needs a missing extra says which in one line, and
``guarda verify`` needs nothing beyond guarda.

Examples:
    >>> from guarda import cli
    >>> cli.main(["validate", "--help"])  # doctest: +ELLIPSIS
    usage: guarda validate ...
    0
    >>> cli.main(["dance"])
    2
"""

from __future__ import annotations

from guarda.cli._registry import COMMANDS, EXTRAS, Command, main, usage

__all__ = ["COMMANDS", "EXTRAS", "Command", "main", "usage"]
