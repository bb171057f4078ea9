"""Game records: recording, replay, the committed record, seat records, record documents."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import DocumentError, ReplayError, SecretsError, dumps, loads
from guarda._events import is_private
from guarda._records import (
    GameRecord,
    Recorder,
    SeatRecord,
    final_state,
    record_game,
    replay,
    seat_record,
)
from guarda._state import GameState
from guarda._tables import tables
from guarda._views import view
from guarda.errors import GuardaError, IllegalActionError, ParseError

DATA = Path(__file__).parent / "data"
RECORD_FILE = DATA / "record_modern_2p.json"
FINAL_FILE = DATA / "record_modern_2p.final.json"


def digest(state: GameState) -> dict[str, Any]:
    """A plain description of a state, by attribute access only (no serializer)."""

    def player(p: guarda.PlayerState) -> dict[str, Any]:
        guard = p.guard
        return {
            "position": None if p.position is None else p.position.name,
            "health": p.health,
            "points": p.points,
            "is_out": p.is_out,
            "winnings": p.winnings,
            "hand": list(p.hand),
            "draw_pile": list(p.draw_pile),
            "discard_known": list(p.discard_known),
            "discard_hidden": list(p.discard_hidden),
            "in_play": list(p.in_play),
            "guard": None
            if guard is None
            else [
                guard.card,
                guard.status.value,
                None if guard.orientation is None else guard.orientation.value,
            ],
        }

    outcome = state.outcome
    return {
        "phase": state.phase.value,
        "turn_number": state.turn_number,
        "turns_ended": state.turns_ended,
        "events": len(state.log),
        "rng": f"{state.rng:016x}",
        "players": [player(p) for p in state.players],
        "outcome": None
        if outcome is None
        else {
            "reason": outcome.reason.value,
            "winners": list(outcome.winners),
            "winning_team": outcome.winning_team,
            "drawn": list(outcome.drawn),
            "health": list(outcome.health),
            "points": list(outcome.points),
            "payouts": list(outcome.payouts),
        },
    }


def play(config: guarda.Config, seed: int, policy: int, limit: int = 10_000) -> Recorder:
    """A game played by a seeded random policy, recorded."""
    chooser = random.Random(policy)
    recorder = Recorder(config, seed, names=[f"bot {i}" for i in range(config.players)])
    for _ in range(limit):
        if recorder.state.is_over:
            break
        recorder.apply(chooser.choice(guarda.legal_actions(recorder.state)))
    return recorder


# -- the committed record --------------------------------------------------------------


def test_committed_record_replays_to_the_stored_final_state() -> None:
    record = loads(RECORD_FILE.read_text(encoding="utf-8"), GameRecord)
    expected = json.loads(FINAL_FILE.read_text(encoding="utf-8"))
    states = list(replay(record))
    assert len(states) == len(record.actions) + 1 >= 250
    final = states[-1]
    assert final.is_over
    assert digest(final) == expected
    assert record.result == final.outcome
    assert record.names == ("South bot", "North bot")


def test_committed_record_outcome_agrees_with_the_final_health() -> None:
    final = final_state(loads(RECORD_FILE.read_text(encoding="utf-8"), GameRecord))
    assert final.outcome is not None
    alive = [i for i, p in enumerate(final.players) if not p.is_out]
    assert list(final.outcome.winners) == alive
    assert all(final.players[i].health == 0 for i in range(2) if i not in alive)


# -- replay ----------------------------------------------------------------------------


@settings(max_examples=8)
@given(seed=st.integers(0, 2**40), policy=st.integers(0, 1000))
def test_replay_yields_every_state_in_order(seed: int, policy: int) -> None:
    recorder = play(guarda.grda(players=3), seed, policy, limit=60)
    record = recorder.record()
    states = list(replay(record))
    assert len(states) == len(record.actions) + 1
    assert states[0] == guarda.new_game(record.config, seed)
    for before, action, after in zip(states, record.actions, states[1:], strict=False):
        assert guarda.apply(before, action)[0] == after
    assert states[-1] == recorder.state
    assert loads(dumps(record, secrets=True), GameRecord) == record


def test_replay_of_a_loaded_record_plays_with_its_own_ruleset() -> None:
    recorder = play(guarda.modern(), 6, 6, limit=30)
    loaded = loads(dumps(recorder.record(), secrets=True), GameRecord)
    states = list(replay(loaded))
    assert all(state.config is loaded.config for state in states)
    assert tables(loaded.config).config == recorder.state.config
    assert states[-1] == recorder.state


def test_illegal_action_names_the_ply_and_the_rule() -> None:
    record = play(guarda.modern(), 3, 3, limit=12).record()
    bad = attrs.evolve(record, actions=(*record.actions[:5], guarda.Pass(), *record.actions[6:]))
    states = replay(bad)
    seen = [next(states) for _ in range(6)]
    assert seen[-1] == list(replay(record))[5]
    with pytest.raises(ReplayError) as caught:
        next(states)
    assert caught.value.ply == 6
    assert caught.value.path == "actions[5]"
    assert isinstance(caught.value.__cause__, IllegalActionError)
    assert caught.value.rule == caught.value.__cause__.rule is not None
    assert "ply 6" in str(caught.value)


def test_malformed_action_for_the_deck_fails_the_replay() -> None:
    recorder = Recorder(guarda.modern(), 4)
    while recorder.state.phase is not guarda.Phase.ACT:
        recorder.apply(guarda.legal_actions(recorder.state)[-1])
    record = recorder.record()
    bad = record.append(guarda.Attack(("NOPE",)))
    with pytest.raises(ReplayError) as caught:
        final_state(bad)
    assert caught.value.ply == len(bad.actions)
    assert caught.value.rule == "R3"


def test_wrong_result_fails_the_replay() -> None:
    recorder = play(guarda.modern(), 1, 1)
    record = recorder.record()
    assert record.result is not None
    wrong = attrs.evolve(record.result, winners=(9,))
    with pytest.raises(ReplayError, match="outcome differs") as caught:
        final_state(attrs.evolve(record, result=wrong))
    assert caught.value.path == "result"
    unfinished = attrs.evolve(record, actions=record.actions[:10])
    with pytest.raises(ReplayError, match="not over"):
        final_state(unfinished)


def test_malformed_action_in_a_document_names_ply_and_path() -> None:
    record = play(guarda.modern(), 2, 2, limit=8).record()
    document = json.loads(dumps(record, secrets=True))
    document["data"]["actions"][3] = {"type": "Attack", "cards": "V1"}
    with pytest.raises(DocumentError) as caught:
        loads(json.dumps(document), GameRecord)
    assert caught.value.path == "data.actions[3].cards"
    assert "ply 4" in caught.value.message


def test_record_game_fills_the_result_and_equals_the_recorder() -> None:
    recorder = play(guarda.classic(), 5, 5)
    record = recorder.record()
    again = record_game(record.config, record.seed, record.actions, names=record.names)
    assert again == record
    assert again.result == recorder.state.outcome is not None


def test_recorder_does_not_record_an_illegal_action() -> None:
    recorder = Recorder(guarda.modern(), 1)
    with pytest.raises(IllegalActionError):
        recorder.apply(guarda.Pass())
    assert recorder.record().actions == ()
    assert recorder.state == guarda.new_game(guarda.modern(), 1)


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"names": ("one",)}, "names"),
        ({"names": ("a", 2)}, "names"),
        ({"date": "31/01/2026"}, "date"),
        ({"event": 5}, "event"),
        ({"seed": True}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"actions": (guarda.Pass(), "Pass")}, "actions[1]"),
        ({"result": "draw"}, "result"),
        ({"config": "modern"}, "config"),
    ],
)
def test_record_fields_are_checked(changes: dict[str, Any], path: str) -> None:
    fields = {"config": guarda.modern(), "seed": 1, **changes}
    with pytest.raises(ParseError) as caught:
        GameRecord(**fields)
    assert caught.value.path == path


def test_record_documents_are_secret() -> None:
    record = GameRecord(guarda.modern(), 1)
    with pytest.raises(SecretsError):
        dumps(record)
    assert loads(dumps(record, secrets=True), GameRecord) == record


# -- seat records ----------------------------------------------------------------------


@pytest.mark.parametrize("player", [None, 0, 1])
def test_seat_record_holds_the_viewers_events_only(player: int | None) -> None:
    recorder = play(guarda.modern(), 8, 8, limit=120)
    record = recorder.record()
    seen = seat_record(record, player)
    assert seen.events == view(recorder.state, player).events
    assert len(seen.events) == len(recorder.state.log)
    for event in seen.events:
        if is_private(event) and getattr(event, "player", None) != player:
            assert all(getattr(event, name) is None for name in type(event).secret)  # type: ignore[union-attr]
    text = dumps(seen)
    data = json.loads(text)["data"]
    assert "seed" not in data
    assert "actions" not in data
    assert "rng" not in text
    assert loads(text, SeatRecord) == seen


def test_seat_record_rejects_an_unknown_player() -> None:
    with pytest.raises(GuardaError) as caught:
        seat_record(GameRecord(guarda.modern(), 1), 2)
    assert caught.value.path == "player"


def test_committed_record_data_file_is_a_version_1_document() -> None:
    document = json.loads(RECORD_FILE.read_text(encoding="utf-8"))
    assert (document["format"], document["version"], document["kind"]) == ("guarda", 1, "record")


# -- records in action notation ----------------------------------------------------------


def test_records_store_actions_in_notation() -> None:
    record = loads(RECORD_FILE.read_text(encoding="utf-8"), GameRecord)
    text = dumps(record, secrets=True, notation=True)
    actions = json.loads(text)["data"]["actions"]
    assert all(isinstance(action, str) for action in actions)
    assert actions[0].startswith("place ")
    assert loads(text, GameRecord) == record
    mixed = json.loads(text)
    mixed["data"]["actions"][1] = json.loads(dumps(record.actions[1]))["data"]
    assert loads(json.dumps(mixed), GameRecord) == record


def test_bad_notation_in_a_record_names_ply_and_path() -> None:
    document = json.loads(dumps(GameRecord(guarda.modern(), 1), secrets=True))
    document["data"]["actions"] = ["place c3", "fly N"]
    with pytest.raises(DocumentError) as caught:
        loads(json.dumps(document), GameRecord)
    assert caught.value.path is not None
    assert caught.value.path.startswith("data.actions[1]")
    assert "ply 2" in caught.value.message


def test_notation_is_for_records_only() -> None:
    with pytest.raises(DocumentError) as caught:
        dumps(guarda.Pass(), notation=True)
    assert caught.value.path == "notation"
