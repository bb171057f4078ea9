"""Legal action lists: shared action instances and the lazy [`LegalActions`][guarda.LegalActions].

Actions are immutable, so one instance serves every state and hand: the shared tables
below hold one action per kind, direction and card multiset, built on first use and
bounded in size. A player with many cards has exponentially many card choices (every
sub-multiset of a 12-card hand is an attack: 4,096 of them), so a long run of card choices
is kept as a lazy part that computes the action at an index on demand: a random or
sampling bot pays for the actions it looks at, not for every one.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar, overload

from guarda import _multiset as multiset
from guarda._actions import Action, PrepareGuard, PrepareNewGuard
from guarda._geometry import Direction

__all__ = [
    "LAZY_FROM",
    "LegalActions",
    "Memo",
    "Subsets",
    "clear_shared_actions",
    "shared",
]

K = TypeVar("K")
V = TypeVar("V")

LAZY_FROM = 256
"""Runs of at least this many card choices are kept lazy instead of listed."""


class _Shared(dict[tuple[str, ...], Action]):
    """One shared action per card multiset, for one action kind (and direction).

    ``table[cards]`` is the action playing ``cards``, built on first use. Building one
    (its converters normalise the cards) costs far more than a lookup. A table that grows
    past [`_SHARED_LIMIT`][guarda._action_lists._SHARED_LIMIT] entries starts over, which
    only costs rebuilding.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[tuple[str, ...]], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, cards: tuple[str, ...]) -> Action:
        if len(self) >= _SHARED_LIMIT:
            self.clear()
        action = self[cards] = self.make(cards)
        return action


_SHARED_LIMIT = 1 << 13
"""How many actions one shared table keeps at most."""

_SHARED: dict[tuple[type, Direction | None], _Shared] = {}
"""The shared tables: ``_SHARED[kind, direction]`` (direction None for actions without one)."""

_SINGLE_CARD_KINDS = (PrepareGuard, PrepareNewGuard)
"""Kinds that play one card: their tables are keyed by ``(card,)``."""


def _one_card(kind: type, cards: tuple[str, ...]) -> Action:
    """``kind(card)`` for a one-card tuple ``(card,)``."""
    (card,) = cards
    action: Action = kind(card)
    return action


def shared(kind: type, direction: Direction | None = None) -> Callable[[tuple[str, ...]], Action]:
    """The lookup ``cards -> kind([direction,] cards)`` of the shared table for a kind."""
    table = _SHARED.get((kind, direction))
    if table is None:
        make: Callable[[tuple[str, ...]], Action]
        if direction is not None:
            make = functools.partial(kind, direction)
        elif kind in _SINGLE_CARD_KINDS:
            make = functools.partial(_one_card, kind)
        else:
            make = kind
        table = _SHARED.setdefault((kind, direction), _Shared(make))
    return table.__getitem__


def clear_shared_actions() -> None:
    """Empty the shared action tables."""
    for table in list(_SHARED.values()):
        table.clear()


class Memo(dict[K, V]):
    """A cache of a pure function, bounded by the total weight of what it keeps.

    ``memo[key]`` is ``build(key)``'s value, built on first use. ``build`` returns the
    value and its weight (say, how many actions it lists); when keeping a new value would
    pass ``limit``, the memo starts over. A hit is one dictionary lookup, which matters on
    every step; an ``lru_cache`` bounded by entries would let a few configurations with
    big hands keep far more memory than many with small ones.
    """

    __slots__ = ("build", "limit", "weight")

    def __init__(self, build: Callable[[K], tuple[V, int]], limit: int) -> None:
        super().__init__()
        self.build = build
        self.limit = limit
        self.weight = 0

    def __missing__(self, key: K) -> V:
        value, weight = self.build(key)
        if self.weight + weight > self.limit:
            self.reset()
        self.weight += weight
        self[key] = value
        return value

    def reset(self) -> None:
        """Forget everything."""
        self.clear()
        self.weight = 0


class Subsets:
    """A lazy run of actions: ``kind([direction,] cards)`` for every sub-multiset ``cards``
    of ``zone`` with ``low`` to ``high`` cards, by size, then in sorted order.

    Its length is counted, not listed; the action at an index is computed from the index
    ([`unrank`][guarda._multiset.unrank]).
    """

    __slots__ = ("direction", "high", "kind", "lookup", "low", "starts", "zone")

    def __init__(
        self, kind: type, direction: Direction | None, zone: tuple[str, ...], low: int, high: int
    ) -> None:
        self.kind = kind
        self.direction = direction
        self.zone = zone
        self.low = low
        self.high = high
        self.lookup = shared(kind, direction)
        counts = multiset.counts_by_size(zone)[low : high + 1]
        self.starts = (0, *itertools.accumulate(counts))
        """``starts[i]``: the index of the first action with ``low + i`` cards."""

    @staticmethod
    def count(zone: tuple[str, ...], low: int, high: int) -> int:
        """How many actions a run over ``zone`` with ``low`` to ``high`` cards holds."""
        return sum(multiset.counts_by_size(zone)[low : high + 1])

    def __len__(self) -> int:
        return self.starts[-1]

    def get(self, index: int) -> Action:
        """The action at ``index`` (0 <= index < len)."""
        group = bisect.bisect_right(self.starts, index) - 1
        cards = multiset.unrank(self.zone, self.low + group, index - self.starts[group])
        return self.lookup(cards)

    def __iter__(self) -> Iterator[Action]:
        for size in range(self.low, self.high + 1):
            yield from map(self.lookup, multiset.of_size(self.zone, size))

    def holds(self, action: object) -> bool:
        """Whether ``action`` is one of this run's actions (by value)."""
        if type(action) is not self.kind:
            return False
        if self.direction is not None and action.direction is not self.direction:  # type: ignore[attr-defined]
            return False
        cards = action.cards  # type: ignore[attr-defined]
        return (
            isinstance(cards, tuple)
            and self.low <= len(cards) <= self.high
            and multiset.contains(self.zone, cards)
        )


Part = tuple[Action, ...] | Subsets
"""A part of a [`LegalActions`][guarda.LegalActions]: listed actions or a lazy run."""


class LegalActions(Sequence[Action]):
    """The legal actions of a state: an immutable sequence, lazy where it would be long.

    Returned by [`guarda.legal_actions`][guarda.legal_actions] and shown in views. It
    behaves like a tuple: ``len``, indexing (also negative), slicing (which gives a
    tuple), iteration, ``in``, ``index``, ``count``, and equality with another
    ``LegalActions`` or a tuple of the same actions; it hashes like that tuple. Long runs
    of card choices (all the attacks of a big hand) are computed on demand, so
    ``random.choice(actions)`` costs the same for 10 actions or 10,000; ``tuple(actions)``
    lists them all.

    Examples:
        >>> import guarda, random
        >>> state = guarda.new_game(guarda.modern(), seed=0)
        >>> actions = guarda.legal_actions(state)
        >>> len(actions) == len(tuple(actions)) and actions[0] in actions
        True
        >>> actions == tuple(actions)
        True
        >>> isinstance(random.Random(1).choice(actions), guarda.PlacePiece)
        True
    """

    __slots__ = ("_items", "_parts", "_size", "_starts")

    _items: tuple[Action, ...] | None
    _parts: tuple[Part, ...]
    _starts: tuple[int, ...]
    _size: int

    def __init__(self, actions: Sequence[Action] = ()) -> None:
        items = tuple(actions)
        self._items = items
        self._parts = (items,)
        self._starts = (0, len(items))
        self._size = len(items)

    @classmethod
    def of(cls, items: tuple[Action, ...]) -> LegalActions:
        """Listed actions, without copying the tuple."""
        self = object.__new__(cls)
        self._items = items
        self._parts = (items,)
        self._starts = (0, len(items))
        self._size = len(items)
        return self

    @classmethod
    def join(cls, parts: Sequence[Part]) -> LegalActions:
        """Listed and lazy parts, in order; parts that are all listed become one tuple."""
        if not any(isinstance(part, Subsets) for part in parts):
            return cls.of(tuple(itertools.chain.from_iterable(parts)))
        kept = tuple(part for part in parts if len(part))
        self = object.__new__(cls)
        self._items = None
        self._parts = kept
        self._starts = (0, *itertools.accumulate(map(len, kept)))
        self._size = self._starts[-1]
        return self

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        items = self._items
        if items is not None:
            return items[index]
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._size)))
        if not isinstance(index, int):
            raise TypeError(f"indices must be integers or slices, not {type(index).__name__}")
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("legal action index out of range")
        number = bisect.bisect_right(self._starts, index) - 1
        part = self._parts[number]
        offset = index - self._starts[number]
        return part.get(offset) if isinstance(part, Subsets) else part[offset]

    def __iter__(self) -> Iterator[Action]:
        if self._items is not None:
            return iter(self._items)
        return itertools.chain.from_iterable(self._parts)

    def __contains__(self, action: object) -> bool:
        if self._items is not None:
            return action in self._items
        return any(
            part.holds(action) if isinstance(part, Subsets) else action in part
            for part in self._parts
        )

    def is_listed(self, action: object) -> bool:
        """Whether ``action`` is one of these very instances, or held by a lazy part.

        The engine trusts such an action without verifying it again: the list is
        exactly the legal actions of the state it was made for.
        """
        for part in self._parts:
            if isinstance(part, Subsets):
                if part.holds(action):
                    return True
            elif any(map(operator.is_, itertools.repeat(action), part)):
                return True
        return False

    @property
    def is_lazy(self) -> bool:
        """Whether some actions are computed on demand rather than listed."""
        return self._items is None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            if self._items is not None and other._items is not None:
                return self._items == other._items
            return self._size == other._size and all(map(operator.eq, self, other))
        if isinstance(other, tuple):
            if self._items is not None:
                return self._items == other
            return self._size == len(other) and all(map(operator.eq, self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items if self._items is not None else tuple(self))

    def __repr__(self) -> str:
        shown = ", ".join(repr(self[i]) for i in range(min(3, self._size)))
        more = f", ... ({self._size} actions)" if self._size > 3 else ""
        return f"LegalActions([{shown}{more}])"
