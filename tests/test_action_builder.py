"""The action builder: every offered choice leads to a legal action, and the complete
choices reachable through it are exactly the legal actions."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import Action, ActionBuilder, Cell, Config, Direction, GameState, Orientation, Phase

PRESETS: dict[str, Callable[..., Config]] = {
    "classic": guarda.classic,
    "modern": guarda.modern,
    "grda": guarda.grda,
}
WINS = ("elimination", "victory", "exhaustion", "king-of-the-hill")
STAKES = {"elimination": "bounty", "victory": "spoils-of-war", "exhaustion": "scavenger"}

EXHAUSTIVE = 400
"""Decisions with at most this many legal actions are explored through every choice."""


def play(config: Config, seed: int, steps: int) -> GameState:
    choose = random.Random(seed)
    state = guarda.new_game(config, seed)
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    return state


configs = st.builds(
    lambda preset, players, win, stakes, teams: PRESETS[preset](
        players=players,
        win=win,
        stakes=STAKES.get(win, "none") if stakes else "none",
        ante=2 if stakes and win in STAKES else 0,
        teams=[[p for p in range(players) if p % 2 == side] for side in (0, 1)]
        if teams and players >= 4
        else None,
    ),
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 6),
    st.sampled_from(WINS),
    st.booleans(),
    st.booleans(),
) | st.sampled_from(
    [
        guarda.custom(3, players=2),
        guarda.custom(9, players=8, teams=[[0, 1, 2, 3], [4, 5, 6, 7]]),
        guarda.custom(7, players=3, hand_size=9),
    ]
)

states = st.builds(play, configs, st.integers(0, 2**32), st.integers(0, 400))


def key(builder: ActionBuilder) -> tuple[object, ...]:
    return (
        builder.kind,
        builder.cards,
        builder.direction,
        builder.distance,
        builder.cell,
        builder.orientation,
    )


def check_node(builder: ActionBuilder, legal: set[Action], chooser: random.Random) -> None:
    """Each offered choice leads to legal actions only, at least one; a complete choice is
    a legal action among its own completions."""
    completions = builder.completions()
    if builder.kind is not None:
        assert len(completions) >= 1
        for index in chooser.sample(range(len(completions)), min(len(completions), 5)):
            assert completions[index] in legal
    if builder.is_complete:
        assert builder.action in legal
        assert builder.action in completions
    for choice in builder.choices():
        child = builder.choose(choice)
        assert child.back() is builder
        assert child.chosen == (*builder.chosen, choice)
        assert len(child.completions()) >= 1


def explore(builder: ActionBuilder, legal: set[Action]) -> set[Action]:
    """Every complete action reachable through the builder's choices."""
    chooser = random.Random(0)
    reached: set[Action] = set()
    seen = {key(builder)}
    pending = [builder]
    while pending:
        node = pending.pop()
        check_node(node, legal, chooser)
        if node.action is not None:
            reached.add(node.action)
        for choice in node.choices():
            child = node.choose(choice)
            if key(child) not in seen:
                seen.add(key(child))
                pending.append(child)
    return reached


def walk(builder: ActionBuilder, legal: set[Action], chooser: random.Random) -> Action | None:
    """A random path of choices; the action it completes, if it stops on one."""
    while True:
        check_node(builder, legal, chooser)
        choices = list(builder.choices())
        if builder.is_complete and (not choices or chooser.random() < 0.3):
            return builder.action
        if not choices:
            return None
        builder = builder.choose(chooser.choice(choices))


@settings(max_examples=50)
@given(states, st.integers(0, 2**32))
def test_the_builder_reaches_exactly_the_legal_actions(state: GameState, seed: int) -> None:
    actions = guarda.legal_actions(state)
    legal = set(actions)
    for builder in (
        ActionBuilder.from_state(state),
        ActionBuilder.from_view(guarda.view(state, state.actor)),
    ):
        assert set(builder.choices().kinds) == {type(action) for action in legal}
        for kind in builder.choices().kinds:
            count = sum(1 for action in actions if type(action) is kind)
            assert len(builder.choose(kind).completions()) == count
        if len(actions) <= EXHAUSTIVE:
            assert explore(builder, legal) == legal
        else:
            chooser = random.Random(seed)
            for _ in range(30):
                walk(builder, legal, chooser)


def test_a_spectator_or_a_waiting_player_has_no_choices() -> None:
    state = play(guarda.modern(players=3), 4, 30)
    waiting = next(p for p in range(3) if p != state.actor)
    for seen in (guarda.view(state, None), guarda.view(state, waiting)):
        builder = ActionBuilder.from_view(seen)
        assert not builder.choices()
        assert not builder.is_complete and builder.action is None
        assert len(builder.completions()) == 0
    over = play(guarda.modern(players=2), 1, 5000)
    assert over.is_over
    assert not ActionBuilder.from_state(over).choices()


def move_phase() -> GameState:
    return (
        guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        .player(0, position="b1", hand=("V2", "H5", "X"))
        .player(1, position="b2")
        .to_act(0, Phase.MOVE)
        .build()
    )


def test_a_move_by_destination_direction_or_distance() -> None:
    builder = ActionBuilder.from_state(move_phase()).choose(guarda.Move)
    assert builder.choices().directions == (Direction.EAST, Direction.WEST)
    assert builder.choices().distances == (1, 2, 3)
    assert [str(cell) for cell in builder.choices().cells] == ["a1", "c1", "d1", "e1"]
    by_cell = builder.choose(Cell.parse("e1"))
    assert (by_cell.direction, by_cell.distance, str(by_cell.cell)) == (Direction.EAST, 3, "e1")
    assert by_cell.choices().cards == ("H5", "V2", "X")
    done = by_cell.choose("H5").choose("V2").choose("X")
    assert done.action == guarda.Move(Direction.EAST, ("H5", "V2", "X"))
    assert not done.choices()
    by_parts = builder.choose(2).choose("X")
    assert not by_parts.is_complete  # needs a direction and one more card
    assert by_parts.choices().directions == (Direction.EAST,)  # West has one free cell
    assert by_parts.choose(Direction.EAST).choose("V2").action == guarda.Move("E", ("V2", "X"))
    cards_first = builder.choose("V2")
    assert set(cards_first.choices().directions) == {Direction.EAST, Direction.WEST}
    assert cards_first.choose(Direction.WEST).action == guarda.Move("W", ("V2",))


def test_a_push_by_where_the_pushed_piece_ends() -> None:
    builder = ActionBuilder.from_state(move_phase()).choose(guarda.Push)
    assert builder.choices().directions == (Direction.NORTH,)
    assert [str(cell) for cell in builder.choices().cells] == ["b3", "b4", "b5"]
    pushed = builder.choose(Cell.parse("b4")).choose("X").choose("H5")
    assert pushed.action == guarda.Push(Direction.NORTH, ("H5", "X"))
    assert str(pushed.cell) == "b4"


def test_placing_and_setting_a_guard() -> None:
    state = guarda.new_game(guarda.modern(players=2), 2)
    builder = ActionBuilder.from_state(state).choose(guarda.PlacePiece)
    cells = builder.choices().cells
    assert cells == tuple(action.cell for action in guarda.legal_actions(state))  # type: ignore[union-attr]
    assert builder.choose(cells[0]).action == guarda.PlacePiece(cells[0])
    guard = guarda.Guard("V2", guarda.GuardStatus.PREPARING)
    state = (
        guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        .player(0, position="b1", guard=guard)
        .player(1, position="b5")
        .to_act(0, Phase.ACT)
        .build()
    )
    builder = ActionBuilder.from_view(guarda.view(state, 0))
    assert builder.choices().kinds == (guarda.SetGuard,)
    setting = builder.choose(guarda.SetGuard)
    assert setting.choices().orientations == (Orientation.DEFENSIVE, Orientation.OFFENSIVE)
    assert setting.choose(Orientation.OFFENSIVE).action == guarda.SetGuard("offensive")


def test_a_big_hand_is_built_without_listing_its_actions() -> None:
    config = guarda.custom(16, players=2, hand_size=16)
    state = (
        guarda.PositionBuilder(config, seed=1)
        .player(0, position="a1", hand=tuple(f"V{i}" for i in range(1, 17)))
        .player(1, position="p16")
        .to_act(0, Phase.ACT)
        .build()
    )
    actions = guarda.legal_actions(state)
    assert actions.is_lazy
    attack = ActionBuilder.from_view(guarda.view(state, 0)).choose(guarda.Attack)
    assert len(attack.completions()) == 2**16 - 1
    builder = attack.choose("V3").choose("V9")
    completions = builder.completions()
    assert len(completions) == 2**14
    assert completions[0] == guarda.Attack(("V3", "V9"))
    assert completions[-1] == guarda.Attack(tuple(f"V{i}" for i in range(1, 17)))
    assert all(completions[i] in actions for i in range(0, 2**14, 997))
    assert builder.action == guarda.Attack(("V3", "V9"))
    assert len(builder.choices().cards) == 14


def test_choices_that_are_not_open_are_refused() -> None:
    builder = ActionBuilder.from_state(move_phase())
    with pytest.raises(guarda.IllegalActionError) as caught:
        builder.choose("V2")
    assert (caught.value.path, caught.value.rule) == ("choice", "R13")
    assert "choose the kind of action first" in caught.value.message
    with pytest.raises(guarda.IllegalActionError) as caught:
        builder.choose(guarda.Attack)
    with pytest.raises(guarda.IllegalActionError) as caught:
        builder.choose(guarda.Move).choose(Direction.SOUTH)
    assert caught.value.message.startswith("S cannot be chosen after Move: no legal action")
    for bad in (2.5, True, None, object, ("V2",)):
        with pytest.raises(guarda.ArgumentError):
            builder.choose(bad)  # type: ignore[arg-type]
    with pytest.raises(guarda.ArgumentError):
        ActionBuilder.from_state(guarda.view(move_phase(), 0))  # type: ignore[arg-type]
    with pytest.raises(guarda.ArgumentError):
        ActionBuilder((guarda.Pass(),))  # type: ignore[arg-type]


def test_builders_are_immutable_and_go_back() -> None:
    builder = ActionBuilder.from_state(move_phase())
    with pytest.raises(AttributeError):
        builder._kind = guarda.Move
    move = builder.choose(guarda.Move)
    assert builder.kind is None and move.kind is guarda.Move
    assert move.back() is builder and builder.back() is builder
    assert repr(move.choose("X")) == "ActionBuilder(Move > X)"
    assert guarda.Direction.EAST in move.choices() and "E" not in move.choices()
