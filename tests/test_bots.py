"""The reference bots: legal actions only, deterministic, from the view only."""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Callable
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import ArgumentError, Config, GameState
from guarda.bots import Agent, GreedyBot, ISMCTSBot, RandomBot, play_match
from guarda.bots._greedy import greedy_action
from guarda.bots._ismcts import _standing, careful_guards
from guarda.bots._options import options
from guarda.bots._reading import defends, evaluate
from guarda.testing import configs

BOTS: tuple[Agent, ...] = (RandomBot(), GreedyBot(), ISMCTSBot(iterations=3, worlds=2))


def limited(config: Config, turns: int) -> Config:
    """The ruleset with a turn limit of at most ``turns``, to keep games short."""
    limit = turns if config.turn_limit is None else min(config.turn_limit, turns)
    return attrs.evolve(config, turn_limit=limit)


@settings(max_examples=25)
@given(
    config=configs(),
    seed=st.integers(0, 2**32),
    seats=st.lists(st.sampled_from(range(len(BOTS))), min_size=8, max_size=8),
)
def test_every_bot_only_ever_returns_a_legal_action(
    config: Config, seed: int, seats: list[int]
) -> None:
    agents = [BOTS[choice] for choice in seats[: config.players]]
    result = play_match(limited(config, 16), agents, seed=seed, on_fault="forfeit")
    assert result.faults == ()
    assert result.outcome is not None
    guarda.final_state(result.record)


def states_along(config: Config, seed: int, steps: int) -> list[GameState]:
    state = guarda.new_game(config, seed)
    choose = random.Random(seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
        states.append(state)
    return states


@settings(max_examples=40)
@given(config=configs(), seed=st.integers(0, 2**32))
def test_options_and_the_greedy_policy_are_legal_on_full_states(config: Config, seed: int) -> None:
    """A search plays these on sampled states without checking them first."""
    for state in states_along(config, seed, 250):
        if state.is_over:
            assert options(state) == []
            continue
        found = options(state)
        assert found and len(set(found)) == len(found)
        assert all(guarda.is_legal(state, action) for action in found)
        assert guarda.is_legal(state, greedy_action(state))
        for player in range(config.players):
            assert 0.0 <= evaluate(state, player) <= 1.0


@settings(max_examples=25)
@given(config=configs(), seed=st.integers(0, 2**32), player=st.integers(0, 7))
def test_careful_guards_keep_the_searching_players_view(
    config: Config, seed: int, player: int
) -> None:
    """The opponents' guards change only in what the searching player cannot see."""
    me = player % config.players
    rng = random.Random(seed)
    for state in states_along(config, seed, 120)[::15]:
        view = guarda.view(state, me)
        world = careful_guards(guarda.determinize(view, rng), me)
        assert guarda.view(world, me) == view
        guarda.check_state(world)
        for index, public in enumerate(world.players):
            guard = public.guard
            if index == me or public.is_out or guard is None:
                continue
            critical = defends(config, index, guard.card, public.position)
            # a careful player's guard blocks critically whenever they might hold such a
            # card: in the hand, or in the draw pile the searching player cannot see
            if not critical:
                unseen = (*public.hand, *public.draw_pile)
                assert not any(defends(config, index, c, public.position) for c in unseen)
            if guard.status is guarda.GuardStatus.SET:
                assert (guard.orientation is guarda.Orientation.DEFENSIVE) == critical


def test_options_offer_the_cheapest_move_next_to_an_opponent_to_push() -> None:
    state = guarda.new_game(guarda.modern(players=2, turn_limit=40), seed=5)
    offered = 0
    while not state.is_over:
        me = state.actor
        assert me is not None
        if state.phase is guarda.Phase.MOVE and not state.has_moved:
            hand = state.players[me].hand
            costs = [
                step.cost
                for step in guarda.rules.reachable_cells(state, me)
                if step.cost < len(hand)
                and _next_to_an_opponent(
                    guarda.apply(state, guarda.Move(step.direction, hand[: step.cost]))[0], me
                )
            ]
            beside = [
                action
                for action in options(state)
                if isinstance(action, guarda.Move)
                and _next_to_an_opponent(guarda.apply(state, action)[0], me)
            ]
            if costs:
                offered += 1
                assert min(len(action.cards) for action in beside) == min(costs)
            else:
                assert beside == []
        state, _ = guarda.apply(state, greedy_action(state))
    assert offered > 0


def _next_to_an_opponent(state: GameState, me: int) -> bool:
    mine = state.players[me].position
    assert mine is not None
    return any(
        other.position is not None
        and abs(other.position.x - mine.x) + abs(other.position.y - mine.y) == 1
        for index, other in enumerate(state.players)
        if index != me
    )


def test_evaluate_scores_a_finished_game_by_its_outcome() -> None:
    result = play_match(guarda.modern(players=2), [GreedyBot(), RandomBot()], seed=2)
    final = guarda.final_state(result.record)
    assert final.outcome is not None and final.outcome.winners == (0,)
    assert (evaluate(final, 0), evaluate(final, 1)) == (1.0, 0.0)


@pytest.mark.parametrize("bot", BOTS, ids=lambda bot: bot.name)
def test_same_seed_same_game(bot: Agent) -> None:
    agents = [bot, RandomBot()]
    first = play_match(guarda.modern(players=2, turn_limit=30), agents, seed=13)
    second = play_match(guarda.modern(players=2, turn_limit=30), agents, seed=13, key=first.key)
    assert first.record == second.record


@pytest.mark.parametrize("bot", BOTS, ids=lambda bot: bot.name)
def test_bots_pickle_and_refuse_a_view_with_nothing_to_decide(bot: Agent) -> None:
    assert pickle.loads(pickle.dumps(bot)) == bot
    state = guarda.new_game(guarda.modern(players=2), seed=1)
    waiting = 1 - (state.actor or 0)
    with pytest.raises(ArgumentError):
        bot.act(guarda.view(state, waiting), random.Random(0))
    with pytest.raises(ArgumentError):
        bot.act(state, random.Random(0))


def test_greedy_beats_random_and_ismcts_beats_random() -> None:
    config = guarda.modern(players=2, turn_limit=100)
    for seed in range(4):
        pair: list[Agent] = [GreedyBot(), RandomBot()]
        greedy = play_match(config, pair if seed % 2 == 0 else pair[::-1], seed=seed)
        assert greedy.scores[seed % 2] == 1.0
    ismcts = play_match(config, [ISMCTSBot(iterations=8), RandomBot()], seed=1)
    assert ismcts.scores == (1.0, 0.0)


def test_greedy_keeps_a_critical_guard_and_blocks_with_it() -> None:
    """The careful play of the strategy notes: a guard that covers its owner's cell turned
    around is set to block, and activated, which returns it to the hand (R20)."""
    result = play_match(guarda.modern(players=2, turn_limit=60), [GreedyBot()] * 2, seed=4)
    final = guarda.final_state(result.record)
    critical = [
        event
        for event in final.log
        if isinstance(event, guarda.GuardActivated) and event.is_critical
    ]
    assert critical
    assert all(event.orientation is guarda.Orientation.DEFENSIVE for event in critical)


def test_ismcts_budget_is_checked_and_named() -> None:
    assert ISMCTSBot(iterations=50).name == "ismcts-50"
    assert ISMCTSBot(iterations=None, seconds=0.5).name == "ismcts-0.5s"
    assert ISMCTSBot(iterations=None, fm_calls=900).name == "ismcts-900fm"
    bad: list[tuple[dict[str, Any], str]] = [
        ({"iterations": 0}, "iterations"),
        ({"iterations": None}, "iterations"),
        ({"iterations": None, "seconds": -1.0}, "seconds"),
        ({"fm_calls": 0}, "fm_calls"),
        ({"fm_calls": True}, "fm_calls"),
        ({"exploration": -0.1}, "exploration"),
        ({"horizon": -1}, "horizon"),
        ({"worlds": 1.5}, "worlds"),
        ({"no_progress": 1.5}, "no_progress"),
        ({"rollout": "smart"}, "rollout"),
        ({"evaluator": 0.5}, "evaluator"),
        ({"final": "robust"}, "final"),
    ]
    for settings_, path in bad:
        with pytest.raises(ArgumentError) as caught:
            ISMCTSBot(**settings_)
        assert caught.value.path == path


def searched_view(seed: int = 3, phase: guarda.Phase = guarda.Phase.MOVE) -> guarda.PlayerView:
    """A Modern two-player view of a decision with several options, in ``phase``."""
    state = guarda.new_game(guarda.modern(players=2, turn_limit=200), seed=seed)
    while state.phase is not phase or len(options(state)) < 3:
        state, _ = guarda.apply(state, greedy_action(state))
    return guarda.view(state, state.actor)


def test_ismcts_search_returns_root_statistics_and_a_policy() -> None:
    seen = searched_view()
    result = ISMCTSBot(iterations=40).search(seen, random.Random(1))
    assert result.searched and result.iterations == 40
    assert result.action in seen.legal_actions
    assert [stat.action for stat in result.stats] == [
        action for action in options(seen) if action in result.policy
    ]
    assert sum(stat.visits for stat in result.stats) == 40
    assert all(0.0 <= stat.mean <= 1.0 for stat in result.stats)
    assert abs(sum(result.policy.values()) - 1.0) < 1e-9
    most = max(stat.visits for stat in result.stats)
    assert result.policy[result.action] == most / 40
    assert result.fm_calls > 40  # every iteration plays the root action and a rollout
    assert ISMCTSBot(iterations=40).act(seen, random.Random(1)) == result.action
    by_value = ISMCTSBot(iterations=40, final="value").search(seen, random.Random(1))
    assert by_value.stats == result.stats  # the same search, another final-move rule
    best = max(stat.mean for stat in by_value.stats)
    assert next(s for s in by_value.stats if s.action == by_value.action).mean >= best - 0.02


def test_ismcts_forward_model_budget_counts_calls_to_apply() -> None:
    seen = searched_view()
    result = ISMCTSBot(iterations=None, fm_calls=300).search(seen, random.Random(2))
    # the budget counts the steps the iterations took, played or recalled from the tree
    assert result.steps >= 300
    assert result.fm_calls <= result.steps
    # it stops at the first iteration that reaches the budget
    assert result.steps - 300 < result.steps / result.iterations + 100
    calls = 0
    apply = guarda.apply

    def counting(state: GameState, action: guarda.Action) -> Any:
        nonlocal calls
        calls += 1
        return apply(state, action)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(guarda, "apply", counting)
        again = ISMCTSBot(iterations=None, fm_calls=300).search(seen, random.Random(2))
    assert again == result and calls == result.fm_calls


def test_ismcts_rollouts_and_evaluators_are_pluggable() -> None:
    seen = searched_view()
    seen_by: list[int] = []

    def constant(state: GameState, player: int) -> float:
        seen_by.append(player)
        return 0.75

    def first_legal(state: GameState, rng: random.Random) -> guarda.Action:
        return guarda.legal_actions(state)[0]

    greedy = ISMCTSBot(iterations=12, no_progress=1.0).search(seen, random.Random(3))
    rollouts: tuple[Literal["random", "cutoff"] | Callable[..., guarda.Action], ...] = (
        "random",
        "cutoff",
        first_legal,
    )
    for rollout in rollouts:
        bot = ISMCTSBot(iterations=12, no_progress=1.0, rollout=rollout)
        result = bot.search(seen, random.Random(3))
        assert result.action in seen.legal_actions and result.iterations == 12
    cutoff = ISMCTSBot(iterations=12, no_progress=1.0, rollout="cutoff").search(
        seen, random.Random(3)
    )
    assert cutoff.fm_calls < greedy.fm_calls
    scored = ISMCTSBot(iterations=12, no_progress=1.0, rollout="cutoff", evaluator=constant)
    result = scored.search(seen, random.Random(3))
    assert seen_by and set(seen_by) == {0, 1}
    assert all(stat.mean == 0.75 for stat in result.stats)


def test_ismcts_scores_a_line_without_progress_as_nearly_a_draw() -> None:
    """A line that does not raise a player's material standing keeps ``no_progress`` of
    its edge over a draw; with a lead of 0.4 everywhere, a cut-off search shows it."""
    seen = searched_view()

    def leading(state: GameState, player: int) -> float:
        return 0.9

    for share in (0.0, 0.25, 1.0):
        bot = ISMCTSBot(iterations=12, rollout="cutoff", evaluator=leading, no_progress=share)
        result = bot.search(seen, random.Random(4))
        assert all(abs(stat.mean - (0.5 + 0.4 * share)) < 1e-9 for stat in result.stats)
    # near the turn limit every edge shrinks towards a draw
    late = attrs.evolve(seen, config=attrs.evolve(seen.config, turn_limit=seen.turns_ended + 2))
    bot = ISMCTSBot(iterations=12, rollout="cutoff", evaluator=leading, no_progress=1.0)
    assert all(stat.mean < 0.9 for stat in bot.search(late, random.Random(4)).stats)


def test_material_standing_counts_a_heal_of_the_opponent_against_the_player() -> None:
    """Progress is a rise in one's own standing: damage dealt, not an opponent's heal."""
    world = guarda.new_game(guarda.classic(players=4, teams=((0, 2), (1, 3))), seed=2)
    before = _standing(world)
    hurt = list(world.players)
    hurt[1] = attrs.evolve(hurt[1], health=hurt[1].health - 2)
    after = _standing(attrs.evolve(world, players=tuple(hurt)))
    assert after[0] > before[0] and after[2] > before[2]  # both of the other team
    assert after[1] < before[1] and after[3] < before[3]
    seen = searched_view()  # a view reads the same public health and points
    assert _standing(seen) == _standing(guarda.determinize(seen, random.Random(0)))


def test_ismcts_decisions_without_a_search_have_a_one_action_policy() -> None:
    state = guarda.new_game(guarda.modern(players=2), seed=4)  # setup: the greedy choice
    seen = guarda.view(state, state.actor)
    result = ISMCTSBot().search(seen, random.Random(0))
    assert not result.searched and result.stats == () and result.fm_calls == 0
    assert result.policy == {result.action: 1.0} and result.action in seen.legal_actions


def test_ismcts_with_a_time_budget_stops() -> None:
    state = guarda.new_game(guarda.classic(players=4), seed=3)
    choose = random.Random(3)
    while state.phase is not guarda.Phase.ACT or len(options(state)) < 3:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    seen = guarda.view(state, state.actor)
    bot = ISMCTSBot(iterations=None, seconds=0.02)
    start = time.perf_counter()
    action = bot.act(seen, random.Random(0))
    assert time.perf_counter() - start < 5.0  # a generous bound: it stops on its own
    assert action in seen.legal_actions


def test_ismcts_samples_more_worlds_for_a_bigger_budget() -> None:
    seen = searched_view()
    sampled = 0
    determinize = guarda.determinize

    def counting(view: guarda.PlayerView, rng: random.Random) -> GameState:
        nonlocal sampled
        sampled += 1
        return determinize(view, rng)

    counts = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(guarda, "determinize", counting)
        for bot in (ISMCTSBot(iterations=20), ISMCTSBot(iterations=225), ISMCTSBot(225, worlds=3)):
            sampled = 0
            bot.search(seen, random.Random(0))
            counts.append(sampled)
    assert counts == [4, 9, 3]
