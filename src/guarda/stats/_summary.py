"""Small statistical values: a summary of numbers and a rate with its Wilson interval.

Examples:
    >>> Summary.of([3, 1, 2]).median
    2.0
    >>> rate = Rate.of(8, 10)
    >>> rate.rate, round(rate.low, 3), round(rate.high, 3)
    (0.8, 0.49, 0.943)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from typing import Final

import attrs

from guarda.errors import ArgumentError

__all__ = ["Z_95", "Rate", "Summary", "wilson_interval"]

Z_95: Final = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and is sound for small samples
    and for rates near 0 or 1. With no trials it is the whole range ``(0.0, 1.0)``.
    ``successes`` may be fractional (a score where a draw counts 1/2); the interval then
    treats the score as a count of successes, the usual approximation.

    Args:
        successes: How many trials succeeded, from 0 to ``trials``.
        trials: How many trials there were.
        z: The normal quantile of the confidence level.

    Returns:
        The lower and upper bound.

    Raises:
        ArgumentError: If a count is negative or not a number, or ``successes`` exceeds
            ``trials``.

    Examples:
        >>> low, high = wilson_interval(95, 100)
        >>> round(low, 4), round(high, 4)
        (0.8882, 0.9785)
        >>> wilson_interval(0, 0)
        (0.0, 1.0)
    """
    if not isinstance(trials, int) or isinstance(trials, bool) or trials < 0:
        raise ArgumentError(
            f"trials must be a non-negative integer, not {trials!r}", path="trials"
        )
    if not _is_number(successes) or not 0 <= successes <= trials:
        raise ArgumentError(
            f"successes must be a number from 0 to {trials}, not {successes!r}", path="successes"
        )
    if not _is_number(z) or z <= 0:
        raise ArgumentError(f"z must be a positive number, not {z!r}", path="z")
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (rate + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials)) / denominator
    # At a rate of 0 or 1 the bound is exactly 0 or 1; rounding could miss it.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@attrs.frozen
class Rate:
    """How often something happened, with its 95% Wilson interval.

    Examples:
        >>> Rate.of(0, 0)
        Rate(count=0, trials=0, rate=0.0, low=0.0, high=1.0)
        >>> str(Rate.of(1, 4))
        '25.0% [4.6%, 69.9%]'
    """

    count: float
    """How many times (a score may be fractional: a draw counts 1/2)."""
    trials: int
    """Out of how many."""
    rate: float
    """``count / trials`` (0.0 without trials)."""
    low: float
    """The lower bound of the 95% Wilson interval."""
    high: float
    """The upper bound of the 95% Wilson interval."""

    @classmethod
    def of(cls, count: float, trials: int) -> Rate:
        """The rate of ``count`` out of ``trials``, with its interval.

        Raises:
            ArgumentError: As [`wilson_interval`][guarda.stats.wilson_interval].
        """
        low, high = wilson_interval(count, trials)
        return cls(count, trials, count / trials if trials else 0.0, low, high)

    def __str__(self) -> str:
        return f"{self.rate:.1%} [{self.low:.1%}, {self.high:.1%}]"


@attrs.frozen
class Summary:
    """A summary of some numbers: how many, mean, median, smallest, largest and total.

    Examples:
        >>> Summary.of([])
        Summary(count=0, mean=0.0, median=0.0, minimum=0.0, maximum=0.0, total=0.0)
        >>> Summary.of([2, 4, 9]).mean
        5.0
    """

    count: int
    """How many numbers."""
    mean: float
    """Their mean (0.0 for none)."""
    median: float
    """Their median (0.0 for none)."""
    minimum: float
    """The smallest (0.0 for none)."""
    maximum: float
    """The largest (0.0 for none)."""
    total: float
    """Their sum."""

    @classmethod
    def of(cls, values: Iterable[float]) -> Summary:
        """Summarize some numbers.

        Raises:
            ArgumentError: If a value is not a finite number.
        """
        numbers = [float(value) for value in _checked(values)]
        if not numbers:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0.0)
        return cls(
            len(numbers),
            statistics.fmean(numbers),
            statistics.median(numbers),
            min(numbers),
            max(numbers),
            math.fsum(numbers),
        )


def _checked(values: Iterable[float]) -> Iterable[float]:
    for index, value in enumerate(values):
        if not _is_number(value):
            raise ArgumentError(f"not a finite number: {value!r}", path=f"values[{index}]")
        yield value
