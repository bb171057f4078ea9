"""Garrison played at random: over 100,000 steps with the invariants checked after each."""

from __future__ import annotations

import random

from garrison_positions import all_cards
from guarda.games.garrison import (
    CARDS,
    GARRISON,
    GarrisonConfig,
    GarrisonState,
    apply,
    determinize,
    legal_actions,
    new_game,
    view,
)
from guarda.games.garrison._quick_steps import quick_step
from guarda.games.garrison._transaction import _slow

LENGTHS = ("quick", "medium", "long")


def _check(state: GarrisonState) -> None:
    assert all_cards(state) == list(CARDS)
    assert all(len(hand) <= 3 for hand in state.hands)
    for hand, shown in zip(state.hands, state.shown, strict=True):
        assert set(shown) <= set(hand)
    for keep in state.keeps:
        assert keep.court or keep.fallen
        assert not (keep.garrison and keep.fallen)
    if state.is_over:
        assert state.actor is None and legal_actions(state) == ()
        scores = state.scores
        assert scores is not None and len(scores) == state.config.players
        if state.winner is None:
            assert set(scores) == {0.5}
        else:
            assert scores[state.winner] == 1.0 and sum(scores) == 1.0
            assert state.keeps[state.winner].value >= state.config.target
    else:
        assert state.scores is None and state.winner is None
        assert all(k.value < state.config.target for k in state.keeps)
        assert legal_actions(state)
        assert state.turns < state.config.turn_limit


def test_random_play_keeps_every_invariant() -> None:
    steps = games = 0
    seed = 0
    while steps < 100_000:
        config = GarrisonConfig(players=2 + seed % 5, length=LENGTHS[seed % 3])
        state = new_game(config, seed, salt="random")
        rng = random.Random(seed)
        _check(state)
        while not state.is_over:
            legal = legal_actions(state)
            if steps % 997 == 0:
                # Now and then every listed action must apply.
                for action in legal:
                    apply(state, action)
            if steps % 101 == 0:
                mine = view(state, state.actor)
                assert view(determinize(mine, rng), state.actor) == mine
            state, _ = apply(state, rng.choice(legal))
            steps += 1
            _check(state)
        assert GARRISON.scores(state) == state.scores
        games += 1
        seed += 1
    assert games > 50


def test_the_quick_steps_equal_the_scratch_copy() -> None:
    compared = 0
    kinds: set[str] = set()
    for seed in range(40):
        state = new_game(GarrisonConfig(players=2 + seed % 5), seed)
        rng = random.Random(seed)
        while not state.is_over:
            action = rng.choice(legal_actions(state))
            assert state.actor is not None
            quick = quick_step(state, state.actor, action)
            slow = _slow(state, state.actor, action)
            if quick is not None:
                assert quick == slow
                compared += 1
                kinds.add(type(action).__name__)
            state = slow[0]
    assert compared > 5_000
    assert {"Trade", "Discard", "EndTurn", "Pass", "Agitate", "Seduce", "Smuggle"} <= kinds
