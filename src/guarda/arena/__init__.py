"""The arena: matches, round robins and gauntlets between agents, on every core and beyond.

Give the arena a configuration, some agents (``guarda.bots`` or your own, or
[`SubprocessAgent`][guarda.arena.SubprocessAgent] for a bot in any language) and a
master seed; it schedules the games, runs them through any
``concurrent.futures.Executor`` and adds up the results:

- **Any game**: the configuration may be of any game of [`guarda.games`][guarda.games],
  or of a game of your own given as ``game=``; the records file names the game.
- [`match`][guarda.arena.match]: N games between the same agents, seats rotating;
  [`round_robin`][guarda.arena.round_robin]: every group of entrants that fills a table;
  [`gauntlet`][guarda.arena.gauntlet]: one challenger against each opponent.
- **Seeds and fair deals**: every game has its own seed, derived from the master seed, the
  table and the game's place in it, and is dealt from it under a secret **match key**
  (a fresh random one unless given; see [`deal_for`][guarda.bots.deal_for]), so the
  public seeds say nothing about the cards. The same master seed and key give the same
  games (seats, seeds, records, scores, faults) whatever the executor and however many
  workers: each game gets fresh copies of the agents, unpickled where it runs. With
  ``duplicate=True`` every deal is played once per seating, so a seat swap keeps the
  cards.
- **Results** ([`ArenaResult`][guarda.arena.ArenaResult]): win, draw and loss rates with
  95% Wilson intervals, Bradley-Terry ratings on the Elo scale with bootstrap intervals,
  head-to-head tables, per-agent decision times and faults, as Markdown too.
- **Sequential tests**: [`SPRT`][guarda.arena.SPRT] says whether A is better than B, as
  chess engine testers decide it (fishtest's GSPRT); ``match(..., sprt=SPRT(...))`` stops
  starting games once it decides.
- **Records**: with ``records=path`` every game is written as it finishes, in game order,
  to a JSON Lines file (a header, then one line per game holding its
  [`guarda.dumps`][guarda.dumps] record); read it back with
  [`read_arena`][guarda.arena.read_arena] or [`read_records`][guarda.arena.read_records]
  (for ``guarda.stats``).
- **Executors**: a process pool by default (agents must be picklable, or give a
  zero-argument factory such as the class itself); [`SerialExecutor`][guarda.arena.SerialExecutor]
  for tests and debugging; ``dask.distributed``'s ``Client.get_executor()`` for a cluster
  (extra ``distributed``).
- **Failures**: an agent that crashes, answers garbage or runs late is a fault of its
  seat and the game goes on (see `guarda.bots.play_match`). A worker
  process that dies takes down the games it was playing: the arena plays them again,
  one at a time, in a new pool of its own (also when the pool that broke was the
  caller's), and reports the game whose worker dies again with an error. The games not
  started yet go on in the new pool. No other game's result is lost.

**Ratings.** Each game is split into pairwise comparisons between seats of different
entrants (a higher score wins, a shared draw is a draw, two losers are not compared),
and the Bradley-Terry model is fitted to them by maximum likelihood (Hunter's MM
algorithm, a draw counting half a win each). Each entrant also gets one virtual draw
against a phantom rated 1500, which keeps unbeaten records finite and anchors the scale.
Ratings are shown like Elo ratings: ``1500 + 400 * log10(strength)``, so 400 points apart
means 10 to 1 odds.

**Rating intervals.** [`ArenaResult.rating_intervals`][guarda.arena.ArenaResult.rating_intervals]
draws the games played again with replacement, table by table (1,000 times by default),
fits the ratings to each resample and gives each entrant the middle 95% of its
resampled ratings (the percentile bootstrap), from a seeded random source: the same
result gives the same intervals.

Examples:
    >>> import guarda
    >>> from guarda.arena import SerialExecutor, match
    >>> from guarda.bots import RandomBot
    >>> result = match(guarda.modern(turn_limit=40), [RandomBot(), RandomBot()], 4, seed=7,
    ...                executor=SerialExecutor())
    >>> len(result.games), [row.games for row in result.standings()]
    (4, [4, 4])
    >>> again = match(guarda.modern(turn_limit=40), [RandomBot(), RandomBot()], 4, seed=7,
    ...               key=result.key, executor=SerialExecutor())
    >>> again.records == result.records
    True
"""

from __future__ import annotations

from guarda.arena._bootstrap import RatingInterval
from guarda.arena._jsonl import FILE_FORMAT, FILE_VERSION, read_arena, read_records
from guarda.arena._play import SerialExecutor
from guarda.arena._ratings import BASE_RATING, Comparison, bradley_terry, comparisons
from guarda.arena._results import ArenaResult, DecisionTimes, GameResult, HeadToHead, Standing
from guarda.arena._run import GameCallback, gauntlet, match, round_robin, round_robin_tables
from guarda.arena._schedule import AgentSpec, game_seed
from guarda.arena._sprt import SPRT, SPRTResult
from guarda.arena._subprocess import PROTOCOL, PROTOCOL_VERSION, SubprocessAgent

__all__ = [
    "BASE_RATING",
    "FILE_FORMAT",
    "FILE_VERSION",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "SPRT",
    "AgentSpec",
    "ArenaResult",
    "Comparison",
    "DecisionTimes",
    "GameCallback",
    "GameResult",
    "HeadToHead",
    "RatingInterval",
    "SPRTResult",
    "SerialExecutor",
    "Standing",
    "SubprocessAgent",
    "bradley_terry",
    "comparisons",
    "game_seed",
    "gauntlet",
    "match",
    "read_arena",
    "read_records",
    "round_robin",
    "round_robin_tables",
]
