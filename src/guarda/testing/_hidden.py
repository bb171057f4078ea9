"""States that differ from a given one only in what one player may not see (R29).

[hidden_variant][guarda.testing.hidden_variant] deals every card a player may not see
anew: the other players' hands, face-down discards, guard cards and orientations, and
(with ``piles``) every draw pile's order and the random state; it also rewrites the
secret fields of the other players' private events in the log. Whatever is shown to that
player must be the same for the variant as for the original: that is exactly "no hidden
information leaks", and [check_no_hidden_information][guarda.testing.check_no_hidden_information]
checks it for any function that renders a state for a player.
"""

from __future__ import annotations

import random

import attrs

import guarda
from guarda import Event, EventLog, GameState, GuardStatus, Orientation, PlayerState

__all__ = ["hidden_variant"]

_FLIPPED = {
    Orientation.OFFENSIVE: Orientation.DEFENSIVE,
    Orientation.DEFENSIVE: Orientation.OFFENSIVE,
}


def _other(player: PlayerState, chooser: random.Random, *, piles: bool) -> PlayerState:
    """A player whose hidden cards are dealt anew from the same cards (sizes kept)."""
    guard = player.guard
    pile = player.draw_pile if piles else ()
    pool = list(player.hand + pile + player.discard_hidden)
    if guard is not None:
        pool.append(guard.card)
    chooser.shuffle(pool)
    hand_end = len(player.hand)
    pile_end = hand_end + len(pile)
    hidden_end = pile_end + len(player.discard_hidden)
    if guard is not None:
        orientation = guard.orientation
        if guard.status is GuardStatus.SET and orientation is not None and chooser.random() < 0.5:
            orientation = _FLIPPED[orientation]
        guard = attrs.evolve(guard, card=pool[hidden_end], orientation=orientation)
    return attrs.evolve(
        player,
        hand=tuple(sorted(pool[:hand_end])),
        draw_pile=tuple(pool[hand_end:pile_end]) if piles else player.draw_pile,
        discard_hidden=tuple(sorted(pool[pile_end:hidden_end])),
        guard=guard,
    )


def _event(
    event: Event, viewer: int | None, names: tuple[str, ...], chooser: random.Random
) -> Event:
    """The event with the secrets ``viewer`` may not see replaced by other plausible ones."""
    if not guarda.is_private(event) or getattr(event, "player", None) == viewer:
        return event
    changes: dict[str, object] = {}
    for name in type(event).secret:  # type: ignore[union-attr]
        value = getattr(event, name)
        if isinstance(value, tuple):
            changes[name] = tuple(sorted(chooser.choice(names) for _ in value))
        elif isinstance(value, Orientation):
            changes[name] = chooser.choice(tuple(Orientation))
        elif isinstance(value, str):
            changes[name] = chooser.choice(names)
    return attrs.evolve(event, **changes)  # type: ignore[arg-type]


def hidden_variant(
    state: GameState, player: int | None, seed: int = 0, *, piles: bool = True
) -> GameState:
    """A valid state that differs from ``state`` only in what ``player`` may not see.

    Every other player's hand, face-down discards and guard card are dealt anew from the
    same cards (sizes kept), a set guard may change its orientation, and the secret fields
    of their private events in the log are replaced. With ``piles``, the draw piles join
    in: the other players' piles are dealt anew with the rest, ``player``'s own pile is
    reordered (its order is secret even from its owner) and the random state changes.
    Without ``piles`` the next draws stay the same, so the variant can play on like the
    original (for checking what a player sees after their own action).

    Args:
        state: The state.
        player: The player, or None for a spectator (who sees no secrets at all).
        seed: Seeds the new deal (a different seed, a different variant).
        piles: Whether draw piles and the random state change too.

    Returns:
        The variant; it passes [guarda.check_state][guarda.check_state] and gives
        ``player`` the same view (R29). It may equal ``state`` when nothing is hidden.

    Raises:
        ArgumentError: If ``state`` is not a state or ``player`` not a player of it.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=3)
        >>> while state.phase is not guarda.Phase.MOVE:
        ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
        >>> other = hidden_variant(state, 0, seed=1)
        >>> other.players[1].hand != state.players[1].hand
        True
        >>> guarda.view(other, 0) == guarda.view(state, 0)
        True
    """
    if not isinstance(state, GameState):
        raise guarda.ArgumentError(f"not a GameState: {state!r}", path="state")
    guarda.view(state, player)  # checks the player
    chooser = random.Random(seed)
    players = []
    for index, own in enumerate(state.players):
        if index == player:
            order = list(own.draw_pile)
            if piles:
                chooser.shuffle(order)
            players.append(attrs.evolve(own, draw_pile=tuple(order)))
        else:
            players.append(_other(own, chooser, piles=piles))
    names = state.config.card_names
    log = EventLog(tuple(_event(event, player, names, chooser) for event in state.log))
    rng = state.rng ^ (chooser.getrandbits(63) | 1) if piles else state.rng
    variant = attrs.evolve(state, players=tuple(players), rng=rng, log=log)
    guarda.check_state(variant)
    return variant
