"""On Guard refuses junk: every public function raises a GuardaError subclass naming the field."""

from __future__ import annotations

import json
import random
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
    UnsupportedVersionError,
)
from guarda.games.on_guard import (
    JOKER,
    ON_GUARD,
    ActionSpace,
    Add,
    OnGuardConfig,
    OnGuardHeuristic,
    OnGuardRecord,
    apply,
    determinize,
    dumps,
    format_action,
    loads,
    new_game,
    parse_action,
    replay,
    svg,
    text,
    view,
    visible_events,
)

STATE = new_game(OnGuardConfig(), 1)


@pytest.mark.parametrize(
    ("call", "error", "path"),
    [
        (lambda: OnGuardConfig(tier="duo"), ConfigurationError, "tier"),
        (lambda: OnGuardConfig(jokers=1), ConfigurationError, "jokers"),  # type: ignore[arg-type]
        (lambda: Add(15), ArgumentError, "card"),
        (lambda: Add(True), ArgumentError, "card"),
        (lambda: new_game("mezzo", 1), ArgumentError, "config"),  # type: ignore[arg-type]
        (lambda: new_game(OnGuardConfig(), 1.5), ArgumentError, "seed"),  # type: ignore[arg-type]
        (lambda: new_game(OnGuardConfig(), 1, salt=3), ArgumentError, "salt"),  # type: ignore[arg-type]
        (lambda: apply("state", Add(1)), ArgumentError, "state"),  # type: ignore[arg-type]
        (lambda: apply(STATE, "A"), ArgumentError, "action"),  # type: ignore[arg-type]
        (lambda: view(STATE, 2), ArgumentError, "player"),
        (lambda: view(None, 0), ArgumentError, "state"),  # type: ignore[arg-type]
        (lambda: visible_events([], "0"), ArgumentError, "player"),  # type: ignore[arg-type]
        (lambda: determinize(STATE, random.Random(1)), ArgumentError, "view"),  # type: ignore[arg-type]
        (lambda: determinize(view(STATE, 0), 3), ArgumentError, "rng"),  # type: ignore[arg-type]
        (lambda: format_action("A"), ArgumentError, "action"),  # type: ignore[arg-type]
        (lambda: parse_action("Z"), NotationError, "action"),
        (lambda: parse_action(7), NotationError, "action"),  # type: ignore[arg-type]
        (lambda: ActionSpace("c"), ArgumentError, "config"),  # type: ignore[arg-type]
        (lambda: ActionSpace(OnGuardConfig()).action_at(15), ActionSpaceError, "index"),
        (lambda: ActionSpace(OnGuardConfig()).index_of("A"), ActionSpaceError, "action"),  # type: ignore[arg-type]
        (lambda: ActionSpace(OnGuardConfig()).legal_indices(3), ArgumentError, "position"),  # type: ignore[arg-type]
        (lambda: svg("state"), ArgumentError, "position"),  # type: ignore[arg-type]
        (lambda: text(3), ArgumentError, "position"),  # type: ignore[arg-type]
        (lambda: OnGuardRecord(OnGuardConfig(), "1"), ArgumentError, "seed"),  # type: ignore[arg-type]
        (lambda: OnGuardRecord(OnGuardConfig(), 1, ("A",)), ArgumentError, "actions[0]"),  # type: ignore[arg-type]
        (lambda: OnGuardRecord(OnGuardConfig(), 1, 5), ArgumentError, "actions"),  # type: ignore[arg-type]
        (lambda: OnGuardRecord(OnGuardConfig(), 1, names="ab"), ArgumentError, "names"),
        (lambda: OnGuardRecord(OnGuardConfig(), 1, names=(1,)), ArgumentError, "names[0]"),  # type: ignore[arg-type]
        (lambda: replay("r"), ArgumentError, "record"),  # type: ignore[arg-type]
        (lambda: dumps(3), ArgumentError, "value"),
        (lambda: OnGuardHeuristic().act(view(STATE, 1), random.Random(1)), ArgumentError, "view"),
        (lambda: OnGuardHeuristic().act(view(STATE, 0), 1), ArgumentError, "rng"),  # type: ignore[arg-type]
        (lambda: ON_GUARD.default_config(3), ArgumentError, "players"),
        (lambda: ON_GUARD.make_config(2, {"speed": "1"}), ArgumentError, "speed"),
        (lambda: ON_GUARD.make_config(2, {"jokers": "maybe"}), ArgumentError, "jokers"),
        (lambda: ON_GUARD.make_config(2, {"tier": "fast"}), ArgumentError, "tier"),
        (lambda: ON_GUARD.legal_actions("s"), ArgumentError, "state"),  # type: ignore[arg-type]
        (lambda: ON_GUARD.scores(None), ArgumentError, "state"),  # type: ignore[arg-type]
        (lambda: ON_GUARD.parse_action("A", None), ArgumentError, "position"),  # type: ignore[arg-type]
        (lambda: ON_GUARD.describe_action("A", STATE), ArgumentError, "action"),  # type: ignore[arg-type]
        (lambda: ON_GUARD.observe(STATE), ArgumentError, "view"),  # type: ignore[arg-type]
        (lambda: ON_GUARD.observation_size(None), ArgumentError, "config"),  # type: ignore[arg-type]
    ],
)
def test_public_functions_refuse_junk_naming_the_field(
    call: Any, error: type[GuardaError], path: str
) -> None:
    with pytest.raises(error) as raised:
        call()
    assert raised.value.path == path


def _document(kind: str, data: object, version: object = 1) -> str:
    return json.dumps({"format": "on-guard", "version": version, "kind": kind, "data": data})


STATE_DATA = json.loads(dumps(STATE))["data"]
VIEW_DATA = json.loads(dumps(view(STATE, 1)))["data"]


def _with(data: dict[str, Any], key: str, value: object) -> dict[str, Any]:
    return {**data, key: value}


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("not json", ""),
        (b"[1]", "document"),
        ('{"format":"guarda","version":1,"kind":"action","data":"A"}', "format"),
        (_document("action", "A", version=2), "version"),
        (_document("move", "A"), "kind"),
        (_document("action", 3), "data"),
        (_document("config", {"tier": "mezzo"}), "data.jokers"),
        (_document("config", {"tier": "x", "jokers": False}), "data.tier"),
        (_document("config", {"tier": "mezzo", "jokers": "no"}), "data.jokers"),
        (_document("config", {"tier": "mezzo", "jokers": False, "x": 1}), "data.x"),
        (_document("state", _with(STATE_DATA, "hands", [["A"], ["Z"]])), "data.hands[1][0]"),
        (_document("state", _with(STATE_DATA, "hands", [["2", "A"], []])), "data.hands[0]"),
        (_document("state", _with(STATE_DATA, "hands", [["A"], ["A"]])), "data.hands[0]"),
        (_document("state", _with(STATE_DATA, "phase", "duel")), "data.phase"),
        (_document("state", _with(STATE_DATA, "actor", 2)), "data.actor"),
        (_document("state", _with(STATE_DATA, "actor", None)), "data.actor"),
        (_document("state", _with(STATE_DATA, "hits", [0])), "data.hits"),
        (_document("state", _with(STATE_DATA, "hits", [0, -1])), "data.hits[1]"),
        (_document("state", _with(STATE_DATA, "chosen", [True, False])), "data.chosen"),
        (_document("state", _with(STATE_DATA, "turns", "1")), "data.turns"),
        (_document("state", _with(STATE_DATA, "odds", 5)), "data.odds"),
        (_document("view", _with(VIEW_DATA, "hand", ["A"])), "data.hand"),
        (_document("view", _with(VIEW_DATA, "legal_actions", ["A"])), "data"),
        (_document("view", _with(VIEW_DATA, "legal_actions", ["?"])), "data.legal_actions[0]"),
        (_document("view", _with(VIEW_DATA, "player", "1")), "data.player"),
        (
            _document(
                "record",
                {
                    "config": {"tier": "mezzo", "jokers": False},
                    "seed": "1",
                    "salt": "",
                    "actions": [],
                    "names": [],
                },
            ),
            "data.seed",
        ),
        (
            _document(
                "record",
                {
                    "config": {"tier": "mezzo", "jokers": False},
                    "seed": 1,
                    "salt": "",
                    "actions": ["A", "Q?"],
                    "names": [],
                },
            ),
            "data.actions[1]",
        ),
        (
            _document(
                "record",
                {
                    "config": {"tier": "mezzo", "jokers": False},
                    "seed": 1,
                    "salt": "",
                    "actions": [],
                    "names": [3],
                },
            ),
            "data.names[0]",
        ),
        (_document("event", {"player": 0}), "data.type"),
        (_document("event", {"type": "Parried"}), "data.type"),
        (_document("event", {"type": "SelectionMade"}), "data.player"),
        (_document("event", {"type": "SelectionMade", "player": 2}), "data.player"),
        (_document("event", {"type": "SelectionMade", "player": 0, "x": 1}), "data.x"),
        (_document("event", {"type": "CardSelected", "player": 0, "card": 3}), "data.card"),
        (
            _document(
                "event",
                {
                    "type": "SelectionsRevealed",
                    "selections": [["4"], ["Z"]],
                    "ignored": [None, None],
                },
            ),
            "data.selections[1][0]",
        ),
        (
            _document(
                "event",
                {"type": "SelectionsRevealed", "selections": [[], []], "ignored": ["J", "?"]},
            ),
            "data.ignored[1]",
        ),
        (
            _document(
                "event",
                {
                    "type": "ExchangeScored",
                    "attack": [1, 2],
                    "parry": [1, 2],
                    "attack_hits": [0, 0],
                    "riposte_hits": [0],
                    "hits": [0, 0],
                },
            ),
            "data.riposte_hits",
        ),
        (_document("event", {"type": "BoutEnded", "attacker": "0"}), "data.attacker"),
        (
            _document(
                "event",
                {
                    "type": "BarrageRevealed",
                    "cards": ["A", "2"],
                    "scorer": 0,
                    "barrage_hits": [4, 0],
                },
            ),
            "data.barrage_hits[0]",
        ),
        (
            _document(
                "event", {"type": "GameWon", "winner": 0, "hits": [1, 0], "barrage_hits": 1}
            ),
            "data.barrage_hits",
        ),
    ],
)
def test_loads_refuses_bad_documents_naming_the_path(text: str, path: str) -> None:
    with pytest.raises(DocumentError) as raised:
        loads(text)
    assert raised.value.path == path


def test_an_unknown_version_is_its_own_error() -> None:
    with pytest.raises(UnsupportedVersionError):
        loads(_document("action", "A", version=9))


def test_an_illegal_action_leaves_the_state_unchanged() -> None:
    before = dumps(STATE)
    with pytest.raises(IllegalActionError) as raised:
        apply(STATE, Add(JOKER))  # no Jokers in this game
    assert raised.value.rule == "OG14" and raised.value.path == "action"
    assert dumps(STATE) == before
