"""The engine's makers (guarda._construct) make exactly what the classes make.

A maker builds a frozen attrs instance through an open twin class and a ``__class__``
assignment. These tests pin that the result is indistinguishable from an instance the
class itself made from the same field values: its type, equality both ways, hash,
``repr``, pickles of every protocol (byte for byte), copies, ``attrs.evolve``,
``attrs.asdict``, frozenness, size and weak references; that no twin ever shows as the
type of a value the engine or the document reader made; and, through mypy over the tests,
that a maker is typed like its class.
"""

from __future__ import annotations

import copy
import pickle
import random
import sys
import weakref
from collections.abc import Iterator
from typing import Any, assert_type

import attrs
import pytest

import golden_games
import guarda
from guarda import _state
from guarda._actions import ACTION_TYPES
from guarda._construct import MAKERS, copier, maker
from guarda._events import EVENT_TYPES
from guarda._state import append_events, make_player, make_state

ENGINE_CLASSES = {
    guarda.GameState,
    guarda.PlayerState,
    guarda.Guard,
    guarda.PendingAttack,
    *ACTION_TYPES,
    *(cls for cls in EVENT_TYPES if cls is not guarda.DealCommitted),
}
"""The classes the engine makes with makers on its steps (DealCommitted is made once)."""


def _games() -> Iterator[tuple[guarda.GameState, tuple[object, ...]]]:
    """Two seeded random games of every golden configuration: the final state, and the
    actions listed and played, the pending attacks and the players met on the way."""
    for seed, make in enumerate([*golden_games.CONFIGS.values()] * 2):
        choose = random.Random(seed)
        state = guarda.new_game(make(), seed=seed)
        met: list[object] = []
        while not state.is_over:
            legal = guarda.legal_actions(state)
            action = choose.choice(legal)
            met += (action, *legal[-2:], state.attack, state.players[state.turn])
            state, _ = guarda.apply(state, action)
        yield state, tuple(met)


def _values(root: object) -> Iterator[object]:
    """Every attrs value reachable from ``root`` through fields, tuples and event logs."""
    seen: set[int] = set()
    stack: list[Any] = [root]
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, guarda.EventLog):
            stack.extend(value.to_tuple())
        elif isinstance(value, tuple):
            stack.extend(value)
        elif attrs.has(type(value)):
            yield value
            stack.extend(getattr(value, field.name) for field in attrs.fields(type(value)))


@pytest.fixture(scope="module")
def samples() -> dict[Any, list[Any]]:
    """Up to 12 values of every class met in the games, as the engine and the reader made them."""
    found: dict[Any, list[Any]] = {}
    for state, met in _games():
        document = guarda.dumps(state, secrets=True)
        for root in (state, met, guarda.loads(document, guarda.GameState)):
            for value in _values(root):
                kept = found.setdefault(type(value), [])
                if len(kept) < 12:
                    kept.append(value)
    return found


def test_the_engine_and_the_reader_make_their_values_with_makers(
    samples: dict[Any, list[Any]],
) -> None:
    assert set(MAKERS) >= ENGINE_CLASSES
    # The games meet every class the engine makes, so each is compared below.
    assert set(samples) >= ENGINE_CLASSES


def test_no_twin_is_ever_the_type_of_a_value(samples: dict[Any, list[Any]]) -> None:
    for cls in samples:
        assert not cls.__name__.startswith("_Open"), cls
        assert cls.__module__.startswith("guarda.") and cls.__module__ != "guarda._construct"


def _fields(value: Any) -> list[Any]:
    return [getattr(value, field.name) for field in attrs.fields(type(value))]


def test_a_maker_makes_what_the_class_makes(samples: dict[Any, list[Any]]) -> None:
    compared = 0
    for cls, values in samples.items():
        make = MAKERS.get(cls)
        if make is None:
            continue
        for value in values:
            fields = _fields(value)
            made, built = make(*fields), cls(*fields)
            assert type(made) is cls and made.__class__ is cls and isinstance(made, cls)
            assert made == built and built == made and not made != built  # noqa: SIM202
            assert made == value and hash(made) == hash(built) == hash(value)
            assert repr(made) == repr(built)
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                assert pickle.dumps(made, protocol) == pickle.dumps(built, protocol)
            unpickled = pickle.loads(pickle.dumps(made))
            assert type(unpickled) is cls and unpickled == built
            for copied in (copy.copy(made), copy.deepcopy(made)):
                assert type(copied) is cls and copied == built
            evolved = attrs.evolve(made)
            assert type(evolved) is cls and evolved == built
            assert attrs.asdict(made, recurse=False) == attrs.asdict(built, recurse=False)
            assert sys.getsizeof(made) == sys.getsizeof(built)
            assert weakref.ref(made)() is made
            if fields:
                name = attrs.fields(cls)[0].name
                with pytest.raises(attrs.exceptions.FrozenInstanceError):
                    setattr(made, name, fields[0])
                with pytest.raises(attrs.exceptions.FrozenInstanceError):
                    delattr(made, name)
            compared += 1
    assert compared >= 4 * len(ENGINE_CLASSES)


def test_the_reader_makes_what_the_class_makes() -> None:
    # The document reader makes plain instances inline, the way their makers would.
    state, _ = next(_games())
    compared: set[type] = set()
    for value in _values(guarda.loads(guarda.dumps(state, secrets=True), guarda.GameState)):
        cls: Any = type(value)
        first = [field.name for field in attrs.fields(cls)][:1]
        built = cls(*_fields(value))
        if hasattr(cls, "_attrs_cached_hash"):  # empty, or the value's own hash
            assert getattr(value, "_attrs_cached_hash") in (None, hash(built))  # noqa: B009
        assert type(value) is cls and value.__class__ is cls and isinstance(value, cls)
        assert value == built and hash(value) == hash(built) and repr(value) == repr(built)
        assert pickle.dumps(value) == pickle.dumps(built)
        assert sys.getsizeof(value) == sys.getsizeof(built)
        for name in first:
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                setattr(value, name, None)
        compared.add(cls)
    assert {guarda.PlayerState, guarda.Guard, guarda.PiecePlaced, guarda.CardsDrawn} <= compared


def test_a_cached_hash_starts_empty_as_the_class_leaves_it() -> None:
    # Attack caches its hash: a made one must not carry a stale hash from anywhere.
    made = maker(guarda.Attack)(("H1", "V2"))
    built = guarda.Attack(["V2", "H1"])
    assert getattr(made, "_attrs_cached_hash") is None  # noqa: B009 (a slot of attrs)
    assert getattr(built, "_attrs_cached_hash") is None  # noqa: B009
    assert hash(made) == hash(built) == hash(guarda.Attack(("H1", "V2")))


def test_one_maker_and_one_twin_per_class() -> None:
    assert maker(guarda.PlayerState) is make_player
    assert maker(guarda.GameState) is make_state
    twins = [sub for sub in guarda.PlayerState.__subclasses__() if sub.__name__.startswith("_")]
    assert len(twins) == 1  # the only trace of the twin: cls.__subclasses__()


def test_makers_are_typed_like_their_classes() -> None:
    state = guarda.new_game(guarda.modern(players=3), seed=5)
    player = make_player(*_fields(state.players[1]))
    assert_type(player, guarda.PlayerState)
    made = make_state(*_fields(state))
    assert_type(made, guarda.GameState)
    assert made == state and hash(made) == hash(state) and repr(made) == repr(state)
    attack = maker(guarda.Attack)(("H1",))
    assert_type(attack, guarda.Attack)


def test_a_made_state_plays_on_like_the_state_it_copies() -> None:
    state = guarda.new_game(guarda.classic(players=3), seed=2)
    for _ in range(40):
        made = make_state(*_fields(state))
        action = guarda.legal_actions(made)[0]
        assert guarda.apply(made, action) == guarda.apply(state, action)
        state = guarda.apply(state, action)[0]


def test_append_events_makes_the_node_the_class_makes() -> None:
    state = guarda.new_game(guarda.modern(players=3), seed=5)
    events = state.log.to_tuple()[:2]
    node = append_events(state.log, events)
    built = guarda.EventLog(events, state.log)
    assert type(node) is guarda.EventLog and node == built and hash(node) == hash(built)
    assert len(node) == len(state.log) + 2
    assert pickle.dumps(node) == pickle.dumps(built)
    assert copy.deepcopy(node) == built
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        node.size = 0


def test_an_engine_state_is_remembered_as_the_class_remembers_a_state() -> None:
    # GameState(...) remembers the last state made, which decides whether a state made
    # next by changing it a little is checked; the engine's states must leave the same.
    state = guarda.new_game(guarda.modern(players=2), seed=4)
    for _ in range(30):
        state = guarda.apply(state, guarda.legal_actions(state)[-1])[0]
        engine = (_state._LAST_FIT[0], _state._LAST_FIT[0].seen, _state._LAST_FIT[0].pile)  # type: ignore[union-attr]
        guarda.GameState(*_fields(state))
        by_class = (_state._LAST_FIT[0], _state._LAST_FIT[0].seen, _state._LAST_FIT[0].pile)  # type: ignore[union-attr]
        assert engine[0] is by_class[0] and engine[0].config is state.config  # type: ignore[union-attr]
        assert engine[1] is by_class[1] is state.players and engine[2] is by_class[2]
    # So a player one card short, made from the last state, is not checked here (a
    # full check of the state refuses it), as with states made by the class.
    first = state.players[0]
    short = attrs.evolve(first, draw_pile=first.draw_pile[1:])
    assert attrs.evolve(state, players=(short, *state.players[1:])).players[0] == short


def test_a_copier_makes_what_attrs_evolve_makes(samples: dict[Any, list[Any]]) -> None:
    changes = {
        "draw_pile": (),
        "hand": ("H1", "V2"),
        "in_play": ("X",),
        "discard_known": ("V1",),
        "discard_hidden": ("H2", "H2"),
        "position": guarda.Cell(1, 2),
        "guard": guarda.Guard("V3", guarda.GuardStatus.PREPARING, None),
        "health": 3,
    }
    names = list(changes)
    for count in range(1, 4):
        for start in range(len(names)):
            changed = [names[(start + step) % len(names)] for step in range(count)]
            copy_with = copier(guarda.PlayerState, *changed)
            for player in samples[guarda.PlayerState]:
                made = copy_with(player, *(changes[name] for name in changed))
                evolved = attrs.evolve(player, **{name: changes[name] for name in changed})
                assert type(made) is guarda.PlayerState and made == evolved
                assert hash(made) == hash(evolved) and repr(made) == repr(evolved)
                assert pickle.dumps(made) == pickle.dumps(evolved)
