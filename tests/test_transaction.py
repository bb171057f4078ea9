"""The transaction: every decision has exactly one effect, and nothing else changes a game."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

import guarda
from guarda._actions import ACTION_TYPES
from guarda._queries import hand_target
from guarda._transaction import _DECISIONS, Transaction


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


def _two_draws(transaction: Transaction, index: int) -> bool:
    """R12 as written: draw one card, then draw up to the hand target."""
    if not transaction.draw(index, 1):
        return False
    player = transaction.players[index]
    missing = hand_target(transaction.tables.config, player) - len(player.hand)
    return missing < 1 or transaction.draw(index, missing)


@pytest.mark.parametrize(
    "config",
    [
        guarda.classic(players=3),
        guarda.classic(players=3, win="exhaustion"),  # no reshuffle: a short pile goes out
        guarda.grda(players=3),  # a guard counts as a card of the hand
        guarda.custom(7, players=2),
    ],
    ids=["classic", "classic-exhaustion", "grda", "custom-7"],
)
def test_draw_one_then_fill_draws_what_two_draws_draw(config: guarda.Config) -> None:
    # The turn start cuts the pile once when it holds every card it needs; whatever the
    # pile, the discards, the hand (short, full or over the target) and the guard, the
    # result must be R12's two draws, event for event.
    choose = random.Random(7)
    state = guarda.new_game(config, seed=7)
    guards = []
    for _ in range(60):
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
        guards += [player.guard for player in state.players if player.guard is not None]
    assert not state.is_over and guards
    checked = 0
    for index, player in enumerate(state.players):
        hands = {player.hand[:keep] for keep in (0, 1, 5, len(player.hand))}
        hands.add(tuple(sorted(player.hand + player.draw_pile[:3])))  # over the target
        for cut, hand, discards, guard in itertools.product(
            range(len(player.draw_pile) + 1), hands, ((), player.discard_known), (None, guards[0])
        ):
            changed = attrs.evolve(
                player,
                draw_pile=player.draw_pile[:cut],
                hand=hand,
                discard_known=discards,
                discard_hidden=(),
                guard=guard,
            )
            cut_once, drawn_twice = Transaction(state), Transaction(state)
            for transaction in (cut_once, drawn_twice):
                transaction.players[index] = changed
            assert cut_once.draw_one_then_fill(index) == _two_draws(drawn_twice, index)
            assert cut_once.players == drawn_twice.players
            assert cut_once.events == drawn_twice.events
            assert cut_once.rng == drawn_twice.rng
            assert cut_once.went_out == drawn_twice.went_out
            assert (cut_once.phase, cut_once.outcome) == (drawn_twice.phase, drawn_twice.outcome)
            checked += 1
    assert checked > 200
