"""Intervals on Bradley-Terry ratings, by resampling the games (the percentile bootstrap).

An arena's games are drawn again with replacement, table by table (each table keeps its
number of games, so a round robin stays a round robin), the Bradley-Terry model is fitted
to every resample, and each entrant's interval is the middle ``confidence`` share of its
ratings over the resamples. The draws come from ``random.Random(seed)``: the same games
and seed give the same intervals. Each resample is fitted by Newton's method on the
log-strengths, from the ratings of all the games: the same maximum-likelihood fit as
[`bradley_terry`][guarda.arena.bradley_terry] (the same virtual draw against the phantom
rated 1500), in a few steps.

Games that are the same for the ratings (the same comparisons) are added up as one kind,
so the fit of a resample costs the same however many games there are.

Examples:
    >>> from guarda.arena import Comparison
    >>> games = [[(Comparison("a", "b", 1.0),)] * 40 + [(Comparison("a", "b", 0.0),)] * 20]
    >>> intervals = rating_intervals(("a", "b"), games, resamples=200, confidence=0.9, seed=1)
    >>> a = intervals["a"]
    >>> a.low < a.rating < a.high, str(a)
    (True, '1560 [1523, 1602]')
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from guarda.arena._ratings import BASE_RATING, Comparison, bradley_terry
from guarda.errors import ArgumentError

__all__ = ["DEFAULT_RESAMPLES", "RatingInterval", "check_interval_options", "rating_intervals"]

DEFAULT_RESAMPLES: Final = 1000
"""How many resamples the intervals take by default."""
_ELO_PER_LOG: Final = 400.0 / math.log(10.0)
_NEWTON_ITERATIONS: Final = 100
_NEWTON_TOLERANCE: Final = 1e-7
"""Newton converges quadratically: after a step this short, what is left is far shorter."""
_HALVINGS: Final = 60
_SAFE_STEP: Final = 1.0


@attrs.frozen
class RatingInterval:
    """A rating and its bootstrap interval (see ``guarda.arena``).

    Examples:
        >>> str(RatingInterval(1532.4, 1488.2, 1571.0, 0.95))
        '1532 [1488, 1571]'
    """

    rating: float
    """The rating from all the games (as
    [`ArenaResult.ratings`][guarda.arena.ArenaResult.ratings] gives it)."""
    low: float
    """The lower bound: the ``(1 - confidence) / 2`` quantile of the resampled ratings."""
    high: float
    """The upper bound: the ``(1 + confidence) / 2`` quantile of the resampled ratings."""
    confidence: float
    """The share of the resampled ratings inside the interval, such as 0.95."""

    def __str__(self) -> str:
        return f"{self.rating:.0f} [{self.low:.0f}, {self.high:.0f}]"


def check_interval_options(resamples: object, confidence: object, seed: object) -> None:
    """Refuse a number of resamples, a confidence level or a seed that cannot be used."""
    if not isinstance(resamples, int) or isinstance(resamples, bool) or resamples < 1:
        raise ArgumentError(
            f"resamples must be a positive integer, not {resamples!r}", path="resamples"
        )
    if (
        not isinstance(confidence, (int, float))
        or isinstance(confidence, bool)
        or not 0.0 < confidence < 1.0
    ):
        raise ArgumentError(
            f"confidence must be a number between 0 and 1, not {confidence!r}", path="confidence"
        )
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(f"the seed must be an integer, not {seed!r}", path="seed")


def _logistic(x: float) -> float:
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _log_add(a: float, b: float) -> float:
    """``log(exp(a) + exp(b))`` without overflow."""
    high, low = (a, b) if a >= b else (b, a)
    return high + math.log1p(math.exp(low - high))


def _likelihood(
    theta: Sequence[float], wins: Sequence[float], pairs: Sequence[tuple[int, int, float]]
) -> float:
    """The log-likelihood of log-strengths ``theta`` (the phantom's draws included)."""
    value = math.fsum(w * t - _log_add(t, 0.0) for w, t in zip(wins, theta, strict=True))
    return value - math.fsum(n * _log_add(theta[i], theta[j]) for i, j, n in pairs)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix @ x = vector`` (Gaussian elimination with partial pivoting)."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column]
        for row in rows[column + 1 :]:
            factor = row[column] / head[column]
            if factor:
                for k in range(column, size + 1):
                    row[k] -= factor * head[k]
    solution = [0.0] * size
    for column in reversed(range(size)):
        row = rows[column]
        known = math.fsum(row[k] * solution[k] for k in range(column + 1, size))
        solution[column] = (row[size] - known) / row[column]
    return solution


def _fit(
    wins: Sequence[float], pairs: Sequence[tuple[int, int, float]], start: Sequence[float]
) -> list[float]:
    """The maximum-likelihood log-strengths, by Newton's method from ``start``.

    ``wins[i]``: entrant i's score, its virtual half win included; ``pairs``: (i, j,
    comparisons of i and j). The log-likelihood is strictly concave (the phantom's
    draws see to it); a step longer than a factor e in strength that does not improve
    it is halved until it does (short steps from a nearby start converge at once).
    """
    size = len(wins)
    theta = list(start)
    for _ in range(_NEWTON_ITERATIONS):
        gradient = [0.0] * size
        curvature = [[0.0] * size for _ in range(size)]
        for i in range(size):
            p = _logistic(theta[i])
            gradient[i] = wins[i] - p
            curvature[i][i] = p * (1.0 - p)
        for i, j, n in pairs:
            p = _logistic(theta[i] - theta[j])
            gradient[i] -= n * p
            gradient[j] += n * p - n
            weight = n * p * (1.0 - p)
            curvature[i][i] += weight
            curvature[j][j] += weight
            curvature[i][j] -= weight
            curvature[j][i] -= weight
        step = _solve(curvature, gradient)
        size_of_step = max((abs(value) for value in step), default=0.0)
        if size_of_step > _SAFE_STEP:  # a long step may overshoot: halve it until it helps
            current = _likelihood(theta, wins, pairs)
            for _ in range(_HALVINGS):
                trial = [t + s for t, s in zip(theta, step, strict=True)]
                if _likelihood(trial, wins, pairs) >= current:
                    break
                step = [s / 2.0 for s in step]
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if size_of_step < _NEWTON_TOLERANCE:
            break
    return theta


def _quantile(ordered: Sequence[float], share: float) -> float:
    """The ``share`` quantile of sorted values, interpolating linearly between them."""
    position = share * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def rating_intervals(
    entrants: Sequence[str],
    tables: Sequence[Sequence[Sequence[Comparison]]],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = 0.95,
    seed: int = 0,
) -> Mapping[str, RatingInterval]:
    """Each entrant's rating with its percentile bootstrap interval.

    Args:
        entrants: Every entrant's name.
        tables: Per table, per game played, the game's pairwise comparisons. Games are
            resampled within their table.
        resamples: How many resamples.
        confidence: The share of the resampled ratings the interval holds.
        seed: The seed of the resampling.

    Returns:
        Each entrant's interval, in the order of ``entrants``.

    Raises:
        ArgumentError: For ``resamples`` not a positive integer, ``confidence`` not
            between 0 and 1, or a seed that is not an integer.
    """
    check_interval_options(resamples, confidence, seed)
    index = {name: position for position, name in enumerate(entrants)}
    size = len(entrants)
    ratings = bradley_terry(entrants, itertools.chain.from_iterable(itertools.chain(*tables)))
    start = [(ratings[name] - BASE_RATING) / _ELO_PER_LOG for name in entrants]
    # Per table: the kinds of games (their comparisons as (i, j, i's score)) and how often.
    strata: list[tuple[list[tuple[tuple[int, int, float], ...]], list[int], int]] = []
    for table in tables:
        found = Counter(
            tuple((index[c.first], index[c.second], c.score) for c in game) for game in table
        )
        if found:
            strata.append((list(found), list(itertools.accumulate(found.values())), len(table)))
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(size)]
    for _ in range(resamples):
        wins = [0.5] * size
        games: dict[tuple[int, int], float] = {}
        for kinds, cumulative, count in strata:
            drawn = Counter(rng.choices(range(len(kinds)), cum_weights=cumulative, k=count))
            for kind, times in drawn.items():
                for i, j, score in kinds[kind]:
                    wins[i] += times * score
                    wins[j] += times * (1.0 - score)
                    key = (i, j) if i < j else (j, i)
                    games[key] = games.get(key, 0.0) + times
        pairs = [(i, j, n) for (i, j), n in games.items()]
        for position, theta in enumerate(_fit(wins, pairs, start)):
            samples[position].append(BASE_RATING + _ELO_PER_LOG * theta)
    tail = (1.0 - confidence) / 2.0
    intervals = {}
    for name, values in zip(entrants, samples, strict=True):
        values.sort()
        intervals[name] = RatingInterval(
            ratings[name], _quantile(values, tail), _quantile(values, 1.0 - tail), confidence
        )
    return intervals
