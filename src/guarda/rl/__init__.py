"""Reinforcement learning: guarda's games as PettingZoo environments (extra ``rl``).

Install the extra first: ``pip install 'guarda[rl]'`` (PettingZoo, Gymnasium, NumPy).

- [`GuardaEnv`][guarda.rl.GuardaEnv] (or [`env`][guarda.rl.env], wrapped the way
  PettingZoo's own games are, [`raw_env`][guarda.rl.raw_env] unwrapped, and
  [`parallel_env`][guarda.rl.parallel_env] as a turn-based ``ParallelEnv``): an AEC
  environment with one agent per player, in which
  whoever must decide next, the turn player or a reacting player, is selected.
- Actions are the numbers of guarda's own [`ActionIndex`][guarda.ActionIndex]: a
  fixed, documented number for every action a game of a configuration can offer, the
  same numbers the OpenSpiel game uses; [`action_mask`][guarda.rl.action_mask] marks
  the legal ones in a NumPy vector.
- [`ObservationEncoder`][guarda.rl.ObservationEncoder]: one player's
  [`PlayerView`][guarda.PlayerView] as a vector of numbers, built from the view alone, so
  it cannot show what the player may not know.
- [`Reward`][guarda.rl.Reward]: win, draw or loss (the default), points, or stakes payouts.
- [`GameEnv`][guarda.rl.GameEnv]: the same environment for any other game of guarda (or
  of your own) that satisfies [`Game`][guarda.game.Game] and
  [`Observable`][guarda.game.Observable]: the game encodes its views and numbers its
  actions itself. The factories make one when given ``game=``:
  ``guarda.rl.env(game="on-guard")``.

This package uses only guarda's public API. See the guide
[Reinforcement learning](../rl.md).

Examples:
    >>> import guarda
    >>> import numpy as np
    >>> from guarda.rl import GuardaEnv
    >>> env = GuardaEnv(guarda.grda(players=2))
    >>> env.reset(seed=7)
    >>> choose = np.random.default_rng(7)
    >>> for agent in env.agent_iter():
    ...     observation, reward, terminated, truncated, info = env.last()
    ...     if terminated or truncated:
    ...         env.step(None)
    ...     else:
    ...         legal = np.flatnonzero(observation["action_mask"])
    ...         env.step(int(choose.choice(legal)))
    >>> env.game_state.is_over
    True
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401 - checked here, to say which extra is missing
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "guarda.rl needs PettingZoo, Gymnasium and NumPy: install guarda with the rl extra "
        "(pip install 'guarda[rl]')"
    ) from error

from guarda.rl._env import AGENT_PREFIX, GuardaEnv, Observation, Reward
from guarda.rl._factories import env, parallel_env, raw_env
from guarda.rl._game_env import GameEnv
from guarda.rl._mask import action_mask
from guarda.rl._observation import ObservationEncoder, Section

__all__ = [  # noqa: RUF022 - grouped by topic
    # The environments
    "GuardaEnv",
    "GameEnv",
    "env",
    "raw_env",
    "parallel_env",
    "AGENT_PREFIX",
    "Observation",
    "Reward",
    # Guarda's actions and observations
    "action_mask",
    "ObservationEncoder",
    "Section",
]
