"""The engine's questions asked from a view: why an action is not legal, and which are.

A frontend that holds only a player's [`PlayerView`][guarda.PlayerView] (say, the client
of a game server) can still ask what [`verify`][guarda.verify] answers for the full state:
[`verify_view`][guarda.verify_view] explains, with the ruling, why the viewer may not make
an action. The answer uses nothing the viewer may not know (R28): whether an action of the
player to decide is legal depends only on that player's own cards and on the public table,
and the view holds both.

It works by a stand-in: a full state that shows exactly this view to its viewer, with
every card hidden from the viewer filled in in a fixed order (the other players' hands,
guards and piles, sorted). The stand-in depends on the view alone, so nothing it answers
can depend on a hidden card; for the viewer's own decisions it answers exactly as the
real state does (a property test checks both).

Examples:
    >>> import guarda
    >>> state = (
    ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
    ...     .player(0, position="b1", hand=("V2", "H5"))
    ...     .player(1, position="b5")
    ...     .to_act(0, guarda.Phase.ACT)
    ...     .build()
    ... )
    >>> guarda.verify_view(guarda.view(state, 0), guarda.Attack(("X",)))
    Traceback (most recent call last):
    ...
    guarda.errors.IllegalActionError: action.cards: X is not in your hand (R15)
"""

from __future__ import annotations

from guarda import _multiset as multiset
from guarda._action_lists import LegalActions
from guarda._actions import Action
from guarda._engine import legal_actions, verify
from guarda._geometry import Orientation
from guarda._state import EventLog, GameState, Guard, GuardStatus, PlayerState
from guarda._views import PlayerView, PublicPlayer
from guarda.errors import ArgumentError

__all__ = ["stand_in", "verify_view", "view_actions"]

_LAST: list[tuple[PlayerView | None, GameState | None]] = [(None, None)]
"""The view last stood in for, and its stand-in (a frontend asks about one view often)."""


def _deck(view: PlayerView) -> tuple[str, ...]:
    config = view.config
    return tuple(sorted(e.card.name for e in config.deck for _ in range(e.copies)))


def _hidden_player(deck: tuple[str, ...], public: PublicPlayer, path: str) -> PlayerState:
    """A player whose hidden cards are filled in from what their deck leaves, sorted."""
    unseen = multiset.remove(deck, multiset.add(public.discard_known, public.in_play))
    hidden = public.discard_size - len(public.discard_known)
    guard = public.guard is not None
    wanted = public.hand_size + guard + public.draw_pile_size + hidden
    if unseen is None or hidden < 0 or wanted != len(unseen):
        raise ArgumentError(
            "the view's counts of this player's cards do not make up the deck", path=path
        )
    cards = iter(unseen)
    hand = tuple(next(cards) for _ in range(public.hand_size))
    card = next(cards) if guard else None
    discarded = tuple(next(cards) for _ in range(hidden))
    return PlayerState(
        draw_pile=tuple(cards),
        hand=hand,
        guard=None
        if card is None or public.guard is None
        else Guard(
            card,
            public.guard,
            Orientation.DEFENSIVE if public.guard is GuardStatus.SET else None,
        ),
        discard_known=public.discard_known,
        discard_hidden=discarded,
        in_play=public.in_play,
        position=public.position,
        health=public.health,
        points=public.points,
        is_out=public.is_out,
        winnings=public.winnings,
    )


def _own_player(view: PlayerView, public: PublicPlayer) -> PlayerState:
    return PlayerState(
        draw_pile=view.draw_pile_cards,
        hand=view.hand,
        guard=view.guard,
        discard_known=public.discard_known,
        discard_hidden=view.discard_hidden,
        in_play=public.in_play,
        position=public.position,
        health=public.health,
        points=public.points,
        is_out=public.is_out,
        winnings=public.winnings,
    )


def stand_in(view: PlayerView) -> GameState:
    """A full state that shows exactly ``view`` to its viewer (hidden cards in a fixed order).

    Raises:
        ArgumentError: If ``view`` is not a view, or its counts of a player's cards do not
            make up the deck.
    """
    if not isinstance(view, PlayerView):
        raise ArgumentError(f"not a PlayerView: {type(view).__name__}", path="view")
    last_view, last_state = _LAST[0]
    if last_view is view and last_state is not None:
        return last_state
    deck = _deck(view)
    players = tuple(
        _own_player(view, public)
        if index == view.player
        else _hidden_player(deck, public, f"view.players[{index}]")
        for index, public in enumerate(view.players)
    )
    state = GameState(
        config=view.config,
        phase=view.phase,
        turn=view.turn,
        actor=view.actor,
        players=players,
        rng=0,
        turn_number=view.turn_number,
        turns_ended=view.turns_ended,
        has_moved=view.has_moved,
        attack=view.attack,
        loot=view.loot,
        pot=view.pot,
        first_placed=view.first_placed,
        outcome=view.outcome,
        log=EventLog(()),
    )
    _LAST[0] = (view, state)
    return state


def view_actions(view: PlayerView) -> LegalActions:
    """The viewer's legal actions, lazy where long (the view's own tuple lists them all).

    Empty unless the viewer must decide now.

    Raises:
        ArgumentError: As `stand_in`.
    """
    state = stand_in(view)
    if not view.must_act:
        return LegalActions()
    return legal_actions(state)


def verify_view(view: PlayerView, action: Action) -> None:
    """Raise [`IllegalActionError`][guarda.errors.IllegalActionError] unless the viewer may
    make ``action`` now: what [`verify`][guarda.verify] says, asked from a view.

    The explanation is the one ``verify(state, action, player=view.player)`` gives for the
    real state, with the same message, ruling and path, and it uses nothing the viewer
    may not know (R28): two states that look the same to the viewer get the same answer
    (R29). An action sent while another player must decide is refused as
    ``verify`` refuses it.

    Args:
        view: The view of the player who would send the action.
        action: The action to check.

    Raises:
        IllegalActionError: Naming the ruling that forbids the action.
        ArgumentError: If ``view`` is not a view, or is a spectator's (a spectator makes
            no decisions), or its counts of a player's cards do not make up the deck.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=0)
        >>> place = guarda.legal_actions(state)[0]
        >>> state.actor
        1
        >>> guarda.verify_view(guarda.view(state, 0), place)
        Traceback (most recent call last):
        ...
        guarda.errors.IllegalActionError: player: player 0 cannot act now: player 1 must decide (R9)
        >>> guarda.verify_view(guarda.view(state, 1), place) is None
        True
    """  # noqa: E501
    state = stand_in(view)
    if view.player is None:
        raise ArgumentError(
            "a spectator makes no decisions: ask from the view of the player who would act",
            rule="R28",
            path="view.player",
        )
    verify(state, action, player=view.player)
