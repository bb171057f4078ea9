"""Garrison's rules page stays true: its pictures and its worked example are what the
engine makes today (``python tests/garrison_docs.py`` writes them again)."""

from __future__ import annotations

import re

import pytest

from garrison_docs import IMAGES, PAGE, example_record, page_with_example, pictures
from guarda.games.garrison import replay


@pytest.mark.parametrize("name", sorted(pictures()))
def test_the_pictures_are_what_the_library_draws(name: str) -> None:
    assert (IMAGES / name).read_text() == pictures()[name], f"run tests/garrison_docs.py: {name}"


def test_the_worked_example_is_what_the_engine_plays() -> None:
    page = PAGE.read_text()
    assert page_with_example(page) == page, "run tests/garrison_docs.py"
    states = list(replay(example_record()))
    assert states[-1].is_over and states[-1].winner is not None


def test_every_ruling_has_an_anchor_and_a_test() -> None:
    page = PAGE.read_text()
    rulings = re.findall(r"^### (GA\d+): .* \{#(ga\d+)\}$", page, re.MULTILINE)
    assert [number for number, _ in rulings] == [f"GA{i}" for i in range(1, len(rulings) + 1)]
    assert all(anchor == number.lower() for number, anchor in rulings)
    tests = (PAGE.parent.parent.parent / "tests" / "test_garrison_rulings.py").read_text()
    for number, _ in rulings:
        assert f"def test_{number.lower()}_" in tests, f"no test for {number}"


def test_the_page_links_only_to_pictures_that_exist() -> None:
    for name in re.findall(r"\]\(images/([\w-]+\.svg)\)", PAGE.read_text()):
        assert (IMAGES / name).exists()
