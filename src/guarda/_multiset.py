"""Multisets of card names as sorted tuples, with cached enumeration.

Identical cards are interchangeable, so a hand is a sorted tuple of names and every
card argument of an action is a sub-multiset of some zone. Enumerations are cached:
states are immutable, so the same hand always gives the same answer.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator

__all__ = [
    "add",
    "clear_caches",
    "contains",
    "counts",
    "counts_by_size",
    "of_size",
    "remove",
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
def _profile(zone: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[int, ...], list[int], int]:
    """The distinct cards of a sorted zone, their copies, the suffix counts and their width.

    The counts depend only on the copies (see [`_suffix`][guarda._multiset._suffix]), so
    a zone first met costs a count of its cards; the products are kept per copies.
    """
    counted = Counter(zone)  # in the zone's (sorted) order
    copies = tuple(counted.values())
    suffix, bits = _suffix(copies)
    return tuple(counted), copies, suffix, bits


@functools.lru_cache(maxsize=1 << 12)
def _suffix(copies: tuple[int, ...]) -> tuple[list[int], int]:
    """The suffix counts of distinct cards with these copies, and their width in bits.

    The counts are polynomials packed into integers, one coefficient per ``bits`` bits
    (Kronecker substitution): a card with ``c`` copies is ``1 + x + ... + x**c``, and
    ``suffix[i]``, the product of the cards from the ``i``-th distinct card on, holds at
    ``x**k`` how many distinct sub-multisets of size ``k`` they can make
    (``suffix[len(copies)]`` is 1). A product costs one multiplication in C. No count
    reaches ``2**bits``: a zone of ``n`` cards has fewer than ``2**n`` sub-multisets.
    """
    size = sum(copies)
    bits = 32 if size < 32 else 64 * (size // 64 + 1)
    unit = (1 << bits) - 1
    suffix = [1]
    for count in reversed(copies):
        suffix.append(suffix[-1] * (((1 << (bits * (count + 1))) - 1) // unit))
    suffix.reverse()
    return suffix, bits


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
    return _counts(_profile(zone)[1])


@functools.lru_cache(maxsize=1 << 12)
def _counts(copies: tuple[int, ...]) -> tuple[int, ...]:
    """What [`counts_by_size`][guarda._multiset.counts_by_size] answers, by the copies of
    the distinct cards (which is all it depends on)."""
    suffix, bits = _suffix(copies)
    mask = (1 << bits) - 1
    packed = suffix[0]
    return tuple(packed >> (bits * size) & mask for size in range(sum(copies) + 1))


def unrank(zone: tuple[str, ...], size: int, index: int) -> tuple[str, ...]:
    """The ``index``-th sub-multiset of ``size`` cards of a sorted zone, in sorted order.

    The same order as [`submultisets`][guarda._multiset.submultisets], without listing
    the others: a sub-multiset that takes more copies of an earlier card comes first.

    Examples:
        >>> zone = ("H1", "H1", "V2", "V3")
        >>> [unrank(zone, 2, i) for i in range(4)] == list(submultisets(zone)[2])
        True
    """
    distinct, copies, suffix, bits = _profile(zone)
    mask = (1 << bits) - 1
    chosen: list[str] = []
    remaining = size
    for i, card in enumerate(distinct):
        if not remaining:
            break
        after = suffix[i + 1]
        # Try the most copies first; taking none always fits what is left of the index.
        taken = min(copies[i], remaining)
        while taken:
            block = after >> (bits * (remaining - taken)) & mask
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
    _suffix.cache_clear()
    _counts.cache_clear()
