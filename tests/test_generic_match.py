"""play_match and RandomBot with any game: the toy game through the protocol only."""

from __future__ import annotations

import random
import time

import attrs
import pytest

import guarda
from generic_games import TOY_GAME, CheatingBot, CrashBot, HighestCard, LowestBot, WordBot
from guarda.bots import MatchStep, RandomBot, deal_for, play_match, seat_rng
from guarda.errors import ArgumentError
from guarda.games import GUARDA
from toy_game import TOY, Lay, ToyConfig

CONFIG = ToyConfig()


@attrs.frozen
class SleepyBot:
    """Takes ``seconds`` before each answer."""

    seconds: float = 0.05
    name: str = "sleepy"

    def act(self, view: object, rng: random.Random) -> object:
        time.sleep(self.seconds)
        return rng.choice(view.legal_actions)  # type: ignore[attr-defined]


@attrs.frozen
class PolicyBot:
    """Answers with a policy that holds an action it may not play."""

    name: str = "policy"

    def act(self, view: object, rng: random.Random) -> object:
        return view.legal_actions[0]  # type: ignore[attr-defined]

    def act_with_policy(self, view: object, rng: random.Random) -> tuple[object, object]:
        return view.legal_actions[0], {Lay(7): 1.0}  # type: ignore[attr-defined]


def test_a_game_of_the_toy_is_played_to_its_end_and_its_record_replays() -> None:
    result = play_match(CONFIG, [RandomBot(), HighestCard()], seed=4, game=TOY, key="k")
    final = list(TOY.replay(result.record))[-1]
    assert TOY.is_over(final)
    assert result.scores == TOY.scores(final)
    assert result.outcome is None and result.faults == () and not result.adjudicated
    assert result.plies == len(result.record.actions) == 4 == result.turns
    assert result.agent_names == result.record.names == ("random", "highest")
    deal = deal_for(4, "k")
    assert (result.record.seed, result.record.salt) == (deal.seed, deal.salt)
    assert [len(times) for times in result.decision_times] == [2, 2]


def test_the_same_seed_and_key_play_the_same_game_and_another_key_deals_anew() -> None:
    agents = [RandomBot(), RandomBot()]
    first = play_match(CONFIG, agents, seed=9, game=TOY, key="secret")
    again = play_match(CONFIG, agents, seed=9, game=TOY, key="secret")
    assert again.record == first.record and again.scores == first.scores
    deals = {play_match(CONFIG, agents, seed=9, game=TOY).record.seed for _ in range(3)}
    assert len(deals) == 3  # a fresh key each time


def test_a_game_outside_the_registry_needs_game() -> None:
    with pytest.raises(ArgumentError, match="give game=") as error:
        play_match(CONFIG, [RandomBot(), RandomBot()], seed=1)
    assert error.value.path == "config"
    with pytest.raises(ArgumentError, match="not a configuration of High card"):
        play_match(guarda.grda(), [RandomBot(), RandomBot()], seed=1, game=TOY)
    with pytest.raises(ArgumentError, match="needs 2 agents"):
        play_match(CONFIG, [RandomBot()], seed=1, game=TOY)


@pytest.mark.parametrize(
    ("agent", "kind"),
    [(CheatingBot(), "illegal"), (WordBot(), "non-action"), (CrashBot(), "crash")],
)
def test_faults_fall_back_to_a_random_legal_action(agent: object, kind: str) -> None:
    result = play_match(CONFIG, [agent, LowestBot()], seed=2, game=TOY)  # type: ignore[list-item]
    assert [fault.kind for fault in result.faults] == [kind, kind]
    assert all(fault.seat == 0 for fault in result.faults)
    assert [fault.ply for fault in result.faults] == [1, 3]
    assert TOY.is_over(list(TOY.replay(result.record))[-1])


def test_a_forfeit_ends_the_game_and_the_other_player_wins() -> None:
    result = play_match(CONFIG, [LowestBot(), CrashBot()], seed=2, game=TOY, on_fault="forfeit")
    assert result.forfeited == 1 and result.scores == (1.0, 0.0)
    assert len(result.record.actions) == 1 and result.outcome is None


def test_a_policy_with_an_illegal_action_is_a_non_action_fault() -> None:
    steps: list[MatchStep] = []
    result = play_match(CONFIG, [PolicyBot(), RandomBot()], seed=2, game=TOY,
                        observers=[steps.append])  # fmt: skip
    assert {fault.kind for fault in result.faults} == {"non-action"}
    random_steps = [step for step in steps if step.actor == 1]
    assert all(step.policy is not None for step in random_steps)
    assert all(abs(sum(p for _, p in step.policy or ()) - 1) < 1e-9 for step in random_steps)


def test_time_budgets_and_clocks_make_late_answers_faults() -> None:
    late = play_match(CONFIG, [SleepyBot(0.05), LowestBot()], seed=1, game=TOY, time_budget=0.01)
    assert [fault.kind for fault in late.faults] == ["late", "late"]
    clock = play_match(CONFIG, [SleepyBot(0.1), LowestBot()], seed=1, game=TOY, clock=0.15)
    kinds = [fault.kind for fault in clock.faults]
    assert kinds == ["late"] and "left" in clock.faults[0].detail


def test_max_turns_stops_the_game_as_a_draw() -> None:
    result = play_match(CONFIG, [RandomBot(), RandomBot()], seed=1, game=TOY, max_turns=2)
    assert result.adjudicated and result.scores == (0.5, 0.5)
    assert len(result.record.actions) == 2 == result.turns


def test_an_adjudicator_ends_the_game_with_its_scores() -> None:
    seen: list[object] = []

    def adjudicate(view: object) -> tuple[float, float] | None:
        seen.append(view)
        return (1.0, 0.0) if len(seen) == 3 else None

    result = play_match(CONFIG, [RandomBot(), RandomBot()], seed=1, game=TOY,
                        adjudicate=adjudicate)  # fmt: skip
    assert result.adjudicated and result.scores == (1.0, 0.0) and result.plies == 3
    assert all(view.player is None for view in seen)  # type: ignore[attr-defined]


def test_observers_see_every_step_with_each_seats_events() -> None:
    steps: list[MatchStep] = []
    result = play_match(CONFIG, [RandomBot(), RandomBot()], seed=5, game=TOY,
                        observers=[steps.append])  # fmt: skip
    assert [step.ply for step in steps] == list(range(result.plies + 1))
    assert steps[0].events == () and steps[0].actor is None
    for step in steps[1:]:
        assert len(step.seat_events) == 2 and step.events
        assert step.view.player is None and step.elapsed is not None


def test_start_and_end_hooks_see_the_generic_result() -> None:
    @attrs.define
    class Hooked:
        name: str = "hooked"
        told: list[object] = attrs.Factory(list)

        def act(self, view: object, rng: random.Random) -> object:
            return view.legal_actions[0]  # type: ignore[attr-defined]

        def start(self, config: object, player: int) -> None:
            self.told.append((config, player))

        def end(self, result: object) -> None:
            self.told.append(result)

    hooked = Hooked()
    result = play_match(CONFIG, [hooked, RandomBot()], seed=3, game=TOY)
    start, end = hooked.told
    assert start == (CONFIG, 0)
    assert end.record == result.record and end.score == result.scores[0]  # type: ignore[attr-defined]


def test_guarda_given_as_game_plays_the_same_game_as_before() -> None:
    config = guarda.grda(turn_limit=8)
    agents = [RandomBot(), RandomBot()]
    plain = play_match(config, agents, seed=3, key="k")
    given = play_match(config, agents, seed=3, key="k", game=GUARDA)
    assert given.record == plain.record and given.outcome == plain.outcome
    assert given.scores == plain.scores and plain.outcome is not None


def test_random_bot_plays_any_view_of_a_player_who_decides() -> None:
    state = TOY.new_game(CONFIG, seed=1)
    view = TOY.view(state, 0)
    assert RandomBot().act(view, random.Random(1)) in view.legal_actions
    action, policy = RandomBot().act_with_policy(view, random.Random(1))
    assert action in view.legal_actions and sum(policy.values()) == 1.0
    with pytest.raises(ArgumentError, match="nothing to decide"):
        RandomBot().act(TOY.view(state, 1), random.Random(1))
    with pytest.raises(ArgumentError, match="nothing to decide"):
        RandomBot().act(TOY.view(state, None), random.Random(1))
    with pytest.raises(ArgumentError, match="not a view"):
        RandomBot().act("a view", random.Random(1))


def test_seat_random_sources_are_those_of_the_key() -> None:
    @attrs.define
    class Recording:
        name: str = "recording"
        draws: list[float] = attrs.Factory(list)

        def act(self, view: object, rng: random.Random) -> object:
            self.draws.append(rng.random())
            return view.legal_actions[0]  # type: ignore[attr-defined]

    bot = Recording()
    play_match(CONFIG, [bot, RandomBot()], seed=6, game=TOY_GAME, key="key")
    expected = seat_rng(6, 0, key="key")
    assert bot.draws == [expected.random(), expected.random()]
