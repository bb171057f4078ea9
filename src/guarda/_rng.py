"""Seeded, portable randomness (R30).

guarda never uses `random`: its output may change between Python versions. The
game's random state is one 64-bit integer stepped by SplitMix64, so a seed gives the
same shuffles in every process, on every supported Python version and platform.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["MAX_SALT", "commitment", "next_value", "seed_state", "shuffle"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TWO_64 = 1 << 64

T = TypeVar("T")


MAX_SALT = 256
"""The longest salt, in characters, that a game or a record accepts."""


def commitment(seed: int, salt: str) -> str:
    """The public commitment to a game's deals: the SHA-256 of its seed and salt.

    The hash covers the domain tag ``guarda-deal-v1``, the seed in decimal and the salt,
    so the same seed and salt give the same 64 hex digits in every implementation.

    Examples:
        >>> commitment(7, "")[:16]
        'cd66b4f91f2750ad'
        >>> commitment(7, "") != commitment(7, "pepper")
        True
    """
    text = f"guarda-deal-v1\n{seed}\n{salt}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seed_state(seed: int) -> int:
    """The random state for a seed (any integer; it is reduced to 64 bits).

    Examples:
        >>> seed_state(7) == seed_state(7 + 2**64)
        True
    """
    return seed & _MASK


def next_value(state: int) -> tuple[int, int]:
    """One SplitMix64 step: a 64-bit value and the next state.

    Examples:
        >>> hex(next_value(0)[0])
        '0xe220a8397b1dcdaf'
    """
    state = (state + _GOLDEN) & _MASK
    value = state
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31), state


def _below(bound: int, state: int) -> tuple[int, int]:
    """An unbiased integer in ``range(bound)`` by rejection sampling, and the next state."""
    limit = _TWO_64 - _TWO_64 % bound
    while True:
        value, state = next_value(state)
        if value < limit:
            return value % bound, state


def shuffle(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of ``items`` and the next random state.

    Each swap takes an unbiased index from `next_value` by rejection sampling
    (``_below``), inlined here: a shuffle is the engine's longest loop.

    Examples:
        >>> shuffle("abcd", 1)[0] == shuffle("abcd", 1)[0]
        True
        >>> _, after = shuffle("abcd", 1)
        >>> state = 1
        >>> for bound in (4, 3, 2):  # one draw per swap, as _below makes them
        ...     _, state = _below(bound, state)
        >>> after == state
        True
    """
    result = list(items)
    mask = _MASK
    for i in range(len(result) - 1, 0, -1):
        bound = i + 1
        while True:  # next_value, then _below's rejection
            state = (state + _GOLDEN) & mask
            value = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & mask
            value ^= value >> 31
            # _below's limit, 2**64 - 2**64 % bound, is above 2**64 - bound: check that first.
            if value < _TWO_64 - bound or value < _TWO_64 - _TWO_64 % bound:
                break
        j = value % bound
        result[i], result[j] = result[j], result[i]
    return tuple(result), state
