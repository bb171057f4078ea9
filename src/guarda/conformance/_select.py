"""Picking the vectors: random games cut into short windows that together cover everything.

Every step of every explored game is tagged with its kinds
([step_kinds][guarda.conformance.step_kinds]: action and event kinds, rulings, special
situations), plus its family and crossings of the win condition with guard, elimination
and outcome kinds. Each kind's first occurrence in each game proposes a **window**: a few
actions before it (the context), the step itself, one after, the game's end when it is
near, and the start of the game when it is near. A greedy set cover then picks windows,
each time the one covering most kinds not yet covered per view written, until every kind
is covered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import attrs

import guarda
from guarda import Action, Config, GameState
from guarda.conformance._rulings import config_features, step_kinds
from guarda.conformance._scenarios import Chooser, Family, choose

__all__ = ["Game", "Window", "around", "explore", "opening", "select", "windows"]

LEAD: Final = 3
"""Actions kept before the step a window is cut for."""
TRAIL: Final = 1
"""Actions kept after it."""
START_SLACK: Final = 6
"""A window that would start this close to the start of the game starts there."""
END_SLACK: Final = 6
"""A window that would end this close to the end of the game ends there."""

OPENING_TURN: Final = 6
"""Actions an opening keeps after the first turn starts."""

_CROSSED: Final = ("guard:", "eliminated:", "outcome:")


@attrs.frozen
class Game:
    """A seeded random game of a family, with the kinds of each step."""

    family: Family
    """Where it comes from."""
    config: Config
    """Its ruleset."""
    seed: int
    """Its seed (also the seed of the choices)."""
    actions: tuple[Action, ...]
    """Every action played."""
    kinds: tuple[frozenset[str], ...]
    """The kinds of each step: ``kinds[i]`` for the ``i + 1``-th action."""
    is_over: bool
    """Whether the game ended (rather than being cut off)."""

    def states(self) -> list[GameState]:
        """Every state of the game, the start first."""
        state = guarda.new_game(self.config, self.seed)
        states = [state]
        for action in self.actions:
            state, _ = guarda.apply(state, action)
            states.append(state)
        return states


def _crossed(kinds: Iterable[str], config: Config) -> set[str]:
    features = config_features(config)
    variant = f"{features['win']}+{features['stakes']}"
    return {f"{variant}/{kind}" for kind in kinds if kind.startswith(_CROSSED)}


def explore(family: Family, seed: int) -> Game:
    """Play one seeded random game of a family and tag its steps.

    Examples:
        >>> from guarda.conformance._scenarios import FAMILIES
        >>> game = explore(FAMILIES[0], 1)
        >>> "action:PlacePiece" in game.kinds[0]
        True
    """
    config = family.config()
    chooser = Chooser(seed)
    state = guarda.new_game(config, seed)
    actions: list[Action] = []
    kinds: list[frozenset[str]] = []
    own = {f"family:{family.name}"}
    while not state.is_over and len(actions) < family.max_plies:
        action = choose(chooser, guarda.legal_actions(state))
        after, events = guarda.apply(state, action)
        found = step_kinds(state, action, after, events)
        kinds.append(frozenset(found | _crossed(found, config) | own))
        actions.append(action)
        state = after
    return Game(family, config, seed, tuple(actions), tuple(kinds), state.is_over)


@attrs.frozen
class Window:
    """A part of a game: the state after ``start`` actions, then actions ``start:end``."""

    game: Game
    """The game it is cut from."""
    start: int
    """Actions played before the window starts (0: the window starts a new game)."""
    end: int
    """Actions played when it ends."""
    kinds: frozenset[str]
    """The kinds of its steps (and ``start:new-game`` kinds when it starts a new game)."""

    @property
    def cost(self) -> int:
        """About how big its vector is: the views it holds, plus a start."""
        return (self.end - self.start + 1) * self.game.config.players + 4

    @property
    def name(self) -> str:
        """The vector's id: family, seed and plies."""
        return f"{self.game.family.name}-s{self.game.seed}-{self.start}-{self.end}"


def _window(game: Game, start: int, end: int) -> Window:
    kinds: set[str] = set()
    for step in game.kinds[start:end]:
        kinds |= step
    if start == 0:
        edition = config_features(game.config)["edition"]
        kinds |= {"start:new-game", f"start:new-game/{edition}"}
    return Window(game, start, end, frozenset(kinds))


def windows(game: Game) -> list[Window]:
    """One window per kind of the game, around the kind's first occurrence."""
    first: dict[str, int] = {}
    for ply, kinds in enumerate(game.kinds, start=1):
        for kind in kinds:
            first.setdefault(kind, ply)
    total = len(game.actions)
    found: dict[tuple[int, int], Window] = {}
    for ply in sorted(set(first.values())):
        start = ply - 1 - LEAD
        if start <= START_SLACK:
            start = 0
        end = min(total, ply + TRAIL)
        if game.is_over and total - end <= END_SLACK:
            end = total
        if (start, end) not in found:
            found[start, end] = _window(game, start, end)
    return list(found.values())


def opening(game: Game) -> Window:
    """The game's setup and first turn: from the start to a few actions after turn 1 starts."""
    first_turn = next(
        ply for ply, kinds in enumerate(game.kinds, start=1) if "ruling:R11" in kinds
    )
    return _window(game, 0, min(len(game.actions), first_turn + OPENING_TURN))


def around(game: Game, kind: str) -> Window | None:
    """The window around the first step of a kind (as [windows][guarda.conformance._select.windows]
    cuts it), or None if the game never shows it.

    Examples:
        >>> from guarda.conformance._scenarios import FAMILIES
        >>> around(explore(FAMILIES[0], 1), "action:PlacePiece").start
        0
    """
    for ply, kinds in enumerate(game.kinds, start=1):
        if kind in kinds:
            start = ply - 1 - LEAD
            return _window(
                game, 0 if start <= START_SLACK else start, min(len(game.actions), ply + TRAIL)
            )
    return None


def select(candidates: Sequence[Window], covered: Iterable[str] = ()) -> list[Window]:
    """Greedily pick windows until every kind of the candidates is covered.

    Each round takes the window with the most kinds not yet covered per unit of
    [cost][guarda.conformance._select.Window.cost]; ties go to the earlier candidate.
    ``covered`` holds kinds already covered elsewhere (by the built positions).
    """
    done = set(covered)
    wanted = set().union(*(window.kinds for window in candidates)) - done
    chosen: list[Window] = []
    while wanted:
        best: Window | None = None
        best_score = 0.0
        for window in candidates:
            gain = len(window.kinds & wanted)
            if gain and gain / window.cost > best_score:
                best, best_score = window, gain / window.cost
        assert best is not None
        chosen.append(best)
        wanted -= best.kinds
    return chosen
