"""The transaction: every decision has exactly one effect, and nothing else changes a game."""

from __future__ import annotations

import random

import guarda
from guarda._actions import ACTION_TYPES
from guarda._transaction import _DECISIONS


def test_every_action_type_has_one_effect() -> None:
    assert set(_DECISIONS) == set(ACTION_TYPES)


def test_apply_leaves_the_state_it_was_given_unchanged() -> None:
    choose = random.Random(4)
    state = guarda.new_game(guarda.classic(players=3), seed=4)
    while not state.is_over:
        before = guarda.dumps(state, secrets=True)
        action = choose.choice(guarda.legal_actions(state))
        after, events = guarda.apply(state, action)
        assert guarda.dumps(state, secrets=True) == before
        assert after.log[len(after.log) - len(events) :] == events
        state = after
