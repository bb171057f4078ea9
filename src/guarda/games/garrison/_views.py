"""What each player may know of a Garrison game: views and visible events.

A view holds everything public (keeps, sieges, market, discard pile, the size of the deck
and of every hand, the cards every player saw come into a hand) and the viewer's own
hand; never the deck's order or another hand's unseen cards.

Examples:
    >>> from guarda.games.garrison import GarrisonConfig, new_game, view
    >>> state = new_game(GarrisonConfig(), seed=1)
    >>> mine = view(state, 0)
    >>> mine.hand == state.hands[0], mine.hand_sizes
    (True, (3, 3))
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from guarda.errors import ArgumentError
from guarda.games.garrison._actions import GarrisonAction
from guarda.games.garrison._config import GarrisonConfig
from guarda.games.garrison._events import Drew, GarrisonEvent
from guarda.games.garrison._legal import legal_actions
from guarda.games.garrison._state import GarrisonState, Keep, Pending, Phase

__all__ = ["GarrisonView", "check_player", "view", "visible_events"]


@attrs.frozen
class GarrisonView:
    """What one player (or a spectator) may know of a game of Garrison."""

    config: GarrisonConfig
    """The game's configuration."""
    player: int | None
    """The viewer, or None for a spectator."""
    actor: int | None
    """The player who must decide, None when the game is over."""
    legal_actions: tuple[GarrisonAction, ...]
    """The viewer's legal actions, in the fixed order; empty unless the viewer decides."""
    phase: Phase
    """Who decides now."""
    turn_player: int
    """Whose turn it is."""
    turns: int
    """How many turns have ended."""
    deck_size: int
    """How many cards the deck holds."""
    discard: tuple[int, ...]
    """The discard pile, bottom card first."""
    market: tuple[int | None, ...]
    """The three market spaces."""
    hand: tuple[int, ...]
    """The viewer's hand, sorted (empty for a spectator)."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    shown: tuple[tuple[int, ...], ...]
    """The cards of each hand every player has seen come in."""
    keeps: tuple[Keep, ...]
    """Every keep."""
    pending: Pending | None
    """The spy or disaster the Thug's holder is asked about."""
    window: tuple[int, ...]
    """The players still to be offered a spy, the next one first."""
    took_from_pile: bool
    """Whether the turn player already took from the discard pile this turn."""
    reshuffles: int
    """How many reshuffles there have been."""
    winner: int | None
    """The winner, once over."""
    scores: tuple[float, ...] | None
    """The scores, once over."""


def check_player(player: object, players: int, *, spectator: bool = True) -> None:
    """Refuse a player number that is not a seat (None is a spectator when allowed).

    Raises:
        ArgumentError: Naming ``player``.

    Examples:
        >>> check_player(5, 2)
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: player: no player 5 at a table of 2
    """
    if player is None and spectator:
        return
    if type(player) is not int or not 0 <= player < players:
        raise ArgumentError(f"no player {player!r} at a table of {players}", path="player")


def view(state: GarrisonState, player: int | None) -> GarrisonView:
    """What ``player`` (None: a spectator) may know of ``state``.

    Raises:
        ArgumentError: If ``state`` is no Garrison state or ``player`` no seat.

    Examples:
        >>> from guarda.games.garrison import GarrisonConfig, new_game
        >>> view(new_game(GarrisonConfig(), seed=1), None).hand
        ()
    """
    if not isinstance(state, GarrisonState):
        raise ArgumentError(f"not a Garrison state: {type(state).__name__}", path="state")
    check_player(player, state.config.players)
    return GarrisonView(
        config=state.config,
        player=player,
        actor=state.actor,
        legal_actions=legal_actions(state) if player is not None and player == state.actor else (),
        phase=state.phase,
        turn_player=state.turn_player,
        turns=state.turns,
        deck_size=len(state.deck),
        discard=state.discard,
        market=state.market,
        hand=() if player is None else state.hands[player],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        shown=state.shown,
        keeps=state.keeps,
        pending=state.pending,
        window=state.window,
        took_from_pile=state.took_from_pile,
        reshuffles=state.reshuffles,
        winner=state.winner,
        scores=state.scores,
    )


def visible_events(
    events: Iterable[GarrisonEvent], player: int | None
) -> tuple[GarrisonEvent, ...]:
    """The events as ``player`` may see them: another player's drawn cards hidden.

    Examples:
        >>> visible_events([Drew(1, 1, (7,))], 1)
        (Drew(player=1, count=1, cards=(7,)),)
    """
    if player is not None and type(player) is not int:
        raise ArgumentError(f"no player {player!r}", path="player")
    return tuple(
        Drew(event.player, event.count, None)
        if isinstance(event, Drew) and event.player != player
        else event
        for event in events
    )
