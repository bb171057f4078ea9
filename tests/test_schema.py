"""JSON Schema: the shipped files are generated from the code and accept real documents."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import guarda
from guarda import DocumentError, dumps, loads
from guarda._actions import ACTION_TYPES
from guarda._documents import KINDS
from guarda._events import EVENT_TYPES
from guarda._records import Recorder, seat_record
from guarda._views import view
from guarda.schemas import DIALECT, json_schema, load, main, render

SCHEMA_DIR = Path(guarda.__file__).parent / "schemas"


def validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(load(kind))


@pytest.mark.parametrize("kind", KINDS)
def test_shipped_schema_files_equal_freshly_generated_ones(kind: str) -> None:
    path = SCHEMA_DIR / f"{kind}.json"
    assert path.read_text(encoding="utf-8") == render(kind)
    assert load(kind) == json_schema(kind)


@pytest.mark.parametrize("kind", KINDS)
def test_schemas_are_valid_draft_2020_12(kind: str) -> None:
    schema = load(kind)
    assert schema["$schema"] == DIALECT
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["kind"] == {"const": kind}


def test_schemas_name_every_action_and_event() -> None:
    for kind, union, classes in (
        ("action", "Action", ACTION_TYPES),
        ("event", "Event", EVENT_TYPES),
    ):
        schema = load(kind)["$defs"][union]
        names = [cls.__name__ for cls in classes]
        assert schema["properties"]["type"]["enum"] == names
        branches = schema["allOf"]
        assert [branch["if"]["properties"]["type"]["const"] for branch in branches] == names
        assert [branch["then"]["$ref"].rsplit("/", 1)[-1] for branch in branches] == names


def test_regeneration_script_reports_nothing_stale() -> None:
    assert main(["--check"]) == 0
    assert main(["--bogus"]) == 2


def test_unknown_kind_has_no_schema() -> None:
    with pytest.raises(DocumentError):
        json_schema("move")
    with pytest.raises(guarda.GuardaError):
        load("move")


CONFIGS = (
    guarda.classic(players=3, win="victory", stakes="spoils-of-war", ante=2),
    guarda.modern(players=4, win="exhaustion", stakes="scavenger", ante=1, turn_limit=60),
    guarda.modern(win="king-of-the-hill", teams=[[0], [1]]),
    guarda.grda(players=2, stakes="bounty", ante=3),
)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: config.name)
def test_generated_documents_validate(config: guarda.Config) -> None:
    states = validator("state")
    views = validator("view")
    actions = validator("action")
    events = validator("event")
    chooser = random.Random(config.players)
    recorder = Recorder(config, 17, names=[f"p{i}" for i in range(config.players)])
    validator("config").validate(json.loads(dumps(config)))
    for step in range(300):
        state = recorder.state
        if step in (0, 40) or state.is_over:
            # Few states: validating a long event log against the schema is slow.
            states.validate(json.loads(dumps(state, secrets=True)))
            for player in (None, step % config.players):
                views.validate(json.loads(dumps(view(state, player))))
        if state.is_over:
            assert state.outcome is not None
            validator("outcome").validate(json.loads(dumps(state.outcome)))
            break
        action = chooser.choice(guarda.legal_actions(state))
        actions.validate(json.loads(dumps(action)))
        for event in recorder.apply(action):
            events.validate(json.loads(dumps(event)))
    record = recorder.record()
    validator("record").validate(json.loads(dumps(record, secrets=True)))
    validator("seat-record").validate(json.loads(dumps(seat_record(record, 0))))


@pytest.mark.parametrize(
    ("kind", "value", "change"),
    [
        ("action", guarda.Attack(("V1",)), {"cards": "V1"}),
        ("action", guarda.Attack(("V1",)), {"type": "Smash"}),
        ("action", guarda.PlacePiece(guarda.Cell(0, 0)), {"cell": "A1"}),
        ("action", guarda.Pass(), {"extra": 1}),
        ("config", guarda.modern(), {"size": "5"}),
        ("config", guarda.modern(), {"win": {"type": "Victory", "target": 1, "bonus": 2}}),
        ("event", guarda.TurnStarted(0, 1), {"turn": None}),
    ],
)
def test_schema_and_loader_agree_on_bad_documents(kind: str, value: Any, change: Any) -> None:
    document = json.loads(dumps(value))
    document["data"].update(change)
    errors = list(validator(kind).iter_errors(document))
    assert errors
    with pytest.raises(DocumentError):
        loads(json.dumps(document))
