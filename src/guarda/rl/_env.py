"""A PettingZoo AEC environment of Guarda: one agent per player, whoever must decide acts.

Guarda is turn-based, but not in a fixed cycle: an attacked player reacts in the middle
of the attacker's turn, and an attacker answers a counter. The environment selects
(``agent_selection``) whoever must decide next, the turn player or a reacting player, so
the agent-environment cycle of PettingZoo fits the rules exactly.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import random
import secrets
from typing import Any, Final, SupportsIndex

import gymnasium
import numpy as np
import numpy.typing as npt

import guarda
from guarda import Config, GameState, KingOfTheHill, StakesKind, Victory
from guarda.errors import ArgumentError, NotResetError
from guarda.render import text
from guarda.rl._mask import action_mask
from guarda.rl._observation import ObservationEncoder
from guarda.rl._seats import Observation, SeatedEnv

__all__ = ["AGENT_PREFIX", "GuardaEnv", "Observation", "Reward"]

_PROCESS_KEY: Final = secrets.token_hex(16)
"""The key of every environment of this process that is given none (see ``reset``)."""


def _salt(seed: int, key: str) -> str:
    """The secret salt of the game of ``seed`` under ``key`` (HMAC-SHA256, 32 hex digits)."""
    label = f"guarda.rl/salt/{seed}".encode()
    return hmac.digest(key.encode(), label, hashlib.sha256).hex()[:32]


AGENT_PREFIX: Final = "player_"
"""Agents are named ``player_0``, ``player_1``, ...: the prefix and the player number."""


class Reward(enum.StrEnum):
    """What the agents are rewarded for."""

    OUTCOME = "outcome"
    """At the end: +1 for a win (every member of the winning team), 0 for a draw (every
    member of a team with a player sharing it), -1 otherwise. A truncated game gives 0."""
    POINTS = "points"
    """After every step: the change in the points of the agent's team (Victory and King
    of the Hill only)."""
    PAYOUTS = "payouts"
    """At the end: the agent's net gain from the stakes (a stakes variant only)."""


class GuardaEnv(SeatedEnv):
    """A game of Guarda as a PettingZoo AEC environment.

    Agents are the players, ``player_0`` to ``player_{n-1}``; the selected agent
    (``agent_selection``) is whoever must decide now, so reactions out of turn are
    selected too. An action is a number of the configuration's
    [`ActionIndex`][guarda.ActionIndex]; an observation is a dictionary with the
    player's view encoded by an [`ObservationEncoder`][guarda.rl.ObservationEncoder]
    (``"observation"``) and the mask of its legal actions (``"action_mask"``, all 0 for an
    agent who need not decide).

    A player who goes out stays among the agents, never selected, until the game ends:
    a team may still win with members out. At the end every agent terminates, and each
    must then be stepped with None, as PettingZoo asks.

    Args:
        config: The ruleset; by default [`guarda.modern`][guarda.modern] for 2 players.
        reward: What the agents are rewarded for (a [`Reward`][guarda.rl.Reward] or its
            value).
        max_turns: Truncate the game once this many turns have ended (None: play to the
            end). The configuration's own ``turn_limit`` ends the game as a draw instead.
        render_mode: None, ``"ansi"`` (``render()`` returns a text picture of the table,
            as a spectator sees it) or ``"human"`` (``render()`` prints that picture to
            standard output and returns None, as PettingZoo's classic games do).
        max_actions: The most actions the action index may hold.
        normalize: Scale the observations (and the state) to a finite range, [0, 1]
            (payouts [-1, 1]), instead of plain counts bounded by the float32 maximum
            (see [`ObservationEncoder`][guarda.rl.ObservationEncoder]). Off by default.
        key: The secret the games' salts are derived from (see ``reset``); by default
            one made once per process.

    Raises:
        ArgumentError: If an argument is of the wrong kind, or the reward does not fit
            the configuration (points without points to score, payouts without stakes).
        ActionSpaceError: If the configuration's action index is too big.

    Examples:
        >>> import guarda
        >>> from guarda.rl import GuardaEnv
        >>> env = GuardaEnv(guarda.grda(players=2), max_turns=20)
        >>> env.reset(seed=3)
        >>> env.agent_selection
        'player_0'
        >>> observation, reward, terminated, truncated, info = env.last()
        >>> action = int(observation["action_mask"].nonzero()[0][0])
        >>> env.step(action)
        >>> env.game_state.turn_number >= 0
        True
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "guarda_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        config: Config | None = None,
        *,
        reward: Reward | str = Reward.OUTCOME,
        max_turns: int | None = None,
        render_mode: str | None = None,
        max_actions: int = guarda.MAX_ACTIONS,
        normalize: bool = False,
        key: str | None = None,
    ) -> None:
        if key is not None and (not isinstance(key, str) or not key or len(key) > 256):
            raise ArgumentError(
                "a key is a non-empty string of at most 256 characters", path="key"
            )
        self._key = _PROCESS_KEY if key is None else key
        if config is None:
            config = guarda.modern(players=2)
        if not isinstance(config, Config):
            raise ArgumentError(f"not a Config: {config!r}", path="config")
        self.reward_kind = _reward(reward, config)
        """What the agents are rewarded for."""
        if max_turns is not None and (
            not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 1
        ):
            raise ArgumentError(
                f"max_turns must be None or a positive integer, not {max_turns!r}",
                path="max_turns",
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentError(
                f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}",
                path="render_mode",
            )
        self.config = config
        """The ruleset of every game."""
        self.max_turns = max_turns
        """Ended turns after which a game is truncated, or None."""
        self.render_mode = render_mode
        self.index = guarda.ActionIndex(config, max_actions=max_actions)
        """The numbering of the actions, guarda's own."""
        self.encoder = ObservationEncoder(config, normalize=normalize)
        """The encoding of the views."""
        players = config.players
        self.state_space = gymnasium.spaces.Box(
            np.tile(self.encoder.low, players),
            np.tile(self.encoder.high, players),
            dtype=np.float32,
        )
        """The space of [`state`][guarda.rl.GuardaEnv.state]: ``players`` observations."""
        self.possible_agents = [f"{AGENT_PREFIX}{i}" for i in range(config.players)]
        self.agents = []
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self.index.size) for agent in self.possible_agents
        }
        mask = gymnasium.spaces.Box(0, 1, (self.index.size,), dtype=np.int8)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict({"observation": self.encoder.space, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self._seeds = random.Random()
        self._state: GameState | None = None
        self._seed: int | None = None

    # -- spaces and agents --------------------------------------------------------------

    @property
    def game_state(self) -> GameState:
        """The full state of the current game (it holds every secret: not for agents).

        Raises:
            NotResetError: Before the first ``reset()``.
        """
        if self._state is None:
            raise NotResetError("call reset() before using the environment", path="env")
        return self._state

    # -- the cycle ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game.

        With a seed, the game deals as ``guarda.new_game(config, seed)`` and the seeds of
        later resets without one follow from it, so a run is reproducible; without a seed
        ever given, games are seeded from the operating system's randomness (64 bits).
        Every game's commitment is salted with a secret derived from the seed and the
        environment's ``key`` (by default a key made once per process), so it gives
        nothing away, and the same seed makes the same game, log included, in every
        environment of the process (give ``key`` to make it so across processes).
        Observations hold no seed, salt or commitment. A policy that should not know the
        deal must not be given the seed it is reset with.

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
        # A secret salt, the same for the same seed and key: the game's commitment says
        # nothing about its seed (P23), and a seeded reset makes the same game, log included.
        salt = _salt(game_seed, self._key)
        state = guarda.new_game(self.config, seed=game_seed, salt=salt)
        self._seed = game_seed
        self._state = state
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        assert state.actor is not None
        self.agent_selection = self.possible_agents[state.actor]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now: its view encoded, and the mask of its legal actions.

        Raises:
            ArgumentError: If there is no such agent.
            NotResetError: Before the first ``reset()``.
        """
        player = self.player_of(agent)
        seen = guarda.view(self.game_state, player)
        return {
            "observation": self.encoder.encode(seen),
            "action_mask": action_mask(self.index, seen),
        }

    def state(self) -> npt.NDArray[np.float32]:
        """The full state as one vector, for centralized critics (it holds every secret).

        The layout is every player's observation in turn, player 0 first: the vector
        ``ObservationEncoder.encode(guarda.view(state, p))`` for each player ``p``, so
        ``state()[p * n : (p + 1) * n]`` (``n = encoder.size``) is exactly what
        ``observe(f"player_{p}")["observation"]`` holds, sections and scaling included.
        Together they hold every player's hand, guard (card and orientation), draw pile
        and discard pile as counts, and the public facts (phase, positions, health,
        points, the attack, the outcome) once per player. Left out: the order of the
        draw piles (no player knows it) and the random source of later reshuffles.

        Raises:
            NotResetError: Before the first ``reset()``.

        Examples:
            >>> import guarda
            >>> from guarda.rl import GuardaEnv
            >>> game = GuardaEnv(guarda.grda())
            >>> game.reset(seed=2)
            >>> full = game.state()
            >>> full.shape == game.state_space.shape == (2 * game.encoder.size,)
            True
            >>> n = game.encoder.size
            >>> bool((full[n:] == game.observe("player_1")["observation"]).all())
            True
        """
        state = self.game_state
        return np.concatenate(
            [
                self.encoder.encode(guarda.view(state, player))
                for player in range(state.config.players)
            ]
        )

    def step(self, action: SupportsIndex | None) -> None:
        """Play the selected agent's action, a number of the action index.

        A terminated or truncated agent must be stepped with None (it is then removed).
        A failing step changes nothing.

        Raises:
            ArgumentError: If ``action`` is not an integer (or not None for an agent that
                is done).
            ActionSpaceError: If ``action`` is outside the action index.
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
        chosen = self.index.action_at(action)
        after, _ = guarda.apply(state, chosen)
        before_points = self._team_points(state)
        self._state = after
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.reward_kind is Reward.POINTS:
            after_points = self._team_points(after)
            for number, name in enumerate(self.possible_agents):
                self.rewards[name] = float(after_points[number] - before_points[number])
        if after.is_over:
            self._finish(after)
        elif self.max_turns is not None and after.turns_ended >= self.max_turns:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            assert after.actor is not None
            self.agent_selection = self.possible_agents[after.actor]
        self._accumulate_rewards()

    def _team_points(self, state: GameState) -> list[int]:
        """Each player's team's points."""
        config = self.config
        totals = [sum(state.players[p].points for p in team) for team in config.teams]
        return [totals[config.team_of(player)] for player in range(config.players)]

    def _finish(self, state: GameState) -> None:
        outcome = state.outcome
        assert outcome is not None
        config = self.config
        drawn_teams = {config.team_of(player) for player in outcome.drawn}
        for player, name in enumerate(self.possible_agents):
            if self.reward_kind is Reward.OUTCOME:
                if player in outcome.winners:
                    self.rewards[name] = 1.0
                elif config.team_of(player) in drawn_teams:
                    self.rewards[name] = 0.0
                else:
                    self.rewards[name] = -1.0
            elif self.reward_kind is Reward.PAYOUTS:
                self.rewards[name] = float(outcome.payouts[player])
        self.terminations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        """A text picture of the table as a spectator sees it: returned with
        ``render_mode="ansi"``, printed to standard output with ``"human"`` (which returns
        None); None without a render mode.

        Raises:
            NotResetError: Before the first ``reset()``.
        """
        state = self.game_state
        if self.render_mode is None:
            return None
        picture = text(guarda.view(state, None))
        if self.render_mode == "human":
            print(picture)  # the human render mode prints, as PettingZoo's classic games do
            return None
        return picture


def _reward(reward: object, config: Config) -> Reward:
    try:
        kind = Reward(reward if isinstance(reward, str) else "")
    except ValueError:
        raise ArgumentError(
            f"reward must be one of {', '.join(kind.value for kind in Reward)}, not {reward!r}",
            path="reward",
        ) from None
    if kind is Reward.POINTS and not isinstance(config.win, (Victory, KingOfTheHill)):
        raise ArgumentError(
            f"points rewards need points to score: {config.name} plays "
            f"{type(config.win).__name__}, not Victory or King of the Hill",
            path="reward",
        )
    if kind is Reward.PAYOUTS and config.stakes.kind is StakesKind.NONE:
        raise ArgumentError(
            f"payout rewards need a stakes variant, and {config.name} has none",
            path="reward",
        )
    return kind
