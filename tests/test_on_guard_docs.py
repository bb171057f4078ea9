"""The On Guard rules page stays true: its pictures and worked example are regenerated here.

After a change that moves them on purpose, run ``PYTHONPATH=src python tests/on_guard_docs.py``.
"""

from __future__ import annotations

import re

import pytest

from guarda.games.on_guard import ON_GUARD
from on_guard_docs import IMAGES, PAGE, example_record, narrate, page_example, pictures


@pytest.mark.parametrize("name", sorted(pictures()))
def test_the_committed_pictures_are_what_the_library_draws(name: str) -> None:
    assert (IMAGES / name).read_text(encoding="utf-8") == pictures()[name] + "\n"


def test_every_picture_is_used_by_the_page() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for name in pictures():
        assert f"images/{name}" in text


def test_the_worked_example_is_what_the_engine_plays() -> None:
    record = example_record()
    assert page_example(PAGE.read_text(encoding="utf-8")) == narrate(record)
    final = list(ON_GUARD.replay(record))[-1]
    assert final.is_over and f"**{record.names[final.winner or 0]} wins" in narrate(record)
    # The notation line of the page replays to the same game.
    notation = narrate(record).split("```text\n")[1].split("\n```")[0]
    state = ON_GUARD.new_game(record.config, record.seed)
    for word in notation.split():
        state, _ = ON_GUARD.apply(state, ON_GUARD.parse_action(word, state))
    assert state == final


def test_every_ruling_has_an_anchor_and_a_test() -> None:
    text = PAGE.read_text(encoding="utf-8")
    anchors = re.findall(r"\{#og(\d+)\}", text)
    assert anchors == [str(number) for number in range(1, 17)]
    tests = (PAGE.parents[2] / "tests" / "test_on_guard_rulings.py").read_text(encoding="utf-8")
    for number in anchors:
        assert f"def test_og{number}_" in tests
