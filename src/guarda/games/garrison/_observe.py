"""Views of Garrison as flat vectors of numbers in [0, 1], for learning agents.

Seats are counted from the viewer (the viewer is seat 0 of the vector; a spectator sees
the table from seat 0). For every card: one flag per place it may be seen in (the
viewer's hand, the market, the discard pile, unseen) and, per seat, in that seat's court,
fallen court, garrison, siege and shown hand cards. Then the phase, who decides, the
hand sizes, the keep values against the target, the deck's size, the turn against the
limit, and whether the discard pile was used this turn.

Examples:
    >>> from guarda.games.garrison import GarrisonConfig, new_game, observe, view
    >>> state = new_game(GarrisonConfig(), seed=1)
    >>> vector = observe(view(state, 0))
    >>> len(vector) == observation_size(state.config), min(vector) >= 0, max(vector) <= 1
    (True, True, True)
"""

from __future__ import annotations

from guarda.errors import ArgumentError
from guarda.games.garrison._config import GarrisonConfig
from guarda.games.garrison._state import PHASES
from guarda.games.garrison._views import GarrisonView

__all__ = ["observation_size", "observe"]

_PLACES = 4
_ROWS = 5


def observation_size(config: GarrisonConfig) -> int:
    """The length of every vector [`observe`][guarda.games.garrison.observe] returns.

    Examples:
        >>> observation_size(GarrisonConfig())
        755
    """
    if not isinstance(config, GarrisonConfig):
        raise ArgumentError(f"not a Garrison configuration: {config!r}", path="config")
    players = config.players
    return 53 * (_PLACES + _ROWS * players) + len(PHASES) + 3 * players + 3


def observe(view: GarrisonView) -> tuple[float, ...]:
    """The view as numbers in [0, 1] (see the module's docs for the layout).

    Raises:
        ArgumentError: If ``view`` is not a Garrison view.
    """
    if not isinstance(view, GarrisonView):
        raise ArgumentError(f"not a Garrison view: {type(view).__name__}", path="view")
    config = view.config
    players = config.players
    width = _PLACES + _ROWS * players
    vector = [0.0] * observation_size(config)
    me = 0 if view.player is None else view.player
    seen = [False] * 53

    def mark(card: int, place: int) -> None:
        vector[card * width + place] = 1.0
        seen[card] = True

    for card in view.hand:
        mark(card, 0)
    for slot in view.market:
        if slot is not None:
            mark(slot, 1)
    for card in view.discard:
        mark(card, 2)
    for seat in range(players):
        base = _PLACES + _ROWS * ((seat - me) % players)
        keep = view.keeps[seat]
        for row, cards in enumerate(
            (keep.court, keep.fallen, keep.garrison, keep.siege, view.shown[seat])
        ):
            for card in cards:
                mark(card, base + row)
    for card in range(53):
        if not seen[card]:
            vector[card * width + 3] = 1.0
    offset = 53 * width
    vector[offset + PHASES.index(view.phase)] = 1.0
    offset += len(PHASES)
    if view.actor is not None:
        vector[offset + (view.actor - me) % players] = 1.0
    offset += players
    for seat in range(players):
        relative = (seat - me) % players
        vector[offset + relative] = view.hand_sizes[seat] / 3
        vector[offset + players + relative] = min(view.keeps[seat].value / config.target, 1.0)
    offset += 2 * players
    vector[offset] = view.deck_size / 53
    vector[offset + 1] = min(view.turns / config.turn_limit, 1.0)
    vector[offset + 2] = 1.0 if view.took_from_pile else 0.0
    return tuple(vector)
