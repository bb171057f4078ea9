"""Provably fair deals: check a revealed record against the commitment players saw (P23).

Every game opens with [`DealCommitted`][guarda.DealCommitted]: the SHA-256 of its seed and
salt, public from the first event. The seed and salt stay secret while the game runs;
when it is over, the record reveals them, and [`verify_fair`][guarda.verify_fair] checks
that they give the commitment the player kept, that every action replays, and that the
replayed game shows that player exactly what they saw: every shuffle, every card they
drew, every event. A host that changed the seed, an action or a draw after the start
cannot pass.
"""

from __future__ import annotations

from guarda._events import Event, opening_commitment
from guarda._records import GameRecord, SeatRecord, replay, seat_record
from guarda._state import GameState
from guarda._views import PlayerView
from guarda.errors import ArgumentError, FairnessError, ReplayError

__all__ = ["verify_fair"]


def _seen(seen: SeatRecord | PlayerView | str | None) -> tuple[str | None, tuple[Event, ...]]:
    """The commitment and the events a player kept, from what they hold."""
    if seen is None:
        return None, ()
    if isinstance(seen, str):
        return seen, ()
    if isinstance(seen, SeatRecord | PlayerView):
        return opening_commitment(seen.events), tuple(seen.events)
    raise ArgumentError(
        f"expected a SeatRecord, a PlayerView, a commitment or None, not {seen!r:.80}",
        path="seen",
    )


def _first_difference(expected: tuple[Event, ...], seen: tuple[Event, ...]) -> int | None:
    for index, (event, shown) in enumerate(zip(expected, seen, strict=False)):
        if event != shown:
            return index
    return None if len(seen) <= len(expected) else len(expected)


def verify_fair(record: GameRecord, seen: SeatRecord | PlayerView | str | None = None) -> None:
    """Check that a revealed record proves a fair game to a player (P23).

    Checks, in order: the record's seed and salt give the commitment the player saw at the
    start (from ``seen``); every action replays (and the recorded result is the game's);
    and the replayed game shows the player exactly the events they saw, every one of their
    draws included. With ``seen=None`` only the record's own consistency is checked, which
    proves nothing to anybody: pass what the player kept.

    Args:
        record: The full record, seed and salt revealed after the game.
        seen: What the player kept: their [`SeatRecord`][guarda.SeatRecord], a
            [`PlayerView`][guarda.PlayerView] from any point of the game (its events must
            be the start of the replayed game's), or just the commitment string.

    Raises:
        FairnessError: If any check fails; the message says which, ``path`` where.
        ArgumentError: If ``record`` or ``seen`` is of the wrong kind.

    Examples:
        >>> import guarda
        >>> recorder = guarda.Recorder(guarda.grda(), seed=12, salt="5f1c")
        >>> south_saw = guarda.view(recorder.state, 0)
        >>> recorder.apply(guarda.legal_actions(recorder.state)[0])
        (...)
        >>> record = recorder.record()
        >>> verify_fair(record, south_saw)
        >>> import attrs
        >>> verify_fair(attrs.evolve(record, seed=13), south_saw)
        Traceback (most recent call last):
        ...
        guarda.errors.FairnessError: seed: the seed and salt give the commitment 22af..., not the 338d... the game published (P23)
    """  # noqa: E501
    if not isinstance(record, GameRecord):
        raise ArgumentError(f"not a GameRecord: {record!r:.80}", path="record")
    published, events = _seen(seen)
    revealed = record.commitment
    if published is not None and published != revealed:
        raise FairnessError(
            f"the seed and salt give the commitment {revealed[:4]}..., not the "
            f"{published[:4]}... the game published",
            path="seed",
        )
    try:
        states = list(replay(record))
    except ReplayError as error:
        raise FairnessError(
            f"the actions do not replay: {error}", path=error.path, ply=error.ply
        ) from error
    if not events:
        return
    player = seen.player if isinstance(seen, SeatRecord | PlayerView) else None
    expected = seat_record(record, player).events
    index = _first_difference(expected, events)
    if index is None and isinstance(seen, SeatRecord) and len(events) != len(expected):
        index = len(events)  # a seat record holds the whole game: nothing may be missing
    if index is not None:
        shown = events[index] if index < len(events) else "nothing more"
        replayed = expected[index] if index < len(expected) else "nothing more"
        raise FairnessError(
            f"you saw {shown}, but the revealed seed and actions give {replayed}",
            path=f"events[{index}]",
            ply=_ply_of_event(states, index),
        )


def _ply_of_event(states: list[GameState], index: int) -> int | None:
    """The ply (1-based) whose action produced event ``index`` of the log, if any."""
    for ply, state in enumerate(states):
        if len(state.log) > index:
            return ply or None
    return None
