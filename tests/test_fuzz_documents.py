"""Fuzzing the document loader: nothing but a GuardaError may escape.

A seeded loop mutates real documents (records, states in several phases, views,
configurations, actions, events, seat records) at the JSON level and at the text level,
12,000 cases in all; a hypothesis test feeds random JSON. Whatever loads must be usable:
a loaded state is checked, viewed and played on, a loaded record replayed. For a third
of the cases, ``loads`` (orjson and the fast converter first) must give exactly what the
reference path gives (the standard library's strict reader and the detailed converter):
the same value, or the same error with the same path and message.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from importlib.resources import files
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import _json
from guarda._document_errors import MAX_PROBLEMS
from guarda._documents import KINDS, dumps, from_document, loads, structure, unstructure
from guarda._json import MAX_DEPTH, MAX_DOCUMENT_SIZE
from guarda._records import GameRecord, Recorder, final_state, seat_record
from guarda._state import GameState, Phase
from guarda._views import view
from guarda.errors import DocumentError, GuardaError

CASES = 12_000

Path = tuple[str | int, ...]


def _states() -> Iterator[GameState]:
    """A few short games' states, one per phase where possible."""
    configs = (
        guarda.modern(),
        guarda.grda(players=3, stakes="bounty", ante=2),
        guarda.classic(players=2, win="exhaustion", stakes="scavenger", ante=1),
        guarda.modern(players=4, win="king-of-the-hill", teams=[[0, 2], [1, 3]]),
        guarda.classic(players=2, win="victory", turn_limit=12),
    )
    for number, config in enumerate(configs):
        chooser = random.Random(number)
        state = guarda.new_game(config, number)
        wanted = set(Phase)
        for _ in range(80):
            if state.phase in wanted:
                wanted.discard(state.phase)
                yield state
            if state.is_over:
                break
            state, _ = guarda.apply(state, chooser.choice(guarda.legal_actions(state)))


def _texts() -> list[str]:
    recorder = Recorder(guarda.modern(), 3, names=("a", "b"), date="2026-02-03")
    chooser = random.Random(3)
    for _ in range(30):
        recorder.apply(chooser.choice(guarda.legal_actions(recorder.state)))
    record = recorder.record()
    state = recorder.state
    texts = [
        *[dumps(record, secrets=True)] * 5,  # weighted: records are the most exchanged
        dumps(seat_record(record, 1)),
        dumps(view(state, 0)),
        dumps(guarda.modern(win="king-of-the-hill")),
        dumps(guarda.Move(guarda.Direction.NORTH, ("V1", "H2"))),
        dumps(guarda.PlacePiece(guarda.Cell(2, 3))),
        dumps(guarda.CardsDiscarded(1, 2, ("V1", "X"), guarda.DiscardReason.SETTLE)),
        dumps(guarda.AttackDeclared(0, ("V1",), ((1, 2),))),
    ]
    texts += [dumps(state, secrets=True) for state in _states()]
    return texts


def _paths(node: Any, prefix: Path = ()) -> Iterator[Path]:
    yield prefix
    if isinstance(node, dict):
        for key, child in node.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from _paths(child, (*prefix, index))


def _at(node: Any, path: Path) -> Any:
    for key in path:
        node = node[key]
    return node


_ODD: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 5, 99, 2**63, 2**64, -(2**70), 1.5, -0.0, "", "a1", "e5",
    "z9", "a0", "V1", "ALL", "X", "Q7", "Pass", "setup", "over", "N", "defensive",
    "preparing", [], {}, ["V1"], ["V1", "V1", "V1", "V1", "V1"], [0, 1], [[1, 1]],
    {"type": "Pass"}, {"type": "Attack", "cards": ["V1"]}, {"type": "Elimination"},
)  # fmt: skip


def _odd(chooser: random.Random) -> Any:
    return copy.deepcopy(chooser.choice(_ODD))


def _mutate(document: Any, chooser: random.Random) -> Any:
    for _ in range(chooser.choice((1, 1, 1, 2, 3))):
        path = chooser.choice(list(_paths(document)))
        if not path:
            continue
        parent, key = _at(document, path[:-1]), path[-1]
        value = parent[key]
        operation = chooser.randrange(7)
        if operation == 0:
            parent[key] = _odd(chooser)
        elif operation == 1 and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + chooser.choice((-2, -1, 1, 2))
        elif operation == 2:
            del parent[key]
        elif operation == 3 and isinstance(value, list):
            value.append(copy.deepcopy(chooser.choice(value)) if value else _odd(chooser))
        elif operation == 4 and isinstance(value, list) and len(value) > 1:
            i, j = chooser.randrange(len(value)), chooser.randrange(len(value))
            value[i], value[j] = value[j], value[i]
        elif operation == 5 and isinstance(value, dict):
            value[chooser.choice(("extra", "type", "cards", "player"))] = _odd(chooser)
        else:
            parent[key] = _odd(chooser)
    return document


def _garble(text: str, chooser: random.Random) -> str:
    where = chooser.randrange(len(text))
    operation = chooser.randrange(3)
    if operation == 0:
        return text[:where]
    if operation == 1:
        return text[:where] + chooser.choice('{}[]",:0a\\') + text[where:]
    return text[:where] + text[where + 1 :]


def _use(value: Any, chooser: random.Random) -> str:
    """Use a loaded value the way a program would; returns what was done."""
    if isinstance(value, GameState):
        for player in (None, *range(len(value.players))):
            view(value, player)
        actions = guarda.legal_actions(value)
        if not actions:
            assert value.is_over
            return "finished state"
        after, _ = guarda.apply(value, chooser.choice(actions))
        assert loads(dumps(after, secrets=True), GameState) == after
        return "state played on"
    if isinstance(value, GameRecord):
        try:
            final_state(value)
        except GuardaError:
            return "record that does not replay"
        return "record replayed"
    assert loads(dumps(value, secrets=True)) == value
    return type(value).__name__


def _reference_loads(text: str) -> Any:
    """``loads`` by the reference path only: the standard library's reader, strict converter."""
    return from_document(_json.read(text))


def _outcome(load: Callable[[str], Any], text: str) -> tuple[Any, ...]:
    try:
        return ("value", load(text))
    except GuardaError as error:
        return ("error", type(error), error.path, error.message, error.rule)


def test_mutated_documents_raise_nothing_but_guarda_errors() -> None:
    chooser = random.Random(20260131)
    texts = _texts()
    tally: Counter[str] = Counter()
    for case in range(CASES):
        index = case % len(texts)
        if chooser.random() < 0.1:
            text = _garble(texts[index], chooser)
        else:
            text = json.dumps(_mutate(json.loads(texts[index]), chooser))
        if case % 3 == 0:
            assert _outcome(loads, text) == _outcome(_reference_loads, text)
        try:
            value = loads(text)
        except GuardaError as error:
            tally[type(error).__name__] += 1
            assert error.path is None or isinstance(error.path, str)
            continue
        tally[_use(value, chooser)] += 1
    assert sum(tally.values()) == CASES
    assert tally["DocumentError"] > CASES // 2
    assert tally["state played on"] > 100
    assert tally["record replayed"] > 20
    assert tally["record that does not replay"] > 20


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from(["a1", "V1", "Pass", "setup", "N", "guarda", "type"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "cards", "player", "cell", "data", "kind", "x"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=600)
@given(kind=st.sampled_from(KINDS), data=_JSON, version=st.sampled_from([1, 1, 1, 2, 0, "1"]))
def test_random_json_raises_nothing_but_guarda_errors(kind: str, data: Any, version: Any) -> None:
    document = {"format": "guarda", "version": version, "kind": kind, "data": data}
    with contextlib.suppress(GuardaError):
        from_document(document)
    with contextlib.suppress(GuardaError):
        from_document(data)


@settings(max_examples=300)
@given(data=_JSON)
@pytest.mark.parametrize("cls", [guarda.Action, guarda.Event, guarda.Config, GameState])
def test_random_data_structures_or_fails_with_a_guarda_error(cls: Any, data: Any) -> None:
    try:
        value = structure(data, cls)
    except GuardaError as error:
        assert error.path is None or isinstance(error.path, str)
    else:
        assert structure(json.loads(json.dumps(unstructure(value))), cls)


def _more(message: str) -> int:
    """How many more problems an error message counts (0 if it counts none)."""
    found = re.search(r"\(and (?:at least )?(\d+) more problems?\)", message)
    return int(found.group(1)) if found else 0


_BAD_CARD: st.SearchStrategy[Any] = st.one_of(
    st.integers(), st.none(), st.booleans(), st.just({"x": 1}), st.just([])
)


@settings(max_examples=40, deadline=None)
@given(wrong=st.integers(MAX_PROBLEMS + 1, 20_000), bad=_BAD_CARD, indent=st.booleans())
def test_a_document_wrong_everywhere_is_refused_with_at_most_the_bound(
    wrong: int, bad: Any, indent: bool
) -> None:
    data = {"type": "Defend", "cards": ["V1", *[bad] * wrong]}
    document = {"format": "guarda", "version": 2, "kind": "action", "data": data}
    text = json.dumps(document, indent=1 if indent else None)
    with pytest.raises(DocumentError) as caught:
        loads(text)
    assert caught.value.path == "data.cards[1]"
    assert caught.value.message.endswith(f"(and at least {MAX_PROBLEMS} more problems)")
    assert _more(caught.value.message) <= MAX_PROBLEMS


@settings(max_examples=40, deadline=None)
@given(wrong=st.integers(1, MAX_PROBLEMS), bad=_BAD_CARD)
def test_a_few_problems_are_counted_exactly(wrong: int, bad: Any) -> None:
    data = {"type": "Defend", "cards": [bad] * wrong}
    with pytest.raises(DocumentError) as caught:
        from_document({"format": "guarda", "version": 2, "kind": "action", "data": data})
    assert caught.value.path == "data.cards[0]"
    assert _more(caught.value.message) == wrong - 1
    assert "at least" not in caught.value.message


def test_a_state_wrong_in_every_list_is_refused_with_at_most_the_bound() -> None:
    document = json.loads(dumps(next(_states()), secrets=True))

    def spoil(data: Any) -> Any:
        if isinstance(data, dict):
            return {key: spoil(value) for key, value in data.items()}
        if isinstance(data, list):
            return [spoil(item) for item in data] * 50 + [5] * 50
        return data

    document["data"] = spoil(document["data"])
    with pytest.raises(DocumentError) as caught:
        loads(json.dumps(document))
    assert caught.value.path is not None
    assert _more(caught.value.message) <= MAX_PROBLEMS


@settings(max_examples=30, deadline=None)
@given(
    depth=st.integers(MAX_DEPTH + 1, 50_000),
    opener=st.sampled_from(["[", '{"x":', '{"data":[']),
    root=st.booleans(),
)
def test_deep_nesting_is_refused_naming_the_limit(depth: int, opener: str, root: bool) -> None:
    closer = {"[": "]", '{"x":': "}", '{"data":[': "]}"}[opener]
    nested = opener * depth + "0" + closer * depth
    if root:
        text = nested
    else:
        text = '{"format":"guarda","version":2,"kind":"action","data":' + nested + "}"
    with pytest.raises(DocumentError, match=f"nested more than {MAX_DEPTH} deep"):
        loads(text)
    with pytest.raises(DocumentError, match="MAX_DEPTH"):
        _json.read(text)


def test_nesting_up_to_the_limit_is_read() -> None:
    assert _json.read("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(DocumentError, match=f"nested more than {MAX_DEPTH} deep"):
        _json.read("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


@pytest.mark.parametrize("kind", [str, bytes])
def test_a_text_beyond_the_size_limit_is_refused_naming_it(kind: type) -> None:
    text = " " * (MAX_DOCUMENT_SIZE - 1) + "{}"
    data: str | bytes = text if kind is str else text.encode()
    with pytest.raises(DocumentError, match="MAX_DOCUMENT_SIZE") as caught:
        loads(data)
    assert str(MAX_DOCUMENT_SIZE) in caught.value.message
    with pytest.raises(DocumentError, match="MAX_DOCUMENT_SIZE"):
        _json.read(data)
    with pytest.raises(DocumentError, match="format: missing required field"):
        loads(text[1:])  # at the limit: read, and refused for what it holds


def test_the_biggest_shipped_documents_are_well_within_the_limits() -> None:
    vectors = files("guarda.conformance").joinpath("vectors")
    texts = [
        item.read_text("utf-8")
        for folder in vectors.iterdir()
        if folder.is_dir()
        for item in folder.iterdir()
        if item.name.endswith(".json")
    ]
    texts += [item.read_text("utf-8") for item in vectors.iterdir() if item.name.endswith(".json")]
    assert texts
    for text in texts:
        assert len(text) * 10 < MAX_DOCUMENT_SIZE
        _json.read(text)  # within MAX_DEPTH
