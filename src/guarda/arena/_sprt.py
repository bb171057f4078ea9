"""A sequential probability ratio test: is A better than B, and when to stop playing.

This is the generalized SPRT (GSPRT) of chess engine testing (fishtest, cutechess-cli).
Two hypotheses about A's Elo advantage over B, on the logistic scale (A's expected score
``s = 1 / (1 + 10 ** (-elo / 400))``): H0, ``elo = elo0``, and H1, ``elo = elo1``. The
results so far (wins, draws and losses, the trinomial model, or the five scores of pairs
of games, the pentanomial model) are an empirical distribution ``p̂`` over the scores
``a``. Under each hypothesis the distribution of scores is estimated by maximum
likelihood with the constraint that its mean is ``s0`` (or ``s1``): ``p_i = p̂_i / (1 +
x (a_i - s))`` where ``x`` solves ``sum_i p̂_i (a_i - s) / (1 + x (a_i - s)) = 0``. The
log-likelihood ratio of the ``N`` results is ``LLR = N sum_i p̂_i log(p1_i / p0_i)``; a
category never seen counts as 0.001 results (fishtest's regularization), so that a run of
wins alone gives a finite LLR.

After every result the test compares the LLR with Wald's bounds ``log(beta / (1 -
alpha))`` and ``log((1 - beta) / alpha)``: at or below the lower one it accepts H0, at or
above the upper one H1, in between it asks for more games. ``alpha`` is the chance of
accepting H1 when H0 holds (a false "A is better"), ``beta`` the chance of accepting H0
when H1 holds.

Examples:
    >>> test = SPRT(elo0=0, elo1=10, alpha=0.05, beta=0.05)
    >>> round(test.lower, 3), round(test.upper, 3)
    (-2.944, 2.944)
    >>> test.test(wins=60, draws=20, losses=20).decision is None
    True
    >>> test.test(wins=650, draws=0, losses=350).decision
    'H1'
    >>> test.test(wins=4000, draws=1000, losses=4000).decision
    'H0'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final, Literal

import attrs

from guarda.arena._ratings import comparisons
from guarda.errors import ArgumentError

__all__ = ["SPRT", "SPRTResult", "SPRTWatch", "expected_score"]

_EPSILON: Final = 1e-3
"""The count given to a category of results never seen (fishtest's regularization)."""
_MAX_ELO: Final = 4000.0
_ROOT_ITERATIONS: Final = 200


def expected_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger, on the logistic scale.

    Examples:
        >>> expected_score(0)
        0.5
        >>> round(expected_score(400), 4)
        0.9091
    """
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@attrs.frozen
class SPRTResult:
    """Where a sequential probability ratio test stands: its LLR, bounds and decision."""

    llr: float
    """The log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``)."""
    lower: float
    """The lower bound ``log(beta / (1 - alpha))``: H0 is accepted at or below it."""
    upper: float
    """The upper bound ``log((1 - beta) / alpha)``: H1 is accepted at or above it."""
    decision: Literal["H0", "H1"] | None
    """``"H1"`` (A is better by ``elo1``), ``"H0"`` (not better than ``elo0``), or None: the
    test goes on."""
    games: int
    """The games the test counted (a pair of games counts two)."""
    score: float
    """A's mean score per game over them (0.5 without games)."""

    def __str__(self) -> str:
        verdict = self.decision if self.decision is not None else "no decision"
        return (
            f"LLR {self.llr:.2f} [{self.lower:.2f}, {self.upper:.2f}], {verdict} "
            f"after {self.games} games"
        )


def _check_real(value: object, path: str) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise ArgumentError(f"{path} must be a finite number, not {value!r}", path=path)
    return float(value)


def _check_count(value: object, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ArgumentError(f"{path} must be a non-negative integer, not {value!r}", path=path)
    return value


def _constrained(
    values: Sequence[float], probabilities: Sequence[float], mean: float
) -> list[float]:
    """The distribution on ``values`` nearest ``probabilities`` (maximum likelihood) whose
    mean is ``mean``: ``p_i / (1 + x d_i)``, ``d_i = values[i] - mean``, with ``x`` the root
    of the secular equation, found by Newton's method kept inside its bracket."""
    gaps = [value - mean for value in values]
    low, high = -1.0 / max(gaps), -1.0 / min(gaps)  # 1 + x d_i > 0 for every i
    x = 0.0
    for _ in range(_ROOT_ITERATIONS):
        slope = value = 0.0
        for p, d in zip(probabilities, gaps, strict=True):
            ratio = d / (1.0 + x * d)
            value += p * ratio
            slope -= p * ratio * ratio
        if value == 0.0:
            break
        if value > 0.0:  # the function decreases: the root is to the right
            low = x
        else:
            high = x
        step = x - value / slope
        if not low < step < high:
            step = (low + high) / 2.0
        if abs(step - x) <= 1e-15 * max(1.0, abs(x)):
            x = step
            break
        x = step
    return [p / (1.0 + x * d) for p, d in zip(probabilities, gaps, strict=True)]


def _llr(counts: Sequence[int], s0: float, s1: float) -> float:
    """The GSPRT log-likelihood ratio of results counted on evenly spaced scores 0..1."""
    if not any(counts):
        return 0.0
    regularized = [count if count else _EPSILON for count in counts]
    total = math.fsum(regularized)
    step = 1.0 / (len(counts) - 1)
    values = [index * step for index in range(len(counts))]
    observed = [count / total for count in regularized]
    null = _constrained(values, observed, s0)
    alternative = _constrained(values, observed, s1)
    return total * math.fsum(
        p * math.log(p1 / p0) for p, p0, p1 in zip(observed, null, alternative, strict=True)
    )


@attrs.frozen
class SPRT:
    """A sequential probability ratio test of A against B, as fishtest runs it (GSPRT).

    H0 says A is ``elo0`` Elo stronger than B, H1 that it is ``elo1`` stronger (logistic
    Elo; ``elo0 < elo1``). ``alpha`` is the chance of accepting H1 when H0 holds,
    ``beta`` of accepting H0 when H1 holds. Give it to
    [`match`][guarda.arena.match] as ``sprt=`` to stop a match once it decides, or ask it
    about results you have (see ``guarda.arena`` and the arena guide for the formula).

    Raises:
        ArgumentError: For a bound that is not a finite number, ``elo0 >= elo1``, an Elo
            beyond ±4000, or ``alpha``, ``beta`` outside (0, 1) or adding up to 1 or more.

    Examples:
        >>> test = SPRT(elo0=0, elo1=10)
        >>> result = test.test(wins=3, draws=4, losses=3)
        >>> round(result.llr, 4), result.decision, result.games, result.score
        (-0.0069, None, 10, 0.5)
    """

    elo0: float = 0.0
    """A's Elo advantage under H0 (A is not better: usually 0)."""
    elo1: float = 10.0
    """A's Elo advantage under H1 (the gain worth detecting)."""
    alpha: float = 0.05
    """The chance of accepting H1 when H0 holds (a false positive)."""
    beta: float = 0.05
    """The chance of accepting H0 when H1 holds (a false negative)."""

    def __attrs_post_init__(self) -> None:
        for path in ("elo0", "elo1"):
            elo = _check_real(getattr(self, path), path)
            if abs(elo) > _MAX_ELO:
                raise ArgumentError(
                    f"{path} must be between -4000 and 4000 Elo, not {elo!r}", path=path
                )
        if not self.elo0 < self.elo1:
            raise ArgumentError(
                f"elo1 must be above elo0 ({self.elo0!r}), not {self.elo1!r}", path="elo1"
            )
        for path in ("alpha", "beta"):
            chance = _check_real(getattr(self, path), path)
            if not 0.0 < chance < 1.0:
                raise ArgumentError(f"{path} must be between 0 and 1, not {chance!r}", path=path)
        if self.alpha + self.beta >= 1.0:
            raise ArgumentError(
                f"alpha + beta must be below 1, not {self.alpha + self.beta!r}", path="beta"
            )

    @property
    def lower(self) -> float:
        """``log(beta / (1 - alpha))``: the LLR at or below which H0 is accepted."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """``log((1 - beta) / alpha)``: the LLR at or above which H1 is accepted."""
        return math.log((1.0 - self.beta) / self.alpha)

    def _result(self, counts: Sequence[int], games: int, points: float) -> SPRTResult:
        llr = _llr(counts, expected_score(self.elo0), expected_score(self.elo1))
        decision: Literal["H0", "H1"] | None = (
            "H1" if llr >= self.upper else "H0" if llr <= self.lower else None
        )
        return SPRTResult(
            llr, self.lower, self.upper, decision, games, points / games if games else 0.5
        )

    def test(self, wins: int, draws: int, losses: int) -> SPRTResult:
        """The test on A's wins, draws and losses against B (the trinomial model).

        Args:
            wins: Games A won.
            draws: Games drawn.
            losses: Games A lost.

        Returns:
            The LLR, the bounds and the decision.

        Raises:
            ArgumentError: For a count that is not a non-negative integer.

        Examples:
            >>> SPRT(elo0=0, elo1=50).test(wins=70, draws=0, losses=30).decision
            'H1'
        """
        counts = [
            _check_count(losses, "losses"),
            _check_count(draws, "draws"),
            _check_count(wins, "wins"),
        ]
        return self._result(counts, sum(counts), wins + draws / 2)

    def test_pairs(self, pairs: Sequence[int]) -> SPRTResult:
        """The test on pairs of games (the pentanomial model, as fishtest counts them).

        A pair is two games of A against B with the seats swapped. Pairs cancel the
        advantage of a seat, so the test decides sooner when seats matter.

        Args:
            pairs: How many pairs A scored 0, 1/2, 1, 3/2 and 2 points in (fishtest's
                LL, LD+DL, LW+DD+WL, DW+WD, WW).

        Returns:
            The LLR, the bounds and the decision (``games`` counts two per pair).

        Raises:
            ArgumentError: For anything but five non-negative integer counts.

        Examples:
            >>> SPRT(elo0=0, elo1=10).test_pairs([10, 20, 40, 20, 10]).decision is None
            True
        """
        if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Sequence) or len(pairs) != 5:
            raise ArgumentError(f"pairs must be five counts, not {pairs!r}", path="pairs")
        counts = [_check_count(count, f"pairs[{index}]") for index, count in enumerate(pairs)]
        points = sum(count * index / 2 for index, count in enumerate(counts))
        return self._result(counts, 2 * sum(counts), points)

    def test_scores(self, scores: Iterable[float]) -> SPRTResult:
        """The test on A's score in each game against B: 1 a win, 1/2 a draw, 0 a loss.

        Raises:
            ArgumentError: For a score other than 0, 0.5 and 1.

        Examples:
            >>> SPRT().test_scores([1.0, 0.5, 0.0, 1.0]).score
            0.625
        """
        counts = [0, 0, 0]
        for index, score in enumerate(scores):
            if isinstance(score, bool) or score not in (0.0, 0.5, 1.0):
                raise ArgumentError(
                    f"a score must be 0, 0.5 or 1, not {score!r}", path=f"scores[{index}]"
                )
            counts[int(score * 2)] += 1
        return self.test(wins=counts[2], draws=counts[1], losses=counts[0])


class SPRTWatch:
    """Feeds an SPRT the results of A against B in game order, until it decides.

    Games come in any order (a process pool finishes them as it may); the test sees them
    in game order, so where it decides does not depend on the executor. In a game of
    more than two players A and B are compared as for the ratings (two losers are not).
    """

    def __init__(self, test: SPRT, first: str, second: str) -> None:
        self.test = test
        self.first = first
        self.second = second
        self.counts = [0, 0, 0]  # losses, draws, wins of A
        self.next = 0
        self.waiting: dict[int, tuple[tuple[str, ...], tuple[float, ...]]] = {}
        self.result = test.test(0, 0, 0)

    @property
    def decided(self) -> bool:
        """Whether the test has decided (then it takes no more games)."""
        return self.result.decision is not None

    def add(self, game: int, seats: tuple[str, ...], scores: tuple[float, ...]) -> None:
        """Take game number ``game``'s result (no scores: a game with an error)."""
        self.waiting[game] = (seats, scores)
        while not self.decided and self.next in self.waiting:
            seats, scores = self.waiting.pop(self.next)
            self.next += 1
            changed = False
            for comparison in comparisons(seats, scores) if scores else ():
                if {comparison.first, comparison.second} == {self.first, self.second}:
                    score = comparison.score
                    if comparison.first != self.first:
                        score = 1.0 - score
                    self.counts[int(score * 2)] += 1
                    changed = True
            if changed:
                losses, draws, wins = self.counts
                self.result = self.test.test(wins=wins, draws=draws, losses=losses)
