"""The search for seeded games that reach rare situations, behind the table ``RARE``.

Random play rarely pushes a player onto loot or ends a game with two teams drawing, but
among a few thousand seeded games, played by a chooser that prefers the kinds of action
the situation needs, one usually does. [search][guarda.conformance._search.search] plays
the seeds one by one and returns the first game whose steps show every kind a situation
expects within a few consecutive actions; the seed and the window it found are written
into [RARE][guarda.conformance._scenarios.RARE], so generating the vectors replays one
game per situation instead of searching again. Run it after a change of the rules'
behaviour makes generation fail (``python -m guarda.conformance search``), and copy what
it prints into the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final

import attrs

import guarda
from guarda import Action, Config, Event, Exhaustion, GameState, TurnStarted
from guarda.conformance._rulings import step_kinds
from guarda.conformance._scenarios import Chooser, Rare, choose
from guarda.conformance._select import LEAD, TRAIL

__all__ = ["SPAN", "Found", "play", "reach", "search", "situation_kinds"]

SPAN: Final = 4
"""The most consecutive actions a situation's kinds may be spread over."""

Step = tuple[GameState, Action, GameState, tuple[Event, ...]]


def situation_kinds(
    before: GameState, action: Action, after: GameState, events: Iterable[Event]
) -> set[str]:
    """The kinds of a step ([step_kinds][guarda.conformance.step_kinds]) and the rare
    situations only the search looks for.

    ``draw:full-hand-empty-pile``: a turn starts under Exhaustion, the player draws nothing
    because their hand is full, and their draw pile is empty (so they stay in).

    Examples:
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> action = guarda.legal_actions(state)[0]
        >>> after, events = guarda.apply(state, action)
        >>> "action:PlacePiece" in situation_kinds(state, action, after, events)
        True
    """
    events = tuple(events)
    kinds = step_kinds(before, action, after, events)
    if "ruling:P10" in kinds and isinstance(before.config.win, Exhaustion):
        for event in events:
            if isinstance(event, TurnStarted):
                player = after.players[event.player]
                if not player.is_out and not player.draw_pile:
                    kinds.add("draw:full-hand-empty-pile")
    return kinds


def play(config: Config, seed: int, weights: Mapping[str, int], max_plies: int) -> Iterator[Step]:
    """Every step of a seeded game played by a weighted chooser of the same seed.

    Examples:
        >>> steps = list(play(guarda.modern(), 1, {}, 3))
        >>> [type(action).__name__ for _, action, _, _ in steps]
        ['PlacePiece', 'PlacePiece', 'Move']
    """
    chooser = Chooser(seed)
    state = guarda.new_game(config, seed)
    for _ in range(max_plies):
        if state.is_over:
            return
        action = choose(chooser, guarda.legal_actions(state), weights)
        after, events = guarda.apply(state, action)
        yield state, action, after, events
        state = after


@attrs.frozen
class Found:
    """A seeded game that reaches a situation, and where."""

    seed: int
    """The seed of the game and of its choices."""
    start: int
    """The ply the window is compared from (the actions before it are played)."""
    end: int
    """The ply the window ends at: every expected kind is shown between the two."""


def search(
    rare: Rare, seeds: Iterable[int] = range(1, 5001), *, max_plies: int = 700
) -> Found | None:
    """The first seeded game that shows every kind ``rare`` expects within
    [SPAN][guarda.conformance._search.SPAN] consecutive actions (the seed in ``rare``
    itself is ignored).

    Returns:
        The seed and the window: the fewest consecutive actions that show every kind,
        with up to ``LEAD`` actions before them and ``TRAIL`` after (as the windows of
        random games have), or None if no seed in ``seeds`` reaches it.

    Examples:
        >>> from guarda.conformance._scenarios import RARE
        >>> search(RARE[0], range(1, 50)) == Found(RARE[0].seed, *RARE[0].plies)
        True
    """
    config = rare.config()
    wanted = set(rare.expects)
    weights = rare.weights
    for seed in seeds:
        kinds: list[set[str]] = []
        for step in play(config, seed, weights, max_plies):
            kinds.append(situation_kinds(*step))
            start = max(0, len(kinds) - SPAN)
            if wanted <= set().union(*kinds[start:]):
                while wanted <= set().union(*kinds[start + 1 :]):
                    start += 1
                end = len(kinds)
                more = sum(1 for _ in play(config, seed, weights, end + TRAIL)) - end
                return Found(seed, max(0, start - LEAD), end + more)
    return None


def reach(rare: Rare) -> tuple[tuple[Action, ...], set[str]]:
    """Replay the game ``rare`` names: its actions up to the window's end, and the kinds
    of the window's steps.

    Raises:
        AssertionError: If the window no longer shows every kind ``rare`` expects (a
            change of the rules' behaviour: run the search again).
    """
    start, end = rare.plies
    actions: list[Action] = []
    kinds: set[str] = set()
    for ply, step in enumerate(play(rare.config(), rare.seed, rare.weights, end), start=1):
        actions.append(step[1])
        if ply > start:
            kinds |= situation_kinds(*step)
    missing = sorted(set(rare.expects) - kinds)
    if len(actions) < end or missing:
        raise AssertionError(
            f"{rare.name}: seed {rare.seed}, plies {start}-{end} no longer show "
            f"{', '.join(missing) or 'the whole window'}: run python -m guarda.conformance search"
        )
    return tuple(actions), kinds
