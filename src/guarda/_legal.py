"""Legal actions and verification: what the player to decide may do, and why not.

[`list_actions`][guarda._legal.list_actions] lists exactly the legal actions of
``state.actor`` in a fixed order; [`verify`][guarda._legal.verify] explains, with the
ruling, why an action is not legal. Both ask [guarda._queries][] the same rule questions,
so they cannot disagree (a property test checks it).

Actions are immutable, so one instance serves every state: the tables below share the
actions per card multiset, bounded in size.
"""

from __future__ import annotations

import itertools
import math
from typing import assert_never

from guarda import _multiset as multiset
from guarda._action_lists import (
    LAZY_FROM,
    Budget,
    Kept,
    LegalActions,
    Lookup,
    Memo,
    Part,
    SharedActions,
    Subsets,
    Way,
    lazy_runs,
    maker_of,
)
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
    incoming_damage,
    lines,
    occupancy,
    occupant,
    placement_mask,
    reach,
)
from guarda._state import (
    GUARD_SET,
    PHASE_ACT,
    PHASE_COUNTER,
    PHASE_DISCARD,
    PHASE_MOVE,
    PHASE_NEW_GUARD,
    PHASE_OVER,
    PHASE_REACT,
    PHASE_SET_GUARD,
    PHASE_SETTLE,
    PHASE_SETUP,
    GameState,
    GuardStatus,
    Phase,
    PlayerState,
)
from guarda._tables import DIRECTIONS, Tables, tables
from guarda.errors import ArgumentError, IllegalActionError

__all__ = [
    "PHASE_ACTIONS",
    "PHASE_RULES",
    "clear_action_caches",
    "list_actions",
    "verify",
]

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


_LISTED_HAND = 6
"""Hands of at most this many cards have their card choices listed (at most 63), when such
hands come back: see [`_RECURRING_HANDS`][guarda._legal._RECURRING_HANDS]."""

_RECURRING_HANDS = 5_000
"""A ruleset whose deck deals at most this many different hands of its hand size (Grda
330, Modern 4,368) lists and keeps its hands' card choices: they come back again and
again, and the lists of all of them fit in the budget side by side. With more (Classic
12,376; a 9x9 field's deck 3 million) a hand rarely comes back before the budget starts
over, so every hand's long runs of card choices are lazy and made each time, as for a
big hand: measured, a random Classic 4p game runs about 30% faster that way."""

BUDGET = Budget(4 << 20)
"""What the caches of listed and shared actions keep at most, over every configuration.

Weighed in list entries of 8 bytes, each kept object at about its size (a shared action
counts as [`ACTION_WEIGHT`][guarda._action_lists.ACTION_WEIGHT], a cache entry as
[`ENTRY_WEIGHT`][guarda._action_lists.ENTRY_WEIGHT] besides its value): about 4 million,
some 35 MB of memory when full, at which point every cache starts over. What a Modern
game meets over a thousand random games weighs about 2.2 million, so the hands of the
common rulesets stay cached side by side.
"""


class _Directed:
    """The moves (or pushes) of one hand of at most ``_LISTED_HAND`` cards, per direction,
    each direction built in full when first needed.

    ``built[index]`` lists ``kind(DIRECTIONS[index], cards)`` for every sub-multiset
    ``cards`` of the hand, by size (None until built); its first ``ends[distance]`` are
    those that burn at most ``distance`` cards. (A bigger hand's moves are one
    [`lazy_runs`][guarda._action_lists.lazy_runs] list when one direction has a long
    run, else short runs of [`_Hands.run`][guarda._legal._Hands.run].)
    """

    __slots__ = ("budget", "built", "ends", "hand", "lookups")

    def __init__(self, kind: type, hand: tuple[str, ...], shared: SharedActions) -> None:
        self.hand = hand
        self.budget = shared.budget
        self.lookups = tuple([shared.lookup(kind, direction) for direction in DIRECTIONS])
        self.ends = multiset.ends(hand)
        """``ends[k]``: how many sub-multisets have 1 to ``k`` cards."""
        self.built: list[tuple[Action, ...] | None] = [None, None, None, None]

    def build(self, index: int) -> tuple[Action, ...]:
        """The actions one way, for every number of cards."""
        # The sub-multisets are not kept here (they would double what a hand keeps):
        # submultisets remembers those of recent hands.
        groups = multiset.submultisets(self.hand)[1:]
        built = tuple(map(self.lookups[index], itertools.chain.from_iterable(groups)))
        self.budget.spend(len(built) + 8)
        self.built[index] = built
        return built

    def part(self, index: int, distance: int) -> tuple[Action, ...]:
        """The actions one way burning 1 to ``distance`` cards (any distance from 1)."""
        built = self.built[index] or self.build(index)
        return built if distance >= len(self.hand) else built[: self.ends[distance]]


_DIRECTED_WEIGHT = 64
"""What a [`_Directed`][guarda._legal._Directed] weighs when made (its tables), in list
entries of 8 bytes; its lists of actions are spent as they grow."""

_LINES_KEPT = 1024
"""How many answers of [`lines`][guarda._queries.lines] a configuration keeps (about 300 KB)
before it starts over. Cheap to compute, they are kept outside the budget: with many
pieces they rarely come back, and spending the budget on them would empty the caches that
do come back."""


def _weight(actions: LegalActions) -> int | None:
    """What keeping a list weighs; None for a list with lazy runs, which is not kept: it
    belongs to a hand of seven cards or more, which rarely comes back, and costs little to
    make again."""
    return None if actions.is_lazy else len(actions) + 8


_Lines = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]
"""What [`lines`][guarda._queries.lines] answers: reaches and pushes."""


class _Hands:
    """The listed actions of hands, for every configuration, spending one budget.

    Lists depend only on a hand, never on the rest of the state or on the ruleset (an
    action names cards, not cells), so they are kept by hand and shared by every
    configuration: most steps list actions with one dictionary lookup.
    """

    __slots__ = ("act", "budget", "cards", "directed", "listed_hand", "react", "shared")

    def __init__(self, shared: SharedActions, listed_hand: int) -> None:
        budget = shared.budget
        self.budget = budget
        self.shared = shared
        self.listed_hand = listed_hand
        """Hands of at most this many cards have their card choices listed; a bigger hand's
        long runs are lazy."""
        self.act: Memo[tuple[str, ...], LegalActions] = Memo(self._act, budget)
        self.cards: Memo[tuple[type, tuple[str, ...], int, int], LegalActions] = Memo(
            self._cards, budget
        )
        self.react: Memo[tuple[type, tuple[str, ...], int, tuple[Action, ...]], LegalActions]
        self.react = Memo(self._react, budget)
        self.directed: Memo[tuple[type, tuple[str, ...]], _Directed] = Memo(self._directed, budget)

    def run(
        self,
        kind: type,
        direction: Direction | None,
        hand: tuple[str, ...],
        low: int,
        high: int,
        known: multiset.Profile | None = None,
    ) -> Part:
        """``kind([direction,] cards)`` for every sub-multiset of ``hand`` with ``low..high``
        cards: listed when short, a lazy [`Subsets`][guarda._action_lists.Subsets] run when long.
        ``known`` is the hand's [`profile`][guarda._multiset.profile], if the caller has it.
        """
        size = len(hand)
        high = high if high < size else size
        if low > high:
            return ()
        if size > self.listed_hand:
            profile = known or multiset.profile(hand)
            counts, starts_at, ends = profile[1]
            if low == 1:
                starts = ends[: high + 1]
            elif low == 0:
                starts = starts_at[: high + 2]
            else:
                starts = (0, *itertools.accumulate(counts[low : high + 1]))
            if starts[-1] >= LAZY_FROM:
                # A big hand's actions rarely come back: made, not shared.
                make = maker_of(kind, direction)
                return Subsets(kind, direction, hand, low, high, make, starts, profile)
            if size > _LISTED_HAND:
                # A few choices of a big hand: listed from the sizes asked for (all its
                # sub-multisets would be thousands).
                sizes = range(low, high + 1)
                cards = itertools.chain.from_iterable(multiset.of_size(hand, k) for k in sizes)
                return tuple(map(self.shared.lookup(kind, direction), cards))
        # A small hand: listed, from its remembered sub-multisets.
        groups = multiset.submultisets(hand)[low : high + 1]
        lookup = self.shared.lookup(kind, direction)
        return tuple(map(lookup, itertools.chain.from_iterable(groups)))

    def single(
        self, kind: type, hand: tuple[str, ...], last: bytes | None = None
    ) -> tuple[Action, ...]:
        """``kind(card)`` for every distinct card of ``hand``, sorted; ``last`` is the hand's
        run ends (its [`profile`][guarda._multiset.profile]'s first half), if known."""
        cards = dict.fromkeys(hand) if last is None else itertools.compress(hand, last)
        return tuple(map(self.shared.by_card(kind), cards))

    def _act(self, hand: tuple[str, ...]) -> tuple[LegalActions, int | None]:
        size = len(hand)
        if size > self.listed_hand:
            profile = multiset.profile(hand)
            attacks = profile[1][2][size]
            if attacks >= LAZY_FROM:  # the guards, the attacks (lazy), then Pass
                guards = self.single(PrepareGuard, hand, profile[0])
                start = len(guards)
                starts = (0, start, start + attacks, start + attacks + 1)
                way = (Attack, None, _ATTACK, size)
                return lazy_runs(hand, profile, (way,), guards, (_PASS,), starts), None
        actions = LegalActions.join(
            (self.single(PrepareGuard, hand), self.run(Attack, None, hand, 1, size), (_PASS,))
        )
        return actions, _weight(actions)

    def _cards(
        self, key: tuple[type, tuple[str, ...], int, int]
    ) -> tuple[LegalActions, int | None]:
        kind, hand, low, high = key
        size = len(hand)
        if low < 2 and size > self.listed_hand:
            profile = multiset.profile(hand)
            high = high if high < size else size
            chosen = profile[1][2][high]  # the choices of 1 to high cards
            if chosen + 1 - low >= LAZY_FROM:  # the empty choice if low is 0, then the others
                head = (self.shared.lookup(kind)(()),) if not low else ()
                starts = (0, len(head), len(head) + chosen, len(head) + chosen)
                way = (kind, None, maker_of(kind), high)
                return lazy_runs(hand, profile, (way,), head, (), starts), None
        actions = LegalActions.join((self.run(kind, None, hand, low, high),))
        return actions, _weight(actions)

    def _react(
        self, key: tuple[type, tuple[str, ...], int, tuple[Action, ...]]
    ) -> tuple[LegalActions, int | None]:
        kind, cards, most, tail = key
        actions = LegalActions.join((self.run(kind, None, cards, 1, most), tail))
        return actions, _weight(actions)

    def _directed(self, key: tuple[type, tuple[str, ...]]) -> tuple[_Directed, int]:
        return _Directed(*key, self.shared), _DIRECTED_WEIGHT


_DIRECTED_MAKERS: dict[type, tuple[Lookup, ...]] = {
    kind: tuple(maker_of(kind, direction) for direction in DIRECTIONS) for kind in (Move, Push)
}
"""The makers of moves and pushes, by kind and then direction index."""

_ATTACK = maker_of(Attack)
"""The maker of attacks (a big hand's are made, not shared)."""

_SHARED = SharedActions(BUDGET)
"""The actions shared by every list."""

_HANDS = _Hands(_SHARED, _LISTED_HAND)
"""The lists of every hand, in every configuration whose small hands come back."""

_RARE_HANDS = _Hands(_SHARED, 0)
"""The lists of every hand, in the configurations whose hands rarely come back (more
than [`_RECURRING_HANDS`][guarda._legal._RECURRING_HANDS] different hands)."""


class _Lists:
    """What one configuration keeps of its own: the placements a set of cells allows and
    the reaches of the pieces (kept on its tables)."""

    __slots__ = ("hands", "lines", "placements", "tables")

    def __init__(self, t: Tables) -> None:
        self.tables = t
        config = t.config
        hands = math.comb(len(config.card_names) + config.hand_size - 1, config.hand_size)
        self.hands = _HANDS if hands <= _RECURRING_HANDS else _RARE_HANDS
        """The lists of its hands."""
        self.placements: Memo[tuple[Cell, ...], LegalActions] = Memo(self._placements, BUDGET)
        self.lines: Kept[tuple[int, int], _Lines] = Kept(_LINES_KEPT, BUDGET)

    def lines_of(self, start: int, occupied: int) -> _Lines:
        """[`lines`][guarda._queries.lines] for a piece on ``start``, kept."""
        found = self.lines.get((start, occupied))
        if found is None:
            found = self.lines.keep((start, occupied), lines(self.tables, start, occupied))
        return found

    def _placements(self, cells: tuple[Cell, ...]) -> tuple[LegalActions, int]:
        return LegalActions.of(tuple(PlacePiece(cell) for cell in cells)), len(cells) + 8


_LISTS = "lists"
"""The key of a configuration's [`_Lists`][guarda._legal._Lists] in its tables' caches."""


def _lists(t: Tables) -> _Lists:
    found = t.caches.get(_LISTS)
    if found is None:
        found = t.caches.setdefault(_LISTS, _Lists(t))
    assert isinstance(found, _Lists)
    return found


_END_MOVE = EndMove()
_PASS = Pass()
_TAKE = TakeDamage()
_ACTIVATE = ActivateGuard()
_DECLINE = DeclineNewGuard()
_NOTHING = LegalActions.of(())
_SET = LegalActions.of((SetGuard(Orientation.DEFENSIVE), SetGuard(Orientation.OFFENSIVE)))
_ONLY_END_MOVE = LegalActions.of((_END_MOVE,))


def list_actions(state: GameState) -> LegalActions:
    """Every legal action of ``state.actor``, in a fixed order (the engine checked the type)."""
    phase = state.phase
    if phase is PHASE_OVER:
        return _NOTHING
    t = tables(state.config)
    lists = _lists(t)
    hands = lists.hands
    actor = state.actor
    assert actor is not None
    player = state.players[actor]
    hand = player.hand
    if phase is PHASE_MOVE:
        return _move_actions(t, lists, state, player)
    if phase is PHASE_ACT:
        if hands.listed_hand or len(hand) <= _LISTED_HAND:
            return hands.act[hand]
        return hands._act(hand)[0]  # a big hand that rarely comes back: not kept
    if phase is PHASE_SETTLE:
        if hands.listed_hand or len(hand) <= _LISTED_HAND:
            return hands.cards[Settle, hand, 0, len(hand)]
        return hands._cards((Settle, hand, 0, len(hand)))[0]
    if phase is PHASE_REACT:
        attack = state.attack
        assert attack is not None and player.position is not None
        cards = covering(hand, t.defence[actor], player.position.index(t.size))
        guard = player.guard
        if guard is not None and guard.status is GUARD_SET:
            return hands.react[Defend, cards, attack.damage, (_ACTIVATE, _TAKE)]
        return hands.react[Defend, cards, attack.damage, (_TAKE,)]
    if phase is PHASE_COUNTER:
        attack = state.attack
        assert attack is not None and player.position is not None
        cards = covering(hand, t.defence[actor], player.position.index(t.size))
        return hands.react[DefendCounter, cards, attack.counter, (_TAKE,)]
    if phase is PHASE_SET_GUARD:
        return _SET
    if phase is PHASE_NEW_GUARD:
        return LegalActions.of((*hands.single(PrepareNewGuard, hand), _DECLINE))
    if phase is PHASE_DISCARD:
        excess = len(hand) - hand_target(t.config, player)
        return hands.cards[DiscardDown, hand, excess, excess]
    if phase is PHASE_SETUP:
        mask = placement_mask(t, state.players, actor)
        cells = tuple(cell for i, cell in enumerate(t.cells) if mask >> i & 1)
        return lists.placements[cells]
    assert_never(phase)


def _move_actions(t: Tables, lists: _Lists, state: GameState, player: PlayerState) -> LegalActions:
    actor = state.actor
    assert actor is not None and player.position is not None
    hand = player.hand
    if not hand:
        return _ONLY_END_MOVE
    players = state.players
    # What a piece can reach depends only on its cell and the occupied cells of its
    # lines: kept (on a big field most positions have nobody in line).
    start = player.position.index(t.size)
    reaches, pushes = lists.lines_of(start, occupancy(t.size, players) & t.lines[start])
    team = t.team[actor]
    pushed = []
    for index, neighbour, distance in pushes:
        owner = occupant(players, t.cells[neighbour])
        if owner is not None and t.team[owner] != team:
            pushed.append((index, distance))
    if state.has_moved and not pushed:  # moved, nobody to push: only the end of the move
        return _ONLY_END_MOVE
    hands = lists.hands
    size = len(hand)
    if size > hands.listed_hand:  # its lists are mostly lazy runs, made each time
        profile = multiset.profile(hand)
        ends = profile[1][2]
        ways: list[Way] = []
        starts = [0, 0]  # no head: the first run starts at 0
        total = 0
        lazy = False
        directions = () if state.has_moved else enumerate(reaches)
        for kind, lines in ((Move, directions), (Push, pushed)):
            makers = _DIRECTED_MAKERS[kind]
            for index, distance in lines:
                if not distance:
                    continue
                high = distance if distance < size else size
                if ends[high] >= LAZY_FROM:
                    lazy = True
                ways.append((kind, DIRECTIONS[index], makers[index], high))
                total += ends[high]
                starts.append(total)
        if lazy:
            starts.append(total + 1)
            return lazy_runs(hand, profile, tuple(ways), (), (_END_MOVE,), tuple(starts))
        parts = [hands.run(kind, to, hand, 1, high, profile) for kind, to, _, high in ways]
        parts.append((_END_MOVE,))
        return LegalActions.join(parts)
    # Every part listed: the kept lines of the hand, each cut to its reach, copied
    # into one list (slices of tuples copy in C).
    listed: list[Action] = []
    if not state.has_moved:
        moves = hands.directed[Move, hand]
        built, ends = moves.built, moves.ends
        for index, distance in enumerate(reaches):
            if distance:
                line = built[index] or moves.build(index)
                listed += line if distance >= size else line[: ends[distance]]
    for index, distance in pushed:
        listed += hands.directed[Push, hand].part(index, distance)
    listed.append(_END_MOVE)
    return LegalActions.of(listed)


def clear_action_caches() -> None:
    """Empty every cache of listed and shared actions."""
    BUDGET.reset()


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
    """Raise [`IllegalActionError`][guarda.errors.IllegalActionError] unless ``action`` is
    legal in ``state``: the explanation, with its ruling, of why an action is not legal.

    Args:
        state: The position.
        action: The action to check.
        player: The player sending the action, if known; it must be ``state.actor``.

    Raises:
        IllegalActionError: Naming the ruling that forbids the action.
        ArgumentError: If ``state`` is not a GameState.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=0)
        >>> guarda.verify(state, guarda.Pass())
        Traceback (most recent call last):
        ...
        guarda.errors.IllegalActionError: action: Pass is not a decision of the setup phase (it takes PlacePiece) (R9)
    """  # noqa: E501
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
        distance = reach(t, DIRECTIONS.index(direction), start, occupied)
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
    distance = reach(t, DIRECTIONS.index(direction), neighbour, occupied)
    if len(cards) > distance:
        raise _illegal(
            f"the pushed piece can go only {distance} cells {direction.name.lower()}", "R13"
        )


def _verify_defence(t: Tables, state: GameState, me: PlayerState, cards: tuple[str, ...]) -> None:
    attack = state.attack
    assert attack is not None and me.position is not None and state.actor is not None
    limit = incoming_damage(state.phase, attack, state.actor)
    assert limit is not None
    if not cards:
        raise _illegal("defend with at least one card (or take the damage)", "R19")
    if len(cards) > limit:
        raise _illegal(f"at most {limit} defence cards: one per point of damage", "R19")
    _check_cards(t, me.hand, cards, "hand", "R19")
    cell = me.position.index(t.size)
    for card in cards:
        if not t.defence[state.actor][card] >> cell & 1:
            raise _illegal(f"{card} does not cover {me.position} in defensive orientation", "R19")
