"""Consistency checks for a whole :class:`~guarda._state.GameState`.

:func:`check_state` decides whether a state, however it was made (loaded from a document,
built by hand with :func:`attrs.evolve`), is one the engine can play on: every player's
cards add up to the deck, pieces stand on distinct cells of the field, health is within
bounds, guards have an orientation exactly when set, the player to act is the one the
phase names and has something to do, and the stakes add up. It raises
:class:`~guarda.errors.PositionError` whose ``path`` names the offending field, such as
``players[1].guard.orientation``.

The per-player checks and the checks across players are those of
:class:`guarda.PositionBuilder` (module :mod:`guarda._position`); this module adds what
only a finished state has: the phase, the actor, the pending attack, the outcome.
The event log is not checked against the rest of the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from guarda import _position
from guarda._config import Config
from guarda._geometry import Cell
from guarda._legal import list_actions
from guarda._state import GameState, GuardStatus, Outcome, PendingAttack, Phase, PlayerState
from guarda.errors import GuardaError, PositionError

__all__ = ["check_state"]

_TURN_PHASES = (Phase.DISCARD, Phase.MOVE, Phase.SET_GUARD, Phase.ACT, Phase.SETTLE)
_REACTION_PHASES = (Phase.REACT, Phase.NEW_GUARD, Phase.COUNTER)
_RNG_LIMIT = 1 << 64


def _fail(message: str, path: str, rule: str | None = None) -> PositionError:
    return PositionError(message, path=path, rule=rule)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_state(state: GameState) -> None:
    """Raise :class:`~guarda.errors.PositionError` unless ``state`` is consistent.

    Args:
        state: The state to check.

    Raises:
        PositionError: Naming the offending field in ``path`` (such as
            ``players[0].hand``) and, where one applies, the ruling in ``rule``.

    Examples:
        >>> import attrs, guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> check_state(state)
        >>> broken = attrs.evolve(state, actor=1 - state.actor)
        >>> check_state(broken)
        Traceback (most recent call last):
        ...
        guarda.errors.PositionError: actor: in the setup phase player ... must decide, not ...
    """
    if not isinstance(state, GameState):
        raise _fail(f"not a GameState: {state!r}", "state")
    config = state.config
    if not isinstance(config, Config):
        raise _fail(f"not a Config: {config!r}", "config")
    if not isinstance(state.phase, Phase):
        raise _fail(f"not a Phase: {state.phase!r}", "phase")
    for name in ("turn", "rng", "turn_number", "turns_ended", "pot"):
        if not _is_int(getattr(state, name)):
            raise _fail(f"not an integer: {getattr(state, name)!r}", name)
    if not 0 <= state.rng < _RNG_LIMIT:
        raise _fail("the random state is a 64-bit unsigned integer", "rng", "R30")
    players = state.players
    if not isinstance(players, tuple) or len(players) != config.players:
        raise _fail(f"a {config.players}-player game needs {config.players} players", "players")
    _check_players(config, players)
    _check_stakes(state)
    _check_turn(state)
    if state.phase is Phase.OVER:
        _check_over(state)
        return
    if state.outcome is not None:
        raise _fail("only a finished game has an outcome", "outcome", "R22")
    setup = state.phase is Phase.SETUP
    occupied = {p.position: i for i, p in enumerate(players) if p.position is not None}
    try:
        _position._check_game(config, players, setup, state.loot, occupied)
        if setup:
            for index, player in enumerate(players):
                if player.position is None and index != state.actor:
                    _position._check_unplaced(config, index, player, occupied, f"players[{index}]")
    except PositionError:
        raise
    except GuardaError as error:  # pragma: no cover - defensive: keep the documented class
        raise _fail(error.message, error.path or "state", error.rule) from error
    if not list_actions(state):
        raise _fail(f"player {state.actor} has no legal action", "actor", "R14")


def _check_players(config: Config, players: Sequence[PlayerState]) -> None:
    seen: dict[Cell, int] = {}
    for index, player in enumerate(players):
        path = f"players[{index}]"
        if not isinstance(player, PlayerState):
            raise _fail(f"not a PlayerState: {player!r}", path)
        for zone in ("draw_pile", "hand", "discard_known", "discard_hidden", "in_play"):
            cards = getattr(player, zone)
            if not isinstance(cards, tuple) or not all(isinstance(c, str) for c in cards):
                raise _fail("not a tuple of card names", f"{path}.{zone}")
        for zone in ("hand", "discard_known", "discard_hidden"):
            cards = getattr(player, zone)
            if list(cards) != sorted(cards):
                raise _fail("hands and discard piles are kept sorted", f"{path}.{zone}")
        if player.position is not None and not isinstance(player.position, Cell):
            raise _fail(f"not a cell: {player.position!r}", f"{path}.position", "R8")
        for name in ("health", "points", "winnings"):
            if not _is_int(getattr(player, name)):
                raise _fail(f"not an integer: {getattr(player, name)!r}", f"{path}.{name}")
        spec = _position.PlayerSetup(
            position=player.position,
            hand=player.hand,
            guard=player.guard,
            draw_pile=player.draw_pile,
            discard_known=player.discard_known,
            discard_hidden=player.discard_hidden,
            in_play=player.in_play,
            health=player.health,
            points=player.points,
            is_out=player.is_out,
            winnings=player.winnings,
        )
        _position._player(config, spec, path, 0)
        if player.winnings < 0:
            raise _fail("winnings cannot be negative", f"{path}.winnings", "R26")
        if player.position is not None:
            if player.position in seen:
                raise _fail(
                    f"player {seen[player.position]} is already on {player.position}",
                    f"{path}.position",
                    "R13",
                )
            seen[player.position] = index


def _check_stakes(state: GameState) -> None:
    config = state.config
    previous: tuple[int, int] | None = None
    for index, item in enumerate(state.loot):
        path = f"loot[{index}]"
        if (
            not isinstance(item, tuple)
            or len(item) != 2
            or not isinstance(item[0], Cell)
            or not _is_int(item[1])
        ):
            raise _fail(f"not a (cell, amount) pair: {item!r}", path, "R26")
        cell, amount = item
        if not cell.is_on(config.size):
            raise _fail(f"{cell} is not on the field", path, "R8")
        if amount <= 0:
            raise _fail("loot is a positive amount", path, "R26")
        key = (cell.y, cell.x)
        if previous is not None and key <= previous:
            raise _fail("loot is listed once per cell, sorted by cell", path, "R26")
        previous = key
    claimed = sum(p.winnings for p in state.players) + sum(amount for _, amount in state.loot)
    expected = config.stakes.ante * config.players - claimed
    if state.pot != expected:
        raise _fail(
            f"the stakes do not add up: the pot must be {expected}, not {state.pot}",
            "pot",
            "R26",
        )


def _check_turn(state: GameState) -> None:
    config = state.config
    phase = state.phase
    count = config.players
    if not 0 <= state.turn < count:
        raise _fail(f"no player {state.turn}", "turn")
    if state.first_placed is not None and (
        not _is_int(state.first_placed) or not 0 <= state.first_placed < count
    ):
        raise _fail(f"no player {state.first_placed!r}", "first_placed", "R11")
    if not isinstance(state.has_moved, bool):
        raise _fail(f"not a bool: {state.has_moved!r}", "has_moved")
    started, ended = state.turn_number, state.turns_ended
    if phase is Phase.SETUP:
        if started or ended or state.has_moved:
            raise _fail("no turn has started during setup", "turn_number", "R11")
        placed = any(p.position is not None for p in state.players)
        if (state.first_placed is None) == placed:
            raise _fail("the first player to place is recorded", "first_placed", "R11")
    elif phase is Phase.OVER:
        if ended not in (max(started - 1, 0), started):
            raise _fail(f"{ended} turns ended out of {started} started", "turns_ended", "R27")
    else:
        if started < 1 or ended != started - 1:
            raise _fail(
                f"during turn {started}, {started - 1} turns have ended, not {ended}",
                "turns_ended",
                "R27",
            )
        if config.turn_limit is not None and ended >= config.turn_limit:
            raise _fail("the turn limit was reached: the game is over", "turns_ended", "R27")
        if state.first_placed is None:
            raise _fail("after setup the first player to place is known", "first_placed", "R11")
    if phase is Phase.OVER:
        if state.actor is not None:
            raise _fail("nobody decides in a finished game", "actor")
        if state.attack is not None:
            raise _fail("no attack is pending in a finished game", "attack")
        return
    actor = state.actor
    if not _is_int(actor) or not 0 <= actor < count:  # type: ignore[operator]
        raise _fail(f"no player {actor!r} to decide", "actor")
    assert actor is not None
    me = state.players[actor]
    if me.is_out:
        raise _fail(f"player {actor} is out and cannot decide", "actor", "R22")
    if phase in _REACTION_PHASES:
        _check_attack(state, state.attack)
    elif state.attack is not None:
        raise _fail(f"no attack is pending in the {phase.value} phase", "attack", "R17")
    elif actor != state.turn:
        raise _fail(
            f"in the {phase.value} phase player {state.turn} must decide, not {actor}", "actor"
        )
    turn_player = state.players[state.turn]
    if phase is Phase.SETUP:
        if me.position is not None:
            raise _fail(f"player {actor} has already placed", "actor", "R9")
        for index, player in enumerate(state.players):
            path = f"players[{index}]"
            if player.is_out:
                raise _fail("nobody is out during setup", f"{path}.is_out", "R9")
            if player.hand or player.guard is not None:
                raise _fail("nobody has a hand or a guard during setup", path, "R11")
            if player.position is not None and player.in_play:
                raise _fail(
                    "a placed player's setup cards are already face down", f"{path}.in_play", "R9"
                )
        return
    for index, player in enumerate(state.players):
        if not player.is_out and player.position is None:
            raise _fail(
                "every player still in has a piece on the field after setup",
                f"players[{index}].position",
                "R11",
            )
        if player.in_play and (index != state.turn or player.is_out):
            raise _fail(
                "only the turn player's attack cards lie face up (P21)",
                f"players[{index}].in_play",
                "R16",
            )
    if phase in _TURN_PHASES and turn_player.in_play and phase is not Phase.SETTLE:
        raise _fail(
            "attack cards lie face up only until the Settle phase",
            f"players[{state.turn}].in_play",
            "R16",
        )
    _check_hands(state)
    guard = me.guard
    if phase is Phase.SET_GUARD and (guard is None or guard.status is not GuardStatus.PREPARING):
        raise _fail(
            "only a player with a preparing guard must set it",
            f"players[{actor}].guard",
            "R14",
        )
    if phase is Phase.DISCARD:
        target = config.hand_size - (
            1 if config.guard_counts_toward_hand and guard is not None else 0
        )
        if len(me.hand) <= target:
            raise _fail(
                "the Draw phase discards only from a hand above the hand size",
                f"players[{actor}].hand",
                "R12",
            )


def _hand_target(config: Config, player: PlayerState) -> int:
    if config.guard_counts_toward_hand and player.guard is not None:
        return config.hand_size - 1
    return config.hand_size


def _check_hands(state: GameState) -> None:
    """No hand holds more cards than the Draw phase and a returned guard allow (R12, R20)."""
    config = state.config
    extra = 0 if config.guard_counts_toward_hand else 1
    general = max(config.hand_size + extra, config.opening_hand)
    for index, player in enumerate(state.players):
        if player.is_out:
            continue
        limit = general
        if index == state.turn:
            if state.phase is Phase.DISCARD:
                limit = general + 1
            elif state.phase is not Phase.SETUP:
                limit = _hand_target(config, player)
        if len(player.hand) > limit:
            raise _fail(
                f"{len(player.hand)} cards: a hand cannot hold more than {limit} here",
                f"players[{index}].hand",
                "R12",
            )


def _check_attack(state: GameState, attack: PendingAttack | None) -> None:
    phase = state.phase
    if not isinstance(attack, PendingAttack):
        raise _fail(f"the {phase.value} phase resolves an attack", "attack", "R17")
    count = state.config.players
    for name in ("attacker", "defender", "damage", "counter", "defender_damage"):
        if not _is_int(getattr(attack, name)):
            raise _fail(f"not an integer: {getattr(attack, name)!r}", f"attack.{name}")
    if attack.attacker != state.turn:
        raise _fail("the turn player is the attacker", "attack.attacker", "R17")
    if not 0 <= attack.defender < count or attack.defender == attack.attacker:
        raise _fail(f"player {attack.defender} cannot be the defender", "attack.defender", "R17")
    if not isinstance(attack.cards, tuple) or not attack.cards:
        raise _fail("an attack has at least one card", "attack.cards", "R15")
    attacker = state.players[attack.attacker]
    # An attacker who went out mid-attack has put the attack cards on the discards (P21).
    expected = () if attacker.is_out else tuple(sorted(attack.cards))
    if tuple(sorted(attacker.in_play)) != expected:
        raise _fail(
            "the attack cards lie face up before the attacker",
            f"players[{attack.attacker}].in_play",
            "R15",
        )
    if attack.damage < 1:
        raise _fail("an attacked player takes at least 1 damage", "attack.damage", "R17")
    defenders = {attack.defender}
    for index, item in enumerate(attack.waiting):
        path = f"attack.waiting[{index}]"
        if not isinstance(item, tuple) or len(item) != 2 or not all(_is_int(v) for v in item):
            raise _fail(f"not a (player, damage) pair: {item!r}", path, "R17")
        player, damage = item
        if not 0 <= player < count or player == attack.attacker or player in defenders:
            raise _fail(f"player {player} cannot be waiting to react", path, "R17")
        if damage < 1:
            raise _fail("an attacked player takes at least 1 damage", path, "R17")
        defenders.add(player)
    defender = state.players[attack.defender]
    if phase is Phase.COUNTER:
        expected_actor = attack.attacker
        if attack.counter not in (2, 3):
            raise _fail("a counter deals 2, or 3 when critical", "attack.counter", "R20")
        if attack.defender_damage != attack.damage - 1:
            raise _fail("a counter negates 1 damage", "attack.defender_damage", "R20")
        if defender.is_out:
            raise _fail("the countering defender is still in", "attack.defender", "R21")
    elif phase is Phase.NEW_GUARD:
        expected_actor = attack.defender
        if defender.guard is not None:
            raise _fail(
                "after a critical block the guard is back in the hand",
                f"players[{attack.defender}].guard",
                "R20",
            )
        if attack.counter or attack.defender_damage:
            raise _fail("no counter is pending after a block", "attack.counter", "R20")
    else:
        expected_actor = attack.defender
        if attack.counter or attack.defender_damage:
            raise _fail(
                f"no counter is pending in the {phase.value} phase", "attack.counter", "R20"
            )
    if state.actor != expected_actor:
        raise _fail(
            f"in the {phase.value} phase player {expected_actor} must decide, not {state.actor}",
            "actor",
            "R17",
        )


def _check_over(state: GameState) -> None:
    outcome = state.outcome
    if not isinstance(outcome, Outcome):
        raise _fail("a finished game has an outcome", "outcome", "R22")
    count = state.config.players
    for name in ("health", "points", "payouts"):
        values = getattr(outcome, name)
        if len(values) != count:
            raise _fail(f"give one value per player ({count})", f"outcome.{name}")
    for name in ("winners", "drawn"):
        for index, player in enumerate(getattr(outcome, name)):
            if not _is_int(player) or not 0 <= player < count:
                raise _fail(f"no player {player!r}", f"outcome.{name}[{index}]")
    if outcome.winners and outcome.drawn:
        raise _fail("a game is won or drawn, not both", "outcome.drawn", "R22")
    if outcome.winning_team is not None and not (
        _is_int(outcome.winning_team) and 0 <= outcome.winning_team < len(state.config.teams)
    ):
        raise _fail(f"no team {outcome.winning_team!r}", "outcome.winning_team")
