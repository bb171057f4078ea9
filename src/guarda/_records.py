"""Game records, the PGN of Guarda: a configuration, a seed and the actions, replayable.

A [`GameRecord`][guarda.GameRecord] holds everything needed to play a game again exactly (R30): the
ruleset, the seed and every action in order, plus optional metadata (player names, the
event, the site, the date) and the result. [`replay`][guarda.replay] yields every state of the
game,
[`final_state`][guarda.final_state] the last one; an illegal action stops the replay with a
[`ReplayError`][guarda.ReplayError] naming the ply (the 1-based number of the action).

Build a record while playing with a [`Recorder`][guarda.Recorder], or from a list of actions with
[`record_game`][guarda.record_game]. Save and load one with [`guarda.dumps`][guarda.dumps] /
[`guarda.loads`][guarda.loads] (kind ``"record"``); its actions may be stored as
objects or, with ``notation=True``, as action notation.

A full record is **secret** while the game runs: its seed decides every shuffle and its
actions name every card burned, discarded or set as a guard (R28).
[`seat_record`][guarda.seat_record]
gives what one player (or a spectator) may see: the events of the game as that player
saw them, with no seed and no actions.

Examples:
    >>> import guarda
    >>> recorder = Recorder(guarda.modern(), seed=7, names=("Ana", "Ben"))
    >>> while not recorder.state.is_over:
    ...     actions = guarda.legal_actions(recorder.state)
    ...     _ = recorder.apply(actions[len(actions) // 2])
    >>> record = recorder.record()
    >>> final_state(record) == recorder.state
    True
    >>> record.result == recorder.state.outcome
    True
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator

import attrs

from guarda._actions import ACTION_TYPES, Action
from guarda._config import Config
from guarda._engine import apply, new_game
from guarda._events import Event, opening_commitment, visible_event
from guarda._rng import MAX_SALT, commitment
from guarda._state import GameState, Outcome
from guarda.errors import (
    ArgumentError,
    GuardaError,
    IllegalActionError,
    ParseError,
    ReplayError,
)

__all__ = [
    "GameRecord",
    "Recorder",
    "SeatRecord",
    "final_state",
    "record_game",
    "replay",
    "seat_record",
]


def _optional_text(value: object, path: str) -> None:
    if value is not None and not isinstance(value, str):
        raise ParseError(f"not a string: {value!r}", path=path)


def _check_metadata(
    config: object, names: object, event: object, site: object, date: object
) -> None:
    if not isinstance(config, Config):
        raise ParseError(f"not a Config: {config!r}", path="config")
    if not isinstance(names, tuple) or not all(isinstance(name, str) for name in names):
        raise ParseError("give the player names as a tuple of strings", path="names")
    if names and len(names) != config.players:
        raise ParseError(f"give no names or one name per player ({config.players})", path="names")
    _optional_text(event, "event")
    _optional_text(site, "site")
    _optional_text(date, "date")
    if isinstance(date, str):
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise ParseError(f"not an ISO date (YYYY-MM-DD): {date!r}", path="date") from None


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    if isinstance(value, (str, bytes)):
        raise ParseError(f"expected a sequence of actions, not {value!r}", path="actions")
    return tuple(value)


def _names(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)):
        raise ParseError(f"expected a sequence of names, not {value!r}", path="names")
    return tuple(value)


@attrs.frozen
class GameRecord:
    """A replayable game: configuration, seed, actions and optional metadata.

    Examples:
        >>> import guarda
        >>> record = GameRecord(guarda.grda(), seed=3, date="2026-01-31")
        >>> state = final_state(record)
        >>> record = record.append(guarda.legal_actions(state)[0])
        >>> len(record.actions), record.date
        (1, '2026-01-31')
    """

    config: Config
    """The ruleset."""
    seed: int
    """The seed given to [`guarda.new_game`][guarda.new_game] (R30)."""
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    """Every action, in order; action ``i`` is ply ``i + 1``."""
    names: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """The players' names by player number, or empty."""
    event: str | None = None
    """The event (tournament, match, ...)."""
    site: str | None = None
    """Where the game was played (a place, a server)."""
    date: str | None = None
    """The date the game was played, ``YYYY-MM-DD``."""
    result: Outcome | None = None
    """The outcome of the finished game; [`replay`][guarda.replay] checks it."""
    salt: str = ""
    """The salt given to [`guarda.new_game`][guarda.new_game]: as secret as the seed."""

    def __attrs_post_init__(self) -> None:
        _check_metadata(self.config, self.names, self.event, self.site, self.date)
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ParseError(f"the seed must be an integer, not {self.seed!r}", path="seed")
        if not isinstance(self.salt, str) or len(self.salt) > MAX_SALT:
            raise ParseError(
                f"the salt must be a string of at most {MAX_SALT} characters", path="salt"
            )
        for index, action in enumerate(self.actions):
            if not isinstance(action, ACTION_TYPES):
                raise ParseError(
                    f"not an action: {action!r} (ply {index + 1})", path=f"actions[{index}]"
                )
        if self.result is not None and not isinstance(self.result, Outcome):
            raise ParseError(f"not an Outcome: {self.result!r}", path="result")

    def append(self, action: Action) -> GameRecord:
        """This record with one more action (not checked until replayed).

        Raises:
            ParseError: If ``action`` is not an action.
        """
        return attrs.evolve(self, actions=(*self.actions, action))

    @property
    def plies(self) -> int:
        """Number of actions."""
        return len(self.actions)

    @property
    def commitment(self) -> str:
        """The commitment the game published at its start: SHA-256 of the seed and salt."""
        return commitment(self.seed, self.salt)


@attrs.frozen
class SeatRecord:
    """What one player (or a spectator) saw of a game: the events, redacted for them.

    Holds no seed and no actions, so it is safe to give to that player at any time
    (R28): it is the event log of the player's [`guarda.view`][guarda.view], with the
    record's metadata. Build one with [`seat_record`][guarda.seat_record].
    """

    config: Config
    """The ruleset."""
    player: int | None
    """The viewer, or None for a spectator."""
    events: tuple[Event, ...]
    """Every event of the game as the viewer saw it, oldest first."""
    names: tuple[str, ...] = ()
    """The players' names by player number, or empty."""
    event: str | None = None
    """The event (tournament, match, ...)."""
    site: str | None = None
    """Where the game was played."""
    date: str | None = None
    """The date the game was played, ``YYYY-MM-DD``."""
    result: Outcome | None = None
    """The outcome, once the game is over (public)."""

    def __attrs_post_init__(self) -> None:
        _check_metadata(self.config, self.names, self.event, self.site, self.date)
        if self.player is not None and (
            not isinstance(self.player, int)
            or isinstance(self.player, bool)
            or not 0 <= self.player < self.config.players
        ):
            raise ParseError(f"no player {self.player!r}", path="player")

    @property
    def commitment(self) -> str | None:
        """The commitment to the deals this viewer saw at the start, if the game made one."""
        return opening_commitment(self.events)


def replay(record: GameRecord) -> Iterator[GameState]:
    """Every state of a recorded game, in order: the initial state first.

    Yields ``len(record.actions) + 1`` states; after the last action, a given
    ``record.result`` is compared with the game's outcome.

    Args:
        record: The record.

    Yields:
        Each state.

    Raises:
        ReplayError: At the first action that is illegal or malformed (``ply`` names
            it), or if the game ends with another result than the record says.

    Examples:
        >>> import guarda
        >>> record = GameRecord(guarda.modern(), seed=1, actions=(guarda.Pass(),))
        >>> states = replay(record)
        >>> next(states).phase.name
        'SETUP'
        >>> next(states)
        Traceback (most recent call last):
        ...
        guarda.errors.ReplayError: actions[0]: ply 1: Pass is not a decision of the setup ...
    """
    if not isinstance(record, GameRecord):
        raise ArgumentError(f"not a GameRecord: {record!r}", path="record")
    try:
        state = new_game(record.config, record.seed, salt=record.salt)
    except GuardaError as error:  # pragma: no cover - GameRecord checked both
        raise ReplayError(error.message, ply=0, rule=error.rule, path="seed") from error
    yield state
    for index, action in enumerate(record.actions):
        try:
            state, _ = apply(state, action)
        except IllegalActionError as error:
            raise ReplayError(
                error.message, ply=index + 1, rule=error.rule, path=f"actions[{index}]"
            ) from error
        yield state
    if record.result is not None and state.outcome != record.result:
        ending = "the game is not over" if state.outcome is None else "the outcome differs"
        raise ReplayError(
            f"the record gives a result, but {ending}", ply=len(record.actions), path="result"
        )


def final_state(record: GameRecord) -> GameState:
    """The state after the last action of a record.

    Raises:
        ReplayError: As for [`replay`][guarda.replay].

    Examples:
        >>> import guarda
        >>> final_state(GameRecord(guarda.classic(), seed=2)).phase.name
        'SETUP'
    """
    state = None
    for state in replay(record):  # noqa: B007 - the last one is wanted
        pass
    assert state is not None
    return state


def record_game(
    config: Config,
    seed: int,
    actions: Iterable[Action],
    *,
    names: Iterable[str] = (),
    event: str | None = None,
    site: str | None = None,
    date: str | None = None,
    salt: str = "",
) -> GameRecord:
    """A checked record of a game: the actions are replayed and the result filled in.

    Args:
        config: The ruleset.
        seed: The seed of the game.
        actions: Every action, in order.
        names: The players' names, or none.
        event: The event.
        site: The site.
        date: The date, ``YYYY-MM-DD``.
        salt: The salt of the game ([`guarda.new_game`][guarda.new_game]).

    Returns:
        The record; ``result`` is the outcome if the game is over.

    Raises:
        ReplayError: If an action is illegal.
        ParseError: If a metadata field is malformed.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=4)
        >>> record = record_game(guarda.modern(), 4, [guarda.legal_actions(state)[0]])
        >>> record.plies, record.result is None
        (1, True)
    """
    record = GameRecord(
        config,
        seed,
        tuple(actions),
        names=tuple(names),
        event=event,
        site=site,
        date=date,
        salt=salt,
    )
    return attrs.evolve(record, result=final_state(record).outcome)


class Recorder:
    """Plays a game and records it: a mutable convenience around [`guarda.apply`][guarda.apply].

    Start a game with the constructor, or go on with a saved one with
    [`resume`][guarda.Recorder.resume].

    Examples:
        >>> import guarda
        >>> recorder = Recorder(guarda.modern(), seed=2)
        >>> events = recorder.apply(guarda.legal_actions(recorder.state)[0])
        >>> recorder.record().plies
        1
    """

    __slots__ = ("_actions", "_date", "_event", "_names", "_site", "_start", "_state")

    def __init__(
        self,
        config: Config,
        seed: int,
        *,
        names: Iterable[str] = (),
        event: str | None = None,
        site: str | None = None,
        date: str | None = None,
        salt: str = "",
    ) -> None:
        """Start a game.

        Args:
            config: The ruleset.
            seed: The seed (R30).
            names: The players' names, or none.
            event: The event.
            site: The site.
            date: The date, ``YYYY-MM-DD``.
            salt: The salt of the game's commitment ([`guarda.new_game`][guarda.new_game]).

        Raises:
            ParseError: If a field is malformed.
        """
        self._start = GameRecord(
            config, seed, names=tuple(names), event=event, site=site, date=date, salt=salt
        )
        self._state = new_game(config, seed, salt=salt)
        self._actions: list[Action] = []

    @classmethod
    def resume(cls, record: GameRecord) -> Recorder:
        """Go on recording a saved game: the record's game, replayed to its last action.

        The recorder keeps the record's configuration, seed, metadata and actions, so
        [`record`][guarda.Recorder.record] gives the whole game, old actions and new. A
        saved record is a secret document (its seed decides every card, R28): load it
        with ``guarda.loads(text, guarda.GameRecord)``.

        Args:
            record: The record so far.

        Returns:
            A recorder whose state is the record's last state.

        Raises:
            ArgumentError: If ``record`` is not a record.
            ReplayError: If the record does not replay (``ply`` names the action), or
                gives a result the game does not reach.

        Examples:
            >>> import guarda
            >>> recorder = Recorder(guarda.modern(), seed=5, names=("Ana", "Ben"))
            >>> for _ in range(30):
            ...     _ = recorder.apply(guarda.legal_actions(recorder.state)[0])
            >>> saved = guarda.dumps(recorder.record(), secrets=True)
            >>> again = Recorder.resume(guarda.loads(saved, guarda.GameRecord))
            >>> again.state == recorder.state
            True
            >>> _ = again.apply(guarda.legal_actions(again.state)[0])
            >>> again.record().plies, again.record().names
            (31, ('Ana', 'Ben'))
        """
        if not isinstance(record, GameRecord):
            raise ArgumentError(f"not a GameRecord: {record!r}", path="record")
        state = final_state(record)
        recorder = object.__new__(cls)
        recorder._start = attrs.evolve(record, actions=(), result=None)
        recorder._state = state
        recorder._actions = list(record.actions)
        return recorder

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._state

    def apply(self, action: Action, *, player: int | None = None) -> tuple[Event, ...]:
        """Play an action (see [`guarda.apply`][guarda.apply]) and record it.

        Returns:
            The events the action produced.

        Raises:
            IllegalActionError: If the action is illegal; nothing is recorded.
        """
        self._state, events = apply(self._state, action, player=player)
        self._actions.append(action)
        return events

    def record(self) -> GameRecord:
        """The record so far, with the result once the game is over."""
        return attrs.evolve(self._start, actions=tuple(self._actions), result=self._state.outcome)


def seat_record(record: GameRecord, player: int | None) -> SeatRecord:
    """What ``player`` (None: a spectator) may see of a recorded game (R28).

    Replays the record and keeps the events, each as the viewer may see it
    ([`guarda.visible_event`][guarda.visible_event]): another player's draws, discards, burned
    cards and
    guards are redacted. The seed and the actions are left out.

    Args:
        record: The full record.
        player: The viewer, or None for a spectator.

    Returns:
        The seat record.

    Raises:
        ReplayError: If the record does not replay.
        ParseError: If ``player`` is not a player of the game.

    Examples:
        >>> import guarda
        >>> seen = seat_record(GameRecord(guarda.modern(), seed=1), 1)
        >>> [type(event).__name__ for event in seen.events][:2]
        ['DealCommitted', 'SetupCardDrawn']
    """
    if player is not None and (
        not isinstance(player, int)
        or isinstance(player, bool)
        or not 0 <= player < record.config.players
    ):
        raise ParseError(f"no player {player!r}", path="player")
    final = final_state(record)
    return SeatRecord(
        config=record.config,
        player=player,
        events=tuple(visible_event(event, player) for event in final.log),
        names=record.names,
        event=record.event,
        site=record.site,
        date=record.date,
        result=final.outcome,
    )
