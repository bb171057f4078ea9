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
import sys
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, SupportsIndex, TypeVar, overload

from guarda import _multiset as multiset
from guarda._actions import ACTION_TYPES, Action, PrepareGuard, PrepareNewGuard
from guarda._construct import maker
from guarda._geometry import Direction
from guarda.errors import ArgumentError

__all__ = [
    "ACTION_WEIGHT",
    "ENTRY_WEIGHT",
    "LAZY_FROM",
    "Budget",
    "Kept",
    "LegalActions",
    "Lookup",
    "Memo",
    "SharedActions",
    "Subsets",
    "Way",
    "lazy_runs",
    "maker_of",
]

K = TypeVar("K")
V = TypeVar("V")

ACTION_WEIGHT = 24
"""What keeping one shared action costs a budget, in list entries (8 bytes each)."""

ENTRY_WEIGHT = 12
"""What one entry of a [`Memo`][guarda._action_lists.Memo] costs besides its value: the
dictionary slot and the key."""

LAZY_FROM = 8
"""Runs of at least this many card choices (of a hand too big to list every choice of)
are kept lazy instead of listed: such hands rarely come back, so their lists are made
anew, and a random or sampling bot looks at one action of the run, not all of them."""


class Budget:
    """A weight limit shared by several caches: passing it empties them all.

    The shared actions and the kept lists of legal actions of every configuration spend
    one budget, so what they keep together is bounded whatever the hands hold.
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

    def __init__(self, build: Callable[[K], tuple[V, int | None]], budget: Budget) -> None:
        super().__init__()
        self.build = build
        self.budget = budget
        budget.add(self)

    def __missing__(self, key: K) -> V:
        value, weight = self.build(key)
        if weight is not None:  # None: not worth keeping
            self.budget.spend(weight + ENTRY_WEIGHT)
            self[key] = value
        return value


class Kept(dict[K, V]):
    """A cache of at most ``limit`` entries that starts over when full, outside any budget's
    weight (its size bounds it), emptied with the budget it is put on.

    For answers that are cheap to compute and often do not come back.
    """

    __slots__ = ("__weakref__", "limit")

    def __init__(self, limit: int, budget: Budget) -> None:
        super().__init__()
        self.limit = limit
        budget.add(self)

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` and give it back."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class _Shared(dict[K, Action]):
    """One shared action per card multiset (or card), for one action kind (and direction).

    ``table[cards]`` is the action playing ``cards`` (a sorted multiset of the
    configuration's card names), built on first use with the kind's
    [maker][guarda._construct.maker], since the cards need no converting. Each costs
    [`ACTION_WEIGHT`][guarda._action_lists.ACTION_WEIGHT] of the budget.
    """

    __slots__ = ("__weakref__", "budget", "make")

    def __init__(self, make: Callable[[K], Action], budget: Budget) -> None:
        super().__init__()
        self.make = make
        self.budget = budget
        budget.add(self)

    def __missing__(self, cards: K) -> Action:
        action = self.make(cards)
        self.budget.spend(ACTION_WEIGHT)
        self[cards] = action
        return action


_SINGLE_CARD_KINDS = (PrepareGuard, PrepareNewGuard)
"""Kinds that play one card: their tables are keyed by ``(card,)``."""


_MAKERS: dict[type, Callable[..., Action]] = {kind: maker(kind) for kind in ACTION_TYPES}
"""Each action kind's maker: its fields set as given, without the converters."""


def _one_card(make: Callable[[str], Action], cards: tuple[str, ...]) -> Action:
    """``make(card)`` for a one-card tuple ``(card,)``."""
    (card,) = cards
    return make(card)


Lookup = Callable[[tuple[str, ...]], Action]
"""``cards -> action``: a shared table's lookup for one kind (and direction)."""


class SharedActions:
    """The shared action tables of one configuration, on its budget."""

    __slots__ = ("budget", "cards", "tables")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.tables: dict[tuple[type, Direction | None], Lookup] = {}
        self.cards: dict[type, Callable[[str], Action]] = {}

    def by_card(self, kind: type) -> Callable[[str], Action]:
        """The lookup ``card -> kind(card)`` of a kind that plays one card."""
        found = self.cards.get(kind)
        if found is None:
            make = _MAKERS[kind]
            table: _Shared[str] = _Shared(make, self.budget)
            found = self.cards.setdefault(kind, table.__getitem__)
        return found

    def lookup(self, kind: type, direction: Direction | None = None) -> Lookup:
        """The lookup ``cards -> kind([direction,] cards)``."""
        found = self.tables.get((kind, direction))
        if found is None:
            make = maker_of(kind, direction)
            found = self.tables.setdefault(
                (kind, direction), _Shared(make, self.budget).__getitem__
            )
        return found


def maker_of(kind: type, direction: Direction | None = None) -> Lookup:
    """``cards -> kind([direction,] cards)``, a new action each time (not shared)."""
    found = _MAKERS_OF.get((kind, direction))
    if found is None:
        if direction is not None:
            found = functools.partial(_MAKERS[kind], direction)
        elif kind in _SINGLE_CARD_KINDS:
            found = functools.partial(_one_card, _MAKERS[kind])
        else:
            found = _MAKERS[kind]
        _MAKERS_OF[kind, direction] = found
    return found


_MAKERS_OF: dict[tuple[type, Direction | None], Lookup] = {}
"""What [`maker_of`][guarda._action_lists.maker_of] made, by kind and direction (at most
16 kinds times 5 directions)."""


class Subsets:
    """A lazy run of actions: ``kind([direction,] cards)`` for every sub-multiset ``cards``
    of ``zone`` with ``low`` to ``high`` cards, by size, then in sorted order.

    Its length is counted, not listed; the action at an index is computed from the index
    ([`unrank`][guarda._multiset.unrank]) and the zone's [`profile`][guarda._multiset.profile].
    """

    __slots__ = ("direction", "high", "kind", "lookup", "low", "profile", "size", "starts", "zone")

    def __init__(
        self,
        kind: type,
        direction: Direction | None,
        zone: tuple[str, ...],
        low: int,
        high: int,
        lookup: Lookup,
        starts: tuple[int, ...],
        profile: multiset.Profile,
    ) -> None:
        self.kind = kind
        self.direction = direction
        self.zone = zone
        self.low = low
        self.high = high
        self.lookup = lookup
        self.starts = starts
        """``starts[i]``: the index of the first action with ``low + i`` cards."""
        self.size = starts[-1]
        """How many actions the run holds."""
        self.profile = profile
        """The zone's [`profile`][guarda._multiset.profile], which the counts came from."""

    def __len__(self) -> int:
        return self.size

    def get(self, index: int) -> Action:
        """The action at ``index`` (0 <= index < len)."""
        group = bisect.bisect_right(self.starts, index) - 1
        offset = index - self.starts[group]
        return self.lookup(multiset.unrank(self.zone, self.low + group, offset, self.profile))

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


class LegalActions(tuple[Action, ...]):
    """The legal actions of a state: an immutable sequence, lazy where it would be long.

    Returned by [`guarda.legal_actions`][guarda.legal_actions] and shown in views. It is a
    tuple: ``len``, indexing (also negative), slicing (which gives a plain tuple),
    iteration, ``in``, ``index``, ``count``, and equality with another ``LegalActions``
    or a tuple of the same actions; it hashes like that tuple. Long runs of card choices
    (all the attacks of a big hand) are computed on demand, so ``random.choice(actions)``
    costs the same for 10 actions or 10,000; ``tuple(actions)`` lists them all.

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

    __slots__ = ()

    def __new__(cls, actions: Iterable[Action] = ()) -> LegalActions:
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise ArgumentError(f"not a sequence of actions: {actions!r}", path="actions")
        items = tuple(actions)
        for index, action in enumerate(items):
            if not isinstance(action, ACTION_TYPES):
                raise ArgumentError(f"not an action: {action!r}", path=f"actions[{index}]")
        return tuple.__new__(cls, items)

    @staticmethod
    def of(items: Iterable[Action]) -> LegalActions:
        """Listed actions, unchecked (the engine's own)."""
        return tuple.__new__(LegalActions, items)

    @staticmethod
    def join(parts: Sequence[Part]) -> LegalActions:
        """Listed and lazy parts, in order; parts that are all listed become one tuple."""
        if Subsets not in map(type, parts):
            return tuple.__new__(LegalActions, itertools.chain.from_iterable(parts))
        kept = []
        starts = [0]
        total = 0
        for part in parts:
            size = part.size if type(part) is Subsets else len(part)
            if size:
                kept.append(part)
                total += size
                starts.append(total)
        return _lazy(tuple(kept), tuple(starts))

    def is_listed(self, action: object) -> bool:
        """Whether ``action`` is one of these very instances, or held by a lazy part.

        The engine trusts such an action without verifying it again: the list is
        exactly the legal actions of the state it was made for.
        """
        return _is_among(action, self)

    @property
    def parts(self) -> tuple[Part, ...]:
        """The listed actions and the lazy runs, in order: what a grouping of the actions
        (such as the [`ActionBuilder`][guarda.ActionBuilder]) reads without listing them."""
        return (tuple(self),)

    @property
    def is_lazy(self) -> bool:
        """Whether some actions are computed on demand rather than listed."""
        return False

    def __repr__(self) -> str:
        size = len(self)
        shown = ", ".join(repr(self[i]) for i in range(min(3, size)))
        more = f", ... ({size} actions)" if size > 3 else ""
        return f"LegalActions([{shown}{more}])"


class _LazyLegalActions(LegalActions):
    """A [`LegalActions`][guarda.LegalActions] with lazy parts: it holds no items of its
    own (the tuple is empty) and answers every tuple operation from its parts."""

    # No __slots__: a tuple subclass can only keep attributes in a __dict__.

    _parts: tuple[Part, ...]
    _starts: tuple[int, ...]
    """Where each part starts, and the length last."""
    _last: Action | None = None
    """The action indexing gave last: [`is_listed`][guarda.LegalActions.is_listed] knows it
    without asking its part (``random.choice`` then ``apply`` asks just that)."""

    def __new__(cls, parts: tuple[Part, ...], starts: tuple[int, ...]) -> _LazyLegalActions:
        return _lazy(parts, starts)

    def __len__(self) -> int:
        return self._starts[-1]

    @overload
    def __getitem__(self, index: SupportsIndex) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Action | tuple[Action, ...]:
        starts = self._starts
        if type(index) is not int or not 0 <= index < starts[-1]:
            if isinstance(index, slice):
                return tuple(self[i] for i in range(*index.indices(starts[-1])))
            index = _position(index, starts[-1])
        return self._at(index)

    def _at(self, index: int) -> Action:
        """The action at ``index`` (0 <= index < len)."""
        starts = self._starts
        number = bisect.bisect_right(starts, index) - 1
        part = self._parts[number]
        offset = index - starts[number]
        if isinstance(part, Subsets):
            action = part.get(offset)
            self._last = action
            return action
        return part[offset]

    def __iter__(self) -> Iterator[Action]:
        return itertools.chain.from_iterable(self.parts)

    def __reversed__(self) -> Iterator[Action]:
        return reversed(tuple(self))

    def __contains__(self, action: object) -> bool:
        return any(
            part.holds(action) if isinstance(part, Subsets) else action in part
            for part in self.parts
        )

    def index(
        self, value: Any, start: SupportsIndex = 0, stop: SupportsIndex = sys.maxsize
    ) -> int:
        return tuple(self).index(value, start, stop)

    def count(self, value: Any) -> int:
        return tuple(self).count(value)

    def is_listed(self, action: object) -> bool:
        if action is self._last and action is not None:
            return True
        for part in self.parts:
            if isinstance(part, Subsets):
                if part.holds(action):
                    return True
            elif _is_among(action, part):
                return True
        return False

    @property
    def parts(self) -> tuple[Part, ...]:
        return self._parts

    @property
    def is_lazy(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return len(self) == len(other) and all(map(operator.eq, self, other))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return not self == other
        return NotImplemented

    def __lt__(self, other: tuple[Any, ...]) -> bool:
        return tuple(self) < other

    def __le__(self, other: tuple[Any, ...]) -> bool:
        return tuple(self) <= other

    def __gt__(self, other: tuple[Any, ...]) -> bool:
        return tuple(self) > other

    def __ge__(self, other: tuple[Any, ...]) -> bool:
        return tuple(self) >= other

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(self) + other

    def __radd__(self, other: tuple[Any, ...]) -> tuple[Any, ...]:
        return other + tuple(self)

    def __mul__(self, times: SupportsIndex) -> tuple[Action, ...]:
        return tuple(self) * times

    def __rmul__(self, times: SupportsIndex) -> tuple[Action, ...]:
        return tuple(self) * times

    def __reduce__(self) -> tuple[type[LegalActions], tuple[tuple[Action, ...]]]:
        # Pickled and copied as the listed actions: an equal LegalActions.
        return (LegalActions, (tuple(self),))


Way = tuple[type, Direction | None, Lookup, int]
"""One run of a [`lazy_runs`][guarda._action_lists.lazy_runs] list: the action kind, its
direction (if it has one), its maker and the most cards it plays."""


class _LazyRuns(_LazyLegalActions):
    """A [`LegalActions`][guarda.LegalActions] of a listed head, runs of one zone's card
    choices, one run per way (a kind and a direction, 1 to ``high`` cards each), then a
    listed tail: a big hand's moves and pushes, then [`EndMove`][guarda.EndMove]; its
    guards, attacks, then [`Pass`][guarda.Pass]; its empty settle, then the others.

    It is made without a [`Subsets`][guarda._action_lists.Subsets] per way (a big field's
    step lists up to four of them and looks at one action): indexing finds the way and
    ranks the cards itself, and [`parts`][guarda.LegalActions.parts] makes the runs when
    asked. Every run is lazy, so an action equal to one of a run is listed (by value, as
    in a `Subsets`), even in a run too short to be lazy on its own. Made by
    [`lazy_runs`][guarda._action_lists.lazy_runs] only (it keeps no ``_parts``).
    """

    _runs: tuple[
        tuple[str, ...], multiset.Profile, tuple[Way, ...], tuple[Action, ...], tuple[Action, ...]
    ]
    """The zone, its profile, the ways, the head and the tail."""

    def _at(self, index: int) -> Action:
        starts = self._starts
        # Part 0 is the head, the last the tail: an empty one starts where the next part
        # does, and bisect_right passes over it.
        number = bisect.bisect_right(starts, index) - 1
        offset = index - starts[number]
        zone, profile, ways, head, tail = self._runs
        if not number:
            return head[offset]
        if number > len(ways):
            return tail[offset]
        make, high = ways[number - 1][2:]
        ends = profile[1][2]  # ends[k]: the choices of 1 to k cards, where k + 1 cards start
        group = bisect.bisect_right(ends, offset, 0, high + 1) - 1
        action = make(multiset.unrank(zone, group + 1, offset - ends[group], profile))
        self._last = action
        return action

    @property
    def parts(self) -> tuple[Part, ...]:
        zone, profile, ways, head, tail = self._runs
        ends = profile[1][2]
        runs = [
            Subsets(kind, direction, zone, 1, high, make, ends[: high + 1], profile)
            for kind, direction, make, high in ways
        ]
        return (*((head,) if head else ()), *runs, *((tail,) if tail else ()))


def lazy_runs(
    zone: tuple[str, ...],
    profile: multiset.Profile,
    ways: tuple[Way, ...],
    head: tuple[Action, ...],
    tail: tuple[Action, ...],
    starts: tuple[int, ...],
) -> LegalActions:
    """``head``, the card choices of ``zone`` one way after another, then ``tail``, lazily.

    ``profile`` is the zone's [`profile`][guarda._multiset.profile]; ``starts`` holds where
    the head starts (0), where each way's run starts, where the tail starts, then the
    length. Every run holds at least one action; the head and the tail may be empty.
    """
    self = tuple.__new__(_LazyRuns)
    self._runs = (zone, profile, ways, head, tail)
    self._starts = starts
    return self


def _is_among(action: object, actions: tuple[Action, ...]) -> bool:
    """Whether ``action`` is one of ``actions``, by identity."""
    # A plain loop: most lists are short (a Modern step's: 14 on average), where any()
    # over a generator or map(operator.is_, ...) costs twice as much to set up.
    for listed in actions:  # noqa: SIM110
        if listed is action:
            return True
    return False


def _position(index: SupportsIndex, size: int) -> int:
    """``index`` as a position in a sequence of ``size`` items, counted from the end when
    negative.

    Raises:
        IndexError: If it is out of range.
    """
    index = operator.index(index)
    if index < 0:
        index += size
    if not 0 <= index < size:
        raise IndexError("legal action index out of range")
    return index


def _lazy(parts: tuple[Part, ...], starts: tuple[int, ...]) -> _LazyLegalActions:
    """A [`_LazyLegalActions`][guarda._action_lists._LazyLegalActions] of ``parts`` starting
    at ``starts`` (two attributes, no class call: what [`join`][guarda.LegalActions.join]
    makes of parts that hold a lazy run, such as a big hand's defences)."""
    self = tuple.__new__(_LazyLegalActions)
    self._parts = parts
    self._starts = starts
    return self
