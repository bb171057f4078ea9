"""The Guard Movement Phase, the reactions and the setup, each ruling tested by name."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

from guarda.errors import ArgumentError, IllegalActionError, PositionError
from guarda.games.guards import (
    WOUNDS_TO_KILL,
    Direction,
    EventKind,
    Guard,
    GuardKind,
    GuardMap,
    Keep,
    Status,
    Thief,
    ThiefMarker,
    distract,
    guard_movement_phase,
    hear_noise,
    look,
    map_from_json,
    new_keep,
    parse_hex,
    place_vault_guard,
    resources_phase,
    route_distance,
    setup_guards,
    shipped_map,
)

YARD = Path(__file__).resolve().parent / "data" / "guards" / "yard.json"
H = parse_hex


def yard() -> GuardMap:
    return map_from_json(json.loads(YARD.read_text(encoding="utf-8")))


def kinds(events: tuple[object, ...]) -> list[EventKind]:
    return [event.kind for event in events]  # type: ignore[attr-defined]


def patroller(at: str = "B1", facing: Direction = Direction.S, **changes: object) -> Guard:
    guard = Guard(GuardKind.PATROLLING, H(at), facing, Status.INTERESTED, tile="yard")
    return attrs.evolve(guard, **changes)  # type: ignore[arg-type]


def pursuer(at: str, facing: Direction, **changes: object) -> Guard:
    guard = Guard(GuardKind.STATIONARY, H(at), facing, Status.PURSUING, tile="yard")
    return attrs.evolve(guard, **changes)  # type: ignore[arg-type]


# --- routines -----------------------------------------------------------------------------


def test_stationary_guard_turns_one_side_clockwise_each_phase() -> None:
    guard = Guard(GuardKind.STATIONARY, H("A5"), Direction.NW, Status.BORED, tile="yard")
    keep = new_keep(yard(), [guard])
    facings = []
    for _ in range(3):
        keep, events = guard_movement_phase(keep)
        facings.append(keep.guards[0].facing)
        assert kinds(events) == [EventKind.TURNED]
    assert facings == [Direction.N, Direction.NE, Direction.SE]


def test_gd14_patrol_walks_the_line_and_turns_round_at_both_ends() -> None:
    keep = new_keep(yard(), [patroller()])
    walk = []
    for _ in range(7):
        keep, _events = guard_movement_phase(keep)
        guard = keep.guards[0]
        walk.append((str(guard.hex), guard.facing.name))
    assert walk == [
        ("B2", "S"),
        ("B3", "S"),
        ("B4", "N"),  # reached the shield: turns round at once
        ("B3", "N"),
        ("B2", "N"),
        ("B1", "S"),  # and at the star
        ("B2", "S"),
    ]


def test_wandering_guard_follows_the_loop_of_arrows_facing_the_next_hex() -> None:
    guard = Guard(GuardKind.WANDERING, H("E1"), Direction.SE, Status.INTERESTED, tile="vault")
    keep = new_keep(yard(), [guard])
    walk = []
    for _ in range(4):
        keep, _events = guard_movement_phase(keep)
        walk.append((str(keep.guards[0].hex), keep.guards[0].facing.name))
    assert walk == [("F1", "SW"), ("E2", "N"), ("E1", "SE"), ("F1", "SW")]


def test_gd10_nearest_counts_a_guards_steps_round_walls() -> None:
    guard_map = yard()
    # C1 and D1 are neighbours with a wall between: two steps round it
    assert route_distance(guard_map, H("C1"), H("D1")) == 2
    assert route_distance(guard_map, H("C1"), H("C1")) == 0
    walled = attrs.evolve(guard_map, walls=guard_map.walls | {(H("C2"), H("D1"))})
    assert route_distance(walled, H("C1"), H("D1")) == 4


def test_guards_have_keys_and_walk_through_special_hexes() -> None:
    guard_map = yard()
    assert H("C3") in guard_map.special
    # B3 -> C3 (a Special Hex, straight ahead) -> D3
    keep = new_keep(guard_map, [pursuer("B3", Direction.NE, target=H("D3"))])
    keep = attrs.evolve(
        keep, markers=(ThiefMarker("ann", H("D3")),), thieves=(Thief("ann", H("A1")),)
    )
    keep, events = guard_movement_phase(keep)
    moves = [str(event.hex) for event in events if event.kind is EventKind.MOVED]
    assert moves == ["C3", "D3"]


def test_gd11_equal_routes_prefer_straight_on_then_clockwise() -> None:
    guard_map = shipped_map("example")
    keep = new_keep(guard_map, [pursuer("C4", Direction.S, target=H("D5"))])
    keep = attrs.evolve(
        keep, thieves=(Thief("ann", H("A4")),), markers=(ThiefMarker("ann", H("D5")),)
    )
    keep, events = guard_movement_phase(keep)
    # C4 -> D5 is two steps, via C5 (straight on) or via D4 (to the SE): straight on wins
    first = next(event for event in events if event.kind is EventKind.MOVED)
    assert first.hex == H("C5")


def test_gd12_equally_near_markers_go_to_the_first_in_name_order() -> None:
    guard_map = shipped_map("example")
    guard = Guard(GuardKind.ROVING, H("D4"), Direction.S, Status.ALERT)
    thieves = (Thief("ann", H("A4")), Thief("bob", H("A4")))
    markers = (ThiefMarker("bob", H("E5")), ThiefMarker("ann", H("C5")))
    keep, _events = guard_movement_phase(new_keep(guard_map, [guard], thieves, markers))
    # C5 and E5 are both one step away: C5 comes first
    assert keep.guards[0].hex == H("C5")


def test_gd9_guards_move_in_the_order_of_the_keep() -> None:
    guard_map = yard()
    first = Guard(GuardKind.STATIONARY, H("A5"), Direction.N, Status.BORED, tile="yard")
    keep = new_keep(guard_map, [patroller(), first])
    _keep, events = guard_movement_phase(keep)
    assert [event.guard for event in events] == [0, 1]


def test_gd22_two_guards_may_share_a_hex() -> None:
    keep = new_keep(yard(), [patroller("B1"), patroller("B3", Direction.N, heading=-1)])
    keep, _events = guard_movement_phase(keep)
    assert keep.guards[0].hex == keep.guards[1].hex == H("B2")


# --- noise, spotting, bows ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (Status.DISTRACTED, Status.ALERT),
        (Status.BORED, Status.ALERT),
        (Status.INTERESTED, Status.ALERT),
        (Status.ALERT, Status.ALERT),
        (Status.PURSUING, Status.PURSUING),
        (Status.RETURNING, Status.RETURNING),
    ],
)
def test_a_noise_makes_a_calm_guard_alert(before: Status, after: Status) -> None:
    keep = new_keep(yard(), [patroller(status=before)])
    keep, _events = hear_noise(keep, H("B3"), 2)
    assert keep.guards[0].status is after


def test_gd20_a_noise_reaches_guards_within_its_reach_in_steps() -> None:
    keep = new_keep(yard(), [patroller("B1"), patroller("B4")])
    new, events = hear_noise(keep, H("B4"), 2)
    assert [guard.status for guard in new.guards] == [Status.INTERESTED, Status.ALERT]
    assert [event.guard for event in events] == [1]
    with pytest.raises(ArgumentError):
        hear_noise(keep, H("Z9"), 2)
    with pytest.raises(ArgumentError):
        hear_noise(keep, H("B4"), -1)


def test_gd13_spotting_turns_a_guard_pursuing_and_reveals_the_thief() -> None:
    guard_map = shipped_map("example")
    guard = Guard(GuardKind.STATIONARY, H("E4"), Direction.SE, Status.BORED)
    thieves = (Thief("ann", H("G5")),)
    markers = (ThiefMarker("ann", H("C6")), ThiefMarker("ann", H("D5")))
    keep, events = look(new_keep(guard_map, [guard], thieves, markers))
    assert kinds(events) == [EventKind.SPOTTED]
    assert keep.guards[0].status is Status.PURSUING
    assert keep.guards[0].target == H("G5")
    assert keep.markers == (ThiefMarker("ann", H("G5")),)


def test_gd19_a_bow_wounds_each_new_sighting_and_three_wounds_kill() -> None:
    guard_map = shipped_map("example")
    archer = Guard(GuardKind.STATIONARY, H("E4"), Direction.SE, Status.BORED, bow=True)
    thieves = (Thief("ann", H("G5"), wounds=1), Thief("bob", H("F4")))
    keep, events = look(new_keep(guard_map, [archer], thieves))
    assert [thief.wounds for thief in keep.thieves] == [2, 1]
    assert kinds(events).count(EventKind.SHOT) == 2
    # still in sight: no new shot
    again, events = look(keep)
    assert EventKind.SHOT not in kinds(events)
    # out of sight, then seen again: shot again, and ann's third wound kills her
    away = attrs.evolve(again, guards=(attrs.evolve(again.guards[0], seen=frozenset()),))
    dead, events = look(away)
    assert dead.thieves[0].out == "killed" and dead.thieves[0].wounds == WOUNDS_TO_KILL
    assert EventKind.KILLED in kinds(events)
    assert all(marker.thief != "ann" for marker in dead.markers)


# --- pursuing and investigating -----------------------------------------------------------


def chase(thief_at: str, marker_at: str, guard: Guard, *others: ThiefMarker) -> Keep:
    thieves = (Thief("ann", H(thief_at)),)
    markers = (ThiefMarker("ann", H(marker_at)), *others)
    return new_keep(shipped_map("example"), [guard], thieves, markers)


def test_pursuing_guard_moves_two_hexes_and_catches_the_thief_at_the_marker() -> None:
    keep = chase("D5", "D5", pursuer("D3", Direction.S))
    keep, events = guard_movement_phase(keep)
    assert keep.guards[0].hex == H("D5")
    assert kinds(events)[:3] == [EventKind.MOVED, EventKind.MOVED, EventKind.CAUGHT]
    assert keep.thieves[0].out == "caught"
    assert keep.markers == ()


def test_investigating_an_empty_marker_with_the_thief_in_sight_spots_them() -> None:
    # the marker is at D5, the thief at E6: seen from D5 once the marker proves empty
    keep = chase("E6", "D5", pursuer("D3", Direction.S, status=Status.PURSUING))
    keep, events = guard_movement_phase(keep)
    assert EventKind.INVESTIGATED in kinds(events)
    spotted = kinds(events).index(EventKind.SPOTTED)
    assert spotted > kinds(events).index(EventKind.INVESTIGATED)
    assert keep.guards[0].status is Status.PURSUING
    assert keep.markers == (ThiefMarker("ann", H("E6")),)


def test_investigating_an_empty_marker_with_another_marker_in_sight_goes_for_it() -> None:
    keep = chase("A4", "D4", pursuer("D3", Direction.S), ThiefMarker("ann", H("D5")))
    keep = attrs.evolve(keep, markers=(ThiefMarker("ann", H("D4")), ThiefMarker("ann", H("D5"))))
    keep, events = guard_movement_phase(keep)
    # D4 investigated (empty, removed), then D5 is in sight: it goes on to investigate it
    assert kinds(events).count(EventKind.INVESTIGATED) == 2
    assert keep.guards[0].hex == H("D5")


def test_gd29_investigating_an_empty_marker_with_nothing_in_sight_turns_returning() -> None:
    guard = Guard(GuardKind.PATROLLING, H("D3"), Direction.S, Status.PURSUING, tile="hall")
    keep = chase("A4", "D4", guard)
    keep, events = guard_movement_phase(keep)
    assert kinds(events)[:3] == [EventKind.MOVED, EventKind.INVESTIGATED, EventKind.RETURNING]
    assert keep.markers == ()
    assert keep.guards[0].status is Status.RETURNING


def test_returning_guard_walks_one_hex_a_phase_to_its_line_and_takes_its_default_status() -> None:
    guard = patroller("D5", Direction.S, status=Status.RETURNING)
    keep = new_keep(yard(), [guard])
    hexes = []
    while keep.guards[0].status is Status.RETURNING:
        keep, events = guard_movement_phase(keep)
        hexes.append(str(keep.guards[0].hex))
        assert kinds(events).count(EventKind.MOVED) == 1
    # nearest hex of the green line from D5 is B4 (two steps)
    assert hexes == ["C5", "B4"]
    assert keep.guards[0].status is Status.INTERESTED
    assert keep.guards[0].facing is Direction.N  # B4 is the shield: facing back along the line


def test_stationary_guard_returns_to_its_crescent() -> None:
    guard = Guard(GuardKind.STATIONARY, H("A3"), Direction.N, Status.RETURNING, tile="yard")
    keep = new_keep(yard(), [guard])
    keep, _ = guard_movement_phase(keep)
    keep, events = guard_movement_phase(keep)
    assert keep.guards[0].hex == H("A5")
    assert keep.guards[0].status is Status.BORED
    assert EventKind.BACK in kinds(events)


def test_a_guard_relights_an_extinguished_torch_but_the_undead_do_not() -> None:
    guard_map = yard()
    for undead, lit in ((False, True), (True, False)):
        guard = pursuer("D2", Direction.S, target=H("D5"), undead=undead)
        keep = new_keep(guard_map, [guard], [Thief("ann", H("A1"))], [ThiefMarker("ann", H("D5"))])
        keep, events = guard_movement_phase(keep)
        assert (H("D4") not in keep.torches) is lit
        assert (EventKind.RELIT in kinds(events)) is lit


def test_gd16_undead_pursue_one_hex_and_wound_instead_of_catching() -> None:
    keep = chase("D4", "D4", pursuer("D3", Direction.S, undead=True))
    keep, events = guard_movement_phase(keep)
    assert keep.guards[0].hex == H("D4")
    assert EventKind.CAUGHT not in kinds(events)
    assert keep.thieves[0].wounds == 1 and keep.thieves[0].out is None
    assert kinds(events)[:2] == [EventKind.MOVED, EventKind.WOUNDED]


def test_roving_guard_walks_toward_the_closest_marker_or_stays() -> None:
    guard_map = shipped_map("example")
    rover = Guard(GuardKind.ROVING, H("D3"), Direction.N, Status.ALERT)
    keep = new_keep(guard_map, [rover], [Thief("ann", H("A4"))])
    still, events = guard_movement_phase(keep)
    assert still.guards[0].hex == H("D3") and EventKind.MOVED not in kinds(events)
    keep = attrs.evolve(keep, markers=(ThiefMarker("ann", H("C6")),))
    moved, _events = guard_movement_phase(keep)
    assert route_distance(guard_map, moved.guards[0].hex, H("C6")) == 2


def test_gd17_a_roving_guard_finding_nothing_stays_alert() -> None:
    guard_map = shipped_map("example")
    rover = Guard(GuardKind.ROVING, H("D3"), Direction.N, Status.ALERT)
    keep = new_keep(guard_map, [rover], [Thief("ann", H("A4"))], [ThiefMarker("ann", H("D4"))])
    keep, events = guard_movement_phase(keep)
    assert EventKind.INVESTIGATED in kinds(events)
    assert keep.guards[0].status is Status.ALERT


# --- distraction and the Resources Phase ----------------------------------------------------


def test_gd15_a_distracted_guard_neither_moves_nor_turns_until_the_resources_phase() -> None:
    guard = Guard(GuardKind.STATIONARY, H("A5"), Direction.N, Status.BORED, tile="yard")
    keep, events = distract(new_keep(yard(), [guard]), 0)
    assert kinds(events) == [EventKind.DISTRACTED]
    after, events = guard_movement_phase(keep)
    assert after.guards == keep.guards and events == ()
    back, events = resources_phase(after, random.Random(3))
    assert back.guards[0].status is Status.BORED
    assert kinds(events) == [EventKind.RECOVERED]


def test_gd23_only_a_bored_living_guard_can_be_distracted() -> None:
    keep = new_keep(yard(), [patroller(), patroller(status=Status.BORED, undead=True)])
    for index in (0, 1):
        with pytest.raises(IllegalActionError) as error:
            distract(keep, index)
        assert error.value.rule == "GD23"
    with pytest.raises(ArgumentError):
        distract(keep, 2)


def test_a_distracted_patrolling_guard_rolls_its_way() -> None:
    keep = new_keep(yard(), [patroller("B2", status=Status.DISTRACTED)])
    headings = set()
    for seed in range(12):
        back, _ = resources_phase(keep, random.Random(seed))
        guard = back.guards[0]
        headings.add(guard.heading)
        assert guard.facing is (Direction.S if guard.heading == 1 else Direction.N)
    assert headings == {1, -1}


# --- setup ------------------------------------------------------------------------------------


def test_setup_places_each_tiles_guard_on_its_marker() -> None:
    guard_map = yard()
    guards = setup_guards(guard_map, random.Random(0))
    assert [(guard.kind, str(guard.hex)) for guard in guards] == [(GuardKind.PATROLLING, "B1")]
    assert guards[0].status is Status.INTERESTED and not guards[0].bow


def test_gd25_gd26_setup_difficulties_roving_and_undead() -> None:
    guard_map = yard()
    medium = setup_guards(guard_map, random.Random(0), difficulty="medium")
    assert all(guard.bow for guard in medium) and len(medium) == 1
    hard = setup_guards(guard_map, random.Random(0), difficulty="hard")
    # GD25: the second bow guard is the first other kind with markers: Stationary on A5
    assert [(guard.kind, str(guard.hex), guard.bow) for guard in hard] == [
        (GuardKind.PATROLLING, "B1", True),
        (GuardKind.STATIONARY, "A5", True),
    ]
    roving = setup_guards(guard_map, random.Random(0), roving=True)
    assert roving[-1].kind is GuardKind.ROVING and roving[-1].hex == H("F4")
    assert roving[-1].status is Status.ALERT and not roving[-1].bow
    assert roving[-1].facing is Direction.N
    undead = [
        any(guard.undead for guard in setup_guards(guard_map, random.Random(seed), undead=True))
        for seed in range(20)
    ]
    assert any(undead) and not all(undead)
    with pytest.raises(ArgumentError):
        setup_guards(guard_map, random.Random(0), difficulty="deadly")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        setup_guards(shipped_map("example"), random.Random(0), roving=True)


def test_gd27_the_vault_guard_is_placed_once_on_a_red_shield() -> None:
    keep = new_keep(yard(), setup_guards(yard(), random.Random(0)))
    placed, events = place_vault_guard(keep, random.Random(5), bow=True)
    guard = placed.guards[-1]
    assert guard.kind is GuardKind.WANDERING and guard.hex in (H("E1"), H("E2")) and guard.bow
    assert kinds(events) == [EventKind.PLACED]
    again, events = place_vault_guard(placed, random.Random(5))
    assert again == placed and events == ()
    with pytest.raises(ArgumentError):
        place_vault_guard(new_keep(shipped_map("example"), []), random.Random(0))


# --- inputs are checked and never changed -----------------------------------------------------


def test_new_keep_checks_what_it_is_given() -> None:
    guard_map = yard()
    with pytest.raises(PositionError) as error:
        new_keep(guard_map, [patroller("H9")])
    assert error.value.path == "guards[0].hex"
    with pytest.raises(PositionError) as error:
        new_keep(guard_map, [], [Thief("a", H("A1")), Thief("a", H("A2"))])
    assert error.value.path == "thieves[1]"
    with pytest.raises(PositionError) as error:
        new_keep(guard_map, [], [Thief("a", H("A1"))], [ThiefMarker("b", H("A1"))])
    assert error.value.path == "markers[0]"


def test_random_play_keeps_the_invariants() -> None:
    rng = random.Random(21)
    guard_map = yard()
    hexes = sorted(guard_map.hexes)
    for game in range(30):
        guards = setup_guards(guard_map, rng, difficulty="hard", roving=True, undead=True)
        thieves = [Thief(name, rng.choice(hexes)) for name in ("ann", "bob")]
        markers = [ThiefMarker(thief.name, rng.choice(hexes)) for thief in thieves]
        keep = new_keep(guard_map, guards, thieves, markers)
        for _ in range(40):
            before = keep
            action = rng.randrange(4)
            if action == 0:
                keep, _ = guard_movement_phase(keep)
            elif action == 1:
                keep, _ = hear_noise(keep, rng.choice(hexes), rng.randrange(4))
            elif action == 2:
                keep, _ = look(keep)
            else:
                keep, _ = resources_phase(keep, rng)
            assert all(guard.hex in guard_map.hexes for guard in keep.guards), game
            assert keep.torches <= before.torches
            for old, new in zip(before.thieves, keep.thieves, strict=True):
                assert new.wounds >= old.wounds and new.wounds <= WOUNDS_TO_KILL
                assert old.out is None or new.out == old.out
            out = {thief.name for thief in keep.thieves if thief.out}
            assert not any(marker.thief in out for marker in keep.markers)
            assert all(marker.hex in guard_map.hexes for marker in keep.markers)
            assert all(
                g.status is not Status.PURSUING or g.target is not None for g in keep.guards
            )


def test_gd18_a_returning_guard_cut_off_from_its_place_waits() -> None:
    guard_map = yard()
    around = {(min(H("E5"), other), max(H("E5"), other)) for _, other in guard_map.exits(H("E5"))}
    cut = attrs.evolve(guard_map, walls=guard_map.walls | around)
    assert cut.exits(H("E5")) == ()
    keep = new_keep(cut, [patroller("E5", status=Status.RETURNING)])
    after, events = guard_movement_phase(keep)
    assert after.guards[0].hex == H("E5") and after.guards[0].status is Status.RETURNING
    assert EventKind.MOVED not in kinds(events)


def test_gd21_a_guard_entering_a_marker_investigates_and_walks_to_the_next_one() -> None:
    guard_map = yard()
    # the patrol walks B1 -> B2 where a marker lies; ann is elsewhere; bob's marker at B4
    thieves = (Thief("ann", H("A1")), Thief("bob", H("D1")))
    markers = (ThiefMarker("ann", H("B2")), ThiefMarker("bob", H("B4")))
    keep = new_keep(guard_map, [patroller()], thieves, markers)
    keep, events = guard_movement_phase(keep)
    assert kinds(events)[:2] == [EventKind.MOVED, EventKind.INVESTIGATED]
    guard = keep.guards[0]
    assert guard.status is Status.ALERT and guard.target == H("B4")
    keep, events = guard_movement_phase(keep)
    assert keep.guards[0].hex == H("B3")  # one hex a phase
    keep, events = guard_movement_phase(keep)
    assert EventKind.INVESTIGATED in kinds(events) and keep.markers == ()


def test_gd24_a_wandering_guard_starts_on_the_rolled_shield_counted_round() -> None:
    guard_map = yard()
    vault = guard_map.tile("vault")
    for seed in range(6):
        roll = random.Random(seed).randint(1, 6)
        placed, _ = place_vault_guard(new_keep(guard_map, []), random.Random(seed))
        assert placed.guards[0].hex == vault.shields[(roll - 1) % len(vault.shields)]


def test_gd28_facing_after_a_move_is_the_last_step_or_the_next_hex_of_a_line() -> None:
    guard = pursuer("D3", Direction.N, target=H("D5"))
    keep = chase("A4", "D5", guard)
    keep, _ = guard_movement_phase(keep)
    assert keep.guards[0].facing is Direction.S  # the direction of its last step
    wanderer = Guard(GuardKind.WANDERING, H("E1"), Direction.N, Status.INTERESTED, tile="vault")
    keep, _ = guard_movement_phase(new_keep(yard(), [wanderer]))
    assert keep.guards[0].hex == H("F1") and keep.guards[0].facing is Direction.SW  # toward E2


def test_gd30_an_alert_guard_keeps_its_routine_and_stays_alert() -> None:
    keep = new_keep(yard(), [patroller(status=Status.ALERT)])
    for expected in ("B2", "B3", "B4"):
        keep, _ = guard_movement_phase(keep)
        assert str(keep.guards[0].hex) == expected
        assert keep.guards[0].status is Status.ALERT


def test_the_phases_check_their_arguments() -> None:
    keep = new_keep(yard(), [patroller()])
    with pytest.raises(ArgumentError):
        guard_movement_phase("keep")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        resources_phase(keep, 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        setup_guards(yard(), "die")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        look(None)  # type: ignore[arg-type]
