"""Garrison across processes and against bots: the same seeds deal the same games in any
process, and the heuristic beats a random player."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

from guarda.game import Game, HasHeuristic, Observable
from guarda.games.garrison import GARRISON, GarrisonConfig

SRC = Path(__file__).parent.parent / "src"

DIGEST_SCRIPT = """
import hashlib, random
from guarda.game import Game, HasHeuristic, Observable
from guarda.games.garrison import GARRISON, GarrisonConfig
digest = hashlib.sha256()
for seed in range(6):
    config = GarrisonConfig(players=2 + seed % 5)
    state = GARRISON.new_game(config, seed, salt="digest")
    rng = random.Random(seed)
    while not GARRISON.is_over(state):
        state, _ = GARRISON.apply(state, rng.choice(GARRISON.legal_actions(state)))
    digest.update(GARRISON.dumps(state).encode())
print(digest.hexdigest())
"""


def test_seeded_games_are_the_same_in_another_process() -> None:
    here = hashlib.sha256()
    for seed in range(6):
        config = GarrisonConfig(players=2 + seed % 5)
        state = GARRISON.new_game(config, seed, salt="digest")
        rng = random.Random(seed)
        while not GARRISON.is_over(state):
            state, _ = GARRISON.apply(state, rng.choice(GARRISON.legal_actions(state)))
        here.update(GARRISON.dumps(state).encode())
    env = dict(os.environ, PYTHONPATH=str(SRC), PYTHONHASHSEED="12345")
    result = subprocess.run(
        [sys.executable, "-c", DIGEST_SCRIPT],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == here.hexdigest()


def _play(seed: int, heuristic_seat: int, players: int = 2) -> float:
    """One game of the heuristic against uniformly random players; its score."""
    bot = GARRISON.heuristic()
    rng = random.Random(seed)
    state = GARRISON.new_game(GARRISON.default_config(players), seed, salt="bots")
    while not GARRISON.is_over(state):
        actor = GARRISON.actor(state)
        assert actor is not None
        if actor == heuristic_seat:
            action = bot.act(GARRISON.view(state, actor), rng)
        else:
            action = rng.choice(GARRISON.legal_actions(state))
        state, _ = GARRISON.apply(state, action)
    scores = GARRISON.scores(state)
    assert scores is not None
    return scores[heuristic_seat]


def test_the_heuristic_beats_a_random_player_nine_times_in_ten() -> None:
    scores = [_play(seed, heuristic_seat=seed % 2) for seed in range(120)]
    assert sum(score == 1.0 for score in scores) >= 0.9 * len(scores)


def test_the_heuristic_also_wins_at_a_full_table() -> None:
    scores = [_play(seed, heuristic_seat=seed % 4, players=4) for seed in range(20)]
    assert sum(score == 1.0 for score in scores) >= 12


def test_garrison_is_observable_and_has_a_heuristic() -> None:
    assert isinstance(GARRISON, Game)
    assert isinstance(GARRISON, Observable)
    assert isinstance(GARRISON, HasHeuristic)
    state = GARRISON.new_game(GARRISON.default_config(3), seed=2)
    mine = GARRISON.view(state, 0)
    vector = GARRISON.observe(mine)
    assert len(vector) == GARRISON.observation_size(state.config)
    assert all(0.0 <= x <= 1.0 for x in vector)
    action, policy = GARRISON.heuristic().act_with_policy(
        GARRISON.view(state, state.actor), random.Random(0)
    )
    assert policy == {action: 1.0}
