"""A full On Guard state consistent with a view: the hidden selections sampled.

Examples:
    >>> import random
    >>> from guarda.games.on_guard import ON_GUARD, Add, Done, apply, determinize, view
    >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
    >>> state, _ = apply(state, Add(10))
    >>> state, _ = apply(state, Done())
    >>> seen = view(state, 1)
    >>> view(determinize(seen, random.Random(0)), 1) == seen
    True
"""

from __future__ import annotations

import random

from guarda.errors import ArgumentError

from ._actions import Done
from ._legal import choices
from ._state import OnGuardState
from ._views import OnGuardView

__all__ = ["determinize"]


def _sample(
    seen: OnGuardView, seat: int, rng: random.Random
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A hand and a selection of ``seat`` that its view cannot tell apart from the truth."""
    unplayed = list(seen.unplayed[seat])
    closed = seen.chosen[seat]
    if not closed and seen.actor != seat:
        return tuple(unplayed), ()
    selection: list[int] = []
    while True:
        options = choices(seen.config, seen.phase, unplayed, selection)
        if closed:
            # A closed selection: walk until Done (a Barrage selection is one card).
            if seen.phase == "barrage" and selection:
                break
        else:
            # An open one: stop anywhere, never where Done would be the only choice left.
            options = tuple(option for option in options if not isinstance(option, Done))
            if not options or rng.random() < 0.5:
                break
        action = rng.choice(options)
        if isinstance(action, Done):
            break
        selection.append(action.card)
        unplayed.remove(action.card)
    return tuple(unplayed), tuple(selection)


def determinize(seen: OnGuardView, rng: random.Random) -> OnGuardState:
    """A full state whose view for ``seen.player`` is ``seen``; hidden selections sampled.

    The other seat's selection (both seats' for a spectator) is drawn by a random walk
    over the legal actions: a closed selection walks until ``Done``, an open one stops
    at random.

    Raises:
        ArgumentError: If ``seen`` is not an On Guard view or ``rng`` not a random.Random.

    Examples:
        >>> import random
        >>> from guarda.games.on_guard import ON_GUARD, view
        >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=2)
        >>> determinize(view(state, None), random.Random(1)) == state
        True
    """
    if not isinstance(seen, OnGuardView):
        raise ArgumentError(f"not an On Guard view: {seen!r}", path="view")
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"rng must be a random.Random, not {rng!r}", path="rng")
    hands: list[tuple[int, ...]] = []
    selections: list[tuple[int, ...]] = []
    for seat in (0, 1):
        if seat == seen.player:
            hands.append(seen.hand)
            selections.append(seen.selection)
        else:
            hand, selection = _sample(seen, seat, rng)
            hands.append(hand)
            selections.append(selection)
    return OnGuardState(
        config=seen.config,
        hands=(hands[0], hands[1]),
        selections=(selections[0], selections[1]),
        chosen=seen.chosen,
        discards=seen.discards,
        phase=seen.phase,
        actor=seen.actor,
        hits=seen.hits,
        barrage_hits=seen.barrage_hits,
        odds=seen.odds,
        turns=seen.turns,
        revealed=seen.revealed,
        winner=seen.winner,
    )
