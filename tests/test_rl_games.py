"""guarda.rl for every game (extra ``rl``, nox session ``rl``): the generic ``GameEnv``
through PettingZoo's own tests (``api_test``, ``seed_test``, ``render_test``,
``state_test``, ``parallel_api_test``) on every shipped game that is ``Observable``
(picked up from the registry, so a game is tested the moment it registers) and on the
toy game; then its rewards, seeds, masks, truncation and errors on the toy game."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test.api_test import api_test
from pettingzoo.test.parallel_test import parallel_api_test
from pettingzoo.test.render_test import render_test
from pettingzoo.test.seed_test import seed_test
from pettingzoo.test.state_test import state_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper, TerminateIllegalWrapper

import guarda
from guarda.errors import ActionSpaceError, ArgumentError, IllegalActionError, NotResetError
from guarda.game import Game, Observable
from guarda.games import GAMES, GUARDA
from guarda.rl import GameEnv, GuardaEnv, env, parallel_env, raw_env
from toy_game import TOY, ToyConfig

GAMES_UNDER_TEST: list[Game] = [
    *(game for game in GAMES.values() if isinstance(game, Observable)),
    TOY,
]
"""Every shipped game that encodes its views, and the toy game."""


def _cases() -> Iterator[Any]:
    """Each game with its usual number of players, and with its most when it seats more."""
    for game in GAMES_UNDER_TEST:
        counts = [None] if game.max_players == game.min_players else [None, game.max_players]
        for players in counts:
            name = f"{game.name}-{'default' if players is None else players}"
            yield pytest.param(game, game.default_config(players), id=name)


CASES = list(_cases())


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # PettingZoo warns that a dictionary observation is not a plain array, as it does for
    # its own games with action masks (chess, go, connect four).
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        yield


def play(
    game: GameEnv, seed: int, each: Callable[[GameEnv], None] | None = None
) -> dict[str, float]:
    """Masked random play to the end; each agent's final reward."""
    choose = np.random.default_rng(seed)
    game.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
            continue
        if each is not None:
            each(game)
        game.step(int(choose.choice(np.flatnonzero(observation["action_mask"]))))
    return final


# -- PettingZoo's own tests, on every game ------------------------------------------------


def test_the_games_under_test_include_the_toy_game_and_every_observable_shipped_game() -> None:
    shipped = {name for name, game in GAMES.items() if isinstance(game, Observable)}
    assert {game.name for game in GAMES_UNDER_TEST} == shipped | {"toy"}
    assert GUARDA not in GAMES_UNDER_TEST  # Guarda has GuardaEnv (tests/test_rl_*.py)


@pytest.mark.parametrize(("game", "config"), CASES)
def test_pettingzoo_api_test_passes(game: Game, config: Any) -> None:
    api_test(GameEnv(game, config), num_cycles=200)  # type: ignore[no-untyped-call]
    api_test(env(config, game=game, render_mode="ansi"), num_cycles=50)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize(("game", "config"), CASES)
def test_pettingzoo_seed_test_passes(game: Game, config: Any) -> None:
    seed_test(lambda: env(config, game=game), num_cycles=100)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize(("game", "config"), CASES)
def test_pettingzoo_parallel_api_test_passes(game: Game, config: Any) -> None:
    parallel_api_test(parallel_env(config, game=game), num_cycles=200)


@pytest.mark.parametrize(("game", "config"), CASES)
def test_pettingzoo_render_test_passes(
    game: Game, config: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    def make(render_mode: str | None = None) -> Any:
        return env(config, game=game, render_mode=render_mode)

    render_test(make)
    assert capsys.readouterr().out.strip()  # the human mode printed the table


@pytest.mark.parametrize(("game", "config"), CASES)
def test_pettingzoo_state_test_passes(game: Game, config: Any) -> None:
    # state_test steps with unmasked random actions, which the environment refuses: as
    # for GuardaEnv and PettingZoo's own classic games, TerminateIllegalWrapper ends the
    # game on an illegal action instead.
    state_test(  # type: ignore[no-untyped-call]
        TerminateIllegalWrapper(env(config, game=game), -1),
        parallel_env(config, game=game),
        num_cycles=40,
    )


@pytest.mark.parametrize(("game", "config"), CASES)
def test_observations_are_the_games_encoding_of_the_views(game: Game, config: Any) -> None:
    assert isinstance(game, Observable)
    played = GameEnv(game, config, max_turns=60)
    size = game.observation_size(config)

    def check(current: GameEnv) -> None:
        state = current.game_state
        full = current.state()
        assert full.shape == current.state_space.shape
        assert current.agent_selection == f"player_{game.actor(state)}"
        for player, agent in enumerate(current.possible_agents):
            seen = current.observe(agent)
            view = game.view(state, player)
            vector = np.asarray(game.observe(view), dtype=np.float32)
            assert np.array_equal(seen["observation"], vector)
            assert np.array_equal(full[player * size : (player + 1) * size], vector)
            legal = np.flatnonzero(seen["action_mask"]).tolist()
            assert legal == sorted(current.index.legal_indices(view))
            assert bool(legal) == (player == game.actor(state))

    play(played, 5, check)


# -- the toy game: rewards, seeds, truncation, errors ------------------------------------


def test_rewards_are_the_scores_at_the_end() -> None:
    played = GameEnv(TOY)
    outcomes = set()
    for seed in range(12):
        final = play(played, seed)
        scores = TOY.scores(played.game_state)
        assert scores is not None
        assert final == {f"player_{p}": 2 * score - 1 for p, score in enumerate(scores)}
        outcomes.add(tuple(final.values()))
    assert len(outcomes) >= 2  # wins and losses (or draws) both happen


def test_the_same_seed_and_key_deal_the_same_game_and_the_key_salts_it() -> None:
    deals: dict[str, list[Any]] = {}
    for key in ("one", "two"):
        for _ in range(2):
            played = GameEnv(TOY, key=key)
            played.reset(seed=9)
            deals.setdefault(key, []).append(played.game_state)
    assert deals["one"][0] == deals["one"][1] and deals["two"][0] == deals["two"][1]
    many: list[list[Any]] = [[], []]
    for deals_of_key, key in zip(many, ("one", "two"), strict=True):
        played = GameEnv(TOY, key=key)
        for seed in range(8):
            played.reset(seed=seed)
            deals_of_key.append(played.game_state)
    assert many[0] != many[1]  # the salt, not the seed alone, decides the deal
    unsalted = [TOY.new_game(ToyConfig(), seed) for seed in range(8)]
    assert many[0] != unsalted


def test_resets_without_a_seed_follow_the_first_seed() -> None:
    first, second = GameEnv(TOY, key="k"), GameEnv(TOY, key="k")
    first.reset(seed=3)
    second.reset(seed=3)
    first.reset()
    second.reset()
    assert first.game_seed == second.game_seed and first.game_seed != 3
    assert first.game_state == second.game_state


def test_max_turns_truncates_with_no_reward() -> None:
    played = GameEnv(TOY, max_turns=2)
    final = play(played, 1)
    assert final == {"player_0": 0.0, "player_1": 0.0}
    assert TOY.turn(played.game_state) == 2 and not TOY.is_over(played.game_state)


def test_the_factories_make_a_game_env_for_other_games_and_a_guarda_env_for_guarda() -> None:
    raw = raw_env(game=TOY, max_turns=3)
    assert type(raw) is GameEnv and raw.max_turns == 3 and raw.config == ToyConfig()
    assert raw.metadata["name"] == "toy_v0" and not raw.metadata["is_parallelizable"]
    wrapped = env(game=TOY)
    assert isinstance(wrapped, OrderEnforcingWrapper) and isinstance(wrapped.unwrapped, GameEnv)
    assert type(raw_env(guarda.grda(), game="guarda")) is GuardaEnv
    assert type(env(game=GUARDA).unwrapped) is GuardaEnv
    parallel = parallel_env(game=TOY)
    observations, _ = parallel.reset(seed=2)
    assert set(observations) == {"player_0", "player_1"}
    assert getattr(parallel, "state_space", None) == raw.state_space


def test_an_illegal_or_out_of_range_action_raises_and_changes_nothing() -> None:
    played = GameEnv(TOY)
    played.reset(seed=4)
    before = played.game_state
    mask = played.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal now") as caught:
        played.step(illegal)
    assert caught.value.path == "action"
    with pytest.raises(ActionSpaceError, match=r"outside 0\.\.5"):
        played.step(6)
    with pytest.raises(ArgumentError, match="an action is an integer"):
        played.step(True)
    with pytest.raises(ArgumentError, match="an action is an integer"):
        played.step("1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="must act"):
        played.step(None)
    assert played.game_state == before and played.agent_selection == "player_0"
    played.step(np.int64(np.flatnonzero(mask)[0]))  # NumPy integers are integers
    assert played.game_state != before


@pytest.mark.parametrize(
    ("arguments", "message", "path"),
    [
        ({"game": GUARDA}, "GuardaEnv", "game"),
        ({"game": "no-such-game"}, "no game called", "game"),
        ({"game": 3}, "not a game", "game"),
        ({"game": TOY, "config": guarda.grda()}, "not a configuration of High card", "config"),
        ({"game": TOY, "max_turns": 0}, "max_turns", "max_turns"),
        ({"game": TOY, "render_mode": "rgb_array"}, "render_mode", "render_mode"),
        ({"game": TOY, "key": ""}, "key", "key"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, Any], message: str, path: str) -> None:
    with pytest.raises(ArgumentError, match=message) as caught:
        GameEnv(**arguments)
    assert caught.value.path == path


def test_the_environment_needs_a_reset() -> None:
    played = GameEnv(TOY)
    for use in (played.state, played.render, lambda: played.step(0), played.last):
        with pytest.raises(NotResetError, match="call reset"):
            use()
    with pytest.raises(ArgumentError, match="no agent"):
        played.observe("player_2")


def test_human_mode_prints_the_ansi_picture(capsys: pytest.CaptureFixture[str]) -> None:
    shown, printed = GameEnv(TOY, render_mode="ansi"), GameEnv(TOY, render_mode="human")
    shown.reset(seed=5)
    printed.reset(seed=5)
    picture = shown.render()
    assert picture == TOY.text(TOY.view(shown.game_state, None))
    assert printed.render() is None
    assert capsys.readouterr().out == f"{picture}\n"
    quiet = GameEnv(TOY)
    quiet.reset(seed=5)
    assert quiet.render() is None
