"""`LegalActions`, a tuple-like sequence lazy for big hands; bounded caches; tables by identity."""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import (
    Attack,
    GameState,
    LegalActions,
    Pass,
    Phase,
    PrepareGuard,
    _action_lists,
    _legal,
    _tables,
)

BIG = guarda.custom(12, players=2, turn_limit=40)
"""A 12x12 field: 12-card hands, so 4,096 sub-multisets (lazy runs)."""


def play_to(config: guarda.Config, seed: int, steps: int) -> GameState:
    """The state after ``steps`` seeded random actions (or the end)."""
    choose = random.Random(seed)
    state = guarda.new_game(config, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    return state


def reference_act_actions(hand: tuple[str, ...]) -> tuple[guarda.Action, ...]:
    """The Act phase's actions, enumerated independently of the engine (R14, P7, P8)."""
    attacks = [
        Attack(cards)
        for size in range(1, len(hand) + 1)
        for cards in sorted(set(itertools.combinations(hand, size)))
    ]
    return (*(PrepareGuard(card) for card in sorted(set(hand))), *attacks, Pass())


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_lazy_sequences_behave_like_the_tuple_they_stand_for(seed: int, steps: int) -> None:
    state = play_to(BIG, seed, steps)
    actions = guarda.legal_actions(state)
    listed = tuple(actions)
    assert len(actions) == len(listed)
    assert actions == listed and listed == actions
    assert hash(actions) == hash(listed)
    choose = random.Random(seed)
    for _ in range(20):
        if not listed:
            break
        index = choose.randrange(-len(listed), len(listed))
        assert actions[index] == listed[index]
        assert listed[index] in actions
        assert actions.index(listed[index]) == listed.index(listed[index])
    assert actions[3:40:7] == listed[3:40:7]
    assert Attack(("V1",) * 5) not in actions


def _big_hand_to_act(phase: Phase = Phase.ACT) -> guarda.GameState:
    """Player 0 to decide in ``phase`` on the big field with a 12-card hand, some cards
    repeated."""
    hand = ("V1", "V1", "V2", "V3", "V4", "V5", "H1", "H2", "H2", "H7", "H9", "H12")
    return (
        guarda.PositionBuilder(BIG, seed=3)
        .player(0, position="f1", hand=hand)
        .player(1, position="f12")
        .to_act(0, phase)
        .build()
    )


def test_a_big_hand_lists_its_attacks_lazily_and_exactly() -> None:
    state = _big_hand_to_act()
    actions = guarda.legal_actions(state)
    assert actions.is_lazy
    assert tuple(actions) == reference_act_actions(state.players[state.turn].hand)
    guards, attacks, last = actions.parts
    assert {type(a) for a in guards} == {PrepareGuard} and last == (Pass(),)
    assert isinstance(attacks, _action_lists.Subsets) and attacks.kind is Attack
    assert tuple(itertools.chain(guards, attacks, last)) == tuple(actions)
    # Every action handed out lazily is legal, and apply takes it.
    for index in (0, len(actions) // 2, len(actions) - 2):
        assert guarda.is_legal(state, actions[index])
        guarda.apply(state, actions[index])


def test_apply_trusts_only_the_action_a_lazy_list_just_gave() -> None:
    state = _big_hand_to_act()
    actions = guarda.legal_actions(state)
    given = actions[len(actions) // 2]
    assert isinstance(given, Attack)
    after, _ = guarda.apply(state, given)
    assert after.players[0].in_play == given.cards
    # Nothing else passes unchecked: not None, not a card the hand lacks, not a stranger.
    guarda.legal_actions(state)
    for bad in (None, Attack(("V12",)), Attack(("V1", "V1", "V1"))):
        with pytest.raises(guarda.IllegalActionError):
            guarda.apply(state, bad)  # type: ignore[arg-type]
    assert guarda.legal_actions(state) == actions


def test_small_hands_are_listed() -> None:
    state = play_to(guarda.modern(), 3, 30)
    assert not guarda.legal_actions(state).is_lazy


def test_legal_actions_are_empty_when_the_game_is_over() -> None:
    state = play_to(guarda.grda(), 1, 10_000)
    assert state.is_over
    assert guarda.legal_actions(state) == () and len(guarda.legal_actions(state)) == 0


def test_the_caches_of_listed_actions_stay_within_their_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_legal.BUDGET, "limit", 5_000)
    guarda.clear_caches()
    for index, config in enumerate((guarda.modern(), guarda.classic(players=4), BIG)):
        play_to(config, index, 300)
        # A value heavier than the budget is still kept alone, so allow one more.
        assert _legal.BUDGET.weight <= 5_000 + 24 * 4_096
    guarda.clear_caches()
    assert _legal.BUDGET.weight == 0
    state = play_to(guarda.modern(), 5, 40)
    assert guarda.legal_actions(state) == tuple(guarda.legal_actions(state))


def test_a_loaded_configuration_shares_the_tables_of_an_equal_one() -> None:
    # A ruleset no other test loads: the loader remembers the rulesets it read, so a common
    # one could come back as an object whose tables left the cache by value long ago.
    config = guarda.modern(players=3, turn_limit=4321)
    loaded = guarda.loads(guarda.dumps(config), guarda.Config)
    assert loaded is not config and loaded == config
    assert _tables.tables(loaded) is _tables.tables(config)


def test_playing_never_compares_configurations(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = guarda.loads(guarda.dumps(guarda.modern()), guarda.Config)
    state = play_to(loaded, 7, 1)  # the tables are attached on the first step
    compared: list[Any] = []
    original = guarda.Config.__eq__

    def counting(self: guarda.Config, other: object) -> bool:
        compared.append(other)
        return original(self, other)

    monkeypatch.setattr(guarda.Config, "__eq__", counting)
    choose = random.Random(7)
    for _ in range(200):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    assert compared == []


def test_legal_actions_can_be_built_from_actions_only() -> None:
    assert LegalActions((Pass(),)) == (Pass(),)
    with pytest.raises(guarda.ArgumentError):
        LegalActions(("pass",))  # type: ignore[arg-type]


def test_a_lazy_sequence_is_read_right_by_code_that_takes_tuples() -> None:
    # A lazy LegalActions is a tuple subclass whose own items are empty: everything that
    # reads a tuple must go through its methods, never through the empty storage.
    state = play_to(BIG, 7, 40)
    while not guarda.legal_actions(state).is_lazy:
        state = guarda.apply(state, guarda.legal_actions(state)[-1])[0]
    actions = guarda.legal_actions(state)
    listed = tuple(actions)
    assert isinstance(actions, tuple) and len(listed) >= 8 and bool(actions)
    assert list(actions) == [*actions] == list(listed)
    assert set(actions) == set(listed) and frozenset(actions) == frozenset(listed)
    first, *rest = actions
    assert (first, *rest) == listed

    def count(*items: object) -> int:
        return len(items)

    assert count(*actions) == len(listed)
    assert list(reversed(actions)) == list(reversed(listed))
    assert actions + (Pass(),) == (*listed, Pass())  # noqa: RUF005 (the operator is tested)
    assert (Pass(),) + actions == (Pass(), *listed)  # noqa: RUF005
    assert actions * 2 == listed * 2 and 2 * actions == listed * 2
    assert (actions <= listed) and (listed >= actions) and not (actions < listed)
    assert actions == listed and listed == actions and not (actions != listed)  # noqa: SIM202
    assert actions.count(listed[0]) == 1 and actions.index(listed[-1]) == len(listed) - 1
    assert random.Random(1).sample(actions, 3) == random.Random(1).sample(listed, 3)
    assert max(actions, key=repr) == max(listed, key=repr)
    for copied in (
        copy.copy(actions),
        copy.deepcopy(actions),
        pickle.loads(pickle.dumps(actions)),
    ):
        assert copied == listed and isinstance(copied, LegalActions)
    assert json.dumps([guarda.format_action(action) for action in actions]) == json.dumps(
        [guarda.format_action(action) for action in listed]
    )


def reference_move_actions(state: GameState) -> tuple[guarda.Action, ...]:
    """The Move phase's actions, enumerated by asking `is_legal` of every candidate (R13)."""
    hand = state.players[state.turn].hand
    choices = [
        cards
        for size in range(1, len(hand) + 1)
        for cards in sorted(set(itertools.combinations(hand, size)))
    ]
    candidates = [
        kind(direction, cards)
        for kind in (guarda.Move, guarda.Push)
        for direction in guarda.Direction
        for cards in choices
    ]
    return (*(a for a in candidates if guarda.is_legal(state, a)), guarda.EndMove())


def test_a_big_hand_lists_its_moves_and_pushes_lazily_and_exactly() -> None:
    hand = ("V1", "V1", "V2", "V3", "H1", "H2", "H2", "H7", "H9", "H12")
    state = (
        guarda.PositionBuilder(BIG, seed=5)
        .player(0, position="f6", hand=hand)
        .player(1, position="f7")  # next to it: a push
        .to_act(0, Phase.MOVE)
        .build()
    )
    actions = guarda.legal_actions(state)
    listed = tuple(actions)
    assert actions.is_lazy
    assert listed == reference_move_actions(state)
    assert {type(a) for a in listed} == {guarda.Move, guarda.Push, guarda.EndMove}
    assert [actions[i] for i in range(len(actions))] == list(listed)
    assert actions[-1] == guarda.EndMove() and actions[-len(actions)] == listed[0]
    assert actions[5:900:37] == listed[5:900:37]
    # The parts are one run per direction (moves, then the push), then EndMove.
    runs = [run for run in actions.parts[:-1] if isinstance(run, _action_lists.Subsets)]
    assert len(runs) == len(actions.parts) - 1
    assert tuple(itertools.chain.from_iterable(actions.parts)) == listed
    assert [len(part) for part in actions.parts] == [
        sum(1 for a in listed if type(a) is kind and getattr(a, "direction", None) is to)
        for kind, to in [(run.kind, run.direction) for run in runs] + [(guarda.EndMove, None)]
    ]
    # An action listed but not the one indexing gave last is still trusted, by value.
    iterated = listed[len(listed) // 3]
    assert actions.is_listed(iterated) and iterated in actions
    assert not actions.is_listed(guarda.Move(guarda.Direction.NORTH, ("V9",)))
    for index in (0, len(actions) // 2, len(actions) - 2):
        after, _ = guarda.apply(state, actions[index])
        assert len(after.players[0].hand) < len(hand)


def test_a_big_hand_lists_its_settles_lazily_and_exactly() -> None:
    state = _big_hand_to_act(Phase.SETTLE)
    actions = guarda.legal_actions(state)
    held = state.players[0].hand  # sorted
    reference = tuple(
        guarda.Settle(cards)
        for size in range(len(held) + 1)
        for cards in sorted(set(itertools.combinations(held, size)))
    )
    assert actions.is_lazy
    assert tuple(actions) == reference
    assert [actions[i] for i in range(-len(actions), 0)] == list(reference)
    empty, settles = actions.parts  # the empty settle, then a run of 1 to 12 cards
    assert isinstance(settles, _action_lists.Subsets)
    assert empty == (guarda.Settle(()),) and (settles.low, settles.high) == (1, len(held))
    assert tuple(itertools.chain(empty, settles)) == reference
    chosen = actions[len(actions) // 2]
    assert isinstance(chosen, guarda.Settle)
    after, _ = guarda.apply(state, chosen)
    assert after.players[0].discard_hidden == chosen.cards


def test_a_listed_action_is_known_by_identity() -> None:
    state = play_to(guarda.modern(), seed=2, steps=6)
    actions = guarda.legal_actions(state)
    assert not actions.is_lazy and len(actions) > 3
    for action in (actions[0], actions[len(actions) // 2], actions[-1]):
        assert actions.is_listed(action)
        twin = copy.copy(action)  # equal, another instance: verified, not trusted
        assert twin == action and twin is not action and not actions.is_listed(twin)
        after, _ = guarda.apply(state, twin)
        assert guarda.dumps(after, secrets=True) == guarda.dumps(
            guarda.apply(state, action)[0], secrets=True
        )
    assert not actions.is_listed(None)
