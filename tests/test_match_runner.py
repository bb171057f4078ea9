"""The match runner: who is asked, faults of every kind, time budgets, observers, results."""

from __future__ import annotations

import pickle
import random
import threading
import time

import pytest

import guarda
from guarda import Action, ArgumentError, PlayerView
from guarda.bots import (
    Agent,
    Fault,
    MatchResult,
    MatchStep,
    RandomBot,
    outcome_scores,
    play_match,
    seat_rng,
)

MODERN = guarda.modern(players=2)


class Scripted:
    """An agent that plays randomly but misbehaves on chosen plies of its own."""

    def __init__(self, name: str, bad: dict[int, str], delay: float = 0.0) -> None:
        self.name = name
        self.bad = bad  # own decision number -> "crash" | "none" | "illegal" | "slow"
        self.delay = delay
        self.asked = 0
        self.views: list[PlayerView] = []

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        self.asked += 1
        self.views.append(view)
        what = self.bad.get(self.asked)
        if what == "crash":
            raise RuntimeError("boom")
        if what == "none":
            return None  # type: ignore[return-value]
        if what == "illegal":
            legal = set(view.legal_actions)
            for action in (guarda.Pass(), guarda.EndMove(), guarda.TakeDamage(), guarda.Settle()):
                if action not in legal:
                    return action
        if what == "slow":
            end = time.process_time() + self.delay  # busy: CPU time passes as the runner counts
            while time.process_time() < end:
                pass
        return rng.choice(view.legal_actions)


def test_agents_are_asked_only_with_their_own_view_when_they_must_decide() -> None:
    agents = [Scripted("a", {}), Scripted("b", {})]
    result = play_match(MODERN, agents, seed=11)
    for seat, agent in enumerate(agents):
        assert agent.views
        assert all(view.player == seat and view.must_act for view in agent.views)
        assert len(result.decision_times[seat]) == agent.asked
    assert sum(agent.asked for agent in agents) == result.plies
    assert result.faults == () and result.forfeited is None
    final = guarda.final_state(result.record)
    assert final.outcome == result.outcome and final.turns_ended == result.turns
    assert final.outcome is not None
    assert result.scores == outcome_scores(final.config, final.outcome)
    assert result.agent_names == ("a", "b") == result.record.names


def test_reacting_players_are_asked_out_of_turn() -> None:
    agents = [Scripted("a", {}), Scripted("b", {})]
    play_match(MODERN, agents, seed=5)
    reactions = [
        view
        for agent in agents
        for view in agent.views
        if view.phase in (guarda.Phase.REACT, guarda.Phase.COUNTER)
    ]
    assert reactions
    assert any(view.player != view.turn for view in reactions)


@pytest.mark.parametrize("kind", ["crash", "none", "illegal"])
def test_every_fault_falls_back_to_a_legal_action(kind: str) -> None:
    bad = Scripted("bad", {3: kind, 7: kind})
    result = play_match(MODERN, [RandomBot(), bad], seed=4)
    expected = {"crash": "crash", "none": "non-action", "illegal": "illegal"}[kind]
    assert [fault.kind for fault in result.faults] == [expected, expected]
    assert all(fault.seat == 1 for fault in result.faults)
    assert result.outcome is not None  # the game went on to the end
    guarda.final_state(result.record)  # every recorded action, fallbacks too, is legal
    fault = result.faults[0]
    assert isinstance(fault, Fault) and 0 < fault.ply <= result.plies and fault.detail


def test_a_fault_is_replaced_by_a_seeded_fallback() -> None:
    first = play_match(MODERN, [RandomBot(), Scripted("bad", {2: "crash"})], seed=9)
    second = play_match(
        MODERN, [RandomBot(), Scripted("bad", {2: "crash"})], seed=9, key=first.key
    )
    assert first.record == second.record and first.faults == second.faults


@pytest.mark.parametrize("kind", ["crash", "none", "illegal"])
def test_forfeit_ends_the_match_and_scores_the_seat_zero(kind: str) -> None:
    result = play_match(
        MODERN, [Scripted("bad", {2: kind}), RandomBot()], seed=4, on_fault="forfeit"
    )
    assert result.forfeited == 0 and result.outcome is None
    assert result.scores == (0.0, 1.0)
    assert result.record.result is None
    assert result.plies == result.faults[0].ply - 1
    guarda.final_state(result.record)


def test_forfeit_with_several_players_left_is_a_draw_between_them() -> None:
    config = guarda.classic(players=4)
    result = play_match(
        config,
        [RandomBot(), Scripted("bad", {1: "crash"}), RandomBot(), RandomBot()],
        seed=2,
        on_fault="forfeit",
    )
    assert result.scores == (0.5, 0.0, 0.5, 0.5)
    teams = guarda.classic(players=4, teams=[[0, 2], [1, 3]])
    result = play_match(
        teams,
        [RandomBot(), Scripted("bad", {1: "crash"}), RandomBot(), RandomBot()],
        seed=2,
        on_fault="forfeit",
    )
    assert result.scores == (1.0, 0.0, 1.0, 0.0)


def test_a_slow_answer_is_late_and_not_used() -> None:
    slow = Scripted("slow", {2: "slow"}, delay=0.05)
    result = play_match(MODERN, [slow, RandomBot()], seed=6, time_budget=0.02, timer="cpu")
    assert [fault.kind for fault in result.faults] == ["late"]
    assert result.faults[0].seat == 0 and "0.02" in result.faults[0].detail
    assert result.decision_times[0][1] >= 0.05
    forfeit = play_match(
        MODERN,
        [Scripted("slow", {2: "slow"}, delay=0.05), RandomBot()],
        seed=6,
        time_budget=0.02,
        timer="cpu",
        on_fault="forfeit",
    )
    assert forfeit.forfeited == 0 and forfeit.scores == (0.0, 1.0)


def test_the_clock_runs_out_and_the_runner_decides_from_then_on() -> None:
    slow = Scripted("slow", dict.fromkeys(range(1, 1000), "slow"), delay=0.01)
    result = play_match(MODERN, [slow, RandomBot()], seed=6, clock=0.035, timer="cpu")
    late = [fault for fault in result.faults if fault.seat == 0]
    assert late and all(fault.kind == "late" for fault in late)
    # asked until the clock ran out (about 4 answers of 0.01 s), never after
    assert 3 <= slow.asked <= 5
    assert "not asked" in late[-1].detail
    assert sum(result.decision_times[0]) >= 0.035
    assert result.outcome is not None


class Hanging:
    """An agent whose first decision blocks until released; after that it plays randomly."""

    name = "hanging"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.asked = 0

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        self.asked += 1
        if self.asked == 1:
            self.release.wait()
        return rng.choice(view.legal_actions)


def test_a_hung_agent_is_given_up_and_the_match_goes_on() -> None:
    hanging = Hanging()
    result = play_match(MODERN, [hanging, RandomBot()], seed=6, time_budget=0.01)
    hanging.release.set()
    assert result.outcome is not None  # the game was played to its end
    late = [fault for fault in result.faults if fault.seat == 0]
    assert late and all(fault.kind == "late" for fault in late)
    assert "given up" in late[0].detail
    # never asked again while the first call was still running
    assert hanging.asked == 1
    assert all("still working on the decision of ply" in fault.detail for fault in late[1:])
    assert guarda.final_state(result.record).outcome == result.outcome


def test_a_given_up_agent_is_asked_again_once_it_answers() -> None:
    hanging = Hanging()
    answered = False

    def release(step: MatchStep) -> None:
        nonlocal answered
        if step.fault is not None and not answered:
            answered = True
            hanging.release.set()
            time.sleep(0.05)  # let the thread hand in its (late) answer

    result = play_match(
        MODERN, [hanging, RandomBot()], seed=6, time_budget=0.01, observers=[release]
    )
    assert answered and hanging.asked > 1
    assert [fault.kind for fault in result.faults if fault.seat == 0][:1] == ["late"]


def test_a_hung_agent_with_forfeit_loses_the_match() -> None:
    hanging = Hanging()
    result = play_match(
        MODERN, [hanging, RandomBot()], seed=6, time_budget=0.01, on_fault="forfeit"
    )
    hanging.release.set()
    assert result.forfeited == 0 and result.scores == (0.0, 1.0)


def test_observers_see_every_step_with_redacted_events() -> None:
    steps: list[MatchStep] = []
    result = play_match(MODERN, [RandomBot(), RandomBot()], seed=8, observers=[steps.append])
    assert [step.ply for step in steps] == list(range(result.plies + 1))
    assert steps[0].actor is None
    final = guarda.final_state(result.record)
    seen = [event for step in steps for event in step.events]
    assert tuple(seen) == guarda.view(final, None).events
    for seat in (0, 1):
        mine = [event for step in steps for event in step.seat_events[seat]]
        assert tuple(mine) == guarda.view(final, seat).events
    assert steps[-1].view == guarda.view(final, None)
    assert all(step.view.player is None for step in steps)


def test_an_observer_that_raises_stops_the_match() -> None:
    def observer(step: MatchStep) -> None:
        if step.ply == 3:
            raise LookupError("stop")

    with pytest.raises(LookupError):
        play_match(MODERN, [RandomBot(), RandomBot()], seed=8, observers=[observer])


def test_same_seed_same_record_and_seats_get_their_own_streams() -> None:
    first = play_match(MODERN, [RandomBot(), RandomBot()], seed=21)
    second = play_match(MODERN, [RandomBot(), RandomBot()], seed=21, key=first.key)
    other = play_match(MODERN, [RandomBot(), RandomBot()], seed=22, key=first.key)
    assert first.record == second.record and first.scores == second.scores
    assert first.record != other.record
    assert seat_rng(21, 0, key=first.key).random() != seat_rng(21, 1, key=first.key).random()


def test_max_turns_becomes_the_turn_limit_of_a_configuration_without_one() -> None:
    result = play_match(MODERN, [RandomBot(), RandomBot()], seed=3, max_turns=4)
    assert result.turns == 4
    assert result.outcome is not None
    assert result.outcome.reason is guarda.OutcomeReason.TURN_LIMIT
    assert result.scores == (0.5, 0.5)
    assert result.record.config.turn_limit == 4
    assert guarda.final_state(result.record).outcome == result.outcome
    own = play_match(guarda.modern(players=2, turn_limit=6), [RandomBot()] * 2, seed=3)
    assert own.turns == 6 and own.record.config.turn_limit == 6


def test_names_and_results_pickle() -> None:
    result = play_match(MODERN, [RandomBot(), RandomBot()], seed=1, names=["Ana", "Ben"])
    assert result.agent_names == ("Ana", "Ben") == result.record.names
    assert pickle.loads(pickle.dumps(result)) == result
    assert isinstance(pickle.loads(pickle.dumps(RandomBot())), Agent)
    assert isinstance(result, MatchResult) and result.plies == len(result.record.actions)


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        ({"config": "modern"}, "config"),
        ({"agents": [RandomBot()]}, "agents"),
        ({"agents": [RandomBot(), "bot"]}, "agents[1]"),
        ({"seed": 1.5}, "seed"),
        ({"time_budget": 0}, "time_budget"),
        ({"clock": float("nan")}, "clock"),
        ({"on_fault": "resign"}, "on_fault"),
        ({"observers": [1]}, "observers"),
        ({"names": ["only one"]}, "names"),
        ({"max_turns": 0}, "max_turns"),
        ({"timer": "sundial"}, "timer"),
        ({"adjudicate": 3}, "adjudicate"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], path: str) -> None:
    call: dict[str, object] = {"config": MODERN, "agents": [RandomBot(), RandomBot()], "seed": 1}
    call.update(arguments)
    with pytest.raises(ArgumentError) as error:
        play_match(**call)  # type: ignore[arg-type]
    assert error.value.path == path


def test_adjudication_ends_the_match_with_its_scores() -> None:
    def adjudicate(view: PlayerView) -> tuple[float, float] | None:
        return (1.0, 0.0) if view.turns_ended >= 3 else None

    result = play_match(MODERN, [RandomBot(), RandomBot()], seed=5, adjudicate=adjudicate)
    assert result.adjudicated and result.outcome is None
    assert result.scores == (1.0, 0.0) and result.turns == 3
    assert result.record.result is None
    assert guarda.final_state(result.record).turns_ended == 3
    plain = play_match(MODERN, [RandomBot(), RandomBot()], seed=5, key=result.key)
    assert not plain.adjudicated
    assert plain.record.actions[: result.plies] == result.record.actions


@pytest.mark.parametrize("answer", [(1.0,), ("a", "b"), (float("inf"), 0.0), 3])
def test_an_adjudicator_must_score_every_seat(answer: object) -> None:
    with pytest.raises(ArgumentError) as error:
        play_match(MODERN, [RandomBot(), RandomBot()], seed=5, adjudicate=lambda view: answer)  # type: ignore[arg-type,return-value]
    assert error.value.path == "adjudicate"
