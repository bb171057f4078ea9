"""What a player may know of an On Guard game, and the events as they may see them.

Everything is public in On Guard except the selections being made: a view holds the
viewer's own hand and selection, each seat's unplayed cards (hand and selection together,
which both players can count), and whether each seat has chosen, never what (OG11).

Examples:
    >>> from guarda.games.on_guard import ON_GUARD, Add, apply, view
    >>> state, _ = apply(ON_GUARD.new_game(ON_GUARD.default_config(), seed=1), Add(10))
    >>> view(state, 0).selection, view(state, 1).selection
    ((10,), ())
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from guarda.errors import ArgumentError

from ._actions import Action
from ._config import OnGuardConfig
from ._events import CardSelected, Event
from ._legal import legal_actions
from ._state import OnGuardState

__all__ = ["OnGuardView", "view", "visible_events"]

Pair = tuple[tuple[int, ...], tuple[int, ...]]


@attrs.frozen
class OnGuardView:
    """One player's (or a spectator's) knowledge of an On Guard game.

    Attributes:
        config: The rules.
        player: The viewer, or None for a spectator.
        actor: The seat that decides, None when the game is over.
        phase: The phase (see [`PHASES`][guarda.games.on_guard.PHASES]).
        hand: The viewer's cards in hand, not in the selection (empty for a spectator).
        selection: The viewer's selection so far (empty for a spectator).
        unplayed: Each seat's unplayed cards, hand and selection together, sorted.
        chosen: Whether each seat has closed its selection this turn.
        discards: Each seat's played cards, sorted.
        hits: Each seat's hits in the bout.
        barrage_hits: Each seat's hits in the Barrage.
        odds: The seat that plays odds in a Barrage.
        turns: How many selections have been revealed.
        revealed: The last revealed selections.
        winner: The winner once the game is over.
        legal_actions: The viewer's legal actions; empty unless the viewer decides.
    """

    config: OnGuardConfig
    player: int | None
    actor: int | None
    phase: str
    hand: tuple[int, ...]
    selection: tuple[int, ...]
    unplayed: Pair
    chosen: tuple[bool, bool]
    discards: Pair
    hits: tuple[int, int]
    barrage_hits: tuple[int, int]
    odds: int
    turns: int
    revealed: Pair
    winner: int | None
    legal_actions: tuple[Action, ...]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"


def _check_player(player: object) -> int | None:
    if player is None or (type(player) is int and player in (0, 1)):
        return player
    raise ArgumentError(f"player must be 0, 1 or None, not {player!r}", path="player")


def view(state: OnGuardState, player: int | None) -> OnGuardView:
    """What ``player`` (None: a spectator) may know of ``state``.

    Raises:
        ArgumentError: If ``state`` is not an On Guard state or ``player`` not 0, 1 or None.

    Examples:
        >>> from guarda.games.on_guard import ON_GUARD
        >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
        >>> len(view(state, 0).legal_actions), view(state, 1).legal_actions
        (13, ())
    """
    if not isinstance(state, OnGuardState):
        raise ArgumentError(f"not an On Guard state: {state!r}", path="state")
    player = _check_player(player)
    hand: tuple[int, ...] = ()
    selection: tuple[int, ...] = ()
    if player is not None:
        hand, selection = state.hands[player], state.selections[player]
    return OnGuardView(
        config=state.config,
        player=player,
        actor=state.actor,
        phase=state.phase,
        hand=hand,
        selection=selection,
        unplayed=(state.unplayed(0), state.unplayed(1)),
        chosen=state.chosen,
        discards=state.discards,
        hits=state.hits,
        barrage_hits=state.barrage_hits,
        odds=state.odds,
        turns=state.turns,
        revealed=state.revealed,
        winner=state.winner,
        legal_actions=legal_actions(state) if player is not None and player == state.actor else (),
    )


def visible_events(events: Iterable[Event], player: int | None) -> tuple[Event, ...]:
    """The events ``player`` may see: another seat's ``CardSelected`` is left out entirely.

    Raises:
        ArgumentError: If ``player`` is not 0, 1 or None.

    Examples:
        >>> from guarda.games.on_guard import CardSelected, SelectionMade
        >>> visible_events([CardSelected(0, 7), SelectionMade(0)], 1)
        (SelectionMade(player=0),)
    """
    player = _check_player(player)
    return tuple(
        event for event in events if not isinstance(event, CardSelected) or event.player == player
    )
