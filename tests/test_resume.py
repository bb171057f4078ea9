"""Save and resume: recording goes on from a saved record, and records name their preset."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import DocumentError, GameRecord, Recorder, ReplayError, Side
from guarda._converter import config_fields
from guarda.schemas import load

DATA = Path(__file__).parent / "data"


def play_on(recorder: Recorder, chooser: random.Random, steps: int) -> None:
    for _ in range(steps):
        if recorder.state.is_over:
            return
        recorder.apply(chooser.choice(guarda.legal_actions(recorder.state)))


@pytest.mark.parametrize("stop", [0, 1, 37, 120])
def test_a_resumed_recording_equals_one_never_stopped(stop: int) -> None:
    config = guarda.classic(players=3, win="victory")
    whole = Recorder(config, 21, names=("A", "B", "C"), event="club", date="2026-02-01")
    play_on(whole, random.Random(1), 10_000)
    first = Recorder(config, 21, names=("A", "B", "C"), event="club", date="2026-02-01")
    chooser = random.Random(1)
    play_on(first, chooser, stop)
    saved = guarda.dumps(first.record(), secrets=True)
    resumed = Recorder.resume(guarda.loads(saved, GameRecord))
    assert resumed.state == first.state
    assert resumed.record() == first.record()
    play_on(resumed, chooser, 10_000)
    assert resumed.record() == whole.record()
    assert resumed.state == whole.state


def test_a_finished_record_resumes_finished() -> None:
    recorder = Recorder(guarda.grda(), 3)
    play_on(recorder, random.Random(3), 10_000)
    record = recorder.record()
    again = Recorder.resume(record)
    assert again.state.is_over and again.record() == record
    with pytest.raises(guarda.IllegalActionError):
        again.apply(guarda.Pass())
    assert again.record() == record


def test_a_record_that_does_not_replay_cannot_be_resumed() -> None:
    with pytest.raises(ReplayError) as caught:
        Recorder.resume(GameRecord(guarda.modern(), 1, actions=(guarda.Pass(),)))
    assert caught.value.ply == 1
    with pytest.raises(guarda.ArgumentError):
        Recorder.resume(guarda.modern())  # type: ignore[arg-type]


# -- rulesets written as a preset's call ---------------------------------------------------


def data_of(value: Any, **options: Any) -> Any:
    return json.loads(guarda.dumps(value, **options))["data"]


def test_a_record_names_its_preset() -> None:
    recorder = Recorder(guarda.modern(players=2), 7)
    play_on(recorder, random.Random(7), 40)
    record = recorder.record()
    data = data_of(record, secrets=True, notation=True)
    assert data["config"] == {"preset": "modern", "players": 2}
    text = guarda.dumps(record, secrets=True, notation=True)
    full = json.dumps(
        {
            "format": "guarda",
            "version": 1,
            "kind": "record",
            "data": {**data, "config": config_fields(record.config)},
        },
        separators=(",", ":"),
    )
    assert "cells" not in text and "cells" in full
    assert len(text) < len(full) / 2
    assert guarda.loads(text, GameRecord) == record
    assert guarda.loads(full, GameRecord) == record  # the full form is still read


def test_stored_version_1_records_still_load() -> None:
    record = guarda.loads((DATA / "record_modern_2p.json").read_text(), GameRecord)
    assert record.config == guarda.modern(players=2)
    assert data_of(record, secrets=True)["config"] == {"preset": "modern", "players": 2}


PRESETS = {"classic": guarda.classic, "modern": guarda.modern, "grda": guarda.grda}
WINS = ("elimination", "victory", "exhaustion", "king-of-the-hill")
STAKES = {"elimination": "bounty", "victory": "spoils-of-war", "exhaustion": "scavenger"}


@st.composite
def preset_configs(draw: st.DrawFn) -> tuple[guarda.Config, dict[str, Any]]:
    name = draw(st.sampled_from(sorted(PRESETS)))
    players = draw(st.integers(2, 8))
    options: dict[str, Any] = {}
    win = draw(st.sampled_from(WINS))
    if win != "elimination":
        options["win"] = win
    if win in STAKES and draw(st.booleans()):
        options["stakes"] = STAKES[win]
        options["ante"] = draw(st.integers(1, 5))
    if players >= 4 and draw(st.booleans()):
        options["teams"] = [[p for p in range(players) if p % 2 == side] for side in (0, 1)]
    if draw(st.booleans()):
        options["first_player"] = draw(st.integers(1, players - 1))
    if draw(st.booleans()):
        options["turn_limit"] = draw(st.integers(1, 500))
    if players == 2 and draw(st.booleans()):
        options["seats"] = [Side.WEST, Side.EAST]
    call = {"preset": name, "players": players, **options}
    return PRESETS[name](players=players, **options), call


@settings(max_examples=80)
@given(preset_configs())
def test_every_preset_call_is_written_as_the_call(
    case: tuple[guarda.Config, dict[str, Any]],
) -> None:
    config, call = case
    data = data_of(config)
    expected = {
        key: [side.value for side in value] if key == "seats" else value
        for key, value in call.items()
    }
    assert data == expected
    assert guarda.loads(guarda.dumps(config), guarda.Config) == config
    jsonschema.validate(json.loads(guarda.dumps(config)), load("config"))


def test_a_full_win_condition_and_rulesets_no_preset_makes() -> None:
    target = guarda.modern(win=guarda.Victory(target=7))
    assert data_of(target)["win"] == {"type": "Victory", "target": 7, "scoring": "per-opponent"}
    assert guarda.loads(guarda.dumps(target)) == target
    for config in (
        guarda.custom(5),
        guarda.custom(9, players=8),
        guarda.custom(6, name="Classic", starting_health=12),
        attrs.evolve(guarda.modern(), max_health=12),
    ):
        data = data_of(config)
        assert "preset" not in data and "deck" in data
        assert guarda.loads(guarda.dumps(config)) == config


@pytest.mark.parametrize(
    ("data", "path", "message", "shape"),
    [
        ({"preset": "chess", "players": 2}, "data.preset", "expected one of", True),
        ({"preset": "modern"}, "data.players", "missing required field", True),
        ({"preset": "modern", "players": "2"}, "data.players", "expected an integer", True),
        ({"preset": "modern", "players": 2, "size": 5}, "data.size", "unknown field", True),
        ({"preset": "modern", "players": 9}, "data.players", "2 to 8 players", False),
        ({"preset": "modern", "players": 10**18}, "data.players", "2 to 8 players", False),
        ({"preset": "modern", "players": 2, "win": "chess"}, "data.win", "expected one of", True),
        (
            {"preset": "modern", "players": 2, "win": {"type": "Victory", "target": "7"}},
            "data.win.target",
            "expected an integer",
            True,
        ),
        ({"preset": "modern", "players": 2, "stakes": "gold"}, "data.stakes", "expected", True),
        ({"preset": "modern", "players": 2, "ante": 1.5}, "data.ante", "integer", True),
        ({"preset": "modern", "players": 2, "seats": [0, 9]}, "data.seats[1]", "0, 1, 2", True),
        ({"preset": "modern", "players": 2, "teams": [[0], ["1"]]}, "data.teams[1][0]", "", True),
        ({"preset": "modern", "players": 2, "teams": [[0], [0]]}, "data.teams[1]", "two", False),
        ({"preset": "modern", "players": 2, "turn_limit": "x"}, "data.turn_limit", "int", True),
        (
            {"preset": "grda", "players": 2, "stakes": "bounty", "win": "victory"},
            "data.stakes.kind",
            "played with Elimination",
            False,
        ),
    ],
)
def test_preset_calls_are_read_strictly(
    data: dict[str, Any], path: str, message: str, shape: bool
) -> None:
    document = {"format": "guarda", "version": 2, "kind": "config", "data": data}
    with pytest.raises(DocumentError) as caught:
        guarda.loads(json.dumps(document))
    assert caught.value.path == path
    assert message in caught.value.message
    errors = list(jsonschema.Draft202012Validator(load("config")).iter_errors(document))
    assert bool(errors) == shape  # the schema checks the shape, loading the rules too


def test_version_1_documents_are_read_as_version_2() -> None:
    for version in (1, 2):
        document = {
            "format": "guarda",
            "version": version,
            "kind": "config",
            "data": {"preset": "grda", "players": 3},
        }
        assert guarda.loads(json.dumps(document)) == guarda.grda(players=3)
