"""On Guard's notation: an ``Add`` is the card's name, ``Done`` is ``done``.

Card names are ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K`` and ``Jo`` (the Joker); the
parser ignores case and surrounding spaces.

Examples:
    >>> from guarda.games.on_guard import Add, Done, format_action, parse_action
    >>> format_action(Add(1)), format_action(Done())
    ('A', 'done')
    >>> parse_action(" jo "), parse_action("10")
    (Add(card=14), Add(card=10))
"""

from __future__ import annotations

from typing import Final

from guarda.errors import ArgumentError, NotationError

from ._actions import Action, Add, Done
from ._cards import CARD_NAMES

__all__ = ["format_action", "parse_action"]

_BY_NAME: Final[dict[str, Action]] = {
    **{name.lower(): Add(card) for card, name in CARD_NAMES.items()},
    "done": Done(),
}


def format_action(action: Action) -> str:
    """The action in On Guard's notation.

    Raises:
        ArgumentError: If ``action`` is not an On Guard action.

    Examples:
        >>> format_action(Add(14))
        'Jo'
    """
    if isinstance(action, Add):
        return CARD_NAMES[action.card]
    if isinstance(action, Done):
        return "done"
    raise ArgumentError(f"not an On Guard action: {action!r}", path="action")


def parse_action(text: str) -> Action:
    """The action written ``text``.

    Raises:
        NotationError: If ``text`` is not a card name or ``done`` (or not a str).

    Examples:
        >>> parse_action("K")
        Add(card=13)
        >>> parse_action("11")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        guarda.errors.NotationError: action: not an On Guard action: '11' ...
    """
    if not isinstance(text, str):
        raise NotationError(f"notation must be a str, not {text!r}", path="action")
    try:
        return _BY_NAME[text.strip().lower()]
    except KeyError:
        raise NotationError(
            f"not an On Guard action: {text!r} (a card A, 2-10, J, Q, K, Jo, or done)",
            path="action",
        ) from None
