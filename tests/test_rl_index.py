"""guarda.rl's action index (extra ``rl``, nox session ``rl``): a stable number for every
action a game can offer, both ways, and the mask of the legal actions."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import guarda
import rl_goldens
from guarda import testing
from guarda.errors import ActionSpaceError, ArgumentError
from guarda.rl import MAX_ACTIONS, ActionIndex


def index_or_reject(config: guarda.Config) -> ActionIndex:
    """The index of a configuration drawn by hypothesis, or reject one that is too big."""
    try:
        return ActionIndex(config)
    except ActionSpaceError:
        assume(False)
        raise


def test_the_layout_of_the_presets_is_the_golden_one() -> None:
    assert rl_goldens.render() == rl_goldens.GOLDEN.read_text(encoding="utf-8")


def test_the_blocks_tile_the_index_in_the_documented_order() -> None:
    index = ActionIndex(guarda.classic())
    assert [block.name for block in index.blocks] == [
        "EndMove",
        "Pass",
        "TakeDamage",
        "ActivateGuard",
        "DeclineNewGuard",
        "SetGuard",
        "PlacePiece",
        "PrepareGuard",
        "PrepareNewGuard",
        "DiscardDown",
        "Move N",
        "Move E",
        "Move S",
        "Move W",
        "Push N",
        "Push E",
        "Push S",
        "Push W",
        "Attack",
        "Defend",
        "DefendCounter",
        "Settle",
    ]
    assert index.blocks[0].start == 0 and index.blocks[-1].stop == len(index)
    for first, second in zip(index.blocks, index.blocks[1:], strict=False):
        assert first.stop == second.start
    # The limits of the engine's position checks for Classic (R12, R13, R19, R20).
    limits = {block.name: (block.min_cards, block.max_cards) for block in index.blocks}
    assert limits["DiscardDown"] == (1, 2)
    assert limits["Move N"] == (1, 5) and limits["Push W"] == (1, 4)
    assert limits["Attack"] == limits["Defend"] == (1, 6)
    assert limits["DefendCounter"] == (1, 3) and limits["Settle"] == (0, 6)


@pytest.mark.parametrize(
    "config",
    [guarda.grda(), guarda.custom(3, hand_size=2), guarda.custom(4, hand_size=3, opening_hand=6)],
    ids=["grda", "custom-3", "custom-4-opening-6"],
)
def test_every_number_round_trips(config: guarda.Config) -> None:
    index = ActionIndex(config)
    seen = set()
    for number in range(len(index)):
        action = index.action_at(number)
        assert index.index_of(action) == number
        assert index.block_at(number).kind is type(action)
        seen.add(action)
    assert len(seen) == len(index)


@settings(max_examples=60)
@given(st.integers(0, 87_808))
def test_numbers_of_a_big_index_round_trip(number: int) -> None:
    index = ActionIndex(guarda.classic())
    action = index.action_at(number)
    assert index.index_of(action) == number
    assert index.index_of(guarda.parse_action(guarda.format_action(action))) == number


def test_numbers_follow_the_order_of_legal_actions_within_a_block() -> None:
    config = guarda.modern(players=3)
    index = ActionIndex(config)
    for seed in range(6):
        state, choose = guarda.new_game(config, seed=seed), random.Random(seed)
        while not state.is_over and state.turn_number < 40:
            legal = guarda.legal_actions(state)
            numbers = [index.index_of(action) for action in legal]
            blocks = [index.block_at(number).name for number in numbers]
            for (a, block_a), (b, block_b) in zip(
                zip(numbers, blocks, strict=True),
                zip(numbers[1:], blocks[1:], strict=True),
                strict=False,
            ):
                if block_a == block_b:
                    assert a < b
            state, _ = guarda.apply(state, choose.choice(legal))


@settings(max_examples=30)
@given(testing.records(testing.configs(max_players=4), max_plies=150))
def test_the_mask_marks_exactly_the_legal_actions(record: guarda.GameRecord) -> None:
    index = index_or_reject(record.config)
    for state in guarda.replay(record):
        legal = guarda.legal_actions(state)
        mask = index.mask(legal)
        assert mask.dtype == np.int8 and mask.shape == (len(index),)
        marked = set(np.flatnonzero(mask).tolist())
        assert marked == {index.index_of(action) for action in legal}
        assert len(marked) == len(legal)
        assert set(index.legal(mask)) == set(legal)
        view = guarda.view(state, state.actor)
        assert np.array_equal(index.mask(view.legal_actions), mask)


def test_a_discard_from_a_big_opening_hand_has_a_number() -> None:
    # An opening hand of 5 over a hand size of 2: the first Draw phase (Classic draw,
    # one more card) discards 4, the most the index allows (R12).
    config = guarda.custom(4, hand_size=2, opening_hand=5)
    index = ActionIndex(config)
    assert index.block("DiscardDown").max_cards == 4
    state, choose = guarda.new_game(config, seed=3), random.Random(3)
    while state.phase is not guarda.Phase.DISCARD:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    legal = guarda.legal_actions(state)
    assert {len(action.cards) for action in legal if isinstance(action, guarda.DiscardDown)} == {4}
    assert index.mask(legal).sum() == len(legal)


@settings(max_examples=200)
@given(st.data())
def test_any_well_formed_action_has_its_number_or_a_clear_error(data: st.DataObject) -> None:
    config = data.draw(testing.configs(editions=("modern", "grda", "custom")))
    index = index_or_reject(config)
    action = data.draw(testing.candidate_actions(config))
    try:
        number = index.index_of(action)
    except ActionSpaceError as error:
        assert error.path is not None and error.path.startswith("action")
        assert config.name in str(error)
    else:
        assert index.action_at(number) == action


@pytest.mark.parametrize(
    ("action", "path", "message"),
    [
        (guarda.Attack(("V6",)), "action.cards[0]", "the deck of Modern has no card V6"),
        (guarda.Attack(("V1",) * 5), "action.cards", "5 copies of V1, but the deck"),
        (guarda.Attack(("V1", "V2", "V3", "V4", "V5", "X")), "action.cards", "not 6"),
        (guarda.Attack(()), "action.cards", "Attack plays 1 to 5 cards in Modern, not 0"),
        (guarda.Move("N", ("V1",) * 5), "action.cards", "Move N plays 1 to 4 cards"),
        (guarda.DefendCounter(("V1",) * 4), "action.cards", "1 to 3 cards"),
        (guarda.PlacePiece("f1"), "action.cell", "f1 is not a cell of the 5x5 field"),
        (guarda.PrepareGuard("H6"), "action.card", "no card H6"),
    ],
)
def test_an_action_no_game_can_offer_is_refused(
    action: guarda.Action, path: str, message: str
) -> None:
    index = ActionIndex(guarda.modern())
    with pytest.raises(ActionSpaceError, match=message) as caught:
        index.index_of(action)
    assert caught.value.path == path


def test_bad_indices_and_arguments_are_refused() -> None:
    index = ActionIndex(guarda.grda())
    for bad in (-1, len(index), 10**30):
        with pytest.raises(
            ActionSpaceError, match=r"outside the action index of Grda \(0 to 2561\)"
        ):
            index.action_at(bad)
    for wrong in (1.0, "3", True, None, np.float32(2)):
        with pytest.raises(ArgumentError, match="an action index is an integer") as caught:
            index.action_at(wrong)  # type: ignore[arg-type]
        assert caught.value.path == "index"
    assert index.action_at(np.int64(1)) == guarda.Pass() == index.action_at(np.uint8(1))
    for other in ("pass", ["V1"], guarda.Cell(0, 0)):
        with pytest.raises(ArgumentError, match="not an action") as error:
            index.index_of(other)  # type: ignore[arg-type]
        assert error.value.path == "action"
    with pytest.raises(ArgumentError, match="not a sequence of actions"):
        index.mask("pass")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"a mask has shape \(2562,\)"):
        index.legal(np.zeros(3, dtype=np.int8))
    with pytest.raises(ArgumentError, match="no block named 'Jump'"):
        index.block("Jump")
    with pytest.raises(ArgumentError, match="not a Config"):
        ActionIndex("Modern")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="max_actions must be a positive integer"):
        ActionIndex(guarda.grda(), max_actions=0)


def test_an_absurdly_big_index_is_refused_naming_the_limit() -> None:
    config = guarda.custom(12)
    with pytest.raises(
        ActionSpaceError, match=f"more than the limit of {MAX_ACTIONS:,}"
    ) as caught:
        ActionIndex(config)
    assert "5,691,018,221 actions" in str(caught.value)
    assert "MAX_ACTIONS" in str(caught.value) and caught.value.path == "config"


def test_a_big_index_allowed_explicitly_is_counted_not_listed() -> None:
    index = ActionIndex(guarda.custom(12), max_actions=10**10)
    assert len(index) == 5_691_018_221
    last = index.action_at(len(index) - 1)
    assert isinstance(last, guarda.Settle) and len(last.cards) == 12
    assert index.index_of(last) == len(index) - 1
    middle = len(index) // 2
    assert index.index_of(index.action_at(middle)) == middle
