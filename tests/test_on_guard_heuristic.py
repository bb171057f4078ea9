"""On Guard's heuristic beats a uniformly random player, seats alternated."""

from __future__ import annotations

import random

from guarda.game import HasHeuristic
from guarda.games.on_guard import ON_GUARD, OnGuardConfig, OnGuardHeuristic

GAMES = 120


def test_the_heuristic_beats_random_play_at_least_nine_games_in_ten() -> None:
    assert isinstance(ON_GUARD, HasHeuristic)
    bot = ON_GUARD.heuristic()
    assert bot == OnGuardHeuristic()
    configs = (OnGuardConfig(), OnGuardConfig(jokers=True), OnGuardConfig(tier="stesso"))
    wins = 0.0
    for game in range(GAMES):
        seat = game % 2
        rng = random.Random(game)
        state = ON_GUARD.new_game(configs[game % 3], seed=game)
        while not ON_GUARD.is_over(state):
            actor = ON_GUARD.actor(state)
            assert actor is not None
            seen = ON_GUARD.view(state, actor)
            if actor == seat:
                action = bot.act(seen, rng)
                assert action in seen.legal_actions
            else:
                action = rng.choice(seen.legal_actions)
            state, _ = ON_GUARD.apply(state, action)
        scores = ON_GUARD.scores(state)
        assert scores is not None
        wins += scores[seat]
    assert wins / GAMES >= 0.9, wins / GAMES


def test_act_with_policy_puts_the_probability_on_the_action_played() -> None:
    bot = OnGuardHeuristic()
    state = ON_GUARD.new_game(OnGuardConfig(), seed=2)
    rng = random.Random(2)
    while not ON_GUARD.is_over(state):
        actor = ON_GUARD.actor(state)
        assert actor is not None
        seen = ON_GUARD.view(state, actor)
        action, policy = bot.act_with_policy(seen, rng)
        assert policy[action] > 0 and abs(sum(policy.values()) - 1.0) < 1e-9
        assert set(policy) <= set(seen.legal_actions)
        state, _ = ON_GUARD.apply(state, action)
