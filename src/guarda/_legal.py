"""Legal actions and verification: what the player to decide may do, and why not.

[`list_actions`][guarda._legal.list_actions] lists exactly the legal actions of
``state.actor`` in a fixed order; [`verify`][guarda._legal.verify] explains, with the
ruling, why an action is not legal. Both ask [guarda._queries][] the same rule questions,
so they cannot disagree (a property test checks it).

Actions are immutable, so one instance serves every state: the tables below share the
actions per card multiset, bounded in size.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import assert_never

from guarda import _multiset as multiset
from guarda._actions import (
    ACTION_TYPES,
    Action,
    ActivateGuard,
    Attack,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    DiscardDown,
    EndMove,
    Move,
    Pass,
    PlacePiece,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    TakeDamage,
)
from guarda._geometry import Cell, Direction, Orientation
from guarda._queries import (
    covering,
    hand_target,
    lines,
    occupancy,
    occupant,
    placement_mask,
    reach,
)
from guarda._state import GameState, GuardStatus, Phase, PlayerState
from guarda._tables import DIRECTIONS, Tables, tables
from guarda.errors import ArgumentError, IllegalActionError

__all__ = ["PHASE_ACTIONS", "PHASE_RULES", "list_actions", "verify"]

PHASE_RULES = {
    Phase.SETUP: "R9",
    Phase.DISCARD: "R12",
    Phase.MOVE: "R13",
    Phase.SET_GUARD: "R14",
    Phase.ACT: "R14",
    Phase.REACT: "R17",
    Phase.NEW_GUARD: "R20",
    Phase.COUNTER: "R20",
    Phase.SETTLE: "R16",
    Phase.OVER: "R22",
}
"""The ruling that governs each phase's decisions."""

PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.SETUP: (PlacePiece,),
    Phase.DISCARD: (DiscardDown,),
    Phase.MOVE: (Move, Push, EndMove),
    Phase.SET_GUARD: (SetGuard,),
    Phase.ACT: (PrepareGuard, Attack, Pass),
    Phase.REACT: (Defend, ActivateGuard, TakeDamage),
    Phase.NEW_GUARD: (PrepareNewGuard, DeclineNewGuard),
    Phase.COUNTER: (DefendCounter, TakeDamage),
    Phase.SETTLE: (Settle,),
    Phase.OVER: (),
}
"""The action types each phase accepts."""


@functools.lru_cache(maxsize=1 << 14)
def _placements(cells: tuple[Cell, ...]) -> tuple[Action, ...]:
    return tuple(PlacePiece(cell) for cell in cells)


class _Shared(dict[tuple[str, ...], Action]):
    """One shared action per card multiset, for one action kind (and direction).

    ``table[cards]`` is the action playing ``cards``, built on first use. Actions are
    immutable, so one instance can serve every state and hand; building one (its
    converters normalise the cards) costs far more than a lookup. A table that grows past
    :data:`_SHARED_LIMIT` entries starts over, which only costs rebuilding.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[tuple[str, ...]], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, cards: tuple[str, ...]) -> Action:
        if len(self) > _SHARED_LIMIT:
            self.clear()
        action = self[cards] = self.make(cards)
        return action


_SHARED_LIMIT = 1 << 16
"""How many actions one :class:`_Shared` table keeps at most."""

_SHARED: dict[tuple[type, Direction | None], _Shared] = {}
"""The shared tables: ``_SHARED[kind, direction]`` (direction None for actions without one)."""


def _shared(kind: type, direction: Direction | None) -> _Shared:
    table = _SHARED.get((kind, direction))
    if table is None:
        make: Callable[[tuple[str, ...]], Action]
        if direction is not None:
            make = functools.partial(kind, direction)
        elif kind in _SINGLE_CARD_KINDS:
            make = functools.partial(_one_card, kind)
        else:
            make = kind
        table = _SHARED[kind, direction] = _Shared(make)
    return table


_SINGLE_CARD_KINDS = (PrepareGuard, PrepareNewGuard)
"""Kinds that play one card: their :class:`_Shared` tables are keyed by ``(card,)``."""


def _one_card(kind: type, cards: tuple[str, ...]) -> Action:
    """``kind(card)`` for a one-card tuple ``(card,)``."""
    (card,) = cards
    action: Action = kind(card)
    return action


def _sub_actions(kind: type, hand: tuple[str, ...], low: int, high: int) -> tuple[Action, ...]:
    """``kind(cards)`` for every sub-multiset of ``hand`` with ``low..high`` cards."""
    groups = multiset.submultisets(hand)
    lookup = _shared(kind, None).__getitem__
    actions: list[Action] = []
    for size in range(low, min(high, len(hand)) + 1):
        actions += map(lookup, groups[size])
    return tuple(actions)


_card_actions = functools.lru_cache(maxsize=1 << 16)(_sub_actions)
""":func:`_sub_actions`, cached: hands and actions are immutable."""


class _Directed:
    """The moves (or pushes) a hand can pay for, built lazily per direction and distance.

    ``up_to(index, reach)`` gives ``kind(DIRECTIONS[index], cards)`` for every
    sub-multiset of the hand with 1 to ``reach`` cards, sorted by size. A direction is
    built only when some position needs it, and only as far as needed so far (a longer
    reach rebuilds it); instances are cached per hand. Each direction is one tuple, so a
    cached hand adds few objects for the garbage collector to traverse.
    """

    __slots__ = ("built", "ends", "groups", "kind")

    def __init__(self, kind: type, hand: tuple[str, ...]) -> None:
        self.kind = kind
        self.groups = multiset.submultisets(hand)
        # ends[k]: how many non-empty sub-multisets have at most k cards.
        self.ends = (0, *itertools.accumulate(map(len, self.groups[1:])))
        self.built: list[tuple[Action, ...]] = [(), (), (), ()]

    def up_to(self, index: int, reach: int) -> tuple[Action, ...]:
        end = self.ends[min(reach, len(self.ends) - 1)]
        built = self.built[index]
        if len(built) < end:
            lookup = _shared(self.kind, DIRECTIONS[index]).__getitem__
            cards = itertools.islice(itertools.chain.from_iterable(self.groups), 1, end + 1)
            built = self.built[index] = tuple(map(lookup, cards))
        return built if len(built) == end else built[:end]


@functools.lru_cache(maxsize=1 << 16)
def _directed(kind: type, hand: tuple[str, ...]) -> _Directed:
    return _Directed(kind, hand)


def _single_card(kind: type, hand: tuple[str, ...]) -> tuple[Action, ...]:
    """``kind(card)`` for every distinct card of ``hand``, sorted."""
    if not hand:
        return ()
    return tuple(map(_shared(kind, None).__getitem__, multiset.submultisets(hand)[1]))


@functools.lru_cache(maxsize=1 << 14)
def _act_actions(hand: tuple[str, ...]) -> tuple[Action, ...]:
    return (
        *_single_card(PrepareGuard, hand),
        *_sub_actions(Attack, hand, 1, len(hand)),
        _PASS,
    )


_END_MOVE = EndMove()
_PASS = Pass()
_TAKE = TakeDamage()
_ACTIVATE = ActivateGuard()
_DECLINE = DeclineNewGuard()
_SET = (SetGuard(Orientation.DEFENSIVE), SetGuard(Orientation.OFFENSIVE))


def list_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of ``state.actor``, in a fixed order (the engine checked the type)."""
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    t = tables(state.config)
    actor = state.actor
    assert actor is not None
    player = state.players[actor]
    hand = player.hand
    if phase is Phase.MOVE:
        return _move_actions(t, state, player)
    if phase is Phase.ACT:
        return _act_actions(hand)
    if phase is Phase.SETTLE:
        return _card_actions(Settle, hand, 0, len(hand))
    if phase is Phase.REACT:
        attack = state.attack
        assert attack is not None and player.position is not None
        cell = player.position.index(t.size)
        defenders = _card_actions(Defend, covering(hand, t.defence[actor], cell), 1, attack.damage)
        guard = player.guard
        if guard is not None and guard.status is GuardStatus.SET:
            return (*defenders, _ACTIVATE, _TAKE)
        return (*defenders, _TAKE)
    if phase is Phase.COUNTER:
        attack = state.attack
        assert attack is not None and player.position is not None
        cell = player.position.index(t.size)
        cards = covering(hand, t.defence[actor], cell)
        return (*_card_actions(DefendCounter, cards, 1, attack.counter), _TAKE)
    if phase is Phase.SET_GUARD:
        return _SET
    if phase is Phase.NEW_GUARD:
        return (*_single_card(PrepareNewGuard, hand), _DECLINE)
    if phase is Phase.DISCARD:
        excess = len(hand) - hand_target(t.config, player)
        return _card_actions(DiscardDown, hand, excess, excess)
    if phase is Phase.SETUP:
        mask = placement_mask(t, state.players, actor)
        return _placements(tuple(cell for i, cell in enumerate(t.cells) if mask >> i & 1))
    assert_never(phase)


def _move_actions(t: Tables, state: GameState, player: PlayerState) -> tuple[Action, ...]:
    actor = state.actor
    assert actor is not None and player.position is not None
    hand = player.hand
    if not hand:
        return (_END_MOVE,)
    players = state.players
    reaches, pushes = lines(t, player.position.index(t.size), occupancy(t.size, players))
    actions: list[Action] = []
    if not state.has_moved:
        moves = _directed(Move, hand)
        for index, reach in enumerate(reaches):
            if reach:
                actions += moves.up_to(index, reach)
    team = t.team[actor]
    for index, neighbour, reach in pushes:
        owner = occupant(players, t.cells[neighbour])
        if owner is not None and t.team[owner] != team:
            actions += _directed(Push, hand).up_to(index, reach)
    actions.append(_END_MOVE)
    return tuple(actions)


def _illegal(message: str, rule: str, path: str = "action") -> IllegalActionError:
    return IllegalActionError(message, rule=rule, path=path)


def _check_cards(
    t: Tables, zone: tuple[str, ...], cards: tuple[str, ...], where: str, rule: str
) -> None:
    for card in cards:
        if card not in t.names:
            raise _illegal(f"this deck has no card named {card!r}", "R3", "action.cards")
    if not multiset.contains(zone, cards):
        raise _illegal(f"{' '.join(cards)} is not in your {where}", rule, "action.cards")


def verify(state: GameState, action: Action, *, player: int | None = None) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal in ``state``.

    Args:
        state: The position.
        action: The action to check.
        player: The player sending the action, if known; it must be ``state.actor``.

    Raises:
        IllegalActionError: Naming the ruling that forbids the action.
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"not a GameState: {state!r}", path="state")
    phase = state.phase
    rule = PHASE_RULES[phase]
    if phase is Phase.OVER:
        raise _illegal("the game is over", rule)
    if not isinstance(action, ACTION_TYPES):
        raise _illegal(f"not an action: {action!r}", rule)
    if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
        raise _illegal(f"a player is a player number, not {player!r}", rule, "player")
    if player is not None and player != state.actor:
        raise _illegal(
            f"player {player} cannot act now: player {state.actor} must decide", rule, "player"
        )
    if not isinstance(action, PHASE_ACTIONS[phase]):
        allowed = ", ".join(kind.__name__ for kind in PHASE_ACTIONS[phase])
        raise _illegal(
            f"{type(action).__name__} is not a decision of the {phase.value} phase "
            f"(it takes {allowed})",
            rule,
        )
    t = tables(state.config)
    actor = state.actor
    assert actor is not None
    me = state.players[actor]
    match action:
        case PlacePiece(cell):
            if not isinstance(cell, Cell) or not cell.is_on(t.size):
                raise _illegal(f"{cell!r} is not a cell of the field", "R8", "action.cell")
            mask = placement_mask(t, state.players, actor)
            if not mask >> cell.index(t.size) & 1:
                raise _illegal(
                    f"{cell} is occupied or not where two of your setup cards overlap",
                    "R9",
                    "action.cell",
                )
        case DiscardDown(cards):
            _check_cards(t, me.hand, cards, "hand", "R12")
            excess = len(me.hand) - hand_target(t.config, me)
            if len(cards) != excess:
                raise _illegal(f"discard exactly {excess} cards, not {len(cards)}", "R12")
        case Move(direction, cards) | Push(direction, cards):
            _verify_move(t, state, me, action, direction, cards)
        case EndMove():
            pass
        case SetGuard(orientation):
            if not isinstance(orientation, Orientation):
                raise _illegal(f"not an orientation: {orientation!r}", "R14", "action.orientation")
        case PrepareGuard(card) | PrepareNewGuard(card):
            _check_cards(t, me.hand, (card,), "hand", "R14" if phase is Phase.ACT else "R20")
        case Attack(cards):
            if not cards:
                raise _illegal("an attack needs at least one card", "R14")
            _check_cards(t, me.hand, cards, "hand", "R15")
        case Defend(cards) | DefendCounter(cards):
            _verify_defence(t, state, me, cards)
        case ActivateGuard():
            if me.guard is None or me.guard.status is not GuardStatus.SET:
                raise _illegal("you have no set guard to activate", "R20")
        case Settle(cards):
            _check_cards(t, me.hand, cards, "hand", "R16")
        case Pass() | TakeDamage() | DeclineNewGuard():
            pass
        case _:  # pragma: no cover - ACTION_TYPES was checked above
            assert_never(action)


def _verify_move(
    t: Tables,
    state: GameState,
    me: PlayerState,
    action: Move | Push,
    direction: Direction,
    cards: tuple[str, ...],
) -> None:
    if not isinstance(direction, Direction):
        raise _illegal(f"not a direction: {direction!r}", "R7", "action.direction")
    if not cards:
        raise _illegal("burn at least one card to move or push", "R13", "action.cards")
    _check_cards(t, me.hand, cards, "hand", "R13")
    assert me.position is not None
    occupied = occupancy(t.size, state.players)
    start = me.position.index(t.size)
    if isinstance(action, Move):
        if state.has_moved:
            raise _illegal("you already moved this turn", "R13")
        distance = reach(t.steps[direction], start, occupied)
        if len(cards) > distance:
            raise _illegal(
                f"only {distance} free cells lie {direction.name.lower()} of you "
                "in a straight line",
                "R13",
            )
        return
    neighbour = t.steps[direction][start]
    target = occupant(state.players, t.cells[neighbour]) if neighbour >= 0 else None
    if target is None:
        raise _illegal(f"no piece is next to you to the {direction.name.lower()}", "R13")
    if t.team[target] == t.team[state.actor or 0]:
        raise _illegal("you cannot push a teammate", "R13")
    distance = reach(t.steps[direction], neighbour, occupied)
    if len(cards) > distance:
        raise _illegal(
            f"the pushed piece can go only {distance} cells {direction.name.lower()}", "R13"
        )


def _verify_defence(t: Tables, state: GameState, me: PlayerState, cards: tuple[str, ...]) -> None:
    attack = state.attack
    assert attack is not None and me.position is not None and state.actor is not None
    limit = attack.damage if state.phase is Phase.REACT else attack.counter
    if not cards:
        raise _illegal("defend with at least one card (or take the damage)", "R19")
    if len(cards) > limit:
        raise _illegal(f"at most {limit} defence cards: one per point of damage", "R19")
    _check_cards(t, me.hand, cards, "hand", "R19")
    cell = me.position.index(t.size)
    for card in cards:
        if not t.defence[state.actor][card] >> cell & 1:
            raise _illegal(f"{card} does not cover {me.position} in defensive orientation", "R19")
