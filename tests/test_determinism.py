"""R30: the same configuration, seed and actions give the same game, in any process.

The game is played by one piece of source code, :data:`PLAYOUT`, run both here and in a
fresh interpreter (``sys.executable -c``) with a different ``PYTHONHASHSEED``, so string
hashing, set order and anything else that varies between processes cannot leak into
the game. Actions are chosen by index with a small linear congruential generator written
out in the code, so the choices do not depend on :mod:`random` either.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

import pytest

import guarda
from guarda.testing import check_determinism

PLAYOUT = """
import hashlib

import guarda


def playout(preset: str, players: int, win: str, seed: int, steps: int) -> str:
    config = getattr(guarda, preset)(players, win=win)
    state = guarda.new_game(config, seed)
    choice = seed
    for _ in range(steps):
        if state.is_over:
            break
        actions = guarda.legal_actions(state)
        choice = (choice * 6364136223846793005 + 1442695040888963407) % 2**64
        state, _ = guarda.apply(state, actions[(choice >> 33) % len(actions)])
    digest = repr((state.players, state.phase, state.turn_number, state.rng, state.outcome))
    digest += repr(state.events)
    return hashlib.sha256(digest.encode()).hexdigest()
"""
"""Source of ``playout(preset, players, win, seed, steps)``: a hex digest of the game."""

GAMES = (
    ("modern", 2, "elimination", 7, 2_000),
    ("classic", 4, "victory", 12_345, 2_000),
    ("grda", 3, "exhaustion", 2**40 + 3, 2_000),
    ("modern", 8, "king-of-the-hill", 99, 400),
)


def _playout() -> Callable[[str, int, str, int, int], str]:
    namespace: dict[str, object] = {}
    exec(PLAYOUT, namespace)
    function = namespace["playout"]
    assert callable(function)
    return function


def test_r30_same_game_in_a_separate_process() -> None:
    playout = _playout()
    here = [playout(*game) for game in GAMES]
    script = PLAYOUT + f"\nfor game in {GAMES!r}:\n    print(playout(*game))\n"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        timeout=120,
    )
    assert result.stdout.split() == here
    assert len(set(here)) == len(here), "different games must give different digests"


@pytest.mark.parametrize(
    "config",
    [guarda.modern(2), guarda.classic(3), guarda.grda(2), guarda.custom(9, 8)],
    ids=lambda config: f"{config.name}-{config.players}p",
)
def test_r30_new_game_is_a_function_of_config_and_seed(config: guarda.Config) -> None:
    for seed in (0, 1, -1, 2**64 + 5):
        first, second = guarda.new_game(config, seed), guarda.new_game(config, seed)
        assert first == second
        assert hash(first) == hash(second)
        assert first.events == second.events


def test_r30_same_actions_give_the_same_states() -> None:
    config = guarda.classic(3, stakes="bounty", ante=2)
    recorder = guarda.Recorder(config, 2024)
    while not recorder.state.is_over:
        actions = guarda.legal_actions(recorder.state)
        recorder.apply(actions[recorder.state.turns_ended * 7 % len(actions)])
    # The public check replays twice here and once in a fresh interpreter, step by step.
    check_determinism(recorder.record(), fresh_process=True)


def test_r30_different_seeds_give_different_games() -> None:
    config = guarda.modern(2)
    starts = [guarda.new_game(config, seed) for seed in range(40)]
    piles = {tuple(player.draw_pile for player in state.players) for state in starts}
    assert len(piles) == len(starts)
    # The seed also decides later reshuffles, not only the first deal.
    assert len({state.rng for state in starts}) == len(starts)
