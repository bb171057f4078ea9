"""The games guarda plays, each behind the [game protocol][guarda.game.Game].

| Name | Game | Players | Module |
|---|---|---|---|
| ``guarda`` | Guarda, the tactical card game | 2-8 | [`GUARDA`][guarda.games.GUARDA] |
| ``on-guard`` | On Guard, a fencing duel | 2 | [`ON_GUARD`][guarda.games.ON_GUARD] |
| ``garrison`` | Garrison, keeps and sieges | 2-6 | [`GARRISON`][guarda.games.GARRISON] |
| ``guards`` | The heist, thieves against guards | 1-2 | [`GUARDS`][guarda.games.GUARDS] |

A layer that takes ``game=`` (bots, the arena, statistics, the CLI's ``--game``, the
PettingZoo and OpenSpiel adapters) takes any of these objects, or a game of your own that
satisfies [`Game`][guarda.game.Game].

Examples:
    >>> from guarda.games import GAMES, get_game
    >>> {"guarda", "on-guard"} <= set(GAMES)
    True
    >>> get_game("guarda").title
    'Guarda'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from guarda.errors import ArgumentError
from guarda.game import Game
from guarda.games._guarda import GUARDA, GuardaGame
from guarda.games.garrison import GARRISON, GarrisonGame
from guarda.games.guards import GUARDS, HeistGame
from guarda.games.on_guard import ON_GUARD, OnGuardGame

__all__ = [  # noqa: RUF022 - grouped by topic
    # The registry
    "GAMES",
    "get_game",
    "game_of",
    # The games
    "GUARDA",
    "GuardaGame",
    "ON_GUARD",
    "OnGuardGame",
    "GARRISON",
    "GarrisonGame",
    "GUARDS",
    "HeistGame",
]

GAMES: Final[Mapping[str, Game]] = MappingProxyType(
    {GUARDA.name: GUARDA, ON_GUARD.name: ON_GUARD, GARRISON.name: GARRISON, GUARDS.name: GUARDS}
)
"""Every game that ships with guarda, by name."""


def get_game(name: str | Game) -> Game:
    """The game called ``name`` (a game object is returned as it is).

    Args:
        name: A name in [`GAMES`][guarda.games.GAMES], or a [`Game`][guarda.game.Game].

    Returns:
        The game.

    Raises:
        ArgumentError: If no game has that name.

    Examples:
        >>> get_game("guarda") is GUARDA
        True
    """
    if isinstance(name, str):
        try:
            return GAMES[name]
        except KeyError:
            raise ArgumentError(
                f"no game called {name!r} (games: {', '.join(sorted(GAMES))})", path="game"
            ) from None
    if isinstance(name, Game):
        return name
    raise ArgumentError(f"not a game or a game's name: {name!r}", path="game")


def game_of(value: object) -> Game:
    """The shipped game a configuration, state or view belongs to.

    A state or view is recognised by its ``config``; a configuration by
    [`Game.is_config`][guarda.game.Game.is_config].

    Raises:
        ArgumentError: If no shipped game owns ``value``.

    Examples:
        >>> import guarda
        >>> game_of(guarda.new_game(guarda.grda(), seed=1)) is GUARDA
        True
    """
    config = getattr(value, "config", value)
    for game in GAMES.values():
        if game.is_config(config):
            return game
    raise ArgumentError(f"no shipped game owns {type(value).__name__}", path="game")
