"""R30: the engine's shuffle, computed many draws at once, is exactly SplitMix64 drawn
one value at a time with ``_below``'s rejection sampling.

[`shuffle`][guarda._rng.shuffle] mixes every draw of a shuffle in one big integer; these
tests hold it to the stepwise definition, also in the one case where the batched path
must step aside: a draw so close to ``2**64`` that rejection sampling may throw it away.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from guarda import _rng

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def _unmix(value: int) -> int:
    """The SplitMix64 counter whose mix is ``value`` (the mixer is a bijection)."""
    value ^= value >> 31 ^ value >> 62
    value = value * pow(0x94D049BB133111EB, -1, 1 << 64) & MASK
    value ^= value >> 27 ^ value >> 54
    value = value * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & MASK
    value ^= value >> 30 ^ value >> 60
    return value


def _state_drawing(value: int, draws_before: int = 0) -> int:
    """A random state whose draw number ``draws_before`` (from 0) gives ``value``."""
    return (_unmix(value) - (draws_before + 1) * GOLDEN) & MASK


def test_unmix_inverts_the_mixer() -> None:
    for value in (0, 1, MASK, MASK - 5, 0x0123456789ABCDEF):
        assert _rng.next_value(_state_drawing(value))[0] == value


@given(
    size=st.integers(min_value=0, max_value=300),
    state=st.integers(min_value=0, max_value=MASK),
)
def test_shuffle_is_the_stepwise_shuffle(size: int, state: int) -> None:
    items = tuple(range(size))  # distinct, so any wrong swap shows
    assert _rng.shuffle(items, state) == _rng.shuffle_stepwise(items, state)


def test_shuffle_rejects_a_draw_as_below_does() -> None:
    # The first draw of a 7-card shuffle (bound 7) is 2**64 - 1: at or above
    # 2**64 - 2**64 % 7, so _below throws it away and draws again.
    items = tuple("abcdefg")
    state = _state_drawing(MASK)
    assert _rng._draws(state, 6) is None  # the batched draws step aside
    shuffled, after = _rng.shuffle(items, state)
    assert (shuffled, after) == _rng.shuffle_stepwise(items, state)
    assert after == (state + 7 * GOLDEN) & MASK  # six swaps and one rejected draw
    assert sorted(shuffled) == sorted(items)


def test_shuffle_keeps_a_draw_near_2_64_that_below_keeps() -> None:
    # The third draw of an 8-card shuffle has bound 6, and 2**64 % 6 == 4: _below keeps
    # 2**64 - 5 and throws away 2**64 - 3. The batched path steps aside for both.
    items = tuple("abcdefgh")
    for value, rejected in ((MASK - 4, False), (MASK - 2, True)):
        state = _state_drawing(value, draws_before=2)
        assert _rng._draws(state, 7) is None  # the batched draws step aside
        shuffled, after = _rng.shuffle(items, state)
        assert (shuffled, after) == _rng.shuffle_stepwise(items, state)
        assert after == (state + (7 + rejected) * GOLDEN) & MASK


def test_shuffle_takes_any_sequence() -> None:
    assert _rng.shuffle(list("abcdef"), 9) == _rng.shuffle("abcdef", 9)
    assert _rng.shuffle(list("abcdef"), 9) == _rng.shuffle_stepwise(tuple("abcdef"), 9)


def test_shuffle_of_no_card_or_one_draws_nothing() -> None:
    assert _rng.shuffle((), 5) == ((), 5)
    assert _rng.shuffle(("H1",), 5) == (("H1",), 5)
