"""The fast reader and writer against the detailed converter.

[guarda._reader][guarda._reader] is tried first on every parsed document; it must build
exactly what the detailed converter builds, and refuse exactly what it refuses (the
converter then explains why). Real documents of every kind are mutated at the JSON level
(the same mutations as the document fuzz test), and each is read both ways. The writer
must give the converter's data, key order included.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import orjson
import pytest

import guarda
from guarda import _reader
from guarda._converter import converter
from guarda._documents import KIND_TYPES, kind_of
from guarda._records import Recorder, seat_record
from guarda._views import view
from test_fuzz_documents import _mutate, _states, _texts

CASES = 6_000


def _both(data: Any, cls: Any) -> tuple[tuple[str, Any], tuple[str, Any]]:
    """What the detailed converter and the fast reader make of the data."""
    try:
        strict: tuple[str, Any] = ("value", converter.structure(data, cls))
    except Exception as error:  # any refusal: the kind of error does not matter here
        strict = ("refused", type(error).__name__)
    try:
        fast: tuple[str, Any] = ("value", _reader.read(copy.deepcopy(data), cls))
    except Exception as error:
        fast = ("refused", type(error).__name__)
    return strict, fast


def _same(strict: tuple[str, Any], fast: tuple[str, Any]) -> bool:
    if strict[0] != fast[0]:
        return False
    if strict[0] == "refused":
        return True
    return type(strict[1]) is type(fast[1]) and bool(strict[1] == fast[1])


def test_fast_reader_agrees_with_the_detailed_converter_on_mutated_documents() -> None:
    documents = [json.loads(text) for text in _texts()]
    chooser = random.Random(11)
    outcomes = {"value": 0, "refused": 0}
    for case in range(CASES):
        document = documents[case % len(documents)]
        cls = KIND_TYPES[document["kind"]]
        holder = {"data": copy.deepcopy(document["data"])}
        data = _mutate(holder, chooser).get("data") if case % 5 else holder["data"]
        strict, fast = _both(data, cls)
        assert _same(strict, fast), (case, strict, fast)
        outcomes[strict[0]] += 1
    # Both branches are exercised in earnest.
    assert outcomes["value"] > CASES // 10
    assert outcomes["refused"] > CASES // 10


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Move", "direction": "N", "cards": ["V1"]},
        {"type": "Move", "direction": "N", "cards": [True]},
        {"type": "Move", "direction": "n", "cards": ["V1"]},
        {"type": "Move", "direction": "N"},
        {"type": "Move", "direction": "N", "cards": ["V1"], "extra": 1},
        {"type": "Attack", "cards": ["V1"], "cards2": []},
        {"type": "PlacePiece", "cell": "b2"},
        {"type": "PlacePiece", "cell": "b0"},
        {"type": "PlacePiece", "cell": 5},
        {"type": "Pass"},
        {"type": ["Pass"]},
        {"cards": ["V1"]},
        ["Pass"],
    ],
)
def test_fast_reader_agrees_on_actions(data: Any) -> None:
    strict, fast = _both(data, guarda.Action)
    assert _same(strict, fast), (strict, fast)


def test_a_state_without_its_defaulted_fields_reads_the_same() -> None:
    state = next(iter(_states()))
    data = converter.unstructure(state, unstructure_as=guarda.GameState)
    for name in ("turn_number", "pot", "loot", "outcome", "log"):
        del data[name]
    strict, fast = _both(data, guarda.GameState)
    assert strict[0] == "value"
    assert _same(strict, fast)


def _values() -> list[Any]:
    recorder = Recorder(guarda.modern(), 5, names=("a", "b"))
    chooser = random.Random(5)
    for _ in range(40):
        recorder.apply(chooser.choice(guarda.legal_actions(recorder.state)))
    record = recorder.record()
    states = list(_states())
    return [
        record,
        seat_record(record, 0),
        *states,
        *(view(state, 0) for state in states),
        *(event for state in states for event in state.log),
        *record.actions,
        guarda.modern(win="king-of-the-hill"),
        *(state.outcome for state in states if state.outcome is not None),
    ]


def test_fast_writer_gives_the_converters_data_in_its_key_order() -> None:
    values = _values()
    assert len(values) > 100
    for value in values:
        cls = KIND_TYPES[kind_of(value)]
        fast = _reader.write(value, cls)
        assert orjson.dumps(fast) == orjson.dumps(converter.unstructure(value, unstructure_as=cls))


def test_a_ruleset_with_an_integer_beyond_64_bits_is_refused_with_its_path() -> None:
    record = guarda.GameRecord(guarda.modern(), seed=1)
    data = json.loads(guarda.dumps(record, secrets=True))
    data["data"]["config"]["size"] = 2**70
    with pytest.raises(guarda.DocumentError) as caught:
        guarda.loads(json.dumps(data), guarda.GameRecord)
    assert caught.value.path is not None and "size" in caught.value.path
