"""The game protocol: Guarda and the test game satisfy it, and the registry finds games."""

from __future__ import annotations

import random

import pytest

import guarda
from guarda.game import ActionSpace, Game, GameView, Observable
from guarda.games import GAMES, GUARDA, game_of, get_game
from toy_game import TOY


@pytest.mark.parametrize("game", [*GAMES.values(), TOY], ids=lambda game: game.name)
def test_game_satisfies_the_protocol_and_plays_to_the_end(game: Game) -> None:
    assert isinstance(game, Game)
    config = game.default_config()
    assert game.is_config(config)
    assert isinstance(game.action_space(config), ActionSpace)
    rng = random.Random(3)
    state = game.new_game(config, seed=11, salt="s")
    plies = 0
    while not game.is_over(state) and plies < 2_000:
        actor = game.actor(state)
        assert actor is not None
        view = game.view(state, actor)
        assert isinstance(view, GameView)
        assert tuple(view.legal_actions) == tuple(game.legal_actions(state))
        world = game.determinize(view, rng)
        assert game.view(world, actor) == view
        action = rng.choice(game.legal_actions(state))
        assert game.parse_action(game.format_action(action), view) == action
        space = game.action_space(config)
        assert space.action_at(space.index_of(action)) == action
        state, _ = game.apply(state, action)
        plies += 1
    if game.is_over(state):
        scores = game.scores(state)
        assert scores is not None and len(scores) == game.players(config)
        assert all(score in (0.0, 0.5, 1.0) for score in scores)


def test_get_game_finds_by_name_and_refuses_unknown_names() -> None:
    assert get_game("guarda") is GUARDA
    assert get_game(TOY) is TOY
    with pytest.raises(guarda.ArgumentError, match="no game called 'chess'"):
        get_game("chess")
    with pytest.raises(guarda.ArgumentError, match="not a game"):
        get_game(3)  # type: ignore[arg-type]


def test_game_of_recognises_guarda_positions() -> None:
    state = guarda.new_game(guarda.modern(), seed=1)
    assert game_of(state) is GUARDA
    assert game_of(guarda.view(state, 0)) is GUARDA
    with pytest.raises(guarda.ArgumentError, match="no shipped game"):
        game_of(TOY.default_config())


def test_guarda_make_config_validates_options() -> None:
    assert GUARDA.make_config(3, {"edition": "grda"}) == guarda.grda(players=3)
    with pytest.raises(guarda.ArgumentError, match="no option 'speed'"):
        GUARDA.make_config(2, {"speed": "fast"})
    with pytest.raises(guarda.ArgumentError, match="edition must be one of"):
        GUARDA.make_config(2, {"edition": "chess"})
    with pytest.raises(guarda.ArgumentError, match="turn_limit must be an integer"):
        GUARDA.make_config(2, {"turn_limit": "ten"})


def test_guarda_option_help_names_only_values_make_config_takes() -> None:
    # the help of "win" lists its values after the colon: each one must be accepted
    listed = GUARDA.options()["win"].split(":", 1)[1]
    values = [word.strip(" ,").removesuffix("(default)").strip() for word in listed.split()]
    values = [value for value in values if value not in ("", "or")]
    assert "king-of-the-hill" in values
    for value in values:
        assert GUARDA.make_config(2, {"win": value}).win is not None


def test_guarda_scores_match_the_outcome() -> None:
    state = guarda.new_game(guarda.grda(turn_limit=4), seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state, _ = guarda.apply(state, rng.choice(guarda.legal_actions(state)))
    scores = GUARDA.scores(state)
    assert scores is not None
    assert state.outcome is not None
    assert {seat for seat, score in enumerate(scores) if score == 1.0} == set(
        state.outcome.winners
    )


def test_observable_is_optional() -> None:
    assert isinstance(TOY, Observable)
    assert not isinstance(GUARDA, Observable)
