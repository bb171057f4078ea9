"""The fixed, flat action index of a configuration: every possible action and its number.

An [`ActionIndex`][guarda.rl.ActionIndex] numbers every action that some game of a
configuration can offer, not only the legal actions of one position, so a policy network
can have one output per action. The numbers depend on the configuration alone and never
change: the layout below is part of the public API, pinned by a golden file.

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
of counts. A configuration whose index would hold more than
[`MAX_ACTIONS`][guarda.rl.MAX_ACTIONS] actions is refused.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Callable, Iterable
from typing import Final, SupportsIndex

import attrs
import numpy as np
import numpy.typing as npt

from guarda import (
    Action,
    ActivateGuard,
    Attack,
    Cell,
    Config,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    Direction,
    DiscardDown,
    EndMove,
    Move,
    Orientation,
    Pass,
    PlacePiece,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    TakeDamage,
    format_action,
)
from guarda.errors import ActionSpaceError, ArgumentError

__all__ = ["MAX_ACTIONS", "ActionBlock", "ActionIndex"]

MAX_ACTIONS: Final = 1 << 22
"""The most actions an [`ActionIndex`][guarda.rl.ActionIndex] holds by default (4,194,304).

An action mask holds one byte per action, so a bigger index would make every observation
megabytes long. Pass ``max_actions`` to [`ActionIndex`][guarda.rl.ActionIndex] to allow
more.
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
"""The decisions without arguments, in index order."""

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
    """One run of an [`ActionIndex`][guarda.rl.ActionIndex]: the actions of one kind (and
    direction), numbered ``start`` to ``stop - 1``.

    Examples:
        >>> import guarda
        >>> from guarda.rl import ActionIndex
        >>> block = ActionIndex(guarda.modern()).block("Move N")
        >>> block.kind is guarda.Move, block.direction, block.min_cards, block.max_cards
        (True, <Direction.NORTH: 'N'>, 1, 4)
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

    def rank(self, counts: list[int], size: int) -> int:
        """The place of a multiset (copies per card type) among those of its size."""
        rank = 0
        remaining = size
        before, copies = self.before, self.copies
        for i, taken in enumerate(counts):
            if not remaining:
                break
            # Every multiset that takes more copies of card i comes first.
            low = remaining - min(copies[i], remaining)
            high = remaining - taken
            if high > low:
                row = before[i + 1]
                rank += row[high] - row[low]
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


class ActionIndex:
    """Every action some game of a configuration can offer, numbered ``0 .. size - 1``.

    The numbering depends on the configuration only and is stable across releases: the
    guide [Reinforcement learning](../rl.md) gives the layout.
    [`action_at`][guarda.rl.ActionIndex.action_at] and
    [`index_of`][guarda.rl.ActionIndex.index_of] go both ways, and
    [`mask`][guarda.rl.ActionIndex.mask] marks the legal actions of a position.

    Args:
        config: The ruleset.
        max_actions: The most actions the index may hold.

    Raises:
        ArgumentError: If ``config`` is not a [`Config`][guarda.Config] or
            ``max_actions`` not a positive integer.
        ActionSpaceError: If the index would hold more than ``max_actions`` actions.

    Examples:
        >>> import guarda
        >>> from guarda.rl import ActionIndex
        >>> index = ActionIndex(guarda.modern())
        >>> len(index)
        28218
        >>> index.action_at(0), index.action_at(7)
        (EndMove(), PlacePiece(cell=Cell(x=0, y=0)))
        >>> index.index_of(guarda.parse_action("attack H1 H1 V2"))
        9412
        >>> index.action_at(9412) == guarda.Attack(("V2", "H1", "H1"))
        True
    """

    __slots__ = ("_cache", "_cards", "_multisets", "_places", "blocks", "cards", "config", "size")

    config: Config
    cards: tuple[str, ...]
    blocks: tuple[ActionBlock, ...]
    size: int

    def __init__(self, config: Config, *, max_actions: int = MAX_ACTIONS) -> None:
        if not isinstance(config, Config):
            raise ArgumentError(f"not a Config: {config!r}", path="config")
        if not _is_int(max_actions) or max_actions < 1:
            raise ArgumentError(
                f"max_actions must be a positive integer, not {max_actions!r}",
                path="max_actions",
            )
        self.config = config
        """The ruleset the numbers are for."""
        self.cards = tuple(sorted(config.card_names))
        """The card types in name order: the order of card multisets and card blocks."""
        self._cards = {name: i for i, name in enumerate(self.cards)}
        limits = _card_limits(config)
        most = max(high for _, high in limits.values())
        self._multisets = _Multisets(
            self.cards, tuple(config.copies(name) for name in self.cards), most
        )
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
            add(kind, None, len(self.cards), 1, 1)
        for kind, direction in _card_blocks():
            low, high = limits[kind]
            counts = [self._multisets.count(k) for k in range(low, high + 1)]
            offsets = [0]
            for count in counts:
                offsets.append(offsets[-1] + count)
            block = add(kind, direction, offsets[-1], low, high)
            places[kind, direction] = (block, offsets)
        self.blocks = tuple(blocks)
        """Every block, in index order."""
        self.size = start
        """How many actions the index holds."""
        self._places = places
        self._cache: dict[Action, int] = {}
        if start > max_actions:
            biggest = max(blocks, key=operator.attrgetter("size"))
            raise ActionSpaceError(
                f"the action index of {config.name} would hold {start:,} actions, more than "
                f"the limit of {max_actions:,} (guarda.rl.MAX_ACTIONS unless max_actions is "
                f"given); its biggest block, {biggest.name}, holds {biggest.size:,} card "
                f"multisets of up to {biggest.max_cards} of {len(self.cards)} card types: "
                "use a smaller hand size or fewer card types",
                path="config",
            )

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<ActionIndex of {self.config.name}: {self.size} actions>"

    def block(self, name: str) -> ActionBlock:
        """The block of that name, such as ``"Attack"`` or ``"Move N"``.

        Raises:
            ArgumentError: If no block has that name.
        """
        for block in self.blocks:
            if block.name == name:
                return block
        raise ArgumentError(
            f"no block named {name!r}: the blocks are {', '.join(b.name for b in self.blocks)}",
            path="name",
        )

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
        """The action numbered ``index`` (a Python or NumPy integer).

        Raises:
            ArgumentError: If ``index`` is not an integer.
            ActionSpaceError: If ``index`` is out of range.

        Examples:
            >>> import guarda
            >>> from guarda.rl import ActionIndex
            >>> index = ActionIndex(guarda.grda())
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

    def index_of(self, action: Action) -> int:
        """The number of ``action``.

        Raises:
            ArgumentError: If ``action`` is not an action.
            ActionSpaceError: If no game of the configuration can offer the action: a card
                its deck lacks, more copies of a card than the deck holds, more or fewer
                cards than the action's block allows, a cell off the field.

        Examples:
            >>> import guarda
            >>> from guarda.rl import ActionIndex
            >>> index = ActionIndex(guarda.modern())
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
            return self.blocks[_PLAIN.index(kind)].start
        if isinstance(action, SetGuard):
            if action.orientation not in _ORIENTATIONS:
                raise ActionSpaceError(
                    f"not an orientation: {action.orientation!r}", path="action.orientation"
                )
            return self.block("SetGuard").start + _ORIENTATIONS.index(action.orientation)
        if isinstance(action, PlacePiece):
            cell, size = action.cell, self.config.size
            if not isinstance(cell, Cell) or not cell.is_on(size):
                raise ActionSpaceError(
                    f"{cell} is not a cell of the {size}x{size} field of {self.config.name}",
                    path="action.cell",
                )
            return self.block("PlacePiece").start + cell.y * size + cell.x
        if isinstance(action, (PrepareGuard, PrepareNewGuard)):
            place = self._cards.get(action.card)
            if place is None:
                raise ActionSpaceError(
                    f"the deck of {self.config.name} has no card {action.card}",
                    path="action.card",
                )
            return self.block(kind.__name__).start + place
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
            for place, card in enumerate(cards):
                where = self._cards.get(card)
                if where is None:
                    raise ActionSpaceError(
                        f"the deck of {self.config.name} has no card {card}",
                        path=f"action.cards[{place}]",
                    )
                counts[where] += 1
                if counts[where] > self._multisets.copies[where]:
                    raise ActionSpaceError(
                        f"{counts[where]} copies of {card}, but the deck of "
                        f"{self.config.name} holds {self._multisets.copies[where]}",
                        path="action.cards",
                    )
            size = len(cards)
            rank = self._multisets.rank(counts, size)
            return block.start + offsets[size - block.min_cards] + rank
        raise ArgumentError(f"not an action: {action!r}", path="action")

    def mask(self, actions: Iterable[Action]) -> npt.NDArray[np.int8]:
        """A vector of ``size`` bytes: 1 at the number of each action given, else 0.

        Give it the legal actions of a view (``view.legal_actions``) or of a state.

        Raises:
            ArgumentError: If ``actions`` is not a sequence of actions.
            ActionSpaceError: If an action is outside the index.

        Examples:
            >>> import guarda
            >>> from guarda.rl import ActionIndex
            >>> index = ActionIndex(guarda.modern())
            >>> state = guarda.new_game(guarda.modern(), seed=1)
            >>> mask = index.mask(guarda.legal_actions(state))
            >>> int(mask.sum()) == len(guarda.legal_actions(state)), mask.dtype
            (True, dtype('int8'))
        """
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise ArgumentError(f"not a sequence of actions: {actions!r}", path="actions")
        mask = np.zeros(self.size, dtype=np.int8)
        for action in actions:
            mask[self.index_of(action)] = 1
        return mask

    def legal(self, mask: npt.NDArray[np.integer] | npt.NDArray[np.bool_]) -> list[Action]:
        """The actions a mask marks, in index order (the inverse of
        [`mask`][guarda.rl.ActionIndex.mask]).

        Raises:
            ArgumentError: If ``mask`` is not a vector of ``size`` entries.
        """
        array = np.asarray(mask)
        if array.shape != (self.size,):
            raise ArgumentError(f"a mask has shape ({self.size},), not {array.shape}", path="mask")
        return [self.action_at(int(number)) for number in np.flatnonzero(array)]

    def describe(self, index: SupportsIndex) -> str:
        """The notation of the action numbered ``index``, such as ``"attack H1 V2"``."""
        return format_action(self.action_at(index))


def _card_limits(config: Config) -> dict[type[Action], tuple[int, int]]:
    """The fewest and most cards each card-playing kind can play in a game of ``config``.

    The limits of the engine's position checks: a hand holds at most
    ``max(hand size + 1, opening hand)`` cards between turns (the 1 is a guard returned by
    a critical block, none where the guard counts toward the hand), one more in the Draw
    phase, and at most its hand target (at most the hand size) in the rest of its turn.
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


def _card_blocks() -> tuple[tuple[type[Action], Direction | None], ...]:
    """The blocks of card multisets, in index order."""
    return (
        (DiscardDown, None),
        *((Move, direction) for direction in _DIRECTIONS),
        *((Push, direction) for direction in _DIRECTIONS),
        (Attack, None),
        (Defend, None),
        (DefendCounter, None),
        (Settle, None),
    )
