"""Multisets of card names as sorted tuples, with cached enumeration.

Identical cards are interchangeable, so a hand is a sorted tuple of names and every
card argument of an action is a sub-multiset of some zone. Enumerations are cached:
states are immutable, so the same hand always gives the same answer.
"""

from __future__ import annotations

import functools
import itertools

__all__ = ["add", "contains", "remove", "submultisets"]


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
    return tuple(sorted(zone + cards))


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


@functools.lru_cache(maxsize=1 << 18)
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
