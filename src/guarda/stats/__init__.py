"""Game statistics for designers: what a set of recorded games says about a ruleset.

[`summarize`][guarda.stats.summarize] replays records (from an arena's JSON Lines file,
say) with the public API and measures what a designer balancing a ruleset asks: how long
games last, how many choices each phase offers, whether the first player or a seat has
an edge (with 95% Wilson intervals), how often each card is played and how, how much
damage a turn deals, and how games end.
[`GameStats.to_markdown`][guarda.stats.GameStats.to_markdown] prints it as tables;
``guarda.plot`` draws it (extra ``plot``). No dependency beyond guarda itself.

Records of any other game are summed up through the [game protocol][guarda.game.Game]
(``summarize(records, game=...)``): game length, branching, results by seat and agent,
the first player's edge and [`compare`][guarda.stats.compare]; card use, damage and the
plots are Guarda's.

Examples:
    >>> import guarda, random
    >>> from guarda import stats
    >>> records = []
    >>> for seed in range(3):
    ...     recorder = guarda.Recorder(guarda.modern(turn_limit=30), seed=seed)
    ...     choose = random.Random(seed)
    ...     while not recorder.state.is_over:
    ...         _ = recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
    ...     records.append(recorder.record())
    >>> summary = stats.summarize(records)
    >>> summary.games, summary.finished, len(summary.seats)
    (3, 3, 2)
    >>> print(summary.to_markdown().splitlines()[0])
    # Game statistics: Modern, 2 players, 3 games
"""

from __future__ import annotations

from guarda.stats._cards import CardUse, CardUses
from guarda.stats._collect import (
    UNFINISHED,
    AgentCards,
    AgentResults,
    GameStats,
    PhaseBranching,
    SeatResults,
    format_markdown,
)
from guarda.stats._compare import Comparison, Difference, compare
from guarda.stats._generic import summarize
from guarda.stats._summary import Z_95, Rate, Summary, wilson_interval

__all__ = [
    "UNFINISHED",
    "Z_95",
    "AgentCards",
    "AgentResults",
    "CardUse",
    "CardUses",
    "Comparison",
    "Difference",
    "GameStats",
    "PhaseBranching",
    "Rate",
    "SeatResults",
    "Summary",
    "compare",
    "format_markdown",
    "summarize",
    "wilson_interval",
]
