"""Seeded, portable randomness (R30).

guarda never uses `random`: its output may change between Python versions. A game's
random state is an integer that a seed (and, for the cryptographic generator, the salt)
fixes, so a seed gives the same shuffles in every process, on every supported Python
version and platform. Two generators deal ([`Shuffle`][guarda.Shuffle] chooses):

- **SplitMix64** (the default): the state is one 64-bit integer stepped by SplitMix64.
  Fast and reproducible, but 64 bits of state: fine for bots and experiments, not for a
  site dealing to adversaries.
- **SHA-256 in counter mode**: the state is a 256-bit key derived from the seed and the
  salt, and a 64-bit counter, packed into one integer ``key * 2**64 + counter``. Draw
  ``k`` is the first 8 bytes of ``SHA-256(key || counter)``. Without the key, the next
  card cannot be told from a fair guess, however many cards were seen.

Both take an index below a bound with the same rejection rule (``_below``), so the
Fisher-Yates shuffle around them is the same.
"""

from __future__ import annotations

import array
import functools
import hashlib
import operator
import sys
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

__all__ = [
    "MAX_SALT",
    "SHA256_STATE_BITS",
    "commitment",
    "next_value",
    "random_state_bits",
    "seed_state",
    "sha256_next_value",
    "sha256_seed_state",
    "sha256_shuffle",
    "shuffle",
    "shuffle_stepwise",
    "shuffler",
    "start_state",
]

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
    (``_below``). The state is a counter, so the values of every draw are computed at
    once ([`_draws`][guarda._rng._draws]); the result is exactly that of one
    `next_value` after another ([`shuffle_stepwise`][guarda._rng.shuffle_stepwise]).

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
    last = len(result) - 1  # the draws: one per swap, for bounds len(items) down to 2
    if last < 1 or not _WORDS:
        return shuffle_stepwise(result, state)
    values = _draws(state, last)
    if values is None:  # a draw _below might reject: for 100 cards, 1 shuffle in 2**50
        return shuffle_stepwise(result, state)
    mods = map(operator.mod, values, range(last + 1, 1, -1))
    for i, j in zip(range(last, 0, -1), mods, strict=True):
        result[i], result[j] = result[j], result[i]
    return tuple(result), (state + last * _GOLDEN) & _MASK


_WORDS: Final = array.array("Q").itemsize == 8
"""Whether 64-bit values unpack with an ``array("Q")`` (as on every common platform)."""

_MIX_1: Final = 0xBF58476D1CE4E5B9
_MIX_2: Final = 0x94D049BB133111EB


@functools.lru_cache(maxsize=256)
def _lanes(count: int) -> tuple[int, int, int]:
    """``(ones, steps, mask)`` for ``count`` lanes of 128 bits in one integer.

    ``ones`` holds 1 in each lane, ``steps`` holds ``(k + 1) * GOLDEN`` in lane ``k``
    and ``mask`` holds 64 one bits in each lane.
    """
    ones = sum(1 << (128 * lane) for lane in range(count))
    steps = sum(((lane + 1) * _GOLDEN) << (128 * lane) for lane in range(count))
    return ones, steps, _MASK * ones


def _draws(state: int, count: int) -> Sequence[int] | None:
    """The values of the next ``count`` calls of `next_value` from ``state``, or None if
    one of them is too close to ``2**64`` for a shuffle to take it without asking
    ``_below``'s rejection rule.

    SplitMix64's state only ever adds a constant, so draw ``k`` mixes ``state + (k + 1) *
    GOLDEN``. Each draw sits in its own 128-bit lane of one integer: a 64-bit value times
    a 64-bit constant fits its lane, and a shift right that brings bits of the next lane
    down leaves them above the low 64 bits, which a mask clears before they could mix in.
    """
    ones, steps, mask = _lanes(count)
    lanes = (state * ones + steps) & mask
    lanes = ((lanes ^ (lanes >> 30)) & mask) * _MIX_1 & mask
    lanes = ((lanes ^ (lanes >> 27)) & mask) * _MIX_2 & mask
    lanes = (lanes ^ (lanes >> 31)) & mask
    # _below takes a value below 2**64 - bound without asking more. The largest bound is
    # count + 1, and a lane at or above 2**64 - (count + 1) carries into bit 64 when
    # count + 1 is added to it.
    if (lanes + (count + 1) * ones) & ones << 64:
        return None
    words = array.array("Q", lanes.to_bytes(16 * count, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words[::2]


def shuffle_stepwise(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """[`shuffle`][guarda._rng.shuffle], one `next_value` and ``_below`` after another:
    the definition it keeps to, and what it does in the rare case a draw nears ``2**64``.

    Examples:
        >>> shuffle_stepwise("abcdefgh", 5) == shuffle("abcdefgh", 5)
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


# -- SHA-256 in counter mode ---------------------------------------------------------------

SHA256_STATE_BITS: Final = 320
"""The width of the SHA-256 generator's state: a 256-bit key, then a 64-bit counter."""

_KEY_TAG: Final = "guarda-shuffle-sha256-v1"
"""The domain tag of the key: unlike the commitment's (``guarda-deal-v1``), so the
published commitment says nothing of the key."""


def sha256_seed_state(seed: int, salt: str) -> int:
    """The SHA-256 generator's first state for a seed and a salt: the key, counter 0.

    The key is the SHA-256 of the UTF-8 text ``"guarda-shuffle-sha256-v1\n{seed}\n{salt}"``
    (the seed in decimal, in full: it is not reduced to 64 bits). The state is
    ``key * 2**64 + counter``, the key read as a big-endian number.

    Examples:
        >>> f"{sha256_seed_state(7, ''):080x}"[:16]
        '6225caf8304c9b2c'
        >>> sha256_seed_state(7, "") % 2**64
        0
        >>> sha256_seed_state(7, "") != sha256_seed_state(7, "pepper")
        True
    """
    text = f"{_KEY_TAG}\n{seed}\n{salt}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big") << 64


def sha256_next_value(state: int) -> tuple[int, int]:
    """One draw of the SHA-256 generator: a 64-bit value and the next state.

    The value is the first 8 bytes (big-endian) of ``SHA-256(key || counter)``, the key
    as 32 bytes and the counter as 8 bytes, both big-endian; the next state has the
    counter plus one (modulo ``2**64``).

    Examples:
        >>> state = sha256_seed_state(7, "")
        >>> value, after = sha256_next_value(state)
        >>> after - state
        1
        >>> 0 <= value < 2**64
        True
    """
    key, counter = state >> 64, state & _MASK
    block = hashlib.sha256(key.to_bytes(32, "big") + counter.to_bytes(8, "big")).digest()
    return int.from_bytes(block[:8], "big"), (key << 64) | ((counter + 1) & _MASK)


def sha256_shuffle(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of ``items`` with the SHA-256 generator, and the next state.

    For ``i`` from ``len(items) - 1`` down to 1, ``j`` is an unbiased index in
    ``range(i + 1)``: the next draw ``v`` is rejected (and another drawn) while
    ``v >= 2**64 - 2**64 % (i + 1)``, then ``j = v % (i + 1)``; items ``i`` and ``j``
    swap. The same steps as [`shuffle`][guarda._rng.shuffle], with another source.

    Examples:
        >>> sha256_shuffle("abcd", sha256_seed_state(7, ""))[0]
        ('b', 'c', 'd', 'a')
        >>> sorted(sha256_shuffle(range(10), sha256_seed_state(1, "x"))[0]) == list(range(10))
        True
    """
    result = list(items)
    key, counter = state >> 64, state & _MASK
    prefix = hashlib.sha256(key.to_bytes(32, "big"))
    for i in range(len(result) - 1, 0, -1):
        bound = i + 1
        limit = _TWO_64 - _TWO_64 % bound
        while True:
            block = prefix.copy()
            block.update(counter.to_bytes(8, "big"))
            counter = (counter + 1) & _MASK
            value = int.from_bytes(block.digest()[:8], "big")
            if value < limit:
                break
        j = value % bound
        result[i], result[j] = result[j], result[i]
    return tuple(result), (key << 64) | counter


# -- choosing a generator ------------------------------------------------------------------

_SHUFFLES: Final = {"splitmix64": shuffle, "sha256": sha256_shuffle}
_BITS: Final = {"splitmix64": 64, "sha256": SHA256_STATE_BITS}


def shuffler(kind: str) -> Callable[[Sequence[T], int], tuple[tuple[T, ...], int]]:
    """The shuffle of a generator by name (a [`Shuffle`][guarda.Shuffle] value).

    Examples:
        >>> shuffler("sha256") is sha256_shuffle, shuffler("splitmix64") is shuffle
        (True, True)
    """
    return _SHUFFLES[kind]


def start_state(kind: str, seed: int, salt: str) -> int:
    """A generator's first state for a seed and a salt (SplitMix64 ignores the salt).

    Examples:
        >>> start_state("splitmix64", 7, "pepper") == seed_state(7)
        True
    """
    return sha256_seed_state(seed, salt) if kind == "sha256" else seed_state(seed)


def random_state_bits(kind: str) -> int:
    """The width in bits of a generator's state: 64 (SplitMix64) or 320 (SHA-256).

    Examples:
        >>> random_state_bits("splitmix64"), random_state_bits("sha256")
        (64, 320)
    """
    return _BITS[kind]
