"""Full states consistent with a view, the hidden cards sampled: for search bots.

Examples:
    >>> import random
    >>> from guarda.games.garrison import GarrisonConfig, determinize, new_game, view
    >>> mine = view(new_game(GarrisonConfig(), seed=3), 0)
    >>> view(determinize(mine, random.Random(1)), 0) == mine
    True
"""

from __future__ import annotations

import random

from guarda.errors import ArgumentError
from guarda.games.garrison._cards import CARDS, SPIES, THUG
from guarda.games.garrison._state import GarrisonState
from guarda.games.garrison._views import GarrisonView

__all__ = ["determinize"]


def determinize(view: GarrisonView, rng: random.Random) -> GarrisonState:
    """A full state whose view for ``view.player`` is ``view``, unseen cards dealt by ``rng``.

    Every card the viewer has not seen is shuffled into the other hands (beside the cards
    shown there) and the deck. A player asked to answer holds the Thug; a player offered a
    spy holds an ace, as far as the unseen cards allow.

    Raises:
        ArgumentError: If ``view`` is no Garrison view, ``rng`` no ``random.Random``, or
            the view's card counts do not add up.
    """
    if not isinstance(view, GarrisonView):
        raise ArgumentError(f"not a Garrison view: {type(view).__name__}", path="view")
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"rng must be a random.Random, not {rng!r}", path="rng")
    seen = set(view.hand)
    seen.update(view.discard)
    seen.update(card for card in view.market if card is not None)
    for cards in view.shown:
        seen.update(cards)
    for keep in view.keeps:
        seen.update(keep.court)
        seen.update(keep.fallen)
        seen.update(keep.garrison)
        seen.update(keep.siege)
    pool = [card for card in CARDS if card not in seen]
    rng.shuffle(pool)
    players = view.config.players
    needs = [
        0 if seat == view.player else view.hand_sizes[seat] - len(view.shown[seat])
        for seat in range(players)
    ]
    if sum(needs) + view.deck_size != len(pool) or min(needs) < 0:
        raise ArgumentError("the view's card counts do not add up", path="view")
    hands: list[list[int]] = [[] for _ in range(players)]
    actor = view.actor
    if actor is not None and actor != view.player and needs[actor] > 0:
        wanted = (THUG,) if view.phase == "answer" else SPIES if view.phase == "window" else ()
        aces = [card for card in pool if card in wanted]
        if aces:
            pool.remove(aces[0])
            hands[actor].append(aces[0])
            needs[actor] -= 1
    for seat in range(players):
        hands[seat].extend(pool[: needs[seat]])
        del pool[: needs[seat]]
        hands[seat].extend(view.shown[seat] if seat != view.player else view.hand)
    return GarrisonState(
        config=view.config,
        key=f"determinized/{rng.getrandbits(64):016x}",
        deck=tuple(pool),
        discard=view.discard,
        market=view.market,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        shown=view.shown,
        keeps=view.keeps,
        turn_player=view.turn_player,
        turns=view.turns,
        phase=view.phase,
        actor=view.actor,
        pending=view.pending,
        window=view.window,
        took_from_pile=view.took_from_pile,
        reshuffles=view.reshuffles,
        winner=view.winner,
        scores=view.scores,
    )
