"""Player views: what one player (or a spectator) may know about a game (R28, R29).

[`view`][guarda.view] turns a full [`GameState`][guarda.GameState] into a
[`PlayerView`][guarda.PlayerView]:
the public table, plus the viewer's own hand, guard, face-down discards and the cards
(not the order) of their draw pile. A bot or a frontend can act from the view alone:
it also lists the viewer's legal actions and the event log as the viewer may see it.

The view holds nothing that the viewer may not know (R28), and nothing derived from it:
two states that differ only in what the viewer may not see give equal views (R29).
Hidden from everyone are the random state and the order of every draw pile; hidden from
the viewer are the other players' hands, guard cards and orientations, and which cards
they discarded face down.

A player who is out has no cards in play any more (R22): the view shows their hand and
guard as gone, face down onto their discard pile (P22), although the full state still
keeps them where they were, where nothing can use them.

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
from functools import lru_cache
from itertools import chain
from typing import Final

import attrs

from guarda._actions import Action
from guarda._config import Config
from guarda._display import repr_svg
from guarda._engine import legal_actions
from guarda._events import EVENT_TYPES, Event, is_private, opening_commitment, visible_event
from guarda._geometry import Cell
from guarda._state import (
    EventLog,
    GameState,
    Guard,
    GuardStatus,
    Outcome,
    PendingAttack,
    Phase,
    PlayerState,
)
from guarda.errors import ArgumentError

__all__ = ["PlayerView", "PublicPlayer", "clear_view_caches", "view", "visible_events"]


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
    """Number of cards in the hand (a guard is not counted); 0 once the player is out."""
    draw_pile_size: int
    """Number of cards in the draw pile."""
    discard_size: int
    """Number of cards in the discard pile, face up and face down. Once the player is out
    it also counts the cards their hand and guard held, which left play face down (P22)."""
    discard_known: tuple[str, ...]
    """The discarded cards that were seen face up, sorted (until the pile is reshuffled)."""
    in_play: tuple[str, ...]
    """Face-up cards on the table: setup cards, or attack cards until Settle."""
    guard: GuardStatus | None
    """The guard's status (preparing or set), or None without a guard or once out."""


@attrs.frozen
class PlayerView:
    """Everything one player (or a spectator) may know about a game, and nothing else.

    Build one with [`view`][guarda.view]. For a spectator (``player`` None) the private fields
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
    """The viewer's hand, sorted (empty for a spectator, and once the viewer is out)."""
    guard: Guard | None
    """The viewer's guard with its card and orientation (None for a spectator, and once
    the viewer is out)."""
    discard_hidden: tuple[str, ...]
    """The cards the viewer discarded face down, sorted (empty for a spectator). Once the
    viewer is out it also holds the cards their hand and guard held (P22)."""
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
    """Every event of the game so far, as the viewer may see it, oldest first: equal to
    [guarda.visible_events][guarda.visible_events] of the state's log, but not redacted
    anew on every view (see [guarda.view][guarda.view])."""

    @property
    def me(self) -> PublicPlayer | None:
        """The viewer's public part, or None for a spectator."""
        return None if self.player is None else self.players[self.player]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def commitment(self) -> str | None:
        """The public commitment to the game's deals, from its first event (P23).

        Keep it: once the game is over and its record is revealed,
        [`guarda.verify_fair`][guarda.verify_fair] checks the deals against it. None for a
        position built by hand, which made no commitment.
        """
        return opening_commitment(self.events)

    @property
    def must_act(self) -> bool:
        """Whether the viewer must decide now."""
        return self.player is not None and self.player == self.actor

    _repr_svg_ = repr_svg


_PUBLIC_CACHE_SIZE: Final = 1024
"""How many players' public parts ``_public`` keeps (process-wide, least recently used
first out). A player's state is usually shared by many successive game states."""


def _gone(player: PlayerState) -> tuple[str, ...]:
    """The cards an out player's hand and guard held: out of play, face down (R22, P22)."""
    if player.guard is None:
        return player.hand
    return tuple(sorted((*player.hand, player.guard.card)))


@lru_cache(maxsize=_PUBLIC_CACHE_SIZE)
def _public(player: PlayerState) -> PublicPlayer:
    guard = player.guard
    hand_size = len(player.hand)
    discard_size = len(player.discard_known) + len(player.discard_hidden)
    if player.is_out:
        # P22: an out player's hand and guard left play with them, face down.
        discard_size += hand_size + (guard is not None)
        hand_size = 0
        guard = None
    return PublicPlayer(
        position=player.position,
        health=player.health,
        points=player.points,
        is_out=player.is_out,
        winnings=player.winnings,
        hand_size=hand_size,
        draw_pile_size=len(player.draw_pile),
        discard_size=discard_size,
        discard_known=player.discard_known,
        in_play=player.in_play,
        guard=None if guard is None else guard.status,
    )


def clear_view_caches() -> None:
    """Empty the process-wide caches that [guarda.view][guarda.view] keeps.

    The only one is a bounded cache (1,024 entries, least recently used out) of each
    player's public part, keyed by the player's state; it holds those player states alive
    until they are evicted or cleared. The log as each viewer sees it is cached on the log
    nodes themselves and is freed with the states; this function does not touch it.
    Clearing costs only recomputation; views stay the same.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.classic(), seed=1)
        >>> before = view(state, 0)
        >>> clear_view_caches()
        >>> view(state, 0) == before
        True
    """
    _public.cache_clear()


def visible_events(events: Iterable[Event], player: int | None) -> tuple[Event, ...]:
    """The events as ``player`` may see them (None: a spectator); see
    [`visible_event`][guarda.visible_event].

    Use it on the events [`guarda.apply`][guarda.apply] returns before showing them to a player.

    Args:
        events: Events, such as those returned by [`guarda.apply`][guarda.apply].
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


# -- The log as each viewer sees it, kept up to date along the log -------------------------
#
# Redacting the whole log on every view costs O(events). Instead each log node caches its
# own chunk as the viewers see it (``EventLog._shown``: one redacted chunk shared by every
# viewer but the owners of its secrets, plus one per owner), and a few nodes, about one
# every ``_SPACING`` events, cache the whole log up to them as each viewer sees it
# (``EventLog._seen``). A view walks back at most about ``_SPACING`` events to the nearest
# such node and appends the chunks since: a constant amount of work besides copying the
# tuple. Whole tuples on every node would cost O(events**2) memory over a game; on one
# node in ``_SPACING`` events they cost a ``_SPACING``-th of that.
#
# The caches hold only values computed from the node's own immutable events, and each is
# stored whole with one assignment, so threads that race on a node can at worst compute
# the same value twice. They are not part of the log's value (not pickled, compared or
# hashed) and are freed with the node.

_SPACING: Final = 32
"""Events between two nodes that cache the whole log as seen (bounds the walk back)."""

_NOTHING_HIDDEN: Final[tuple[tuple[Event, ...], tuple[tuple[int, tuple[Event, ...]], ...]]] = (
    (),
    (),
)
"""The ``_shown`` cache of a chunk without secrets: every viewer sees the events as they are."""


def _owner(event: Event) -> int | None:
    """The player who may see the event's secrets, or None if it has none."""
    return event.player if is_private(event) else None  # type: ignore[union-attr]


def _redact_chunk(
    events: tuple[Event, ...],
) -> tuple[tuple[Event, ...], tuple[tuple[int, tuple[Event, ...]], ...]]:
    """The chunk as non-owners see it, and as each owner of a secret in it sees it."""
    owners = sorted({owner for owner in map(_owner, events) if owner is not None})
    if not owners:
        return _NOTHING_HIDDEN
    public = tuple(visible_event(event, None) for event in events)
    if len(owners) == 1:
        return public, ((owners[0], events),)
    return public, tuple(
        (
            owner,
            tuple(
                event if _owner(event) == owner else hidden
                for event, hidden in zip(events, public, strict=True)
            ),
        )
        for owner in owners
    )


def _chunk_as_seen(
    shown: tuple[tuple[Event, ...], tuple[tuple[int, tuple[Event, ...]], ...]],
    viewer: int | None,
) -> tuple[Event, ...]:
    """A chunk as ``viewer`` may see it, from its ``_shown`` cache (not ``_NOTHING_HIDDEN``)."""
    public, owned = shown
    for owner, events in owned:
        if owner == viewer:
            return events
    return public


def _log_as_seen(log: EventLog, viewer: int | None) -> tuple[Event, ...]:
    """The whole log as ``viewer`` may see it; equal to ``visible_events(log, viewer)``."""
    # Walk back to the nearest node that caches the log as the viewer sees it.
    path = []
    node: EventLog | None = log
    seen: tuple[Event, ...] = ()
    while node is not None:
        cache = node._seen
        if cache is not None:
            cached = cache.get(viewer)
            if cached is not None:
                seen = cached
                break
        path.append(node)
        node = node.previous
    # Append the chunks since, caching the log so far on each node that starts a new
    # stretch of _SPACING events (all of them on the first view of a long log).
    block = -1 if node is None else node.size // _SPACING
    chunks: list[tuple[Event, ...]] = []
    for node in reversed(path):
        shown = node._shown
        if shown is None:
            shown = _redact_chunk(node.events)
            object.__setattr__(node, "_shown", shown)
        chunks.append(node.events if shown is _NOTHING_HIDDEN else _chunk_as_seen(shown, viewer))
        if node.size // _SPACING != block:
            block = node.size // _SPACING
            seen += chunks[0] if len(chunks) == 1 else tuple(chain.from_iterable(chunks))
            chunks.clear()
            cache = node._seen
            if cache is None:
                cache = {}
                object.__setattr__(node, "_seen", cache)
            cache[viewer] = seen
    if chunks:
        seen += chunks[0] if len(chunks) == 1 else tuple(chain.from_iterable(chunks))
    return seen


def view(state: GameState, player: int | None) -> PlayerView:
    """What ``player`` may know about ``state`` (None: a spectator) (R28, R29).

    The cost does not grow with the event log, beyond copying it into a tuple: the log
    as each viewer sees it is cached on the log's nodes, which successive states share,
    so each event is redacted once per viewer. The caches are freed with the states.

    Args:
        state: The full game state.
        player: The viewer's player number, or None for a spectator.

    Returns:
        The viewer's [`PlayerView`][guarda.PlayerView].

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
        if own.is_out:  # P22: the hand and the guard left play with the player
            discard_hidden = tuple(sorted(discard_hidden + _gone(own)))
            hand, guard = (), None
        draw_pile = tuple(sorted(own.draw_pile))
        if state.actor == player:
            actions = legal_actions(state)  # lazy for big hands: listed only when read
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
        events=_log_as_seen(state.log, player),
    )
