"""Helpers of the On Guard tests: play selections, play whole games, and seeded positions."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from guarda.games.on_guard import (
    ON_GUARD,
    SELECTION_ORDER,
    Add,
    Done,
    Event,
    OnGuardConfig,
    OnGuardHeuristic,
    OnGuardState,
)

ORDER = {card: index for index, card in enumerate(SELECTION_ORDER)}


def select(state: OnGuardState, cards: Iterable[int]) -> tuple[OnGuardState, list[Event]]:
    """The actor adds ``cards`` (in selection order) and closes the selection."""
    events: list[Event] = []
    barrage = state.phase == "barrage"
    for card in sorted(cards, key=ORDER.__getitem__):
        state, new = ON_GUARD.apply(state, Add(card))
        events.extend(new)
    if not barrage:
        state, new = ON_GUARD.apply(state, Done())
        events.extend(new)
    return state, events


def exchange(
    state: OnGuardState, first: Sequence[int], second: Sequence[int]
) -> tuple[OnGuardState, list[Event]]:
    """One turn: seat 0 selects ``first``, seat 1 ``second``."""
    state, events = select(state, first)
    state, more = select(state, second)
    return state, events + more


def random_game(
    config: OnGuardConfig, seed: int, agents: Sequence[OnGuardHeuristic | None] = (None, None)
) -> tuple[list[OnGuardState], list[Event]]:
    """Every state of a game where a None agent picks uniformly at random."""
    rng = random.Random(seed)
    state = ON_GUARD.new_game(config, seed)
    states = [state]
    events: list[Event] = []
    while not ON_GUARD.is_over(state):
        actor = ON_GUARD.actor(state)
        assert actor is not None
        agent = agents[actor]
        if agent is None:
            action = rng.choice(ON_GUARD.legal_actions(state))
        else:
            action = agent.act(ON_GUARD.view(state, actor), rng)
        state, new = ON_GUARD.apply(state, action)
        states.append(state)
        events.extend(new)
    return states, events


CONFIGS = (
    OnGuardConfig(),
    OnGuardConfig(jokers=True),
    OnGuardConfig(tier="stesso"),
)
