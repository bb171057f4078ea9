"""Bots for OpenSpiel's match tools: guarda's agents, and searches kept to a player's view.

- [`AgentBot`][guarda.openspiel.AgentBot] plays a guarda
  [`Agent`][guarda.bots.Agent] (such as [`GreedyBot`][guarda.bots.GreedyBot]) as a
  ``pyspiel.Bot``: it asks the agent with the player's [`PlayerView`][guarda.PlayerView]
  alone, so the agent cannot see what its player may not.
- [`DeterminizedBot`][guarda.openspiel.DeterminizedBot] lets a bot written for perfect
  information (OpenSpiel's ``MCTSBot``) play fairly: given the real state, ``MCTSBot``
  would search the other players' hands and the future draws, which its player cannot
  know. The wrapper hands it, at each decision, a state resampled from the player's
  information ([`GuardaState.resample`][guarda.openspiel.GuardaState.resample]): the
  player sees the same, the hidden cards are sampled. This is determinized search on
  one sampled world per decision.

All three take the states of every game registered here: Guarda's
[`GuardaState`][guarda.openspiel.GuardaState] and any other game's
[`ProtocolState`][guarda.openspiel.ProtocolState] (which has the same ``view``,
``action_index`` and ``resample``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pyspiel

from guarda.bots import Agent
from guarda.errors import AgentError, ArgumentError
from guarda.openspiel._game import GuardaState
from guarda.openspiel._protocol_game import ProtocolState

__all__ = ["AgentBot", "DeterminizedBot", "resampler"]


def _guarda_state(state: object) -> GuardaState | ProtocolState:
    if not isinstance(state, GuardaState | ProtocolState):
        raise ArgumentError(f"not a state of a guarda game: {state!r}", path="state")
    return state


class AgentBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type stubs
    """A guarda [`Agent`][guarda.bots.Agent] as an OpenSpiel bot.

    At each decision it gives the agent the deciding player's view and its own random
    source, and returns the id of the agent's action.

    Args:
        agent: The agent, such as [`GreedyBot`][guarda.bots.GreedyBot]`()`.
        seed: Seeds the random source handed to the agent.

    Raises:
        ArgumentError: If ``agent`` is not an [`Agent`][guarda.bots.Agent] or ``seed``
            not an integer.

    Examples:
        >>> import numpy as np, pyspiel
        >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
        >>> from guarda.bots import GreedyBot, RandomBot
        >>> game = pyspiel.load_game("guarda", {"turn_limit": 100})
        >>> bots = [AgentBot(GreedyBot()), AgentBot(RandomBot(), seed=1)]
        >>> evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
        [1.0, -1.0]
    """

    def __init__(self, agent: Agent, seed: int = 0) -> None:
        if not isinstance(agent, Agent):
            raise ArgumentError(f"not an agent: {agent!r}", path="agent")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ArgumentError(f"seed must be an integer, not {seed!r}", path="seed")
        super().__init__()
        self.agent = agent
        self._seed = seed
        self._rng = random.Random(seed)

    def restart_at(self, state: Any) -> None:
        """Start a new game: the random source starts over from the seed."""
        self._rng = random.Random(self._seed)

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to learn: the agent reads the view afresh at each decision."""

    def step(self, state: Any) -> int:
        """The id of the agent's action for the player who must decide.

        Raises:
            ArgumentError: If ``state`` is not a decision of a guarda game.
            AgentError: If the agent's answer is not one of the view's legal actions.
        """
        game_state = _guarda_state(state)
        player = game_state.current_player()
        if player < 0:
            raise ArgumentError("nobody decides at a chance node or the end", path="state")
        view: Any = game_state.view(player)  # a PlayerView, or another game's view
        action = self.agent.act(view, self._rng)
        if action not in view.legal_actions:
            raise AgentError(
                f"{self.agent.name} answered {action!r}, not a legal action", path="agent"
            )
        return game_state.action_index.index_of(action)


class DeterminizedBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type stubs
    """Any OpenSpiel bot, kept to its player's information: it searches sampled states.

    ``step(state)`` asks the wrapped bot to step on
    [`state.resample(player, rng)`][guarda.openspiel.GuardaState.resample], which shows
    the player the same but samples everything hidden from them (the others' cards, the
    order of every draw pile). The legal actions are the same, so the answer is legal.

    Args:
        bot: The bot to wrap, such as OpenSpiel's ``mcts.MCTSBot``.
        seed: Seeds the sampling.

    Examples:
        >>> import numpy as np, pyspiel
        >>> from open_spiel.python.algorithms import mcts
        >>> game = pyspiel.load_game("guarda", {"preset": "grda", "turn_limit": 4})
        >>> search = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(
        ...     1, np.random.RandomState(0)), random_state=np.random.RandomState(0))
        >>> state = game.new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(7)
        >>> DeterminizedBot(search).step(state) in state.legal_actions()
        True
    """

    def __init__(self, bot: Any, seed: int = 0) -> None:
        if not hasattr(bot, "step"):
            raise ArgumentError(f"not an OpenSpiel bot: {bot!r}", path="bot")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ArgumentError(f"seed must be an integer, not {seed!r}", path="seed")
        super().__init__()
        self.bot = bot
        self._seed = seed
        self._rng = random.Random(seed)

    def restart_at(self, state: Any) -> None:
        """Start a new game: the sampling starts over from the seed.

        The wrapped bot is neither restarted nor informed of actions: it only ever sees
        the fresh samples of ``step``, so it must search from the state it is given (as
        ``MCTSBot`` does).
        """
        self._rng = random.Random(self._seed)

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to pass on: the wrapped bot sees a fresh sample at each decision."""

    def step(self, state: Any) -> int:
        """The wrapped bot's action on a state sampled from the player's information.

        Raises:
            ArgumentError: If ``state`` is not a decision of a guarda game.
        """
        game_state = _guarda_state(state)
        player = game_state.current_player()
        if player < 0:
            raise ArgumentError("nobody decides at a chance node or the end", path="state")
        action: int = self.bot.step(game_state.resample(player, self._rng))
        return action


def resampler(seed: int = 0) -> Callable[[Any, int], GuardaState | ProtocolState]:
    """A seeded resampler for OpenSpiel's ``ISMCTSBot.set_resampler``.

    OpenSpiel's Python ISMCTS samples the worlds it searches with
    ``state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))``,
    a sampler seeded afresh from the system at every call, so its searches cannot be
    repeated. This callback samples with
    [`GuardaState.resample`][guarda.openspiel.GuardaState.resample] (for any other game
    [`ProtocolState.resample`][guarda.openspiel.ProtocolState.resample]) and one random source
    seeded once.

    Args:
        seed: Seeds the sampling.

    Returns:
        A callable ``(state, player) -> state``.

    Raises:
        ArgumentError: If ``seed`` is not an integer.

    Examples:
        >>> import numpy as np, pyspiel
        >>> from open_spiel.python.algorithms import ismcts, mcts
        >>> game = pyspiel.load_game("guarda", {"preset": "grda", "turn_limit": 4})
        >>> search = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(
        ...     1, np.random.RandomState(0)), 2.0, 8, random_state=np.random.RandomState(0))
        >>> search.set_resampler(resampler(seed=1))
        >>> state = game.new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(7)
        >>> search.step(state) in state.legal_actions()
        True
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError(f"seed must be an integer, not {seed!r}", path="seed")
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> GuardaState | ProtocolState:
        return _guarda_state(state).resample(player, rng)

    return resample
