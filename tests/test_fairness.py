"""P23: every game commits to its deals at the start; a revealed record proves them fair."""

from __future__ import annotations

import hashlib
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda


def _play(config: guarda.Config, seed: int, salt: str, choices: int) -> guarda.Recorder:
    recorder = guarda.Recorder(config, seed=seed, salt=salt)
    chooser = random.Random(choices)
    while not recorder.state.is_over:
        recorder.apply(chooser.choice(guarda.legal_actions(recorder.state)))
    return recorder


def test_p23_the_commitment_is_the_documented_hash() -> None:
    text = "guarda-deal-v1\n123456789\npepper"
    expected = hashlib.sha256(text.encode()).hexdigest()
    state = guarda.new_game(guarda.modern(), seed=123456789, salt="pepper")
    assert state.events[0] == guarda.DealCommitted(expected)
    record = guarda.GameRecord(guarda.modern(), seed=123456789, salt="pepper")
    assert record.commitment == expected


def test_p23_every_seat_and_spectator_sees_the_same_commitment() -> None:
    state = guarda.new_game(guarda.classic(players=4), seed=5, salt="s")
    seen = {guarda.view(state, seat).commitment for seat in (None, 0, 1, 2, 3)}
    assert len(seen) == 1 and None not in seen
    assert not guarda.is_private(state.events[0])


def test_p23_the_salt_changes_the_commitment_but_not_the_game() -> None:
    plain = guarda.new_game(guarda.modern(), seed=9)
    salted = guarda.new_game(guarda.modern(), seed=9, salt="x")
    assert plain.events[0] != salted.events[0]
    assert plain.events[1:] == salted.events[1:]
    assert plain.players == salted.players


def test_p23_a_built_position_has_no_commitment() -> None:
    state = (
        guarda.PositionBuilder(guarda.modern(), seed=1)
        .player(0, position="b2", hand=("V1", "V2"))
        .player(1, position="d4", hand=("H1",))
        .to_act(0, guarda.Phase.ACT)
        .build()
    )
    assert guarda.view(state, 0).commitment is None


def test_p23_an_honest_record_verifies_against_what_each_seat_kept() -> None:
    recorder = guarda.Recorder(guarda.modern(), seed=31, salt="c0ffee")
    at_start = [guarda.view(recorder.state, seat) for seat in (0, 1)]
    chooser = random.Random(31)
    while not recorder.state.is_over:
        recorder.apply(chooser.choice(guarda.legal_actions(recorder.state)))
    record = recorder.record()
    for seat in (0, 1):
        guarda.verify_fair(record, at_start[seat])
        guarda.verify_fair(record, guarda.seat_record(record, seat))
        guarda.verify_fair(record, guarda.view(recorder.state, seat))
    guarda.verify_fair(record, at_start[0].commitment)
    guarda.verify_fair(record)


@pytest.mark.parametrize("field", ["seed", "salt"])
def test_p23_a_changed_seed_or_salt_is_refused(field: str) -> None:
    record = _play(guarda.grda(), seed=4, salt="a", choices=4).record()
    kept = guarda.seat_record(record, 0)
    forged = attrs.evolve(record, seed=5) if field == "seed" else attrs.evolve(record, salt="b")
    with pytest.raises(guarda.FairnessError) as caught:
        guarda.verify_fair(forged, kept)
    assert caught.value.path == "seed" and caught.value.rule == "P23"


def test_p23_a_changed_action_is_refused_at_its_ply() -> None:
    record = _play(guarda.modern(), seed=8, salt="a", choices=8).record()
    kept = guarda.seat_record(record, 1)
    states = list(guarda.replay(record))
    for ply in range(20, len(record.actions)):  # the first ply with another legal choice
        alternatives = [a for a in guarda.legal_actions(states[ply]) if a != record.actions[ply]]
        if alternatives:
            break
    forged_actions = (*record.actions[:ply], alternatives[0])
    forged = attrs.evolve(record, actions=forged_actions, result=None)
    with pytest.raises(guarda.FairnessError) as caught:
        guarda.verify_fair(forged, kept)
    error = caught.value
    assert error.path is not None and error.path.startswith("events[")
    assert error.ply == ply + 1


def test_p23_a_draw_that_differs_from_what_the_player_saw_is_refused() -> None:
    record = _play(guarda.modern(), seed=12, salt="q", choices=12).record()
    kept = guarda.seat_record(record, 0)
    index = next(
        i
        for i, event in enumerate(kept.events)
        if isinstance(event, guarda.CardsDrawn) and event.player == 0 and i > 20
    )
    drawn = kept.events[index]
    assert isinstance(drawn, guarda.CardsDrawn) and drawn.cards is not None
    other = "H1" if drawn.cards[0] != "H1" else "H2"
    changed = attrs.evolve(drawn, cards=(other, *drawn.cards[1:]))
    forged_memory = attrs.evolve(
        kept, events=(*kept.events[:index], changed, *kept.events[index + 1 :])
    )
    with pytest.raises(guarda.FairnessError) as caught:
        guarda.verify_fair(record, forged_memory)
    assert caught.value.path == f"events[{index}]"


def test_p23_a_record_that_does_not_replay_is_refused() -> None:
    record = _play(guarda.grda(), seed=2, salt="", choices=2).record()
    forged = attrs.evolve(record, actions=(*record.actions[:3], guarda.Pass()), result=None)
    with pytest.raises(guarda.FairnessError, match="do not replay") as caught:
        guarda.verify_fair(forged, guarda.seat_record(record, 0))
    assert caught.value.ply == 4


def test_p23_a_truncated_seat_record_is_refused() -> None:
    record = _play(guarda.grda(), seed=3, salt="", choices=3).record()
    kept = guarda.seat_record(record, 1)
    shorter = attrs.evolve(kept, events=kept.events[:-1])
    with pytest.raises(guarda.FairnessError):
        guarda.verify_fair(record, shorter)


def test_p23_the_salt_is_validated_everywhere() -> None:
    with pytest.raises(guarda.ArgumentError, match="salt") as caught:
        guarda.new_game(guarda.modern(), seed=1, salt=7)  # type: ignore[arg-type]
    assert caught.value.path == "salt"
    with pytest.raises(guarda.ArgumentError):
        guarda.new_game(guarda.modern(), seed=1, salt="x" * 257)
    with pytest.raises(guarda.ParseError):
        guarda.GameRecord(guarda.modern(), seed=1, salt=3)  # type: ignore[arg-type]
    with pytest.raises(guarda.ArgumentError):
        guarda.verify_fair("not a record")  # type: ignore[arg-type]
    with pytest.raises(guarda.ArgumentError):
        guarda.verify_fair(guarda.GameRecord(guarda.modern(), seed=1), seen=42)  # type: ignore[arg-type]


def test_p23_the_salt_survives_a_record_document() -> None:
    record = _play(guarda.grda(), seed=6, salt="s4lt", choices=6).record()
    loaded = guarda.loads(guarda.dumps(record, secrets=True), guarda.GameRecord)
    assert loaded.salt == "s4lt" and loaded == record
    guarda.verify_fair(loaded, guarda.seat_record(record, 0))


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    salt=st.text(max_size=20),
    choices=st.integers(0, 1000),
    seat=st.integers(0, 2),
)
def test_p23_random_games_verify_and_a_changed_seed_never_does(
    seed: int, salt: str, choices: int, seat: int
) -> None:
    record = _play(guarda.grda(players=3), seed, salt, choices).record()
    kept = guarda.seat_record(record, seat)
    guarda.verify_fair(record, kept)
    with pytest.raises(guarda.FairnessError):
        guarda.verify_fair(attrs.evolve(record, seed=seed + 1), kept)
