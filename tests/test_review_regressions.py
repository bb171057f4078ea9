"""Regression tests for the findings of the first independent review.

Each test names the ruling it protects; the API tests guard the promise that bad input
reaches the caller as a :class:`guarda.GuardaError`.
"""

from __future__ import annotations

from typing import Any

import pytest

import guarda
import guarda._documents
from guarda import (
    Cell,
    Direction,
    Guard,
    GuardStatus,
    Orientation,
    OutcomeReason,
    Phase,
    PositionBuilder,
)


def test_r7_actions_accept_direction_letters_and_stay_legal() -> None:
    state = (
        PositionBuilder(guarda.modern(), seed=1)
        .player(0, position="c1", hand=("V3",))
        .player(1, position="e5")
        .to_act(0, Phase.MOVE)
        .build()
    )
    written = guarda.Move("N", ("V3",))
    assert written == guarda.Move(Direction.NORTH, ("V3",))
    assert written in guarda.legal_actions(state)
    assert guarda.is_legal(state, written)
    after, _ = guarda.apply(state, written)
    assert after.players[0].position == Cell.parse("c2")


def test_r14_set_guard_accepts_orientation_values() -> None:
    state = (
        PositionBuilder(guarda.modern(), seed=1)
        .player(0, position="c1", guard=Guard("V1", GuardStatus.PREPARING))
        .player(1, position="e5")
        .to_act(0, Phase.ACT)
        .build()
    )
    assert state.phase is Phase.SET_GUARD
    written = guarda.SetGuard("defensive")
    assert written.orientation is Orientation.DEFENSIVE
    assert guarda.is_legal(state, written)


def test_r8_place_piece_accepts_cell_names() -> None:
    state = guarda.new_game(guarda.modern(), seed=0)
    first = guarda.legal_actions(state)[0]
    assert isinstance(first, guarda.PlacePiece)
    assert guarda.PlacePiece(first.cell.name) == first


# Calls a type checker would reject: made through an untyped alias on purpose.
loose: Any = guarda

BAD_CALLS: dict[str, Any] = {
    "legal_actions(None)": lambda: loose.legal_actions(None),
    "legal_actions of a string": lambda: loose.legal_actions("x"),
    "view(None)": lambda: loose.view(None, 0),
    "visible_events(None)": lambda: loose.visible_events(None, 0),
    "visible_events of non-events": lambda: loose.visible_events([1, 2], 0),
    "a cell with a float": lambda: loose.Cell(1.5, 0),
    "a cell with a bool": lambda: loose.Cell(True, 0),
    "a direction that is not one": lambda: loose.Move("Q", ("V1",)),
    "seats that are not a sequence": lambda: loose.modern(seats=5),
    "a deck that is not a sequence": lambda: loose.custom(5, deck=5),
    "a hand of lists": lambda: loose.PositionBuilder(loose.modern()).player(0, hand=[["V1"]]),
    "a phase that is not one": lambda: loose.PositionBuilder(loose.modern()).to_act(0, "zzz"),
    "a bool as the turn player": lambda: loose.PositionBuilder(loose.modern()).to_act(True),
}


@pytest.mark.parametrize("call", sorted(BAD_CALLS))
def test_bad_input_raises_guarda_errors(call: str) -> None:
    with pytest.raises(guarda.GuardaError):
        BAD_CALLS[call]()


@pytest.mark.parametrize("player", [True, "1", 1.0])
def test_apply_refuses_a_player_that_is_not_a_number(player: object) -> None:
    state = guarda.new_game(guarda.modern(), seed=0)
    action = guarda.legal_actions(state)[0]
    with pytest.raises(guarda.IllegalActionError) as caught:
        guarda.apply(state, action, player=player)  # type: ignore[arg-type]
    assert caught.value.path == "player"
    assert guarda.is_legal(state, action, player=state.actor)
    assert not guarda.is_legal(state, action, player=player)  # type: ignore[arg-type]


def test_builder_coerces_phase_names() -> None:
    builder = PositionBuilder(guarda.modern()).player(0, position="a1").player(1, position="b2")
    assert builder.to_act(0, "act").build().phase is Phase.ACT


def test_p21_an_attacker_out_mid_attack_leaves_the_attack_cards_known() -> None:
    state = (
        PositionBuilder(guarda.modern(), seed=2)
        .player(0, position="c1", hand=("V3",), health=2)
        .player(1, position="c5", guard=Guard("H1", GuardStatus.SET, Orientation.OFFENSIVE))
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = guarda.apply(state, guarda.Attack(("V3",)))
    state, _ = guarda.apply(state, guarda.ActivateGuard())
    assert state.phase is Phase.COUNTER
    state, _ = guarda.apply(state, guarda.TakeDamage())
    attacker = state.players[0]
    assert attacker.is_out and attacker.in_play == ()
    assert "V3" in attacker.discard_known
    assert guarda.view(state, None).players[0].in_play == ()
    assert state.outcome is not None and state.outcome.winners == (1,)


def test_r25_a_hill_win_still_ends_the_turn() -> None:
    config = guarda.modern(win="king-of-the-hill")
    state = (
        PositionBuilder(config, seed=3)
        .player(0, position="c3", points=4)
        .player(1, position="a1")
        .to_act(0, Phase.SETTLE, turn_number=9)
        .build()
    )
    after, events = guarda.apply(state, guarda.Settle())
    kinds = [type(event).__name__ for event in events]
    assert kinds.index("PointsScored") < kinds.index("TurnEnded") < kinds.index("GameEnded")
    assert after.turns_ended == state.turns_ended + 1
    assert after.outcome is not None and after.outcome.winners == (0,)


def test_p19_a_turn_limit_draw_is_shared_by_whole_teams() -> None:
    config = guarda.modern(4, teams=[[0, 2], [1, 3]], turn_limit=12)
    state = (
        PositionBuilder(config, seed=4)
        .player(0, position="a1")
        .player(1, position="e1")
        .player(2, is_out=True, health=0)
        .player(3, position="e5")
        .to_act(0, Phase.SETTLE, turn_number=12)
        .build()
    )
    after, _ = guarda.apply(state, guarda.Settle())
    assert after.outcome is not None
    assert after.outcome.reason is OutcomeReason.TURN_LIMIT
    assert after.outcome.drawn == (0, 1, 2, 3)
    assert after.outcome.winners == ()


def test_r20_a_new_guard_state_with_a_guard_still_down_is_refused() -> None:
    state = (
        PositionBuilder(guarda.modern(), seed=2)
        .player(0, position="c1", hand=("V3",))
        .player(1, position="c5", guard=Guard("H2", GuardStatus.PREPARING))
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = guarda.apply(state, guarda.Attack(("V3",)))
    assert state.phase is Phase.REACT
    forged = loose._documents.unstructure(state, secrets=True)
    forged["phase"] = "new-guard"
    with pytest.raises(guarda.GuardaError) as caught:
        loose._documents.structure(forged, guarda.GameState)
    assert caught.value.path is not None and "guard" in caught.value.path


def test_r9_nobody_is_out_during_setup() -> None:
    state = guarda.new_game(guarda.modern(4, win="exhaustion"), seed=0)
    forged = loose._documents.unstructure(state, secrets=True)
    forged["players"][0]["is_out"] = True
    with pytest.raises(guarda.GuardaError) as caught:
        loose._documents.structure(forged, guarda.GameState)
    assert caught.value.path is not None and "is_out" in caught.value.path


def test_documents_with_duplicate_keys_are_refused() -> None:
    text = (
        '{"format": "guarda", "version": 1, "kind": "action",'
        ' "data": {"type": "Pass", "type": "EndMove"}}'
    )
    with pytest.raises(guarda.DocumentError, match="twice"):
        guarda.loads(text, guarda.Action)


def test_the_event_log_can_be_indexed_like_a_tuple() -> None:
    state = guarda.new_game(guarda.modern(), seed=1)
    for _ in range(30):
        state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    events = state.events
    for index in (0, 3, -1, -2, -len(events)):
        assert state.log[index] == events[index]
    assert state.log[2:5] == events[2:5]
    with pytest.raises(IndexError):
        state.log[len(events)]
