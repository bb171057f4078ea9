"""The worked example of the docs (docs/worked-example.md), told by a docs hook at build time.

The hook plays a fixed game with guarda's bots and writes its story and pictures; these
tests check what it produces: a picture for every turn and every drawn decision, each
well-formed SVG and each used by the story, a result line that matches the record, and a
game that still shows what the page promises (moves, a push, attacks, a defence, a broken
guard, a critical block and an elimination, well before the turn limit).
"""

from __future__ import annotations

import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

import guarda

ROOT = Path(__file__).parent.parent
HOOKS = ROOT / "docs" / "hooks"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("worked_example", HOOKS / "worked_example.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("worked_example", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def record(example: ModuleType) -> guarda.GameRecord:
    game: guarda.GameRecord = example.record()
    return game


@pytest.fixture(scope="module")
def story(example: ModuleType, record: guarda.GameRecord) -> str:
    text: str = example.markdown(record)
    return text


def test_the_game_is_the_one_the_page_promises(record: guarda.GameRecord) -> None:
    state = guarda.final_state(record)
    kinds = {type(event) for event in state.events}
    assert {
        guarda.PieceMoved,
        guarda.PiecePushed,
        guarda.AttackDeclared,
        guarda.Defended,
        guarda.GuardBroken,
        guarda.GuardReturned,  # a critical block
        guarda.PlayerEliminated,
    } <= kinds
    assert any(
        isinstance(event, guarda.GuardActivated)
        and event.is_critical
        and event.orientation is guarda.Orientation.DEFENSIVE
        for event in state.events
    )
    outcome = state.outcome
    assert outcome is not None and outcome.reason is guarda.OutcomeReason.LAST_STANDING
    assert state.config.turn_limit is not None and state.turn_number < state.config.turn_limit
    assert state.turn_number <= 15  # short enough to read
    assert record.result == outcome
    assert record.names == ("greedy", "random")


def test_a_picture_per_turn_and_per_drawn_decision(
    example: ModuleType, record: guarda.GameRecord, story: str
) -> None:
    turns = example.turns(record)
    assert [turn.number for turn in turns] == list(
        range(guarda.final_state(record).turn_number + 1)
    )
    pictures: dict[str, str] = example.pictures(record)
    for turn in turns:
        assert example.turn_picture(turn.number) in pictures
        assert story.count(f"### Turn {turn.number}: ") == (1 if turn.number else 0)
        for decision in turn.decisions:
            drawn = example.ply_picture(decision.ply) in pictures
            assert drawn == isinstance(decision.action, example.DRAWN)
    plies = [decision.ply for turn in turns for decision in turn.decisions]
    assert plies == list(range(1, len(record.actions) + 1))
    used = re.findall(rf"\]\({re.escape(example.PICTURES)}/([a-z0-9-]+\.svg)\)", story)
    assert sorted(used) == sorted(pictures)  # every picture is used, once
    for name, picture in pictures.items():
        root = ET.fromstring(picture)
        assert root.tag == "{http://www.w3.org/2000/svg}svg", name
    field = pictures[example.turn_picture(3)]
    assert "South" in field and "North" in field


def test_each_decision_is_told_in_notation_and_plain_english(
    example: ModuleType, record: guarda.GameRecord, story: str
) -> None:
    names = example.NAMES
    for turn in example.turns(record):
        for decision in turn.decisions:
            notation = guarda.format_action(decision.action)
            sentence = guarda.describe_action(decision.action, decision.before, names=names)
            assert f"- **{names[decision.player]}** plays `{notation}`: {sentence}" in story
            for event in decision.events:
                assert f"    - {guarda.describe(event, names)}\n" in story
    for note in example.NOTES.values():
        assert story.count(note) == 1  # each rule told once, when it first happens


def test_the_result_line_matches_the_record(
    example: ModuleType, record: guarda.GameRecord, story: str
) -> None:
    outcome = record.result
    assert outcome is not None
    state = guarda.final_state(record)
    winner = example.NAMES[outcome.winners[0]]
    line = example.outcome_line(record)
    assert line == (
        f"{winner} wins ({outcome.reason.value}) in turn {state.turn_number}; "
        f"health South {outcome.health[0]}, North {outcome.health[1]}."
    )
    assert story.rstrip().endswith(
        f"**{line}**\n\n![The field at the end of the game]"
        f"({example.PICTURES}/{example.FINAL_PICTURE})"
    )
    last = story.rindex("### Turn ")
    assert story[last:].startswith(f"### Turn {state.turn_number}: ")


def test_the_page_holds_the_marker_and_the_same_game(example: ModuleType) -> None:
    page = (ROOT / "docs" / "worked-example.md").read_text(encoding="utf-8")
    assert page.count(example.MARKER) == 1
    assert f'seed={example.SEED}, key="{example.KEY}"' in page
    assert "guarda.modern(players=2, turn_limit=30)" in page
    assert guarda.modern(players=2, turn_limit=30) == example.CONFIG
    assert f"]({example.RECORD})" in page
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "\n  - docs/hooks/worked_example_page.py\n" in mkdocs  # the hook runs
    assert re.search(r"\n  - [^:\n]+: worked-example\.md\n", mkdocs)  # in the nav
    learn = (ROOT / "docs" / "learn.md").read_text(encoding="utf-8")
    assert "(worked-example.md)" in learn


def test_the_record_replays(example: ModuleType, record: guarda.GameRecord) -> None:
    text = guarda.dumps(record, secrets=True, notation=True)
    again = guarda.loads(text, guarda.GameRecord)
    assert again == record
    assert example.record() is record  # played once per build
