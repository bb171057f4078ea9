"""Multisets of card names as sorted tuples, with cached enumeration.

Identical cards are interchangeable, so a hand is a sorted tuple of names and every
card argument of an action is a sub-multiset of some zone. Enumerations are cached:
states are immutable, so the same hand always gives the same answer.
"""

from __future__ import annotations

import array
import functools
import itertools
import math
import operator
import sys
from collections.abc import Iterator, Sequence
from typing import Final

__all__ = [
    "Profile",
    "add",
    "clear_caches",
    "contains",
    "counts",
    "counts_by_size",
    "ends",
    "of_size",
    "profile",
    "remove",
    "starts",
    "submultisets",
    "unrank",
]


def add(zone: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """``zone`` with ``cards`` added, sorted.

    Examples:
        >>> add(("H1", "V2"), ("H2",))
        ('H1', 'H2', 'V2')
    """
    if not cards:
        return zone
    if not zone:
        return cards if len(cards) < 2 else tuple(sorted(cards))
    merged = [*zone, *cards]
    merged.sort()  # two sorted runs: one merge
    return tuple(merged)


def remove(zone: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...] | None:
    """``zone`` without ``cards`` (one copy per name given), or None if it lacks one.

    Examples:
        >>> remove(("H1", "H1", "V2"), ("H1",))
        ('H1', 'V2')
        >>> remove(("H1",), ("V2",)) is None
        True
    """
    result = list(zone)
    for card in cards:
        try:
            result.remove(card)
        except ValueError:
            return None
    return tuple(result)


def contains(zone: tuple[str, ...], cards: tuple[str, ...]) -> bool:
    """Whether ``zone`` holds every card of ``cards`` (with multiplicity)."""
    return remove(zone, cards) is not None


@functools.lru_cache(maxsize=1 << 9)
def submultisets(zone: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Every distinct sub-multiset of a sorted zone, grouped by size.

    ``submultisets(zone)[k]`` lists the sub-multisets of size ``k`` in sorted order.

    Examples:
        >>> submultisets(("H1", "H1", "V2"))[2]
        (('H1', 'H1'), ('H1', 'V2'))
    """
    # Combinations of a sorted tuple come out in sorted order. Identical cards give
    # repeats, which dict.fromkeys drops while keeping that order; a zone of distinct
    # cards has none, so it skips that pass.
    sizes = range(len(zone) + 1)
    if len(set(zone)) == len(zone):
        return tuple(tuple(itertools.combinations(zone, size)) for size in sizes)
    return tuple(tuple(dict.fromkeys(itertools.combinations(zone, size))) for size in sizes)


def profile(zone: tuple[str, ...]) -> Profile:
    """Where the runs of copies of a sorted zone end, and how many distinct sub-multisets
    it has of each size ([`_sizes`][guarda._multiset._sizes]): what counting and ranking
    them start from.

    The ends are bytes, one per card: 1 where the next card differs (the last copy of its
    name), else 0. They cost a few calls in C, so a hand first met (most hands a big field
    deals are new) costs little; the counts are kept per ends, which is all they depend on.

    The zone profiled last is remembered by identity: a hand listed again before it
    changes (its moves, then its attacks) is one comparison.

    Examples:
        >>> profile(("H1", "H1", "V2"))
        (b'\\x00\\x01\\x01', ((1, 2, 2, 1), (0, 1, 3, 5, 6), (0, 2, 4, 5)))
    """
    remembered = _LAST_PROFILE[0]
    if remembered[0] is zone:
        return remembered[1]
    last = bytes(map(operator.ne, zone, (*zone[1:], None)))
    found = last, _sizes_at(last)
    _LAST_PROFILE[0] = (zone, found)  # replaced whole: a thread never sees a mixed pair
    return found


_LAST: Final = b"\x01"
"""The mark of a last copy in a zone's ends (see [`profile`][guarda._multiset.profile])."""


@functools.lru_cache(maxsize=1 << 12)
def _sizes_at(last: bytes) -> _Sizes:
    """[`_sizes`][guarda._multiset._sizes] of a zone whose copies end at ``last`` (kept per
    ends: one lookup for a zone first met whose ends came before)."""
    return _sizes(tuple(sorted(_copies(last))))


def _copies(last: bytes) -> tuple[int, ...]:
    """The copies of each distinct card of a zone whose copies end at ``last``."""
    return tuple([len(run) + 1 for run in last.split(_LAST)[:-1]])


_BINOMIAL = tuple(tuple(math.comb(n, k) for k in range(65)) for n in range(65))
"""``_BINOMIAL[n][k]``: the ways to choose ``k`` of ``n`` distinct cards (0 when ``k > n``)."""

_DOWN = tuple(_BINOMIAL[:n][::-1] for n in range(len(_BINOMIAL)))
"""``_DOWN[n][i]`` is ``_BINOMIAL[n - 1 - i]``: for each of ``n`` distinct cards, the ways to
choose among the cards after it."""

_Sizes = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""``(counts, starts, ends)``: see [`_sizes`][guarda._multiset._sizes]."""

Profile = tuple[bytes, _Sizes]
"""What [`profile`][guarda._multiset.profile] answers: where a zone's runs of copies end,
and its sub-multisets counted by size."""

_WORD = array.array("I").itemsize == 4
"""Whether 32-bit coefficients unpack with an ``array("I")`` (as on every common platform)."""


def _width(size: int) -> int:
    """The bits per coefficient of the packed counts of a zone of ``size`` cards.

    The counts are polynomials packed into integers, one coefficient per ``bits`` bits
    (Kronecker substitution): a card with ``c`` copies is ``1 + x + ... + x**c``, and a
    product of cards holds at ``x**k`` how many distinct sub-multisets of size ``k`` they
    can make. A product costs one multiplication in C. No count reaches ``2**bits``: a zone
    of ``n`` cards has fewer than ``2**n`` sub-multisets.
    """
    return 32 if size < 32 else 64 * (size // 64 + 1)


def _products(copies: tuple[int, ...], bits: int) -> list[int]:
    """The packed products of the cards from the ``i``-th on, for every ``i`` (the last is 1)."""
    products = [1]
    for count in reversed(copies):
        products.append(products[-1] * _card(bits, count))
    products.reverse()
    return products


@functools.lru_cache(maxsize=256)  # a few widths times the most copies of a card
def _card(bits: int, count: int) -> int:
    """A card with ``count`` copies packed: ``1 + x + ... + x**count``."""
    return ((1 << (bits * (count + 1))) - 1) // ((1 << bits) - 1)


def _unpack(products: list[int], size: int, bits: int) -> Sequence[int]:
    """The coefficients of packed products, ``size + 1`` per product, one after another."""
    if bits == 32 and _WORD:  # unpacked by C
        width = 4 * (size + 1)
        return array.array("I", b"".join([value.to_bytes(width, _ORDER) for value in products]))
    mask = (1 << bits) - 1
    return [value >> (bits * k) & mask for value in products for k in range(size + 1)]


_ORDER: Final = sys.byteorder


@functools.lru_cache(maxsize=1 << 12)
def _sizes(copies: tuple[int, ...]) -> _Sizes:
    """How many distinct sub-multisets distinct cards with these copies make, by size.

    Returns ``(counts, starts, ends)``: ``counts[k]`` have ``k`` cards, ``starts[k]`` have
    fewer than ``k`` (``starts[0]`` is 0), ``ends[k]`` have 1 to ``k`` (``ends[0]`` is 0).
    """
    size = sum(copies)
    bits = _width(size)
    counts = tuple(_unpack(_products(copies, bits)[:1], size, bits))
    return counts, (0, *itertools.accumulate(counts)), (0, *itertools.accumulate(counts[1:]))


_LAST_PROFILE: list[tuple[tuple[str, ...], Profile]] = [((), (b"", _sizes(())))]
"""The zone [`profile`][guarda._multiset.profile] answered last, with its answer (it keeps
the zone alive, so identity cannot be confused with a new zone's)."""


@functools.lru_cache(maxsize=1 << 12)
def _rows(last: bytes) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """What [`unrank`][guarda._multiset.unrank] steps through, for a zone whose copies end
    at ``last``: ``rows[i][k]``, how many distinct sub-multisets of ``k`` cards the
    distinct cards after the ``i``-th can make; each card's copies; and the index of its
    last copy in the zone.

    Rows of tuples, not one packed array: indexing a tuple is the cheapest step of the
    loop, which runs once per card.
    """
    copies = _copies(last)
    size = len(last)
    bits = _width(size)
    flat = iter(_unpack(_products(copies, bits)[1:], size, bits))
    rows = zip(*[flat] * (size + 1), strict=True)  # the coefficients, a product at a time
    lasts = tuple(itertools.compress(itertools.count(), last))
    return tuple(rows), copies, lasts


def counts_by_size(zone: tuple[str, ...]) -> list[int]:
    """How many distinct sub-multisets of each size a sorted zone has (index = size).

    Examples:
        >>> counts_by_size(("H1", "H1", "V2"))
        [1, 2, 2, 1]
    """
    return list(counts(zone))


def counts(zone: tuple[str, ...]) -> tuple[int, ...]:
    """[`counts_by_size`][guarda._multiset.counts_by_size] as a tuple, remembered (not a
    copy: for the engine's own use)."""
    return profile(zone)[1][0]


def starts(zone: tuple[str, ...]) -> tuple[int, ...]:
    """How many distinct sub-multisets of a sorted zone have fewer than ``k`` cards, for
    ``k`` from 0 to ``len(zone) + 1``: the index where those of ``k`` cards start when
    they are listed by size.

    Examples:
        >>> starts(("H1", "H1", "V2"))
        (0, 1, 3, 5, 6)
    """
    return profile(zone)[1][1]


def ends(zone: tuple[str, ...]) -> tuple[int, ...]:
    """How many distinct sub-multisets of a sorted zone have 1 to ``k`` cards, for ``k``
    from 0 to ``len(zone)``: where those of ``k + 1`` cards start when the empty one is
    left out.

    Examples:
        >>> ends(("H1", "H1", "V2"))
        (0, 2, 4, 5)
    """
    return profile(zone)[1][2]


def unrank(
    zone: tuple[str, ...], size: int, index: int, known: Profile | None = None
) -> tuple[str, ...]:
    """The ``index``-th sub-multiset of ``size`` cards of a sorted zone, in sorted order.

    The same order as [`submultisets`][guarda._multiset.submultisets], without listing
    the others: a sub-multiset that takes more copies of an earlier card comes first.
    ``known`` is the zone's [`profile`][guarda._multiset.profile], if the caller has it.

    Examples:
        >>> zone = ("H1", "H1", "V2", "V3")
        >>> [unrank(zone, 2, i) for i in range(4)] == list(submultisets(zone)[2])
        True
    """
    if not size:
        return ()
    last = (known or profile(zone))[0]
    chosen: list[str] = []
    remaining = size
    count = len(zone)
    if 0 not in last and count < len(_BINOMIAL):
        # Distinct cards: after each, the combinations of the later ones (binomials).
        for card, row in zip(zone, _DOWN[count]):  # noqa: B905 (equal lengths; see below)
            block = row[remaining - 1]
            if index < block:
                chosen.append(card)
                remaining -= 1
                if not remaining:
                    break
            else:
                index -= block
        return tuple(chosen)
    rows, copies, lasts = _rows(last)
    # zip() without strict=: the lengths are equal, and a keyword argument costs about
    # 0.3 us a call on CPython 3.11, on the hottest loop of a big hand's step.
    for at, copy, row in zip(lasts, copies, rows):  # noqa: B905
        # row[k]: how many sub-multisets of k cards the cards after this one make.
        if copy == 1:  # most cards: take it or leave it
            block = row[remaining - 1]
            if index < block:
                chosen.append(zone[at])
                remaining -= 1
                if not remaining:
                    break
            else:
                index -= block
            continue
        # Try the most copies first; taking none always fits what is left of the index.
        taken = copy if copy < remaining else remaining
        while taken:
            block = row[remaining - taken]
            if index < block:
                chosen += zone[at + 1 - taken : at + 1]
                remaining -= taken
                break
            index -= block
            taken -= 1
        if not remaining:
            break
    return tuple(chosen)


def of_size(zone: tuple[str, ...], size: int) -> Iterator[tuple[str, ...]]:
    """Every distinct sub-multiset of ``size`` cards of a sorted zone, in sorted order.

    Examples:
        >>> list(of_size(("H1", "H1", "V2"), 2))
        [('H1', 'H1'), ('H1', 'V2')]
    """
    combinations = itertools.combinations(zone, size)
    if len(set(zone)) == len(zone):
        yield from combinations
        return
    # Repeats are not always adjacent: keep the first of each, which is in sorted order.
    seen: set[tuple[str, ...]] = set()
    for cards in combinations:
        if cards not in seen:
            seen.add(cards)
            yield cards


def clear_caches() -> None:
    """Empty the caches of sub-multiset enumerations."""
    submultisets.cache_clear()
    _sizes_at.cache_clear()
    _sizes.cache_clear()
    _rows.cache_clear()
    _card.cache_clear()
    _LAST_PROFILE[0] = ((), (b"", _sizes(())))
