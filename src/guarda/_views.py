"""Player views: what one player (or a spectator) may know about a game (R28, R29).

:func:`view` turns a full :class:`~guarda._state.GameState` into a :class:`PlayerView`:
the public table, plus the viewer's own hand, guard, face-down discards and the cards
(not the order) of their draw pile. A bot or a frontend can act from the view alone:
it also lists the viewer's legal actions and the event log as the viewer may see it.

The view holds nothing that the viewer may not know (R28), and nothing derived from it:
two states that differ only in what the viewer may not see give equal views (R29).
Hidden from everyone are the random state and the order of every draw pile; hidden from
the viewer are the other players' hands, guard cards and orientations, and which cards
they discarded face down.

Examples:
    >>> import guarda
    >>> state = guarda.new_game(guarda.modern(players=2), seed=5)
    >>> while state.phase is not guarda.Phase.MOVE:
    ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    >>> mine = view(state, state.actor)
    >>> len(mine.hand) == mine.players[state.actor].hand_size
    True
    >>> spectator = view(state, None)
    >>> spectator.hand, spectator.legal_actions
    ((), ())
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from guarda._actions import Action
from guarda._config import Config
from guarda._engine import legal_actions
from guarda._events import EVENT_TYPES, Event, visible_event
from guarda._geometry import Cell
from guarda._state import GameState, Guard, GuardStatus, Outcome, PendingAttack, Phase, PlayerState
from guarda.errors import ArgumentError

__all__ = ["PlayerView", "PublicPlayer", "view", "visible_events"]


@attrs.frozen
class PublicPlayer:
    """What everyone may know about one player (R28).

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.classic(), seed=1)
        >>> public = view(state, None).players[0]
        >>> public.health, public.hand_size, public.guard
        (10, 0, None)
    """

    position: Cell | None
    """The piece's cell; None before placement and after elimination."""
    health: int
    """Health."""
    points: int
    """Points scored (Victory, King of the Hill)."""
    is_out: bool
    """Whether the player has been eliminated."""
    winnings: int
    """Stakes claimed during the game (Bounty, Scavenger)."""
    hand_size: int
    """Number of cards in the hand (a guard is not counted)."""
    draw_pile_size: int
    """Number of cards in the draw pile."""
    discard_size: int
    """Number of cards in the discard pile, face up and face down."""
    discard_known: tuple[str, ...]
    """The discarded cards that were seen face up, sorted (until the pile is reshuffled)."""
    in_play: tuple[str, ...]
    """Face-up cards on the table: setup cards, or attack cards until Settle."""
    guard: GuardStatus | None
    """The guard's status (preparing or set), or None without a guard."""


@attrs.frozen
class PlayerView:
    """Everything one player (or a spectator) may know about a game, and nothing else.

    Build one with :func:`view`. For a spectator (``player`` None) the private fields
    are empty. Views compare equal exactly when they show the same things, so they can
    be used as keys for information sets. The repr leaves out the configuration, the
    legal actions and the event log, which are long.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.grda(players=3), seed=2)
        >>> mine = view(state, state.actor)
        >>> mine.legal_actions == guarda.legal_actions(state)
        True
        >>> mine.me is mine.players[state.actor]
        True
    """

    config: Config = attrs.field(repr=False)
    """The ruleset."""
    player: int | None
    """The viewer, or None for a spectator."""
    phase: Phase
    """What kind of decision is awaited."""
    turn: int
    """The turn player (during setup: the player placing)."""
    actor: int | None
    """Who must decide now; None when the game is over."""
    turn_number: int
    """Turns started so far (0 during setup)."""
    turns_ended: int
    """Turns ended so far (R27)."""
    has_moved: bool
    """In the Move phase: whether the turn player already moved (R13)."""
    players: tuple[PublicPlayer, ...]
    """The public part of each player, by player number."""
    hand: tuple[str, ...]
    """The viewer's hand, sorted (empty for a spectator)."""
    guard: Guard | None
    """The viewer's guard with its card and orientation (None for a spectator)."""
    discard_hidden: tuple[str, ...]
    """The cards the viewer discarded face down, sorted (empty for a spectator)."""
    draw_pile_cards: tuple[str, ...]
    """The cards in the viewer's draw pile, sorted: their order is secret even from the
    viewer (empty for a spectator)."""
    attack: PendingAttack | None
    """The attack being resolved. Every part is public: the attack cards are face up,
    a broken guard is announced and an activated guard is revealed, so the incoming
    damage and the counter damage are known to everyone."""
    loot: tuple[tuple[Cell, int], ...]
    """Stakes lying on cells (Scavenger), sorted by cell."""
    pot: int
    """Stakes nobody has claimed yet."""
    first_placed: int | None
    """The first player to place a piece (R11)."""
    outcome: Outcome | None
    """The result, once the game is over."""
    legal_actions: tuple[Action, ...] = attrs.field(repr=False)
    """The viewer's legal actions when the viewer must decide now, else empty."""
    events: tuple[Event, ...] = attrs.field(repr=False)
    """Every event of the game so far, as the viewer may see it, oldest first."""

    @property
    def me(self) -> PublicPlayer | None:
        """The viewer's public part, or None for a spectator."""
        return None if self.player is None else self.players[self.player]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def must_act(self) -> bool:
        """Whether the viewer must decide now."""
        return self.player is not None and self.player == self.actor


def _public(player: PlayerState) -> PublicPlayer:
    guard = player.guard
    return PublicPlayer(
        position=player.position,
        health=player.health,
        points=player.points,
        is_out=player.is_out,
        winnings=player.winnings,
        hand_size=len(player.hand),
        draw_pile_size=len(player.draw_pile),
        discard_size=len(player.discard_known) + len(player.discard_hidden),
        discard_known=player.discard_known,
        in_play=player.in_play,
        guard=None if guard is None else guard.status,
    )


def visible_events(events: Iterable[Event], player: int | None) -> tuple[Event, ...]:
    """The events as ``player`` may see them (None: a spectator); see :func:`visible_event`.

    Use it on the events :func:`guarda.apply` returns before showing them to a player.

    Args:
        events: Events, such as those returned by :func:`guarda.apply`.
        player: The viewer, or None for a spectator.

    Returns:
        The events in the same order, private fields of other players' events redacted.

    Examples:
        >>> from guarda._events import CardsDrawn, TurnStarted
        >>> events = (TurnStarted(0, 1), CardsDrawn(0, 1, ("V2",)))
        >>> visible_events(events, 1)[1].cards is None
        True
        >>> visible_events(events, 0) == events
        True
    """
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise ArgumentError(f"not a sequence of events: {events!r}", path="events")
    shown = []
    for index, event in enumerate(events):
        if not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {event!r}", path=f"events[{index}]")
        shown.append(visible_event(event, player))
    return tuple(shown)


def view(state: GameState, player: int | None) -> PlayerView:
    """What ``player`` may know about ``state`` (None: a spectator) (R28, R29).

    Args:
        state: The full game state.
        player: The viewer's player number, or None for a spectator.

    Returns:
        The viewer's :class:`PlayerView`.

    Raises:
        ArgumentError: If ``state`` is not a GameState or ``player`` is not a player of it.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=1)
        >>> view(state, 0).players == view(state, 1).players == view(state, None).players
        True
        >>> view(state, 3)
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: player: no player 3 in a 2-player game (R28)
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"not a GameState: {state!r}", path="state")
    count = len(state.players)
    if player is not None and (
        not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < count
    ):
        raise ArgumentError(
            f"no player {player!r} in a {count}-player game", rule="R28", path="player"
        )
    hand: tuple[str, ...] = ()
    guard: Guard | None = None
    discard_hidden: tuple[str, ...] = ()
    draw_pile: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()
    if player is not None:
        own = state.players[player]
        hand, guard, discard_hidden = own.hand, own.guard, own.discard_hidden
        draw_pile = tuple(sorted(own.draw_pile))
        if state.actor == player:
            actions = tuple(legal_actions(state))
    return PlayerView(
        config=state.config,
        player=player,
        phase=state.phase,
        turn=state.turn,
        actor=state.actor,
        turn_number=state.turn_number,
        turns_ended=state.turns_ended,
        has_moved=state.has_moved,
        players=tuple(_public(p) for p in state.players),
        hand=hand,
        guard=guard,
        discard_hidden=discard_hidden,
        draw_pile_cards=draw_pile,
        attack=state.attack,
        loot=state.loot,
        pot=state.pot,
        first_placed=state.first_placed,
        outcome=state.outcome,
        legal_actions=actions,
        events=visible_events(state.log, player),
    )
