"""Garrison's configuration: how many players, how long a game, and the turn limit.

Examples:
    >>> from guarda.games.garrison import GarrisonConfig
    >>> config = GarrisonConfig(players=4, length="medium")
    >>> config.target
    35
"""

from __future__ import annotations

from typing import Final

import attrs

from guarda.errors import ConfigurationError

__all__ = ["LENGTHS", "TARGETS", "GarrisonConfig"]

LENGTHS: Final = ("quick", "medium", "long")
"""The game lengths the rules name, shortest first."""

TARGETS: Final[dict[str, tuple[int, ...]]] = {
    "quick": (30, 30, 30, 25, 20),
    "medium": (40, 40, 35, 30, 30),
    "long": (50, 50, 45, 40, 40),
}
"""The target keep value by length, for 2, 3, 4, 5 and 6 players."""


def _check_players(instance: object, attribute: object, players: object) -> None:
    if type(players) is not int or not 2 <= players <= 6:
        raise ConfigurationError(
            f"Garrison is for 2 to 6 players, not {players!r}", path="config.players"
        )


def _check_length(instance: object, attribute: object, length: object) -> None:
    if length not in LENGTHS:
        raise ConfigurationError(
            f"length must be one of {', '.join(LENGTHS)}, not {length!r}", path="config.length"
        )


def _check_limit(instance: object, attribute: object, limit: object) -> None:
    if type(limit) is not int or not 1 <= limit <= 100_000:
        raise ConfigurationError(
            f"turn_limit must be an integer from 1 to 100000, not {limit!r}",
            path="config.turn_limit",
            rule="GA20",
        )


@attrs.frozen
class GarrisonConfig:
    """A game of Garrison: the players, the length (which sets the target) and the turn limit.

    Raises:
        ConfigurationError: For a value out of range, naming the field.

    Examples:
        >>> GarrisonConfig().target, GarrisonConfig(players=6, length="long").target
        (30, 40)
        >>> GarrisonConfig(players=7)
        Traceback (most recent call last):
        ...
        guarda.errors.ConfigurationError: config.players: Garrison is for 2 to 6 players, not 7
    """

    players: int = attrs.field(default=2, validator=_check_players)
    """How many players sit at the table, 2 to 6."""
    length: str = attrs.field(default="quick", validator=_check_length)
    """The game length: ``quick``, ``medium`` or ``long`` (sets the target)."""
    turn_limit: int = attrs.field(default=300, validator=_check_limit)
    """After this many turns in all the game ends as a draw (GA20)."""

    @property
    def target(self) -> int:
        """The keep value that wins, from the rules' table."""
        return TARGETS[self.length][self.players - 2]
