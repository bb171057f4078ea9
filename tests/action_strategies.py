"""Hypothesis strategies shared by the tests: actions of every kind.

Not a test module (no ``test_`` prefix); tests import it as ``action_strategies``
(``pythonpath = ["tests"]`` in the pytest configuration).
"""

from __future__ import annotations

from hypothesis import strategies as st

from guarda import (
    ActivateGuard,
    Attack,
    Cell,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    Direction,
    DiscardDown,
    EndMove,
    Move,
    Orientation,
    Pass,
    PlacePiece,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    TakeDamage,
)
from guarda._actions import Action


def actions(
    card: st.SearchStrategy[str],
    cells: st.SearchStrategy[Cell],
    *,
    min_cards: int = 0,
    max_cards: int = 4,
) -> st.SearchStrategy[Action]:
    """Every action type, with cards drawn from ``card`` and cells from ``cells``.

    ``min_cards``/``max_cards`` bound the card lists of the card-playing actions
    (Settle always allows an empty list).
    """
    cards = st.lists(card, min_size=min_cards, max_size=max_cards).map(tuple)
    direction = st.sampled_from(tuple(Direction))
    return st.one_of(
        st.builds(PlacePiece, cells),
        st.builds(DiscardDown, cards),
        st.builds(Move, direction, cards),
        st.builds(Push, direction, cards),
        st.just(EndMove()),
        st.builds(SetGuard, st.sampled_from(tuple(Orientation))),
        st.builds(PrepareGuard, card),
        st.builds(Attack, cards),
        st.just(Pass()),
        st.builds(Defend, cards),
        st.just(ActivateGuard()),
        st.just(TakeDamage()),
        st.builds(PrepareNewGuard, card),
        st.just(DeclineNewGuard()),
        st.builds(DefendCounter, cards),
        st.builds(Settle, st.lists(card, max_size=max_cards).map(tuple)),
    )
