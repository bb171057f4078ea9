"""Information-set Monte Carlo tree search, from one player's view.

[`ISMCTSBot`][guarda.bots.ISMCTSBot] is single-observer ISMCTS (Cowling, Powley and
Whitehouse, 2012). The bot cannot see the other players' cards, so each iteration of the
search plays in a different world that fits its view:

1. **determinize**: sample a full state from the view with
   [`guarda.determinize`][guarda.determinize] (a pool per decision, the *worlds*, that
   grows with the budget; the k-th visit of each root action plays in the k-th world,
   so the actions are compared on the same worlds), and give each opponent the guard a
   careful player would have laid
   ([`careful_guards`][guarda.bots._ismcts.careful_guards]: a card that blocks
   critically where they stand, if they hold one);
2. **select**: walk down the tree from the root, every player (the bot and its
   opponents alike) taking the child with the best UCT score among the actions that are
   legal in this world (a child counts how often it was *available*, not how often its
   parent was visited, because an action exists only in some worlds; with
   ``opponent_model=True`` the opponents play the greedy policy on their own cards
   instead);
3. **expand**: at the first decision of this world with an action not yet in the tree,
   add a child for it: the greedy choice if it is one of them, else one at random;
4. **play out and evaluate**: every player plays on with the rollout policy (by default
   the greedy policy of [`GreedyBot`][guarda.bots.GreedyBot]) to the end of the bot's
   next turn, then the position is scored for every player with the evaluator (by
   default the heuristic ``evaluate``) instead of playing
   to the end, which would cost far more;
5. **no progress is a draw**: for each player, a line that does not raise their
   material standing (their team's health and points against the other teams') keeps
   only a small share (``no_progress``) of its heuristic edge over a draw, and every
   edge shrinks over the last rounds before the turn limit (R27). Two careful players
   who block critically forever only draw (see the Bots guide), whatever the heuristic
   says about the cards they hold, so the search prefers the lines that break the
   loop;
6. **back up**: each node on the path adds the score of the player who chose it.

The bot plays the most visited root action (or, with ``final="value"``, the best mean
score, where the greedy choice wins near-ties).
[`ISMCTSBot.search`][guarda.bots.ISMCTSBot.search] also returns the root's statistics
and a policy. The search looks only at the few sensible actions of each decision
([`options`][guarda.bots._options.options]: the three best moves, each push, attacking
with every hitting card or baiting with one, the best guards, each reaction), which
keeps the tree narrow enough for a small budget. The tree branches only on the decisions
that shape a turn (moving and pushing, setting a guard, attacking or guarding); setup,
the Draw phase's discards, reactions, a new guard after a critical block and the Settle
phase are left to the greedy policy.

The tree, the worlds, the selection, the budget and the result are shared with the
search of other games ([`guarda.bots._tree`][guarda.bots._tree], where each node also
keeps the states it reached in each world); this module holds what is Guarda's: the
decisions branched on, the greedy policy, the careful guards and the scores.
Other games are searched with the game protocol only
([`guarda.bots._ismcts_generic`][guarda.bots._ismcts_generic]).

**No reuse between decisions.** The tree is built anew for every decision. Keeping the
subtree of the action played would be sound only if the tree's branches were the bot's
information sets; in single-observer ISMCTS they are the actions of every player as the
sampled worlds had them, including the opponents' hidden choices (which card they
discarded or laid as a guard), which the bot never observes and cannot match to a
branch. Its statistics were also gathered in worlds the new view may rule out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Literal, overload

import attrs

import guarda
from guarda import Action, GameState, GuardStatus, Orientation, Phase, PlayerView
from guarda.bots._greedy import greedy_action
from guarda.bots._ismcts_generic import resolve_game, search_game
from guarda.bots._options import options
from guarda.bots._reading import check_turn, defends, evaluate, geometry
from guarda.bots._tree import SearchResult, TreeSearch
from guarda.game import Game, GameView

__all__ = ["Evaluator", "ISMCTSBot", "RolloutPolicy", "careful_guards"]

Evaluator = Callable[[GameState, int], float]
"""Scores a state for a player, in [0, 1] (1 won, 1/2 a draw, 0 lost)."""

RolloutPolicy = Callable[[GameState, random.Random], Action]
"""Chooses the action of whoever must decide in a state (a legal one)."""

_SEARCHED = frozenset((Phase.MOVE, Phase.SET_GUARD, Phase.ACT))
"""The decisions the tree branches on: the ones that shape a turn. The others (setup, the
Draw phase's discards, reactions, a new guard after a critical block, the Settle phase)
are played by the greedy policy, whose rules for them are sound and cheap."""

_MAX_PLAYOUT = 80
"""At most this many rollout plies after the tree."""

_ENDGAME_ROUNDS = 4
"""Over this many last rounds before the turn limit, a heuristic edge shrinks to a draw."""

_ROLLOUTS = ("greedy", "random", "cutoff")
_FINALS = ("visits", "value")


def careful_guards(world: GameState, me: int) -> GameState:
    """The sampled world, with each opponent's hidden guard chosen as a careful player would.

    [`guarda.determinize`][guarda.determinize] deals the hidden cards at random, so in
    most worlds an opponent's guard is an arbitrary card, set either way. A careful player
    lays a card that covers their own cell turned around and sets it to block, for a
    critical block (R20), and a searching bot that assumes less attacks into guards it
    believes are harmless. So: an opponent whose guard is not such a card but who holds
    one in the world swaps the two, and a set guard is set to block exactly when it
    would block critically. Only hidden cards of the opponents change places, so the
    view of ``me`` is the same.

    Args:
        world: A state sampled from the view of ``me``.
        me: The searching player.

    Returns:
        The world with the opponents' guards chosen that way (``world`` itself if no
        guard changes).

    Examples:
        >>> import random
        >>> import guarda
        >>> from guarda.bots import GreedyBot, play_match
        >>> record = play_match(
        ...     guarda.modern(players=2, turn_limit=6), [GreedyBot(), GreedyBot()], seed=1
        ... ).record
        >>> view = guarda.view(guarda.final_state(record), 0)
        >>> world = careful_guards(guarda.determinize(view, random.Random(2)), 0)
        >>> guarda.view(world, 0) == view
        True
    """
    config = world.config
    players = list(world.players)
    for index, player in enumerate(players):
        guard = player.guard
        if index == me or guard is None or player.is_out:
            continue
        cell = player.position
        card = guard.card
        hand = player.hand
        pile = player.draw_pile
        if not defends(config, index, card, cell):
            better = next((c for c in hand if defends(config, index, c, cell)), None)
            if better is not None:
                swapped = list(hand)
                swapped.remove(better)
                swapped.append(card)
                hand, card = tuple(sorted(swapped)), better
            else:
                spot = next(
                    (i for i, c in enumerate(pile) if defends(config, index, c, cell)), None
                )
                if spot is not None:
                    pile, card = (*pile[:spot], card, *pile[spot + 1 :]), pile[spot]
        orientation = guard.orientation
        if guard.status is GuardStatus.SET:
            critical = defends(config, index, card, cell)
            orientation = Orientation.DEFENSIVE if critical else Orientation.OFFENSIVE
        if card != guard.card or orientation is not guard.orientation:
            players[index] = attrs.evolve(
                player,
                hand=hand,
                draw_pile=pile,
                guard=attrs.evolve(guard, card=card, orientation=orientation),
            )
    if all(new is old for new, old in zip(players, world.players, strict=True)):
        return world
    return attrs.evolve(world, players=tuple(players))


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _check(bot: ISMCTSBot) -> None:
    """Raise ArgumentError for the first bad setting of ``bot``."""
    if bot.iterations is None and bot.seconds is None and bot.fm_calls is None:
        raise guarda.ArgumentError(
            "give a budget: iterations, seconds or fm_calls", path="iterations"
        )
    for path, count in (("iterations", bot.iterations), ("fm_calls", bot.fm_calls)):
        if count is not None and not _is_count(count):
            raise guarda.ArgumentError(f"{path} must be at least 1, not {count!r}", path=path)
    if bot.seconds is not None and not (_is_number(bot.seconds) and bot.seconds > 0):
        raise guarda.ArgumentError(
            f"seconds must be positive, not {bot.seconds!r}", path="seconds"
        )
    if not (_is_number(bot.exploration) and bot.exploration >= 0):
        raise guarda.ArgumentError(
            f"exploration must be a number >= 0, not {bot.exploration!r}", path="exploration"
        )
    if not (_is_count(bot.horizon) or bot.horizon == 0) or isinstance(bot.horizon, bool):
        raise guarda.ArgumentError(f"horizon must be >= 0, not {bot.horizon!r}", path="horizon")
    worlds = bot.worlds
    if worlds is not None and (not (_is_count(worlds) or worlds == 0) or isinstance(worlds, bool)):
        raise guarda.ArgumentError(
            f"worlds must be None or >= 0, not {bot.worlds!r}", path="worlds"
        )
    if not _is_count(bot.depth):
        raise guarda.ArgumentError(f"depth must be at least 1, not {bot.depth!r}", path="depth")
    if bot.opponent_model is not None and not isinstance(bot.opponent_model, bool):
        raise guarda.ArgumentError(
            f"opponent_model must be None, True or False, not {bot.opponent_model!r}",
            path="opponent_model",
        )
    if not isinstance(bot.prior, bool):
        raise guarda.ArgumentError(f"prior must be True or False, not {bot.prior!r}", path="prior")
    evidence = bot.evidence
    if evidence is not None and not (_is_number(evidence) and evidence >= 0):
        raise guarda.ArgumentError(
            f"evidence must be None or a number >= 0, not {evidence!r}", path="evidence"
        )
    cutoff = bot.cutoff
    if cutoff is not None and (not (_is_count(cutoff) or cutoff == 0) or isinstance(cutoff, bool)):
        raise guarda.ArgumentError(f"cutoff must be None or >= 0, not {cutoff!r}", path="cutoff")
    if bot.game is not None and not isinstance(bot.game, Game):
        raise guarda.ArgumentError(f"game must be a Game or None, not {bot.game!r}", path="game")
    if not (_is_number(bot.no_progress) and 0 <= bot.no_progress <= 1):
        raise guarda.ArgumentError(
            f"no_progress must lie in [0, 1], not {bot.no_progress!r}", path="no_progress"
        )
    if not callable(bot.evaluator):
        raise guarda.ArgumentError(
            f"evaluator must be callable, not {bot.evaluator!r}", path="evaluator"
        )
    if not (callable(bot.rollout) or bot.rollout in _ROLLOUTS):
        raise guarda.ArgumentError(
            f"rollout must be one of {_ROLLOUTS} or a callable, not {bot.rollout!r}",
            path="rollout",
        )
    if bot.final not in _FINALS:
        raise guarda.ArgumentError(
            f"final must be one of {_FINALS}, not {bot.final!r}", path="final"
        )


def _default_name(bot: ISMCTSBot) -> str:
    """``ismcts-<iterations>``, else ``ismcts-<fm_calls>fm`` or ``ismcts-<seconds>s``."""
    if bot.iterations is not None:
        return f"ismcts-{bot.iterations}"
    if bot.fm_calls is not None:
        return f"ismcts-{bot.fm_calls}fm"
    return "ismcts" if not isinstance(bot.seconds, (int, float)) else f"ismcts-{bot.seconds:g}s"


def _greedy_rollout(state: GameState, rng: random.Random) -> Action:
    return greedy_action(state)


def _random_rollout(state: GameState, rng: random.Random) -> Action:
    return rng.choice(guarda.legal_actions(state))


def _standing(position: GameState | PlayerView) -> list[float]:
    """Each player's material standing: their team's health and points, minus the
    average of the other teams'. A line makes progress for a player when it raises it."""
    table = geometry(position.config)
    players: tuple[guarda.PlayerState | guarda.PublicPlayer, ...] = position.players
    teams = [0.0] * len(position.config.teams)
    for index, player in enumerate(players):
        teams[table.teams[index]] += player.health + player.points
    total = sum(teams)
    others = max(1, len(teams) - 1)
    return [
        teams[team] - (total - teams[team]) / others
        for team in (table.teams[i] for i in range(len(players)))
    ]


@attrs.frozen
class ISMCTSBot:
    """Single-observer information-set MCTS on determinized states, with UCT.

    See the [Bots guide](../bots.md#the-ismcts-bot) for how it searches. The budget
    is per decision: a number of ``iterations``, of wall-clock ``seconds``, of
    forward-model calls (``fm_calls``: calls to [`guarda.apply`][guarda.apply], which
    does not depend on the machine), or several (whichever runs out first; every
    search runs at least one iteration). With no time budget the bot is deterministic
    given the ``rng`` the runner passes. Decisions with one sensible action are played
    without search. [`search`][guarda.bots.ISMCTSBot.search] returns the root's
    statistics and a policy besides the action.

    Examples:
        >>> import guarda
        >>> from guarda.bots import RandomBot, play_match
        >>> bot = ISMCTSBot(iterations=30)
        >>> bot.name
        'ismcts-30'
        >>> result = play_match(guarda.modern(players=2), [bot, RandomBot()], seed=1)
        >>> result.scores
        (1.0, 0.0)
        >>> ISMCTSBot(iterations=None, fm_calls=2000, rollout="cutoff").name
        'ismcts-2000fm'
    """

    iterations: int | None = 100
    """Iterations per decision, or None for another budget only."""
    seconds: float | None = None
    """Wall-clock seconds per decision, or None."""
    fm_calls: int | None = None
    """Forward-model calls per decision (calls to [`guarda.apply`][guarda.apply], or to
    the game's ``apply``: the tree's steps and the rollouts'), or None. A state the tree
    has kept and recalls counts as the calls it took to reach it."""
    exploration: float = 0.7
    """The UCT exploration constant (scores lie in [0, 1])."""
    horizon: int = 1
    """Rounds to play past the current turn before a position is scored: 1 plays on to
    the end of the bot's next turn (in a two-player game, the current turn, the
    opponent's reply and the bot's own next turn), so the score sees replies and
    follow-ups; 0 stops at the end of the current turn."""
    worlds: int | None = None
    """Distinct determinizations per decision, used in turn by the iterations: None grows
    them with the budget (one per 25 iterations, at least 4: 4 for 100 iterations, 16
    for 400, 64 for 1,600; in a game other than Guarda, None samples a new one for every
    iteration), a number fixes them, and 0 samples a new one for every iteration."""
    rollout: Literal["greedy", "random", "cutoff"] | Callable[[Any, random.Random], Any] = "greedy"
    """How every player plays after the tree: ``"greedy"`` (the greedy bot's choices; in
    another game, its [heuristic agent][guarda.game.HasHeuristic] if it has one, else
    random actions), ``"random"`` (uniformly random legal actions), ``"cutoff"`` (no
    rollout: the evaluator scores the position where the tree stops), or a callable
    ``(state, rng) -> action`` returning a legal action of the actor of the game's
    ``state``."""
    evaluator: Evaluator = evaluate
    """Scores the position at the end of a rollout for each player, in [0, 1]: by default
    the heuristic ``evaluate``. A finished game always scores its outcome (1 won, 1/2
    drawn, 0 lost). Guarda only: in another game, an unfinished position scores 1/2."""
    final: Literal["visits", "value"] = "visits"
    """The final-move rule: the most visited root action (``"visits"``, ties to the best
    mean), or the best mean score (``"value"``, the preferred action, Guarda's greedy
    choice or the game's heuristic one, winning near-ties). In a game other than Guarda
    with a heuristic player, ``evidence`` decides instead, unless it is None."""
    no_progress: float = 0.25
    """The share of its edge over a draw that a line keeps, for a player, when it does
    not raise their material standing (their team's health and points minus the other
    teams' average) above the decision's: 0 scores it a draw, 1 as the evaluator says.
    A search that sees every line come back to where it started stops taking the
    heuristic's word that holding cards is winning."""
    game: Game | None = attrs.field(default=None, eq=False)
    """The game to search when the view is not a Guarda [`PlayerView`][guarda.PlayerView]
    (None: the shipped game that owns the view, [`game_of`][guarda.games.game_of]); a
    game of your own must be given here."""
    depth: int = 200
    """In a game other than Guarda: the most rollout plies after the tree; a game that
    has not ended by then scores a draw."""
    opponent_model: bool | None = None
    """Whether other players' decisions inside the tree are played by a model of them
    instead of searched, so the tree branches only on the searching player's decisions:
    on Guarda the greedy policy (which reads only that player's own cards and the public
    table), in another game its heuristic player on their own view, if it ships one
    ([`HasHeuristic`][guarda.game.HasHeuristic]). None (the default) models them in
    another game and searches them on Guarda; True or False decides for every game. In
    single-observer ISMCTS a searched opponent chooses in worlds that hold the searching
    player's real cards, as if it saw them; on Guarda the model makes four times the
    budget stronger against the default but, with the best-mean final rule, the bot
    draws far more against the greedy bot (the Bots guide has the figures)."""
    prior: bool = True
    """In a game other than Guarda that ships a heuristic player: a new node of the tree
    tries first the action that player would play there, and at the root that action is
    the preferred one (played unless ``evidence`` finds a better one, or winning ties of
    the final-move rule), so a small budget that cannot tell the options apart plays
    what the heuristic plays; False tries the actions in a random order."""
    evidence: float | None = 1.0
    """In a game other than Guarda, with ``prior`` and a heuristic player: the final-move
    rule plays the heuristic's choice unless another root action's mean beats its mean
    by more than this many standard errors of the difference (a conservative
    improvement on the heuristic: with a handful of 0/1 rollouts per action, a better
    mean is mostly noise). None uses ``final`` as on Guarda; 0 plays any better mean."""
    cutoff: int | None = None
    """In a game other than Guarda that values positions
    ([`HasValue`][guarda.game.HasValue]): the most rollout plies after the tree, after
    which the rollout scores the game's values (0: wherever the tree stops); None plays
    on to ``depth``. Such a game scores its values, not a draw, when ``depth`` runs out."""
    name: str = attrs.field(default=attrs.Factory(_default_name, takes_self=True))
    """The display name, ``"ismcts-<iterations>"`` (else ``"ismcts-<fm_calls>fm"`` or
    ``"ismcts-<seconds>s"``)."""

    def __attrs_post_init__(self) -> None:
        _check(self)

    @overload
    def act(self, view: PlayerView, rng: random.Random) -> Action: ...
    @overload
    def act(self, view: GameView, rng: random.Random) -> Any: ...
    def act(self, view: PlayerView | GameView, rng: random.Random) -> Any:
        """Search from the view and play the action the final-move rule picks.

        Args:
            view: The view of the player who must decide: a Guarda
                [`PlayerView`][guarda.PlayerView], or any game's view.
            rng: The random source: it samples the worlds and the rollouts.

        Returns:
            One of ``view.legal_actions``.

        Raises:
            ArgumentError: If the view's player has nothing to decide, or the view
                belongs to no game the bot knows.
        """
        return self.search(view, rng).action

    @overload
    def act_with_policy(
        self, view: PlayerView, rng: random.Random
    ) -> tuple[Action, dict[Action, float]]: ...
    @overload
    def act_with_policy(
        self, view: GameView, rng: random.Random
    ) -> tuple[Any, dict[Any, float]]: ...
    def act_with_policy(
        self, view: PlayerView | GameView, rng: random.Random
    ) -> tuple[Any, dict[Any, float]]:
        """The action ``act`` plays, with the search's policy (the root's visit shares).

        Examples:
            >>> import random
            >>> import guarda
            >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=1), 0)
            >>> action, policy = ISMCTSBot(iterations=8).act_with_policy(view, random.Random(0))
            >>> policy[action] > 0 and round(sum(policy.values()), 6)
            1.0
        """
        result = self.search(view, rng)
        return result.action, result.policy

    @overload
    def search(self, view: PlayerView, rng: random.Random) -> SearchResult[Action]: ...
    @overload
    def search(self, view: GameView, rng: random.Random) -> SearchResult[Any]: ...
    def search(self, view: PlayerView | GameView, rng: random.Random) -> SearchResult[Any]:
        """Search from the view; return the action with the root's statistics and policy.

        A Guarda [`PlayerView`][guarda.PlayerView] is searched with the bot's knowledge
        of Guarda (the Bots guide says how); any other game's view with the game
        protocol only.

        Args:
            view: The view of the player who must decide.
            rng: The random source: it samples the worlds and the rollouts.

        Returns:
            The [`SearchResult`][guarda.bots.SearchResult]; its ``action`` is
            what [`act`][guarda.bots.ISMCTSBot.act] plays.

        Raises:
            ArgumentError: If the view's player has nothing to decide, or the view
                belongs to no game the bot knows.

        Examples:
            >>> import random
            >>> import guarda
            >>> state = guarda.new_game(guarda.modern(players=2), seed=4)
            >>> result = ISMCTSBot().search(guarda.view(state, state.actor), random.Random(0))
            >>> result.searched, result.policy == {result.action: 1.0}
            (False, True)
        """
        if not isinstance(view, PlayerView):
            return search_game(self, resolve_game(self.game, view), view, rng)
        check_turn(view)
        if view.phase not in _SEARCHED:
            action = greedy_action(view)
            action = action if action in view.legal_actions else view.legal_actions[0]
            return SearchResult(action, (), {action: 1.0}, 0, 0)
        choices = options(view)
        if len(choices) == 1:
            return SearchResult(choices[0], (), {choices[0]: 1.0}, 0, 0)
        return _GuardaSearch(self, view, rng).run(choices, greedy_action(view))


class _GuardaSearch(TreeSearch[GameState]):
    """One decision's search of Guarda: the tree branches on the decisions that shape a
    turn, the greedy policy plays the others, and positions are scored by the evaluator
    with the no-progress rule."""

    def __init__(self, bot: ISMCTSBot, view: PlayerView, rng: random.Random) -> None:
        assert view.player is not None
        super().__init__(bot, view.player, rng)
        self.bot = bot
        self.view = view
        self.horizon = view.turns_ended + bot.horizon * len(view.players) + 1
        rollout = bot.rollout
        self.rollout: RolloutPolicy | None = (
            None
            if rollout == "cutoff"
            else _greedy_rollout
            if rollout == "greedy"
            else _random_rollout
            if rollout == "random"
            else rollout  # a callable, checked by _check
        )
        self.start = _standing(view)

    def sample(self) -> GameState:
        return careful_guards(guarda.determinize(self.view, self.rng), self.me)

    def apply(self, state: GameState, action: Action) -> GameState:
        return guarda.apply(state, action)[0]

    def actor(self, state: GameState) -> int:
        actor = state.actor
        assert actor is not None
        return actor

    def advance(self, state: GameState) -> tuple[GameState, list[Any]]:
        modelled = self.bot.opponent_model is True
        while not state.is_over:
            if state.phase not in _SEARCHED or (modelled and state.actor != self.me):
                state = self.forward(state, greedy_action(state))
                continue
            legal = options(state)
            if len(legal) > 1:
                return state, legal
            state = self.forward(state, legal[0])
        return state, []

    def preferred(self, state: GameState) -> Action:
        # The greedy choice first: early samples then show how the greedy line goes on.
        return greedy_action(state)

    def playout(self, state: GameState) -> list[float]:
        """Play on to the horizon with the rollout policy, then score."""
        rollout = self.rollout
        plies = 0
        while (
            rollout is not None
            and not state.is_over
            and state.turns_ended < self.horizon
            and plies < _MAX_PLAYOUT
        ):
            state = self.forward(state, rollout(state, self.rng))
            plies += 1
        return self._scores(state)

    def _scores(self, state: GameState) -> list[float]:
        """Every player's score of the position where an iteration stops."""
        players = range(len(state.players))
        outcome = state.outcome
        if outcome is not None:
            return [
                1.0 if player in outcome.winners else 0.5 if player in outcome.drawn else 0.0
                for player in players
            ]
        evaluator = self.bot.evaluator
        stall = self.bot.no_progress
        weights = [
            1.0 if now > before else stall
            for now, before in zip(_standing(state), self.start, strict=True)
        ]
        limit = state.config.turn_limit
        if limit is not None:
            left = (limit - state.turns_ended) / (_ENDGAME_ROUNDS * len(state.players))
            weights = [weight * min(1.0, max(0.0, left)) for weight in weights]
        return [
            0.5 + weight * (evaluator(state, player) - 0.5)
            for player, weight in zip(players, weights, strict=True)
        ]
