"""Statistics of any game's records: what the game protocol can say about them.

Game length (turns by [`Game.turn`][guarda.game.Game.turn], decisions), the branching
factor, results by seat and by agent, the first player's edge and draws hold for every
game; card use, damage, points, endings and eliminations are Guarda's (empty for any
other game).

Examples:
    >>> import guarda
    >>> from guarda.games import GUARDA
    >>> stats = summarize_game(GUARDA, [guarda.record_game(guarda.grda(), 1, [])])
    >>> stats.games, stats.finished, stats.game is GUARDA
    (1, 0, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import guarda
from guarda.errors import ArgumentError
from guarda.game import Game
from guarda.games import GuardaGame, game_of, get_game
from guarda.stats._collect import (
    UNFINISHED,
    AgentResults,
    GameStats,
    PhaseBranching,
    SeatResults,
    summarize_guarda,
)
from guarda.stats._summary import Rate, Summary

__all__ = ["ALL_DECISIONS", "FINISHED", "summarize", "summarize_game"]

ALL_DECISIONS = "all"
"""The one "phase" of a game's branching factor: every decision together."""

FINISHED = "finished"
"""The ending of a finished game of a game other than Guarda."""


def _result(score: float) -> str:
    return "win" if score >= 1.0 else "draw" if score > 0.0 else "loss"


def _check(game: Game, records: Iterable[Any]) -> list[Any]:
    if isinstance(records, (str, bytes)) or not isinstance(records, Iterable):
        raise ArgumentError(f"expected an iterable of records, not {records!r}", path="records")
    checked = list(records)
    if not checked:
        raise ArgumentError("give at least one record", path="records")
    config = getattr(checked[0], "config", None)
    for index, record in enumerate(checked):
        if not game.is_config(getattr(record, "config", None)):
            raise ArgumentError(
                f"not a record of {game.title}: {record!r:.200}", path=f"records[{index}]"
            )
        if record.config != config:
            raise ArgumentError(
                f"every record must use one configuration: {record.config!r:.100} is not "
                f"the first record's {config!r:.100}",
                path=f"records[{index}].config",
            )
    return checked


def _seat_results(seat: int, results: Counter[str]) -> SeatResults:
    finished = results.total()
    return SeatResults(
        seat,
        Rate.of(results["win"], finished),
        Rate.of(results["draw"], finished),
        Rate.of(results["loss"], finished),
    )


def _agent_results(name: str, counts: Counter[str]) -> AgentResults:
    finished = counts["win"] + counts["draw"] + counts["loss"]
    return AgentResults(
        name,
        counts["games"],
        Rate.of(counts["win"], finished),
        Rate.of(counts["draw"], finished),
        Rate.of(counts["loss"], finished),
        counts["first"],
        Rate.of(counts["first win"], counts["first finished"]),
    )


def summarize_game(game: Game, records: Iterable[Any]) -> GameStats:
    """[`summarize`][guarda.stats.summarize] for records of ``game``, through its protocol.

    Each record is replayed with [`Game.replay`][guarda.game.Game.replay]; a seat scoring
    1 wins, 1/2 draws, 0 loses ([`Game.scores`][guarda.game.Game.scores]); the first
    player is whoever decides first; a game is a draw when nobody scores 1.

    Raises:
        ArgumentError: If ``records`` is empty, holds something else than a record of
            ``game``, or mixes configurations.
    """
    checked = _check(game, records)
    config = checked[0].config
    players = game.players(config)
    seat_results: list[Counter[str]] = [Counter() for _ in range(players)]
    first_results: Counter[str] = Counter()
    agents: dict[str, Counter[str]] = {}
    turns: list[int] = []
    plies: list[int] = []
    branching: list[int] = []
    firsts: list[int | None] = []
    endings: Counter[str] = Counter()
    draws = 0
    for record in checked:
        names = tuple(getattr(record, "names", ()))
        state = None
        first: int | None = None
        for index, state in enumerate(game.replay(record)):
            if index == len(record.actions):
                break
            if index == 0:
                first = game.actor(state)
            branching.append(len(game.legal_actions(state)))
        assert state is not None  # a replay yields the first state at least
        turns.append(game.turn(state))
        plies.append(len(record.actions))
        firsts.append(first)
        scores = game.scores(state)
        for seat, name in enumerate(names):
            counts = agents.setdefault(name, Counter())
            counts["games"] += 1
            counts["first"] += seat == first
        if scores is None:
            endings[UNFINISHED] += 1
            continue
        endings[FINISHED] += 1
        draws += not any(score >= 1.0 for score in scores)
        for seat, score in enumerate(scores):
            seat_results[seat][_result(score)] += 1
        if first is not None:
            first_results[_result(scores[first])] += 1
        for seat, name in enumerate(names):
            counts = agents[name]
            counts[_result(scores[seat])] += 1
            if seat == first:
                counts["first finished"] += 1
                counts["first win"] += scores[seat] >= 1.0
    return GameStats(
        config=config,
        games=len(checked),
        turns=tuple(turns),
        plies=tuple(plies),
        branching=(PhaseBranching(ALL_DECISIONS, Summary.of(branching)),),
        first_player=tuple(firsts),
        first_player_results=_seat_results(-1, first_results),
        seats=tuple(_seat_results(seat, results) for seat, results in enumerate(seat_results)),
        card_uses=(),
        damage_per_turn=(),
        points_per_turn=(),
        endings=tuple(endings.most_common()),
        eliminations=(),
        draws=draws,
        agents=tuple(_agent_results(name, counts) for name, counts in agents.items()),
        agent_cards=(),
        game=game,
    )


def summarize(records: Iterable[Any], *, game: Game | str | None = None) -> GameStats:
    """Statistics over some games of one ruleset, from their records, of any game.

    Each record is replayed with [`guarda.replay`][guarda.replay]: the branching factor
    is the number of legal actions of every decision, grouped by phase; the cards come
    from the actions (attacks, defences, guards, moves, discards) and from the
    [`GuardActivated`][guarda.GuardActivated] events (blocks and counters); damage and
    points are summed per turn from the events. Records of unfinished games count
    everywhere except in the results.

    **Other games.** Records of another game are summed up through the
    [game protocol][guarda.game.Game]: game length, the branching factor (one row,
    ``"all"``), results by seat and by agent, the first player's edge, draws and whether
    games finished. Card use, damage, points and eliminations are Guarda's and stay
    empty.

    Args:
        records: The games, all of one ruleset (for example read from an arena's
            JSON Lines file with ``guarda.arena.read_records``).
        game: The game the records are of: a [`Game`][guarda.game.Game] or a name in
            [`guarda.games`][guarda.games]. By default Guarda for
            [`GameRecord`][guarda.GameRecord]s, else the shipped game that owns the
            first record's configuration.

    Returns:
        The statistics.

    Raises:
        ArgumentError: If ``records`` is empty, holds something else than a
            record of the game ([`GameRecord`][guarda.GameRecord] for Guarda), or mixes
            rulesets; or if ``game`` is not a game.
        ReplayError: If a record does not replay.

    Examples:
        >>> import guarda, random
        >>> from guarda.stats import summarize
        >>> recorder = guarda.Recorder(guarda.modern(), seed=4)
        >>> choose = random.Random(4)
        >>> while not recorder.state.is_over:
        ...     _ = recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
        >>> stats = summarize([recorder.record()])
        >>> stats.finished, stats.plies == (len(recorder.record().actions),)
        (1, True)
        >>> len(stats.damage_per_turn) == stats.turns[0] == recorder.state.turn_number
        True
    """
    chosen = None if game is None else get_game(game)
    if chosen is None and not isinstance(records, (str, bytes)) and isinstance(records, Iterable):
        records = list(records)
        if records and not isinstance(records[0], guarda.GameRecord):
            try:
                chosen = game_of(getattr(records[0], "config", None))
            except ArgumentError:
                raise ArgumentError(
                    f"not a GameRecord, nor a record of a game in guarda.games (give game= "
                    f"for a game of your own): {records[0]!r:.200}",
                    path="records[0]",
                ) from None
    if chosen is not None and not isinstance(chosen, GuardaGame):
        return summarize_game(chosen, records)
    return summarize_guarda(records)
