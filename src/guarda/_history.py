"""The history of a game as a player saw it: decisions, turn numbers, what happened since.

The event log is a flat list of events. A frontend wants it cut up the way players
experience a game: a numbered move list ("Turn 7: North"), the decisions that made it
(ply 1, ply 2, ..., the numbering of a [`GameRecord`][guarda.GameRecord]'s actions), and
"what happened since your last decision" without tracking positions in the log.

Every answer here is read from the events alone, and only from their public fields, so
it is the same for the full log of a state, for any player's view and for a seat
record (R28). A decision is found by the event that opens it, which says whose decision
it was: the piece placed, the cards burned, the attack declared, the defence played, the
damage taken (P12). Two decisions produce no event: ending the Move phase (P13) is found
by the Act phase that begins, declining a new guard after a critical block (R20) by the
reaction that goes on. A property test checks the answer against the engine's own steps
in random games of every edition.

- [`numbered_events`][guarda.numbered_events] pairs each event with its turn number and
  the number of the decision (ply) that produced it;
- [`decisions`][guarda.decisions] lists every decision: its ply, player, turn and the
  events it produced;
- [`events_since_turn`][guarda.events_since_turn] and
  [`events_since_decision`][guarda.events_since_decision] give what happened since a
  point, such as the viewer's last decision.

Examples:
    >>> import guarda, random
    >>> state = guarda.new_game(guarda.modern(players=2), seed=4)
    >>> choose = random.Random(4)
    >>> for _ in range(40):
    ...     state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    >>> mine = guarda.view(state, 0)
    >>> len(guarda.decisions(mine))
    40
    >>> last = guarda.decisions(mine)[-1]
    >>> last.ply, last.turn == mine.turn_number
    (40, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from guarda._events import (
    EVENT_TYPES,
    AttackDeclared,
    CardsBurned,
    CardsDiscarded,
    DamageTaken,
    Defended,
    DiscardReason,
    Event,
    GameEnded,
    GuardActivated,
    GuardBroken,
    GuardDiscarded,
    GuardPrepared,
    GuardReturned,
    GuardSet,
    Passed,
    PiecePlaced,
    PiecePushed,
    PlayerEliminated,
    TurnEnded,
    TurnSettled,
    TurnStarted,
)
from guarda._geometry import Orientation
from guarda._records import SeatRecord
from guarda._state import GameState, Phase
from guarda._views import PlayerView
from guarda.errors import ArgumentError

__all__ = [
    "Decision",
    "History",
    "NumberedEvent",
    "decisions",
    "events_since_decision",
    "events_since_turn",
    "numbered_events",
]

History = PlayerView | GameState | SeatRecord | Sequence[Event]
"""Where a history is read from: a view (the events as its viewer saw them), a state (the
full log), a seat record, or a sequence of events."""


class Decision(NamedTuple):
    """One decision of the game and the events it produced."""

    ply: int
    """Its number, from 1: ply ``n`` is action ``n - 1`` of the game's record."""
    player: int
    """Who decided."""
    turn: int
    """The turn number it was made in (0 during setup)."""
    start: int
    """The index, in the events, of the first event it produced."""
    end: int
    """The index just after the last event it produced: ``events[start:end]`` are its
    events (none for the three silent decisions), up to the next decision."""


class NumberedEvent(NamedTuple):
    """An event with the turn it happened in and the decision that produced it."""

    turn: int
    """The turn number (0 during setup); a [`TurnStarted`][guarda.TurnStarted] event
    carries the number of the turn it starts."""
    ply: int
    """The decision (ply) that produced it; 0 for the events before the first decision
    (the setup cards drawn before anybody placed a piece)."""
    event: Event
    """The event."""


# The stages of the game the events show, each awaiting one kind of decision.
_SETUP = "setup"
_MOVE = "move"  # the Draw phase's discard or the Move phase: moves, pushes, the end
_ACT = "act"  # setting a guard, then preparing one, attacking or passing
_SETTLE = "settle"
_REACT = "react"  # an attack's reactions, one defender after another
_BLOCKED = "blocked"  # a critical block: the guard returns to the hand, maybe healing
_NEW_GUARD = "new-guard"
_COUNTER = "counter"
_IDLE = "idle"  # a turn has ended; the next begins with automatic steps
_OVER = "over"

_ACT_OPENINGS = (GuardSet, GuardDiscarded, GuardPrepared, AttackDeclared, Passed)
"""Events that open a decision of the Act phase."""


class _Reader:
    """Reads decisions off the events, one event at a time (only public fields)."""

    def __init__(self) -> None:
        self.stage = _SETUP
        self.turn = 0
        """The turn player."""
        self.number = 0
        """The turn number."""
        self.out: set[int] = set()
        self.attacker = 0
        self.queue: list[int] = []
        """Defenders still to react, in order."""
        self.defender: int | None = None
        """The defender whose reaction is awaited or under way, once known."""
        self.found: list[tuple[int, int, int]] = []
        """Each decision's player, turn number and first event's index."""
        self.previous: Event | None = None

    def decided(self, player: int, index: int) -> None:
        self.found.append((player, self.number, index))

    def next_defender(self) -> int | None:
        """The defender who reacts next, once the unit under way is over (R17, R21)."""
        for defender in self.queue:
            if defender not in self.out:
                return defender
        return None

    def start_reaction(self, defender: int) -> None:
        del self.queue[: self.queue.index(defender) + 1]
        self.defender = defender

    def read(self, index: int, event: Event) -> None:
        """Take one event: note a decision it opens, then follow its effect."""
        opened = self.open(index, event)
        self.follow(event, opened=opened)
        self.previous = event

    def open(self, index: int, event: Event) -> bool:
        """Note a silent decision before ``event``, if any; whether ``event`` opens one."""
        stage = self.stage
        if stage == _MOVE and isinstance(event, _ACT_OPENINGS) and event.player == self.turn:
            self.decided(self.turn, index)  # the Move phase ended without an event (P13)
            self.stage = stage = _ACT
        if stage == _NEW_GUARD and not (
            isinstance(event, GuardPrepared) and event.player == self.defender
        ):
            assert self.defender is not None
            self.decided(self.defender, index)  # no new guard after the critical block
            self.defender = None
            self.stage = stage = _REACT
        if isinstance(event, (PiecePlaced, CardsBurned, *_ACT_OPENINGS, TurnSettled)) or (
            isinstance(event, CardsDiscarded) and event.reason is DiscardReason.DRAW
        ):
            if (
                isinstance(event, GuardPrepared)
                and isinstance(self.previous, GuardDiscarded)
                and self.previous.player == event.player
            ):
                return False  # preparing a guard discarded the old one first
            self.decided(event.player, index)
            return True
        if stage == _COUNTER and isinstance(event, (Defended, DamageTaken)):
            self.decided(self.attacker, index)  # the attacker answers the counter
            return True
        if stage == _REACT and isinstance(event, (Defended, GuardActivated, DamageTaken)):
            defender = self.defender if self.defender is not None else self.next_defender()
            if defender != event.player:
                return False  # the damage of the unit under way
            if self.defender is None:
                self.start_reaction(defender)
            self.decided(defender, index)
            return True
        if isinstance(event, (Defended, GuardActivated)):  # a log that starts mid-attack
            self.decided(event.player, index)
            return True
        return False

    def follow(self, event: Event, *, opened: bool) -> None:
        """Follow the effect of an event (``opened``: it opened a decision)."""
        match event:
            case TurnStarted(player, number):
                self.stage, self.turn, self.number = _MOVE, player, number
            case PiecePushed() | GuardSet():
                self.stage = _ACT
            case CardsBurned() | CardsDiscarded(reason=DiscardReason.DRAW):
                self.stage = _MOVE
            case GuardDiscarded() | Passed():
                self.stage = _SETTLE
            case GuardPrepared():
                if self.stage == _ACT:
                    self.stage = _SETTLE
                elif self.stage == _NEW_GUARD:
                    self.stage, self.defender = _REACT, None
            case AttackDeclared(player, _, targets):
                self.stage, self.attacker, self.defender = _REACT, player, None
                self.queue = [target for target, _ in targets]
            case GuardBroken(player) if self.stage == _REACT and player in self.queue:
                self.start_reaction(player)
            case GuardActivated(player, _, orientation, is_critical) if self.stage == _REACT:
                if orientation is Orientation.DEFENSIVE and is_critical:
                    self.stage, self.defender = _BLOCKED, player
                elif orientation is Orientation.OFFENSIVE and self.attacker not in self.out:
                    self.stage = _COUNTER
                else:
                    self.defender = None
            case Defended() | DamageTaken() if opened:
                self.stage, self.defender = _REACT, None
            case GuardReturned() if self.stage == _BLOCKED:
                self.stage = _NEW_GUARD
            case PlayerEliminated(player):
                self.out.add(player)
            case TurnSettled() | TurnEnded():
                self.stage = _IDLE
            case GameEnded():
                self.stage = _OVER

    def run(self, events: Sequence[Event]) -> None:
        for index, event in enumerate(events):
            self.read(index, event)

    def finish(self, count: int, phase: Phase | None) -> None:
        """Note a silent decision at the very end, which only the phase now shows."""
        if self.stage == _MOVE and phase in (Phase.SET_GUARD, Phase.ACT):
            self.decided(self.turn, count)
        elif self.stage == _NEW_GUARD and phase not in (None, Phase.NEW_GUARD):
            assert self.defender is not None
            self.decided(self.defender, count)


def _events_of(source: object) -> tuple[Sequence[Event], Phase | None]:
    """The events of a history source, and the phase the game is in now (if known)."""
    if isinstance(source, PlayerView):
        return source.events, source.phase
    if isinstance(source, GameState):
        return source.events, source.phase
    if isinstance(source, SeatRecord):
        return source.events, Phase.OVER if source.result is not None else None
    if isinstance(source, (str, bytes)) or not isinstance(source, Iterable):
        raise ArgumentError(
            f"not a view, a state, a seat record or a sequence of events: {source!r}",
            path="source",
        )
    events = tuple(source)
    for index, event in enumerate(events):
        if not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {event!r}", path=f"source[{index}]")
    return events, None


def _read(source: object) -> tuple[Sequence[Event], tuple[Decision, ...]]:
    events, phase = _events_of(source)
    reader = _Reader()
    reader.run(events)
    reader.finish(len(events), phase)
    found = reader.found
    ends = [start for _, _, start in found[1:]] + [len(events)] if found else []
    return events, tuple(
        Decision(ply, player, turn, start, end)
        for ply, ((player, turn, start), end) in enumerate(zip(found, ends, strict=True), 1)
    )


def decisions(source: History) -> tuple[Decision, ...]:
    """Every decision of the game so far, in order, with the events each produced.

    Read from the events alone, and only from their public fields, so a view gives the
    same decisions as the full state (R28). Ply ``n`` is action ``n - 1`` of the game's
    record. A decision that produced no event (ending the Move phase, declining a new
    guard) is found from what follows it, or, at the very end, from the phase of a view
    or a state; a bare sequence of events cannot show one at its very end. A log that
    does not start at the beginning of the game (a built position) may miss the silent
    decisions before its first turn starts.

    Args:
        source: A view, a state, a seat record, or a sequence of events.

    Returns:
        The decisions, oldest first.

    Raises:
        ArgumentError: If ``source`` is none of these, or holds something not an event.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=1)
        >>> state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
        >>> first = decisions(guarda.view(state, 1))[0]
        >>> first.ply, first.player, first.turn
        (1, 0, 0)
        >>> type(state.events[first.start]).__name__
        'PiecePlaced'
    """
    return _read(source)[1]


def numbered_events(source: History) -> tuple[NumberedEvent, ...]:
    """Each event with its turn number and the decision (ply) that produced it.

    For a numbered move list: the events of turn ``n`` are those numbered ``n``, starting
    with its [`TurnStarted`][guarda.TurnStarted]; setup is turn 0. Events are read as
    [`decisions`][guarda.decisions] reads them.

    Args:
        source: A view, a state, a seat record, or a sequence of events.

    Returns:
        One [`NumberedEvent`][guarda.NumberedEvent] per event, in order.

    Raises:
        ArgumentError: As [`decisions`][guarda.decisions].

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.classic(players=2), seed=3)
        >>> while state.turn_number < 2:
        ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[-1])
        >>> numbered = numbered_events(guarda.view(state, None))
        >>> numbered[0].turn, numbered[-1].turn
        (0, 2)
        >>> [entry.event.player for entry in numbered
        ...  if isinstance(entry.event, guarda.TurnStarted)]
        [1, 0]
    """
    events, found = _read(source)
    numbered = []
    turn = 0
    step = 0
    for index, event in enumerate(events):
        while step < len(found) and found[step].start <= index:
            step += 1
        if isinstance(event, TurnStarted):
            turn = event.turn
        numbered.append(NumberedEvent(turn, step, event))
    return tuple(numbered)


def _turn_number(turn: object) -> int:
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise ArgumentError(f"a turn number is a whole number from 0, not {turn!r}", path="turn")
    return turn


def events_since_turn(source: History, turn: int) -> tuple[Event, ...]:
    """The events from the start of turn ``turn`` on: "what happened since turn 7".

    Args:
        source: A view, a state, a seat record, or a sequence of events.
        turn: A turn number; 0 gives every event, setup included. A turn that has not
            started yet gives nothing.

    Returns:
        The events, starting with that turn's [`TurnStarted`][guarda.TurnStarted].

    Raises:
        ArgumentError: If ``turn`` is not a whole number from 0, or as
            [`decisions`][guarda.decisions].

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.grda(players=2), seed=2)
        >>> while state.turn_number < 3:
        ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[-1])
        >>> events_since_turn(state, 3)[0]
        TurnStarted(player=0, turn=3)
    """
    wanted = _turn_number(turn)
    events, _ = _events_of(source)
    if wanted == 0:
        return tuple(events)
    for index, event in enumerate(events):
        if isinstance(event, TurnStarted) and event.turn >= wanted:
            return tuple(events[index:])
    return ()


def events_since_decision(source: History, player: int | None = None) -> tuple[Event, ...]:
    """What happened since the player's last decision, its own events included.

    "What happened since you last decided": the events of the player's most recent
    decision (its automatic consequences, such as the damage that landed or the turn that
    began) and every event after it. Every event, if the player has not decided yet.

    Args:
        source: A view, a state, a seat record, or a sequence of events.
        player: The player; by default the viewer of a view or a seat record.

    Returns:
        The events, oldest first.

    Raises:
        ArgumentError: If the player is not a player of the game, or is left out for a
            spectator's view, a state or a bare sequence of events; or as
            [`decisions`][guarda.decisions].

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=6)
        >>> while state.turn_number < 2:
        ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[-1])
        >>> mine = guarda.view(state, 0)
        >>> [type(event).__name__ for event in events_since_decision(mine)][:2]
        ['TurnSettled', 'CardsDiscarded']
    """
    if player is None and isinstance(source, (PlayerView, SeatRecord)):
        player = source.player
    if player is None:
        raise ArgumentError("name the player (a spectator makes no decisions)", path="player")
    if not isinstance(player, int) or isinstance(player, bool) or player < 0:
        raise ArgumentError(f"no player {player!r}", path="player")
    if isinstance(source, (PlayerView, GameState, SeatRecord)):
        count = source.config.players
        if player >= count:
            raise ArgumentError(f"no player {player} in a {count}-player game", path="player")
    events, found = _read(source)
    for decision in reversed(found):
        if decision.player == player:
            return tuple(events[decision.start :])
    return tuple(events)
