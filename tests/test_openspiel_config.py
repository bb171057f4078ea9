"""guarda.openspiel's ``config`` parameter (extra ``openspiel``, nox session ``openspiel``):
any ruleset loads through ``pyspiel.load_game``, survives game strings and serialization,
and passes OpenSpiel's own consistency test; the information state tensor is refused."""

from __future__ import annotations

import pytest

import guarda

pyspiel = pytest.importorskip("pyspiel")

from guarda.errors import ArgumentError, ConfigurationError  # noqa: E402
from guarda.openspiel import (  # noqa: E402
    CONFIG_PREFIX,
    GAME_NAME,
    config_from_parameters,
    encode_config,
)


def seven() -> guarda.Config:
    """A custom 7x7 ruleset whose every choice differs from a preset's."""
    return guarda.custom(
        7,
        players=3,
        draw_rule=guarda.DrawRule.DRAW_ONE_THEN_FILL,
        starting_health=6,
        stakes="bounty",
        ante=2,
        first_player=2,
        turn_limit=9,
    )


def test_the_game_is_registered_under_its_short_name() -> None:
    assert GAME_NAME == "guarda"
    assert "config" in pyspiel.load_game(GAME_NAME).get_parameters()


def test_a_custom_config_loads_through_load_game_and_passes_random_sim_test() -> None:
    config = seven()
    game = pyspiel.load_game(GAME_NAME, {"config": guarda.dumps(config)})
    assert game.config == config
    assert game.num_players() == 3
    assert game.config.size == 7 and game.config.first_player == 2
    assert game.num_distinct_actions() == guarda.ActionIndex(config).size
    assert game.max_game_length() == 3 + 9 * (2 * 3 + 4)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_string_and_a_serialized_state_load_back() -> None:
    game = pyspiel.load_game(GAME_NAME, {"config": guarda.dumps(seven())})
    text = str(game)
    assert CONFIG_PREFIX in text and "{" not in text
    assert pyspiel.load_game(text).config == seven()
    state = game.new_initial_state()
    for byte in range(8):
        state.apply_action(byte)
    state.apply_action(state.legal_actions()[0])
    again_game, again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert again_game.config == seven()
    assert again.history() == state.history() and str(again) == str(state)


def test_a_config_without_a_turn_limit_takes_the_parameter() -> None:
    text = guarda.dumps(guarda.custom(7))
    assert config_from_parameters({"config": text}).turn_limit == 200
    game = pyspiel.load_game(GAME_NAME, {"config": text, "turn_limit": 15})
    assert game.config.turn_limit == 15 and game.config.size == 7
    assert game.max_game_length() == 2 + 15 * (2 * 2 + 4)


def test_the_base64_form_reads_like_the_document() -> None:
    encoded = encode_config(seven())
    assert encoded.startswith(CONFIG_PREFIX) and "," not in encoded and "=" not in encoded
    assert config_from_parameters({"config": encoded}) == seven()
    with pytest.raises(ArgumentError, match="not a Config"):
        encode_config("7x7")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("parameters", "path", "message"),
    [
        ({"players": 3}, "players", "players cannot be given with config"),
        ({"preset": "grda"}, "preset", "preset cannot be given with config"),
        ({"teams": 2}, "teams", "teams cannot be given with config"),
        ({"turn_limit": 5}, "turn_limit", "disagrees with the config's own limit of 9"),
    ],
)
def test_parameters_that_contradict_a_config_are_refused(
    parameters: dict[str, object], path: str, message: str
) -> None:
    with pytest.raises(ConfigurationError, match=message) as caught:
        config_from_parameters({"config": guarda.dumps(seven()), **parameters})
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('{"format": "guarda"}', "config is not a configuration document"),
        (guarda.dumps(guarda.Pass()), "config is not a configuration document"),
        (CONFIG_PREFIX + "%%%", "config is not"),
        (7, "config must be the text of guarda.dumps"),
    ],
)
def test_bad_config_documents_are_refused(value: object, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message) as caught:
        config_from_parameters({"config": value})
    assert caught.value.path == "config"


def test_the_information_state_tensor_is_refused_as_the_game_type_says() -> None:
    game = pyspiel.load_game(GAME_NAME, {"config": guarda.dumps(seven())})
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    for byte in range(8):
        state.apply_action(byte)
    with pytest.raises(pyspiel.SpielError, match="no information state tensor"):
        state.information_state_tensor(0)
    with pytest.raises(pyspiel.SpielError, match="no information state tensor"):
        state.information_state_tensor()
    assert state.information_state_string(0).startswith("v0")
    assert len(state.observation_tensor(0)) > 0
