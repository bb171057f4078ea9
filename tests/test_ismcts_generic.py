"""ISMCTSBot on a game other than Guarda: the search speaks the game protocol only.

The toy game (``tests/toy_game.py``) is not registered, so the bot is given it as
``game=``; nothing here touches Guarda's rules.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import guarda
from guarda.bots import ISMCTSBot
from guarda.bots._ismcts_generic import GameSearch
from guarda.bots._tree import world_count
from guarda.game import HasHeuristic
from guarda.games import GARRISON, ON_GUARD
from toy_game import TOY, Lay, ToyGame, ToyState, ToyView


@attrs.frozen
class _Random:
    """A random agent for any game (guarda's RandomBot reads Guarda views only)."""

    name: str = "random"

    def act(self, view: ToyView, rng: random.Random) -> Lay:
        return rng.choice(view.legal_actions)


def _play(agents: list[Any], seed: int, rng: random.Random) -> tuple[float, ...]:
    """One game of the toy game, through the protocol; each player's score."""
    state = TOY.new_game(TOY.default_config(), seed)
    while not TOY.is_over(state):
        actor = TOY.actor(state)
        assert actor is not None
        view = TOY.view(state, actor)
        action = agents[actor].act(view, rng)
        assert action in view.legal_actions
        state, _ = TOY.apply(state, action)
    scores = TOY.scores(state)
    assert scores is not None
    return scores


def _views(games: int) -> list[ToyView]:
    """The views of every decision with a choice in some random games."""
    found = []
    rng = random.Random(5)
    for seed in range(games):
        state = TOY.new_game(TOY.default_config(), seed)
        while not TOY.is_over(state):
            actor = TOY.actor(state)
            assert actor is not None
            view = TOY.view(state, actor)
            if len(view.legal_actions) > 1:
                found.append(view)
            state, _ = TOY.apply(state, rng.choice(view.legal_actions))
    return found


def test_the_search_returns_legal_actions_with_statistics_and_a_policy() -> None:
    bot = ISMCTSBot(iterations=30, game=TOY)
    views = _views(12)
    assert len(views) > 10
    for number, view in enumerate(views):
        result = bot.search(view, random.Random(number))
        assert result.action in view.legal_actions
        assert result.iterations == 30
        assert sum(stat.visits for stat in result.stats) == 30
        assert {stat.action for stat in result.stats} == set(view.legal_actions)
        assert all(0.0 <= stat.mean <= 1.0 for stat in result.stats)
        assert result.policy[result.action] == max(result.policy.values())
        assert sum(result.policy.values()) == pytest.approx(1.0)
        assert bot.act(view, random.Random(number)) == result.action


def test_the_search_is_deterministic_given_the_rng() -> None:
    bot = ISMCTSBot(iterations=40, game=TOY)
    for number, view in enumerate(_views(6)):
        first = bot.search(view, random.Random(number))
        again = bot.search(view, random.Random(number))
        assert first == again
    budget = ISMCTSBot(iterations=None, fm_calls=60, game=TOY, worlds=0)
    view = _views(1)[0]
    assert budget.search(view, random.Random(3)) == budget.search(view, random.Random(3))


def test_a_forced_decision_is_played_without_a_search() -> None:
    state = TOY.new_game(TOY.default_config(), 0)
    while not TOY.is_over(state):
        actor = TOY.actor(state)
        assert actor is not None
        view = TOY.view(state, actor)
        if len(view.legal_actions) == 1:
            result = ISMCTSBot(game=TOY).search(view, random.Random(0))
            assert not result.searched
            assert result.policy == {view.legal_actions[0]: 1.0}
        state, _ = TOY.apply(state, view.legal_actions[0])


def test_the_search_finds_the_card_that_wins_the_round() -> None:
    # Player 1 holds 2 and 5 and answers a 4: the 5 wins the round and cannot lose the
    # game; the 2 loses the round and at best draws.
    view = ToyView(TOY.default_config(), 1, (2, 5), (1, 2), (4,), (0, 0), 1, 1, (Lay(2), Lay(5)))
    for seed in range(3):
        assert ISMCTSBot(iterations=200, game=TOY).act(view, random.Random(seed)) == Lay(5)


def test_the_search_beats_random_play() -> None:
    # The best any player can score against random play is 0.542 (seat 0 cannot do
    # better than 0.5, seat 1 reaches 0.585), so the search is compared with a random
    # player dealt the same games in the same seats.
    bot = ISMCTSBot(iterations=60, game=TOY)
    games = 400
    searched = baseline = 0.0
    for number in range(games):
        seat = number % 2
        players: list[Any] = [_Random(), _Random()]
        baseline += _play(players, number, random.Random(number))[seat]
        players[seat] = bot
        searched += _play(players, number, random.Random(number))[seat]
    assert searched / games >= 0.525
    assert searched - baseline >= 0.02 * games


@attrs.frozen
class _Counting:
    """The toy game's heuristic agent: lays the highest card, and counts its calls."""

    calls: list[int] = attrs.field(factory=list)

    def act(self, view: ToyView, rng: random.Random) -> Lay:
        self.calls.append(1)
        return max(view.legal_actions, key=lambda lay: lay.card)


@attrs.frozen
class _ToyWithHeuristic(ToyGame):
    agent: _Counting = attrs.field(factory=_Counting)

    def heuristic(self) -> _Counting:
        return self.agent


def test_rollouts_use_the_games_heuristic_random_play_or_nothing() -> None:
    game = _ToyWithHeuristic()
    assert isinstance(game, HasHeuristic)
    view = _views(1)[0]
    # first decision: the game goes on after either card, so rollouts decide
    start = TOY.view(TOY.new_game(TOY.default_config(), 1), 0)
    ISMCTSBot(iterations=20, game=game).search(start, random.Random(0))
    assert game.agent.calls
    game.agent.calls.clear()
    random_rollouts = ISMCTSBot(
        iterations=20, game=game, rollout="random", opponent_model=False, prior=False
    )
    random_rollouts.search(start, random.Random(0))
    assert not game.agent.calls
    # the opponent model is the heuristic too, whatever the rollout
    ISMCTSBot(iterations=20, game=game, rollout="random").search(start, random.Random(0))
    assert game.agent.calls
    # no rollout: a position where the game goes on scores a draw
    cutoff = ISMCTSBot(iterations=2, game=TOY, rollout="cutoff").search(start, random.Random(0))
    assert [stat.mean for stat in cutoff.stats] == [0.5] * len(start.legal_actions)
    # a rollout cut short by the depth also scores a draw
    short = ISMCTSBot(iterations=2, game=TOY, depth=1).search(start, random.Random(0))
    assert [stat.mean for stat in short.stats] == [0.5] * len(start.legal_actions)

    def lowest(state: ToyState, rng: random.Random) -> Lay:
        return min(TOY.legal_actions(state), key=lambda lay: lay.card)

    custom = ISMCTSBot(iterations=10, game=TOY, rollout=lowest).search(view, random.Random(0))
    assert custom.action in view.legal_actions


def test_a_view_the_bot_cannot_place_is_refused() -> None:
    view = _views(1)[0]
    with pytest.raises(guarda.ArgumentError) as error:
        ISMCTSBot().search(view, random.Random(0))
    assert error.value.path == "game"
    with pytest.raises(guarda.ArgumentError) as error:
        ISMCTSBot(game=TOY).search("not a view", random.Random(0))  # type: ignore[call-overload]
    assert error.value.path == "view"
    waiting = TOY.view(TOY.new_game(TOY.default_config(), 1), 1)
    with pytest.raises(guarda.ArgumentError) as error:
        ISMCTSBot(game=TOY).search(waiting, random.Random(0))
    assert error.value.path == "view"
    with pytest.raises(guarda.ArgumentError) as error:
        ISMCTSBot(game="toy")  # type: ignore[arg-type]
    assert error.value.path == "game"
    with pytest.raises(guarda.ArgumentError) as error:
        ISMCTSBot(depth=0)
    assert error.value.path == "depth"


def test_the_worlds_grow_with_the_budget() -> None:
    assert [world_count(None, n) for n in (1, 25, 100, 400, 1600)] == [4, 4, 4, 16, 64]
    assert world_count(None, None, done=0) == 4
    assert world_count(None, None, done=2499) == 100
    assert world_count(6, 400) == 6
    assert ISMCTSBot().worlds is None
    # a budget of calls: the pool grows as the iterations go on, and every world fits
    view = _views(1)[0]
    result = ISMCTSBot(iterations=None, fm_calls=3000, game=TOY).search(view, random.Random(1))
    assert result.iterations > 100
    assert result.action in view.legal_actions


def test_the_bots_guide_example() -> None:
    # docs/bots.md, "Other games", word for word
    state = TOY.new_game(TOY.default_config(), seed=1)
    bot = ISMCTSBot(game=TOY)  # a game guarda.games does not list is named here
    result = bot.search(TOY.view(state, TOY.actor(state)), random.Random(0))
    assert result.action in TOY.legal_actions(state)
    assert result.searched


def test_opponent_model_keeps_the_tree_to_the_searchers_own_decisions() -> None:
    state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=3)
    while ON_GUARD.actor(state) == 0:  # seat 0 closes a secret selection
        state, _ = ON_GUARD.apply(state, ON_GUARD.legal_actions(state)[-1])
    assert ON_GUARD.actor(state) == 1 and len(ON_GUARD.legal_actions(state)) > 1
    view = ON_GUARD.view(state, 1)
    rng = random.Random(0)
    modelled = GameSearch(ISMCTSBot(), ON_GUARD, view, rng)
    world = modelled.sample()
    # From seat 1's decision, seat 1's own options stop the advance; seat 0's next
    # decisions (after the reveal) are played by the model.
    after, legal = modelled.advance(ON_GUARD.apply(world, ON_GUARD.legal_actions(world)[-1])[0])
    while legal and ON_GUARD.actor(after) == 1:
        after, legal = modelled.advance(ON_GUARD.apply(after, legal[-1])[0])
    assert not legal or ON_GUARD.actor(after) == 1
    branching = GameSearch(ISMCTSBot(opponent_model=False), ON_GUARD, view, rng)
    reached, options = branching.advance(
        ON_GUARD.apply(world, ON_GUARD.legal_actions(world)[-1])[0]
    )
    while options and ON_GUARD.actor(reached) == 1:
        reached, options = branching.advance(ON_GUARD.apply(reached, options[-1])[0])
    assert options and ON_GUARD.actor(reached) == 0


def test_opponent_model_must_be_a_bool() -> None:
    with pytest.raises(guarda.ArgumentError, match="opponent_model must be None, True or False"):
        ISMCTSBot(opponent_model="yes")  # type: ignore[arg-type]


def _garrison_views(games: int) -> list[Any]:
    """The views of every decision with a choice in some games of Garrison's heuristic."""
    found = []
    agent = GARRISON.heuristic()
    rng = random.Random(2)
    for seed in range(games):
        state = GARRISON.new_game(GARRISON.default_config(2), seed)
        while not GARRISON.is_over(state):
            view = GARRISON.view(state, GARRISON.actor(state))
            if len(view.legal_actions) > 1:
                found.append(view)
            state, _ = GARRISON.apply(state, agent.act(view, rng))
    return found


def test_the_prior_tries_the_heuristics_choice_first() -> None:
    agent = GARRISON.heuristic()
    views = _garrison_views(2)
    assert len(views) > 20
    rng = random.Random(0)
    guided = [ISMCTSBot(iterations=1).act(view, random.Random(i)) for i, view in enumerate(views)]
    assert guided == [agent.act(view, rng) for view in views]
    unguided = [
        ISMCTSBot(iterations=1, prior=False).act(view, random.Random(i))
        for i, view in enumerate(views)
    ]
    assert sum(a != b for a, b in zip(unguided, guided, strict=True)) > len(views) // 2
    # below the root too: a new node of the searcher's decision tries the heuristic's
    # action, in the world the search stands in
    search = GameSearch(ISMCTSBot(), GARRISON, views[0], random.Random(0))
    world = search.sample()
    assert search.preferred(world) == agent.act(GARRISON.view(world, search.me), rng)
    assert search.default() == agent.act(views[0], rng)
    assert GameSearch(ISMCTSBot(prior=False), GARRISON, views[0], rng).default() is None


def test_the_prior_needs_a_heuristic_and_must_be_a_bool() -> None:
    # the toy game ships no heuristic: the prior has nothing to say
    view = _views(1)[0]
    search = GameSearch(ISMCTSBot(game=TOY), TOY, view, random.Random(0))
    assert search.default() is None and search.preferred(search.sample()) is None
    with pytest.raises(guarda.ArgumentError, match="prior must be True or False") as raised:
        ISMCTSBot(prior=1)  # type: ignore[arg-type]
    assert raised.value.path == "prior"


@attrs.frozen
class _CountingDeals(ToyGame):
    """The toy game, counting the worlds the search samples."""

    deals: list[int] = attrs.field(factory=list)

    def determinize(self, view: Any, rng: random.Random) -> Any:
        self.deals.append(1)
        return super().determinize(view, rng)


def test_another_game_samples_a_new_world_every_iteration_by_default() -> None:
    # A world fixes the cards still to come: a search that plays its next turns again
    # and again in a few worlds learns what they deal it.
    view = TOY.view(TOY.new_game(TOY.default_config(), 1), 0)
    game = _CountingDeals()
    ISMCTSBot(iterations=30, game=game).search(view, random.Random(0))
    assert len(game.deals) == 30
    game.deals.clear()
    ISMCTSBot(iterations=30, game=game, worlds=4).search(view, random.Random(0))
    assert len(game.deals) == 4
