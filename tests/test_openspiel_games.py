"""guarda.openspiel for every game (extra ``openspiel``, nox session ``openspiel``).

Every shipped game but Guarda (which has its own OpenSpiel game, tests/test_openspiel*.py)
is registered when the package is imported and tested here the moment it ships, with the
toy game (registered by the test) and Guarda through the generic wrapper: OpenSpiel's own
consistency test with serialization, its ISMCTS playing whole games, observations made
from the views, serialization through the game's own documents, and registration.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402 - after the skip
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

from guarda.errors import (  # noqa: E402
    ActionSpaceError,
    ArgumentError,
    ConfigurationError,
    IllegalActionError,
)
from guarda.game import Game, Observable  # noqa: E402
from guarda.games import GAMES, GUARDA  # noqa: E402
from guarda.openspiel import (  # noqa: E402
    GAME_NAME,
    MAX_GAME_LENGTH,
    SEED_BYTES,
    AgentBot,
    ProtocolGame,
    ProtocolState,
    encode_options,
    register,
    registered,
    resampler,
)
from toy_game import TOY, ToyConfig  # noqa: E402

TOY_NAME = register(TOY)
GENERIC_GUARDA = register(GUARDA, name="guarda_generic")
GRDA = {"options": "edition:grda;turn_limit:6"}


def _cases() -> Iterator[Any]:
    """Each game's short name and parameters: every shipped game (its usual number of
    players, and its most), the toy game, and Guarda (Grda, a short turn limit)."""
    for game in GAMES.values():
        if game is GUARDA:
            continue
        name = register(game)
        yield pytest.param(game, name, {}, id=name)
        if game.max_players > game.min_players:
            yield pytest.param(
                game, name, {"players": game.max_players}, id=f"{name}-{game.max_players}"
            )
    yield pytest.param(TOY, TOY_NAME, {}, id="toy")
    yield pytest.param(GUARDA, GENERIC_GUARDA, GRDA, id="guarda-generic")


CASES = list(_cases())


def dealt(game: Any, seed: int) -> ProtocolState:
    """A state just after the deal: the seed's bytes applied, big-endian."""
    state: ProtocolState = game.new_initial_state()
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        state.apply_action(byte)
    return state


def random_states(game: Any, seed: int) -> Iterator[ProtocolState]:
    """Every state of one masked random game after the deal, the first state first."""
    choose = random.Random(seed)
    state = dealt(game, seed)
    yield state
    while not state.is_terminal():
        state = state.child(choose.choice(state.legal_actions()))
        yield state


class AnyRandom:
    """A random agent of any game: it reads nothing but ``view.legal_actions``."""

    name = "any-random"

    def act(self, view: Any, rng: random.Random) -> Any:
        return rng.choice(view.legal_actions)


class Ismcts(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel has no type stubs
    """OpenSpiel's ISMCTS with the ``restart_at`` that ``evaluate_bots`` calls."""

    def restart_at(self, state: Any) -> None:
        pass


def search(game: Any, seed: int) -> Ismcts:
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return Ismcts(game, rollouts, 2.0, 6, random_state=np.random.RandomState(seed))


# -- OpenSpiel's own tests and bots, on every game ---------------------------------------


def test_the_cases_are_every_shipped_game_the_toy_game_and_guarda() -> None:
    names = {case.values[1] for case in CASES}
    shipped = {register(game) for game in GAMES.values() if game is not GUARDA}
    assert names == shipped | {TOY_NAME, GENERIC_GUARDA}
    assert register(GUARDA) == GAME_NAME  # Guarda itself keeps its own game


@pytest.mark.parametrize(("game", "name", "params"), CASES)
def test_openspiel_random_simulation_test_passes(
    game: Game, name: str, params: dict[str, Any]
) -> None:
    loaded = pyspiel.load_game(name, params)
    assert isinstance(loaded, ProtocolGame) and loaded.game is game
    sims = 12 if game is TOY else 2
    pyspiel.random_sim_test(loaded, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "name", "params"), CASES)
def test_openspiels_ismcts_plays_whole_games(
    game: Game, name: str, params: dict[str, Any]
) -> None:
    loaded = pyspiel.load_game(name, {"max_game_length": 300, **params})
    players = loaded.num_players()
    bots = [search(loaded, seat) for seat in range(players)]
    bots[-1].set_resampler(resampler(seed=3))  # the seeded resampler, and the default one
    returns = evaluate_bots(loaded.new_initial_state(), bots, np.random.RandomState(1))
    assert len(returns) == players and all(value in (-1.0, 0.0, 1.0) for value in returns)


@pytest.mark.parametrize(("game", "name", "params"), CASES)
def test_agents_play_through_agent_bot(game: Game, name: str, params: dict[str, Any]) -> None:
    loaded = pyspiel.load_game(name, params)
    bots = [AgentBot(AnyRandom(), seed=seat) for seat in range(loaded.num_players())]
    returns = evaluate_bots(loaded.new_initial_state(), bots, np.random.RandomState(2))
    assert len(returns) == loaded.num_players()


@pytest.mark.parametrize(("game", "name", "params"), CASES)
def test_observations_come_from_the_views(game: Game, name: str, params: dict[str, Any]) -> None:
    loaded = pyspiel.load_game(name, params)
    observable = isinstance(game, Observable)
    assert loaded.get_type().provides_observation_tensor == observable
    for state in random_states(loaded, 11):
        position = state.game_state
        for player in range(loaded.num_players()):
            view = game.view(position, player)
            assert state.observation_string(player) == repr(view)
            lines = state.information_state_string(player).split("\n")
            assert lines[0] == repr(view) and lines[1].startswith("deal: ")
            if observable:
                assert isinstance(game, Observable)
                assert state.observation_tensor(player) == pytest.approx(game.observe(view))
        if state.is_terminal() or len(state.history()) > SEED_BYTES + 40:
            break


@pytest.mark.parametrize(("game", "name", "params"), CASES)
def test_a_resampled_state_looks_the_same_to_its_player(
    game: Game, name: str, params: dict[str, Any]
) -> None:
    loaded = pyspiel.load_game(name, params)
    rng = random.Random(5)
    for number, state in enumerate(random_states(loaded, 5)):
        if state.is_terminal() or number > 30:
            break
        player = state.current_player()
        sample = state.resample(player, rng)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.legal_actions() == state.legal_actions()
        assert game.view(sample.game_state, player) == game.view(state.game_state, player)


@pytest.mark.parametrize(("game", "name", "params"), CASES)
def test_states_serialize_through_the_games_documents(
    game: Game, name: str, params: dict[str, Any]
) -> None:
    loaded = pyspiel.load_game(name, params)
    for number, state in enumerate(random_states(loaded, 8)):
        if number % 3 == 0 or state.is_terminal():
            text = pyspiel.serialize_game_and_state(loaded, state)
            again_game, again = pyspiel.deserialize_game_and_state(text)
            assert str(again_game) == str(loaded)
            assert again.history() == state.history()
            assert again.game_state == state.game_state
            assert game.loads(game.dumps(state.game_state)) == again.game_state
            for player in range(loaded.num_players()):
                assert again.information_state_string(player) == state.information_state_string(
                    player
                )
            assert again.legal_actions() == state.legal_actions()
        if state.is_terminal() or number > 40:
            break


# -- the toy game: chance, returns, length, parameters, registration ---------------------


def test_the_deal_is_eight_chance_bytes_no_player_observes() -> None:
    loaded = pyspiel.load_game(TOY_NAME)
    state = loaded.new_initial_state()
    for drawn in range(SEED_BYTES):
        assert state.is_chance_node() and state.seed_bytes_drawn == drawn
        assert [byte for byte, _ in state.chance_outcomes()] == list(range(256))
        assert state.observation_string(0) == state.observation_string(1)
        assert state.observation_tensor(0) == [0.0] * 12
        with pytest.raises(ArgumentError, match="not dealt"):
            state.view(0)
        state.apply_action(7 + drawn)
    seed = int.from_bytes(bytes(range(7, 15)), "big")
    assert state.game_state == TOY.new_game(ToyConfig(), seed)
    assert state.current_player() == 0 and state.history() == list(range(7, 15))
    assert state.action_to_string(state.legal_actions()[0]) == TOY.format_action(
        state.action_index.action_at(state.legal_actions()[0])
    )


def test_returns_are_the_scores_and_the_game_is_zero_sum() -> None:
    loaded = pyspiel.load_game(TOY_NAME)
    assert loaded.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    seen = set()
    for seed in range(10):
        *_, last = random_states(loaded, seed)
        scores = TOY.scores(last.game_state)
        assert scores is not None
        assert last.returns() == [2 * score - 1 for score in scores]
        assert last.current_player() == pyspiel.PlayerId.TERMINAL
        seen.add(tuple(last.returns()))
    assert len(seen) >= 2


def test_a_game_longer_than_max_game_length_ends_as_a_draw() -> None:
    loaded = pyspiel.load_game(TOY_NAME, {"max_game_length": 3})
    assert loaded.max_game_length() == 3
    *_, last = random_states(loaded, 4)
    assert last.is_terminal() and last.truncated
    assert not TOY.is_over(last.game_state) and last.returns() == [0.0, 0.0]
    assert pyspiel.load_game(TOY_NAME).max_game_length() == MAX_GAME_LENGTH


def test_a_bad_action_raises_and_changes_nothing() -> None:
    loaded = pyspiel.load_game(TOY_NAME)
    state = dealt(loaded, 99)
    before = (state.history(), state.game_state)
    illegal = next(
        n for n in range(loaded.num_distinct_actions()) if n not in state.legal_actions()
    )
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    with pytest.raises(ActionSpaceError):
        state.apply_action(loaded.num_distinct_actions())
    assert (state.history(), state.game_state) == before


def test_no_information_state_tensor() -> None:
    state = dealt(pyspiel.load_game(TOY_NAME), 3)
    with pytest.raises(pyspiel.SpielError, match="no information state tensor"):
        state.information_state_tensor(0)


def test_options_reach_the_games_configuration() -> None:
    text = encode_options({"edition": "grda", "turn_limit": "6"})
    loaded = pyspiel.load_game(GENERIC_GUARDA, {"options": text, "players": 3})
    assert loaded.config.turn_limit == 6 and loaded.config.players == 3
    assert loaded.config == GUARDA.make_config(3, {"edition": "grda", "turn_limit": "6"})
    assert pyspiel.load_game(str(loaded)).config == loaded.config  # the game string
    assert loaded.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize(
    ("params", "error", "path"),
    [
        ({"options": "edition"}, ConfigurationError, "options"),
        ({"options": "colour:red"}, ArgumentError, "colour"),
        ({"max_game_length": 0}, ConfigurationError, "max_game_length"),
        ({"players": 0}, ConfigurationError, "players"),
    ],
)
def test_bad_parameters_are_refused(
    params: dict[str, Any], error: type[Exception], path: str
) -> None:
    with pytest.raises(error) as caught:
        pyspiel.load_game(GENERIC_GUARDA, params)
    assert getattr(caught.value, "path", None) == path


def test_encode_options_refuses_what_a_game_string_cannot_hold() -> None:
    with pytest.raises(ArgumentError, match="without") as caught:
        encode_options({"edition": "a,b"})
    assert caught.value.path == "options.edition"
    with pytest.raises(ArgumentError, match="mapping"):
        encode_options("edition:grda")  # type: ignore[arg-type]


def test_registration_is_idempotent_and_names_are_checked() -> None:
    assert register(TOY) == TOY_NAME == "toy" and registered()[TOY_NAME] is TOY
    assert all(register(game) in registered() for game in GAMES.values() if game is not GUARDA)
    names = {game.short_name for game in pyspiel.registered_games()}
    assert {TOY_NAME, GENERIC_GUARDA, GAME_NAME} <= names
    with pytest.raises(ArgumentError, match="taken by High card") as caught:
        register(GUARDA, name=TOY_NAME)
    assert caught.value.path == "name"
    with pytest.raises(ArgumentError, match="OpenSpiel already has"):
        register(TOY, name="kuhn_poker")
    with pytest.raises(ArgumentError, match="lowercase letters"):
        register(TOY, name="Toy Game")
    with pytest.raises(ArgumentError, match="no game called"):
        register("no-such-game")
