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
    "add",
    "clear_caches",
    "contains",
    "counts",
    "counts_by_size",
    "ends",
    "of_size",
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


@functools.lru_cache(maxsize=1 << 10)
def _profile(zone: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[int, ...], _Sizes]:
    """The distinct cards of a sorted zone, their copies, and what their sub-multisets
    count by size ([`_sizes`][guarda._multiset._sizes]).

    The counts depend only on the copies, whatever their order, so a zone first met costs
    a count of its cards; the rest is kept per copies.
    """
    # Each distinct card, in the zone's (sorted) order, with the index of its last copy.
    last = dict(zip(zone, itertools.count()))
    distinct = tuple(last)
    if len(distinct) == len(zone):
        copies = _ONES[: len(zone)] if len(zone) < len(_ONES) else (1,) * len(zone)
        return distinct, copies, _sizes(copies)
    ends = list(last.values())
    copies = tuple(map(operator.sub, ends, [-1, *ends[:-1]]))
    return distinct, copies, _sizes(tuple(sorted(copies)))


_ONES = (1,) * 64
"""Slices of it are the copies of zones of distinct cards (the common case)."""

_BINOMIAL = tuple(tuple(math.comb(n, k) for k in range(65)) for n in range(65))
"""``_BINOMIAL[n][k]``: the ways to choose ``k`` of ``n`` distinct cards (0 when ``k > n``)."""

_Sizes = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""``(counts, starts, ends)``: see [`_sizes`][guarda._multiset._sizes]."""

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


@functools.lru_cache(maxsize=1 << 12)
def _ranks(copies: tuple[int, ...]) -> Sequence[int]:
    """What [`unrank`][guarda._multiset.unrank] steps through: at ``i * (size + 1) + k``,
    how many distinct sub-multisets of ``k`` cards the distinct cards from the ``i``-th on
    (in this order) can make."""
    size = sum(copies)
    bits = _width(size)
    return _unpack(_products(copies, bits), size, bits)


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
    return _profile(zone)[2][0]


def starts(zone: tuple[str, ...]) -> tuple[int, ...]:
    """How many distinct sub-multisets of a sorted zone have fewer than ``k`` cards, for
    ``k`` from 0 to ``len(zone) + 1``: the index where those of ``k`` cards start when
    they are listed by size.

    Examples:
        >>> starts(("H1", "H1", "V2"))
        (0, 1, 3, 5, 6)
    """
    return _profile(zone)[2][1]


def ends(zone: tuple[str, ...]) -> tuple[int, ...]:
    """How many distinct sub-multisets of a sorted zone have 1 to ``k`` cards, for ``k``
    from 0 to ``len(zone)``: where those of ``k + 1`` cards start when the empty one is
    left out.

    Examples:
        >>> ends(("H1", "H1", "V2"))
        (0, 2, 4, 5)
    """
    return _profile(zone)[2][2]


def unrank(zone: tuple[str, ...], size: int, index: int) -> tuple[str, ...]:
    """The ``index``-th sub-multiset of ``size`` cards of a sorted zone, in sorted order.

    The same order as [`submultisets`][guarda._multiset.submultisets], without listing
    the others: a sub-multiset that takes more copies of an earlier card comes first.

    Examples:
        >>> zone = ("H1", "H1", "V2", "V3")
        >>> [unrank(zone, 2, i) for i in range(4)] == list(submultisets(zone)[2])
        True
    """
    distinct, copies, _ = _profile(zone)
    chosen: list[str] = []
    remaining = size
    count = len(zone)
    if len(distinct) == count and count < len(_BINOMIAL):
        # Distinct cards: the combinations of the later ones, by the binomial coefficient.
        for i, card in enumerate(zone):
            if not remaining:
                break
            block = _BINOMIAL[count - i - 1][remaining - 1]
            if index < block:
                chosen.append(card)
                remaining -= 1
            else:
                index -= block
        return tuple(chosen)
    ranks = _ranks(copies)
    stride = count + 1
    after = 0
    for i, card in enumerate(distinct):
        if not remaining:
            break
        after += stride  # the counts of the cards after this one
        # Try the most copies first; taking none always fits what is left of the index.
        taken = copies[i] if copies[i] < remaining else remaining
        while taken:
            block = ranks[after + remaining - taken]
            if index < block:
                chosen += (card,) * taken
                remaining -= taken
                break
            index -= block
            taken -= 1
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
    _profile.cache_clear()
    _sizes.cache_clear()
    _ranks.cache_clear()
    _card.cache_clear()
