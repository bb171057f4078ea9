"""The random bot: the smallest agent, and the yardstick every other bot must beat."""

from __future__ import annotations

import random
from typing import Any

import attrs

import guarda
from guarda.bots._reading import check_turn
from guarda.errors import ArgumentError
from guarda.game import GameView

__all__ = ["RandomBot"]


def _check_view(view: object) -> None:
    """Refuse anything but the view of a player who must decide now, in any game."""
    if isinstance(view, guarda.PlayerView):
        check_turn(view)
        return
    if not isinstance(view, GameView):
        raise ArgumentError(
            f"not a view (it needs player, actor and legal_actions): {view!r:.200}", path="view"
        )
    if view.player is None or view.player != view.actor or not view.legal_actions:
        raise ArgumentError(
            f"player {view.player} has nothing to decide in this view", path="view"
        )


@attrs.frozen
class RandomBot:
    """Plays a uniformly random legal action, in any game.

    The whole agent protocol in one line: it picks from ``view.legal_actions`` with the
    random source the runner hands it, so a match seed replays the same game. It reads
    nothing else of the view, so it plays every game of [`guarda.games`][guarda.games]
    and any other game with views of the [protocol][guarda.game.GameView].

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

    def act(self, view: Any, rng: random.Random) -> Any:
        """Pick any of ``view.legal_actions``, uniformly at random.

        Args:
            view: The view of the player who must decide (a Guarda
                [`PlayerView`][guarda.PlayerView] or any game's view).
            rng: The seat's random source.

        Returns:
            One of ``view.legal_actions``.

        Raises:
            ArgumentError: If ``view`` is not a view, or its player (who must be its
                ``actor``) has nothing to decide.
        """
        _check_view(view)
        return rng.choice(view.legal_actions)

    def act_with_policy(self, view: Any, rng: random.Random) -> tuple[Any, dict[Any, float]]:
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
