"""Rulings R17-R21: reactions to an attack, guards, counters, units.

The duel: Modern, South (player 0) on b1 attacking, North (player 1) on d5 defending.
Worked out from R5/R6: South's V4 and H5 attack d5; North's V4 and H5 defend d5 and, in
attack orientation, cover b1 (critical counter); South's V4 and H5 defend b1.
"""

from __future__ import annotations

import pytest

import guarda
from guarda import (
    Action,
    ActivateGuard,
    Attack,
    DamageTaken,
    Defend,
    DefendCounter,
    Defended,
    EliminationReason,
    GameState,
    Guard,
    GuardActivated,
    GuardBroken,
    GuardReturned,
    GuardStatus,
    HealthRestored,
    IllegalActionError,
    Orientation,
    Phase,
    PlayerEliminated,
    PositionBuilder,
    PrepareNewGuard,
    TakeDamage,
)

OFF, DEF = Orientation.OFFENSIVE, Orientation.DEFENSIVE


def refused(state: GameState, action: Action, rule: str) -> None:
    """Assert that ``action`` is illegal for ``rule`` and changes nothing."""
    before = (repr(state), state.events)
    with pytest.raises(IllegalActionError) as info:
        guarda.apply(state, action)
    assert info.value.rule == rule
    assert (repr(state), state.events) == before


def attacked(
    cards: tuple[str, ...] = ("V4", "H5"),
    guard: Guard | None = None,
    health: int = 10,
    attacker_hand: tuple[str, ...] = ("V4", "V4", "H5", "V2"),
    defender_hand: tuple[str, ...] = ("V4", "H5", "V1", "H1"),
) -> GameState:
    """The duel after player 0 attacked with ``cards``: player 1 reacts."""
    state = (
        PositionBuilder(guarda.modern())
        .player(0, position="b1", hand=attacker_hand)
        .player(1, position="d5", hand=defender_hand, guard=guard, health=health)
        .to_act(0, Phase.ACT)
        .build()
    )
    after, _ = guarda.apply(state, Attack(cards))
    return after


# -- R17 --------------------------------------------------------------------------------


def test_r17_incoming_damage_is_the_number_of_covering_cards() -> None:
    state = attacked(("V4", "H5", "V2"))
    assert state.phase is Phase.REACT and state.actor == 1
    assert state.attack is not None and state.attack.damage == 2
    after, events = guarda.apply(state, TakeDamage())
    assert events[0] == DamageTaken(1, 2, 0, 8)
    assert after.players[1].health == 8 and after.phase is Phase.SETTLE


def test_r17_only_the_reacting_player_acts() -> None:
    state = attacked()
    with pytest.raises(IllegalActionError) as info:
        guarda.apply(state, TakeDamage(), player=0)
    assert info.value.rule == "R17"


# -- R18 --------------------------------------------------------------------------------


def test_r18_preparing_guard_breaks_on_two_cards() -> None:
    state = attacked(guard=Guard("V1", GuardStatus.PREPARING))
    me = state.players[1]
    assert GuardBroken(1, "V1") in state.events
    assert me.guard is None and me.discard_hidden == ("V1",)
    assert state.attack is not None and state.attack.damage == 1
    # The player may still defend with the hand.
    after, _ = guarda.apply(state, Defend(("H5",)))
    assert after.players[1].health == 10


def test_r18_preparing_guard_survives_one_card() -> None:
    state = attacked(("V4",), guard=Guard("V1", GuardStatus.PREPARING))
    assert state.players[1].guard == Guard("V1", GuardStatus.PREPARING)
    assert state.attack is not None and state.attack.damage == 1
    assert not any(isinstance(e, GuardBroken) for e in state.events)


# -- R19 --------------------------------------------------------------------------------


def test_r19_each_covering_defence_card_negates_one_damage() -> None:
    state = attacked()
    after, events = guarda.apply(state, Defend(("V4",)))
    assert events[:2] == (Defended(1, ("V4",), 0), DamageTaken(1, 1, 0, 9))
    me = after.players[1]
    assert me.discard_known == ("V4",) and me.hand == ("H1", "H5", "V1")
    both, _ = guarda.apply(state, Defend(("H5", "V4")))
    assert both.players[1].health == 10


def test_r19_defence_card_must_cover_your_cell_defensively() -> None:
    state = attacked()
    refused(state, Defend(("V1",)), "R19")  # defends column a
    refused(state, Defend(("H1",)), "R19")  # defends row 1
    one = attacked(("V4",))
    refused(one, Defend(("H5", "V4")), "R19")  # more cards than damage
    refused(state, Defend(()), "R19")


# -- R20 --------------------------------------------------------------------------------


def test_r20_activating_a_preparing_guard_is_illegal() -> None:
    state = attacked(("V4",), guard=Guard("V1", GuardStatus.PREPARING))
    assert ActivateGuard() not in guarda.legal_actions(state)
    refused(state, ActivateGuard(), "R20")


def test_r20_block_takes_no_damage_and_discards_the_guard() -> None:
    state = attacked(guard=Guard("V1", GuardStatus.SET, DEF))
    after, events = guarda.apply(state, ActivateGuard())
    assert events[0] == GuardActivated(1, "V1", DEF, False)
    assert not any(isinstance(e, DamageTaken) for e in events)
    me = after.players[1]
    assert me.health == 10 and me.guard is None and me.discard_known == ("V1",)
    assert after.phase is Phase.SETTLE


def test_r20_critical_block_heals_returns_the_guard_and_offers_a_new_one() -> None:
    state = attacked(guard=Guard("H5", GuardStatus.SET, DEF), health=5, defender_hand=("V1",))
    after, events = guarda.apply(state, ActivateGuard())
    assert events == (
        GuardActivated(1, "H5", DEF, True),
        HealthRestored(1, 1, 6),
        GuardReturned(1, "H5"),
    )
    me = after.players[1]
    assert me.health == 6 and me.hand == ("H5", "V1") and me.guard is None
    assert after.phase is Phase.NEW_GUARD and after.actor == 1
    done, _ = guarda.apply(after, PrepareNewGuard("V1"))
    assert done.players[1].guard == Guard("V1", GuardStatus.PREPARING)
    assert done.players[1].hand == ("H5",)
    assert done.phase is Phase.SETTLE and done.actor == 0


def test_r20_critical_block_heal_is_capped() -> None:
    state = attacked(guard=Guard("V4", GuardStatus.SET, DEF), health=10)
    after, events = guarda.apply(state, ActivateGuard())
    assert after.players[1].health == 10
    assert not any(isinstance(e, HealthRestored) for e in events)


def test_r20_counter_negates_one_and_deals_two() -> None:
    state = attacked(guard=Guard("H1", GuardStatus.SET, OFF))
    after, events = guarda.apply(state, ActivateGuard())
    assert events == (GuardActivated(1, "H1", OFF, False),)
    assert after.phase is Phase.COUNTER and after.actor == 0
    assert after.attack is not None and after.attack.counter == 2
    assert after.attack.defender_damage == 1
    assert after.players[1].discard_known == ("H1",)
    # The attacker answers with hand defence only; never with a guard.
    refused(after, DefendCounter(("V2",)), "R19")
    refused(after, ActivateGuard(), "R20")
    final, events = guarda.apply(after, DefendCounter(("V4",)))
    assert Defended(0, ("V4",), 1) in events
    assert final.players[1].health == 9 and final.players[0].health == 9


def test_r20_critical_counter_deals_three() -> None:
    state = attacked(guard=Guard("V4", GuardStatus.SET, OFF))
    after, events = guarda.apply(state, ActivateGuard())
    assert events == (GuardActivated(1, "V4", OFF, True),)
    assert after.attack is not None and after.attack.counter == 3
    final, _ = guarda.apply(after, TakeDamage())
    assert final.players[0].health == 7 and final.players[1].health == 9


def test_r20_health_never_drops_below_zero() -> None:
    state = attacked(("V4", "H5"), health=1)
    after, events = guarda.apply(state, TakeDamage())
    assert DamageTaken(1, 2, 0, 0) in events
    assert after.players[1].health == 0 and after.players[1].is_out


# -- R21 --------------------------------------------------------------------------------


def test_r21_attack_resolves_after_the_attacker_is_eliminated() -> None:
    config = guarda.modern(players=3)
    counter = Guard("H1", GuardStatus.SET, OFF)
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("ALL",), health=2)
        .player(1, position="a3", guard=counter)
        .player(2, position="d5", guard=counter)
        .to_act(0, Phase.ACT, turn_number=4)
        .build()
    )
    state, _ = guarda.apply(state, Attack(("ALL",)))
    assert state.actor == 1
    state, _ = guarda.apply(state, ActivateGuard())
    state, events = guarda.apply(state, TakeDamage())
    assert DamageTaken(0, 2, 1, 0) in events
    assert PlayerEliminated(0, EliminationReason.HEALTH) in events
    assert state.players[0].is_out and state.players[0].position is None
    # The attack still resolves for player 2.
    assert state.phase is Phase.REACT and state.actor == 2
    state, events = guarda.apply(state, ActivateGuard())
    # A counter against an out attacker negates 1 but deals none.
    assert not any(isinstance(e, DamageTaken) for e in events)
    assert state.players[2].health == 10
    # No Settle for the eliminated attacker: play passes on.
    names = [type(e).__name__ for e in events]
    assert "TurnSettled" not in names
    assert guarda.TurnEnded(0, 4) in events and guarda.TurnStarted(1, 5) in events
    assert state.turn == 1


def test_r21_each_defender_is_one_unit() -> None:
    config = guarda.modern(players=3)
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("ALL",))
        .player(1, position="a3", health=1)
        .player(2, position="d5")
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = guarda.apply(state, Attack(("ALL",)))
    state, events = guarda.apply(state, TakeDamage())
    # Player 1's unit ends with their elimination, before player 2 reacts.
    assert PlayerEliminated(1, EliminationReason.HEALTH) in events
    assert state.phase is Phase.REACT and state.actor == 2
