"""The search tree the ISMCTS searches share: nodes, worlds, UCT, the budget and the result.

[`ISMCTSBot`][guarda.bots.ISMCTSBot] searches Guarda with its own knowledge of the game
(which decisions to branch on, the greedy policy, the heuristic score) and any other game
with the [game protocol][guarda.game.Game] only. Both are a
[`TreeSearch`][guarda.bots._tree.TreeSearch]: this module holds what they have in common,
and each search supplies how to sample a world, how to step through the decisions it
does not branch on, and how to play out and score a position.

**Worlds.** A decision's search plays its iterations in a pool of sampled worlds (the
k-th visit of each root action plays in world k modulo the pool's size, so the root's
actions are compared on the same deals). The pool grows with the budget
([`world_count`][guarda.bots._tree.world_count]): a deeper search of the same few deals
learns those deals (the opponents' hidden cards) rather than the position, so from 100
iterations up every world gets about the same number of them (25; below that, the pool
has at least 4 worlds), and four times the iterations sample four times the worlds.

**Reached states.** Every step of the game is a pure function of the state, so the state
an iteration reaches at a node of the tree in world k is the same every time: each node
keeps it, per world, with the options of the decision there, and a later iteration
through that node in that world starts from it instead of replaying the steps (most of
the cost of walking down the tree).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

__all__ = [
    "ActionStats",
    "SearchResult",
    "Settings",
    "TreeSearch",
    "better_on_evidence",
    "world_count",
]

State = TypeVar("State")
ActionT = TypeVar("ActionT")

_PRIOR = 0.02
"""With ``final="value"``: how much better than the preferred root action (the greedy
choice) another root action must score to be played."""

_PSEUDO_VARIANCE = 0.25
"""The evidence rule adds to each action's squared deviations one of this size (the
largest variance of a score in [0, 1]), so that a few equal scores claim no certainty."""

_MIN_WORLDS = 4
"""The fewest worlds an automatic pool has."""

_ITERATIONS_PER_WORLD = 25
"""An automatic pool has one world per this many iterations (and at least
``_MIN_WORLDS``): 4 worlds for 100 iterations, 16 for 400, 64 for 1,600."""


def world_count(worlds: int | None, iterations: int | None, done: int = 0) -> int:
    """How many worlds a search samples: ``worlds`` if given, else one per 25 iterations
    and at least 4 (counting the iterations done so far, without an iteration budget).
    0 means a new world for every iteration.

    Examples:
        >>> world_count(None, 100), world_count(None, 400), world_count(None, 1600)
        (4, 16, 64)
        >>> world_count(4, 400), world_count(4, 2), world_count(0, 100)
        (4, 2, 0)
        >>> world_count(None, None, done=899)
        36
    """
    if worlds is not None:
        return min(worlds, iterations or worlds)
    count = iterations if iterations is not None else done + 1
    return max(_MIN_WORLDS, round(count / _ITERATIONS_PER_WORLD))


def better_on_evidence(
    samples: Sequence[tuple[ActionT, int, float, float]], default: ActionT, z: float
) -> ActionT:
    """The root action to play instead of ``default`` when the evidence says it is
    better, else ``default``: a conservative improvement on the policy that chose it.

    Each of ``samples`` is an action with its visits, the sum of its scores and the sum
    of their squares (scores in [0, 1]). Another action is played only if its mean beats
    the default's by more than ``z`` standard errors of the difference (each action's
    variance estimated with one pseudo-deviation of 1/4 added to its squared deviations,
    so two equal scores do not claim certainty); of those, the one with the largest lower
    bound ``difference - z * error``. ``default`` without a visit is returned as it is.

    Examples:
        >>> even = [("a", 20, 10.0, 10.0), ("b", 5, 3.0, 3.0)]
        >>> better_on_evidence(even, "a", 1.0)
        'a'
        >>> clear = [("a", 20, 6.0, 6.0), ("b", 20, 18.0, 18.0)]
        >>> better_on_evidence(clear, "a", 1.0)
        'b'
        >>> better_on_evidence(clear, "a", 10.0)
        'a'
    """
    own = next((sample for sample in samples if sample[0] == default), None)
    if own is None or own[1] == 0:
        return default
    mean, error = _mean_and_error(own)
    best, margin = default, 0.0
    for sample in samples:
        if sample[0] == default or sample[1] == 0:
            continue
        other_mean, other_error = _mean_and_error(sample)
        lower = other_mean - mean - z * math.sqrt(error + other_error)
        if lower > margin:
            best, margin = sample[0], lower
    return best


def _mean_and_error(sample: tuple[Any, int, float, float]) -> tuple[float, float]:
    """The mean of a sample and the square of its standard error."""
    _, visits, total, squares = sample
    mean = total / visits
    deviations = max(0.0, squares - total * mean) + _PSEUDO_VARIANCE
    return mean, deviations / visits / visits


@attrs.frozen
class ActionStats(Generic[ActionT]):
    """The search's statistics of one root action.

    Examples:
        >>> import guarda
        >>> ActionStats(guarda.Pass(), visits=3, mean=0.5).visits
        3
    """

    action: ActionT
    """The action (one of the game's actions)."""
    visits: int
    """How many iterations played it."""
    mean: float
    """The searching player's mean score over those iterations, in [0, 1]."""


@attrs.frozen
class SearchResult(Generic[ActionT]):
    """What one search found: the action to play, the root's statistics and a policy.

    Examples:
        >>> import random
        >>> import guarda
        >>> from guarda.bots import ISMCTSBot
        >>> state = guarda.new_game(guarda.modern(players=2), seed=4)
        >>> while state.phase is not guarda.Phase.MOVE:
        ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
        >>> result = ISMCTSBot(iterations=20).search(
        ...     guarda.view(state, state.actor), random.Random(0)
        ... )
        >>> result.iterations, sum(stat.visits for stat in result.stats)
        (20, 20)
        >>> result.policy[result.action] == max(result.policy.values())
        True
        >>> round(sum(result.policy.values()), 6)
        1.0
    """

    action: ActionT
    """The action chosen, one of the view's legal actions."""
    stats: tuple[ActionStats[ActionT], ...]
    """Each root action searched, in the order of the options (empty without a search)."""
    policy: dict[ActionT, float]
    """Action probabilities: each root action's share of the visits (the chosen action
    alone, with probability 1, when the decision was not searched)."""
    iterations: int
    """Iterations run (0 when the decision was not searched)."""
    fm_calls: int
    """Calls to the game's ``apply`` the search made."""
    steps: int = 0
    """Steps of the game the iterations took, played or recalled: a state a node of the
    tree had already reached in a world is kept, not computed again, so ``fm_calls``
    counts fewer. This is what the ``fm_calls`` budget counts, so a budget buys the same
    search whatever is kept."""

    @property
    def searched(self) -> bool:
        """Whether a tree was searched (False: a forced or greedy decision)."""
        return self.iterations > 0


class Settings(Protocol):
    """The settings of a search that the tree reads (the bot's fields of the same names)."""

    @property
    def iterations(self) -> int | None: ...  # pragma: no cover - protocol
    @property
    def seconds(self) -> float | None: ...  # pragma: no cover - protocol
    @property
    def fm_calls(self) -> int | None: ...  # pragma: no cover - protocol
    @property
    def exploration(self) -> float: ...  # pragma: no cover - protocol
    @property
    def worlds(self) -> int | None: ...  # pragma: no cover - protocol
    @property
    def final(self) -> str: ...  # pragma: no cover - protocol


class _Node:
    """A node of the search tree: the action that led here, and its statistics."""

    __slots__ = ("actor", "available", "children", "reached", "squares", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        """The player who chose the action leading here."""
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        """Sum of the scores of ``actor`` over the visits."""
        self.squares = 0.0
        """Sum of their squares."""
        self.available = 0
        """How often the action was legal when its parent was visited."""
        self.reached: dict[int, tuple[Any, list[Any], int]] = {}
        """Per world: the state at the next decision the tree branches on below this
        node, that decision's options (none when the game is over there), and the
        steps it took from the parent's decision."""


class TreeSearch(Generic[State]):
    """One decision's search: single-observer ISMCTS with UCT, over a game's states.

    A subclass says how to sample a world ([`sample`][guarda.bots._tree.TreeSearch.sample]),
    play an action ([`forward`][guarda.bots._tree.TreeSearch.forward], which counts the
    calls), step to the next decision worth branching on
    ([`advance`][guarda.bots._tree.TreeSearch.advance]), choose the action a new node
    tries first ([`preferred`][guarda.bots._tree.TreeSearch.preferred]) and score a
    position after playing it out ([`playout`][guarda.bots._tree.TreeSearch.playout]).
    All of them must be pure functions of the state (but for ``rng``), so a state a
    node has reached in a world can be kept.
    """

    def __init__(self, settings: Settings, me: int, rng: random.Random) -> None:
        self.settings = settings
        self.me = me
        self.rng = rng
        self.calls = 0
        self.steps = 0

    # What each game's search supplies

    def sample(self) -> State:
        """A world: a full state consistent with the searching player's view."""
        raise NotImplementedError  # pragma: no cover - abstract

    def apply(self, state: State, action: Any) -> State:
        """The state after ``action`` (one call of the forward model)."""
        raise NotImplementedError  # pragma: no cover - abstract

    def actor(self, state: State) -> int:
        """The player who decides in ``state`` (a state ``advance`` stopped at)."""
        raise NotImplementedError  # pragma: no cover - abstract

    def advance(self, state: State) -> tuple[State, list[Any]]:
        """Play the decisions the tree does not branch on; return the state at the next
        one it does, with its options (at least two), or the final state and none."""
        raise NotImplementedError  # pragma: no cover - abstract

    def preferred(self, state: State) -> Any:
        """The action a new node of ``state`` tries first (None: one at random)."""
        raise NotImplementedError  # pragma: no cover - abstract

    def pool_size(self, done: int) -> int:
        """How many worlds the pool holds after ``done`` iterations (0: a new world
        for every iteration); by default [`world_count`][guarda.bots._tree.world_count]
        of the settings."""
        return world_count(self.settings.worlds, self.settings.iterations, done)

    def playout(self, state: State) -> Sequence[float] | None:
        """Every player's score, in [0, 1], of a position the tree left (None: 1/2 each,
        a position no one can judge)."""
        raise NotImplementedError  # pragma: no cover - abstract

    def evidence(self) -> float | None:
        """With a preferred root action: how many standard errors better than its mean
        another root action's mean must be to be played instead
        ([`better_on_evidence`][guarda.bots._tree.better_on_evidence]); None (the
        default): the settings' final-move rule alone."""
        return None

    # The search

    def forward(self, state: State, action: Any) -> State:
        """[`apply`][guarda.bots._tree.TreeSearch.apply], counted."""
        self.calls += 1
        self.steps += 1
        return self.apply(state, action)

    def _spent(self, done: int, deadline: float | None) -> bool:
        settings = self.settings
        if settings.iterations is not None and done >= settings.iterations:
            return True
        if done == 0:
            return False
        if settings.fm_calls is not None and self.steps >= settings.fm_calls:
            return True
        return deadline is not None and time.perf_counter() >= deadline

    def run(self, choices: Sequence[Any], default: Any) -> SearchResult[Any]:
        """Search the root's ``choices`` (each legal in every world) until the budget is
        spent; ``default`` is the preferred root action (None: none)."""
        settings, rng = self.settings, self.rng
        root = _Node(self.me)
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        pool = [self.sample() for _ in range(self.pool_size(0))]
        done = 0
        while not self._spent(done, deadline):
            # The root's options are the same in every world (they depend only on the
            # player's own cards and the public table), so it is chosen first; its k-th
            # visit then plays in world k of the pool, and the options are compared on
            # the same worlds.
            fresh = [action for action in choices if action not in root.children]
            for child in root.children.values():
                child.available += 1
            if fresh:
                action = default if default in fresh else rng.choice(fresh)
                child = root.children[action] = _Node(self.me)
                child.available = 1
            else:
                action = self._select(root, choices)
                child = root.children[action]
            index: int | None = None
            if pool:
                count = self.pool_size(done)
                while len(pool) < count:  # a budget of time or calls: the pool grows
                    pool.append(self.sample())
                index = child.visits % count
                world = pool[index]
            else:
                world = self.sample()
            self._iterate(child, action, world, index, descend=not fresh)
            done += 1
        stats = tuple(
            ActionStats(action, node.visits, node.total / node.visits)
            for action in choices
            if (node := root.children.get(action)) is not None and node.visits
        )
        z = self.evidence()
        chosen: Any
        if z is not None and default in root.children:
            nodes = root.children
            samples = [
                (stat.action, stat.visits, nodes[stat.action].total, nodes[stat.action].squares)
                for stat in stats
            ]
            chosen = better_on_evidence(samples, default, z)
        elif settings.final == "visits":
            chosen = max(
                stats, key=lambda stat: (stat.visits, stat.mean, stat.action == default)
            ).action
        else:  # the preferred action wins ties and near-ties
            chosen = max(
                stats, key=lambda stat: stat.mean + _PRIOR * (stat.action == default)
            ).action
        policy = {stat.action: stat.visits / done for stat in stats}
        return SearchResult(chosen, stats, policy, done, self.calls, self.steps)

    def _reach(
        self, node: _Node, state: State, action: Any, index: int | None
    ) -> tuple[State, list[Any]]:
        """The next decision below ``node`` (reached by ``action`` from ``state``) in
        world ``index``: kept from an earlier iteration, or played and kept."""
        if index is not None:
            kept = node.reached.get(index)
            if kept is not None:
                self.steps += kept[2]
                return kept[0], kept[1]
        before = self.steps
        reached, legal = self.advance(self.forward(state, action))
        if index is not None:
            node.reached[index] = (reached, legal, self.steps - before)
        return reached, legal

    def _iterate(
        self, node: _Node, action: Any, world: State, index: int | None, *, descend: bool
    ) -> None:
        """Go on from a root action played in a world: down the tree (if ``descend``),
        one node added, the playout, and the scores backed up."""
        path = [node]
        if not descend:
            self._back_up(path, self.playout(self.forward(world, action)))
            return
        state, legal = self._reach(node, world, action, index)
        while legal:
            fresh = [option for option in legal if option not in node.children]
            for option in legal:
                child = node.children.get(option)
                if child is not None:
                    child.available += 1
            if fresh:
                # The preferred action first: early samples then show how its line goes
                # on, the alternatives come after.
                preferred = self.preferred(state)
                chosen = preferred if preferred in fresh else self.rng.choice(fresh)
                child = node.children[chosen] = _Node(self.actor(state))
                child.available = 1
                path.append(child)
                self._back_up(path, self.playout(self.forward(state, chosen)))
                return
            chosen = self._select(node, legal)
            node = node.children[chosen]
            path.append(node)
            state, legal = self._reach(node, state, chosen, index)
        self._back_up(path, self.playout(state))

    @staticmethod
    def _back_up(path: list[_Node], scores: Sequence[float] | None) -> None:
        for step in path:
            score = 0.5 if scores is None else scores[step.actor]
            step.visits += 1
            step.total += score
            step.squares += score * score

    def _select(self, node: _Node, legal: Sequence[Any]) -> Any:
        best = legal[0]
        best_score = -math.inf
        exploration = self.settings.exploration
        for action in legal:
            child = node.children[action]
            score = child.total / child.visits + exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = action, score
        return best
