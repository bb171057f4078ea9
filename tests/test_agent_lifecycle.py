"""An agent's optional methods: start and end of a game, a policy with its action, and an
arena that keeps one agent across games."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest

import guarda
from guarda.arena import SerialExecutor, match
from guarda.arena import _play as arena_play
from guarda.arena import _schedule as arena_schedule
from guarda.bots import (
    GreedyBot,
    MatchStep,
    RandomBot,
    SeatResult,
    play_match,
)

GRDA = guarda.grda(turn_limit=12)


class Diary:
    """Plays randomly and writes down every hook the runner calls, in order."""

    name = "diary"
    pages: ClassVar[list[tuple[str, object]]] = []

    def __init__(self) -> None:
        self.games = 0
        self.closed = False

    def start(self, config: guarda.Config, player: int) -> None:
        self.games += 1
        Diary.pages.append(("start", (config, player, self.games)))

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        Diary.pages.append(("act", view.player))
        return rng.choice(view.legal_actions)

    def end(self, result: SeatResult) -> None:
        Diary.pages.append(("end", result))

    def close(self) -> None:
        self.closed = True
        Diary.pages.append(("close", self.games))


@pytest.fixture(autouse=True)
def _clean_diary() -> None:
    Diary.pages.clear()


def test_start_and_end_frame_every_decision_of_the_seat() -> None:
    result = play_match(GRDA, [Diary(), RandomBot()], seed=3)
    kinds = [kind for kind, _ in Diary.pages]
    assert kinds[0] == "start" and kinds[-1] == "end"
    assert kinds.count("start") == kinds.count("end") == 1
    assert Diary.pages[0][1] == (result.record.config, 0, 1)
    told = Diary.pages[-1][1]
    assert isinstance(told, SeatResult)
    assert told.player == 0 and told.score == result.scores[0]
    assert told.scores == result.scores and told.outcome == result.outcome
    assert told.record == result.record  # revealed once the game is over
    assert told.turns == result.turns and told.faults == ()
    assert not hasattr(told, "key")  # the match key deals other games: never told


class Broken:
    """An agent whose hooks raise."""

    name = "broken"

    def __init__(self, where: str) -> None:
        self.where = where

    def start(self, config: guarda.Config, player: int) -> None:
        if self.where == "start":
            raise RuntimeError("no start")

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        return view.legal_actions[0]

    def end(self, result: SeatResult) -> None:
        if self.where == "end":
            raise RuntimeError("no end")


def test_a_hook_that_raises_is_a_crash_fault() -> None:
    started = play_match(GRDA, [RandomBot(), Broken("start")], seed=1)
    assert started.outcome is not None  # the game was played all the same
    first = started.faults[0]
    assert (first.seat, first.ply, first.kind) == (1, 0, "crash")
    assert "start raised RuntimeError('no start')" in first.detail
    forfeit = play_match(GRDA, [RandomBot(), Broken("start")], seed=1, on_fault="forfeit")
    assert forfeit.forfeited == 1 and forfeit.plies == 0 and forfeit.scores == (1.0, 0.0)
    ended = play_match(GRDA, [Broken("end"), RandomBot()], seed=1)
    last = ended.faults[-1]
    assert (last.seat, last.ply, last.kind) == (0, ended.plies, "crash")
    assert "end raised" in last.detail and ended.outcome is not None


def test_observers_see_the_policy_the_agent_gave() -> None:
    steps: list[MatchStep] = []
    result = play_match(GRDA, [RandomBot(), GreedyBot()], seed=5, observers=[steps.append])
    decided = [step for step in steps if step.actor is not None]
    assert decided and all(step.policy is not None for step in decided)
    for step, action in zip(decided, result.record.actions, strict=True):
        assert step.policy is not None
        weights = dict(step.policy)
        if step.actor == 0:
            assert len(set(weights.values())) == 1  # uniform
            assert action in weights
        else:
            assert weights == {action: 1.0}
        assert sum(weights.values()) == pytest.approx(1.0)
    plain = play_match(GRDA, [RandomBot(), GreedyBot()], seed=5, key=result.key)
    assert plain.record == result.record  # asking for the policy changes no decision


class Counting:
    """Counts the calls of each method; gives a policy that puts everything on its action."""

    name = "counting"

    def __init__(self) -> None:
        self.calls = {"act": 0, "act_with_policy": 0}

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        self.calls["act"] += 1
        return view.legal_actions[0]

    def act_with_policy(
        self, view: guarda.PlayerView, rng: random.Random
    ) -> tuple[guarda.Action, dict[guarda.Action, float]]:
        self.calls["act_with_policy"] += 1
        return view.legal_actions[0], {view.legal_actions[0]: 1.0}


def test_the_policy_is_asked_for_only_when_someone_watches() -> None:
    quiet = Counting()
    play_match(GRDA, [quiet, RandomBot()], seed=2)
    assert quiet.calls["act"] > 0 and quiet.calls["act_with_policy"] == 0
    watched = Counting()
    play_match(GRDA, [watched, RandomBot()], seed=2, observers=[lambda step: None])
    assert watched.calls["act"] == 0 and watched.calls["act_with_policy"] > 0
    timed = Counting()
    play_match(GRDA, [timed, RandomBot()], seed=2, time_budget=5.0, observers=[lambda s: None])
    assert timed.calls["act_with_policy"] > 0  # on the thinking thread too


class BadPolicy:
    """Answers with its action and a malformed policy of the given kind."""

    name = "bad-policy"

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        return view.legal_actions[0]

    def act_with_policy(self, view: guarda.PlayerView, rng: random.Random) -> Any:
        action = view.legal_actions[0]
        match self.kind:
            case "not a pair":
                return action
            case "half":
                return action, {action: 0.5}
            case "nan":
                return action, {action: float("nan")}
            case "elsewhere":
                return action, {action: 0.0, **dict.fromkeys(view.legal_actions[1:], 1.0)}
            case "illegal":
                return action, {guarda.Pass(): 1.0}  # never legal in setup, where it is asked
            case _:
                return action, {"not an action": 1.0}


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("not a pair", "not (action, policy)"),
        ("half", "add up to 0.5"),
        ("nan", "gives"),
        ("illegal", "not legal"),
        ("elsewhere", "the action played, nothing"),
        ("keys", "not an action"),
    ],
)
def test_a_malformed_policy_is_a_non_action_fault(kind: str, words: str) -> None:
    steps: list[MatchStep] = []
    result = play_match(GRDA, [BadPolicy(kind), RandomBot()], seed=4, observers=[steps.append])
    faults = [fault for fault in result.faults if fault.seat == 0]
    assert faults and all(fault.kind == "non-action" for fault in faults)
    assert any(words in fault.detail for fault in faults)
    assert result.outcome is not None
    assert all(step.policy is None for step in steps if step.actor == 0)


def test_an_arena_keeps_one_agent_per_entrant_across_games_when_asked() -> None:
    kept = match(GRDA, [Diary, RandomBot], 4, seed=1, keep_agents=True, executor=SerialExecutor())
    assert not kept.errors
    starts = [page[2] for kind, page in Diary.pages if kind == "start"]  # type: ignore[index]
    assert starts == [1, 2, 3, 4]  # the same object played every game
    assert [page for kind, page in Diary.pages if kind == "close"] == [4]  # closed at the end
    Diary.pages.clear()
    fresh = match(GRDA, [Diary, RandomBot], 4, seed=1, key=kept.key, executor=SerialExecutor())
    assert [page[2] for kind, page in Diary.pages if kind == "start"] == [1, 1, 1, 1]  # type: ignore[index]
    assert fresh.records == kept.records  # a diary does not learn: the same games
    with pytest.raises(guarda.ArgumentError) as error:
        match(GRDA, [Diary, RandomBot], 2, seed=1, keep_agents=1, executor=SerialExecutor())  # type: ignore[arg-type]
    assert error.value.path == "keep_agents"


def test_a_process_keeps_a_bounded_number_of_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_play, "KEPT_AGENTS", 1)
    match(GRDA, [Diary, Diary], 2, seed=1, keep_agents=True, executor=SerialExecutor())
    closes = [page for kind, page in Diary.pages if kind == "close"]
    # Two entrants, room for one: each game evicts (and closes) the other's agent, and the
    # run's end closes the last one.
    assert len(closes) >= 2
    assert not arena_play._kept


def test_a_worker_keeps_only_the_agents_of_the_run_it_serves() -> None:
    # A caller's long-lived pool serves one run after another: the arena cannot reach its
    # workers to release the agents they kept, so a worker drops (and closes) the agents
    # of an earlier run as soon as it serves a new one.
    match(GRDA, [Diary, RandomBot], 2, seed=1, keep_agents=True, executor=SerialExecutor())
    assert not arena_play._kept  # released at the end of the run, in this process
    task = arena_schedule.schedule(
        GRDA,
        [tuple(arena_schedule.entrants_of([Diary, RandomBot]))],
        1,
        1,
        arena_schedule.MatchOptions(keep_agents=True, run="run-a"),
    )[0]
    arena_play.play_game(task)
    assert {slot[0] for slot in arena_play._kept} == {"run-a"}
    arena_play.play_game(attrs.evolve(task, options=attrs.evolve(task.options, run="run-b")))
    assert {slot[0] for slot in arena_play._kept} == {"run-b"}
    assert ("close", 1) in Diary.pages  # run-a's diary was closed when run-b came
    arena_play.release("run-b")
    assert not arena_play._kept
