"""The rules engine: :func:`new_game`, :func:`legal_actions` and :func:`apply`.

``legal_actions(state)`` lists exactly the legal actions of whoever must decide
(``state.actor``), in a fixed order. ``apply(state, action)`` checks the action, plays
it and every automatic step that follows (draws, reshuffles, a breaking guard,
damage, scoring, eliminations, the end), and returns the new state with the events.
It never changes its arguments; an illegal action raises
:class:`~guarda.errors.IllegalActionError` naming the ruling that forbids it.

Examples:
    >>> import guarda
    >>> state = guarda.new_game(guarda.modern(players=2), seed=3)
    >>> while not state.is_over and state.turn_number < 3:
    ...     state, events = guarda.apply(state, guarda.legal_actions(state)[-1])
    >>> state.turn_number
    3
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable
from typing import assert_never

from guarda import _multiset as multiset
from guarda import _rng as rng
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
from guarda._config import Config
from guarda._events import (
    AttackDeclared,
    CardsBurned,
    CardsDiscarded,
    Defended,
    DiscardReason,
    Event,
    GuardActivated,
    GuardDiscarded,
    GuardPrepared,
    GuardReturned,
    GuardSet,
    HealthRestored,
    Passed,
    PieceMoved,
    PiecePushed,
    TurnSettled,
)
from guarda._flow import Work, player_with
from guarda._geometry import Cell, Direction, Orientation
from guarda._state import GameState, Guard, GuardStatus, PendingAttack, Phase, PlayerState
from guarda._tables import DIRECTIONS, Tables, tables
from guarda.errors import ArgumentError, GuardaError, IllegalActionError

__all__ = ["apply", "is_legal", "legal_actions", "new_game", "verify"]

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


def new_game(config: Config, seed: int) -> GameState:
    """Start a game: shuffle every deck and deal setup cards until someone must place.

    Args:
        config: The ruleset.
        seed: Any integer; the same seed gives the same game (R30). The seed decides
            every hidden card, so a game that hides information from its players needs a
            secret seed from a large range, such as ``secrets.randbits(64)`` (P20).

    Returns:
        The first state, in the SETUP phase.

    Raises:
        ArgumentError: If ``config`` is not a Config or ``seed`` not an integer.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.classic(players=3), seed=42)
        >>> state.phase.name, len(state.players)
        ('SETUP', 3)
    """
    if not isinstance(config, Config):
        raise ArgumentError(f"not a Config: {config!r}", path="config")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(f"the seed must be an integer, not {seed!r}", path="seed", rule="R30")
    random = rng.seed_state(seed)
    deck = tuple(entry.card.name for entry in config.deck for _ in range(entry.copies))
    players = []
    for _ in range(config.players):
        pile, random = rng.shuffle(deck, random)
        players.append(PlayerState(pile, (), None, (), (), (), None, config.starting_health))
    state = GameState(
        config=config,
        phase=Phase.SETUP,
        turn=config.first_player,
        actor=config.first_player,
        players=tuple(players),
        rng=random,
        pot=config.stakes.ante * config.players,
    )
    work = Work(state)
    work.continue_setup(config.first_player)
    return work.freeze()[0]


# -- legal action generation -----------------------------------------------------------


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


def _reach(steps: tuple[int, ...], start: int, occupied: int) -> int:
    """How many free cells lie in a straight line from ``start`` along ``steps`` (R13)."""
    count = 0
    cell = steps[start]
    while cell >= 0 and not occupied >> cell & 1:
        count += 1
        cell = steps[cell]
    return count


def _covering(hand: tuple[str, ...], masks: dict[str, int], cell: int) -> tuple[str, ...]:
    return tuple(card for card in hand if masks[card] >> cell & 1)


def _occupancy(t: Tables, players: tuple[PlayerState, ...]) -> tuple[int, dict[int, int]]:
    occupied = 0
    owner = {}
    for index, player in enumerate(players):
        if player.position is not None:
            cell = player.position.y * t.size + player.position.x
            occupied |= 1 << cell
            owner[cell] = index
    return occupied, owner


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of ``state.actor``, in a fixed order; empty when the game is over.

    Identical cards give one action: a hand of two ``V2`` has one ``Attack(("V2",))``.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=0)
        >>> all(isinstance(action, guarda.PlacePiece) for action in legal_actions(state))
        True
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"not a GameState: {state!r}", path="state")
    actions = _list_actions(state)
    _LAST_LISTED[0] = (state, actions)
    return actions


_LAST_LISTED: list[tuple[GameState | None, tuple[Action, ...]]] = [(None, ())]
"""The state :func:`legal_actions` last listed, with its answer (one slot).

:func:`apply` trusts an action that *is* (by identity) one of these without running
:func:`verify` again: states and actions are immutable, so the list is still exactly the
state's legal actions. Anything else is verified. The pair is replaced whole, so threads
can only miss the shortcut, never pair a state with another state's actions.
"""


def _was_listed(state: GameState, action: Action) -> bool:
    """Whether ``action`` is one of the actions :func:`legal_actions` just gave ``state``."""
    listed_state, listed = _LAST_LISTED[0]
    return listed_state is state and any(map(operator.is_, itertools.repeat(action), listed))


def _list_actions(state: GameState) -> tuple[Action, ...]:
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
        cell = player.position.y * t.size + player.position.x
        defenders = _card_actions(
            Defend, _covering(hand, t.defence[actor], cell), 1, attack.damage
        )
        guard = player.guard
        if guard is not None and guard.status is GuardStatus.SET:
            return (*defenders, _ACTIVATE, _TAKE)
        return (*defenders, _TAKE)
    if phase is Phase.COUNTER:
        attack = state.attack
        assert attack is not None and player.position is not None
        cell = player.position.y * t.size + player.position.x
        covering = _covering(hand, t.defence[actor], cell)
        return (*_card_actions(DefendCounter, covering, 1, attack.counter), _TAKE)
    if phase is Phase.SET_GUARD:
        return _SET
    if phase is Phase.NEW_GUARD:
        return (*_single_card(PrepareNewGuard, hand), _DECLINE)
    if phase is Phase.DISCARD:
        excess = len(hand) - Work(state).hand_target(player)
        return _card_actions(DiscardDown, hand, excess, excess)
    if phase is Phase.SETUP:
        work = Work(state)
        mask = work.placement_cells(actor)
        return _placements(tuple(cell for i, cell in enumerate(t.cells) if mask >> i & 1))
    assert_never(phase)


def _lines(
    t: Tables, start: int, occupied: int
) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """What a piece on ``start`` can reach in straight lines, given the occupied cells (R13).

    Returns ``(reaches, pushes)``: ``reaches`` holds, per direction in :data:`DIRECTIONS`
    order, how many free cells lie that way (how far the piece can move); ``pushes`` holds
    ``(index, neighbour, reach)`` for each direction whose neighbouring cell has a piece
    that could be pushed ``reach`` >= 1 cells. (Caching this by occupied cells was
    measured: with four players it misses too often to pay.)
    """
    reaches = []
    pushes = []
    for index, steps in enumerate(t.step_list):
        reaches.append(_reach(steps, start, occupied))
        neighbour = steps[start]
        if neighbour >= 0 and occupied >> neighbour & 1:
            reach = _reach(steps, neighbour, occupied)
            if reach:
                pushes.append((index, neighbour, reach))
    return tuple(reaches), tuple(pushes)


def _move_actions(t: Tables, state: GameState, player: PlayerState) -> tuple[Action, ...]:
    actor = state.actor
    assert actor is not None and player.position is not None
    hand = player.hand
    if not hand:
        return (_END_MOVE,)
    players = state.players
    occupied = 0
    for other in players:
        if other.position is not None:
            occupied |= 1 << (other.position.y * t.size + other.position.x)
    reaches, pushes = _lines(t, player.position.y * t.size + player.position.x, occupied)
    actions: list[Action] = []
    if not state.has_moved:
        moves = _directed(Move, hand)
        for index, reach in enumerate(reaches):
            if reach:
                actions += moves.up_to(index, reach)
    team = t.team[actor]
    for index, neighbour, reach in pushes:
        target = t.cells[neighbour]
        owner = next(i for i, other in enumerate(players) if other.position == target)
        if t.team[owner] != team:
            actions += _directed(Push, hand).up_to(index, reach)
    actions.append(_END_MOVE)
    return tuple(actions)


# -- verification --------------------------------------------------------------------


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
            mask = Work(state).placement_cells(actor)
            if not mask >> cell.index(t.size) & 1:
                raise _illegal(
                    f"{cell} is occupied or not where two of your setup cards overlap",
                    "R9",
                    "action.cell",
                )
        case DiscardDown(cards):
            _check_cards(t, me.hand, cards, "hand", "R12")
            excess = len(me.hand) - Work(state).hand_target(me)
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
    occupied, owner = _occupancy(t, state.players)
    start = me.position.y * t.size + me.position.x
    if isinstance(action, Move):
        if state.has_moved:
            raise _illegal("you already moved this turn", "R13")
        reach = _reach(t.steps[direction], start, occupied)
        if len(cards) > reach:
            raise _illegal(
                f"only {reach} free cells lie {direction.name.lower()} of you in a straight line",
                "R13",
            )
        return
    neighbour = t.steps[direction][start]
    target = owner.get(neighbour) if neighbour >= 0 else None
    if target is None:
        raise _illegal(f"no piece is next to you to the {direction.name.lower()}", "R13")
    if t.team[target] == t.team[state.actor or 0]:
        raise _illegal("you cannot push a teammate", "R13")
    reach = _reach(t.steps[direction], neighbour, occupied)
    if len(cards) > reach:
        raise _illegal(
            f"the pushed piece can go only {reach} cells {direction.name.lower()}", "R13"
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
    cell = me.position.y * t.size + me.position.x
    for card in cards:
        if not t.defence[state.actor][card] >> cell & 1:
            raise _illegal(f"{card} does not cover {me.position} in defensive orientation", "R19")


def is_legal(state: GameState, action: Action, *, player: int | None = None) -> bool:
    """Whether ``action`` is legal in ``state`` (sent by ``player``, if given).

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=0)
        >>> is_legal(state, guarda.Pass())
        False
    """
    try:
        verify(state, action, player=player)
    except GuardaError:
        return False
    return True


# -- apply ---------------------------------------------------------------------------


def apply(
    state: GameState, action: Action, *, player: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Play ``action`` and every automatic step after it.

    Args:
        state: The position; it is not changed.
        action: One of :func:`legal_actions`.
        player: Optionally, who sends the action; it must be ``state.actor``.

    Returns:
        The new state and the events this action produced, oldest first.

    Raises:
        IllegalActionError: If the action is not legal here (the state is unchanged).

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=0)
        >>> after, events = apply(state, legal_actions(state)[0])
        >>> type(events[0]).__name__
        'PiecePlaced'
    """
    if player is not None or not _was_listed(state, action):
        verify(state, action, player=player)
    work = Work(state)
    actor = state.actor
    assert actor is not None
    _play(work, actor, action)
    return work.freeze()


def _play(work: Work, actor: int, action: Action) -> None:
    players = work.players
    me = players[actor]
    # Cases in order of frequency in play: each case costs an isinstance check.
    match action:
        case Settle(cards):
            hand = multiset.remove(me.hand, cards)
            assert hand is not None
            face_up = tuple(sorted(me.in_play))
            players[actor] = player_with(
                me,
                hand=hand,
                in_play=(),
                discard_known=multiset.add(me.discard_known, face_up),
                discard_hidden=multiset.add(me.discard_hidden, cards),
            )
            work.events.append(TurnSettled(actor, face_up))
            if cards:
                work.events.append(CardsDiscarded(actor, len(cards), cards, DiscardReason.SETTLE))
            work.end_turn(completed=True)
        case Move(direction, cards):
            destination = _walk(work.tables, me.position, direction, len(cards))
            _burn(work, actor, cards, position=destination)
            work.events.append(PieceMoved(actor, me.position, destination))  # type: ignore[arg-type]
            work.has_moved = True
            work.claim_loot(actor)
        case EndMove():
            work.start_act()
        case Attack(cards):
            _attack(work, actor, cards)
        case PrepareGuard(card):
            hand = multiset.remove(me.hand, (card,))
            assert hand is not None
            discard = me.discard_hidden
            if me.guard is not None:
                discard = multiset.add(discard, (me.guard.card,))
                work.events.append(GuardDiscarded(actor, me.guard.card))
            players[actor] = player_with(
                me, hand=hand, guard=Guard(card, GuardStatus.PREPARING), discard_hidden=discard
            )
            work.events.append(GuardPrepared(actor, card))
            work.phase = Phase.SETTLE
        case SetGuard(orientation):
            assert me.guard is not None
            players[actor] = player_with(
                me, guard=Guard(me.guard.card, GuardStatus.SET, orientation)
            )
            work.events.append(GuardSet(actor, orientation))
            work.phase = Phase.ACT
        case TakeDamage():
            attack = work.attack
            assert attack is not None
            if work.phase is Phase.REACT:
                work.finish_unit(attack.damage, 0)
            else:
                work.finish_unit(attack.defender_damage, attack.counter)
        case Pass():
            work.events.append(Passed(actor))
            work.phase = Phase.SETTLE
        case Push(direction, cards):
            t = work.tables
            neighbour = _walk(t, me.position, direction, 1)
            target = next(i for i, p in enumerate(players) if p.position == neighbour)
            destination = _walk(t, neighbour, direction, len(cards))
            _burn(work, actor, cards)
            players[target] = player_with(players[target], position=destination)
            work.events.append(PiecePushed(actor, target, neighbour, destination))
            work.claim_loot(target)
            work.start_act()
        case ActivateGuard():
            _activate(work, actor)
        case Defend(cards):
            attack = work.attack
            assert attack is not None
            _defend(work, actor, cards, attack.attacker)
            work.finish_unit(attack.damage - len(cards), 0)
        case DefendCounter(cards):
            attack = work.attack
            assert attack is not None
            _defend(work, actor, cards, attack.defender)
            work.finish_unit(attack.defender_damage, attack.counter - len(cards))
        case PrepareNewGuard(card):
            hand = multiset.remove(me.hand, (card,))
            assert hand is not None
            players[actor] = player_with(me, hand=hand, guard=Guard(card, GuardStatus.PREPARING))
            work.events.append(GuardPrepared(actor, card))
            work.finish_unit(0, 0)
        case DeclineNewGuard():
            work.finish_unit(0, 0)
        case DiscardDown(cards):
            hand = multiset.remove(me.hand, cards)
            assert hand is not None
            players[actor] = player_with(
                me, hand=hand, discard_hidden=multiset.add(me.discard_hidden, cards)
            )
            work.events.append(CardsDiscarded(actor, len(cards), cards, DiscardReason.DRAW))
            work.phase = Phase.MOVE
        case PlacePiece(cell):
            work.place(actor, cell)
        case _:  # pragma: no cover - verify() checked the type
            assert_never(action)


def _walk(t: Tables, origin: Cell | None, direction: Direction, distance: int) -> Cell:
    assert origin is not None
    dx, dy = direction.delta
    return t.cells[(origin.y + dy * distance) * t.size + origin.x + dx * distance]


def _burn(work: Work, actor: int, cards: tuple[str, ...], position: Cell | None = None) -> None:
    me = work.players[actor]
    hand = multiset.remove(me.hand, cards)
    assert hand is not None
    work.players[actor] = player_with(
        me,
        hand=hand,
        discard_hidden=multiset.add(me.discard_hidden, cards),
        position=me.position if position is None else position,
    )
    work.events.append(CardsBurned(actor, len(cards), cards))


def _attack(work: Work, actor: int, cards: tuple[str, ...]) -> None:
    t = work.tables
    me = work.players[actor]
    hand = multiset.remove(me.hand, cards)
    assert hand is not None
    work.players[actor] = player_with(me, hand=hand, in_play=multiset.add(me.in_play, cards))
    masks = [t.attack[actor][card] for card in cards]
    targets: list[tuple[int, int]] = []
    count = len(work.players)
    for step in range(1, count):
        index = (actor + step) % count
        other = work.players[index]
        if other.is_out or other.position is None or t.team[index] == t.team[actor]:
            continue
        cell = other.position.y * t.size + other.position.x
        damage = sum(1 for mask in masks if mask >> cell & 1)
        if damage:
            targets.append((index, damage))
    work.events.append(AttackDeclared(actor, cards, tuple(targets)))
    work.begin_reaction(actor, cards, targets)


def _defend(work: Work, actor: int, cards: tuple[str, ...], against: int) -> None:
    me = work.players[actor]
    hand = multiset.remove(me.hand, cards)
    assert hand is not None
    work.players[actor] = player_with(
        me, hand=hand, discard_known=multiset.add(me.discard_known, cards)
    )
    work.events.append(Defended(actor, cards, against))


def _activate(work: Work, actor: int) -> None:
    t = work.tables
    attack = work.attack
    me = work.players[actor]
    guard = me.guard
    assert attack is not None and guard is not None and guard.orientation is not None
    assert me.position is not None
    card = guard.card
    if guard.orientation is Orientation.DEFENSIVE:
        cell = me.position.y * t.size + me.position.x
        critical = bool(t.defence[actor][card] >> cell & 1)
        work.events.append(GuardActivated(actor, card, guard.orientation, critical))
        if not critical:
            work.players[actor] = player_with(
                me, guard=None, discard_known=multiset.add(me.discard_known, (card,))
            )
            work.finish_unit(0, 0)
            return
        health = me.health
        if t.has_health:
            health = min(t.config.max_health, me.health + 1)
        work.players[actor] = player_with(
            me, guard=None, hand=multiset.add(me.hand, (card,)), health=health
        )
        if health != me.health:
            work.events.append(HealthRestored(actor, health - me.health, health))
        work.events.append(GuardReturned(actor, card))
        work.phase = Phase.NEW_GUARD
        return
    attacker = work.players[attack.attacker]
    critical = False
    if attacker.position is not None:
        cell = attacker.position.y * t.size + attacker.position.x
        critical = bool(t.attack[actor][card] >> cell & 1)
    work.events.append(GuardActivated(actor, card, guard.orientation, critical))
    work.players[actor] = player_with(
        me, guard=None, discard_known=multiset.add(me.discard_known, (card,))
    )
    if attacker.is_out:
        work.finish_unit(attack.damage - 1, 0)  # R20: negates 1 but deals none
        return
    work.attack = PendingAttack(
        attack.attacker,
        attack.cards,
        attack.defender,
        attack.damage,
        attack.waiting,
        counter=3 if critical else 2,
        defender_damage=attack.damage - 1,
    )
    work.phase = Phase.COUNTER
    work.actor = attack.attacker
