"""JSON text: the fast reader answers exactly as the strict reference reader, or not at all.

``guarda.loads`` reads with orjson first (``_json.read_fast``) and falls back to the
standard library's strict reader (``_json.read``). These tests hold the fast reader to the
reference: duplicate keys, escapes, numbers beyond 64 bits, encodings and malformed text.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import _json
from guarda._converter import fast_converter
from guarda._documents import KIND_TYPES, dumps, from_document, loads, to_document, unstructure
from guarda._records import GameRecord, Recorder, seat_record
from guarda._views import view
from guarda.errors import DocumentError


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": 2}',
        '{"a": "x:y", "a": "z"}',
        '{"b": "\\u003a", "b": "\\u003a"}',  # the dropped colon is an escape: counted alike
        '{"b": "\\u003A", "b": "\\u003A"}',
        '[{"x": {"y": [1, {"k": null, "k": null}]}}]',
        '{"a":1,"b":{"c":":","c":":"}}',
        '{"a" : 1 ,\n "a" :\t2}',
    ],
)
def test_duplicate_keys_are_refused_by_both_readers(text: str) -> None:
    assert _json.read_fast(text) is None
    assert _json.read_fast(text.encode()) is None
    with pytest.raises(DocumentError, match="twice"):
        _json.read(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": "x:y", "b": ":"}',
        '{"a": "\\u003a"}',
        '{"k": [1, 2.5, -0, true, null, "\\u00e9\\n"], "l": {}}',
        '{"deep": [[[[{"a": {"b": "c"}}]]]]}',
        '"just a string"',
        "18446744073709551615",
        "[1e400]",  # the reference reads infinity (and loading refuses any float)
    ],
)
def test_the_fast_reader_agrees_with_the_reference_or_declines(text: str) -> None:
    fast = _json.read_fast(text)
    assert fast is None or fast == _json.read(text)


@pytest.mark.parametrize(
    "text",
    [
        "[NaN]",
        '{"a": Infinity}',
        "[-Infinity]",
        "[1, 2",
        '{"a": 1,}',
        "",
        '"\\x"',
        '{"a": 1} x',
    ],
)
def test_what_the_reference_refuses_the_fast_reader_refuses(text: str) -> None:
    assert _json.read_fast(text) is None
    with pytest.raises(DocumentError):
        _json.read(text)


def test_text_the_fast_reader_declines_is_read_as_the_reference_reads_it() -> None:
    record = GameRecord(guarda.modern(), 1, names=("Ana", "Ben"))
    text = dumps(record, secrets=True)
    for variant in (
        text.encode("utf-16"),  # the standard library detects UTF-16 and UTF-32
        text.encode("utf-8-sig"),
        text.replace('"Ana"', '"\\ud800"'),  # a lone surrogate, as an escape
        text.replace('"Ana"', '"A\\u003ana"'),
    ):
        assert _json.read_fast(variant) is None
        assert loads(variant, GameRecord) == from_document(_json.read(variant), GameRecord)


@pytest.mark.parametrize("seed", [2**64 - 1, 2**64, 2**70, -(2**63) - 1, -(2**80)])
def test_integers_beyond_64_bits_round_trip(seed: int) -> None:
    record = GameRecord(guarda.modern(), seed)
    text = dumps(record, secrets=True)
    assert json.loads(text)["data"]["seed"] == seed
    assert loads(text, GameRecord) == record


def test_text_written_back_byte_for_byte_is_read_and_a_repeated_key_never_is() -> None:
    state = guarda.new_game(guarda.modern(), seed=3)
    text = dumps(state, secrets=True)
    for form in (text, text.encode(), bytearray(text.encode())):
        assert _json.read_fast(form) == _json.read(text)
    # A key given twice, in the compact form orjson writes: the text is not written back.
    twice = text.replace('{"format":"guarda"', '{"format":"guarda","format":"guarda"', 1)
    for form in (twice, twice.encode()):
        assert _json.read_fast(form) is None
        with pytest.raises(DocumentError, match="twice"):
            loads(form)


def test_dumps_is_compact_unless_indented() -> None:
    text = dumps(guarda.Attack(("V2", "H1")))
    assert text == (
        '{"format":"guarda","version":2,"kind":"action",'
        '"data":{"cards":["H1","V2"],"type":"Attack"}}'
    )
    assert dumps(guarda.Pass(), indent=2) == json.dumps(to_document(guarda.Pass()), indent=2)
    assert dumps(guarda.Pass(), indent=4) == json.dumps(to_document(guarda.Pass()), indent=4)


# -- random texts: the fast reader never disagrees with the reference --------------------

_KEYS = st.sampled_from(["a", "b", ":", "a:b", "type", "é", "\\u003a", '\\"', "k"])
_STRINGS = st.sampled_from(["", ":", "x:y", "\\u003a", '\\"', "\\\\", "é", "\\u00e9", "V1"])
_NUMBERS = st.sampled_from(["0", "-0", "1", "2.5", "1e2", "-7", "18446744073709551616"])


@st.composite
def _texts(draw: st.DrawFn, depth: int = 0) -> str:
    """JSON-like text, sometimes with a repeated key and odd spacing."""
    space = draw(st.sampled_from(["", " ", "\n", "\t "]))
    kind = draw(st.integers(0, 4 if depth < 3 else 2))
    if kind == 0:
        return '"' + draw(_STRINGS) + '"'
    if kind == 1:
        return draw(_NUMBERS)
    if kind == 2:
        return draw(st.sampled_from(["true", "false", "null"]))
    if kind == 3:
        items = draw(st.lists(_texts(depth + 1), max_size=3))
        return "[" + f",{space}".join(items) + "]"
    keys = draw(st.lists(_KEYS, max_size=4))
    repeat: bool = draw(st.booleans())
    if keys and repeat:
        keys.append(draw(st.sampled_from(keys)))  # a key given twice
    pairs = [f'"{key}"{space}:{space}{draw(_texts(depth + 1))}' for key in keys]
    return "{" + f",{space}".join(pairs) + "}"


@settings(max_examples=600)
@given(text=_texts())
def test_random_texts_read_alike(text: str) -> None:
    try:
        expected = _json.read(text)
    except DocumentError:
        assert _json.read_fast(text) is None
        return
    fast = _json.read_fast(text)
    if fast is not None and fast != expected:
        # Only numbers beyond 64 bits may differ: orjson reads them as floats.
        assert "18446744073709551616" in text
        assert json.dumps(fast) != json.dumps(expected)


# -- the fast converter reads every valid document by itself -----------------------------


def _documents() -> list[tuple[str, Any]]:
    recorder = Recorder(guarda.modern(win="king-of-the-hill"), 3, names=("a", "b"))
    for _ in range(60):
        recorder.apply(guarda.legal_actions(recorder.state)[-1])
    record = recorder.record()
    state = recorder.state
    return [
        ("state", state),
        ("record", record),
        ("view", view(state, 0)),
        ("seat-record", seat_record(record, None)),
        ("config", guarda.grda(players=3, stakes="bounty", ante=2)),
        ("action", guarda.Move(guarda.Direction.EAST, ("V1", "H2"))),
        ("event", state.log[-1]),
    ]


@pytest.mark.parametrize(("kind", "value"), _documents(), ids=lambda value: str(value)[:12])
def test_the_fast_converter_needs_no_fallback(kind: str, value: Any) -> None:
    data = json.loads(json.dumps(unstructure(value, secrets=True)))
    assert fast_converter.structure(data, KIND_TYPES[kind]) == value
