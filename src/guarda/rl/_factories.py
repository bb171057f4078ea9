"""PettingZoo's module convention: ``raw_env``, ``env`` and ``parallel_env`` of every game.

Without ``game`` (or with Guarda) they make a [`GuardaEnv`][guarda.rl.GuardaEnv], as they
always have; with any other game a [`GameEnv`][guarda.rl.GameEnv].
"""

from __future__ import annotations

from typing import Any, overload

from pettingzoo import ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from guarda import Config
from guarda.game import Game
from guarda.games import GUARDA, get_game
from guarda.rl._env import GuardaEnv, Observation
from guarda.rl._game_env import GameEnv

__all__ = ["env", "parallel_env", "raw_env"]


@overload
def raw_env(config: Config | None = None, *, game: None = None, **options: Any) -> GuardaEnv: ...
@overload
def raw_env(config: Any = None, *, game: Game | str, **options: Any) -> GuardaEnv | GameEnv: ...
def raw_env(
    config: Any = None, *, game: Game | str | None = None, **options: Any
) -> GuardaEnv | GameEnv:
    """An unwrapped environment: PettingZoo's ``raw_env``.

    Args:
        config: The configuration (the game's default if None).
        game: The game, or its name in [`GAMES`][guarda.games.GAMES]; None for Guarda.
            Guarda makes a [`GuardaEnv`][guarda.rl.GuardaEnv], any other game a
            [`GameEnv`][guarda.rl.GameEnv] (which needs an
            [`Observable`][guarda.game.Observable] game).
        **options: The keyword arguments of that environment.

    Raises:
        ArgumentError: If the game is unknown or not Observable, or an option is wrong.

    Examples:
        >>> import guarda
        >>> from guarda import rl
        >>> type(rl.raw_env(guarda.grda())).__name__
        'GuardaEnv'
        >>> type(rl.raw_env(guarda.grda(), game="guarda")).__name__
        'GuardaEnv'
    """
    if game is None:
        return GuardaEnv(config, **options)
    found = get_game(game)
    if found is GUARDA:
        return GuardaEnv(config, **options)
    return GameEnv(found, config, **options)


@overload
def env(
    config: Config | None = None, *, game: None = None, **options: Any
) -> OrderEnforcingWrapper[str, Observation, Any]: ...
@overload
def env(
    config: Any = None, *, game: Game | str, **options: Any
) -> OrderEnforcingWrapper[str, Observation, Any]: ...
def env(
    config: Any = None, *, game: Game | str | None = None, **options: Any
) -> OrderEnforcingWrapper[str, Observation, Any]:
    """[`raw_env`][guarda.rl.raw_env] in PettingZoo's ``OrderEnforcingWrapper`` (it refuses
    ``step`` before ``reset``), the way PettingZoo's own games are made.

    PettingZoo's classic games also add ``AssertOutOfBoundsWrapper``; this one does not,
    because the environment checks actions itself and says more: an action outside the
    index raises [`ActionSpaceError`][guarda.errors.ActionSpaceError], one of the wrong
    kind [`ArgumentError`][guarda.errors.ArgumentError], where the wrapper would raise a
    bare ``AssertionError``. Nor ``TerminateIllegalWrapper``: an illegal action raises
    [`IllegalActionError`][guarda.errors.IllegalActionError] and changes nothing.

    Args:
        config: The configuration (the game's default if None).
        game: The game, or its name; None for Guarda (see [`raw_env`][guarda.rl.raw_env]).
        **options: The keyword arguments of the environment.

    Examples:
        >>> import guarda
        >>> from guarda import rl
        >>> game = rl.env(guarda.grda())
        >>> game.reset(seed=1)
        >>> game.unwrapped.game_seed
        1
    """
    return OrderEnforcingWrapper(raw_env(config, game=game, **options))


@overload
def parallel_env(
    config: Config | None = None, *, game: None = None, **options: Any
) -> ParallelEnv[str, Observation, Any]: ...
@overload
def parallel_env(
    config: Any = None, *, game: Game | str, **options: Any
) -> ParallelEnv[str, Observation, Any]: ...
def parallel_env(
    config: Any = None, *, game: Game | str | None = None, **options: Any
) -> ParallelEnv[str, Observation, Any]:
    """The environment as a PettingZoo ``ParallelEnv``, one agent acting per step.

    No game of guarda is parallelizable (players never act at once: a game's
    simultaneous choices are made one after the other), so this is PettingZoo's
    ``turn_based_aec_to_parallel`` of [`env`][guarda.rl.env], not ``aec_to_parallel``
    (which refuses it): each ``step`` takes a dictionary of actions and plays the one of
    the selected agent; the others are ignored. ``state()`` and ``state_space`` pass
    through.

    Args:
        config: The configuration (the game's default if None).
        game: The game, or its name; None for Guarda (see [`raw_env`][guarda.rl.raw_env]).
        **options: The keyword arguments of the environment.

    Examples:
        >>> import guarda
        >>> from guarda import rl
        >>> game = rl.parallel_env(guarda.grda(), max_turns=4)
        >>> observations, infos = game.reset(seed=1)
        >>> sorted(observations)
        ['player_0', 'player_1']
        >>> game.state().shape == game.state_space.shape
        True
    """
    return turn_based_aec_to_parallel(env(config, game=game, **options))
