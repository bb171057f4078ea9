"""A PettingZoo AEC environment of any game that speaks guarda's game protocol.

[`GameEnv`][guarda.rl.GameEnv] plays any [`Game`][guarda.game.Game] that is also
[`Observable`][guarda.game.Observable]: the game encodes its views as vectors itself, and
numbers its actions with its [`action_space`][guarda.game.Game.action_space], so the
environment reads nothing but the protocol. Guarda, whose encoder needs NumPy and lives
in this package, has its own environment, [`GuardaEnv`][guarda.rl.GuardaEnv].
"""

from __future__ import annotations

import operator
import random
from typing import Any, Final, SupportsIndex

import gymnasium
import numpy as np
import numpy.typing as npt

from guarda.errors import (
    ActionSpaceError,
    ArgumentError,
    IllegalActionError,
    NotResetError,
)
from guarda.game import ActionSpace, Game, Observable
from guarda.games import get_game
from guarda.rl._env import _PROCESS_KEY, AGENT_PREFIX, _salt
from guarda.rl._seats import Observation, SeatedEnv

__all__ = ["GameEnv"]

_RENDER_MODES: Final = ("human", "ansi")
"""The render modes of the environments: ``"human"`` prints, ``"ansi"`` returns text."""


def _observable(game: object) -> Game:
    """The game ``game`` names, checked to encode its views."""
    found = get_game(game)  # type: ignore[arg-type]  # get_game says what is wrong
    if not isinstance(found, Observable):
        hint = " (Guarda has its own environment: GuardaEnv)" if found.name == "guarda" else ""
        raise ArgumentError(
            f"{found.title} does not encode its views as vectors: a GameEnv needs a game "
            f"that is Observable (observation_size and observe){hint}",
            path="game",
        )
    return found


def _number(action: object) -> int:
    """An action given as an integer (a NumPy integer too), checked for its kind."""
    if isinstance(action, bool):
        raise ArgumentError(f"an action is an integer, not {action!r}", path="action")
    try:
        return operator.index(action)  # type: ignore[arg-type]  # refused below if not
    except TypeError:
        raise ArgumentError(f"an action is an integer, not {action!r}", path="action") from None


class GameEnv(SeatedEnv):
    """A game of any [`Observable`][guarda.game.Observable] game as a PettingZoo AEC
    environment.

    It works as [`GuardaEnv`][guarda.rl.GuardaEnv] does, through the game protocol
    alone. Agents are the players, ``player_0`` to ``player_{n-1}``; the selected agent
    is whoever must decide now (the game's [`actor`][guarda.game.Game.actor]), so a
    decision out of turn is selected too. An action is a number of the game's
    [`action_space`][guarda.game.Game.action_space]; an observation is a dictionary with
    the player's view encoded by the game's own [`observe`][guarda.game.Observable.observe]
    (``"observation"``, a ``float32`` vector in [0, 1]) and the mask of the player's legal
    actions (``"action_mask"``, ``int8``, all 0 for an agent who need not decide).

    At the end every agent terminates with a reward read from the game's
    [`scores`][guarda.game.Game.scores]: +1 for a win, 0 for a shared draw, -1 for a
    loss (``2 * score - 1``), as [`Reward.OUTCOME`][guarda.rl.Reward.OUTCOME] gives in
    Guarda. A truncated game gives 0.

    Args:
        game: The game: a [`Game`][guarda.game.Game] that is also
            [`Observable`][guarda.game.Observable], or the name of one in
            [`guarda.games.GAMES`][guarda.games.GAMES].
        config: The game's configuration; by default its
            [`default_config()`][guarda.game.Game.default_config].
        max_turns: Truncate the game once [`game.turn`][guarda.game.Game.turn] reaches
            this many (None: play to the end).
        render_mode: None, ``"ansi"`` (``render()`` returns the game's
            [`text`][guarda.game.Game.text] picture of the table as a spectator sees it)
            or ``"human"`` (``render()`` prints it and returns None).
        key: The secret the deals' salts are derived from (see
            [`reset`][guarda.rl.GameEnv.reset]); by default one made once per process.

    Raises:
        ArgumentError: If the game is unknown or not Observable, the configuration not
            one of the game's, or another argument of the wrong kind.

    Examples:
        >>> from guarda.games import GUARDA
        >>> from guarda.rl import GameEnv
        >>> GameEnv(GUARDA)
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: game: Guarda does not encode its views as vectors: ...
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "guarda_game_v0",
        "render_modes": list(_RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game | str,
        config: Any = None,
        *,
        max_turns: int | None = None,
        render_mode: str | None = None,
        key: str | None = None,
    ) -> None:
        found = _observable(game)
        assert isinstance(found, Observable)
        if config is None:
            config = found.default_config()
        elif not found.is_config(config):
            raise ArgumentError(f"not a configuration of {found.title}: {config!r}", path="config")
        if max_turns is not None and (
            not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 1
        ):
            raise ArgumentError(
                f"max_turns must be None or a positive integer, not {max_turns!r}",
                path="max_turns",
            )
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ArgumentError(
                f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}",
                path="render_mode",
            )
        if key is not None and (not isinstance(key, str) or not key or len(key) > 256):
            raise ArgumentError(
                "a key is a non-empty string of at most 256 characters", path="key"
            )
        self._key = _PROCESS_KEY if key is None else key
        self.game: Game = found
        """The game played."""
        self._observable: Observable = found
        self.config: Any = config
        """The configuration of every game."""
        self.max_turns = max_turns
        """The turns after which a game is truncated, or None."""
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"{found.name.replace('-', '_')}_v0"}
        self.index: ActionSpace = found.action_space(config)
        """The numbering of the actions: the game's own action space."""
        self.observation_size: int = found.observation_size(config)
        """The length of every observation vector."""
        players = found.players(config)
        self.possible_agents = [f"{AGENT_PREFIX}{i}" for i in range(players)]
        self.agents = []
        vector = gymnasium.spaces.Box(0.0, 1.0, (self.observation_size,), dtype=np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.index.size,), dtype=np.int8)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict({"observation": vector, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self.index.size) for agent in self.possible_agents
        }
        self.state_space = gymnasium.spaces.Box(
            0.0, 1.0, (players * self.observation_size,), dtype=np.float32
        )
        """The space of [`state`][guarda.rl.GameEnv.state]: ``players`` observations."""
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self._seeds = random.Random()
        self._state: Any = None
        self._seed: int | None = None

    # -- spaces and agents --------------------------------------------------------------

    @property
    def game_state(self) -> Any:
        """The full state of the current game (it holds every secret: not for agents).

        Raises:
            NotResetError: Before the first ``reset()``.
        """
        if self._state is None:
            raise NotResetError("call reset() before using the environment", path="env")
        return self._state

    # -- the cycle ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, as [`GuardaEnv.reset`][guarda.rl.GuardaEnv.reset] does.

        With a seed, the game deals as ``game.new_game(config, seed, salt=...)`` and the
        seeds of later resets without one follow from it, so a run is reproducible;
        without a seed ever given, games are seeded from the operating system's
        randomness (64 bits). The salt is a secret derived from the seed and the
        environment's ``key`` (by default a key made once per process), so the same seed
        makes the same game in every environment of the process (give ``key`` to make it
        so across processes), and nothing the game shows of its salt tells the seed.

        Args:
            seed: An integer, or None.
            options: Accepted for PettingZoo's API and ignored.

        Raises:
            ArgumentError: If ``seed`` is not an integer or ``options`` not a dictionary.
        """
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ArgumentError(f"a seed is an integer or None, not {seed!r}", path="seed")
        if options is not None and not isinstance(options, dict):
            raise ArgumentError(
                f"options must be a dictionary or None, not {options!r}", path="options"
            )
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(64)
        state = self.game.new_game(self.config, game_seed, salt=_salt(game_seed, self._key))
        self._seed = game_seed
        self._state = state
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        actor = self.game.actor(state)
        self.agent_selection = self.possible_agents[0 if actor is None else actor]
        if actor is None:  # a game over before it starts: every agent is done at once
            self._finish(state)

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now: its view encoded, and the mask of its legal actions.

        Raises:
            ArgumentError: If there is no such agent.
            NotResetError: Before the first ``reset()``.
        """
        player = self.player_of(agent)
        seen = self.game.view(self.game_state, player)
        mask = np.zeros(self.index.size, dtype=np.int8)
        legal = self.index.legal_indices(seen)
        if legal:
            mask[np.fromiter(legal, dtype=np.intp, count=len(legal))] = 1
        return {"observation": self._encode(seen), "action_mask": mask}

    def _encode(self, view: Any) -> npt.NDArray[np.float32]:
        return np.asarray(self._observable.observe(view), dtype=np.float32)

    def state(self) -> npt.NDArray[np.float32]:
        """The full state as one vector, for centralized critics (it holds every secret).

        The layout is every player's observation in turn, player 0 first:
        ``state()[p * n : (p + 1) * n]`` (``n = observation_size``) is exactly
        ``observe(f"player_{p}")["observation"]``. Together the blocks hold what every
        player knows: each one's hidden cards, and the public facts once per player.

        Raises:
            NotResetError: Before the first ``reset()``.
        """
        state = self.game_state
        players = range(len(self.possible_agents))
        return np.concatenate([self._encode(self.game.view(state, p)) for p in players])

    def step(self, action: SupportsIndex | None) -> None:
        """Play the selected agent's action, a number of the game's action space.

        A terminated or truncated agent must be stepped with None (it is then removed).
        A failing step changes nothing.

        Raises:
            ArgumentError: If ``action`` is not an integer (or not None for an agent that
                is done).
            ActionSpaceError: If ``action`` is outside the action space.
            IllegalActionError: If the action is not legal now.
            NotResetError: Before the first ``reset()``, and once every agent is done.
        """
        state = self.game_state
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ArgumentError(
                    f"{agent} is done: step it with None, not {action!r}", path="action"
                )
            self._was_dead_step(action)
            return
        if action is None:
            raise ArgumentError(f"{agent} must act: give an action number", path="action")
        number = _number(action)
        if not 0 <= number < self.index.size:
            raise ActionSpaceError(
                f"action {number} is outside 0..{self.index.size - 1}", path="action"
            )
        if number not in self.index.legal_indices(state):
            raise IllegalActionError(
                f"action {number} ({self.game.format_action(self.index.action_at(number))}) "
                f"is not legal now for {agent}",
                path="action",
            )
        after, _ = self.game.apply(state, self.index.action_at(number))
        self._state = after
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        actor = self.game.actor(after)
        if actor is None or self.game.is_over(after):
            self._finish(after)
        elif self.max_turns is not None and self.game.turn(after) >= self.max_turns:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[actor]
        self._accumulate_rewards()

    def _finish(self, state: Any) -> None:
        scores = self.game.scores(state)
        if scores is not None:
            for name, score in zip(self.possible_agents, scores, strict=True):
                self.rewards[name] = 2.0 * float(score) - 1.0
        self.terminations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        """The game's [`text`][guarda.game.Game.text] picture of the table as a spectator
        sees it: returned with ``render_mode="ansi"``, printed to standard output with
        ``"human"`` (which returns None); None without a render mode.

        Raises:
            NotResetError: Before the first ``reset()``.
        """
        state = self.game_state
        if self.render_mode is None:
            return None
        picture = self.game.text(self.game.view(state, None))
        if self.render_mode == "human":
            print(picture)  # the human render mode prints, as PettingZoo's classic games do
            return None
        return picture
