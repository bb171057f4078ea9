"""On Guard is deterministic across processes: seeded games give the same digest everywhere."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from guarda.games.on_guard import ON_GUARD, OnGuardConfig, OnGuardHeuristic
from on_guard_support import CONFIGS, random_game

SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
from test_on_guard_determinism import digest
print(digest())
"""


def digest() -> str:
    """A digest of a few seeded games: random players, and the heuristic against random."""
    hasher = hashlib.sha256()
    for seed, config in enumerate(CONFIGS * 2):
        agents = (OnGuardHeuristic(), None) if seed % 2 else (None, None)
        states, _ = random_game(config, seed, agents)
        hasher.update(ON_GUARD.dumps(states[-1]).encode())
        hasher.update(ON_GUARD.dumps(ON_GUARD.new_game(OnGuardConfig(), seed, salt="s")).encode())
    return hasher.hexdigest()


def test_a_subprocess_plays_the_same_games() -> None:
    tests = str(Path(__file__).parent)
    env = dict(os.environ, PYTHONHASHSEED="123")
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(tests=tests)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    assert result.stdout.strip() == digest()
