"""Playing one scheduled game, in whatever process the executor chose; a serial executor.

Examples:
    >>> executor = SerialExecutor()
    >>> executor.submit(sum, [1, 2, 3]).result()
    6
"""

from __future__ import annotations

import contextlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

import attrs

import guarda
from guarda.arena._results import DecisionTimes, GameResult
from guarda.arena._schedule import GameTask
from guarda.bots import Agent, play_match

__all__ = ["KEPT_AGENTS", "SerialExecutor", "failed_game", "play_game", "release"]

KEPT_AGENTS = 64
"""How many kept agents (``keep_agents=True``) one process holds at most; the least
recently used is closed and dropped first."""

_kept: OrderedDict[tuple[str, str, int], Any] = OrderedDict()
"""This process's kept agents, by arena run, entrant name and copy in the game."""
_kept_lock = threading.Lock()

P = ParamSpec("P")
T = TypeVar("T")


class SerialExecutor(Executor):
    """An executor that runs each call at once, in this process, when it is submitted.

    For tests, debugging (a debugger and print work as usual) and profiling. A game
    that kills its process kills the arena with it, which a process pool survives.
    """

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` now; return a finished future."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # the future carries any failure, like a pool's
            future.set_exception(error)
        return future


def _agent(spec: object) -> Agent:
    if isinstance(spec, type) or not isinstance(spec, Agent):
        spec = spec()  # type: ignore[operator]  # a factory, checked when scheduled
    assert isinstance(spec, Agent)
    return spec


def _close(agents: list[Any]) -> None:
    for agent in agents:
        close = getattr(agent, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):  # a failing close loses nothing of the game
                close()


def _kept_agents(task: GameTask) -> list[Any]:
    """The agents of a game from this process's kept agents, made on first use."""
    agents: list[Any] = []
    copies: dict[str, int] = {}
    evicted: list[Any] = []
    run = task.options.run
    with _kept_lock:
        # A worker keeps the agents of the run it serves now: those of earlier runs (in a
        # caller's long-lived pool, which the arena cannot reach to release them) go.
        for slot in [slot for slot in _kept if slot[0] != run]:
            evicted.append(_kept.pop(slot))
        for name, payload in zip(task.seats, task.agents, strict=True):
            copies[name] = copies.get(name, 0) + 1
            slot = (run, name, copies[name])
            agent = _kept.get(slot)
            if agent is None:
                agent = _kept[slot] = _agent(pickle.loads(payload))
            _kept.move_to_end(slot)
            agents.append(agent)
        while len(_kept) > KEPT_AGENTS:
            evicted.append(_kept.popitem(last=False)[1])
    _close(evicted)
    return agents


def release(run: str) -> None:
    """Close and drop this process's kept agents of one arena run."""
    with _kept_lock:
        slots = [slot for slot in _kept if slot[0] == run]
        agents = [_kept.pop(slot) for slot in slots]
    _close(agents)


def failed_game(task: GameTask, error: str) -> GameResult:
    """The result of a game that could not be played."""
    return GameResult(task.game, task.table, task.seed, task.seats, error=error)


def play_game(task: GameTask) -> GameResult:
    """Play one game with fresh agents and return its result (never raises for a game).

    The agents are unpickled here, so each game has its own; those with a ``close``
    method are closed afterwards. With ``keep_agents``, each process keeps one agent per
    entrant (and copy in the game) for every game of the run it plays, closed when
    [`release`][guarda.arena._play.release]d or evicted. An exception outside the
    agents' decisions (which the runner turns into faults), such as a failing factory,
    gives a result with an error.
    """
    agents: list[Any] = []
    options = task.options
    try:
        if options.keep_agents:
            agents = _kept_agents(task)
        else:
            for payload in task.agents:
                agents.append(_agent(pickle.loads(payload)))
        result = play_match(
            task.config,
            agents,
            seed=task.seed,
            key=options.key or None,
            time_budget=options.time_budget,
            clock=options.clock,
            on_fault=options.on_fault,
            names=task.seats,
            max_turns=options.max_turns,
            timer=options.timer,
            game=options.game,
        )
    except Exception as error:
        return failed_game(task, f"the game could not be played: {error!r}")
    finally:
        if not options.keep_agents:
            _close(agents)
    record = result.record
    if options.event is not None and isinstance(record, guarda.GameRecord):
        record = attrs.evolve(record, event=options.event)
    return GameResult(
        game=task.game,
        table=task.table,
        seed=task.seed,
        seats=task.seats,
        scores=result.scores,
        outcome=result.outcome,
        faults=result.faults,
        forfeited=result.forfeited,
        turns=result.turns,
        decision_times=tuple(DecisionTimes.of(times) for times in result.decision_times),
        record=record,
    )
