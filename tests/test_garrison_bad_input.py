# mypy: disable-error-code="arg-type"
"""Garrison's public functions refuse junk with a GuardaError naming the field."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from guarda.errors import (
    ActionSpaceError,
    ArgumentError,
    ConfigurationError,
    DocumentError,
    GuardaError,
    IllegalActionError,
    NotationError,
    ReplayError,
    UnsupportedVersionError,
)
from guarda.games.garrison import (
    GARRISON,
    ActionSpace,
    EndTurn,
    GarrisonConfig,
    GarrisonHeuristic,
    GarrisonRecord,
    Pass,
    Trade,
    apply,
    card_name,
    describe_action,
    determinize,
    dumps,
    format_action,
    hand_value,
    legal_actions,
    loads,
    long_name,
    new_game,
    observation_size,
    observe,
    parse_action,
    parse_card,
    payments,
    rank,
    replay,
    seat_order,
    suit,
    svg,
    text,
    value,
    view,
    visible_events,
)

STATE = new_game(GarrisonConfig(), seed=1)
SPACE = ActionSpace(GarrisonConfig())
BOT = GarrisonHeuristic()

CASES: list[tuple[str, Callable[[], Any], type[GuardaError], str]] = [
    ("config players", lambda: GarrisonConfig(players=1), ConfigurationError, "config.players"),
    ("config length", lambda: GarrisonConfig(length="epic"), ConfigurationError, "config.length"),
    (
        "config limit",
        lambda: GarrisonConfig(turn_limit="9"),
        ConfigurationError,
        "config.turn_limit",
    ),
    ("new_game config", lambda: new_game("x", 1), ArgumentError, "config"),
    ("new_game seed", lambda: new_game(GarrisonConfig(), "1"), ArgumentError, "seed"),
    ("new_game salt", lambda: new_game(GarrisonConfig(), 1, salt=2), ArgumentError, "salt"),
    ("legal_actions", lambda: legal_actions("x"), ArgumentError, "state"),
    ("apply state", lambda: apply("x", EndTurn()), ArgumentError, "state"),
    ("apply junk", lambda: apply(STATE, "end"), IllegalActionError, "action"),
    ("apply illegal", lambda: apply(STATE, Pass()), IllegalActionError, "action"),
    ("apply bad card", lambda: apply(STATE, Trade(99, 1)), IllegalActionError, "action"),
    ("view state", lambda: view(None, 0), ArgumentError, "state"),
    ("view player", lambda: view(STATE, 2), ArgumentError, "player"),
    ("view bool", lambda: view(STATE, True), ArgumentError, "player"),
    ("visible_events", lambda: visible_events([], "0"), ArgumentError, "player"),
    ("determinize view", lambda: determinize(STATE, random.Random()), ArgumentError, "view"),
    ("determinize rng", lambda: determinize(view(STATE, 0), 3), ArgumentError, "rng"),
    ("dumps", lambda: dumps(object()), ArgumentError, "value"),
    ("loads json", lambda: loads("{"), DocumentError, "$"),
    ("loads type", lambda: loads(3), DocumentError, "$"),
    ("loads format", lambda: loads('{"format": "chess"}'), DocumentError, "$.format"),
    (
        "loads version",
        lambda: loads('{"format": "garrison", "version": 9}'),
        UnsupportedVersionError,
        "$.version",
    ),
    (
        "loads kind",
        lambda: loads('{"format": "garrison", "version": 1, "kind": "x"}'),
        DocumentError,
        "$.kind",
    ),
    (
        "loads action",
        lambda: loads('{"format": "garrison", "version": 1, "kind": "action", "action": 5}'),
        DocumentError,
        "$.action",
    ),
    (
        "loads config field",
        lambda: loads('{"format": "garrison", "version": 1, "kind": "config", "players": 2}'),
        DocumentError,
        "$.length",
    ),
    (
        "loads event",
        lambda: loads('{"format":"garrison","version":1,"kind":"event","event":"Won"}'),
        DocumentError,
        "$.event",
    ),
    (
        "loads event field",
        lambda: loads(
            '{"format":"garrison","version":1,"kind":"event","event":"Passed",'
            '"fields":{"player":"me"}}'
        ),
        DocumentError,
        "$.fields.player",
    ),
    ("parse_action", lambda: parse_action("trade 5S"), NotationError, "action"),
    ("parse_action type", lambda: parse_action(5), NotationError, "action"),
    ("parse_action seat", lambda: parse_action("siege 5S 9"), NotationError, "action.target"),
    ("parse_action card", lambda: parse_action("discard ZZ"), NotationError, "card"),
    ("format_action", lambda: format_action(Trade(99, 1)), NotationError, "action"),
    ("parse_card", lambda: parse_card("1S"), NotationError, "card"),
    ("card_name", lambda: card_name(53), ArgumentError, "card"),
    ("value", lambda: value("AS"), ArgumentError, "card"),
    ("suit", lambda: suit(-1), ArgumentError, "card"),
    ("rank", lambda: rank(None), ArgumentError, "card"),
    ("long_name", lambda: long_name(60), ArgumentError, "card"),
    ("hand_value", lambda: hand_value([1, 99]), ArgumentError, "card"),
    ("payments", lambda: payments(19, [3]), ArgumentError, "diamonds"),
    ("seat_order", lambda: seat_order(3, 2), ArgumentError, "start"),
    ("describe_action", lambda: describe_action("x"), ArgumentError, "action"),
    ("space config", lambda: ActionSpace("x"), ArgumentError, "config"),
    (
        "space index_of",
        lambda: SPACE.index_of("x"),
        ActionSpaceError,
        "action",
    ),
    (
        "space action_at",
        lambda: SPACE.action_at(-1),
        ActionSpaceError,
        "index",
    ),
    (
        "space legal",
        lambda: SPACE.legal_indices(3),
        ArgumentError,
        "position",
    ),
    ("svg", lambda: svg("x"), ArgumentError, "position"),
    ("text", lambda: text(3), ArgumentError, "position"),
    ("replay type", lambda: list(replay("x")), ArgumentError, "record"),
    (
        "replay illegal",
        lambda: list(replay(GarrisonRecord(GarrisonConfig(), 1, (Pass(),)))),
        ReplayError,
        "record.actions[0]",
    ),
    ("observe", lambda: observe(STATE), ArgumentError, "view"),
    ("observation_size", lambda: observation_size(2), ArgumentError, "config"),
    (
        "heuristic",
        lambda: BOT.act(view(STATE, 1), random.Random()),
        ArgumentError,
        "view",
    ),
    (
        "make_config option",
        lambda: GARRISON.make_config(2, {"speed": "1"}),
        ArgumentError,
        "speed",
    ),
    (
        "make_config length",
        lambda: GARRISON.make_config(2, {"length": "x"}),
        ArgumentError,
        "length",
    ),
    ("make_config players", lambda: GARRISON.make_config(9), ConfigurationError, "config.players"),
    ("players", lambda: GARRISON.players("x"), ArgumentError, "config"),
    ("actor", lambda: GARRISON.actor("x"), ArgumentError, "state"),
    ("record", lambda: GARRISON.record("x", 1), ArgumentError, "config"),
]


@pytest.mark.parametrize(("name", "call", "error", "path"), CASES, ids=[c[0] for c in CASES])
def test_junk_is_refused_naming_the_field(
    name: str, call: Callable[[], Any], error: type[GuardaError], path: str
) -> None:
    with pytest.raises(error) as caught:
        call()
    assert caught.value.path == path


def test_an_illegal_action_names_the_ruling_and_changes_nothing() -> None:
    before = dumps(STATE)
    with pytest.raises(IllegalActionError) as caught:
        apply(STATE, Trade(STATE.hands[STATE.turn_player][0], 51))
    assert caught.value.rule == "GA5"
    assert dumps(STATE) == before


@pytest.mark.parametrize(
    ("field", "junk"),
    [
        ("deck", '["ZZ"]'),
        ("hands", '[["AS"]]'),
        ("phase", '"lunch"'),
        ("actor", '"me"'),
        ("market", '["AS"]'),
        ("window", "[9]"),
        ("took_from_pile", '"yes"'),
        ("scores", "[2, 0]"),
    ],
)
def test_a_state_document_with_a_bad_field_is_refused_naming_it(field: str, junk: str) -> None:

    data = json.loads(dumps(STATE))
    data[field] = json.loads(junk)
    with pytest.raises(DocumentError) as caught:
        loads(json.dumps(data))
    assert caught.value.path is not None and caught.value.path.startswith(f"$.{field}")


def test_a_state_document_that_loses_a_card_is_refused() -> None:

    data = json.loads(dumps(STATE))
    data["deck"] = data["deck"][1:]
    with pytest.raises(DocumentError, match="exactly one place"):
        loads(json.dumps(data))
