"""The committed pictures of the guards rules page are what the code draws today."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

from guarda.errors import ArgumentError
from guarda.games.guards import ThiefMarker, map_svg, parse_hex, shipped_map
from guards_pictures import IMAGES, PICTURES, example_guards


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_committed_picture_is_regenerated_byte_for_byte(name: str) -> None:
    committed = (IMAGES / name).read_text(encoding="utf-8")
    assert PICTURES[name]() == committed


def test_pictures_are_well_formed_and_show_what_they_are_given() -> None:
    hall = shipped_map("example")
    svg = map_svg(hall, example_guards(), markers=[ThiefMarker("ann", parse_hex("C6"))])
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    # three guards: three discs of radius 8.5; one marker: a disc of radius 6
    circles = [element.get("r") for element in root.iter() if element.tag.endswith("circle")]
    assert circles.count("8.5") == 3 and circles.count("6") == 1
    # the D3 guard's nine seen hexes are shaded
    shaded = [e for e in root.iter() if e.get("fill") == "#ffc107"]
    assert len(shaded) == 9 + 2  # D3 sees nine hexes, E4 two, F2 none
    assert map_svg(hall, example_guards(), sight=False).count("#ffc107") == 0
    assert map_svg(hall) == map_svg(hall)


def test_a_guard_off_the_map_is_refused() -> None:
    hall = shipped_map("example")
    guard = example_guards()[0]
    with pytest.raises(ArgumentError) as error:
        map_svg(hall, [attrs.evolve(guard, hex=parse_hex("Z9"))])
    assert error.value.path == "guards[0].hex"
