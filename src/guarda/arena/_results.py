"""What an arena reports: each game's result, each entrant's standing, head-to-head tables.

Examples:
    >>> times = DecisionTimes.of([0.25, 0.5, 0.75])
    >>> times.count, times.mean, times.maximum
    (3, 0.5, 0.75)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

import guarda
from guarda.arena._bootstrap import (
    DEFAULT_RESAMPLES,
    RatingInterval,
    check_interval_options,
    rating_intervals,
)
from guarda.arena._ratings import Comparison, bradley_terry, comparisons
from guarda.arena._sprt import SPRTResult
from guarda.bots import Fault
from guarda.stats import Rate

__all__ = ["ArenaResult", "DecisionTimes", "GameResult", "HeadToHead", "Standing"]


@attrs.frozen
class DecisionTimes:
    """How long an agent took to decide: how many decisions, in total and at most.

    The seconds are what the match runner measured (``timer="wall"`` or ``"cpu"``, see
    `guarda.bots.play_match`). A bot in another process spends CPU time
    there, so its CPU seconds here are only the runner's own share: time such bots by
    the wall clock.
    """

    count: int
    """Decisions timed."""
    total: float
    """Seconds, all decisions together."""
    maximum: float
    """The longest decision, in seconds."""

    @property
    def mean(self) -> float:
        """Seconds per decision (0.0 without decisions)."""
        return self.total / self.count if self.count else 0.0

    @classmethod
    def of(cls, seconds: Iterable[float]) -> DecisionTimes:
        """Summarize the seconds of some decisions."""
        values = list(seconds)
        return cls(len(values), math.fsum(values), max(values, default=0.0))

    def __add__(self, other: DecisionTimes) -> DecisionTimes:
        return DecisionTimes(
            self.count + other.count, self.total + other.total, max(self.maximum, other.maximum)
        )


@attrs.frozen
class GameResult:
    """One game of an arena: who sat where, the seed, the result and the record.

    A game whose match could not be played to its end by the runner (a worker process
    that died, an agent factory that failed) has an ``error`` and no record; the other
    games are unaffected.
    """

    game: int
    """The game's number in the arena's schedule, from 0."""
    table: int
    """The number of the group of entrants it belongs to, from 0 (a pairing of a round
    robin, an opponent of a gauntlet)."""
    seed: int
    """The game's seed, derived from the arena's master seed (the deal's seed in the
    record is derived from it and the secret key; with duplicate deals, the games of one
    deal share it)."""
    seats: tuple[str, ...]
    """The entrant in each seat, by player number."""
    scores: tuple[float, ...] = ()
    """Per seat: a win 1, a draw 1/2, a loss 0 (see `guarda.bots.MatchResult`)."""
    outcome: guarda.Outcome | None = None
    """The outcome (Guarda's); None after a forfeit or an error, and for other games."""
    faults: tuple[Fault, ...] = ()
    """Every decision the runner took in an agent's place."""
    forfeited: int | None = None
    """The seat that forfeited (``on_fault="forfeit"``), if any."""
    turns: int = 0
    """Turns ended."""
    decision_times: tuple[DecisionTimes, ...] = ()
    """Per seat, how long its agent took to decide."""
    record: Any = None
    """The replayable record (entrant names as player names): a
    [`GameRecord`][guarda.GameRecord] for Guarda, the game's own record
    ([`Game.record`][guarda.game.Game.record]) for another game; None after an error."""
    error: str | None = None
    """Why the game has no result, or None."""

    @property
    def ok(self) -> bool:
        """Whether the game was played (it has scores and a record)."""
        return self.error is None


@attrs.frozen
class Standing:
    """One entrant's results over the arena, its rating and its decision times.

    Counts are per seat played: an entrant in two seats of one game (a gauntlet's
    opponent at a table of three or more) counts that game twice. Rates carry 95%
    Wilson intervals; ``score`` counts a draw as half a win (an approximation for the
    interval).
    """

    name: str
    """The entrant."""
    games: int
    """Seats played in games with a result."""
    wins: Rate
    """Games won."""
    draws: Rate
    """Games drawn."""
    losses: Rate
    """Games lost."""
    score: Rate
    """Points scored (a win 1, a draw 1/2) out of the games."""
    rating: float
    """The Bradley-Terry rating on the Elo scale (see ``guarda.arena``)."""
    faults: int
    """Decisions the runner took in this entrant's place."""
    decision_times: DecisionTimes
    """How long the entrant took to decide."""
    interval: RatingInterval | None = None
    """The rating's bootstrap interval, with
    [`standings(intervals=True)`][guarda.arena.ArenaResult.standings]; else None."""


@attrs.frozen
class HeadToHead:
    """How ``first`` did against ``second`` in the games where both played.

    Pairs of seats are compared as for the ratings: a higher score is a win, a shared
    draw a draw, two players on the same footing otherwise are not compared.
    """

    first: str
    """One entrant."""
    second: str
    """Another entrant."""
    wins: int
    """Comparisons ``first`` won."""
    draws: int
    """Comparisons drawn."""
    losses: int
    """Comparisons ``first`` lost."""

    @property
    def games(self) -> int:
        """Comparisons in all."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> Rate:
        """``first``'s score rate, with its 95% Wilson interval."""
        return Rate.of(self.wins + self.draws / 2, self.games)


@attrs.frozen
class ArenaResult:
    """Every game of an arena, in schedule order, and what they add up to.

    The same master seed and key give the same games (seats, seeds, records, scores,
    faults) whatever the executor and the number of workers; only decision times differ.
    """

    entrants: tuple[str, ...]
    """The entrants' names, in the order given."""
    games: tuple[GameResult, ...]
    """Every game, by game number."""
    sprt: SPRTResult | None = None
    """Where the sequential test of [`match(sprt=...)`][guarda.arena.match] stands: on the
    games in game order up to its decision (or all of them); None without a test. Games
    in flight when it decided are in ``games`` too."""
    key: str = attrs.field(default="", repr=False, eq=False)
    """The match key every game was dealt with (see
    [`deal_for`][guarda.bots.deal_for]); pass it back with the same seed to play the same
    games again. Empty for a result read back from a records file, which does not keep
    it; not compared by ``==``."""

    @property
    def errors(self) -> tuple[GameResult, ...]:
        """The games that could not be played (see
        [`GameResult.error`][guarda.arena.GameResult.error])."""
        return tuple(game for game in self.games if game.error is not None)

    @property
    def records(self) -> tuple[Any, ...]:
        """The records of the games played, in game order (for ``guarda.stats``)."""
        return tuple(game.record for game in self.games if game.record is not None)

    @property
    def faults(self) -> tuple[tuple[int, Fault], ...]:
        """Every fault, with its game number."""
        return tuple((game.game, fault) for game in self.games for fault in game.faults)

    def comparisons(self) -> list[Comparison]:
        """The pairwise comparisons of every game played, in game order."""
        return [
            comparison
            for game in self.games
            if game.ok
            for comparison in comparisons(game.seats, game.scores)
        ]

    def ratings(self) -> dict[str, float]:
        """Each entrant's Bradley-Terry rating on the Elo scale (see ``guarda.arena``)."""
        return dict(bradley_terry(self.entrants, self.comparisons()))

    def rating_intervals(
        self,
        *,
        resamples: int = DEFAULT_RESAMPLES,
        confidence: float = 0.95,
        seed: int = 0,
    ) -> dict[str, RatingInterval]:
        """Each entrant's rating with its percentile bootstrap interval.

        The games played are drawn again with replacement, table by table, ``resamples``
        times; the ratings are fitted to each resample, and the interval holds the middle
        ``confidence`` share of an entrant's resampled ratings (see ``guarda.arena``).
        The same games and seed give the same intervals.

        Args:
            resamples: How many resamples (1,000 by default).
            confidence: The share of the resampled ratings inside the interval.
            seed: The seed of the resampling.

        Returns:
            Each entrant's [`RatingInterval`][guarda.arena.RatingInterval], in the order of
            ``entrants``.

        Raises:
            ArgumentError: For ``resamples`` not a positive integer, ``confidence`` not
                between 0 and 1, or a seed that is not an integer.

        Examples:
            >>> games = tuple(
            ...     GameResult(k, 0, k, ("a", "b"), (1.0, 0.0) if k % 3 else (0.0, 1.0))
            ...     for k in range(60)
            ... )
            >>> intervals = ArenaResult(("a", "b"), games).rating_intervals(seed=1)
            >>> str(intervals["a"]), str(intervals["b"])
            ('1560 [1523, 1610]', '1440 [1390, 1477]')
        """
        check_interval_options(resamples, confidence, seed)
        tables: dict[int, list[list[Comparison]]] = {}
        for game in self.games:
            if game.ok:
                tables.setdefault(game.table, []).append(comparisons(game.seats, game.scores))
        return dict(
            rating_intervals(
                self.entrants,
                [tables[table] for table in sorted(tables)],
                resamples=resamples,
                confidence=confidence,
                seed=seed,
            )
        )

    def standings(
        self,
        *,
        intervals: bool = False,
        resamples: int = DEFAULT_RESAMPLES,
        confidence: float = 0.95,
        seed: int = 0,
    ) -> tuple[Standing, ...]:
        """Each entrant's standing, the highest rating first (ties: by name).

        Args:
            intervals: Whether to give each rating its bootstrap interval (see
                [`rating_intervals`][guarda.arena.ArenaResult.rating_intervals], which
                takes the other arguments).
            resamples: How many resamples, with ``intervals``.
            confidence: The interval's confidence level, with ``intervals``.
            seed: The seed of the resampling, with ``intervals``.
        """
        if intervals:
            found = self.rating_intervals(resamples=resamples, confidence=confidence, seed=seed)
            ratings = {name: interval.rating for name, interval in found.items()}
        else:
            check_interval_options(resamples, confidence, seed)
            found, ratings = {}, self.ratings()
        rows = [self._standing(name, ratings[name], found.get(name)) for name in self.entrants]
        return tuple(sorted(rows, key=lambda row: (-row.rating, row.name)))

    def _standing(self, name: str, rating: float, interval: RatingInterval | None) -> Standing:
        wins = draws = losses = faults = 0
        times = DecisionTimes(0, 0.0, 0.0)
        for game in self.games:
            if not game.ok:
                continue
            for seat, entrant in enumerate(game.seats):
                if entrant != name:
                    continue
                score = game.scores[seat]
                wins += score >= 1.0
                draws += 0.0 < score < 1.0
                losses += score <= 0.0
                faults += sum(fault.seat == seat for fault in game.faults)
                times += game.decision_times[seat]
        played = wins + draws + losses
        return Standing(
            name,
            played,
            Rate.of(wins, played),
            Rate.of(draws, played),
            Rate.of(losses, played),
            Rate.of(wins + draws / 2, played),
            rating,
            faults,
            times,
            interval,
        )

    def head_to_head(self) -> tuple[HeadToHead, ...]:
        """Every pair of entrants that met, each pair once, in the order of ``entrants``."""
        order = {name: index for index, name in enumerate(self.entrants)}
        tally: dict[tuple[str, str], list[int]] = {}
        for comparison in self.comparisons():
            first, second, score = comparison.first, comparison.second, comparison.score
            if order[first] > order[second]:
                first, second, score = second, first, 1.0 - score
            counts = tally.setdefault((first, second), [0, 0, 0])
            counts[0 if score == 1.0 else 1 if score == 0.5 else 2] += 1
        return tuple(
            HeadToHead(first, second, *tally[first, second])
            for first, second in sorted(tally, key=lambda pair: (order[pair[0]], order[pair[1]]))
        )

    def to_markdown(
        self,
        *,
        intervals: bool = True,
        resamples: int = DEFAULT_RESAMPLES,
        confidence: float = 0.95,
        seed: int = 0,
    ) -> str:
        """The standings, the head-to-head results and any errors, as Markdown tables.

        The ratings come with their bootstrap intervals (``1532 [1488, 1571]``, see
        [`rating_intervals`][guarda.arena.ArenaResult.rating_intervals]) unless
        ``intervals`` is False; the other arguments are those of ``rating_intervals``.
        With a sequential test (``match(sprt=...)``) a line says where it stands.

        Examples:
            >>> result = ArenaResult(("a", "b"), ())
            >>> print(result.to_markdown().splitlines()[0])  # doctest: +NORMALIZE_WHITESPACE
            | rank | entrant | rating [95%] | games | score | wins | draws | losses | faults
              | ms/decision |
            >>> print(result.to_markdown(intervals=False).splitlines()[2][:27])
            | 1    | a       | 1500   |
        """
        rows = self.standings(
            intervals=intervals, resamples=resamples, confidence=confidence, seed=seed
        )
        lines = _table(
            (
                "rank",
                "entrant",
                f"rating [{confidence:.1%}]".replace(".0%", "%") if intervals else "rating",
                "games",
                "score",
                "wins",
                "draws",
                "losses",
                "faults",
                "ms/decision",
            ),
            [
                (
                    rank,
                    row.name,
                    f"{row.rating:.0f}" if row.interval is None else str(row.interval),
                    row.games,
                    row.score,
                    row.wins,
                    row.draws,
                    row.losses,
                    row.faults,
                    f"{row.decision_times.mean * 1000:.3g}",
                )
                for rank, row in enumerate(rows, start=1)
            ],
        )
        if self.sprt is not None:
            played = len([game for game in self.games if game.ok])
            lines += ["", f"SPRT: {self.sprt}; {played} games played."]
        pairs = self.head_to_head()
        if pairs:
            lines += [
                "",
                *_table(
                    ("entrant", "opponent", "wins", "draws", "losses", "score"),
                    [
                        (pair.first, pair.second, pair.wins, pair.draws, pair.losses, pair.score)
                        for pair in pairs
                    ],
                ),
            ]
        if self.errors:
            lines += [
                "",
                *_table(
                    ("game", "seats", "error"),
                    [(game.game, ", ".join(game.seats), game.error) for game in self.errors],
                ),
            ]
        return "\n".join(lines) + "\n"


def _table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    body = [[str(cell).replace("|", "\\|") for cell in row] for row in rows]
    widths = [max([len(h)] + [len(row[i]) for row in body]) for i, h in enumerate(headers)]

    def line(cells: Iterable[str]) -> str:
        return "| " + " | ".join(cells) + " |"

    return [
        line(h.ljust(w) for h, w in zip(headers, widths, strict=True)),
        line("-" * w for w in widths),
        *(line(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in body),
    ]
