"""The engine plays 1,000 seeded random games exactly as recorded in a golden file.

See ``tests/golden_games.py`` for how a game is played and digested.
"""

from __future__ import annotations

import json
from pathlib import Path

import golden_games

GOLDEN = Path(__file__).parent / "data" / "random_games.json"


def test_golden_file_covers_every_configuration() -> None:
    entries = json.loads(GOLDEN.read_text())
    assert len(entries) == golden_games.GAMES
    assert {entry["config"] for entry in entries} == set(golden_games.CONFIGS)


def test_random_games_match_golden_digests() -> None:
    expected = json.loads(GOLDEN.read_text())
    actual = golden_games.digests()
    for want, got in zip(expected, actual, strict=True):
        assert got == want, f"game {want['seed']} ({want['config']}) differs"
