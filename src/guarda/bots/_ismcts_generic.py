"""ISMCTS on any game behind the game protocol, with the protocol only.

When [`ISMCTSBot`][guarda.bots.ISMCTSBot] is given a view that is not a Guarda
[`PlayerView`][guarda.PlayerView], it searches the game the view belongs to (the bot's
``game``, else [`guarda.games.game_of`][guarda.games.game_of]) knowing nothing of its
rules but the [game protocol][guarda.game.Game]:

- a world is [`determinize`][guarda.game.Game.determinize] of the view;
- the tree branches on every decision of the searching player with more than one legal
  action ([`legal_actions`][guarda.game.Game.legal_actions]); a forced one is played at
  once; another player's decision is made by the game's heuristic agent on that player's
  own view (``opponent_model``, when the game ships one), so no opponent in the tree
  answers a choice it cannot see, or else the tree branches on it too;
- a new node tries first the action the game's heuristic agent would play there
  (``prior``, when the game ships one), else an action at random; at the root, the
  heuristic's choice is the preferred action, which the bot plays unless another root
  action's mean beats it by more than ``evidence`` standard errors of the difference
  ([`better_on_evidence`][guarda.bots._tree.better_on_evidence]; ``evidence=None``: the
  final-move rule, where it wins ties);
- every iteration plays in a new world (``worlds=None``; a number keeps a pool of that
  many, as on Guarda): a world fixes the order of the cards still to be drawn, and a
  search that plays its turns to come again and again in a few worlds learns what those
  worlds will deal it;
- the rollout plays uniformly random legal actions (``rollout="random"``) or, with the
  default ``rollout="greedy"``, the game's heuristic agent when the game ships one
  ([`HasHeuristic`][guarda.game.HasHeuristic]; random actions otherwise), for at most
  ``depth`` plies (or ``cutoff``, in a game with values); a game that ends scores
  [`scores`][guarda.game.Game.scores], a game that does not end by then scores its
  values ([`HasValue`][guarda.game.HasValue]) or else a draw for everybody (as does
  ``rollout="cutoff"`` wherever the tree stops).

The tree itself, the worlds, the selection, the budget and the result are the same as
on Guarda ([`TreeSearch`][guarda.bots._tree.TreeSearch]).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import guarda
from guarda.bots._tree import SearchResult, Settings, TreeSearch, world_count
from guarda.game import Game, GameView, HasHeuristic, HasValue
from guarda.games import game_of

__all__ = ["GameSettings", "check_game_turn", "resolve_game", "search_game"]

Policy = Callable[[Any, random.Random], Any]


class GameSettings(Settings, Protocol):
    """The bot's settings a search of another game reads, besides the tree's."""

    @property
    def rollout(self) -> object: ...  # pragma: no cover - protocol
    @property
    def depth(self) -> int: ...  # pragma: no cover - protocol
    @property
    def opponent_model(self) -> bool | None: ...  # pragma: no cover - protocol
    @property
    def prior(self) -> bool: ...  # pragma: no cover - protocol
    @property
    def evidence(self) -> float | None: ...  # pragma: no cover - protocol
    @property
    def cutoff(self) -> int | None: ...  # pragma: no cover - protocol


def resolve_game(game: Game | None, view: object) -> Game:
    """The game of ``view``: ``game`` if given, else the shipped game that owns it.

    Raises:
        ArgumentError: If ``view`` is not a game's view, or no shipped game owns it.
    """
    if not isinstance(view, GameView):
        raise guarda.ArgumentError(f"not a game's view: {view!r:.80}", path="view")
    return game if game is not None else game_of(view)


def check_game_turn(view: GameView) -> int:
    """The viewer, who must decide now (else ArgumentError)."""
    player = view.player
    if player is None or view.actor != player or not view.legal_actions:
        raise guarda.ArgumentError(
            f"player {player} has nothing to decide in this view", path="view"
        )
    return player


def _heuristic_policy(game: Game, agent: Any) -> Policy:
    def policy(state: Any, rng: random.Random) -> Any:
        return agent.act(game.view(state, game.actor(state)), rng)

    return policy


def _random_policy(game: Game) -> Policy:
    def policy(state: Any, rng: random.Random) -> Any:
        return rng.choice(game.legal_actions(state))

    return policy


class GameSearch(TreeSearch[Any]):
    """One decision's search of a game, through the protocol."""

    def __init__(
        self, settings: GameSettings, game: Game, view: GameView, rng: random.Random
    ) -> None:
        player = check_game_turn(view)
        super().__init__(settings, player, rng)
        self.game = game
        self.view = view
        self.settings: GameSettings = settings
        self.depth = settings.depth
        self.values: Callable[[Any], Sequence[float]] | None = None
        """The game's values, which score a rollout that stops before the end."""
        if isinstance(game, HasValue):
            self.values = game.values
            if settings.cutoff is not None:
                self.depth = min(self.depth, settings.cutoff)
        rollout = settings.rollout
        self.rollout: Policy | None
        if rollout == "cutoff":
            self.rollout = None
        elif callable(rollout):
            self.rollout = rollout
        elif rollout == "greedy" and isinstance(game, HasHeuristic):
            self.rollout = _heuristic_policy(game, game.heuristic())
        else:
            self.rollout = _random_policy(game)
        self.model: Policy | None = None
        if settings.opponent_model is not False and isinstance(game, HasHeuristic):
            self.model = _heuristic_policy(game, game.heuristic())
        self.guide: Any = None
        """The heuristic agent that says which action a new node tries first (``prior``)."""
        if settings.prior and isinstance(game, HasHeuristic):
            self.guide = game.heuristic()

    def sample(self) -> Any:
        return self.game.determinize(self.view, self.rng)

    def apply(self, state: Any, action: Any) -> Any:
        return self.game.apply(state, action)[0]

    def actor(self, state: Any) -> int:
        actor = self.game.actor(state)
        assert actor is not None
        return actor

    def advance(self, state: Any) -> tuple[Any, list[Any]]:
        game, model = self.game, self.model
        while not game.is_over(state):
            legal = list(game.legal_actions(state))
            if len(legal) == 1:
                state = self.forward(state, legal[0])
            elif model is None or game.actor(state) == self.me:
                return state, legal
            else:  # another player's decision, made by the model on their own view
                state = self.forward(state, model(state, self.rng))
        return state, []

    def preferred(self, state: Any) -> Any:
        if self.guide is None:
            return None
        return self.guide.act(self.game.view(state, self.game.actor(state)), self.rng)

    def pool_size(self, done: int) -> int:
        worlds = self.settings.worlds
        return 0 if worlds is None else world_count(worlds, self.settings.iterations, done)

    def evidence(self) -> float | None:
        """The settings' ``evidence``, when there is a preferred root action (``prior``
        and a heuristic player); else None, the final-move rule."""
        return None if self.guide is None else self.settings.evidence

    def default(self) -> Any:
        """The preferred root action: the heuristic's choice on the view (None: none)."""
        return None if self.guide is None else self.guide.act(self.view, self.rng)

    def playout(self, state: Any) -> Sequence[float] | None:
        game, rollout = self.game, self.rollout
        plies = 0
        while rollout is not None and not game.is_over(state) and plies < self.depth:
            state = self.forward(state, rollout(state, self.rng))
            plies += 1
        if self.values is not None and not game.is_over(state):
            return self.values(state)
        return game.scores(state)  # None (a draw for everybody) if the game goes on


def search_game(
    settings: GameSettings, game: Game, view: GameView, rng: random.Random
) -> SearchResult[Any]:
    """Search a decision of ``game`` from ``view`` with the protocol only.

    Raises:
        ArgumentError: If the viewer has nothing to decide.
    """
    check_game_turn(view)
    choices = list(view.legal_actions)
    if len(choices) == 1:
        return SearchResult(choices[0], (), {choices[0]: 1.0}, 0, 0)
    search = GameSearch(settings, game, view, rng)
    return search.run(choices, search.default())
