"""The random bot: the smallest agent, and the yardstick every other bot must beat."""

from __future__ import annotations

import random

import attrs

import guarda
from guarda.bots._reading import check_turn

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot:
    """Plays a uniformly random legal action.

    The whole agent protocol in one line: it picks from ``view.legal_actions`` with the
    random source the runner hands it, so a match seed replays the same game.

    Examples:
        >>> import random
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=1)
        >>> view = guarda.view(state, state.actor)
        >>> RandomBot().act(view, random.Random(0)) in view.legal_actions
        True
    """

    name: str = "random"
    """The display name."""

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        """Pick any of ``view.legal_actions``, uniformly at random.

        Args:
            view: The view of the player who must decide.
            rng: The seat's random source.

        Returns:
            One of ``view.legal_actions``.

        Raises:
            ArgumentError: If the view's player has nothing to decide.
        """
        check_turn(view)
        return rng.choice(view.legal_actions)

    def act_with_policy(
        self, view: guarda.PlayerView, rng: random.Random
    ) -> tuple[guarda.Action, dict[guarda.Action, float]]:
        """The action ``act`` plays, and the uniform policy it drew it from.

        Examples:
            >>> import random
            >>> import guarda
            >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=1), 0)
            >>> action, policy = RandomBot().act_with_policy(view, random.Random(0))
            >>> action == RandomBot().act(view, random.Random(0)) and sum(policy.values())
            1.0
        """
        action = self.act(view, rng)
        legal = view.legal_actions
        return action, dict.fromkeys(legal, 1.0 / len(legal))
