"""The rules of turns, of who decides and of the end that a game position must satisfy.

Part of the position invariants: see `guarda._invariants`, which re-exports these with
the rest, so the builder and [guarda.check_state][guarda.check_state] use one set.
"""

from __future__ import annotations

from collections.abc import Sequence

from guarda._config import Config
from guarda._legal import list_actions
from guarda._state import (
    GameState,
    Outcome,
    PendingAttack,
    Phase,
    PlayerState,
)
from guarda.errors import PositionError

__all__ = [
    "REACTION_PHASES",
    "TURN_PHASES",
    "actor_is_the_one_the_phase_names",
    "attack_is_consistent",
    "decider_is_in",
    "first_placed_is_recorded",
    "is_int",
    "outcome_is_consistent",
    "someone_can_act",
    "turn_limit_is_not_reached",
    "turn_number_counts_from_one",
    "turns_add_up",
]

TURN_PHASES = (Phase.DISCARD, Phase.MOVE, Phase.SET_GUARD, Phase.ACT, Phase.SETTLE)
"""The phases of a turn player's own decisions."""

REACTION_PHASES = (Phase.REACT, Phase.NEW_GUARD, Phase.COUNTER)
"""The phases that resolve an attack."""


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def decider_is_in(players: Sequence[PlayerState], who: int, path: str) -> None:
    """A player who is out takes no turns and makes no decisions (R22)."""
    if players[who].is_out:
        raise PositionError(
            f"player {who} is out: an out player takes no turns and makes no decisions",
            path=path,
            rule="R22",
        )


# -- turns ------------------------------------------------------------------------------


def turn_number_counts_from_one(turn_number: object, path: str) -> None:
    """Turns are numbered from 1 (R27)."""
    if not is_int(turn_number) or turn_number < 1:  # type: ignore[operator]
        raise PositionError(
            f"the turn number counts from 1, not {turn_number!r}", path=path, rule="R27"
        )


def turn_limit_is_not_reached(config: Config, ended: int, path: str) -> None:
    """A game still being played has not reached its turn limit (R27)."""
    limit = config.turn_limit
    if limit is not None and ended >= limit:
        raise PositionError(
            f"{ended} turns have ended: the turn limit {limit} was reached, so the game is over",
            path=path,
            rule="R27",
        )


def turns_add_up(config: Config, phase: Phase, turn_number: int, turns_ended: int) -> None:
    """The turns started and ended agree with the phase (R11, R27).

    No turn starts during setup; while a game is played every started turn but the
    current one has ended, below the turn limit; a finished game ended during or after
    its last turn.
    """
    if phase is Phase.SETUP:
        if turn_number or turns_ended:
            raise PositionError("no turn has started during setup", path="turn_number", rule="R11")
        return
    if phase is Phase.OVER:
        if turns_ended not in (max(turn_number - 1, 0), turn_number):
            raise PositionError(
                f"{turns_ended} turns ended out of {turn_number} started",
                path="turns_ended",
                rule="R27",
            )
        return
    if turn_number < 1 or turns_ended != turn_number - 1:
        raise PositionError(
            f"during turn {turn_number}, {turn_number - 1} turns have ended, not {turns_ended}",
            path="turns_ended",
            rule="R27",
        )
    turn_limit_is_not_reached(config, turns_ended, "turns_ended")


def first_placed_is_recorded(state: GameState) -> None:
    """The first player to place is recorded once someone has placed (R11).

    During setup it is a player who has placed, or None before anyone has; after setup it
    is always known.
    """
    first = state.first_placed
    count = state.config.players
    if first is not None and (not is_int(first) or not 0 <= first < count):
        raise PositionError(f"no player {first!r}", path="first_placed", rule="R11")
    if state.phase is not Phase.SETUP:
        if first is None:
            raise PositionError(
                "after setup the first player to place is known", path="first_placed", rule="R11"
            )
        return
    placed = any(player.position is not None for player in state.players)
    if (first is None) == placed or (first is not None and state.players[first].position is None):
        raise PositionError(
            "the first player to place is recorded", path="first_placed", rule="R11"
        )


# -- who decides ------------------------------------------------------------------------


def actor_is_the_one_the_phase_names(state: GameState) -> None:
    """The player to decide is the one the phase names, and is still in (R9, R17, R22).

    Nobody decides in a finished game; a reaction phase's actor follows from the pending
    attack ([attack_is_consistent][guarda._invariants.attack_is_consistent]); any other
    phase's is the turn player, who in the setup phase has not placed yet.
    """
    phase = state.phase
    count = state.config.players
    if not 0 <= state.turn < count:
        raise PositionError(f"no player {state.turn}", path="turn")
    if phase is Phase.OVER:
        if state.actor is not None:
            raise PositionError("nobody decides in a finished game", path="actor")
        if state.attack is not None:
            raise PositionError("no attack is pending in a finished game", path="attack")
        return
    actor = state.actor
    if not is_int(actor) or not 0 <= actor < count:  # type: ignore[operator]
        raise PositionError(f"no player {actor!r} to decide", path="actor")
    assert actor is not None
    decider_is_in(state.players, actor, "actor")
    if phase in REACTION_PHASES:
        attack_is_consistent(state)
    elif state.attack is not None:
        raise PositionError(
            f"no attack is pending in the {phase.value} phase", path="attack", rule="R17"
        )
    elif actor != state.turn:
        raise PositionError(
            f"in the {phase.value} phase player {state.turn} must decide, not {actor}",
            path="actor",
        )
    if phase is Phase.SETUP and state.players[actor].position is not None:
        raise PositionError(f"player {actor} has already placed", path="actor", rule="R9")


def attack_is_consistent(state: GameState) -> None:
    """A reaction phase resolves a pending attack that could have been made (R15-R21).

    The turn player attacked with face-up cards (known discards once they went out, P21);
    each defender takes 1 damage per attack card covering them, so at least 1 and at most
    one per card (R15, R17); the phase's decider is the current defender, or
    the attacker answering a counter; a counter deals 2 or 3 and negates 1 damage; after a
    critical block the guard is back in the hand.
    """
    phase = state.phase
    attack = state.attack
    if not isinstance(attack, PendingAttack):
        raise PositionError(
            f"the {phase.value} phase resolves an attack", path="attack", rule="R17"
        )
    count = state.config.players
    for name in ("attacker", "defender", "damage", "counter", "defender_damage"):
        if not is_int(getattr(attack, name)):
            raise PositionError(
                f"not an integer: {getattr(attack, name)!r}", path=f"attack.{name}"
            )
    if attack.attacker != state.turn:
        raise PositionError("the turn player is the attacker", path="attack.attacker", rule="R17")
    if not 0 <= attack.defender < count or attack.defender == attack.attacker:
        raise PositionError(
            f"player {attack.defender} cannot be the defender", path="attack.defender", rule="R17"
        )
    if not isinstance(attack.cards, tuple) or not attack.cards:
        raise PositionError("an attack has at least one card", path="attack.cards", rule="R15")
    attacker = state.players[attack.attacker]
    # An attacker who went out mid-attack has put the attack cards on the discards (P21).
    expected = () if attacker.is_out else tuple(sorted(attack.cards))
    if tuple(sorted(attacker.in_play)) != expected:
        raise PositionError(
            "the attack cards lie face up before the attacker",
            path=f"players[{attack.attacker}].in_play",
            rule="R15",
        )
    most = len(attack.cards)
    if not 1 <= attack.damage <= most:
        raise PositionError(
            f"an attacked player takes 1 damage per attack card covering them: 1 to {most}, "
            f"not {attack.damage}",
            path="attack.damage",
            rule="R17",
        )
    defenders = {attack.defender}
    for index, item in enumerate(attack.waiting):
        path = f"attack.waiting[{index}]"
        if not isinstance(item, tuple) or len(item) != 2 or not all(is_int(v) for v in item):
            raise PositionError(f"not a (player, damage) pair: {item!r}", path=path, rule="R17")
        player, damage = item
        if not 0 <= player < count or player == attack.attacker or player in defenders:
            raise PositionError(
                f"player {player} cannot be waiting to react", path=path, rule="R17"
            )
        if not 1 <= damage <= most:
            raise PositionError(
                f"an attacked player takes 1 damage per attack card covering them: 1 to "
                f"{most}, not {damage}",
                path=path,
                rule="R17",
            )
        defenders.add(player)
    defender = state.players[attack.defender]
    if phase is Phase.COUNTER:
        expected_actor = attack.attacker
        if attack.counter not in (2, 3):
            raise PositionError(
                "a counter deals 2, or 3 when critical", path="attack.counter", rule="R20"
            )
        if attack.defender_damage != attack.damage - 1:
            raise PositionError(
                "a counter negates 1 damage", path="attack.defender_damage", rule="R20"
            )
        if defender.is_out:
            raise PositionError(
                "the countering defender is still in", path="attack.defender", rule="R21"
            )
    elif phase is Phase.NEW_GUARD:
        expected_actor = attack.defender
        if defender.guard is not None:
            raise PositionError(
                "after a critical block the guard is back in the hand",
                path=f"players[{attack.defender}].guard",
                rule="R20",
            )
        if attack.counter or attack.defender_damage:
            raise PositionError(
                "no counter is pending after a block", path="attack.counter", rule="R20"
            )
    else:
        expected_actor = attack.defender
        if attack.counter or attack.defender_damage:
            raise PositionError(
                f"no counter is pending in the {phase.value} phase",
                path="attack.counter",
                rule="R20",
            )
    if state.actor != expected_actor:
        raise PositionError(
            f"in the {phase.value} phase player {expected_actor} must decide, not {state.actor}",
            path="actor",
            rule="R17",
        )


def someone_can_act(state: GameState) -> None:
    """The player to decide has at least one legal action (R14)."""
    if not list_actions(state):
        raise PositionError(f"player {state.actor} has no legal action", path="actor", rule="R14")


# -- the end ----------------------------------------------------------------------------


def outcome_is_consistent(state: GameState) -> None:
    """A finished game has an outcome and a game still played has none (R22).

    The outcome gives one value per player, names players and a team that exist, and is a
    win or a draw, not both.
    """
    outcome = state.outcome
    if state.phase is not Phase.OVER:
        if outcome is not None:
            raise PositionError("only a finished game has an outcome", path="outcome", rule="R22")
        return
    if not isinstance(outcome, Outcome):
        raise PositionError("a finished game has an outcome", path="outcome", rule="R22")
    count = state.config.players
    for name in ("health", "points", "payouts"):
        if len(getattr(outcome, name)) != count:
            raise PositionError(f"give one value per player ({count})", path=f"outcome.{name}")
    for name in ("winners", "drawn"):
        for index, player in enumerate(getattr(outcome, name)):
            if not is_int(player) or not 0 <= player < count:
                raise PositionError(f"no player {player!r}", path=f"outcome.{name}[{index}]")
    if outcome.winners and outcome.drawn:
        raise PositionError("a game is won or drawn, not both", path="outcome.drawn", rule="R22")
    if outcome.winning_team is not None and not (
        is_int(outcome.winning_team) and 0 <= outcome.winning_team < len(state.config.teams)
    ):
        raise PositionError(f"no team {outcome.winning_team!r}", path="outcome.winning_team")
