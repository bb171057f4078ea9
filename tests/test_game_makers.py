"""Garrison's and On Guard's steps make their states and events with the engine's makers
(guarda._construct): every value is the one its class makes from the same fields."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from guarda.game import Game
from guarda.games import GARRISON, ON_GUARD


def _values(game: Game, config: Any, games: int) -> Iterator[object]:
    """Every state and event of ``games`` seeded random games, and the keeps of states."""
    for seed in range(games):
        choose = random.Random(seed)
        state = game.new_game(config, seed)
        while not game.is_over(state):
            state, events = game.apply(state, choose.choice(game.legal_actions(state)))
            yield state
            yield from events
            yield from getattr(state, "keeps", ())


@pytest.mark.parametrize(
    ("game", "players", "games"), [(GARRISON, 2, 6), (GARRISON, 4, 3), (ON_GUARD, 2, 40)]
)
def test_made_values_are_what_their_classes_make(game: Game, players: int, games: int) -> None:
    checked = 0
    for value in _values(game, game.default_config(players), games):
        cls = type(value)
        assert attrs.has(cls) and not cls.__name__.startswith("_Open"), cls
        fields = {field.name: getattr(value, field.name) for field in attrs.fields(cls)}
        made = cls(**fields)
        assert value == made and made == value
        assert hash(value) == hash(made) and repr(value) == repr(made)
        assert pickle.dumps(value) == pickle.dumps(made)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, attrs.fields(cls)[0].name, None)
        checked += 1
    assert checked > 100
