"""Information-set Monte Carlo tree search, from one player's view.

[`ISMCTSBot`][guarda.bots.ISMCTSBot] is single-observer ISMCTS (Cowling, Powley and
Whitehouse, 2012). The bot cannot see the other players' cards, so each iteration of the
search plays in a different world that fits its view:

1. **determinize**: sample a full state from the view with
   [`guarda.determinize`][guarda.determinize] (a few per decision, the *worlds*; the
   k-th visit of each root action plays in the k-th world, so the actions are compared
   on the same worlds), and give each opponent the guard a careful player would have
   laid ([`careful_guards`][guarda.bots._ismcts.careful_guards]: a card that blocks
   critically where they stand, if they hold one);
2. **select**: walk down the tree from the root, every player (the bot and its
   opponents alike) taking the child with the best UCT score among the actions that are
   legal in this world (a child counts how often it was *available*, not how often its
   parent was visited, because an action exists only in some worlds);
3. **expand**: at the first decision of this world with an action not yet in the tree,
   add a child for it: the greedy choice if it is one of them, else one at random;
4. **play out and evaluate**: every player plays on with the greedy policy
   ([`GreedyBot`][guarda.bots.GreedyBot]) to the end of the bot's next turn, then the
   position is scored for every player with a heuristic
   ([`evaluate`][guarda.bots._reading.evaluate]) instead of playing to the end, which
   would cost far more;
5. **back up**: each node on the path adds the score of the player who chose it.

The bot plays the root action with the best mean score, unless it beats the greedy
choice by less than 0.02 (a small budget's noise alone should not overturn it). The
search looks only at the few sensible actions of each decision
([`options`][guarda.bots._options.options]: the three best moves, each push, attacking
with every hitting card or baiting with one, the best guards, each reaction), which
keeps the tree narrow enough for a small budget. The tree branches only on the decisions
that shape a turn (moving and pushing, setting a guard, attacking or guarding); setup,
the Draw phase's discards, reactions, a new guard after a critical block and the Settle
phase are left to the greedy policy.

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
import time

import attrs

import guarda
from guarda import Action, GameState, GuardStatus, Orientation, Phase, PlayerView
from guarda.bots._greedy import greedy_action
from guarda.bots._options import options
from guarda.bots._reading import check_turn, defends, evaluate

__all__ = ["ISMCTSBot", "careful_guards"]

_SEARCHED = frozenset((Phase.MOVE, Phase.SET_GUARD, Phase.ACT))
"""The decisions the tree branches on: the ones that shape a turn. The others (setup, the
Draw phase's discards, reactions, a new guard after a critical block, the Settle phase)
are played by the greedy policy, whose rules for them are sound and cheap."""

_PRIOR = 0.02
"""How much better than the greedy choice another root action must score to be played."""

_MAX_PLAYOUT = 80
"""At most this many greedy plies after the tree."""


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
        if not defends(config, index, card, cell):
            better = next((c for c in hand if defends(config, index, c, cell)), None)
            if better is not None:
                swapped = list(hand)
                swapped.remove(better)
                swapped.append(card)
                hand, card = tuple(sorted(swapped)), better
        orientation = guard.orientation
        if guard.status is GuardStatus.SET:
            critical = defends(config, index, card, cell)
            orientation = Orientation.DEFENSIVE if critical else Orientation.OFFENSIVE
        if card != guard.card or orientation is not guard.orientation:
            players[index] = attrs.evolve(
                player, hand=hand, guard=attrs.evolve(guard, card=card, orientation=orientation)
            )
    if all(new is old for new, old in zip(players, world.players, strict=True)):
        return world
    return attrs.evolve(world, players=tuple(players))


class _Node:
    """A node of the search tree: the action that led here, and its statistics."""

    __slots__ = ("actor", "available", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        """The player who chose the action leading here."""
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        """Sum of the scores of ``actor`` over the visits."""
        self.available = 0
        """How often the action was legal when its parent was visited."""


def _check_budget(iterations: int | None, seconds: float | None) -> None:
    if iterations is None and seconds is None:
        raise guarda.ArgumentError("give a budget: iterations, seconds or both", path="iterations")
    if iterations is not None and (
        not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
    ):
        raise guarda.ArgumentError(
            f"iterations must be at least 1, not {iterations!r}", path="iterations"
        )
    if seconds is not None and (
        not isinstance(seconds, (int, float))
        or isinstance(seconds, bool)
        or not math.isfinite(seconds)
        or seconds <= 0
    ):
        raise guarda.ArgumentError(f"seconds must be positive, not {seconds!r}", path="seconds")


def _default_name(bot: ISMCTSBot) -> str:
    """``ismcts-<iterations>``, or ``ismcts-<seconds>s`` for a time budget alone."""
    if bot.iterations is not None:
        return f"ismcts-{bot.iterations}"
    return "ismcts" if not isinstance(bot.seconds, (int, float)) else f"ismcts-{bot.seconds:g}s"


@attrs.frozen
class ISMCTSBot:
    """Single-observer information-set MCTS on determinized states, with UCT.

    See the [Bots guide](../bots.md#the-ismcts-bot) for how it searches. The budget
    is per decision: a number of ``iterations``, a number of wall-clock ``seconds``, or
    both (whichever runs out first). With an iteration budget alone the bot is
    deterministic given the ``rng`` the runner passes; a time budget depends on the
    machine. Decisions with one sensible action are played without search.

    Examples:
        >>> import guarda
        >>> from guarda.bots import RandomBot, play_match
        >>> bot = ISMCTSBot(iterations=30)
        >>> bot.name
        'ismcts-30'
        >>> result = play_match(guarda.modern(players=2), [bot, RandomBot()], seed=1)
        >>> result.scores
        (1.0, 0.0)
    """

    iterations: int | None = 100
    """Iterations per decision, or None for a time budget only."""
    seconds: float | None = None
    """Wall-clock seconds per decision, or None for an iteration budget only."""
    exploration: float = 0.7
    """The UCT exploration constant (scores lie in [0, 1])."""
    horizon: int = 1
    """Rounds to play greedily past the current turn before a position is scored: 1 plays
    on to the end of the bot's next turn (in a two-player game, the current turn, the
    opponent's reply and the bot's own next turn), so the score sees replies and
    follow-ups."""
    worlds: int = 4
    """Distinct determinizations per decision, used in turn by the iterations (sampling
    one costs more than an iteration; 0 samples a new one for every iteration)."""
    name: str = attrs.field(default=attrs.Factory(_default_name, takes_self=True))
    """The display name, ``"ismcts-<iterations>"`` (or ``"ismcts-<seconds>s"``)."""

    def __attrs_post_init__(self) -> None:
        _check_budget(self.iterations, self.seconds)

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Search from the view and play the root action with the best mean score.

        Args:
            view: The view of the player who must decide.
            rng: The random source: it samples the worlds and the rollouts.

        Returns:
            One of ``view.legal_actions``.

        Raises:
            ArgumentError: If the view's player has nothing to decide.
        """
        check_turn(view)
        if view.phase not in _SEARCHED:
            action = greedy_action(view)
            return action if action in view.legal_actions else view.legal_actions[0]
        choices = options(view)
        if len(choices) == 1:
            return choices[0]
        assert view.player is not None
        root = _Node(view.player)
        default = greedy_action(view)
        horizon = view.turns_ended + self.horizon * len(view.players) + 1
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        pool = [
            careful_guards(guarda.determinize(view, rng), view.player)
            for _ in range(min(self.worlds, self.iterations or self.worlds))
        ]
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            # The root's options are the same in every world (they depend only on the
            # bot's own cards and the public table), so it is chosen first; its k-th
            # visit then plays in world k of the pool, and the options are compared on
            # the same worlds.
            fresh = [action for action in choices if action not in root.children]
            for child in root.children.values():
                child.available += 1
            if fresh:
                action = default if default in fresh else rng.choice(fresh)
                child = root.children[action] = _Node(view.player)
                child.available = 1
            else:
                action = self._select(root, choices)
                child = root.children[action]
            world = (
                pool[child.visits % len(pool)]
                if pool
                else careful_guards(guarda.determinize(view, rng), view.player)
            )
            state, _ = guarda.apply(world, action)
            self._iterate([root, child], state, rng, horizon, descend=not fresh)
            done += 1
        # The best mean score; the greedy choice wins ties and near-ties, so that a small
        # budget's noise alone never talks the bot out of the greedy move.
        scored = [
            (node.total / node.visits + (_PRIOR if action == default else 0.0), node.visits, -i)
            for i, action in enumerate(choices)
            if (node := root.children.get(action)) is not None and node.visits
        ]
        return choices[-max(scored)[2]]

    def _iterate(
        self, path: list[_Node], state: GameState, rng: random.Random, horizon: int, *,
        descend: bool,
    ) -> None:  # fmt: skip
        """Go on from a root action played in a world: down the tree (if ``descend``),
        one node added, greedy play to the horizon, and the scores backed up."""
        node = path[-1]
        # select and expand, along the decisions worth searching
        while descend and not state.is_over:
            if state.phase not in _SEARCHED:
                state, _ = guarda.apply(state, greedy_action(state))
                continue
            actor = state.actor
            assert actor is not None
            legal = options(state)
            if len(legal) == 1:
                state, _ = guarda.apply(state, legal[0])
                continue
            fresh = [action for action in legal if action not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if fresh:
                # The greedy choice first: early samples then show how the greedy line
                # goes on, the alternatives come after.
                default = greedy_action(state)
                action = default if default in fresh else rng.choice(fresh)
                child = node.children[action] = _Node(actor)
                child.available = 1
                state, _ = guarda.apply(state, action)
                path.append(child)
                break
            action = self._select(node, legal)
            node = node.children[action]
            state, _ = guarda.apply(state, action)
            path.append(node)
        # play on greedily to the horizon, then score
        plies = 0
        while not state.is_over and state.turns_ended < horizon and plies < _MAX_PLAYOUT:
            state, _ = guarda.apply(state, greedy_action(state))
            plies += 1
        scores = [evaluate(state, player) for player in range(len(state.players))]
        for step in path[1:]:
            step.visits += 1
            step.total += scores[step.actor]

    def _select(self, node: _Node, legal: list[Action]) -> Action:
        best = legal[0]
        best_score = -math.inf
        for action in legal:
            child = node.children[action]
            score = child.total / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = action, score
        return best
