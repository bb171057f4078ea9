"""What an agent is, and what a match reports: the values shared by the runner and the bots.

An agent sees only its own player's [`PlayerView`][guarda.PlayerView] (which lists its
legal actions) and a seeded `random.Random`; it never receives a
[`GameState`][guarda.GameState]. This module holds the protocol and the frozen values
[`play_match`][guarda.bots.play_match] returns: [`Fault`][guarda.bots.Fault],
[`MatchStep`][guarda.bots.MatchStep] and [`MatchResult`][guarda.bots.MatchResult].

Examples:
    >>> import random
    >>> import guarda
    >>> class FirstBot:
    ...     name = "first"
    ...     def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
    ...         return view.legal_actions[0]
    >>> isinstance(FirstBot(), Agent)
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

import attrs

import guarda

__all__ = [
    "Adjudicator",
    "Agent",
    "Fault",
    "FaultKind",
    "MatchResult",
    "MatchStep",
    "Observer",
    "Policy",
    "SeatResult",
]

FaultKind = Literal["illegal", "late", "crash", "non-action"]
"""What went wrong with an agent's answer."""

Policy = tuple[tuple[Any, float], ...]
"""An agent's action probabilities for one decision: ``(action, probability)`` pairs of
legal actions, adding up to 1, as ``act_with_policy`` gave them."""


@runtime_checkable
class Agent(Protocol):
    """A player: given its own view and a random source, it picks one legal action.

    An agent is a plain, picklable object (so an arena can ship it to worker processes)
    with a short display ``name`` and an ``act`` method. ``act`` receives only the view of
    the player it plays ([`guarda.view`][guarda.view] of the current state for that
    seat), never the full state, and must return one of ``view.legal_actions``. The
    random source is the seat's own, derived from the match seed and the secret match
    key, so a seeded agent plays the same game again under the same seed and key.

    **Optional methods** the runner calls when an agent has them (none is part of the
    protocol's check):

    - ``act_with_policy(view, rng) -> (action, policy)``: called instead of ``act``; the
      policy maps legal actions to the probabilities the agent gave them (adding up to
      1), and observers see it as [`MatchStep.policy`][guarda.bots.MatchStep.policy]. A
      malformed policy is a ``"non-action"`` fault. The reference bots have it.
    - ``start(config, player)``: once before the game's first decision.
    - ``end(result)``: once after the game, with a [`SeatResult`][guarda.bots.SeatResult]
      (the revealed record included, never the match key).

    A hook that raises is a ``"crash"`` fault of the seat (ply 0 for ``start``); hooks
    are not timed. With ``keep_agents=True`` an arena keeps one agent per entrant and
    worker across games, so ``start`` and ``end`` see every game it plays there.

    Examples:
        >>> from guarda.bots import RandomBot
        >>> isinstance(RandomBot(), Agent), isinstance("not an agent", Agent)
        (True, False)
    """

    @property
    def name(self) -> str:
        """A short display name, such as ``"random"`` or ``"ismcts-200"``."""
        ...

    def act(self, view: Any, rng: random.Random) -> Any:
        """Pick one of ``view.legal_actions``.

        Args:
            view: The view of the player who must decide now (``view.must_act``): a
                Guarda [`PlayerView`][guarda.PlayerView], or the view of another game
                (a [`GameView`][guarda.game.GameView]).
            rng: The seat's random source.

        Returns:
            One of ``view.legal_actions``.
        """
        ...


@attrs.frozen
class Fault:
    """An answer the runner could not use, and what it did instead.

    Examples:
        >>> Fault(seat=1, ply=12, turn=3, kind="late", detail="took 0.31 s of 0.1 s")
        Fault(seat=1, ply=12, turn=3, kind='late', detail='took 0.31 s of 0.1 s')
    """

    seat: int
    """The player whose agent faulted."""
    ply: int
    """The 1-based number of the decision (the action's ply in the record)."""
    turn: int
    """The turn number at the time (0 during setup)."""
    kind: FaultKind
    """``"illegal"`` (an action, but not a legal one), ``"non-action"`` (not an action
    at all), ``"crash"`` (``act`` raised) or ``"late"`` (over the time budget or the
    clock; the answer is not used)."""
    detail: str
    """What happened, in words (the exception, the answer, the time taken)."""


@attrs.frozen
class MatchStep:
    """What observers are shown after each step of a match.

    The runner calls every observer once with ``ply`` 0 for the events of the start of
    the game (the setup cards turned up by [`guarda.new_game`][guarda.new_game]), then
    once after every decision. ``events`` are redacted for a spectator; ``seat_events``
    holds the same events as each seat may see them (their own secrets shown), so a
    frontend for one player shows ``seat_events[player]``. ``view`` is the spectator's
    [`PlayerView`][guarda.PlayerView] after the step. Nothing here holds a secret of any
    player except in that player's own ``seat_events``.
    """

    ply: int
    """The 1-based number of the decision just played; 0 for the start."""
    actor: int | None
    """Who decided (None for the start)."""
    events: tuple[Any, ...]
    """The step's events as a spectator sees them."""
    seat_events: tuple[tuple[Any, ...], ...]
    """The step's events as each seat sees them, by player number."""
    view: Any
    """The spectator's view of the game after the step (a
    [`PlayerView`][guarda.PlayerView] for Guarda)."""
    fault: Fault | None = None
    """The fault of this decision, if the runner decided in the agent's place."""
    elapsed: float | None = None
    """Seconds the agent took to answer (None when it was not asked)."""
    policy: Policy | None = None
    """The action probabilities the agent gave with its answer (``act_with_policy``),
    or None."""


@attrs.frozen
class SeatResult:
    """What an agent's ``end`` hook is told once a game is over.

    The record is the whole game, every player's cards and the deal's seed and salt
    included (they are revealed once the game is over); the match key is not, since an
    arena deals its other games with it.
    """

    player: int
    """The seat the agent played."""
    score: float
    """Its score: a win 1, a draw 1/2, a loss 0 (see [`MatchResult`][guarda.bots.MatchResult])."""
    scores: tuple[float, ...]
    """Every seat's score."""
    outcome: guarda.Outcome | None
    """The outcome (Guarda's); None after a forfeit or an adjudication, and for other
    games (``scores`` says how they ended)."""
    record: Any
    """The game's record, revealed (a [`GameRecord`][guarda.GameRecord] for Guarda, the
    game's own record for another game)."""
    faults: tuple[Fault, ...]
    """The seat's own faults."""
    turns: int
    """Turns ended in the game."""


Observer = Callable[[MatchStep], None]
"""A callback that sees every [`MatchStep`][guarda.bots.MatchStep] of a match."""

Adjudicator = Callable[[Any], Sequence[float] | None]
"""A callback given the spectator's view after every decision: None to play on, or one
score per seat to end the match there (see [`play_match`][guarda.bots.play_match])."""


@attrs.frozen
class MatchResult:
    """The result of one match: the record, the outcome, the scores and what went wrong.

    Scores are per seat: a win is 1, a draw 1/2 and a loss 0. Every member of a winning
    team wins (1 each, members already out included, R22); every player sharing a draw
    scores 1/2 (P14, P19); everybody else 0. A forfeit (``on_fault="forfeit"``) ends the
    match early: the forfeiting seat's team loses (0); if one other team (or player) is
    still in, its members win (1), if several are, their members share a draw (1/2), and
    players of teams with nobody left score 0.
    """

    record: Any
    """The replayable record: configuration, seed, actions, names and the result (a
    [`GameRecord`][guarda.GameRecord] for Guarda, ``game.record(...)`` for another
    game)."""
    outcome: guarda.Outcome | None
    """The game's outcome (Guarda's); None when a forfeit or an adjudication ended the
    match first, and for other games (``scores`` says how they ended)."""
    scores: tuple[float, ...]
    """Per seat: a win 1, a draw 1/2, a loss 0 (see the class docstring)."""
    faults: tuple[Fault, ...]
    """Every decision the runner took in an agent's place, in order."""
    decision_times: tuple[tuple[float, ...], ...]
    """Per seat, the seconds each answer took, in order (wall-clock seconds by default,
    CPU seconds with ``timer="cpu"``)."""
    forfeited: int | None
    """The seat that forfeited, if any."""
    turns: int
    """Turns ended in the game (R27)."""
    agent_names: tuple[str, ...]
    """The name of each seat's agent (or the names given to the runner)."""
    adjudicated: bool = False
    """Whether ``adjudicate`` ended the match (then ``outcome`` is None and the scores
    are the adjudicator's)."""
    seed: int = 0
    """The seed the caller gave (the record holds the deal's seed, derived from it and
    the key)."""
    key: str = attrs.field(default="", repr=False)
    """The match key the game was dealt with: pass ``seed`` and ``key`` to
    [`play_match`][guarda.bots.play_match] again to play the same game. Secret while the
    game is played; an agent never sees it."""

    @property
    def plies(self) -> int:
        """Number of decisions played."""
        return len(self.record.actions)
