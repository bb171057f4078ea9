"""guarda.ActionIndex: a fixed number for every action a configuration's games can offer,
both ways; the numbers of a position's legal actions; the layout and its limits."""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import guarda
from guarda import ActionIndex, GameState, Guard, GuardStatus, Orientation, Phase, testing
from guarda.errors import ActionSpaceError, ArgumentError, PositionError

GOLDEN = Path(__file__).resolve().parent / "data" / "rl_layout.json"
"""The pinned layout of the presets (written by ``tests/rl_goldens.py``)."""

GOLDEN_PRESETS = {
    "classic-2": guarda.classic(players=2),
    "classic-4": guarda.classic(players=4),
    "modern-2": guarda.modern(players=2),
    "modern-3-teams": guarda.modern(players=3, teams=[[0, 2], [1]]),
    "grda-2": guarda.grda(players=2),
    "custom-7-hand-4": guarda.custom(7, players=2, hand_size=4),
}
"""The configurations of the golden file."""

UNLIMITED = 1 << 62
"""A limit no configuration of the testing kit reaches: every index is counted, not listed."""

BIG = guarda.custom(12, players=2, turn_limit=40)
"""A 12x12 field: 12-card hands, whose long runs of card choices are lazy."""


def check_position(index: ActionIndex, state: GameState) -> None:
    """Every legal action of ``state`` (and of its actor's view) has a number, and the
    legal numbers are exactly those of the legal actions, in their order."""
    legal = guarda.legal_actions(state)
    numbers = index.legal_indices(state)
    assert numbers == tuple(index.index_of(action) for action in legal)
    assert len(set(numbers)) == len(numbers)
    assert all(0 <= number < len(index) for number in numbers)
    assert [index.action_at(number) for number in numbers] == list(legal)
    if state.actor is not None:
        assert index.legal_indices(guarda.view(state, state.actor)) == numbers
    for other in range(len(state.players)):
        if other != state.actor:
            assert index.legal_indices(guarda.view(state, other)) == ()


# -- the layout ----------------------------------------------------------------------------


def test_the_layout_of_the_presets_is_the_golden_one() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert set(golden) == set(GOLDEN_PRESETS)
    for name, config in GOLDEN_PRESETS.items():
        index = ActionIndex(config)
        pinned = golden[name]
        assert len(index) == pinned["actions"]
        assert [
            [block.name, block.start, block.stop, block.min_cards, block.max_cards]
            for block in index.blocks
        ] == pinned["blocks"]
        for number, text in pinned["entries"].items():
            assert index.describe(int(number)) == text
            assert index.index_of(guarda.parse_action(text, config)) == int(number)


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
    for first, second in itertools.pairwise(index.blocks):
        assert first.stop == second.start and first.size > 0
        assert index.block(first.name) is first
    # The limits of the engine's position checks for Classic (R12, R13, R19, R20).
    limits = {block.name: (block.min_cards, block.max_cards) for block in index.blocks}
    assert limits["DiscardDown"] == (1, 2)
    assert limits["Move N"] == (1, 5) and limits["Push W"] == (1, 4)
    assert limits["Attack"] == limits["Defend"] == (1, 6)
    assert limits["DefendCounter"] == (1, 3) and limits["Settle"] == (0, 6)


def test_the_modern_layout_documented_in_the_notation_guide() -> None:
    index = ActionIndex(guarda.modern())
    spans = {block.name: (block.start, block.stop - 1) for block in index.blocks}
    assert spans["PlacePiece"] == (7, 31)
    assert (spans["PrepareGuard"][0], spans["PrepareNewGuard"][1]) == (32, 55)
    assert spans["DiscardDown"] == (56, 145)
    assert (spans["Move N"][0], spans["Move W"][1]) == (146, 7421)
    assert (spans["Push N"][0], spans["Push W"][1]) == (7422, 9237)
    assert spans["Attack"] == (9238, 15412) and spans["Defend"] == (15413, 21587)
    assert spans["DefendCounter"] == (21588, 22041) and spans["Settle"] == (22042, 28217)
    assert (len(ActionIndex(guarda.grda())), len(ActionIndex(guarda.classic()))) == (2562, 87809)


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


def test_the_numbering_depends_on_the_cards_and_hands_only() -> None:
    modern = ActionIndex(guarda.modern())
    same = ActionIndex(guarda.modern(players=6, win="victory", stakes="spoils-of-war", ante=2))
    assert same == modern and hash(same) == hash(modern) and same.config != modern.config
    assert ActionIndex(guarda.modern(), max_actions=len(modern)) == modern
    assert ActionIndex(guarda.classic()) != modern and modern != "Modern"
    assert ActionIndex(guarda.custom(5, hand_size=4)) != ActionIndex(guarda.custom(5))


def test_an_index_copies_as_itself_and_pickles_without_its_cache() -> None:
    index = ActionIndex(guarda.modern(), max_actions=30_000)
    index.index_of(guarda.Attack(("V1",)))
    assert copy.copy(index) is index and copy.deepcopy(index) is index
    again = pickle.loads(pickle.dumps(index))
    assert again == index and again.max_actions == 30_000 and again.config == index.config
    assert again.index_of(guarda.Attack(("V1",))) == index.index_of(guarda.Attack(("V1",)))


# -- every legal action has a number --------------------------------------------------------


@settings(max_examples=30)
@given(testing.records(testing.configs(), max_plies=150))
def test_every_legal_action_of_every_edition_has_its_number(record: guarda.GameRecord) -> None:
    index = ActionIndex(record.config, max_actions=UNLIMITED)
    for state in guarda.replay(record):
        check_position(index, state)


@settings(max_examples=25)
@given(testing.views(testing.configs(), max_plies=200))
def test_the_legal_numbers_of_a_view_are_its_legal_actions(view: guarda.PlayerView) -> None:
    index = ActionIndex(view.config, max_actions=UNLIMITED)
    numbers = index.legal_indices(view)
    assert [index.action_at(number) for number in numbers] == list(view.legal_actions)
    assert bool(numbers) == (view.must_act and not view.is_over)


@st.composite
def hands_at_the_limit(draw: st.DrawFn) -> GameState:
    """The start of a turn whose player holds the largest hand the position checks allow
    between turns, with or without a guard: the Draw phase then asks for the most
    discards (R12)."""
    config = draw(testing.configs(max_players=2))
    extra = 0 if config.guard_counts_toward_hand else 1
    largest = max(config.hand_size + extra, config.opening_hand)
    deck = [card for card in config.card_names for _ in range(config.copies(card))]
    cards = draw(st.permutations(deck))
    guard = None
    if draw(st.booleans()):
        status = draw(st.sampled_from(GuardStatus))
        orientation = draw(st.sampled_from(Orientation)) if status is GuardStatus.SET else None
        guard = Guard(cards[largest], status, orientation)
    size = config.size
    try:
        return (
            guarda.PositionBuilder(config, seed=draw(testing.seeds()))
            .player(0, position=guarda.Cell(0, 0), hand=tuple(cards[:largest]), guard=guard)
            .player(1, position=guarda.Cell(size - 1, size - 1))
            .start_turn(0)
            .build()
        )
    except PositionError:  # a configuration whose ruling refuses this position
        assume(False)
        raise


@settings(max_examples=40)
@given(hands_at_the_limit(), st.integers(0, 2**32 - 1))
def test_the_largest_hands_the_position_checks_allow_have_numbered_actions(
    state: GameState, seed: int
) -> None:
    index = ActionIndex(state.config, max_actions=UNLIMITED)
    choose = random.Random(seed)
    for _ in range(40):  # the discards, then the rest of the turn and the reactions
        check_position(index, state)
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))


def test_a_discard_from_a_big_opening_hand_has_a_number() -> None:
    # An opening hand of 5 over a hand size of 2: the first Draw phase (Classic draw,
    # one more card) discards 4, the most the index allows (R12).
    config = guarda.custom(4, hand_size=2, opening_hand=5)
    index = ActionIndex(config)
    assert index.block("DiscardDown").max_cards == 4
    state, choose = guarda.new_game(config, seed=3), random.Random(3)
    while state.phase is not Phase.DISCARD:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    legal = guarda.legal_actions(state)
    assert {len(action.cards) for action in legal if isinstance(action, guarda.DiscardDown)} == {4}
    check_position(index, state)


def test_numbers_follow_the_order_of_legal_actions_within_a_block() -> None:
    config = guarda.modern(players=3)
    index = ActionIndex(config)
    for seed in range(6):
        state, choose = guarda.new_game(config, seed=seed), random.Random(seed)
        while not state.is_over and state.turn_number < 40:
            numbers = index.legal_indices(state)
            for a, b in itertools.pairwise(numbers):
                if index.block_at(a) is index.block_at(b):
                    assert a < b
            state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))


def test_lazy_runs_are_numbered_by_counting_exactly() -> None:
    hand = ("V1", "V1", "V2", "V3", "V4", "V5", "H1", "H2", "H2", "H7", "H9", "H12")
    state = (
        guarda.PositionBuilder(BIG, seed=3)
        .player(0, position="f1", hand=hand)
        .player(1, position="f12")
        .to_act(0, Phase.ACT)
        .build()
    )
    assert guarda.legal_actions(state).is_lazy
    index = ActionIndex(BIG, max_actions=UNLIMITED)
    check_position(index, state)
    lazy = set()
    state, choose = guarda.new_game(BIG, seed=5), random.Random(5)
    for _ in range(80):  # moves, pushes, reactions and settles of big hands
        legal = guarda.legal_actions(state)
        if legal.is_lazy:
            lazy.add(state.phase)
        assert index.legal_indices(state) == tuple(map(index.index_of, legal))
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(legal))
    assert {Phase.MOVE, Phase.SETTLE} <= lazy


def test_a_position_of_another_numbering_is_refused_clearly() -> None:
    classic = guarda.new_game(guarda.classic(), seed=2)
    state, choose = classic, random.Random(2)
    while state.phase is Phase.SETUP:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    with pytest.raises(ActionSpaceError, match="of Grda") as caught:
        ActionIndex(guarda.grda()).legal_indices(state)
    assert caught.value.path is not None and caught.value.path.startswith("action")


# -- bad input --------------------------------------------------------------------------------


@settings(max_examples=200)
@given(st.data())
def test_any_well_formed_action_has_its_number_or_a_clear_error(data: st.DataObject) -> None:
    config = data.draw(testing.configs(editions=("modern", "grda", "custom")))
    index = ActionIndex(config, max_actions=UNLIMITED)
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


def test_bad_numbers_and_arguments_are_refused() -> None:
    index = ActionIndex(guarda.grda())
    for bad in (-1, len(index), 10**30):
        with pytest.raises(
            ActionSpaceError, match=r"outside the action index of Grda \(0 to 2561\)"
        ):
            index.action_at(bad)
    for wrong in (1.0, "3", True, None):
        with pytest.raises(ArgumentError, match="an action index is an integer") as caught:
            index.action_at(wrong)  # type: ignore[arg-type]
        assert caught.value.path == "index"
    for other in ("pass", ["V1"], guarda.Cell(0, 0)):
        with pytest.raises(ArgumentError, match="not an action") as error:
            index.index_of(other)  # type: ignore[arg-type]
        assert error.value.path == "action"
    for position in ("v0 ...", None, guarda.legal_actions(guarda.new_game(guarda.grda(), 1))):
        with pytest.raises(ArgumentError, match="not a GameState or a PlayerView") as error:
            index.legal_indices(position)  # type: ignore[arg-type]
        assert error.value.path == "position"
    for name in ("Jump", 3):
        with pytest.raises(ArgumentError, match="no block named") as error:
            index.block(name)  # type: ignore[arg-type]
        assert error.value.path == "name"
    with pytest.raises(ArgumentError, match="not a Config"):
        ActionIndex("Modern")  # type: ignore[arg-type]
    for limit in (0, -3, 1.5, True):
        with pytest.raises(ArgumentError, match="max_actions must be a positive integer"):
            ActionIndex(guarda.grda(), max_actions=limit)  # type: ignore[arg-type]


def test_an_absurdly_big_index_is_refused_naming_the_limit() -> None:
    config = guarda.custom(12)
    with pytest.raises(
        ActionSpaceError, match=f"more than the limit of {guarda.MAX_ACTIONS:,}"
    ) as caught:
        ActionIndex(config)
    assert "5,691,018,221 actions" in str(caught.value)
    assert "guarda.MAX_ACTIONS" in str(caught.value) and caught.value.path == "config"
    assert "biggest block, Settle" in str(caught.value)
    with pytest.raises(ActionSpaceError, match="more than the limit of 2,561"):
        ActionIndex(guarda.grda(), max_actions=2561)
    assert len(ActionIndex(guarda.grda(), max_actions=2562)) == 2562


def test_a_big_index_allowed_explicitly_is_counted_not_listed() -> None:
    index = ActionIndex(guarda.custom(12), max_actions=10**10)
    assert len(index) == 5_691_018_221
    last = index.action_at(len(index) - 1)
    assert isinstance(last, guarda.Settle) and len(last.cards) == 12
    assert index.index_of(last) == len(index) - 1
    middle = len(index) // 2
    assert index.index_of(index.action_at(middle)) == middle
