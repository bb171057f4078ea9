"""Rulings R12-R16: the Draw, Move, Act and Settle phases."""

from __future__ import annotations

import pytest

import guarda
from guarda import (
    Action,
    Attack,
    AttackDeclared,
    CardsBurned,
    CardsDrawn,
    Cell,
    Direction,
    DiscardDown,
    DiscardPileShuffled,
    GameState,
    Guard,
    GuardDiscarded,
    GuardPrepared,
    GuardStatus,
    IllegalActionError,
    Move,
    Orientation,
    Phase,
    PieceMoved,
    PiecePushed,
    PositionBuilder,
    PrepareGuard,
    Push,
)

N, E, S, W = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST


def refused(state: GameState, action: Action, rule: str) -> None:
    """Assert that ``action`` is illegal for ``rule`` and changes nothing."""
    before = (repr(state), state.events)
    with pytest.raises(IllegalActionError) as info:
        guarda.apply(state, action)
    assert info.value.rule == rule
    assert (repr(state), state.events) == before and not guarda.is_legal(state, action)


def duel(config: guarda.Config | None = None) -> PositionBuilder:
    return PositionBuilder(config or guarda.modern()).player(0, position="c3")


# -- R12 --------------------------------------------------------------------------------


def test_r12_classic_draws_one_even_with_a_full_hand() -> None:
    hand = ("V1", "V2", "V3", "V4", "V5", "V6")
    state = duel(guarda.classic()).player(0, hand=hand).player(1, position="f6").start_turn(0)
    built = state.build()
    assert built.phase is Phase.DISCARD and len(built.players[0].hand) == 7
    refused(built, DiscardDown(("V1", "V2")), "R12")
    after, events = guarda.apply(built, DiscardDown(("V1",)))
    assert after.phase is Phase.MOVE and len(after.players[0].hand) == 6
    assert after.players[0].discard_hidden == ("V1",)
    assert events[0] == guarda.CardsDiscarded(0, 1, ("V1",), guarda.DiscardReason.DRAW)


def test_r12_classic_draws_one_then_fills() -> None:
    state = duel(guarda.classic()).player(0, hand=("V1",)).player(1, position="f6")
    built = state.start_turn(0).build()
    draws = [e.count for e in built.events if isinstance(e, CardsDrawn)]
    assert draws == [1, 4]
    assert built.phase is Phase.MOVE and len(built.players[0].hand) == 6


def test_r12_modern_fills_or_trims_and_draws_nothing_when_full() -> None:
    full = duel().player(0, hand=("V1",) * 4 + ("V2",)).player(1, position="e5")
    built = full.start_turn(0).build()
    assert built.phase is Phase.MOVE
    assert not any(isinstance(e, CardsDrawn) for e in built.events)
    short = duel().player(0, hand=("V1", "V2")).player(1, position="e5").start_turn(0).build()
    assert [e.count for e in short.events if isinstance(e, CardsDrawn)] == [3]
    over = duel().player(0, hand=("V1",) * 4 + ("V2", "V3")).player(1, position="e5")
    assert over.start_turn(0).build().phase is Phase.DISCARD


def test_r12_grda_guard_counts_toward_the_hand() -> None:
    guard = Guard("H1", GuardStatus.PREPARING)
    state = (
        duel(guarda.grda())
        .player(0, hand=("V1", "V2", "V3"), guard=guard)
        .player(1, position="d4")
        .start_turn(0)
        .build()
    )
    # Draw one (4 cards), then discard down to 3: the guard is the fourth.
    assert state.phase is Phase.DISCARD and len(state.players[0].hand) == 4
    after, _ = guarda.apply(state, DiscardDown(("V1",)))
    assert len(after.players[0].hand) == 3


def test_r12_empty_pile_reshuffles_the_discards_only_when_drawing() -> None:
    config = guarda.modern()
    rest = [name for name in config.card_names for _ in range(4)]
    hand = ("V1", "V2")
    for card in hand:
        rest.remove(card)
    state = (
        duel()
        .player(0, hand=hand, draw_pile=(), discard_hidden=rest[:40], discard_known=rest[40:])
        .player(1, position="e5")
    )
    built = state.start_turn(0).build()
    assert DiscardPileShuffled(0, 46) in built.events
    me = built.players[0]
    assert me.discard_known == () and me.discard_hidden == ()
    assert len(me.hand) == 5 and len(me.draw_pile) == 43


def test_r12_both_piles_empty_leave_the_hand_short() -> None:
    config = guarda.custom(3, deck=[guarda.DeckEntry(guarda.line_cards(3)[0], 2)])
    state = (
        PositionBuilder(config)
        .player(
            0,
            position="a1",
            hand=("V1",),
            draw_pile=(),
            guard=Guard("V1", GuardStatus.SET, Orientation.DEFENSIVE),
        )
        .player(1, position="c3")
        .start_turn(0)
        .build()
    )
    assert state.phase is Phase.MOVE and state.players[0].hand == ("V1",)
    assert not any(isinstance(e, CardsDrawn | DiscardPileShuffled) for e in state.events)


# -- R13 --------------------------------------------------------------------------------


def mover() -> GameState:
    """South on c3 with five cards, North on c5, in the Move phase."""
    return (
        duel()
        .player(0, hand=("V1", "V2", "V3", "H1", "H2"))
        .player(1, position="c5")
        .to_act(0)
        .build()
    )


def test_r13_move_burns_one_card_per_cell() -> None:
    state = mover()
    after, events = guarda.apply(state, Move(E, ("V1", "V2")))
    assert events == (CardsBurned(0, 2, ("V1", "V2")), PieceMoved(0, Cell(2, 2), Cell(4, 2)))
    me = after.players[0]
    assert me.position == Cell(4, 2) and me.hand == ("H1", "H2", "V3")
    assert me.discard_hidden == ("V1", "V2")
    assert after.phase is Phase.MOVE and after.has_moved
    refused(after, Move(W, ("H1",)), "R13")  # at most one move


def test_r13_move_cannot_cross_a_piece_or_leave_the_field() -> None:
    state = mover()
    refused(state, Move(N, ("V1", "V2")), "R13")  # c4 free, c5 occupied
    refused(state, Move(N, ("V1", "V2", "V3")), "R13")  # through c5
    refused(state, Move(S, ("V1", "V2", "V3")), "R13")  # off the field
    refused(state, Move(N, ()), "R13")
    refused(state, Move(E, ("X",)), "R13")  # not in hand
    after, _ = guarda.apply(state, Move(N, ("V1",)))
    assert after.players[0].position == Cell(2, 3)


def test_r13_push_moves_the_opponent_away_and_ends_the_phase() -> None:
    state = mover()
    moved, _ = guarda.apply(state, Move(N, ("V1",)))
    # Now on c4 next to c5 at the north edge: nothing is pushed off the field.
    refused(moved, Push(N, ("V2",)), "R13")
    state = duel().player(0, hand=("V1", "V2", "V3")).player(1, position="c4").to_act(0).build()
    after, events = guarda.apply(state, Push(N, ("V1",)))
    assert events == (CardsBurned(0, 1, ("V1",)), PiecePushed(0, 1, Cell(2, 3), Cell(2, 4)))
    assert after.players[1].position == Cell(2, 4)
    assert after.phase is Phase.ACT
    refused(state, Push(N, ("V1", "V2")), "R13")  # off the field
    refused(state, Push(E, ("V1",)), "R13")  # nobody there


def test_r13_move_then_push() -> None:
    state = (
        PositionBuilder(guarda.modern())
        .player(0, position="c2", hand=("V1", "V2"))
        .player(1, position="c4")
        .to_act(0)
        .build()
    )
    moved, _ = guarda.apply(state, Move(N, ("V1",)))
    assert Push(N, ("V2",)) in guarda.legal_actions(moved)
    pushed, events = guarda.apply(moved, Push(N, ("V2",)))
    assert events[-1] == PiecePushed(0, 1, Cell(2, 3), Cell(2, 4))
    assert pushed.players[0].position == Cell(2, 2) and pushed.phase is Phase.ACT


def test_r13_no_chain_push() -> None:
    config = guarda.modern(players=3)
    state = (
        PositionBuilder(config)
        .player(0, position="a3", hand=("V1", "V2"))
        .player(1, position="b3")
        .player(2, position="d3")
        .to_act(0)
        .build()
    )
    after, _ = guarda.apply(state, Push(E, ("V1",)))
    assert after.players[1].position == Cell(2, 2)
    refused(state, Push(E, ("V1", "V2")), "R13")


def test_r13_no_pushing_teammates() -> None:
    config = guarda.modern(players=4, teams=[[0, 2], [1, 3]])
    state = (
        PositionBuilder(config)
        .player(0, position="c3", hand=("V1",))
        .player(1, position="a1")
        .player(2, position="c4")
        .player(3, position="e5")
        .to_act(0)
        .build()
    )
    assert not any(isinstance(a, Push) for a in guarda.legal_actions(state))
    refused(state, Push(N, ("V1",)), "R13")


# -- R14 --------------------------------------------------------------------------------


def test_r14_a_preparing_guard_must_be_set_first() -> None:
    guard = Guard("H2", GuardStatus.PREPARING)
    state = duel().player(0, hand=("V1",), guard=guard).player(1, position="c5")
    built = state.to_act(0, Phase.ACT).build()
    assert built.phase is Phase.SET_GUARD
    refused(built, guarda.Pass(), "R14")
    refused(built, Attack(("V1",)), "R14")
    after, events = guarda.apply(built, guarda.SetGuard(Orientation.OFFENSIVE))
    assert after.phase is Phase.ACT
    assert after.players[0].guard == Guard("H2", GuardStatus.SET, Orientation.OFFENSIVE)
    assert events == (guarda.GuardSet(0, Orientation.OFFENSIVE),)


def test_r14_preparing_a_guard_discards_the_old_one() -> None:
    old = Guard("H2", GuardStatus.SET, Orientation.DEFENSIVE)
    state = duel().player(0, hand=("V1", "V2"), guard=old).player(1, position="c5")
    built = state.to_act(0, Phase.ACT).build()
    assert built.phase is Phase.ACT
    after, events = guarda.apply(built, PrepareGuard("V1"))
    assert events == (GuardDiscarded(0, "H2"), GuardPrepared(0, "V1"))
    me = after.players[0]
    assert me.guard == Guard("V1", GuardStatus.PREPARING)
    assert me.hand == ("V2",) and me.discard_hidden == ("H2",)
    assert after.phase is Phase.SETTLE
    refused(built, PrepareGuard("H5"), "R14")


# -- R15 --------------------------------------------------------------------------------


def test_r15_each_card_deals_one_damage_to_each_covered_opponent() -> None:
    config = guarda.modern(players=4, teams=[[0, 2], [1, 3]])
    state = (
        PositionBuilder(config)
        .player(0, position="a1", hand=("ALL", "H3", "V1"))
        .player(1, position="a3")
        .player(2, position="a2")
        .player(3, position="e3")
        .to_act(0, Phase.ACT)
        .build()
    )
    after, events = guarda.apply(state, Attack(("ALL", "H3", "V1")))
    # Player 1 on a3: ALL, H3 (row 3), V1 (column a) = 3; player 3 on e3: ALL, H3 = 2.
    # Teammate 2 on a2 is covered by ALL and V1 but never hurt.
    assert events[0] == AttackDeclared(0, ("ALL", "H3", "V1"), ((1, 3), (3, 2)))
    assert after.players[0].in_play == ("ALL", "H3", "V1")
    assert after.attack is not None and after.attack.damage == 3


def test_r15_an_attack_covering_nobody_is_legal() -> None:
    state = duel().player(0, hand=("V1",)).player(1, position="e5").to_act(0, Phase.ACT)
    after, events = guarda.apply(state.build(), Attack(("V1",)))
    assert events == (AttackDeclared(0, ("V1",), ()),)
    assert after.phase is Phase.SETTLE and after.players[0].in_play == ("V1",)
    refused(state.build(), Attack(()), "R14")
    refused(state.build(), Attack(("X",)), "R15")  # not in the hand


# -- R16 --------------------------------------------------------------------------------


def test_r16_settle_discards_face_up_cards_and_chosen_hand_cards() -> None:
    state = (
        duel()
        .player(0, hand=("H1", "H2", "V5"), in_play=("V1", "V2"))
        .player(1, position="e5")
        .to_act(0, Phase.SETTLE, turn_number=3)
        .build()
    )
    refused(state, guarda.Settle(("X",)), "R16")
    after, events = guarda.apply(state, guarda.Settle(("H1", "V5")))
    me = after.players[0]
    assert me.in_play == () and me.hand == ("H2",)
    assert me.discard_known == ("V1", "V2") and me.discard_hidden == ("H1", "V5")
    assert me.position == Cell(2, 2)  # discarding grants no movement
    assert events[:3] == (
        guarda.TurnSettled(0, ("V1", "V2")),
        guarda.CardsDiscarded(0, 2, ("H1", "V5"), guarda.DiscardReason.SETTLE),
        guarda.TurnEnded(0, 3),
    )
    assert after.turn == 1 and after.turn_number == 4
