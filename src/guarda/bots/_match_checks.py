"""What both match runners share: the checks of play_match's arguments, the agents'
names, the adjudicator's scores and the clocks.

Examples:
    >>> sorted(TIMERS)
    ['cpu', 'wall']
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from guarda.bots._agent import Adjudicator, Agent
from guarda.errors import ArgumentError

__all__ = ["DEFAULT_MAX_TURNS", "TIMERS", "adjudicated", "agent_name", "check_arguments"]

DEFAULT_MAX_TURNS = 1000
"""The turn limit (R27) a match plays under when its configuration has none."""

TIMERS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""What ``timer="wall"`` and ``timer="cpu"`` measure."""


def adjudicated(adjudicate: Adjudicator, view: Any, seats: int) -> tuple[float, ...] | None:
    """The adjudicator's scores for the position, checked, or None to play on."""
    called = adjudicate(view)
    if called is None:
        return None
    try:
        scores = tuple(float(score) for score in called)
    except (TypeError, ValueError):
        scores = ()
    if len(scores) != seats or not all(math.isfinite(score) for score in scores):
        raise ArgumentError(
            f"adjudicate must return None or one score per seat ({seats}), not {called!r}",
            path="adjudicate",
        )
    return scores


def check_arguments(
    players: int,
    agents: object,
    seed: object,
    time_budget: object,
    clock: object,
    on_fault: object,
    observers: object,
    names: object,
    max_turns: object,
    timer: object,
) -> None:
    if not isinstance(agents, Sequence) or isinstance(agents, str):
        raise ArgumentError("give the agents as a sequence, one per seat", path="agents")
    if len(agents) != players:
        raise ArgumentError(
            f"a {players}-player game needs {players} agents, not {len(agents)}",
            path="agents",
        )
    for seat, agent in enumerate(agents):
        if not isinstance(agent, Agent):
            raise ArgumentError(
                f"not an agent (it needs a name and an act method): {agent!r}",
                path=f"agents[{seat}]",
            )
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(f"the seed must be an integer, not {seed!r}", path="seed")
    for label, value in (("time_budget", time_budget), ("clock", clock)):
        if value is not None and (
            not isinstance(value, (int, float))
            or isinstance(value, bool)
            or not math.isfinite(value)
            or value <= 0
        ):
            raise ArgumentError(
                f"{label} must be None or positive seconds, not {value!r}", path=label
            )
    if on_fault not in ("fallback", "forfeit"):
        raise ArgumentError(
            f'on_fault must be "fallback" or "forfeit", not {on_fault!r}', path="on_fault"
        )
    if not isinstance(observers, Sequence) or not all(callable(o) for o in observers):
        raise ArgumentError("give the observers as a sequence of callables", path="observers")
    if names is not None and (
        not isinstance(names, Sequence)
        or isinstance(names, str)
        or len(names) != players
        or not all(isinstance(name, str) for name in names)
    ):
        raise ArgumentError(f"give one name (a string) per seat ({players})", path="names")
    if max_turns is not None and (
        not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 1
    ):
        raise ArgumentError(
            f"max_turns must be None or at least 1, not {max_turns!r}", path="max_turns"
        )
    if timer not in TIMERS:
        raise ArgumentError(f'timer must be "wall" or "cpu", not {timer!r}', path="timer")


def agent_name(agent: Agent, seat: int) -> str:
    try:
        name = agent.name
    except Exception:  # an agent whose name fails still plays, under a stand-in name
        return f"seat-{seat}"
    return name if isinstance(name, str) and name else f"seat-{seat}"
