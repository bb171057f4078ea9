"""The smallest full game loop: two random players play one game of Guarda.

Run it with ``python examples/random_game.py``.
"""

from __future__ import annotations

import random

import guarda


def main(seed: int = 1, players: int = 2) -> guarda.Outcome:
    """Play one seeded game between random players, print what happened, return the result.

    Args:
        seed: Seeds both the game and the players' choices.
        players: Number of players.

    Returns:
        The game's outcome.
    """
    chooser = random.Random(seed)
    state = guarda.new_game(guarda.modern(players=players), seed=seed)
    while not state.is_over:
        action = chooser.choice(guarda.legal_actions(state))
        state, events = guarda.apply(state, action)
        for event in events:
            print(guarda.describe(event))
    assert state.outcome is not None
    return state.outcome


if __name__ == "__main__":
    main()
