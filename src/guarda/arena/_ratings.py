"""Ratings from game results: Bradley-Terry strengths on the Elo scale.

Every game is split into pairwise comparisons between seats of different entrants: a
higher score beats a lower one, two players sharing a draw (1/2 each) draw, and two
players on the same footing otherwise (two losers, two winning team mates) are not
compared. The [Bradley-Terry](https://en.wikipedia.org/wiki/Bradley%E2%80%93Terry_model)
model says entrant ``i`` beats entrant ``j`` with probability ``p_i / (p_i + p_j)``;
its maximum-likelihood strengths are found with Hunter's MM algorithm (2004), a draw
counting half a win for each side. Each entrant also gets one virtual draw against a
phantom of strength 1 (rated 1500): a prior that keeps an unbeaten (or winless) record
finite and anchors the scale. Strengths are shown like Elo ratings,
``1500 + 400 * log10(p)``: 400 points apart means 10 to 1 odds.

Examples:
    >>> ratings = bradley_terry(("a", "b"), [Comparison("a", "b", 1.0)] * 3)
    >>> ratings["a"] > 1500 > ratings["b"]
    True
    >>> round(ratings["a"] + ratings["b"])
    3000
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

__all__ = ["BASE_RATING", "Comparison", "bradley_terry", "comparisons"]

BASE_RATING: Final = 1500.0
"""The rating of the phantom entrant every entrant draws once against (the prior)."""
_SCALE: Final = 400.0
_TOLERANCE: Final = 1e-12
_MAX_ITERATIONS: Final = 100_000


@attrs.frozen
class Comparison:
    """One pairwise result: ``first``'s score against ``second`` (1, 1/2 or 0)."""

    first: str
    """One entrant."""
    second: str
    """Another entrant."""
    score: float
    """``first``'s score: 1 for a win, 0.5 for a draw, 0 for a loss."""


def comparisons(seats: Sequence[str], scores: Sequence[float]) -> list[Comparison]:
    """The pairwise comparisons of one game (see the module docstring).

    Examples:
        >>> comparisons(("a", "b", "c"), (1.0, 0.0, 0.0))  # doctest: +NORMALIZE_WHITESPACE
        [Comparison(first='a', second='b', score=1.0),
         Comparison(first='a', second='c', score=1.0)]
        >>> comparisons(("a", "a"), (1.0, 0.0))
        []
    """
    found = []
    for i, first in enumerate(seats):
        for j in range(i + 1, len(seats)):
            second = seats[j]
            if first == second:
                continue
            if scores[i] != scores[j]:
                found.append(Comparison(first, second, 1.0 if scores[i] > scores[j] else 0.0))
            elif scores[i] == 0.5:
                found.append(Comparison(first, second, 0.5))
    return found


def bradley_terry(entrants: Sequence[str], results: Iterable[Comparison]) -> Mapping[str, float]:
    """Bradley-Terry ratings on the Elo scale, with one virtual draw per entrant.

    Args:
        entrants: Every entrant's name (an entrant without results stays at 1500).
        results: The pairwise comparisons.

    Returns:
        Each entrant's rating, in the order of ``entrants``.
    """
    index = {name: position for position, name in enumerate(entrants)}
    size = len(entrants)
    # wins[i]: i's score, the virtual half win included; games[i][j]: comparisons of i and j.
    wins = [0.5] * size
    games = [[0.0] * size for _ in range(size)]
    for result in results:
        i, j = index[result.first], index[result.second]
        wins[i] += result.score
        wins[j] += 1.0 - result.score
        games[i][j] += 1.0
        games[j][i] += 1.0
    strength = [1.0] * size
    for _ in range(_MAX_ITERATIONS):
        updated = []
        for i in range(size):
            # The phantom (strength 1) is one more opponent with one game.
            denominator = 1.0 / (strength[i] + 1.0)
            for j in range(size):
                if games[i][j]:
                    denominator += games[i][j] / (strength[i] + strength[j])
            updated.append(wins[i] / denominator)
        change = max(
            (abs(math.log(new / old)) for new, old in zip(updated, strength, strict=True)),
            default=0.0,
        )
        strength = updated
        if change < _TOLERANCE:
            break
    return {name: BASE_RATING + _SCALE * math.log10(strength[index[name]]) for name in entrants}
