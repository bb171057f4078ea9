"""What every guarda PettingZoo environment shares: its agents, their spaces and turns.

[`GuardaEnv`][guarda.rl.GuardaEnv] (Guarda, with its own encoder and rewards) and
[`GameEnv`][guarda.rl.GameEnv] (any other game of the protocol) differ in how they deal,
encode and score a game; naming agents, looking up their spaces, the selected agent and
PettingZoo's ``last`` are written once, here.
"""

from __future__ import annotations

from typing import Any, Literal, overload

import gymnasium
from pettingzoo import AECEnv

from guarda.errors import ArgumentError, NotResetError

__all__ = ["Observation", "SeatedEnv"]

Observation = dict[str, Any]
"""What an agent observes: ``{"observation": float32 vector, "action_mask": int8 vector}``,
both NumPy arrays."""


class SeatedEnv(AECEnv[str, Observation, Any]):
    """The agents of one game's seats, selected in turn (a base, not an environment)."""

    _state: Any
    _seed: int | None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of an agent (the same object on every call)."""
        space: gymnasium.spaces.Space[Any] = self.observation_spaces[self._agent(agent)]
        return space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of an agent: ``Discrete`` over the game's action numbers."""
        space: gymnasium.spaces.Space[Any] = self.action_spaces[self._agent(agent)]
        return space

    def _agent(self, agent: object) -> str:
        if not isinstance(agent, str) or agent not in self.observation_spaces:
            raise ArgumentError(
                f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}",
                path="agent",
            )
        return agent

    def player_of(self, agent: str) -> int:
        """The player number of an agent (``"player_1"`` is 1)."""
        return self.possible_agents.index(self._agent(agent))

    @property
    def game_seed(self) -> int | None:
        """The seed of the current game."""
        return self._seed

    @overload
    def last(
        self, observe: Literal[True] = ...
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]: ...
    @overload
    def last(self, observe: Literal[False]) -> tuple[None, float, bool, bool, dict[str, Any]]: ...
    @overload
    def last(
        self, observe: bool = ...
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]: ...
    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (None with ``observe=False``), its reward since
        it last acted, whether it terminated or was truncated, and its info.

        Raises:
            NotResetError: Before the first ``reset()``, and once every agent is done.
        """
        agent = self._selected()
        observation = self.observe(agent) if observe else None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _selected(self) -> str:
        """The selected agent, while there is one."""
        if self._state is None:
            raise NotResetError("call reset() before using the environment", path="env")
        if not self.agents:
            raise NotResetError(
                "every agent is done: call reset() to start a new game", path="env"
            )
        return self.agent_selection

    def close(self) -> None:
        """Release nothing: the environment holds no outside resources."""
