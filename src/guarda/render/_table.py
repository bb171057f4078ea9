"""What a picture may show: the public table, and the secrets its viewer may know.

Every renderer draws from a [`Table`][guarda.render._table.Table], never from a state
directly. A full state gives the public table plus every player's hand and guard; a
player's view gives exactly what that player may see (R28): the public table plus their
own hand and guard. So a picture of a view cannot show another player's secret: it
never has it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import guarda
from guarda import GameState, Guard, PlayerView
from guarda.errors import ArgumentError
from guarda.render._words import check_position, seat_marks, seat_names

__all__ = ["Table", "table"]


class Table(NamedTuple):
    """A position as pictures may show it."""

    public: PlayerView
    """The public table (for a full state, a spectator's view of it); the viewer's."""
    hands: dict[int, tuple[str, ...]]
    """The hands shown, by player number: everyone's for a full state, else the viewer's."""
    guards: dict[int, Guard | None]
    """The guards shown with card and orientation, by player number, as ``hands``."""
    is_full: bool
    """Whether the position is a full state (every secret shown)."""
    names: tuple[str, ...]
    """Each player's name."""
    marks: tuple[str, ...]
    """Each player's one-letter mark."""

    @property
    def viewer(self) -> int | None:
        """The viewer of a view, or None for a spectator or a full state."""
        return None if self.is_full else self.public.player

    def perspective(self) -> str:
        """Whose picture this is, in words."""
        if self.is_full:
            return "Full state: every hand and guard shown"
        viewer = self.public.player
        if viewer is None:
            return "Seen by a spectator: no hand or guard shown"
        return f"Seen by {self.names[viewer]} (player {viewer}): only their hand and guard shown"


def _names(given: object, players: int) -> tuple[str, ...] | None:
    """``given`` as one name per player, or None when not given."""
    if given is None:
        return None
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise ArgumentError("give one name per player", path="names")
    names = tuple(given)
    if len(names) != players or not all(isinstance(name, str) and name for name in names):
        raise ArgumentError(f"give {players} non-empty names, one per player", path="names")
    return names


def table(position: object, names: Sequence[str] | None = None) -> Table:
    """What pictures of ``position`` (a state or a view) may show.

    ``names`` are the players' names (by default each player's side, from
    [`seat_names`][guarda.render.seat_names]).

    Raises:
        ArgumentError: If ``position`` is neither a GameState nor a PlayerView, or
            ``names`` is not one non-empty name per player.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> sorted(table(state).hands), sorted(table(guarda.view(state, 1)).hands)
        ([0, 1], [1])
    """
    checked = check_position(position)
    config = checked.config
    shown_names = _names(names, config.players) or seat_names(config)
    marks = seat_marks(config)
    if isinstance(checked, GameState):
        players = checked.players
        return Table(
            public=guarda.view(checked, None),
            hands={index: player.hand for index, player in enumerate(players)},
            guards={index: player.guard for index, player in enumerate(players)},
            is_full=True,
            names=shown_names,
            marks=marks,
        )
    viewer = checked.player
    hands = {} if viewer is None else {viewer: checked.hand}
    guards = {} if viewer is None else {viewer: checked.guard}
    return Table(checked, hands, guards, False, shown_names, marks)
