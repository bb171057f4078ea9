"""guarda.bots: agents that play from their own view only, and the match runner.

An [`Agent`][guarda.bots.Agent] is given its player's [`PlayerView`][guarda.PlayerView]
(which lists its legal actions) and a seeded random source, and returns one of those
actions; it never sees a [`GameState`][guarda.GameState].
[`play_match`][guarda.bots.play_match] plays one game between agents, asking whoever
must decide, enforcing time budgets and handling faults, and returns a
[`MatchResult`][guarda.bots.MatchResult]. It plays any game of
[`guarda.games`][guarda.games] (or of your own, given as ``game=``) through the
[game protocol][guarda.game.Game], and [`RandomBot`][guarda.bots.RandomBot] plays any
game's view.

This package uses only guarda's public API, so it doubles as an example of embedding
guarda. See the [Bots guide](../bots.md) and the [arena guide](../arena.md).

Examples:
    >>> import guarda
    >>> from guarda.bots import RandomBot, play_match
    >>> result = play_match(guarda.grda(players=2), [RandomBot(), RandomBot()], seed=1)
    >>> result.outcome is not None and sum(result.scores) > 0
    True
"""

from __future__ import annotations

from guarda.bots._agent import (
    Adjudicator,
    Agent,
    Fault,
    FaultKind,
    MatchResult,
    MatchStep,
    Observer,
    Policy,
    SeatResult,
)
from guarda.bots._dealing import Deal, deal_for, new_key, seat_rng
from guarda.bots._greedy import GreedyBot
from guarda.bots._ismcts import ISMCTSBot
from guarda.bots._match import DEFAULT_MAX_TURNS, outcome_scores, play_match
from guarda.bots._random import RandomBot
from guarda.bots._tree import ActionStats, SearchResult

__all__ = [
    "DEFAULT_MAX_TURNS",
    "ActionStats",
    "Adjudicator",
    "Agent",
    "Deal",
    "Fault",
    "FaultKind",
    "GreedyBot",
    "ISMCTSBot",
    "MatchResult",
    "MatchStep",
    "Observer",
    "Policy",
    "RandomBot",
    "SearchResult",
    "SeatResult",
    "deal_for",
    "new_key",
    "outcome_scores",
    "play_match",
    "seat_rng",
]
