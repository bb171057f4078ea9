"""The fixed, flat action index of a configuration: every possible action and its number.

An [`ActionIndex`][guarda.ActionIndex] numbers every action that some game of a
configuration can offer, not only the legal actions of one position, so a policy network
can have one output per action and a framework such as OpenSpiel can name actions by
integers. The numbers depend on the configuration alone and never change: the layout
below is part of the public API, pinned by a golden file.

The index is a sequence of **blocks**, one per action kind (and direction), in this order:

1. `EndMove`, `Pass`, `TakeDamage`, `ActivateGuard`, `DeclineNewGuard`: the decisions
   without arguments, one number each: 0 to 4 in every configuration.
2. `SetGuard`: defensive (5), then offensive (6), as `legal_actions` lists them.
3. `PlacePiece`: every cell, by index `y * size + x` (`a1`, `b1`, ...).
4. `PrepareGuard`, then `PrepareNewGuard`: every card type, in name order.
5. `DiscardDown`: card multisets of 1 to `D` cards (below).
6. `Move N`, `Move E`, `Move S`, `Move W`: card multisets of 1 to
   `min(hand size, size - 1)` cards, one block per direction.
7. `Push N`, `Push E`, `Push S`, `Push W`: card multisets of 1 to
   `min(hand size, size - 2)` cards.
8. `Attack`, then `Defend`: card multisets of 1 to `hand size` cards.
9. `DefendCounter`: card multisets of 1 to 3 cards (a critical counter deals 3).
10. `Settle`: card multisets of 0 to `hand size` cards.

`D`, the most cards a Draw phase can discard, is the largest hand a player can hold at
the start of their turn, plus the one card Classic draws, minus the smallest hand target:
`max(hand size + 1, opening hand) + 1 - hand size` (with the guard counted toward the
hand, as in Grda: `max(hand size, opening hand) + 1 - (hand size - 1)`). These are the
limits the engine's own position checks enforce (R12, R13, R19, R20), so every action a
game can offer has a number. A card multiset never holds more copies of a card than the
deck does.

Within a block of card multisets, the multisets come by size (fewest cards first), and
within one size in the order of their sorted card names (so `H1 H1` before `H1 V2`: more
copies of an earlier name come first), the order in which
[`guarda.legal_actions`][guarda.legal_actions] lists them. Multisets are ranked and
unranked by counting, never listed, so a big custom field costs memory only for a table
of counts. A configuration whose index would hold more than ``max_actions`` actions
([`MAX_ACTIONS`][guarda.MAX_ACTIONS] by default) is refused.
"""

from __future__ import annotations

import bisect
import operator
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final, SupportsIndex

import attrs

from guarda._action_lists import LegalActions, Subsets
from guarda._actions import (
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
from guarda._engine import legal_actions
from guarda._geometry import Cell, Direction, Orientation
from guarda._notation import format_action
from guarda._state import GameState
from guarda._views import PlayerView
from guarda.errors import ActionSpaceError, ArgumentError

__all__ = ["MAX_ACTIONS", "ActionBlock", "ActionIndex"]

MAX_ACTIONS: Final = 1 << 22
"""The most actions an [`ActionIndex`][guarda.ActionIndex] holds by default (4,194,304).

The index itself only counts, but what is built on it holds one entry per action: an
action mask one byte per action, a policy one number per action. Pass ``max_actions`` to
[`ActionIndex`][guarda.ActionIndex] to allow more.
"""

COUNTER_DAMAGE: Final = 3
"""The most damage a counter deals, so the most cards a `DefendCounter` plays (R20)."""

_PLAIN: Final[tuple[type[Action], ...]] = (
    EndMove,
    Pass,
    TakeDamage,
    ActivateGuard,
    DeclineNewGuard,
)
"""The decisions without arguments, in index order: numbered 0 to 4."""
_PLAIN_ACTIONS: Final[tuple[Action, ...]] = (
    EndMove(),
    Pass(),
    TakeDamage(),
    ActivateGuard(),
    DeclineNewGuard(),
)
"""The one action of each kind in `_PLAIN`."""
_CARD_ACTIONS: Final[dict[type[Action], Callable[[tuple[str, ...]], Action]]] = {
    DiscardDown: DiscardDown,
    Attack: Attack,
    Defend: Defend,
    DefendCounter: DefendCounter,
    Settle: Settle,
}
"""The card-playing kinds without a direction, by class."""
_ORIENTATIONS: Final = (Orientation.DEFENSIVE, Orientation.OFFENSIVE)
_DIRECTIONS: Final = (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
_SINGLE: Final[tuple[type[Action], ...]] = (PrepareGuard, PrepareNewGuard)
_KINDS: Final[frozenset[type]] = frozenset(
    (*_PLAIN, SetGuard, PlacePiece, *_SINGLE, *_CARD_ACTIONS, Move, Push)
)
"""Every action class."""
_CACHE_LIMIT: Final = 1 << 16
"""How many action numbers an index remembers before it starts over."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class ActionBlock:
    """One run of an [`ActionIndex`][guarda.ActionIndex]: the actions of one kind (and
    direction), numbered ``start`` to ``stop - 1``.

    Examples:
        >>> import guarda
        >>> block = guarda.ActionIndex(guarda.modern()).block("Move N")
        >>> block.kind is guarda.Move, block.direction, block.min_cards, block.max_cards
        (True, <Direction.NORTH: 'N'>, 1, 4)
        >>> block.start, block.stop, block.size
        (146, 1965, 1819)
    """

    name: str
    """The kind's class name, and for moves and pushes the direction: ``"Move N"``."""
    kind: type[Action]
    """The action class."""
    direction: Direction | None
    """The direction of a `Move` or `Push` block, else None."""
    start: int
    """The number of the block's first action."""
    stop: int
    """One past the number of the block's last action."""
    min_cards: int
    """The fewest cards an action of the block plays (0 for actions without cards)."""
    max_cards: int
    """The most cards an action of the block plays (0 for actions without cards)."""

    @property
    def size(self) -> int:
        """How many actions the block holds."""
        return self.stop - self.start


class _Multisets:
    """Counting, ranking and unranking of card multisets with per-card limits.

    ``suffix[i][k]`` is how many multisets of ``k`` cards the card types from the ``i``-th
    on can make (each at most its copies); ``before[i][k]`` sums ``suffix[i][:k]``.
    """

    __slots__ = ("before", "copies", "names", "suffix")

    def __init__(self, names: tuple[str, ...], copies: tuple[int, ...], most: int) -> None:
        self.names = names
        self.copies = copies
        width = most + 1
        suffix = [[0] * width for _ in names]
        suffix.append([1] + [0] * most)
        for i in range(len(names) - 1, -1, -1):
            after, cap = suffix[i + 1], copies[i]
            running = [0]
            for value in after:
                running.append(running[-1] + value)
            # row[k] = after[k] + after[k - 1] + ... + after[k - cap]
            suffix[i] = [running[k + 1] - running[max(0, k - cap)] for k in range(width)]
        self.suffix = suffix
        self.before = []
        for row in suffix:
            running = [0]
            for value in row:
                running.append(running[-1] + value)
            self.before.append(running)

    def count(self, size: int) -> int:
        """How many multisets of ``size`` cards there are."""
        return self.suffix[0][size]

    def skip(self, i: int, remaining: int, taken: int) -> int:
        """How many multisets take more than ``taken`` copies of card ``i`` when
        ``remaining`` cards are left to choose from card ``i`` on: they come first."""
        row = self.before[i + 1]
        return row[remaining - taken] - row[remaining - min(self.copies[i], remaining)]

    def rank(self, counts: list[int], size: int) -> int:
        """The place of a multiset (copies per card type) among those of its size."""
        rank = 0
        remaining = size
        for i, taken in enumerate(counts):
            if not remaining:
                break
            rank += self.skip(i, remaining, taken)
            remaining -= taken
        return rank

    def unrank(self, size: int, rank: int) -> tuple[str, ...]:
        """The multiset of ``size`` cards at place ``rank``, as sorted card names."""
        chosen: list[str] = []
        remaining = size
        for i, name in enumerate(self.names):
            if not remaining:
                break
            after = self.suffix[i + 1]
            for taken in range(min(self.copies[i], remaining), -1, -1):
                block = after[remaining - taken]
                if rank < block:
                    chosen += (name,) * taken
                    remaining -= taken
                    break
                rank -= block
        return tuple(chosen)

    def ranks_within(self, available: dict[int, int], size: int) -> list[int]:
        """The ranks of every multiset of ``size`` cards drawn from ``available`` (copies
        per card type, each at most the deck's), in increasing order: the order of the
        multisets' sorted card names."""
        present = sorted(available)
        tail = [0] * (len(present) + 1)
        for place in range(len(present) - 1, -1, -1):
            tail[place] = tail[place + 1] + available[present[place]]
        found: list[int] = []

        def walk(place: int, after: int, remaining: int, rank: int) -> None:
            # ``after``: the first card type not yet decided; types up to the next
            # present one are absent (none taken), each still counting what comes first.
            if not remaining:
                found.append(rank)
                return
            card = present[place]
            for i in range(after, card):
                rank += self.skip(i, remaining, 0)
            top = min(available[card], remaining)
            for taken in range(top, max(0, remaining - tail[place + 1]) - 1, -1):
                walk(
                    place + 1,
                    card + 1,
                    remaining - taken,
                    rank + self.skip(card, remaining, taken),
                )

        if size <= tail[0]:
            walk(0, 0, size, 0)
        return found


class ActionIndex:
    """Every action some game of a configuration can offer, numbered ``0 .. size - 1``.

    The numbering depends on the configuration only and is stable across releases: the
    [notation guide](../notation.md#action-numbers) gives the layout, and
    [`blocks`][guarda.ActionIndex.blocks] describes it.
    [`action_at`][guarda.ActionIndex.action_at] and
    [`index_of`][guarda.ActionIndex.index_of] go both ways, and
    [`legal_indices`][guarda.ActionIndex.legal_indices] gives the numbers of a position's
    legal actions. Two indices are equal when they number every action alike: the field
    size, the deck, the hand size, the opening hand and whether the guard counts toward
    the hand decide the numbering; the players, the win condition and the stakes do not.

    Args:
        config: The ruleset.
        max_actions: The most actions the index may hold.

    Raises:
        ArgumentError: If ``config`` is not a [`Config`][guarda.Config] or
            ``max_actions`` not a positive integer.
        ActionSpaceError: If the index would hold more than ``max_actions`` actions.

    Examples:
        >>> import guarda
        >>> index = guarda.ActionIndex(guarda.modern())
        >>> len(index)
        28218
        >>> index.action_at(0), index.action_at(7)
        (EndMove(), PlacePiece(cell=Cell(x=0, y=0)))
        >>> index.index_of(guarda.parse_action("attack H1 H1 V2"))
        9412
        >>> index.action_at(9412) == guarda.Attack(("V2", "H1", "H1"))
        True
        >>> index == guarda.ActionIndex(guarda.modern(players=5, win="victory"))
        True
    """

    __slots__ = (
        "_cache",
        "_cards",
        "_key",
        "_multisets",
        "_named",
        "_places",
        "blocks",
        "cards",
        "config",
        "max_actions",
        "size",
    )

    config: Config
    """The ruleset the numbers are for."""
    cards: tuple[str, ...]
    """The card types in name order: the order of card multisets and card blocks."""
    blocks: tuple[ActionBlock, ...]
    """Every block, in index order: the layout."""
    size: int
    """How many actions the index holds."""
    max_actions: int
    """The most actions the index was allowed to hold."""

    def __init__(self, config: Config, *, max_actions: int = MAX_ACTIONS) -> None:
        if not isinstance(config, Config):
            raise ArgumentError(f"not a Config: {config!r}", path="config")
        if not _is_int(max_actions) or max_actions < 1:
            raise ArgumentError(
                f"max_actions must be a positive integer, not {max_actions!r}",
                path="max_actions",
            )
        cards = tuple(sorted(config.card_names))
        copies = tuple(config.copies(name) for name in cards)
        limits = _card_limits(config)
        multisets = _Multisets(cards, copies, max(high for _, high in limits.values()))
        blocks: list[ActionBlock] = []
        places: dict[tuple[type[Action], Direction | None], tuple[ActionBlock, list[int]]] = {}
        start = 0

        def add(
            kind: type[Action], direction: Direction | None, size: int, low: int, high: int
        ) -> ActionBlock:
            nonlocal start
            name = kind.__name__ if direction is None else f"{kind.__name__} {direction.value}"
            block = ActionBlock(name, kind, direction, start, start + size, low, high)
            blocks.append(block)
            start += size
            return block

        for kind in _PLAIN:
            add(kind, None, 1, 0, 0)
        add(SetGuard, None, len(_ORIENTATIONS), 0, 0)
        add(PlacePiece, None, config.size * config.size, 0, 0)
        for kind in _SINGLE:
            add(kind, None, len(cards), 1, 1)
        for kind, direction in _CARD_BLOCKS:
            low, high = limits[kind]
            offsets = [0]
            for size in range(low, high + 1):
                offsets.append(offsets[-1] + multisets.count(size))
            places[kind, direction] = (add(kind, direction, offsets[-1], low, high), offsets)
        if start > max_actions:
            biggest = max(blocks, key=operator.attrgetter("size"))
            raise ActionSpaceError(
                f"the action index of {config.name} would hold {start:,} actions, more than "
                f"the limit of {max_actions:,} (guarda.MAX_ACTIONS unless max_actions is "
                f"given); its biggest block, {biggest.name}, holds {biggest.size:,} card "
                f"multisets of up to {biggest.max_cards} of {len(cards)} card types: "
                "use a smaller hand size or fewer card types",
                path="config",
            )
        self.config = config
        self.cards = cards
        self.blocks = tuple(blocks)
        self.size = start
        self.max_actions = max_actions
        self._cards = {name: i for i, name in enumerate(cards)}
        self._multisets = multisets
        self._places = places
        self._named = {block.name: block for block in blocks}
        self._key = (
            config.size,
            tuple(zip(cards, copies, strict=True)),
            config.hand_size,
            config.opening_hand,
            config.guard_counts_toward_hand,
        )
        self._cache: dict[Action, int] = {}

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<ActionIndex of {self.config.name}: {self.size} actions>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionIndex):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __copy__(self) -> ActionIndex:
        return self  # immutable but for its cache

    def __deepcopy__(self, memo: dict[int, object]) -> ActionIndex:
        return self  # OpenSpiel, say, deep-copies it with every state it clones

    def __reduce__(self) -> tuple[Callable[[Config, int], ActionIndex], tuple[Config, int]]:
        return _rebuild, (self.config, self.max_actions)  # without the cache

    def block(self, name: str) -> ActionBlock:
        """The block of that name, such as ``"Attack"`` or ``"Move N"``.

        Raises:
            ArgumentError: If no block has that name.

        Examples:
            >>> import guarda
            >>> block = guarda.ActionIndex(guarda.grda()).block("SetGuard")
            >>> block.kind is guarda.SetGuard, block.start, block.stop
            (True, 5, 7)
        """
        block = self._named.get(name) if isinstance(name, str) else None
        if block is None:
            raise ArgumentError(
                f"no block named {name!r}: the blocks are "
                f"{', '.join(b.name for b in self.blocks)}",
                path="name",
            )
        return block

    def block_at(self, index: SupportsIndex) -> ActionBlock:
        """The block holding the action numbered ``index``.

        Raises:
            ArgumentError: If ``index`` is not an integer.
            ActionSpaceError: If ``index`` is out of range.
        """
        number = self._check_index(index)
        low, high = 0, len(self.blocks) - 1
        while low < high:  # the last block starting at or before the number
            middle = (low + high + 1) // 2
            if self.blocks[middle].start <= number:
                low = middle
            else:
                high = middle - 1
        return self.blocks[low]

    def _check_index(self, index: object) -> int:
        if isinstance(index, bool):
            raise ArgumentError(f"an action index is an integer, not {index!r}", path="index")
        try:
            number = operator.index(index)  # type: ignore[arg-type]
        except TypeError:
            raise ArgumentError(
                f"an action index is an integer, not {index!r}", path="index"
            ) from None
        if not 0 <= number < self.size:
            raise ActionSpaceError(
                f"{number} is outside the action index of {self.config.name} "
                f"(0 to {self.size - 1})",
                path="index",
            )
        return number

    def action_at(self, index: SupportsIndex) -> Action:
        """The action numbered ``index`` (any integer, a NumPy one too).

        Raises:
            ArgumentError: If ``index`` is not an integer.
            ActionSpaceError: If ``index`` is out of range.

        Examples:
            >>> import guarda
            >>> index = guarda.ActionIndex(guarda.grda())
            >>> guarda.format_action(index.action_at(index.block("Settle").start))
            'settle'
            >>> index.action_at(len(index))
            Traceback (most recent call last):
            ...
            guarda.errors.ActionSpaceError: index: 2562 is outside the action index of Grda (0 to 2561)
        """  # noqa: E501
        block = self.block_at(index)
        offset = operator.index(index) - block.start
        kind = block.kind
        if kind in _PLAIN:
            return _PLAIN_ACTIONS[_PLAIN.index(kind)]
        if kind is SetGuard:
            return SetGuard(_ORIENTATIONS[offset])
        if kind is PlacePiece:
            size = self.config.size
            return PlacePiece(Cell(offset % size, offset // size))
        if kind is PrepareGuard:
            return PrepareGuard(self.cards[offset])
        if kind is PrepareNewGuard:
            return PrepareNewGuard(self.cards[offset])
        _, offsets = self._places[kind, block.direction]
        group = bisect.bisect_right(offsets, offset) - 1
        cards = self._multisets.unrank(block.min_cards + group, offset - offsets[group])
        if block.direction is not None:
            return Move(block.direction, cards) if kind is Move else Push(block.direction, cards)
        return _CARD_ACTIONS[kind](cards)

    def describe(self, index: SupportsIndex) -> str:
        """The notation of the action numbered ``index``, such as ``"attack H1 V2"``.

        Raises:
            ArgumentError: If ``index`` is not an integer.
            ActionSpaceError: If ``index`` is out of range.

        Examples:
            >>> import guarda
            >>> guarda.ActionIndex(guarda.modern()).describe(9412)
            'attack H1 H1 V2'
        """
        return format_action(self.action_at(index))

    def index_of(self, action: Action) -> int:
        """The number of ``action``.

        Raises:
            ArgumentError: If ``action`` is not an action.
            ActionSpaceError: If no game of the configuration can offer the action: a card
                its deck lacks, more copies of a card than the deck holds, more or fewer
                cards than the action's block allows, a cell off the field.

        Examples:
            >>> import guarda
            >>> index = guarda.ActionIndex(guarda.modern())
            >>> index.index_of(guarda.Pass())
            1
            >>> index.index_of(guarda.Attack(("V6",)))
            Traceback (most recent call last):
            ...
            guarda.errors.ActionSpaceError: action.cards[0]: the deck of Modern has no card V6
        """
        if type(action) not in _KINDS:
            raise ArgumentError(f"not an action: {action!r}", path="action")
        found = self._cache.get(action)
        if found is not None:
            return found
        number = self._number(action)
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[action] = number
        return number

    def _number(self, action: Action) -> int:
        kind = type(action)
        if kind in _PLAIN:
            return _PLAIN.index(kind)
        if isinstance(action, SetGuard):
            if action.orientation not in _ORIENTATIONS:
                raise ActionSpaceError(
                    f"not an orientation: {action.orientation!r}", path="action.orientation"
                )
            return self._named["SetGuard"].start + _ORIENTATIONS.index(action.orientation)
        if isinstance(action, PlacePiece):
            cell, size = action.cell, self.config.size
            if not isinstance(cell, Cell) or not cell.is_on(size):
                raise ActionSpaceError(
                    f"{cell} is not a cell of the {size}x{size} field of {self.config.name}",
                    path="action.cell",
                )
            return self._named["PlacePiece"].start + cell.index(size)
        if isinstance(action, (PrepareGuard, PrepareNewGuard)):
            place = self._cards.get(action.card)
            if place is None:
                raise ActionSpaceError(
                    f"the deck of {self.config.name} has no card {action.card}",
                    path="action.card",
                )
            return self._named[kind.__name__].start + place
        if isinstance(action, (Move, Push, DiscardDown, Attack, Defend, DefendCounter, Settle)):
            direction = action.direction if isinstance(action, (Move, Push)) else None
            block, offsets = self._places[kind, direction]
            cards = action.cards
            if not block.min_cards <= len(cards) <= block.max_cards:
                raise ActionSpaceError(
                    f"{block.name} plays {block.min_cards} to {block.max_cards} cards in "
                    f"{self.config.name}, not {len(cards)}",
                    path="action.cards",
                )
            counts = [0] * len(self.cards)
            copies = self._multisets.copies
            for place, card in enumerate(cards):
                where = self._cards.get(card)
                if where is None:
                    raise ActionSpaceError(
                        f"the deck of {self.config.name} has no card {card}",
                        path=f"action.cards[{place}]",
                    )
                counts[where] += 1
                if counts[where] > copies[where]:
                    raise ActionSpaceError(
                        f"{counts[where]} copies of {card}, but the deck of "
                        f"{self.config.name} holds {copies[where]}",
                        path="action.cards",
                    )
            size = len(cards)
            rank = self._multisets.rank(counts, size)
            return block.start + offsets[size - block.min_cards] + rank
        raise ArgumentError(f"not an action: {action!r}", path="action")  # pragma: no cover

    def legal_indices(self, position: GameState | PlayerView) -> tuple[int, ...]:
        """The numbers of the legal actions of a state or of a view, in their order.

        For a state, the actions of [`guarda.legal_actions`][guarda.legal_actions]; for a
        view, its ``legal_actions`` (none unless the viewer must decide now). The numbers
        come in the order of the actions, so ``zip`` pairs them. A long run of card
        choices that the list keeps lazy (the attacks of a big hand) is numbered by
        counting, without making its actions.

        Raises:
            ArgumentError: If ``position`` is neither a [`GameState`][guarda.GameState]
                nor a [`PlayerView`][guarda.PlayerView].
            ActionSpaceError: If an action has no number: a position of a configuration
                that numbers its actions differently.

        Examples:
            >>> import guarda
            >>> index = guarda.ActionIndex(guarda.modern())
            >>> state = guarda.new_game(guarda.modern(), seed=1)
            >>> numbers = index.legal_indices(state)
            >>> [index.action_at(n) for n in numbers] == list(guarda.legal_actions(state))
            True
            >>> index.legal_indices(guarda.view(state, None))
            ()
        """
        if isinstance(position, GameState):
            actions: Iterable[Action] = legal_actions(position)
        elif isinstance(position, PlayerView):
            actions = position.legal_actions
        else:
            raise ArgumentError(f"not a GameState or a PlayerView: {position!r}", path="position")
        if not isinstance(actions, LegalActions) or not actions.is_lazy:
            return tuple(map(self.index_of, actions))
        numbers: list[int] = []
        for part in actions.parts:
            counted = self._counted(part) if isinstance(part, Subsets) else None
            numbers.extend(map(self.index_of, part) if counted is None else counted)
        return tuple(numbers)

    def _counted(self, part: Subsets) -> list[int] | None:
        """The numbers of a lazy run's actions, by counting; None if the run does not fit
        the index (each action then says why)."""
        place = self._places.get((part.kind, part.direction))
        zone = Counter(part.zone)
        where = self._cards
        copies = self._multisets.copies
        available: dict[int, int] = {}
        for card, count in zone.items():
            i = where.get(card)
            if i is None or count > copies[i]:
                return None
            available[i] = count
        if place is None:
            return None
        block, offsets = place
        high = min(part.high, len(part.zone))
        if part.low < block.min_cards or high > block.max_cards:
            return None
        numbers: list[int] = []
        for size in range(part.low, high + 1):
            first = block.start + offsets[size - block.min_cards]
            numbers.extend(first + rank for rank in self._multisets.ranks_within(available, size))
        return numbers


def _rebuild(config: Config, max_actions: int) -> ActionIndex:
    """The index of ``config`` (to unpickle one)."""
    return ActionIndex(config, max_actions=max_actions)


def _card_limits(config: Config) -> dict[type[Action], tuple[int, int]]:
    """The fewest and most cards each card-playing kind can play in a game of ``config``.

    The limits of the engine's position checks: a hand holds at most
    ``max(hand size + 1, opening hand)`` cards between turns (the 1 is a guard returned by
    a critical block, none where the guard counts toward the hand), one more in the Draw
    phase, and at most its hand target (at most the hand size) in the rest of its turn.
    An attack deals at most one damage per card, so a defence plays at most the hand size.
    """
    hand, deck = config.hand_size, config.deck_size
    if config.guard_counts_toward_hand:
        between, smallest_target = max(hand, config.opening_hand), hand - 1
    else:
        between, smallest_target = max(hand + 1, config.opening_hand), hand
    discard = between + 1 - smallest_target

    def cap(most: int) -> int:
        return max(0, min(most, deck))

    return {
        DiscardDown: (1, cap(discard)),
        Move: (1, cap(min(hand, config.size - 1))),
        Push: (1, cap(min(hand, config.size - 2))),
        Attack: (1, cap(hand)),
        Defend: (1, cap(hand)),
        DefendCounter: (1, cap(min(hand, COUNTER_DAMAGE))),
        Settle: (0, cap(hand)),
    }


_CARD_BLOCKS: Final[tuple[tuple[type[Action], Direction | None], ...]] = (
    (DiscardDown, None),
    *((Move, direction) for direction in _DIRECTIONS),
    *((Push, direction) for direction in _DIRECTIONS),
    (Attack, None),
    (Defend, None),
    (DefendCounter, None),
    (Settle, None),
)
"""The blocks of card multisets, in index order."""
