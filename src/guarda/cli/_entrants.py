"""The entrants of ``guarda simulate`` and ``guarda tournament``: a bot of ``guarda.bots``
by name, an agent factory by import path, or a program speaking the bot protocol.

An entrant is written as ``[NAME=]SPEC``:

- ``random``, ``greedy``, ``ismcts``: a bot of ``guarda.bots`` (ISMCTS with the
  ``--iterations``, ``--seconds``, ``--fm-calls`` and ``--worlds`` given);
- ``heuristic``: the game's heuristic player: Guarda's is ``greedy``; another game's
  is its [`heuristic`][guarda.game.HasHeuristic.heuristic], if it has one (``greedy``
  is Guarda's alone);
- ``package.module:Factory``: an attribute of an importable module, either an agent or
  a zero-argument factory of one (a class, a function), as ``pytest`` or ``uvicorn``
  name their targets;
- ``cmd:COMMAND``: a program that speaks the JSON Lines bot protocol, started with
  ``COMMAND`` split as a shell would split it (no shell runs it)
  ([`SubprocessAgent`][guarda.arena.SubprocessAgent]).

``NAME=`` names the entrant in the tables (by default the agent's own name).

Examples:
    >>> parse_entrant("greedy", IsmctsOptions())
    (None, <class 'guarda.bots._greedy.GreedyBot'>)
    >>> parse_entrant("mine=guarda.bots:RandomBot", IsmctsOptions())[0]
    'mine'
    >>> parse_entrant("nothing", IsmctsOptions())
    Traceback (most recent call last):
    ...
    guarda.cli._common.UsageError: unknown bot 'nothing': give random, greedy, ismcts, heuristic, package.module:Factory or cmd:COMMAND
"""  # noqa: E501

from __future__ import annotations

import contextlib
import functools
import importlib
import re
import shlex
from collections.abc import Callable, Sequence
from pathlib import PurePath
from typing import Any

import attrs

from guarda import bots
from guarda.arena import AgentSpec, SubprocessAgent
from guarda.cli._common import BOTS, UsageError, is_guarda
from guarda.errors import ArgumentError
from guarda.game import Game, HasHeuristic
from guarda.games import GUARDA

__all__ = ["BOT_NAMES", "IsmctsOptions", "entrants_of_specs", "heuristic_of", "parse_entrant"]

BOT_NAMES = (*BOTS, "heuristic")
"""The bots an entrant may name: those of ``guarda.bots`` and the game's heuristic."""

_PATH = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*")
_NAME = re.compile(r"[\w.#+-]{1,40}")

SUBPROCESS_TIMEOUT = 30.0
"""Seconds a ``cmd:`` entrant may take for each answer before it is a fault."""


@attrs.frozen
class IsmctsOptions:
    """The ISMCTS bot's budget from the command line (None: the bot's default)."""

    iterations: int | None = None
    seconds: float | None = None
    worlds: int | None = None
    fm_calls: int | None = None

    def factory(self) -> Callable[[], bots.Agent]:
        """A zero-argument factory of the ISMCTS bot with these options."""
        given: dict[str, Any] = {
            name: value for name, value in attrs.asdict(self).items() if value is not None
        }
        if ("seconds" in given or "fm_calls" in given) and "iterations" not in given:
            given["iterations"] = None  # a time or forward-model budget alone
        if not given:
            return bots.ISMCTSBot
        try:
            bots.ISMCTSBot(**given)  # checks the budget now, with its error
        except ArgumentError as error:
            raise UsageError(f"ismcts: {error}") from error
        return functools.partial(bots.ISMCTSBot, **given)


def _imported(path: str) -> object:
    module_name, _, attribute = path.partition(":")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as error:
        raise UsageError(f"cannot import {module_name!r} for {path!r}: {error}") from error
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError as error:
            raise UsageError(f"{path!r}: no {part!r} in {module_name!r}") from error
    if not isinstance(found, bots.Agent) and not callable(found):
        raise UsageError(f"{path!r} is neither an agent nor a factory of one")
    return found


def heuristic_of(game: Game) -> Callable[[], Any]:
    """A factory of the game's heuristic player: Guarda's greedy bot, or ``game.heuristic``.

    Raises:
        UsageError: If the game has no heuristic player.
    """
    if is_guarda(game):
        return BOTS["greedy"]
    if not isinstance(game, HasHeuristic):
        raise UsageError(f"heuristic: {game.title} has no heuristic player")
    return game.heuristic


def parse_entrant(
    text: str, ismcts: IsmctsOptions, game: Game = GUARDA
) -> tuple[str | None, object]:
    """The name given (or None) and the agent or factory of one entrant of ``game``.

    Raises:
        UsageError: For a spec that is none of the kinds above, a name that is not a short
            word, a module that cannot be imported, an empty command, ``greedy`` for a
            game other than Guarda, or ``heuristic`` for a game without one.
    """
    name: str | None = None
    spec = text.strip()
    head, equals, rest = spec.partition("=")
    if equals and not spec.startswith("cmd:") and _NAME.fullmatch(head):
        name, spec = head, rest.strip()
    if spec == "heuristic":
        return name, heuristic_of(game)
    if spec == "greedy" and not is_guarda(game):
        raise UsageError(f"greedy is Guarda's bot: for {game.title}, give heuristic")
    if spec in BOTS:
        return name, ismcts.factory() if spec == "ismcts" else BOTS[spec]
    if spec.startswith("cmd:"):
        try:
            command = shlex.split(spec[4:])
        except ValueError as error:
            raise UsageError(f"{text!r}: {error}") from error
        if not command:
            raise UsageError(f"{text!r}: give the command after cmd:")
        if is_guarda(game):
            return name, functools.partial(SubprocessAgent, command, timeout=SUBPROCESS_TIMEOUT)
        return name, functools.partial(
            SubprocessAgent, command, timeout=SUBPROCESS_TIMEOUT, game=game
        )
    if _PATH.fullmatch(spec):
        return name, _imported(spec)
    raise UsageError(
        f"unknown bot {spec!r}: give {', '.join(BOT_NAMES)}, package.module:Factory or cmd:COMMAND"
    )


def entrants_of_specs(
    texts: Sequence[str], ismcts: IsmctsOptions, game: Game = GUARDA
) -> list[AgentSpec] | dict[str, AgentSpec]:
    """The entrants, as the arena takes them: a list, or a mapping when any is named.

    Raises:
        UsageError: As [`parse_entrant`][guarda.cli._entrants.parse_entrant], or for
            two entrants given the same name.
    """
    parsed = [parse_entrant(text, ismcts, game) for text in texts]
    if all(name is None for name, _ in parsed):
        return [spec for _, spec in parsed]  # type: ignore[misc]  # named by the agents
    named: dict[str, AgentSpec] = {}
    counts: dict[str, int] = {}
    for index, (name, spec) in enumerate(parsed):
        label = name or _label(spec, index)
        counts[label] = counts.get(label, 0) + 1
        if counts[label] > 1:
            if name is not None:
                raise UsageError(f"two entrants are named {name!r}")
            label = f"{label}#{counts[label]}"
        named[label] = spec  # type: ignore[assignment]
    return named


def _label(spec: object, index: int) -> str:
    """A name for an entrant given none: a program's from its command (it is not started
    to ask), an agent's or a factory's from the agent it makes."""
    if isinstance(spec, functools.partial) and spec.func is SubprocessAgent:
        command = spec.args[0]
        stem = PurePath(command[-1] if len(command) > 1 else command[0]).stem
        return stem or f"entrant-{index + 1}"
    made = isinstance(spec, type) or not isinstance(spec, bots.Agent)
    agent: Any = None
    try:
        agent = spec() if made else spec  # type: ignore[operator]
        name = agent.name
    except Exception:  # the arena reports a failing factory in its own words
        name = None
    finally:
        close = getattr(agent, "close", None) if made else None
        if callable(close):
            with contextlib.suppress(Exception):
                close()
    return name if isinstance(name, str) and name else f"entrant-{index + 1}"
