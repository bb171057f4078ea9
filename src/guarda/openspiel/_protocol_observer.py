"""What a player observes of any game in OpenSpiel: strings and a tensor from their views.

Every observation of a [`ProtocolGame`][guarda.openspiel.ProtocolGame] is computed from
the game's [`view`][guarda.game.Game.view] for the observing player (a spectator's for
OpenSpiel's public observation) and from the events as
[`visible_events`][guarda.game.Game.visible_events] shows them to that player, never from
the full state.

- The **observation string** is ``repr`` of the view: every field of it, so two views
  give the same string exactly when they are equal.
- The **information state string** (perfect recall) is the observation string on the
  first line, then the player's view at the deal, then every event of the game as the
  player saw it, one per line.
- The **observation tensor** (for an [`Observable`][guarda.game.Observable] game only)
  is the game's [`observe`][guarda.game.Observable.observe] of the view, one flat piece
  called ``observation``.

Before the deal (the chance nodes) every player observes the same text, the number of
seed bytes drawn, and a tensor of zeros.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
import pyspiel

from guarda.errors import ArgumentError
from guarda.game import Game, Observable

__all__ = ["ProtocolObserver"]


class ObservedState(Protocol):
    """What the observer reads of an OpenSpiel state of a protocol game."""

    @property
    def game_state(self) -> Any:
        """The game's state; None until the seed is dealt."""
        ...

    @property
    def seed_bytes_drawn(self) -> int:
        """How many chance nodes of the deal are behind."""
        ...

    def history_text(self, player: int | None) -> str:
        """The player's view at the deal and every event they saw since, one per line."""
        ...


class ProtocolObserver:
    """OpenSpiel's observer of a [`ProtocolGame`][guarda.openspiel.ProtocolGame] (the
    ``PyObserver`` interface).

    OpenSpiel makes one through ``game.make_py_observer`` (or
    ``open_spiel.python.observation.make_observation``): with ``perfect_recall`` it
    writes information state strings, without it observation strings and, for an
    [`Observable`][guarda.game.Observable] game, the tensor. ``private_info``
    ``SINGLE_PLAYER`` (the default) observes as the given player, ``NONE`` as a
    spectator; ``ALL_PLAYERS`` is refused, since every observation comes from one view.

    Args:
        game: The game (guarda's protocol).
        config: Its configuration.
        iig_obs_type: OpenSpiel's ``IIGObservationType``, or None for the default
            observation (no perfect recall, public and the player's private information).
        params: Observer parameters; there are none.

    Raises:
        ArgumentError: If ``params`` is given, or the observation type asks for every
            player's private information, or no public information.

    Examples:
        >>> from guarda.games import GUARDA
        >>> observer = ProtocolObserver(GUARDA, GUARDA.default_config(), None, None)
        >>> observer.tensor is None  # Guarda's generic game has no tensor
        True
    """

    def __init__(
        self, game: Game, config: Any, iig_obs_type: Any | None, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ArgumentError(
                f"a {game.title} observer takes no parameters, not {params!r}", path="params"
            )
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not iig_obs_type.public_info:
            raise ArgumentError(
                "an observation shows what one player (or a spectator) may know: every "
                "player's private information, or no public information, cannot be observed",
                path="iig_obs_type",
            )
        self.game = game
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        self.spectator: bool = private == pyspiel.PrivateInfoType.NONE
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        self._observable: Observable | None = None
        if not self.perfect_recall and isinstance(game, Observable):
            self._observable = game
            self.tensor = np.zeros(game.observation_size(config), np.float32)
            self.dict["observation"] = self.tensor

    def _viewer(self, player: int) -> int | None:
        return None if self.spectator else player

    def set_from(self, state: ObservedState, player: int) -> None:
        """Write what ``player`` observes of ``state`` into ``tensor``."""
        if self.tensor is None or self._observable is None:
            return
        position = state.game_state
        if position is None:
            self.tensor.fill(0.0)
            return
        view = self.game.view(position, self._viewer(player))
        self.tensor[:] = self._observable.observe(view)

    def string_from(self, state: ObservedState, player: int) -> str:
        """What ``player`` observes of ``state``, as a string."""
        position = state.game_state
        if position is None:
            return f"dealing: {state.seed_bytes_drawn} of 8 seed bytes drawn"
        viewer = self._viewer(player)
        now = repr(self.game.view(position, viewer))
        if self.perfect_recall:
            return f"{now}\n{state.history_text(viewer)}"
        return now
