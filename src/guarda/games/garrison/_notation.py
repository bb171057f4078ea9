"""A short text notation for Garrison's actions.

| Action | Notation |
|---|---|
| Upgrade the 7 of hearts paying 3 and 4 of diamonds | ``up 7H 3D 4D`` |
| Trade the 5 of spades for the 7 of hearts | ``trade 5S 7H`` |
| Besiege player 1 with the 9 of spades | ``siege 9S 1`` |
| Fend off the levy 9S with the 2 of spades | ``fend 2S 9S`` |
| Rebuild spending two cards | ``rebuild 2C 5D`` |
| Discard a card | ``discard 5D`` |
| End the turn | ``end`` |
| The Agitator on player 1's besiegers | ``agitate 1`` |
| The Smuggler: a heart or club / a spade against player 1 | ``smuggle 7H`` / ``smuggle 9S 1`` |
| The Thug on the market | ``clear`` |
| The Seducer on player 1's 7 of hearts | ``seduce 1 7H`` |
| The Thug cancelling a spy or disaster / passing | ``cancel`` / ``pass`` |

Players are numbered from 0. Cards are named as in
[`card_name`][guarda.games.garrison.card_name].

Examples:
    >>> from guarda.games.garrison import format_action, parse_action
    >>> format_action(parse_action("up 7h 3d 4d"))
    'up 7H 3D 4D'
"""

from __future__ import annotations

from guarda.errors import NotationError
from guarda.games.garrison._actions import (
    Agitate,
    Besiege,
    Cancel,
    ClearMarket,
    Discard,
    EndTurn,
    Fend,
    GarrisonAction,
    Pass,
    Rebuild,
    Seduce,
    Smuggle,
    Trade,
    Upgrade,
)
from guarda.games.garrison._cards import card_name, is_card, parse_card

__all__ = ["format_action", "parse_action"]


def _names(cards: tuple[int, ...]) -> str:
    return " ".join(card_name(card) for card in cards)


def format_action(action: GarrisonAction) -> str:
    """The notation of ``action``.

    Raises:
        NotationError: If ``action`` is not a Garrison action with valid cards.

    Examples:
        >>> format_action(Besiege(card=8, target=1))
        'siege 9S 1'
    """
    try:
        return _format(action)
    except (TypeError, IndexError, AttributeError):
        raise NotationError(f"cannot write {action!r} in notation", path="action") from None


def _seat(seat: object) -> str:
    if type(seat) is not int or not 0 <= seat < 6:
        raise TypeError(seat)
    return str(seat)


def _card(card: object) -> str:
    if not is_card(card):
        raise TypeError(card)
    return card_name(card)  # type: ignore[arg-type]


def _format(action: GarrisonAction) -> str:
    if isinstance(action, Upgrade):
        return " ".join(["up", _card(action.card), *(_card(c) for c in action.payment)])
    if isinstance(action, Trade):
        return f"trade {_card(action.give)} {_card(action.take)}"
    if isinstance(action, Besiege):
        return f"siege {_card(action.card)} {_seat(action.target)}"
    if isinstance(action, Fend):
        return f"fend {_card(action.card)} {_card(action.levy)}"
    if isinstance(action, Rebuild):
        return " ".join(["rebuild", *(_card(c) for c in action.cards)])
    if isinstance(action, Discard):
        return f"discard {_card(action.card)}"
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Agitate):
        return f"agitate {_seat(action.target)}"
    if isinstance(action, Smuggle):
        if action.target is None:
            return f"smuggle {_card(action.card)}"
        return f"smuggle {_card(action.card)} {_seat(action.target)}"
    if isinstance(action, ClearMarket):
        return "clear"
    if isinstance(action, Seduce):
        return f"seduce {_seat(action.target)} {_card(action.card)}"
    if isinstance(action, Cancel):
        return "cancel"
    if isinstance(action, Pass):
        return "pass"
    raise TypeError(action)


def _parse_seat(text: str) -> int:
    if not text.isdigit() or int(text) > 5:
        raise NotationError(f"not a player number: {text!r}", path="action.target")
    return int(text)


def _cards(words: list[str]) -> tuple[int, ...]:
    return tuple(sorted(parse_card(word) for word in words))


_ARITY = {
    "trade": 2,
    "siege": 2,
    "fend": 2,
    "discard": 1,
    "end": 0,
    "agitate": 1,
    "clear": 0,
    "seduce": 2,
    "cancel": 0,
    "pass": 0,
}


def parse_action(text: str, position: object = None) -> GarrisonAction:
    """The action written ``text`` (``position`` is accepted for the protocol, unused).

    Raises:
        NotationError: If ``text`` is not Garrison notation, naming what is wrong.

    Examples:
        >>> parse_action("smuggle 9s 1")
        Smuggle(card=8, target=1)
        >>> parse_action("fly")
        Traceback (most recent call last):
        ...
        guarda.errors.NotationError: action: unknown action word 'fly'
    """
    if not isinstance(text, str):
        raise NotationError(f"notation must be a string, not {text!r}", path="action")
    words = text.split()
    if not words:
        raise NotationError("empty notation", path="action")
    verb, rest = words[0].lower(), words[1:]
    if verb in _ARITY and len(rest) != _ARITY[verb]:
        raise NotationError(
            f"{verb!r} takes {_ARITY[verb]} word(s), not {len(rest)}", path="action"
        )
    if verb == "up":
        if not 2 <= len(rest) <= 4:
            raise NotationError("'up' takes a card and one to three diamonds", path="action")
        return Upgrade(parse_card(rest[0]), _cards(rest[1:]))
    if verb == "trade":
        return Trade(parse_card(rest[0]), parse_card(rest[1]))
    if verb == "siege":
        return Besiege(parse_card(rest[0]), _parse_seat(rest[1]))
    if verb == "fend":
        return Fend(parse_card(rest[0]), parse_card(rest[1]))
    if verb == "rebuild":
        if not 1 <= len(rest) <= 3:
            raise NotationError("'rebuild' takes one to three cards", path="action")
        return Rebuild(_cards(rest))
    if verb == "discard":
        return Discard(parse_card(rest[0]))
    if verb == "end":
        return EndTurn()
    if verb == "agitate":
        return Agitate(_parse_seat(rest[0]))
    if verb == "smuggle":
        if len(rest) == 1:
            return Smuggle(parse_card(rest[0]))
        if len(rest) == 2:
            return Smuggle(parse_card(rest[0]), _parse_seat(rest[1]))
        raise NotationError("'smuggle' takes a card and perhaps a player", path="action")
    if verb == "clear":
        return ClearMarket()
    if verb == "seduce":
        return Seduce(_parse_seat(rest[0]), parse_card(rest[1]))
    if verb == "cancel":
        return Cancel()
    if verb == "pass":
        return Pass()
    raise NotationError(f"unknown action word {words[0]!r}", path="action")
