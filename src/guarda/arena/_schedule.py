"""The schedule of an arena: entrants, tables, seat rotation and one seed per game.

An **entrant** is an agent, or a zero-argument factory that makes one (a class such as
``RandomBot``, a ``functools.partial``, a module-level function). Entrants are pickled
once, here, and every game unpickles fresh copies in the process that plays it, so no
state leaks from one game to the next and every executor plays the same games.

A **table** is the entrants of one group of games, one per seat before rotation. Game
``k`` of a table seats them rotated by ``k`` places (cyclically: with two players the
seats swap every game), so over a multiple of ``players`` games every entrant sits in
every seat equally often. Game seeds are derived from the master seed, the table and
the game's place in it with BLAKE2b, the same in every process and on every platform,
and kept below 2**53 so JavaScript reads them exactly.

Examples:
    >>> game_seed(7, 0, 0) == game_seed(7, 0, 0) != game_seed(7, 0, 1)
    True
    >>> rotate(("a", "b", "c"), 1)
    ('b', 'c', 'a')
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeAlias, TypeVar

import attrs

from guarda.bots import Agent
from guarda.errors import ArgumentError
from guarda.game import Game

__all__ = [
    "AgentSpec",
    "Entrant",
    "GameTask",
    "MatchOptions",
    "entrants_of",
    "game_seed",
    "rotate",
    "schedule",
]

T = TypeVar("T")

AgentSpec: TypeAlias = Agent | Callable[[], Agent]
"""An agent, or a zero-argument callable that makes one (a class, a partial, a function)."""


def game_seed(master: int, table: int, game: int) -> int:
    """The seed of game ``game`` (from 0) of table ``table`` of an arena with ``master``."""
    digest = hashlib.blake2b(
        f"guarda.arena/{master}/{table}/{game}".encode(), digest_size=8
    ).digest()
    return int.from_bytes(digest, "big") >> 11


def rotate(seats: tuple[T, ...], places: int) -> tuple[T, ...]:
    """The seats rotated by ``places``: the entrant of seat ``places`` moves to seat 0."""
    places %= len(seats)
    return seats[places:] + seats[:places]


@attrs.frozen
class Entrant:
    """An entrant: its unique name and its pickled agent or factory."""

    name: str
    payload: bytes = attrs.field(repr=False)


@attrs.frozen
class MatchOptions:
    """How each game is played (the arguments of ``play_match``) and recorded."""

    time_budget: float | None = None
    clock: float | None = None
    on_fault: Literal["fallback", "forfeit"] = "fallback"
    max_turns: int | None = 1000
    timer: Literal["wall", "cpu"] = "wall"
    event: str | None = None
    key: str = attrs.field(default="", repr=False)
    """The arena's match key (secret from the agents: it never reaches them)."""
    keep_agents: bool = False
    """Whether a worker keeps one agent per entrant (and seat copy) across games."""
    run: str = ""
    """A token of the arena run, so kept agents never serve another run."""
    game: Game | None = None
    """The game played, or None for Guarda (played by its own runner, as always)."""


@attrs.frozen
class GameTask:
    """Everything one game needs, sent to the worker that plays it."""

    game: int
    table: int
    seed: int
    config: Any
    seats: tuple[str, ...]
    agents: tuple[bytes, ...] = attrs.field(repr=False)
    options: MatchOptions


def _name_of(spec: object, path: str) -> str:
    if isinstance(spec, type) or not isinstance(spec, Agent):
        if not callable(spec):
            raise ArgumentError(
                f"not an agent or a zero-argument factory of one: {spec!r}", path=path
            )
        try:
            made = spec()
        except Exception as error:
            raise ArgumentError(
                f"the agent factory {spec!r} failed: {error!r}", path=path
            ) from error
        if not isinstance(made, Agent):
            raise ArgumentError(
                f"the factory {spec!r} made {made!r}, not an agent (a name and an act method)",
                path=path,
            )
        spec = made
    name = spec.name
    if not isinstance(name, str) or not name:
        raise ArgumentError(f"the agent's name must be a non-empty string: {name!r}", path=path)
    return name


def _pickled(spec: object, name: str, path: str) -> bytes:
    try:
        return pickle.dumps(spec)
    except Exception as error:
        raise ArgumentError(
            f"entrant {name!r} cannot be sent to a worker process ({error!r}): give a "
            "picklable agent, or a zero-argument factory that is (a class, a module-level "
            "function, a functools.partial; not a lambda)",
            path=path,
        ) from error


def entrants_of(
    agents: Mapping[str, AgentSpec] | Sequence[AgentSpec], path: str = "agents"
) -> list[Entrant]:
    """The entrants, named and pickled.

    A mapping gives the names; otherwise each agent's ``name`` is used (a factory is
    called once here to learn it), and repeated names get ``#2``, ``#3``, ... added.

    Raises:
        ArgumentError: If an entry is neither an agent nor a factory, cannot be pickled,
            or the names are not unique non-empty strings.
    """
    if isinstance(agents, Mapping):
        entries: list[tuple[str, object, str]] = []
        for name, spec in agents.items():
            if not isinstance(name, str) or not name:
                raise ArgumentError(
                    f"an entrant's name must be a non-empty string: {name!r}", path=path
                )
            _name_of(spec, f"{path}[{name!r}]")
            entries.append((name, spec, f"{path}[{name!r}]"))
    elif isinstance(agents, Sequence) and not isinstance(agents, (str, bytes)):
        entries = []
        seen: dict[str, int] = {}
        for index, spec in enumerate(agents):
            name = _name_of(spec, f"{path}[{index}]")
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name = f"{name}#{seen[name]}"
            entries.append((name, spec, f"{path}[{index}]"))
        names = [name for name, _, _ in entries]
        if len(set(names)) != len(names):
            raise ArgumentError(f"the entrants' names are not unique: {names}", path=path)
    else:
        raise ArgumentError(
            f"give the agents as a sequence or a mapping from names, not {agents!r}", path=path
        )
    return [Entrant(name, _pickled(spec, name, where)) for name, spec, where in entries]


def schedule(
    config: Any,
    tables: Sequence[tuple[Entrant, ...]],
    games: int,
    seed: int,
    options: MatchOptions,
    *,
    duplicate: bool = False,
) -> list[GameTask]:
    """Every game of the arena, numbered table by table, with rotated seats and seeds.

    With ``duplicate``, game ``k`` of a table takes the seed of deal ``k // players``.
    """
    tasks: list[GameTask] = []
    for table, seated in enumerate(tables):
        for game in range(games):
            rotated = rotate(tuple(range(len(seated))), game)
            deal = game // len(seated) if duplicate else game
            tasks.append(
                GameTask(
                    game=len(tasks),
                    table=table,
                    seed=game_seed(seed, table, deal),
                    config=config,
                    seats=tuple(seated[i].name for i in rotated),
                    agents=tuple(seated[i].payload for i in rotated),
                    options=options,
                )
            )
    return tasks
