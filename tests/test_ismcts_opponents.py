"""Guarda's search with ``opponent_model=True`` keeps the opponents' decisions out of
the tree (Bots guide, "Opponents modelled, and the best mean: tried on Guarda")."""

from __future__ import annotations

import random

import pytest

import guarda
from guarda.bots import ISMCTSBot
from guarda.bots._greedy import greedy_action
from guarda.bots._ismcts import _GuardaSearch
from guarda.bots._options import options


def decisions(seed: int, plies: int = 120) -> list[guarda.GameState]:
    """The searched decisions (several options) of a greedy game of Modern 2p."""
    state = guarda.new_game(guarda.modern(players=2, turn_limit=200), seed=seed)
    found = []
    for _ in range(plies):
        if state.is_over:
            break
        searched = state.phase in (guarda.Phase.MOVE, guarda.Phase.SET_GUARD, guarda.Phase.ACT)
        if searched and len(options(state)) > 1:
            found.append(state)
        state, _ = guarda.apply(state, greedy_action(state))
    return found


@pytest.mark.parametrize("model", [True, False, None])
def test_opponent_model_keeps_the_opponents_out_of_the_tree(model: bool | None) -> None:
    positions = decisions(seed=5)
    assert len(positions) > 20
    actors_seen: set[bool] = set()
    for state in positions:
        me = state.actor
        assert me is not None
        view = guarda.view(state, me)
        search = _GuardaSearch(ISMCTSBot(opponent_model=model), view, random.Random(0))
        # from the state after the bot's greedy choice, the next decision the tree
        # branches on: the bot's own (model) or anybody's (no model)
        after, _ = guarda.apply(state, greedy_action(state))
        reached, legal = search.advance(after)
        if legal:
            actors_seen.add(reached.actor == me)
    # None, the default, searches the opponents on Guarda
    assert actors_seen == ({True} if model else {True, False})
