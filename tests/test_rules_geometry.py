"""Rulings R4-R8: seats, card coverage, defensive orientation, straight lines, cell names.

Expected cells are worked out by hand from R5's table, not taken from the code.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import guarda
from guarda import (
    Attack,
    AttackDeclared,
    Cell,
    Direction,
    IllegalActionError,
    Move,
    Orientation,
    Phase,
    PositionBuilder,
    Push,
    Side,
)
from guarda._queries import lines
from guarda._tables import tables

OFF, DEF = Orientation.OFFENSIVE, Orientation.DEFENSIVE


def names(cells: list[Cell]) -> set[str]:
    return {str(cell) for cell in cells}


def column(letter: str, size: int = 5) -> set[str]:
    return {f"{letter}{row}" for row in range(1, size + 1)}


def row(number: int, size: int = 5) -> set[str]:
    return {f"{'abcdefghij'[x]}{number}" for x in range(size)}


# -- R4 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (2, "S N"),
        (3, "S W N"),
        (4, "S W N E"),
        (5, "S S W N E"),
        (8, "S S W W N N E E"),
    ],
)
def test_r4_default_seats(players: int, seats: str) -> None:
    config = guarda.custom(5, players)
    assert " ".join(side.name[0] for side in config.seats) == seats


def test_r4_turns_pass_clockwise() -> None:
    config = guarda.modern(players=3)
    state = (
        PositionBuilder(config)
        .player(0, position="a1")
        .player(1, position="c3")
        .player(2, position="e5")
        .to_act(1, Phase.SETTLE)
        .build()
    )
    after, events = guarda.apply(state, guarda.Settle())
    assert after.turn == 2
    assert guarda.TurnStarted(player=2, turn=2) in events


def test_r4_reactions_go_clockwise_from_the_attacker() -> None:
    config = guarda.modern(players=4)
    state = (
        PositionBuilder(config)
        .player(0, position="a1")
        .player(1, position="a5")
        .player(2, position="e5", hand=("ALL",))
        .player(3, position="e1")
        .to_act(2, Phase.ACT)
        .build()
    )
    after, events = guarda.apply(state, Attack(("ALL",)))
    assert events[0] == AttackDeclared(player=2, cards=("ALL",), targets=((3, 1), (0, 1), (1, 1)))
    order = []
    while after.phase is Phase.REACT:
        order.append(after.actor)
        after, _ = guarda.apply(after, guarda.TakeDamage())
    assert order == [3, 0, 1]


def test_r4_custom_seating_must_be_clockwise() -> None:
    with pytest.raises(guarda.ConfigurationError) as info:
        guarda.modern(players=3, seats=[Side.SOUTH, Side.NORTH, Side.WEST])
    assert info.value.rule == "P3"


# -- R5 ---------------------------------------------------------------------------------

# Modern 5x5: (side, card) -> cells covered in attack orientation, from R5's table.
# South (c-1, r-1); North (5-c, 5-r); West (r-1, 5-c); East (5-r, c-1).
ATTACK_CASES = [
    (Side.SOUTH, "V1", column("a")),
    (Side.SOUTH, "V2", column("b")),
    (Side.SOUTH, "H1", row(1)),
    (Side.SOUTH, "H4", row(4)),
    (Side.NORTH, "V1", column("e")),
    (Side.NORTH, "V2", column("d")),
    (Side.NORTH, "H1", row(5)),
    (Side.NORTH, "H4", row(2)),
    (Side.WEST, "V1", row(5)),
    (Side.WEST, "V2", row(4)),
    (Side.WEST, "H1", column("a")),
    (Side.WEST, "H4", column("d")),
    (Side.EAST, "V1", row(1)),
    (Side.EAST, "V2", row(2)),
    (Side.EAST, "H1", column("e")),
    (Side.EAST, "H4", column("b")),
]

# Defensive orientation: card cell (c, r) acts as (6-c, 6-r), so Vk covers what V(6-k)
# covers in attack orientation.
DEFENCE_CASES = [
    (Side.SOUTH, "V1", column("e")),
    (Side.SOUTH, "H1", row(5)),
    (Side.SOUTH, "H4", row(2)),
    (Side.NORTH, "V1", column("a")),
    (Side.NORTH, "V2", column("b")),
    (Side.NORTH, "H1", row(1)),
    (Side.WEST, "V1", row(1)),
    (Side.WEST, "H1", column("e")),
    (Side.WEST, "H2", column("d")),
    (Side.EAST, "V1", row(5)),
    (Side.EAST, "H1", column("a")),
    (Side.EAST, "V4", row(2)),
]


@pytest.mark.parametrize(("side", "card", "cells"), ATTACK_CASES)
def test_r5_attack_coverage(side: Side, card: str, cells: set[str]) -> None:
    geometry = guarda.modern().geometry
    assert names(geometry.covered_cells(card, side, OFF)) == cells


def test_r5_north_card_on_a_6x6_field() -> None:
    geometry = guarda.classic().geometry
    assert names(geometry.covered_cells("V2", Side.NORTH, OFF)) == column("e", 6)
    assert names(geometry.covered_cells("H2", Side.NORTH, OFF)) == row(5, 6)


def test_r5_asymmetric_pattern_maps_by_seat() -> None:
    # One card cell: column 1 (holder's left), row 2 (second from the near edge).
    hook = guarda.CardType("K", frozenset({(1, 2)}))
    config = guarda.custom(3, deck=[guarda.DeckEntry(hook, 1)])
    geometry = config.geometry
    # South (0, 1) = a2; North (3-1, 3-2) = c2; West (1, 3-1) = b3; East (3-2, 0) = b1.
    expected = {Side.SOUTH: "a2", Side.NORTH: "c2", Side.WEST: "b3", Side.EAST: "b1"}
    for side, cell in expected.items():
        assert names(geometry.covered_cells("K", side, OFF)) == {cell}
        # R6: turned around, (1, 2) acts as (3, 2).
        mirrored = Cell(2 - Cell.parse(cell).x, 2 - Cell.parse(cell).y)
        assert names(geometry.covered_cells("K", side, DEF)) == {str(mirrored)}


def test_r5_north_attack_hits_the_east_column_in_play() -> None:
    state = (
        PositionBuilder(guarda.modern())
        .player(0, position="e2")
        .player(1, position="a5", hand=("V1", "V5"))
        .to_act(1, Phase.ACT)
        .build()
    )
    _, hits = guarda.apply(state, Attack(("V1",)))
    assert hits[0] == AttackDeclared(player=1, cards=("V1",), targets=((0, 1),))
    _, misses = guarda.apply(state, Attack(("V5",)))
    assert misses[0] == AttackDeclared(player=1, cards=("V5",), targets=())


# -- R6 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("side", "card", "cells"), DEFENCE_CASES)
def test_r6_defensive_coverage(side: Side, card: str, cells: set[str]) -> None:
    geometry = guarda.modern().geometry
    assert names(geometry.covered_cells(card, side, DEF)) == cells


@pytest.mark.parametrize("side", list(Side))
def test_r6_symmetric_cards_cover_the_same_both_ways(side: Side) -> None:
    geometry = guarda.modern().geometry
    diagonals = {"a1", "b2", "c3", "d4", "e5", "a5", "b4", "d2", "e1"}
    assert names(geometry.covered_cells("X", side, OFF)) == diagonals
    assert names(geometry.covered_cells("X", side, DEF)) == diagonals
    assert len(geometry.covered_cells("ALL", side, DEF)) == 25


@pytest.mark.parametrize("config", [guarda.classic(), guarda.modern(), guarda.grda()])
def test_r6_it_cuts_both_ways(config: guarda.Config) -> None:
    geometry = config.geometry
    n = config.size
    for side in Side:
        for card in config.card_names:
            for cell in geometry.cells:
                mirror = Cell(n - 1 - cell.x, n - 1 - cell.y)
                assert geometry.covers(card, side, DEF, cell) == geometry.covers(
                    card, side, OFF, mirror
                )


# -- R7 ---------------------------------------------------------------------------------


def test_r7_moves_are_straight_lines() -> None:
    state = (
        PositionBuilder(guarda.modern())
        .player(0, position="c3", hand=("V1", "V2"))
        .player(1, position="e5")
        .to_act(0)
        .build()
    )
    deltas = {d: d.delta for d in Direction}
    assert deltas == {
        Direction.NORTH: (0, 1),
        Direction.EAST: (1, 0),
        Direction.SOUTH: (0, -1),
        Direction.WEST: (-1, 0),
    }
    after, _ = guarda.apply(state, Move(Direction.NORTH, ("V1", "V2")))
    assert after.players[0].position == Cell.parse("c5")


def test_r7_diagonal_neighbours_are_not_adjacent() -> None:
    state = (
        PositionBuilder(guarda.modern())
        .player(0, position="c3", hand=("V1",))
        .player(1, position="d4")
        .to_act(0)
        .build()
    )
    assert not any(isinstance(a, Push) for a in guarda.legal_actions(state))
    for direction in Direction:
        with pytest.raises(IllegalActionError) as info:
            guarda.apply(state, Push(direction, ("V1",)))
        assert info.value.rule == "R13"


# -- R8 ---------------------------------------------------------------------------------


def test_r8_cell_names() -> None:
    assert Cell.parse("a1") == Cell(0, 0)
    assert Cell.parse("f6") == Cell(5, 5)
    assert Cell.parse("b3") == Cell(1, 2)
    assert str(Cell(4, 0)) == "e1"
    with pytest.raises(guarda.ParseError) as info:
        Cell.parse("a0")
    assert info.value.rule == "R8"


@given(
    size=st.integers(min_value=3, max_value=12),
    start=st.integers(min_value=0, max_value=143),
    occupied=st.integers(min_value=0, max_value=(1 << 144) - 1),
)
def test_r7_only_the_cells_in_line_decide_what_a_piece_reaches(
    size: int, start: int, occupied: int
) -> None:
    # The engine keeps lines() by the occupied cells of the piece's lines alone.
    t = tables(guarda.custom(size, players=2))
    start %= size * size
    occupied = (occupied | 1 << start) & t.field
    kept = occupied & t.lines[start]
    assert lines(t, start, kept) == lines(t, start, occupied)
    rays = [t.rays[index][start] for index in range(len(t.rays))]
    assert t.lines[start] == sum(rays)  # the rays of a cell are disjoint
    assert not t.lines[start] >> start & 1
