"""A digest of 1,000 seeded random games, the engine's behaviour in one golden file.

Each game is a configuration from :data:`CONFIGS`, a seed, and random legal play driven
by ``random.Random(seed)``. A game's digest is the SHA-256 of every step: the action in
notation, the events it produced (their ``repr``) and, at the end, the outcome. Any
change to the rules, the order of legal actions, the events or the random deals changes
some digest. ``tests/test_golden_games.py`` compares against
``tests/data/random_games.json``; regenerate that file only for an intended change of
behaviour (``python tests/golden_games.py > tests/data/random_games.json``).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable

import guarda

GAMES = 1000
"""How many games the golden file holds."""

CONFIGS: dict[str, Callable[[], guarda.Config]] = {
    "modern-2p": lambda: guarda.modern(players=2),
    "classic-4p": lambda: guarda.classic(players=4),
    "grda-3p": lambda: guarda.grda(players=3),
    "modern-8p-teams": lambda: guarda.modern(players=8, teams=[[0, 2, 4, 6], [1, 3, 5, 7]]),
    "classic-3p-victory": lambda: guarda.classic(players=3, win="victory"),
    "modern-4p-spoils": lambda: guarda.modern(
        players=4, win="victory", stakes="spoils-of-war", ante=2
    ),
    "modern-2p-exhaustion": lambda: guarda.modern(players=2, win="exhaustion"),
    "grda-5p-scavenger": lambda: guarda.grda(
        players=5, win="exhaustion", stakes="scavenger", ante=3
    ),
    "modern-3p-hill": lambda: guarda.modern(players=3, win="king-of-the-hill"),
    "classic-5p-bounty": lambda: guarda.classic(
        players=5, stakes="bounty", ante=1, teams=[[0, 1, 2], [3, 4]]
    ),
    "modern-2p-limit": lambda: guarda.modern(players=2, turn_limit=12),
    "custom-3x3": lambda: guarda.custom(3, players=2),
    "custom-9x9-8p": lambda: guarda.custom(9, players=8, teams=[[0, 1, 2, 3], [4, 5, 6, 7]]),
}
"""The configurations, played in turn: game ``i`` uses the ``i % len(CONFIGS)``-th."""


def game_digest(config: guarda.Config, seed: int) -> tuple[int, str]:
    """Play one seeded random game; return its number of actions and its digest."""
    choose = random.Random(seed)
    state = guarda.new_game(config, seed=seed)
    digest = hashlib.sha256()
    plies = 0
    while not state.is_over:
        action = choose.choice(guarda.legal_actions(state))
        state, events = guarda.apply(state, action)
        digest.update(guarda.format_action(action).encode())
        digest.update(repr(events).encode())
        plies += 1
    digest.update(repr(state.outcome).encode())
    return plies, digest.hexdigest()


def digests() -> list[dict[str, object]]:
    """The golden entries: one per game, in order."""
    names = list(CONFIGS)
    configs = {name: make() for name, make in CONFIGS.items()}
    entries: list[dict[str, object]] = []
    for index in range(GAMES):
        name = names[index % len(names)]
        plies, digest = game_digest(configs[name], index)
        entries.append({"config": name, "seed": index, "plies": plies, "sha256": digest})
    return entries


if __name__ == "__main__":
    print(json.dumps(digests(), indent=0))
