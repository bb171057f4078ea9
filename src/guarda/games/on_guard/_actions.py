"""On Guard's actions: a selection is built one card at a time, then closed.

A secret selection of cards is made with [`Add`][guarda.games.on_guard.Add] (put one
card into it, in the fixed [selection order][guarda.games.on_guard.SELECTION_ORDER],
OG14) and [`Done`][guarda.games.on_guard.Done] (close it). In the Barrage a single
``Add`` is the whole selection. In a Final Attack, ``Done`` with no card declines it.

Examples:
    >>> from guarda.games.on_guard import Add, Done
    >>> Add(7), Done()
    (Add(card=7), Done())
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from guarda.errors import ArgumentError

from ._cards import CARDS

__all__ = ["Action", "Add", "Done"]


def _check_card(instance: Any, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value not in CARDS:
        raise ArgumentError(f"card must be a card code 1-14, not {value!r}", path="card")


@attrs.frozen
class Add:
    """Put one card from your hand into your secret selection.

    Attributes:
        card: The card's code (1-10 action cards, 11 J, 12 Q, 13 K, 14 Joker).

    Examples:
        >>> Add(13).card
        13
    """

    card: int = attrs.field(validator=_check_card)


@attrs.frozen
class Done:
    """Close your selection: it is made, and revealed when both have chosen.

    Examples:
        >>> Done() == Done()
        True
    """


Action: TypeAlias = Add | Done
"""Any action of On Guard."""
