"""guarda.rl against PettingZoo's conventions (extra ``rl``, nox session ``rl``): the
``raw_env`` / ``env`` / ``parallel_env`` factories, the human render mode, the full state
for centralized critics and normalized observations, each through PettingZoo's own tests
(``api_test``, ``seed_test``, ``render_test``, ``state_test``, ``parallel_api_test``)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
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
from guarda.errors import ArgumentError, NotResetError
from guarda.rl import GuardaEnv, ObservationEncoder, env, parallel_env, raw_env


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # PettingZoo warns that a dictionary observation is not a plain array, as it does for
    # its own games with action masks (chess, go, connect four).
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        yield


def play(game: GuardaEnv, seed: int, each: Callable[[GuardaEnv], None]) -> None:
    """Masked random play to the end, calling ``each`` before every decision and at the end."""
    choose = np.random.default_rng(seed)
    game.reset(seed=seed)
    for _ in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        each(game)
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(choose.choice(np.flatnonzero(observation["action_mask"]))))
    each(game)


def test_the_factories_follow_pettingzoos_module_convention() -> None:
    config = guarda.grda()
    raw = raw_env(config, max_turns=5)
    assert type(raw) is GuardaEnv and raw.max_turns == 5
    wrapped = env(config)
    assert isinstance(wrapped, OrderEnforcingWrapper) and isinstance(wrapped.unwrapped, GuardaEnv)
    parallel = parallel_env(config, max_turns=3)
    observations, _ = parallel.reset(seed=4)
    assert set(observations) == {"player_0", "player_1"}
    assert getattr(parallel, "state_space", None) == raw.state_space


@pytest.mark.parametrize(
    "make",
    [
        lambda: raw_env(guarda.grda(), max_turns=20, normalize=True),
        lambda: env(guarda.modern(players=3), render_mode="human", max_turns=10),
    ],
    ids=["raw-normalized", "env-human"],
)
def test_pettingzoo_api_test_passes(make: Callable[[], Any], capsys: Any) -> None:
    api_test(make(), num_cycles=200)  # type: ignore[no-untyped-call]


def test_pettingzoo_seed_test_passes_on_the_factory() -> None:
    seed_test(lambda: env(guarda.grda(), normalize=True), num_cycles=100)  # type: ignore[no-untyped-call]


def test_pettingzoo_render_test_passes(capsys: Any) -> None:
    def make(render_mode: str | None = None) -> Any:
        return env(guarda.grda(), render_mode=render_mode)

    render_test(make)
    printed = capsys.readouterr().out
    assert printed.strip()  # human mode printed the table (the exact text: below)


def test_human_mode_prints_the_ansi_picture(capsys: Any) -> None:
    shown = GuardaEnv(guarda.modern(), render_mode="ansi")
    printed = GuardaEnv(guarda.modern(), render_mode="human")
    shown.reset(seed=5)
    printed.reset(seed=5)
    picture = shown.render()
    assert printed.render() is None
    assert isinstance(picture, str) and picture
    assert capsys.readouterr().out == picture + "\n"


@pytest.mark.parametrize("normalize", [False, True])
def test_pettingzoo_state_test_passes(normalize: bool) -> None:
    # state_test steps with unmasked random actions, which guarda refuses (an illegal
    # action raises): as for PettingZoo's own classic games, TerminateIllegalWrapper ends
    # the game on an illegal action instead, so the test plays on.
    config = guarda.modern(players=3)
    state_test(  # type: ignore[no-untyped-call]
        TerminateIllegalWrapper(env(config, normalize=normalize, max_turns=15), -1),
        parallel_env(config, normalize=normalize, max_turns=15),
        num_cycles=40,
    )


def test_pettingzoo_parallel_api_test_passes_on_parallel_env() -> None:
    parallel_api_test(parallel_env(guarda.classic(players=4), max_turns=6), num_cycles=200)


@pytest.mark.parametrize("normalize", [False, True])
def test_the_state_is_every_players_observation_and_holds_every_hand(normalize: bool) -> None:
    config = guarda.modern(players=3)
    game = GuardaEnv(config, normalize=normalize)
    encoder = game.encoder
    size = encoder.size
    assert game.state_space.shape == (3 * size,)

    def check(played: GuardaEnv) -> None:
        full = played.state()
        assert full.dtype == np.float32 and played.state_space.contains(full)
        state = played.game_state
        for player in range(3):
            block = full[player * size : (player + 1) * size]
            observed = played.observe(f"player_{player}")["observation"]
            assert np.array_equal(block, observed)
            hand = encoder.read(block, "hand")
            cards = sorted(config.card_names)
            own = guarda.view(state, player)  # the player's own cards, secrets included
            counts = [own.hand.count(card) for card in cards]
            piles = [own.draw_pile_cards.count(card) for card in cards]
            if not normalize:
                assert encoder.read(block, "draw_pile_cards").tolist() == piles
            if not normalize:
                assert hand.tolist() == counts
            assert (hand > 0).tolist() == [count > 0 for count in counts]

    play(game, 3, check)


def test_the_state_needs_a_reset() -> None:
    with pytest.raises(NotResetError, match="call reset"):
        GuardaEnv(guarda.grda()).state()


def test_normalized_observations_have_finite_bounds_and_keep_the_order() -> None:
    config = guarda.grda(players=3, stakes="bounty", ante=2, turn_limit=30)
    raw = ObservationEncoder(config)
    scaled = ObservationEncoder(config, normalize=True)
    assert raw.size == scaled.size and not raw.normalize and scaled.normalize
    assert float(raw.high.max()) == float(np.finfo(np.float32).max)  # the default is kept
    assert np.isfinite(scaled.high).all() and float(scaled.high.max()) == 1.0
    assert float(scaled.low.min()) == -1.0  # the payouts
    assert scaled.section("payouts").low == -1.0 and scaled.section("health").high == 1.0
    game = GuardaEnv(config, normalize=True)
    seen = []

    def check(played: GuardaEnv) -> None:
        view = guarda.view(played.game_state, 1)
        plain, vector = raw.encode(view), scaled.encode(view)
        assert scaled.space.contains(vector)
        assert np.array_equal(played.observe("player_1")["observation"], vector)
        assert np.array_equal(plain > 0, vector > 0)  # zero stays zero, counts stay counts
        health = scaled.read(vector, "health") * config.max_health
        assert np.allclose(health, raw.read(plain, "health"))
        turns = raw.read(plain, "counters")[1]
        assert np.isclose(scaled.read(vector, "counters")[1], turns / (1 + turns))
        seen.append(float(turns))

    play(game, 8, check)
    assert max(seen) > 1


def test_normalize_must_be_a_bool() -> None:
    with pytest.raises(ArgumentError, match="normalize must be a bool") as caught:
        ObservationEncoder(guarda.grda(), normalize=1)  # type: ignore[arg-type]
    assert caught.value.path == "normalize"
    with pytest.raises(ArgumentError, match="normalize must be a bool"):
        GuardaEnv(guarda.grda(), normalize="yes")  # type: ignore[arg-type]
