"""guarda.rl's action mask over guarda's action index (extra ``rl``, nox session ``rl``),
and the pinned layout of the environment's actions and observations."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from hypothesis import given, settings

import guarda
import rl_goldens
from guarda import testing
from guarda.errors import ActionSpaceError, ArgumentError
from guarda.rl import GuardaEnv, action_mask


def test_the_layout_of_the_presets_is_the_golden_one() -> None:
    assert rl_goldens.render() == rl_goldens.GOLDEN.read_text(encoding="utf-8")


def test_the_environment_numbers_actions_with_guardas_index() -> None:
    config = guarda.classic(players=3)
    game = GuardaEnv(config)
    assert type(game.index) is guarda.ActionIndex and game.index == guarda.ActionIndex(config)
    space = game.action_space(game.possible_agents[0])
    assert isinstance(space, gymnasium.spaces.Discrete) and space.n == len(game.index) == 87809


@settings(max_examples=30)
@given(testing.records(testing.configs(max_players=4), max_plies=150))
def test_the_mask_marks_exactly_the_legal_actions(record: guarda.GameRecord) -> None:
    index = guarda.ActionIndex(record.config, max_actions=1 << 62)
    for state in guarda.replay(record):
        legal = guarda.legal_actions(state)
        mask = action_mask(index, state)
        assert mask.dtype == np.int8 and mask.shape == (len(index),)
        marked = np.flatnonzero(mask).tolist()
        assert marked == sorted(index.index_of(action) for action in legal)
        assert {index.action_at(number) for number in marked} == set(legal)
        assert set(np.unique(mask).tolist()) <= {0, 1}
        for player in range(len(state.players)):
            seen = action_mask(index, guarda.view(state, player))
            if player == state.actor:
                assert np.array_equal(seen, mask)
            else:
                assert not seen.any()


def test_bad_arguments_are_refused() -> None:
    index = guarda.ActionIndex(guarda.grda())
    state = guarda.new_game(guarda.grda(), seed=1)
    with pytest.raises(ArgumentError, match="not an ActionIndex") as caught:
        action_mask(guarda.grda(), state)  # type: ignore[arg-type]
    assert caught.value.path == "index"
    with pytest.raises(ArgumentError, match="not a GameState or a PlayerView"):
        action_mask(index, guarda.legal_actions(state))  # type: ignore[arg-type]
    classic = guarda.new_game(guarda.classic(), seed=1)
    while classic.phase is guarda.Phase.SETUP:
        classic, _ = guarda.apply(classic, guarda.legal_actions(classic)[0])
    with pytest.raises(ActionSpaceError, match="of Grda"):
        action_mask(index, classic)
