"""Two sets of games side by side: two rulesets (or two versions of one), compared.

Examples:
    >>> import guarda
    >>> from guarda.stats import compare, summarize
    >>> first = summarize([guarda.record_game(guarda.modern(), 1, [])])
    >>> second = summarize([guarda.record_game(guarda.grda(), 1, [])])
    >>> compare(first, second, labels=("Modern", "Grda")).labels
    ('Modern', 'Grda')
"""

from __future__ import annotations

import math

import attrs

from guarda.errors import ArgumentError
from guarda.stats._collect import GameStats
from guarda.stats._markdown import number, table
from guarda.stats._summary import Rate, Summary

__all__ = ["Comparison", "Difference", "compare"]


@attrs.frozen
class Difference:
    """The difference of two rates (the second minus the first), with its 95% interval.

    The interval is Newcombe's hybrid score interval (method 10 of Newcombe 1998), built
    from the two rates' Wilson intervals; the p-value is the two-sided pooled
    two-proportion z-test's.
    """

    estimate: float
    """The second rate minus the first."""
    low: float
    """The lower bound of the 95% interval."""
    high: float
    """The upper bound of the 95% interval."""
    p_value: float
    """The two-sided p-value of "both rates are equal" (1.0 when a side has no trials)."""

    @classmethod
    def of(cls, first: Rate, second: Rate) -> Difference:
        """The difference ``second - first`` of two rates.

        Examples:
            >>> from guarda.stats import Rate
            >>> difference = Difference.of(Rate.of(3, 10), Rate.of(7, 10))
            >>> round(difference.estimate, 2), round(difference.low, 4), round(difference.high, 4)
            (0.4, -0.0288, 0.6718)
        """
        p1, l1, u1 = first.rate, first.low, first.high
        p2, l2, u2 = second.rate, second.low, second.high
        estimate = p2 - p1
        low = estimate - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
        high = estimate + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
        return cls(estimate, low, high, _p_value(first, second))

    def __str__(self) -> str:
        return f"{self.estimate:+.2f} [{self.low:+.2f}, {self.high:+.2f}], {_p_text(self.p_value)}"


def _p_value(first: Rate, second: Rate) -> float:
    """The two-sided p-value of the pooled two-proportion z-test."""
    if not first.trials or not second.trials:
        return 1.0
    pooled = (first.count + second.count) / (first.trials + second.trials)
    error = math.sqrt(pooled * (1 - pooled) * (1 / first.trials + 1 / second.trials))
    if error == 0:
        return 1.0
    z = (second.rate - first.rate) / error
    return math.erfc(abs(z) / math.sqrt(2))


def _p_text(p_value: float) -> str:
    return "p < 0.001" if p_value < 0.001 else f"p = {p_value:.2g}"


def _score_rate(stats: GameStats) -> Rate:
    """The first player's score rate: wins and half the draws over the finished games."""
    results = stats.first_player_results
    return Rate.of(results.wins.count + results.draws.count / 2, results.wins.trials)


@attrs.frozen
class Comparison:
    """Two sets of games side by side (build it with [`compare`][guarda.stats.compare])."""

    first: GameStats
    """The first set's statistics."""
    second: GameStats
    """The second set's statistics."""
    labels: tuple[str, str]
    """The two sets' names, in order."""
    first_player_difference: Difference
    """The first player's score rate (wins and half the draws over the finished games) of
    the second set minus the first's."""

    def to_markdown(self) -> str:
        """The comparison as a Markdown table and a line on the first player's edge.

        Examples:
            >>> import guarda
            >>> from guarda.stats import compare, summarize
            >>> stats = summarize([guarda.record_game(guarda.modern(), 1, [])])
            >>> compare(stats, stats).to_markdown().splitlines()[0]
            '# A (Modern, 2 players) and B (Modern, 2 players) side by side'
        """
        label_a, label_b = self.labels
        sides = (self.first, self.second)
        heading = " and ".join(
            f"{label} ({stats.title})" for label, stats in zip(self.labels, sides, strict=True)
        )
        rows: list[tuple[object, ...]] = [
            ("games", *(stats.games for stats in sides)),
            ("finished", *(stats.finished for stats in sides)),
            ("mean turns", *(number(Summary.of(stats.turns).mean) for stats in sides)),
            ("draw rate", *(Rate.of(stats.draws, stats.finished) for stats in sides)),
            ("first-player score rate", *(_score_rate(stats) for stats in sides)),
            ("first-player win rate", *(stats.first_player_results.wins for stats in sides)),
        ]
        if all(stats.game is None for stats in sides):  # damage is Guarda's
            rows.append(
                (
                    "damage per turn (mean)",
                    *(number(Summary.of(stats.damage_per_turn).mean) for stats in sides),
                )
            )
        lines = [
            f"# {heading} side by side",
            "",
            *table(("", label_a, label_b), rows),
            "",
            "Rates over the finished games, with 95% Wilson intervals.",
            "",
            f"First-player score rate {label_b} - {label_a}: {self.first_player_difference}",
        ]
        return "\n".join(lines) + "\n"


def compare(
    first: GameStats, second: GameStats, *, labels: tuple[str, str] = ("A", "B")
) -> Comparison:
    """Two sets of games side by side, for example of two rulesets.

    The sets may differ in anything (ruleset, player count, agents, even the game:
    the damage per turn is shown only when both are Guarda's). The first player's
    edge is compared by its score rate (wins and half the draws over the finished
    games): [`Comparison.first_player_difference`][guarda.stats.Comparison.first_player_difference]
    is the second set's minus the first's, with Newcombe's hybrid score interval and a
    two-proportion z-test's p-value.

    Args:
        first: One set's statistics (from [`summarize`][guarda.stats.summarize]).
        second: The other's.
        labels: The two sets' names, for the tables.

    Returns:
        The comparison.

    Raises:
        ArgumentError: If ``first`` or ``second`` is not a
            [`GameStats`][guarda.stats.GameStats], or ``labels`` are not two non-empty
            strings.

    Examples:
        >>> import guarda
        >>> from guarda.stats import compare, summarize
        >>> stats = summarize([guarda.record_game(guarda.modern(), 1, [])])
        >>> compare(stats, stats).first_player_difference.p_value
        1.0
    """
    for name, value in (("first", first), ("second", second)):
        if not isinstance(value, GameStats):
            raise ArgumentError(f"not a GameStats: {value!r}", path=name)
    if not isinstance(labels, (tuple, list)) or len(labels) != 2:
        raise ArgumentError(f"give two labels, not {labels!r}", path="labels")
    for index, label in enumerate(labels):
        if not isinstance(label, str) or not label.strip():
            raise ArgumentError(
                f"a label is a non-empty string, not {label!r}", path=f"labels[{index}]"
            )
    return Comparison(
        first,
        second,
        (labels[0], labels[1]),
        Difference.of(_score_rate(first), _score_rate(second)),
    )
