"""On Guard under random play: invariants checked after every step of many seeded games."""

from __future__ import annotations

import random
from collections import Counter

from guarda.games.on_guard import (
    ON_GUARD,
    OnGuardState,
    check_state,
    is_action,
    starting_hand,
)
from on_guard_support import CONFIGS

STEPS = 100_000


def check_invariants(before: OnGuardState, state: OnGuardState) -> None:
    config = state.config
    start = Counter(starting_hand(config.jokers, config.techniques))
    for seat in (0, 1):
        assert Counter((*state.unplayed(seat), *state.discards[seat])) == start
        assert state.hits[seat] >= before.hits[seat]
        assert state.barrage_hits[seat] >= before.barrage_hits[seat]
    assert state.turns in (before.turns, before.turns + 1)
    legal = ON_GUARD.legal_actions(state)
    scores = ON_GUARD.scores(state)
    if ON_GUARD.is_over(state):
        assert not legal and state.actor is None and scores is not None
        assert state.winner is not None and scores[state.winner] == 1.0
        if state.barrage_hits == (0, 0):
            assert state.hits[state.winner] > state.hits[1 - state.winner]
        else:
            assert state.barrage_hits[state.winner] == 3
            assert state.hits[0] == state.hits[1]
    else:
        assert legal and scores is None and state.actor in (0, 1)
        assert len(set(legal)) == len(legal)
    if state.phase == "bout":
        assert all(any(is_action(c) for c in state.unplayed(seat)) for seat in (0, 1))


def test_random_play_keeps_every_invariant_for_100_000_steps() -> None:
    steps = games = 0
    seed = 0
    while steps < STEPS:
        config = CONFIGS[seed % len(CONFIGS)]
        rng = random.Random(seed)
        state = ON_GUARD.new_game(config, seed, salt=str(seed % 3))
        check_state(state)
        while not ON_GUARD.is_over(state):
            legal = ON_GUARD.legal_actions(state)
            if seed % 2 == 0:  # every listed action applies (every other game)
                for action in legal:
                    ON_GUARD.apply(state, action)
            before = state
            state, events = ON_GUARD.apply(state, rng.choice(legal))
            assert events
            check_invariants(before, state)
            if steps % 7 == 0:
                check_state(state)
            steps += 1
        games += 1
        seed += 1
    assert steps >= STEPS and games > 1000
