"""Maps as data: hex names, the JSON format and its validation, the guard values."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from guarda.errors import ArgumentError, DocumentError
from guarda.games.guards import (
    Direction,
    Guard,
    GuardKind,
    Hex,
    Status,
    hex_distance,
    load_map,
    map_from_json,
    map_to_json,
    parse_hex,
    shipped_map,
)


def small() -> dict[str, Any]:
    """A valid two-tile document every validation test breaks in one place."""
    return {
        "format": "guarda-guards-map",
        "version": 1,
        "name": "small",
        "tiles": [
            {
                "name": "west",
                "hexes": ["A1..A4", "B1..B4"],
                "guard": "patrolling",
                "crescent": "A1",
                "patrol": ["A1", "A2", "A3"],
                "route": ["B1", "B2", "A2"],
                "shields": ["B1"],
            },
            {"name": "east", "hexes": ["C1..C4"], "vault": "C4"},
        ],
        "walls": [["B3", "C3"]],
        "special": ["C2"],
        "torches": ["A4"],
    }


def test_gd1_hex_names_follow_the_text_columns_letters_rows_numbers() -> None:
    assert parse_hex("A1") == Hex(0, 1)
    assert str(Hex(25, 99)) == "Z99"
    # the text's Stationary guard at E4 looks down the row F4, G5: E4-F4-G5 is straight
    e4 = parse_hex("E4")
    assert e4.neighbour(Direction.SE) == parse_hex("F4")
    assert parse_hex("F4").neighbour(Direction.SE) == parse_hex("G5")
    # D3's neighbours, clockwise from N
    d3 = parse_hex("D3")
    assert [str(d3.neighbour(d)) for d in Direction] == ["D2", "E3", "E4", "D4", "C4", "C3"]


@pytest.mark.parametrize("name", ["", "D", "3D", "d3", "D0", "D100", "AA1"])
def test_bad_hex_names_are_refused(name: str) -> None:
    with pytest.raises(ArgumentError) as error:
        parse_hex(name, path="where")
    assert error.value.path == "where"


def test_neighbours_are_mutual_and_one_step_apart() -> None:
    for column in range(6):
        for row in range(1, 6):
            hex_ = Hex(column, row)
            for direction in Direction:
                other = hex_.neighbour(direction)
                assert other.neighbour(direction.opposite) == hex_
                assert hex_.direction_to(other) is direction
                assert hex_distance(hex_, other) == 1


def test_a_valid_document_loads_and_round_trips() -> None:
    guard_map = map_from_json(small())
    assert len(guard_map.hexes) == 12
    assert guard_map.vault == parse_hex("C4")
    assert guard_map.tile("west").patrol[-1] == parse_hex("A3")
    assert not guard_map.is_open(parse_hex("B3"), parse_hex("C3"))
    assert guard_map.is_open(parse_hex("B2"), parse_hex("C2"))
    assert map_from_json(map_to_json(guard_map)) == guard_map
    assert hash(guard_map) == hash(map_from_json(map_to_json(guard_map)))


def test_the_shipped_example_loads() -> None:
    hall = shipped_map("example")
    assert parse_hex("B3") in hall.special
    assert hall.tile_of(parse_hex("C3")) == hall.tile("landing")
    with pytest.raises(ArgumentError):
        shipped_map("no_such_map")


def _broken(edit: str) -> dict[str, Any]:
    doc = copy.deepcopy(small())
    west = doc["tiles"][0]
    if edit == "wall to nowhere":
        doc["walls"].append(["C4", "C5"])
    elif edit == "wall between strangers":
        doc["walls"].append(["A1", "A3"])
    elif edit == "patrol breaks":
        west["patrol"] = ["A1", "A2", "A4"]
    elif edit == "patrol through wall":
        doc["walls"].append(["A2", "A3"])
    elif edit == "marker off the map":
        doc["special"].append("H9")
    elif edit == "crescent off the tile":
        west["crescent"] = "C1"
    elif edit == "route not a loop":
        west["route"] = ["B1", "B2", "B3"]
    elif edit == "shield off the route":
        west["shields"] = ["A4"]
    elif edit == "hex on two tiles":
        doc["tiles"][1]["hexes"].append("B4")
    elif edit == "unknown field":
        west["colour"] = "red"
    elif edit == "guard without marker":
        west["guard"] = "wandering"
        del west["route"], west["shields"]
    return doc


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        ("wall to nowhere", "walls[1]"),
        ("wall between strangers", "walls[1]"),
        ("patrol breaks", "tiles[0].patrol[2]"),
        ("patrol through wall", "tiles[0].patrol[2]"),
        ("marker off the map", "special[1]"),
        ("crescent off the tile", "tiles[0].crescent"),
        ("route not a loop", "tiles[0].route[0]"),
        ("shield off the route", "tiles[0].shields[0]"),
        ("hex on two tiles", "tiles[1].hexes"),
        ("unknown field", "tiles[0].colour"),
        ("guard without marker", "tiles[0].guard"),
    ],
)
def test_validation_names_the_place(edit: str, path: str) -> None:
    doc = _broken(edit)
    before = copy.deepcopy(doc)
    with pytest.raises(DocumentError) as error:
        map_from_json(doc)
    assert error.value.path == path
    assert doc == before


def test_malformed_text_and_format_are_refused() -> None:
    with pytest.raises(DocumentError) as error:
        load_map("{not json")
    assert error.value.path == "$"
    with pytest.raises(DocumentError) as error:
        map_from_json({**small(), "version": 2})
    assert error.value.path == "version"


def test_guards_are_frozen_hashable_values() -> None:
    guard = Guard(GuardKind.PATROLLING, parse_hex("D3"), Direction.SW, Status.ALERT, bow=True)
    assert guard == Guard(
        GuardKind.PATROLLING, parse_hex("D3"), Direction.SW, Status.ALERT, bow=True
    )
    assert len({guard, guard}) == 1
    assert str(guard) == "bow patrolling guard at D3 facing SW, alert"
    assert [kind.default_status for kind in GuardKind] == [
        Status.BORED,
        Status.INTERESTED,
        Status.INTERESTED,
        Status.ALERT,
    ]
    with pytest.raises(AttributeError):
        guard.status = Status.BORED  # type: ignore[misc]
