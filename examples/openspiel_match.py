"""A short match in OpenSpiel: its ISMCTS search against guarda's reference bots.

Guarda is registered with OpenSpiel by ``import guarda.openspiel`` (extra ``openspiel``).
This script loads the game, wraps guarda's [`RandomBot`][guarda.bots.RandomBot] and
[`GreedyBot`][guarda.bots.GreedyBot] as OpenSpiel bots
([`AgentBot`][guarda.openspiel.AgentBot]: each decides from its player's view alone),
and lets OpenSpiel's ``evaluate_bots`` play them against OpenSpiel's own information-set
Monte Carlo tree search, with random rollouts, seats swapped every game.

Run it with ``python examples/openspiel_match.py``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

import guarda.openspiel
from guarda.bots import GreedyBot, RandomBot


class Ismcts(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel has no type stubs
    """OpenSpiel's ISMCTS bot, which ``evaluate_bots`` may restart between games."""

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: every search starts afresh."""


def ismcts_bot(game: Any, simulations: int, seed: int) -> Ismcts:
    """OpenSpiel's ISMCTS, one random rollout per leaf, sampling with a seeded resampler."""
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = Ismcts(game, rollouts, 2.0, simulations, random_state=np.random.RandomState(seed))
    bot.set_resampler(guarda.openspiel.resampler(seed))
    return bot


def main(
    games: int = 2, simulations: int = 10, turn_limit: int = 40, seed: int = 0
) -> dict[str, list[float]]:
    """Play ``games`` two-player Modern games of ISMCTS against each reference bot.

    Args:
        games: Games per opponent; ISMCTS takes the first seat in every other game.
        simulations: ISMCTS simulations per decision.
        turn_limit: Turns before a game is a draw.
        seed: Seeds the deals, the search and the bots.

    Returns:
        Per opponent, ISMCTS's return in each game (1 a win, 0 a draw, -1 a loss).
    """
    game = pyspiel.load_game("guarda", {"preset": "modern", "turn_limit": turn_limit})
    deals = np.random.RandomState(seed)
    results: dict[str, list[float]] = {}
    for opponent in (RandomBot(), GreedyBot()):
        scores = results.setdefault(opponent.name, [])
        for number in range(games):
            search = ismcts_bot(game, simulations, seed + number)
            bots = [search, guarda.openspiel.AgentBot(opponent, seed=seed + number)]
            seat = number % 2
            if seat:
                bots.reverse()
            returns = evaluate_bots(game.new_initial_state(), bots, deals)
            scores.append(returns[seat])
        wins, draws = scores.count(1.0), scores.count(0.0)
        print(
            f"ismcts-{simulations} vs {opponent.name}: {wins} won, {draws} drawn, "
            f"{len(scores) - wins - draws} lost of {games}"
        )
    return results


if __name__ == "__main__":
    main()
