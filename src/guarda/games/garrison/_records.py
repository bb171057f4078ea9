"""Records of Garrison games: the configuration, the seed and salt, and every action.

Examples:
    >>> from guarda.games.garrison import EndTurn, GarrisonConfig, GarrisonRecord, replay
    >>> record = GarrisonRecord(GarrisonConfig(), seed=1, actions=(EndTurn(),))
    >>> [state.turns for state in replay(record)]
    [0, 1]
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from guarda.errors import ArgumentError, GuardaError, ReplayError
from guarda.games.garrison._actions import GarrisonAction
from guarda.games.garrison._config import GarrisonConfig
from guarda.games.garrison._deal import new_game
from guarda.games.garrison._state import GarrisonState
from guarda.games.garrison._transaction import apply

__all__ = ["GarrisonRecord", "replay"]


@attrs.frozen
class GarrisonRecord:
    """A replayable game: the deal (configuration, seed, salt) and the actions in order."""

    config: GarrisonConfig
    """The game's configuration."""
    seed: int
    """The deal's seed."""
    actions: tuple[GarrisonAction, ...] = ()
    """Every action, in the order played."""
    salt: str = ""
    """The deal's salt."""
    names: tuple[str, ...] = ()
    """The players' names, by seat (may be empty)."""


def replay(record: GarrisonRecord) -> Iterator[GarrisonState]:
    """Every state of a recorded game, the first state first.

    Raises:
        ArgumentError: If ``record`` is not a record.
        ReplayError: If an action of the record is illegal where it stands.
    """
    if not isinstance(record, GarrisonRecord):
        raise ArgumentError(f"not a Garrison record: {type(record).__name__}", path="record")
    state = new_game(record.config, record.seed, salt=record.salt)
    yield state
    for number, action in enumerate(record.actions):
        try:
            state, _ = apply(state, action)
        except GuardaError as error:
            raise ReplayError(
                f"action {number} does not apply: {error.message}",
                ply=number,
                rule=error.rule,
                path=f"record.actions[{number}]",
            ) from None
        yield state
