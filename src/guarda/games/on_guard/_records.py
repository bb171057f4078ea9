"""A replayable record of an On Guard game, and its replay.

Examples:
    >>> from guarda.games.on_guard import Add, Done, OnGuardConfig, OnGuardRecord, replay
    >>> record = OnGuardRecord(OnGuardConfig(), seed=1, actions=(Add(10), Done()))
    >>> [state.actor for state in replay(record)]
    [0, 0, 1]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from guarda.errors import ArgumentError, IllegalActionError, ReplayError

from ._actions import Action, Add, Done
from ._config import OnGuardConfig
from ._state import OnGuardState
from ._transaction import apply, new_game

__all__ = ["OnGuardRecord", "replay"]


def _check_config(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, OnGuardConfig):
        raise ArgumentError(f"not an On Guard configuration: {value!r}", path="config")


def _check_seed(instance: Any, attribute: Any, value: Any) -> None:
    if type(value) is not int:
        raise ArgumentError(f"seed must be an int, not {value!r}", path="seed")


def _check_actions(instance: Any, attribute: Any, value: Any) -> None:
    for index, action in enumerate(value):
        if not isinstance(action, Add | Done):
            raise ArgumentError(f"not an On Guard action: {action!r}", path=f"actions[{index}]")


def _check_strings(instance: Any, attribute: Any, value: Any) -> None:
    if isinstance(value, str):
        return
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise ArgumentError(f"must be a str, not {item!r}", path=f"{attribute.name}[{index}]")


def _action_tuple(value: Iterable[Action]) -> tuple[Action, ...]:
    try:
        return tuple(value)
    except TypeError:
        raise ArgumentError(f"actions must be a sequence, not {value!r}", path="actions") from None


def _name_tuple(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise ArgumentError(f"names must be a sequence of str, not {value!r}", path="names")
    try:
        return tuple(value)
    except TypeError:
        raise ArgumentError(f"names must be a sequence, not {value!r}", path="names") from None


def _check_salt(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, str):
        raise ArgumentError(f"salt must be a str, not {value!r}", path="salt")


@attrs.frozen
class OnGuardRecord:
    """A game: its rules, seed and salt (the odds coin toss), every action, the players' names.

    Attributes:
        config: The rules.
        seed: The seed of [`new_game`][guarda.games.on_guard.new_game].
        actions: Every action, the first first.
        salt: The salt of ``new_game``.
        names: The players' names, seat 0 first (may be empty).

    Raises:
        ArgumentError: For a field of the wrong kind, named by its path.
    """

    config: OnGuardConfig = attrs.field(validator=_check_config)
    seed: int = attrs.field(validator=_check_seed)
    actions: tuple[Action, ...] = attrs.field(
        default=(), converter=_action_tuple, validator=_check_actions
    )
    salt: str = attrs.field(default="", validator=_check_salt)
    names: tuple[str, ...] = attrs.field(
        default=(), converter=_name_tuple, validator=_check_strings
    )


def replay(record: OnGuardRecord) -> Iterator[OnGuardState]:
    """Every state of a recorded game, the first state first.

    Raises:
        ArgumentError: If ``record`` is not an On Guard record.
        ReplayError: At an illegal action, with its 1-based ``ply``.

    Examples:
        >>> from guarda.games.on_guard import Done, OnGuardConfig
        >>> list(replay(OnGuardRecord(OnGuardConfig(), 1, (Done(),))))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        guarda.errors.ReplayError: actions[0]: ply 1: a selection needs at least one ...
    """
    if not isinstance(record, OnGuardRecord):
        raise ArgumentError(f"not an On Guard record: {record!r}", path="record")
    return _replay(record)


def _replay(record: OnGuardRecord) -> Iterator[OnGuardState]:
    state = new_game(record.config, record.seed, salt=record.salt)
    yield state
    for ply, action in enumerate(record.actions, start=1):
        try:
            state, _ = apply(state, action)
        except IllegalActionError as error:
            raise ReplayError(
                error.message, ply=ply, rule=error.rule, path=f"actions[{ply - 1}]"
            ) from error
        yield state
