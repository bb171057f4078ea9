"""Line of sight: the text's worked example hex for hex, and properties on random maps."""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guarda.errors import ArgumentError
from guarda.games.guards import (
    Direction,
    Guard,
    GuardKind,
    GuardMap,
    Hex,
    Status,
    Tile,
    can_see,
    hex_distance,
    parse_hex,
    partly_visible,
    shipped_map,
    visible,
)


def names(hexes: frozenset[Hex]) -> set[str]:
    return {str(hex_) for hex_ in hexes}


def guard(at: str, facing: Direction, status: Status) -> Guard:
    return Guard(GuardKind.PATROLLING, parse_hex(at), facing, status)


# --- The text's example (ruling GD3 says how its picture was rebuilt) ---------------------


def test_gd3_example_distracted_wandering_guard_at_f2_sees_nothing() -> None:
    hall = shipped_map("example")
    wanderer = Guard(GuardKind.WANDERING, parse_hex("F2"), Direction.S, Status.DISTRACTED)
    assert visible(hall, wanderer) == frozenset()
    # a thief next to it is not seen
    assert not can_see(hall, wanderer, parse_hex("F3"))


def test_gd3_example_alert_patrolling_guard_at_d3_sees_exactly_the_listed_hexes() -> None:
    hall = shipped_map("example")
    patrol = guard("D3", Direction.SW, Status.ALERT)
    # B2 and C3 off the tile to the top left; B3 (a Special Hex), C4, C5, C6, D4, D5, E6
    assert names(visible(hall, patrol)) == {
        "B2", "C3", "B3", "C4", "C5", "C6", "D4", "D5", "E6",
    }  # fmt: skip
    # only parts of B5, C7, E5, E7 and F6 (and of C2, off the tile): a thief there is unseen
    assert names(partly_visible(hall, patrol)) == {"B5", "C7", "E5", "E7", "F6", "C2"}
    # not through the Special Hex to A4
    assert not can_see(hall, patrol, parse_hex("A4"))
    assert parse_hex("A4") not in partly_visible(hall, patrol)


def test_gd3_example_bored_stationary_guard_at_e4_sees_f4_and_g5() -> None:
    hall = shipped_map("example")
    stationary = Guard(GuardKind.STATIONARY, parse_hex("E4"), Direction.SE, Status.BORED)
    assert names(visible(hall, stationary)) == {"F4", "G5"}
    # the same guard Interested would see the whole row (it ends at the map's edge at G5)
    assert names(visible(hall, guard("E4", Direction.SE, Status.INTERESTED))) == {"F4", "G5"}


def test_gd5_sight_goes_into_a_special_hex_but_not_past_it_in_a_row() -> None:
    hall = shipped_map("example")
    # from C3 facing S: C4, C5, C6, C7 (no special hex in that row)
    assert names(visible(hall, guard("C3", Direction.S, Status.INTERESTED))) == {
        "C4", "C5", "C6", "C7",
    }  # fmt: skip
    # from C4 facing NW: B3 is special: seen, and nothing behind it
    assert names(visible(hall, guard("C4", Direction.NW, Status.INTERESTED))) == {"B3"}


def test_walls_stop_a_row() -> None:
    hall = shipped_map("example")
    # D2 faces SE toward E3 across a wall
    assert visible(hall, guard("D2", Direction.SE, Status.INTERESTED)) == frozenset()
    assert names(visible(hall, guard("D2", Direction.S, Status.BORED))) == {"D3", "D4"}


def test_gd4_a_guard_never_sees_its_own_hex() -> None:
    hall = shipped_map("example")
    for status in Status:
        for facing in Direction:
            assert parse_hex("D3") not in visible(hall, guard("D3", facing, status))


# --- Properties on random maps ------------------------------------------------------------

GRID = frozenset(Hex(column, row) for column in range(6) for row in range(1, 7))
PAIRS = sorted(
    {(min(a, b), max(a, b)) for a in GRID for d in Direction if (b := a.neighbour(d)) in GRID}
)
ARC = (Status.ALERT, Status.PURSUING, Status.RETURNING)


@st.composite
def maps(draw: st.DrawFn) -> GuardMap:
    removed = draw(st.sets(st.sampled_from(sorted(GRID)), max_size=8))
    hexes = GRID - removed
    walls = draw(st.sets(st.sampled_from(PAIRS), max_size=14))
    special = draw(st.sets(st.sampled_from(sorted(hexes)), max_size=3)) if hexes else set()
    walls = {pair for pair in walls if pair[0] in hexes and pair[1] in hexes}
    return GuardMap("random", (Tile("t", frozenset(hexes)),), frozenset(walls), frozenset(special))


@st.composite
def scenes(draw: st.DrawFn) -> tuple[GuardMap, Guard]:
    guard_map = draw(maps().filter(lambda m: bool(m.hexes)))
    at = draw(st.sampled_from(sorted(guard_map.hexes)))
    facing = draw(st.sampled_from(list(Direction)))
    status = draw(st.sampled_from(list(Status)))
    return guard_map, Guard(GuardKind.WANDERING, at, facing, status)


def mirrored(hex_: Hex) -> Hex:
    """Left-right mirror image keeping column parity (so the geometry is an exact mirror)."""
    return Hex(10 - hex_.column, hex_.row)


MIRROR = {
    Direction.N: Direction.N,
    Direction.NE: Direction.NW,
    Direction.SE: Direction.SW,
    Direction.S: Direction.S,
    Direction.SW: Direction.SE,
    Direction.NW: Direction.NE,
}


def mirror_map(guard_map: GuardMap) -> GuardMap:
    walls = frozenset(
        (min(mirrored(a), mirrored(b)), max(mirrored(a), mirrored(b))) for a, b in guard_map.walls
    )
    hexes = frozenset(map(mirrored, guard_map.hexes))
    special = frozenset(map(mirrored, guard_map.special))
    return GuardMap("mirror", (Tile("t", hexes),), walls, special)


@settings(max_examples=60)
@given(scenes(), st.sampled_from(PAIRS))
def test_a_new_wall_never_shows_more(scene: tuple[GuardMap, Guard], wall: tuple[Hex, Hex]) -> None:
    guard_map, watcher = scene
    if wall[0] not in guard_map.hexes or wall[1] not in guard_map.hexes:
        return
    walled = GuardMap("walled", guard_map.tiles, guard_map.walls | {wall}, guard_map.special)
    assert visible(walled, watcher) <= visible(guard_map, watcher)


@settings(max_examples=60)
@given(scenes())
def test_gd7_a_more_alert_status_never_sees_less(scene: tuple[GuardMap, Guard]) -> None:
    guard_map, watcher = scene
    sights = [visible(guard_map, attrs.evolve(watcher, status=status)) for status in Status]
    assert sights[Status.DISTRACTED] == frozenset()
    for lower, higher in itertools.pairwise(sights):
        assert lower <= higher
    # the three arc statuses see alike
    assert sights[Status.ALERT] == sights[Status.PURSUING] == sights[Status.RETURNING]


@settings(max_examples=60)
@given(scenes())
def test_bored_sees_at_most_two_hexes_straight_ahead(scene: tuple[GuardMap, Guard]) -> None:
    guard_map, watcher = scene
    bored = Guard(watcher.kind, watcher.hex, watcher.facing, Status.BORED)
    seen = visible(guard_map, bored)
    assert len(seen) <= 2
    ahead = watcher.hex.neighbour(watcher.facing)
    assert seen <= {ahead, ahead.neighbour(watcher.facing)}
    assert all(hex_distance(watcher.hex, hex_) <= 2 for hex_ in seen)


@settings(max_examples=60)
@given(scenes())
def test_sight_is_mirror_symmetric(scene: tuple[GuardMap, Guard]) -> None:
    guard_map, watcher = scene
    mirror = Guard(watcher.kind, mirrored(watcher.hex), MIRROR[watcher.facing], watcher.status)
    expected = frozenset(map(mirrored, visible(guard_map, watcher)))
    assert visible(mirror_map(guard_map), mirror) == expected
    expected_part = frozenset(map(mirrored, partly_visible(guard_map, watcher)))
    assert partly_visible(mirror_map(guard_map), mirror) == expected_part


@settings(max_examples=60)
@given(scenes())
def test_a_row_is_seen_both_ways(scene: tuple[GuardMap, Guard]) -> None:
    guard_map, watcher = scene
    interested = Guard(watcher.kind, watcher.hex, watcher.facing, Status.INTERESTED)
    for seen in visible(guard_map, interested):
        back = Guard(watcher.kind, seen, watcher.facing.opposite, Status.INTERESTED)
        assert watcher.hex in visible(guard_map, back)


@settings(max_examples=60)
@given(scenes())
def test_seen_and_partly_seen_hexes_are_on_the_map_and_apart(
    scene: tuple[GuardMap, Guard],
) -> None:
    guard_map, watcher = scene
    seen, part = visible(guard_map, watcher), partly_visible(guard_map, watcher)
    assert seen <= guard_map.hexes and part <= guard_map.hexes
    assert not seen & part
    assert watcher.hex not in seen | part
    if not watcher.status.sees_arc:
        assert part == frozenset()


def test_arc_guards_see_in_front_only() -> None:
    open_map = GuardMap("open", (Tile("t", GRID),), frozenset())
    watcher = Guard(GuardKind.ROVING, parse_hex("C3"), Direction.N, Status.ALERT)
    for hex_ in visible(open_map, watcher):
        # every corner of a seen hex is on or above the line through C3's side corners
        assert hex_.centre[1] <= watcher.hex.centre[1] - 1


def _one_tile(hexes: str, walls: tuple[tuple[str, str], ...] = (), special: str = "") -> GuardMap:
    tile = Tile("t", frozenset(parse_hex(name) for name in hexes.split()))
    pairs = frozenset(
        (min(parse_hex(a), parse_hex(b)), max(parse_hex(a), parse_hex(b))) for a, b in walls
    )
    return GuardMap("t", (tile,), pairs, frozenset(parse_hex(n) for n in special.split()))


def test_gd2_a_corner_on_the_arcs_edge_is_inside_it() -> None:
    # E6's right corner lies exactly on the line through D3's two side corners
    hall = shipped_map("example")
    assert can_see(hall, guard("D3", Direction.SW, Status.ALERT), parse_hex("E6"))


def test_gd5_sight_reaches_a_special_hexs_corners_but_not_past_them() -> None:
    hall = shipped_map("example")
    alert = guard("D3", Direction.SW, Status.ALERT)
    # the line to B2's lower left corner crosses B3 (special) to reach a corner of B3 itself
    assert can_see(hall, alert, parse_hex("B2"))
    without = GuardMap("x", hall.tiles, hall.walls, frozenset())
    # it is the Special Hex that hides all of A4 (the map's edge hides the rest)
    assert parse_hex("A4") in partly_visible(without, alert)
    assert parse_hex("A4") not in partly_visible(hall, alert)


def test_gd6_walls_are_crossed_never_but_may_be_grazed() -> None:
    grid = " ".join(f"{c}{r}" for c in "ABCDE" for r in range(1, 6))
    open_map = _one_tile(grid)
    watcher = guard("C3", Direction.S, Status.ALERT)
    assert parse_hex("C5") in visible(open_map, watcher)
    # a wall across the row hides what is behind it (only glimpsed round the wall's ends),
    # and the row stops there
    walled = _one_tile(grid, (("C4", "C5"),))
    assert parse_hex("C5") not in visible(walled, watcher)
    assert parse_hex("C5") in partly_visible(walled, watcher)
    assert names(visible(walled, guard("C3", Direction.S, Status.INTERESTED))) == {"C4"}
    # a wall beside the row (C4|B5) only grazes the lines to C5's corners: C5 stays seen
    beside = _one_tile(grid, (("C4", "B5"),))
    assert parse_hex("C5") in visible(beside, watcher)
    # the map's edge is a wall: with C4 gone, C5 is out of sight
    gap = _one_tile(grid.replace("C4 ", ""))
    assert parse_hex("C5") not in visible(gap, watcher)


def test_gd8_partly_seen_means_some_of_the_inside_is_seen() -> None:
    hall = shipped_map("example")
    alert = guard("D3", Direction.SW, Status.ALERT)
    # E4 touches the arc's edge at two corners only: not even partly seen
    assert parse_hex("E4") not in partly_visible(hall, alert)
    assert parse_hex("E5") in partly_visible(hall, alert)


def test_bad_arguments_are_refused() -> None:
    hall = shipped_map("example")
    lost = guard("Z9", Direction.N, Status.ALERT)
    for call in (visible, partly_visible):
        with pytest.raises(ArgumentError) as error:
            call(hall, lost)
        assert error.value.path == "guard.hex"
    with pytest.raises(ArgumentError):
        visible("hall", guard("D3", Direction.N, Status.ALERT))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        can_see(hall, guard("D3", Direction.N, Status.ALERT), "D4")  # type: ignore[arg-type]
