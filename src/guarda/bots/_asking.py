"""Asking an agent for a decision and judging its answer: threads for time limits, the
optional policy an agent may return with its action, and the lifecycle hooks.

An agent may have, besides ``name`` and ``act``:

- ``act_with_policy(view, rng)``, returning ``(action, policy)``: the action to play
  and a mapping from legal actions to probabilities (how likely the agent was to play
  each). The runner calls it instead of ``act`` and hands the policy to observers
  ([`MatchStep.policy`][guarda.bots.MatchStep.policy]);
- ``start(config, player)``, called once before a game's first decision;
- ``end(result)``, called once after the game with a
  [`SeatResult`][guarda.bots.SeatResult].
"""

from __future__ import annotations

import math
import queue
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

import guarda
from guarda.bots._agent import Agent, Fault, FaultKind, Policy, SeatResult
from guarda.game import GameView

__all__ = [
    "SNAPSHOT_LIMIT",
    "Answer",
    "Thinker",
    "ask",
    "call_end",
    "call_start",
    "decide",
    "give_up_after",
    "judge",
    "judge_listed",
    "snapshot",
    "snapshot_listed",
]

_TOLERANCE = 1e-6
"""How far from 1 a policy's probabilities may add up."""

SNAPSHOT_LIMIT = 64
"""Listings of at most this many actions are copied (their fields) before an agent is
asked, so an action changed in place is found even when the agent returns another one."""

Snapshot = tuple[tuple[object, ...], ...]


def snapshot(view: guarda.PlayerView) -> Snapshot | None:
    """The fields of every listed action of a short listing, or None for a long one.

    Examples:
        >>> import guarda
        >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=1), 0)
        >>> len(snapshot(view)) == len(view.legal_actions)
        True
    """
    listed = view.legal_actions
    if len(listed) > SNAPSHOT_LIMIT:
        return None
    return tuple(attrs.astuple(action, recurse=False) for action in listed)


def _changed(view: guarda.PlayerView, before: Snapshot | None) -> bool:
    """Whether a listed action is not what it was when the agent was asked."""
    if before is None:
        return False
    return any(
        attrs.astuple(action, recurse=False) != fields
        for action, fields in zip(view.legal_actions, before, strict=True)
    )


class Answer:
    """What ``act_with_policy`` returned, kept apart from a bare answer of ``act``."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value


def decide(
    agent: Agent, view: guarda.PlayerView, rng: random.Random, *, policy: bool = False
) -> object:
    """With ``policy``, call ``act_with_policy`` if the agent has it (its answer wrapped in
    an `Answer`); otherwise ``act``."""
    act_with_policy = getattr(agent, "act_with_policy", None) if policy else None
    if callable(act_with_policy):
        return Answer(act_with_policy(view, rng))
    return agent.act(view, rng)


def _describe(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still reported
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 200 else text[:197] + "..."


def ask(
    agent: Agent,
    view: guarda.PlayerView,
    rng: random.Random,
    timer: Callable[[], float],
    *,
    policy: bool = False,
) -> tuple[object, float, BaseException | None]:
    """Ask an agent; return its answer (or None), the seconds it took and any exception."""
    start = timer()
    try:
        answer: object = decide(agent, view, rng, policy=policy)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # an agent may fail in any way, even sys.exit()
        return None, timer() - start, error
    return answer, timer() - start, None


def give_up_after(limit: float) -> float:
    """Wall-clock seconds after which the runner stops waiting for an answer."""
    return 3 * limit + 1.0


class Thinker:
    """Asks one seat's agent on a daemon thread of its own, so a hung agent is given up.

    Used when a decision has a time limit. One call at a time: while an answer the
    runner gave up on is still being computed, the seat is not asked again (the agent's
    own objects are never used by two threads at once).
    """

    def __init__(self, agent: Agent, seat: int, *, policy: bool = False) -> None:
        self._agent = agent
        self._policy = policy
        self._requests: queue.SimpleQueue[tuple[guarda.PlayerView, random.Random] | None] = (
            queue.SimpleQueue()
        )
        self._done = threading.Event()
        self._answer: tuple[object, BaseException | None] = (None, None)
        self.busy_since: int | None = None
        """The ply of the decision it is still working on after being given up, or None."""
        self._thread = threading.Thread(
            target=self._serve, name=f"guarda-agent-{seat}", daemon=True
        )
        self._thread.start()

    def _serve(self) -> None:
        while (request := self._requests.get()) is not None:
            view, rng = request
            try:
                answer: object = decide(self._agent, view, rng, policy=self._policy)
            except BaseException as error:  # an agent may fail in any way, even sys.exit()
                self._answer = (None, error)
            else:
                self._answer = (answer, None)
            self._done.set()

    def is_busy(self) -> bool:
        """Whether a given-up call is still running (clears the mark once it is done)."""
        if self.busy_since is not None and self._done.is_set():
            self.busy_since = None
        return self.busy_since is not None

    def ask(
        self,
        view: guarda.PlayerView,
        rng: random.Random,
        timer: Callable[[], float],
        limit: float,
        ply: int,
    ) -> tuple[object, float, BaseException | None, bool]:
        """The answer, the seconds it took, any exception, and whether it was given up."""
        self._done.clear()
        give_up = time.perf_counter() + give_up_after(limit)
        start = timer()
        self._requests.put((view, rng))
        while not self._done.wait(min(max(limit, 0.001), 0.05)):
            if time.perf_counter() >= give_up:
                self.busy_since = ply
                return None, timer() - start, None, True
        answer, error = self._answer
        return answer, timer() - start, error, False

    def close(self) -> None:
        """Let the thread end once its current call (if any) returns."""
        self._requests.put(None)


def _format(action: guarda.Action) -> str:
    try:
        return guarda.format_action(action)
    except Exception:  # an action changed into something unwritable is still reported
        return _describe(action)


def _policy(
    value: object, state: guarda.GameState, player: int | None
) -> tuple[Policy | None, str | None]:
    """The policy, checked: legal actions with probabilities that add up to 1."""
    if not isinstance(value, Mapping) or not value:
        return None, f"the policy is {_describe(value)}, not a mapping from actions"
    pairs: list[tuple[guarda.Action, float]] = []
    for action, weight in value.items():
        if not isinstance(action, guarda.Action):
            return None, f"the policy holds {_describe(action)}, not an action"
        try:
            legal = guarda.is_legal(state, action, player=player)
        except Exception:  # a changed action may hold anything: it is simply not legal
            legal = False
        if not legal:
            return None, f"the policy holds {_format(action)}, which is not legal"
        if (
            not isinstance(weight, (int, float))
            or isinstance(weight, bool)
            or not math.isfinite(weight)
            or weight < 0
        ):
            return None, f"the policy gives {_format(action)} {_describe(weight)}"
        pairs.append((action, float(weight)))
    total = math.fsum(weight for _, weight in pairs)
    if abs(total - 1.0) > _TOLERANCE:
        return None, f"the policy's probabilities add up to {total:.6g}, not 1"
    return tuple(pairs), None


def judge(
    answer: object,
    error: BaseException | None,
    state: guarda.GameState,
    view: guarda.PlayerView,
    before: Snapshot | None = None,
) -> tuple[object, Policy | None, tuple[FaultKind, str] | None]:
    """The action answered, its policy, and why it cannot be played (None if it can).

    The answer is checked by value against the rules, never by identity with a listed
    action: an agent may have changed a listed action in place (``object.__setattr__``).
    When it did (the listing differs from ``before``, or the answer is a listed action
    that is not legal), the engine's caches of listed actions are emptied, so nobody is
    handed the changed object again, and the answer is an ``"illegal"`` fault.
    """
    if _changed(view, before):
        guarda.clear_caches()
        return answer, None, ("illegal", "a listed action was changed in place: the action "
                              "caches were emptied")  # fmt: skip
    if error is not None:
        return None, None, ("crash", f"act raised {_describe(error)}")
    policy: Policy | None = None
    if isinstance(answer, Answer):
        pair = answer.value
        if not isinstance(pair, tuple) or len(pair) != 2:
            detail = f"act_with_policy returned {_describe(pair)}, not (action, policy)"
            return None, None, ("non-action", detail)
        answer, value = pair
        policy, problem = _policy(value, state, view.player)
        if problem is not None:
            return answer, None, ("non-action", f"act_with_policy: {problem}")
    if not isinstance(answer, guarda.Action):
        return answer, None, ("non-action", f"act returned {_describe(answer)}, not an action")
    if policy is not None and not any(weight > 0 for action, weight in policy if action == answer):
        detail = f"act_with_policy: the policy gives {_format(answer)}, the action played, nothing"
        return answer, None, ("non-action", detail)
    try:
        legal = guarda.is_legal(state, answer, player=view.player)
    except Exception:  # a changed action may hold anything: it is simply not legal
        legal = False
    if legal:
        return answer, policy, None
    detail = f"{_format(answer)} is not legal in the {view.phase} phase"
    if any(answer is listed for listed in view.legal_actions):
        guarda.clear_caches()
        detail += " (a listed action changed in place: the action caches were emptied)"
    return answer, None, ("illegal", detail)


def call_start(agent: Agent, config: guarda.Config, player: int) -> Fault | None:
    """Call the agent's ``start`` hook, if it has one; a fault if it raises."""
    try:
        start = getattr(agent, "start", None)
        if callable(start):
            start(config, player)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # an agent may fail in any way, even sys.exit()
        detail = f"start raised {_describe(error)}"
        return Fault(seat=player, ply=0, turn=0, kind="crash", detail=detail)
    return None


def call_end(agent: Agent, result: SeatResult) -> Fault | None:
    """Call the agent's ``end`` hook, if it has one; a fault if it raises."""
    try:
        end = getattr(agent, "end", None)
        if callable(end):
            end(result)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # an agent may fail in any way, even sys.exit()
        detail = f"end raised {_describe(error)}"
        ply = len(result.record.actions)
        return Fault(seat=result.player, ply=ply, turn=result.turns, kind="crash", detail=detail)
    return None


def snapshot_listed(view: GameView) -> Snapshot | None:
    """[`snapshot`][guarda.bots._asking.snapshot] for any game's view: the fields of a
    short listing of attrs actions, or None (a long listing, or actions of other kinds).

    Examples:
        >>> import guarda
        >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=1), 0)
        >>> snapshot_listed(view) == snapshot(view)
        True
    """
    listed = view.legal_actions
    if len(listed) > SNAPSHOT_LIMIT or not all(attrs.has(type(action)) for action in listed):
        return None
    return tuple(attrs.astuple(action, recurse=False) for action in listed)


def _position_of(answer: object, listed: Sequence[object]) -> int | None:
    """Where ``answer`` is among the listed actions, compared by value; None if nowhere."""
    for index, action in enumerate(listed):
        try:
            if answer == action:
                return index
        except Exception:  # an answer whose comparison fails equals nothing listed
            return None
    return None


def _listed_policy(
    value: object, listed: Sequence[object], write: Callable[[object], str]
) -> tuple[Policy | None, str | None]:
    """A generic view's policy, checked: listed actions with probabilities adding up to 1."""
    if not isinstance(value, Mapping) or not value:
        return None, f"the policy is {_describe(value)}, not a mapping from actions"
    pairs: list[tuple[Any, float]] = []
    for action, weight in value.items():
        index = _position_of(action, listed)
        if index is None:
            return None, f"the policy holds {write(action)}, which is not a legal action"
        if (
            not isinstance(weight, (int, float))
            or isinstance(weight, bool)
            or not math.isfinite(weight)
            or weight < 0
        ):
            return None, f"the policy gives {write(action)} {_describe(weight)}"
        pairs.append((listed[index], float(weight)))
    total = math.fsum(weight for _, weight in pairs)
    if abs(total - 1.0) > _TOLERANCE:
        return None, f"the policy's probabilities add up to {total:.6g}, not 1"
    return tuple(pairs), None


def judge_listed(
    answer: object,
    error: BaseException | None,
    view: GameView,
    before: Snapshot | None,
    write: Callable[[object], str],
) -> tuple[object, Policy | None, tuple[FaultKind, str] | None]:
    """[`judge`][guarda.bots._asking.judge] for any game: the answer is judged against
    ``view.legal_actions`` by value, and the listed action equal to it is returned.

    ``write`` writes an action for a fault's detail (the game's notation).
    """
    listed = view.legal_actions
    if before is not None and any(
        attrs.astuple(action, recurse=False) != fields
        for action, fields in zip(listed, before, strict=True)
    ):
        return answer, None, ("illegal", "a listed action was changed in place")
    if error is not None:
        return None, None, ("crash", f"act raised {_describe(error)}")
    policy: Policy | None = None
    if isinstance(answer, Answer):
        pair = answer.value
        if not isinstance(pair, tuple) or len(pair) != 2:
            detail = f"act_with_policy returned {_describe(pair)}, not (action, policy)"
            return None, None, ("non-action", detail)
        answer, value = pair
        policy, problem = _listed_policy(value, listed, write)
        if problem is not None:
            return answer, None, ("non-action", f"act_with_policy: {problem}")
    index = _position_of(answer, listed)
    if index is None and not any(type(answer) is type(action) for action in listed):
        return answer, None, ("non-action", f"act returned {_describe(answer)}, not an action")
    if index is None:
        return answer, None, ("illegal", f"{write(answer)} is not one of the legal actions")
    action = listed[index]
    if policy is not None and not any(weight > 0 for listed_action, weight in policy
                                      if listed_action == action):  # fmt: skip
        detail = f"act_with_policy: the policy gives {write(action)}, the action played, nothing"
        return action, None, ("non-action", detail)
    return action, policy, None


Problem = tuple[FaultKind, str]
"""Why an answer cannot be played: the fault's kind and detail."""
Judge = Callable[[object, BaseException | None], tuple[object, Policy | None, Problem | None]]
"""Judges an answer (and the exception the agent raised, if any)."""


def ask_in_time(
    agent: Agent,
    thinker: Thinker | None,
    view: Any,
    rng: random.Random,
    timer: Callable[[], float],
    *,
    left: float | None,
    time_budget: float | None,
    ply: int,
    policy: bool,
    judge_answer: Callable[
        [object, BaseException | None], tuple[object, Policy | None, Problem | None]
    ],
) -> tuple[object, float | None, Policy | None, Problem | None]:
    """Ask a seat's agent for its decision under the match's clocks, and judge the answer.

    The one asking step of every match runner: an agent with no time left, or still busy
    with an earlier decision it was given up on, is not asked; otherwise it is asked (on
    its ``thinker``'s thread when the match is timed), its answer judged with
    ``judge_answer(answer, error)``, and a late answer made a fault.

    Returns:
        The answer, the seconds it took (None if not asked), its policy, and the problem
        that makes it a fault (None if it can be played).
    """
    if left is not None and left <= 0:
        return None, None, None, ("late", "no time left on the clock: not asked")
    if thinker is not None and thinker.is_busy():
        busy = f"still working on the decision of ply {thinker.busy_since}: not asked"
        return None, None, None, ("late", busy)
    if thinker is not None:
        limit = min(x for x in (time_budget, left) if x is not None)
        answer, elapsed, error, hung = thinker.ask(view, rng, timer, limit, ply)
    else:
        answer, elapsed, error = ask(agent, view, rng, timer, policy=policy)
        hung = False
    answer, chosen_policy, problem = judge_answer(answer, error)
    if hung:
        problem = (
            "late",
            f"no answer after {give_up_after(limit):.3g} s: given up, not asked "
            "again until it answers",
        )
    if time_budget is not None and elapsed > time_budget:
        problem = problem or ("late", f"took {elapsed:.3g} s of {time_budget:g} s")
    elif left is not None and elapsed > left:
        problem = problem or ("late", f"took {elapsed:.3g} s with {left:.3g} s left")
    return answer, elapsed, chosen_policy, problem
