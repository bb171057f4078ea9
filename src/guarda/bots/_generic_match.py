"""The match runner for any game: [`play_match`][guarda.bots.play_match] through the game
protocol, for every game but Guarda (which keeps its own, faster loop).

Everything [`play_match`][guarda.bots.play_match] promises holds here too, said in the
protocol's words: the agent of ``game.actor(state)`` is asked with
``game.view(state, actor)``; its answer must equal one of ``view.legal_actions``; the
deal comes from the match key ([`deal_for`][guarda.bots.deal_for]); the record is
``game.record(...)`` and the scores ``game.scores(final)``.

Examples:
    >>> from guarda.bots import RandomBot
    >>> from guarda.games import GUARDA
    >>> config = GUARDA.default_config(2)
    >>> result = play_generic(GUARDA, config, [RandomBot(), RandomBot()], seed=1, key="k")
    >>> sum(result.scores) > 0 and result.plies == len(result.record.actions)
    True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Literal

from guarda.bots._agent import (
    Adjudicator,
    Agent,
    Fault,
    MatchResult,
    MatchStep,
    Observer,
    SeatResult,
)
from guarda.bots._asking import (
    Thinker,
    ask_in_time,
    call_end,
    call_start,
    judge_listed,
    snapshot_listed,
)
from guarda.bots._dealing import check_key, deal_for, new_key, seat_rng
from guarda.bots._match_checks import TIMERS, adjudicated, agent_name, check_arguments
from guarda.errors import ArgumentError
from guarda.game import Game

__all__ = ["forfeit_scores", "play_generic", "turn_limit_scores"]


def forfeit_scores(players: int, seat: int) -> tuple[float, ...]:
    """Scores when ``seat`` forfeits a game of any game: it scores 0, and the others win
    (one other player) or share a draw (several).

    Examples:
        >>> forfeit_scores(2, 0), forfeit_scores(3, 1)
        ((0.0, 1.0), (0.5, 0.0, 0.5))
    """
    share = 1.0 if players == 2 else 0.5
    return tuple(0.0 if player == seat else share for player in range(players))


def turn_limit_scores(players: int) -> tuple[float, ...]:
    """Scores of a game stopped by ``max_turns``: a draw shared by every player.

    Examples:
        >>> turn_limit_scores(3)
        (0.5, 0.5, 0.5)
    """
    return (0.5,) * players


def _writer(game: Game) -> Any:
    def write(action: object) -> str:
        try:
            return game.format_action(action)
        except Exception:  # an answer the game cannot write is still reported
            text = repr(action)
            return text if len(text) <= 200 else text[:197] + "..."

    return write


def play_generic(
    game: Game,
    config: Any,
    agents: Sequence[Agent],
    *,
    seed: int,
    key: str | None = None,
    time_budget: float | None = None,
    clock: float | None = None,
    on_fault: Literal["fallback", "forfeit"] = "fallback",
    observers: Sequence[Observer] = (),
    names: Sequence[str] | None = None,
    max_turns: int | None = 1000,
    timer: Literal["wall", "cpu"] = "wall",
    adjudicate: Adjudicator | None = None,
) -> MatchResult:
    """[`play_match`][guarda.bots.play_match] of ``game`` (see there for the arguments).

    What differs from Guarda's own loop, since the protocol knows no outcome: the result's
    ``outcome`` is None; ``max_turns`` stops the game once ``game.turn(state)`` reaches
    it, a draw shared by every player (``adjudicated`` set, the record ending where the
    game was stopped); a forfeit scores the faulting seat 0 and the others win (one
    other player) or share a draw; ``turns`` is ``game.turn`` of the last state.

    Raises:
        ArgumentError: As [`play_match`][guarda.bots.play_match].
    """
    if not game.is_config(config):
        raise ArgumentError(f"not a configuration of {game.title}: {config!r:.200}", path="config")
    seats = game.players(config)
    check_arguments(
        seats, agents, seed, time_budget, clock, on_fault, observers, names, max_turns, timer
    )
    if adjudicate is not None and not callable(adjudicate):
        raise ArgumentError(f"adjudicate must be callable, not {adjudicate!r}", path="adjudicate")
    if key is not None:
        check_key(key)
    shown = (
        tuple(names)
        if names is not None
        else tuple(agent_name(agent, seat) for seat, agent in enumerate(agents))
    )
    measure = TIMERS[timer]
    key = new_key() if key is None else key
    deal = deal_for(seed, key)
    rngs = [seat_rng(seed, seat, key=key) for seat in range(seats)]
    fallback_rng = seat_rng(seed, "fallback", key=key)
    remaining = [clock] * seats
    times: list[list[float]] = [[] for _ in range(seats)]
    faults: list[Fault] = []
    state = game.new_game(config, deal.seed, salt=deal.salt)
    actions: list[Any] = []
    write = _writer(game)
    limited = time_budget is not None or clock is not None
    policies = bool(observers)
    thinkers = (
        [Thinker(agent, seat, policy=policies) for seat, agent in enumerate(agents)]
        if limited
        else []
    )

    def notify(ply: int, actor: int | None, events: tuple[Any, ...], **extra: object) -> None:
        if not observers:
            return
        step = MatchStep(
            ply=ply,
            actor=actor,
            events=game.visible_events(events, None),
            seat_events=tuple(game.visible_events(events, seat) for seat in range(seats)),
            view=game.view(state, None),
            **extra,  # type: ignore[arg-type]
        )
        for observer in observers:
            observer(step)

    notify(0, None, ())
    forfeited: int | None = None
    for seat, agent in enumerate(agents):
        fault = call_start(agent, config, seat)
        if fault is not None:
            faults.append(fault)
            if on_fault == "forfeit":
                forfeited = seat
                break
    called: tuple[float, ...] | None = None
    stopped = False
    ply = 0
    while forfeited is None and not game.is_over(state):
        if max_turns is not None and game.turn(state) >= max_turns:
            stopped = True
            break
        actor = game.actor(state)
        assert actor is not None  # a game that is not over has someone to decide
        ply += 1
        view: Any = game.view(state, actor)
        left = remaining[actor]
        before = snapshot_listed(view)
        answer, elapsed, policy, problem = ask_in_time(
            agents[actor],
            thinkers[actor] if limited else None,
            view,
            rngs[actor],
            measure,
            left=left,
            time_budget=time_budget,
            ply=ply,
            policy=policies,
            judge_answer=functools.partial(judge_listed, view=view, before=before, write=write),
        )
        if elapsed is not None:
            times[actor].append(elapsed)
            if left is not None:
                remaining[actor] = left - elapsed
        fault = None
        if problem is not None:
            kind, detail = problem
            fault = Fault(seat=actor, ply=ply, turn=game.turn(state), kind=kind, detail=detail)
            faults.append(fault)
            if on_fault == "forfeit":
                forfeited = actor
                break
            answer = fallback_rng.choice(list(game.legal_actions(state)))
            policy = None
        state, events = game.apply(state, answer)
        actions.append(answer)
        notify(ply, actor, events, fault=fault, elapsed=elapsed, policy=policy)
        if adjudicate is not None and not game.is_over(state):
            called = adjudicated(adjudicate, game.view(state, None), seats)
            if called is not None:
                break
    for thinker in thinkers:
        thinker.close()
    if forfeited is not None:
        scores = forfeit_scores(seats, forfeited)
        called = None
    elif stopped:
        scores = turn_limit_scores(seats)
    elif called is not None:
        scores = called
    else:
        final_scores = game.scores(state)
        assert final_scores is not None  # the game is over
        scores = tuple(float(score) for score in final_scores)
    record = game.record(config, deal.seed, actions, salt=deal.salt, names=shown)
    turns = game.turn(state)
    for seat, agent in enumerate(agents):
        mine = tuple(fault for fault in faults if fault.seat == seat)
        told = SeatResult(seat, scores[seat], scores, None, record, mine, turns)
        fault = call_end(agent, told)
        if fault is not None:
            faults.append(fault)
    return MatchResult(
        record=record,
        outcome=None,
        scores=scores,
        faults=tuple(faults),
        decision_times=tuple(tuple(seat_times) for seat_times in times),
        forfeited=forfeited,
        turns=turns,
        agent_names=shown,
        adjudicated=called is not None or stopped,
        seed=seed,
        key=key,
    )
