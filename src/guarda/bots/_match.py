"""The match runner: one game between agents, each asked with its own view only.

[`play_match`][guarda.bots.play_match] plays a game from a configuration, a seed and
one agent per seat. At every step it asks whoever must decide (``state.actor``: the turn
player, or a player reacting to an attack or a counter) and nobody else, handing over
only that player's [`PlayerView`][guarda.PlayerView]. Whatever an agent does, the runner
goes on: an illegal answer, something that is not an action, an exception or an answer
past the time budget is a [`Fault`][guarda.bots.Fault], handled the way ``on_fault``
says.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Literal

import attrs

import guarda
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
    judge,
    snapshot,
)
from guarda.bots._dealing import check_key, deal_for, new_key, seat_rng
from guarda.bots._generic_match import play_generic
from guarda.bots._match_checks import (
    DEFAULT_MAX_TURNS,
    TIMERS,
    adjudicated,
    agent_name,
    check_arguments,
)
from guarda.errors import ArgumentError
from guarda.game import Game
from guarda.games import GuardaGame, game_of, get_game

__all__ = ["DEFAULT_MAX_TURNS", "outcome_scores", "play_match"]


def outcome_scores(config: guarda.Config, outcome: guarda.Outcome) -> tuple[float, ...]:
    """Each seat's score in a finished game: a win 1, a draw 1/2, a loss 0.

    Every winner scores 1 (all members of a winning team win, R22), every player who
    shares a draw 1/2, everybody else 0.

    Args:
        config: The ruleset.
        outcome: The game's outcome.

    Returns:
        One score per player.

    Examples:
        >>> import guarda
        >>> draw = guarda.Outcome(guarda.OutcomeReason.TURN_LIMIT, (), None, (0, 1),
        ...                       (3, 4), (0, 0), (0, 0))
        >>> outcome_scores(guarda.modern(players=2), draw)
        (0.5, 0.5)
    """
    return tuple(
        1.0 if seat in outcome.winners else 0.5 if seat in outcome.drawn else 0.0
        for seat in range(config.players)
    )


def _forfeit_scores(state: guarda.GameState, seat: int) -> tuple[float, ...]:
    """Scores when ``seat`` forfeits: its team loses; the other teams still in win or draw."""
    config = state.config
    losing = config.team_of(seat)
    alive = [
        index
        for index, team in enumerate(config.teams)
        if index != losing and any(not state.players[member].is_out for member in team)
    ]
    share = 1.0 if len(alive) == 1 else 0.5
    return tuple(
        share if config.team_of(player) in alive else 0.0 for player in range(config.players)
    )


def _game_for(config: object, game: object) -> Game:
    """The game ``config`` is played with: ``game`` (checked against it), or its owner."""
    if game is not None:
        chosen = get_game(game)  # type: ignore[arg-type]  # checked there
        if not chosen.is_config(config):
            raise ArgumentError(
                f"not a configuration of {chosen.title}: {config!r:.200}", path="config"
            )
        return chosen
    try:
        return game_of(config)
    except ArgumentError:
        raise ArgumentError(
            f"not a Config (nor a configuration of a game in guarda.games; give game= for "
            f"a game of your own): {config!r:.200}",
            path="config",
        ) from None


def play_match(
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
    max_turns: int | None = DEFAULT_MAX_TURNS,
    timer: Literal["wall", "cpu"] = "wall",
    adjudicate: Adjudicator | None = None,
    game: Game | None = None,
) -> MatchResult:
    """Play one game of any game between agents and return its record, outcome and scores.

    At each step the runner asks the agent of ``state.actor`` (the turn player, or the
    player reacting to an attack or a counter) with ``guarda.view(state, actor)`` and that
    seat's own random source ([`seat_rng`][guarda.bots.seat_rng]). Nothing else is ever
    handed to an agent.

    **Fair deals.** The game is dealt from a secret **match key** (a fresh random one
    unless ``key`` is given): the key and ``seed`` derive the seed the cards are dealt
    with, the salt of the game's public commitment and every seat's random source (see
    [`deal_for`][guarda.bots.deal_for]). No agent can find the deal from its view or its
    random source, however small ``seed`` is. The result reports the key
    ([`MatchResult.key`][guarda.bots.MatchResult.key]): the same ``seed`` and ``key``
    play the same game again, with the same decisions from agents that draw only on their
    random source. The record holds the deal's seed and salt, so
    [`guarda.replay`][guarda.replay] and [`guarda.verify_fair`][guarda.verify_fair] work
    on it as on any record. Agents in this process can still reach the runner's objects
    (stack frames, ``gc``): run untrusted agents with
    [`SubprocessAgent`][guarda.arena.SubprocessAgent].

    **Faults.** An answer the runner cannot play is a [`Fault`][guarda.bots.Fault]: an
    exception (``"crash"``), something that is not an action (``"non-action"``), an
    action that is not legal now (``"illegal"``; checked by value against the rules, so a
    listed action an agent changed in place is illegal too), or an answer that took longer than
    ``time_budget`` or ran the seat's ``clock`` out (``"late"``; the answer is not used,
    even if legal). With ``on_fault="fallback"`` the runner plays a random legal action
    for that seat, from a random source of its own derived from the seed and key (so a
    fault never changes what the agent's own stream gives later), and the game goes on.
    With ``on_fault="forfeit"`` the match ends at once: the faulting seat's team scores
    0 (see [`MatchResult`][guarda.bots.MatchResult]), ``outcome`` is None and the record
    holds the actions played so far. A crashing agent never crashes the runner.

    **Time.** ``time_budget`` is a limit per decision; ``clock`` is chess-clock mode, a
    total for each seat over the whole game. The runner times each answer and judges it
    when it comes. Once a seat's clock has run out (with ``on_fault="fallback"``), the
    runner no longer asks that agent and decides for it; each such decision is a
    ``"late"`` fault too. ``timer="wall"`` (the default) measures wall-clock seconds,
    ``timer="cpu"`` the process's CPU seconds (steadier on a busy machine).

    **Hung agents.** With a ``time_budget`` or a ``clock``, each agent is asked on a
    thread of its own, and the runner stops waiting for an answer after three times the
    decision's limit plus one second of wall-clock time: a ``"late"`` fault, and the
    game goes on. Python cannot stop a thread, so that call keeps running in the
    background; until it returns, the seat is not asked again (each of its decisions is
    a ``"late"`` fault), and then it is asked as before. Without a limit, agents are
    called directly (no thread) and the runner waits as long as an agent takes. Use a
    subprocess agent ([`SubprocessAgent`][guarda.arena.SubprocessAgent]) when an agent
    must be stopped by force.

    **Turn limit.** A game ends by the configuration's own turn limit (R27), a draw
    between everyone still in (P19). A configuration without one is played under
    ``max_turns`` (1,000 turns unless given; None to play without a limit, at the risk of
    a game between careful players that never ends): the record's configuration then
    carries that turn limit, so it replays to the same draw.

    **Adjudication.** ``adjudicate``, if given, is called with the spectator's view after
    every decision; when it returns scores (one per seat) instead of None, the match ends
    there with those scores, ``outcome`` None and ``adjudicated`` set, the way a tournament
    director calls a game whose result can no longer change (a benchmark of two kinds of
    agents can stop once only one kind is left, for example).

    **Any game.** ``config`` may be a configuration of any game of
    [`guarda.games`][guarda.games], or of a game of your own given as ``game``. The runner
    then speaks only the [game protocol][guarda.game.Game]: it asks the agent of
    ``game.actor(state)`` with ``game.view(state, actor)``, judges the answer against
    ``view.legal_actions`` (by value), deals with ``game.new_game(config, seed,
    salt=salt)`` from the match key, shows observers ``game.visible_events``, and
    returns ``game.record(...)`` and ``game.scores``. Since the protocol knows no
    outcome, ``outcome`` is None; ``max_turns`` stops a game once ``game.turn(state)``
    reaches it, a draw shared by every player (``adjudicated`` set); a forfeit scores the
    faulting seat 0, the others winning (one other player) or sharing a draw.

    **Observers** are called with a [`MatchStep`][guarda.bots.MatchStep] for the start
    of the game and after every decision: the step's events as a spectator sees them and
    as each seat sees them, and the spectator's view. An observer that raises stops the
    match (observers are the caller's own code).

    Args:
        config: The ruleset: a configuration of Guarda or of another game.
        agents: One agent per seat, by player number.
        seed: The game's seed: with the key, it derives the deal, the commitment's salt,
            each seat's random source and the fallback's.
        key: The match key (a string of at most 256 characters), or None for a fresh
            random one; keep it secret from the agents until the game is over.
        time_budget: Seconds allowed per decision, or None for no limit.
        clock: Seconds each seat has for the whole game (chess clock), or None.
        on_fault: ``"fallback"`` or ``"forfeit"`` (see above).
        observers: Callables that see every step.
        names: Display names per seat for the record; defaults to the agents' names.
        max_turns: The turn limit for a configuration that has none (a configuration's
            own turn limit always applies).
        timer: ``"wall"`` or ``"cpu"``: what ``time_budget``, ``clock`` and
            ``decision_times`` measure.
        adjudicate: A callable that may end the match early with given scores.
        game: The game played (a [`Game`][guarda.game.Game]); by default the game of
            [`guarda.games`][guarda.games] that owns ``config``. Give it for a game of
            your own.

    Returns:
        The [`MatchResult`][guarda.bots.MatchResult].

    Raises:
        ArgumentError: If an argument is malformed: not a configuration (of ``game``, or of
            a shipped game when ``game`` is not given), the wrong number
            of agents, something that is not an agent, a bad key, budget, ``on_fault``, name,
            ``max_turns``, ``timer`` or ``adjudicate``; or scores from ``adjudicate``
            that are not one number per seat.

    Examples:
        >>> import guarda
        >>> from guarda.bots import RandomBot, play_match
        >>> result = play_match(guarda.modern(players=2), [RandomBot(), RandomBot()], seed=3)
        >>> result.agent_names, result.faults
        (('random', 'random'), ())
        >>> result.scores in ((1.0, 0.0), (0.5, 0.5), (0.0, 1.0))
        True
        >>> guarda.final_state(result.record).outcome == result.outcome
        True
        >>> again = play_match(guarda.modern(players=2), [RandomBot(), RandomBot()], seed=3,
        ...                    key=result.key)
        >>> again.record == result.record
        True
    """
    if game is not None or not isinstance(config, guarda.Config):
        chosen = _game_for(config, game)
        if not isinstance(chosen, GuardaGame):
            return play_generic(
                chosen,
                config,
                agents,
                seed=seed,
                key=key,
                time_budget=time_budget,
                clock=clock,
                on_fault=on_fault,
                observers=observers,
                names=names,
                max_turns=max_turns,
                timer=timer,
                adjudicate=adjudicate,
            )
    if not isinstance(config, guarda.Config):
        raise ArgumentError(f"not a Config of Guarda: {config!r}", path="config")
    check_arguments(
        config.players,
        agents,
        seed,
        time_budget,
        clock,
        on_fault,
        observers,
        names,
        max_turns,
        timer,
    )
    if adjudicate is not None and not callable(adjudicate):
        raise ArgumentError(f"adjudicate must be callable, not {adjudicate!r}", path="adjudicate")
    if key is not None:
        check_key(key)
    if config.turn_limit is None and max_turns is not None:
        config = attrs.evolve(config, turn_limit=max_turns)
    seats = config.players
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
    recorder = guarda.Recorder(config, deal.seed, salt=deal.salt, names=shown)
    limited = time_budget is not None or clock is not None
    policies = bool(observers)  # only observers see policies: ask for them only then
    thinkers = (
        [Thinker(agent, seat, policy=policies) for seat, agent in enumerate(agents)]
        if limited
        else []
    )

    def notify(
        ply: int, actor: int | None, events: tuple[guarda.Event, ...], **extra: object
    ) -> None:
        if not observers:
            return
        step = MatchStep(
            ply=ply,
            actor=actor,
            events=guarda.visible_events(events, None),
            seat_events=tuple(guarda.visible_events(events, seat) for seat in range(seats)),
            view=guarda.view(recorder.state, None),
            **extra,  # type: ignore[arg-type]
        )
        for observer in observers:
            observer(step)

    notify(0, None, recorder.state.events)
    forfeited: int | None = None
    for seat, agent in enumerate(agents):
        fault = call_start(agent, config, seat)
        if fault is not None:
            faults.append(fault)
            if on_fault == "forfeit":
                forfeited = seat
                break
    called: tuple[float, ...] | None = None
    ply = 0
    while forfeited is None and not recorder.state.is_over:
        state = recorder.state
        actor = state.actor
        assert actor is not None  # a game that is not over has someone to decide
        ply += 1
        view = guarda.view(state, actor)
        left = remaining[actor]
        before = snapshot(view)
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
            judge_answer=functools.partial(judge, state=state, view=view, before=before),
        )
        if elapsed is not None:
            times[actor].append(elapsed)
            if left is not None:
                remaining[actor] = left - elapsed
        fault = None
        if problem is not None:
            kind, detail = problem
            fault = Fault(seat=actor, ply=ply, turn=state.turn_number, kind=kind, detail=detail)
            faults.append(fault)
            if on_fault == "forfeit":
                forfeited = actor
                break
            answer = fallback_rng.choice(guarda.legal_actions(state))
            policy = None
        assert isinstance(answer, guarda.Action)
        # The answer was checked by value for ``actor`` (judge) or comes from a fresh
        # listing (the fallback): apply need not verify it again.
        events = recorder.apply(answer)
        notify(ply, actor, events, fault=fault, elapsed=elapsed, policy=policy)
        if adjudicate is not None and not recorder.state.is_over:
            called = adjudicated(adjudicate, guarda.view(recorder.state, None), seats)
            if called is not None:
                break
    for thinker in thinkers:
        thinker.close()
    final = recorder.state
    outcome = final.outcome
    called = None if final.is_over or forfeited is not None else called
    if forfeited is not None:
        scores = _forfeit_scores(final, forfeited)
    elif called is not None:
        scores = called
    else:
        assert outcome is not None
        scores = outcome_scores(config, outcome)
    record = recorder.record()
    for seat, agent in enumerate(agents):
        mine = tuple(fault for fault in faults if fault.seat == seat)
        told = SeatResult(seat, scores[seat], scores, outcome, record, mine, final.turns_ended)
        fault = call_end(agent, told)
        if fault is not None:
            faults.append(fault)
    return MatchResult(
        record=record,
        outcome=outcome,
        scores=scores,
        faults=tuple(faults),
        decision_times=tuple(tuple(seat_times) for seat_times in times),
        forfeited=forfeited,
        turns=final.turns_ended,
        agent_names=shown,
        adjudicated=called is not None,
        seed=seed,
        key=key,
    )
