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
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

from guarda import _multiset as multiset
from guarda._actions import ACTION_TYPES, Action, PrepareGuard, PrepareNewGuard
from guarda._geometry import Direction
from guarda.errors import ArgumentError

__all__ = [
    "ACTION_WEIGHT",
    "LAZY_FROM",
    "Budget",
    "LegalActions",
    "Lookup",
    "Memo",
    "SharedActions",
    "Subsets",
]

K = TypeVar("K")
V = TypeVar("V")

ACTION_WEIGHT = 24
"""What keeping one shared action costs a budget, in list entries (8 bytes each)."""

LAZY_FROM = 128
"""Runs of at least this many card choices are kept lazy instead of listed."""


class Budget:
    """A weight limit shared by several caches: passing it empties them all.

    The caches of one configuration (its shared actions and its lists of legal actions)
    spend one budget, so what one configuration keeps is bounded whatever its hands hold,
    and one configuration's caches never evict another's.
    """

    __slots__ = ("caches", "limit", "weight")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.weight = 0
        self.caches: dict[int, weakref.ref[dict[Any, Any]]] = {}
        """The caches on this budget, weakly: a configuration's caches die with it."""

    def add(self, cache: dict[Any, Any]) -> None:
        """Put a cache on this budget."""
        key = id(cache)
        self.caches[key] = weakref.ref(cache, lambda _: self.caches.pop(key, None))

    def spend(self, weight: int) -> None:
        """Account for ``weight`` more; start every cache over if that passes the limit."""
        if self.weight + weight > self.limit:
            self.reset()
        self.weight += weight

    def reset(self) -> None:
        """Empty every cache on this budget."""
        for ref in list(self.caches.values()):
            cache = ref()
            if cache is not None:
                cache.clear()
        self.weight = 0


class Memo(dict[K, V]):
    """A cache of a pure function, bounded by a [`Budget`][guarda._action_lists.Budget].

    ``memo[key]`` is ``build(key)``'s value, built on first use. ``build`` returns the
    value and its weight (say, how many actions it lists). A hit is one dictionary lookup,
    which matters on every step; an ``lru_cache`` bounded by entries would let big hands
    keep far more memory than small ones.
    """

    __slots__ = ("__weakref__", "budget", "build")

    def __init__(self, build: Callable[[K], tuple[V, int]], budget: Budget) -> None:
        super().__init__()
        self.build = build
        self.budget = budget
        budget.add(self)

    def __missing__(self, key: K) -> V:
        value, weight = self.build(key)
        self.budget.spend(weight)
        self[key] = value
        return value


class _Shared(dict[tuple[str, ...], Action]):
    """One shared action per card multiset, for one action kind (and direction).

    ``table[cards]`` is the action playing ``cards``, built on first use: building one (its
    converters normalise the cards) costs far more than a lookup. Each costs 1 of the
    budget.
    """

    __slots__ = ("__weakref__", "budget", "make")

    def __init__(self, make: Callable[[tuple[str, ...]], Action], budget: Budget) -> None:
        super().__init__()
        self.make = make
        self.budget = budget
        budget.add(self)

    def __missing__(self, cards: tuple[str, ...]) -> Action:
        action = self.make(cards)
        self.budget.spend(ACTION_WEIGHT)
        self[cards] = action
        return action


_SINGLE_CARD_KINDS = (PrepareGuard, PrepareNewGuard)
"""Kinds that play one card: their tables are keyed by ``(card,)``."""


def _one_card(kind: type, cards: tuple[str, ...]) -> Action:
    """``kind(card)`` for a one-card tuple ``(card,)``."""
    (card,) = cards
    action: Action = kind(card)
    return action


Lookup = Callable[[tuple[str, ...]], Action]
"""``cards -> action``: a shared table's lookup for one kind (and direction)."""


class SharedActions:
    """The shared action tables of one configuration, on its budget."""

    __slots__ = ("budget", "tables")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.tables: dict[tuple[type, Direction | None], Lookup] = {}

    def lookup(self, kind: type, direction: Direction | None = None) -> Lookup:
        """The lookup ``cards -> kind([direction,] cards)``."""
        found = self.tables.get((kind, direction))
        if found is None:
            make: Lookup
            if direction is not None:
                make = functools.partial(kind, direction)
            elif kind in _SINGLE_CARD_KINDS:
                make = functools.partial(_one_card, kind)
            else:
                make = kind
            found = self.tables.setdefault(
                (kind, direction), _Shared(make, self.budget).__getitem__
            )
        return found


class Subsets:
    """A lazy run of actions: ``kind([direction,] cards)`` for every sub-multiset ``cards``
    of ``zone`` with ``low`` to ``high`` cards, by size, then in sorted order.

    Its length is counted, not listed; the action at an index is computed from the index
    ([`unrank`][guarda._multiset.unrank]).
    """

    __slots__ = ("direction", "high", "kind", "lookup", "low", "starts", "zone")

    def __init__(
        self,
        kind: type,
        direction: Direction | None,
        zone: tuple[str, ...],
        low: int,
        high: int,
        lookup: Lookup,
    ) -> None:
        self.kind = kind
        self.direction = direction
        self.zone = zone
        self.low = low
        self.high = high
        self.lookup = lookup
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

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise ArgumentError(f"not a sequence of actions: {actions!r}", path="actions")
        items = tuple(actions)
        for index, action in enumerate(items):
            if not isinstance(action, ACTION_TYPES):
                raise ArgumentError(f"not an action: {action!r}", path=f"actions[{index}]")
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
        if Subsets not in map(type, parts):
            if len(parts) == 1:
                return cls.of(parts[0])  # type: ignore[arg-type]
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
        items = self._items
        if items is not None:
            return any(map(operator.is_, itertools.repeat(action), items))
        for part in self._parts:
            if isinstance(part, Subsets):
                if part.holds(action):
                    return True
            elif any(map(operator.is_, itertools.repeat(action), part)):
                return True
        return False

    @property
    def parts(self) -> tuple[Part, ...]:
        """The listed actions and the lazy runs, in order: what a grouping of the actions
        (such as the [`ActionBuilder`][guarda.ActionBuilder]) reads without listing them."""
        return self._parts

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
