"""Action notation: short, readable text for every action, and the shared text reader.

[`format_action`][guarda.format_action] and [`parse_action`][guarda.parse_action] round-trip
exactly: ``place c3``,
``move N V1 V3``, ``attack V2 V2 X``, ``set block``, ``settle``. Records can store
actions this way. Positions have their own notation in
`guarda._position_notation`.

Grammar (EBNF; ``" "`` stands for one or more spaces when reading, exactly one when
writing):

```ebnf
action    = "place" " " cell
          | "discard" cards | "move" " " direction cards | "push" " " direction cards
          | "end" | "set" " " ( "block" | "counter" ) | "guard" " " card
          | "attack" cards | "pass" | "defend" cards | "activate" | "take"
          | "newguard" " " card | "decline" | "answer" cards | "settle" { " " card } ;
cards     = " " card { " " card } ;
direction = "N" | "E" | "S" | "W" ;
card      = upper { upper | digit } ;
cell      = lower ( digit - "0" ) [ digit ] ;
```

Cards may be written in any order; formatting writes them sorted. See
``docs/notation.md`` for examples.

Examples:
    >>> from guarda._actions import Move
    >>> from guarda._geometry import Direction
    >>> format_action(Move(Direction.NORTH, ("V3", "V1")))
    'move N V1 V3'
    >>> parse_action("move  N V3 V1") == Move(Direction.NORTH, ("V1", "V3"))
    True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from guarda._actions import (
    Action,
    ActivateGuard,
    Attack,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    DiscardDown,
    EndMove,
    Move,
    Pass,
    PlacePiece,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    TakeDamage,
)
from guarda._config import MAX_SIZE, Config
from guarda._geometry import Cell, Direction, Orientation
from guarda._state import (
    GuardStatus,
)
from guarda.errors import ArgumentError, NotationError

__all__ = [
    "MAX_NOTATION_LENGTH",
    "format_action",
    "parse_action",
]

MAX_NOTATION_LENGTH: Final = 65_536
"""The longest notation text read, in characters: an action is a few dozen, the position
of a 12x12 game of eight players under 3,000."""

_CARD = re.compile(r"[A-Z][A-Z0-9]*\Z")
_CELL = re.compile(r"[a-z][1-9][0-9]?\Z")
_INT = re.compile(r"(0|[1-9][0-9]{0,17})\Z")
_RNG = re.compile(r"([0-9a-f]{16}|[0-9a-f]{80})\Z")
_TOKEN = re.compile(r"\S+")
_MASK = (1 << 64) - 1

_ORIENTATIONS = {"block": Orientation.DEFENSIVE, "counter": Orientation.OFFENSIVE}
_ORIENTATION_WORDS = {value: key for key, value in _ORIENTATIONS.items()}
_GUARDS = {
    "prep": (GuardStatus.PREPARING, None),
    "block": (GuardStatus.SET, Orientation.DEFENSIVE),
    "counter": (GuardStatus.SET, Orientation.OFFENSIVE),
}
_GUARD_WORDS = {value: key for key, value in _GUARDS.items()}
_STATUS = {"prep": GuardStatus.PREPARING, "set": GuardStatus.SET}
_STATUS_WORDS = {value: key for key, value in _STATUS.items()}


@attrs.frozen
class _Span:
    """A piece of the parsed text and its offset in the whole text."""

    text: str
    start: int
    at_end: bool = False

    @property
    def column(self) -> int:
        return self.start + 1

    def split(self, separator: str) -> list[_Span]:
        parts = []
        start = self.start
        for piece in self.text.split(separator):
            parts.append(_Span(piece, start))
            start += len(piece) + len(separator)
        return parts


def _expected(what: str, span: _Span, path: str | None, rule: str | None = None) -> NotationError:
    if span.at_end:
        got = "end of text"
    elif span.text:
        got = repr(span.text if len(span.text) <= 24 else f"{span.text[:20]}...")
    else:
        got = "an empty field"
    return NotationError(
        f"expected {what} at column {span.column}, got {got}",
        column=span.column,
        token=span.text,
        path=path,
        rule=rule,
    )


class _Tokens:
    """The space-separated tokens of a text, read left to right."""

    def __init__(self, text: str) -> None:
        if len(text) > MAX_NOTATION_LENGTH:
            raise NotationError(
                f"the text is {len(text)} characters long, beyond the limit of "
                f"{MAX_NOTATION_LENGTH} (MAX_NOTATION_LENGTH)",
                path="text",
            )
        self.tokens = [_Span(match.group(), match.start()) for match in _TOKEN.finditer(text)]
        self.index = 0
        self.end = _Span("", len(text), at_end=True)

    def take(self, what: str, path: str | None) -> _Span:
        if self.index >= len(self.tokens):
            raise _expected(what, self.end, path)
        token = self.tokens[self.index]
        self.index += 1
        return token

    def rest(self) -> list[_Span]:
        rest = self.tokens[self.index :]
        self.index = len(self.tokens)
        return rest

    def finish(self) -> None:
        if self.index < len(self.tokens):
            raise _expected("end of text", self.tokens[self.index], None)


class _Reader:
    """Token readers that check names against a configuration when one is given."""

    def __init__(self, config: Config | None) -> None:
        if config is not None and not isinstance(config, Config):
            raise ArgumentError(f"not a Config: {config!r}", path="config")
        self.config = config
        self.names = frozenset(config.card_names) if config is not None else None
        self.size = config.size if config is not None else MAX_SIZE

    def card(self, span: _Span, path: str) -> str:
        if not _CARD.match(span.text):
            raise _expected("a card name (upper-case letters and digits, such as V2)", span, path)
        if self.names is not None and span.text not in self.names:
            assert self.config is not None
            names = ", ".join(self.config.card_names)
            raise _expected(f"a card of the deck ({names})", span, path, "R3")
        return span.text

    def cards(self, spans: Sequence[_Span], path: str) -> tuple[str, ...]:
        cards = tuple(self.card(span, f"{path}[{index}]") for index, span in enumerate(spans))
        if self.config is not None:
            seen: Counter[str] = Counter()
            for index, (card, span) in enumerate(zip(cards, spans, strict=True)):
                seen[card] += 1
                copies = self.config.copies(card)
                if seen[card] > copies:
                    raise NotationError(
                        f"{card} at column {span.column} is one copy more than the deck "
                        f"holds ({copies})",
                        column=span.column,
                        token=span.text,
                        path=f"{path}[{index}]",
                        rule="R3",
                    )
        return cards

    def card_list(self, span: _Span, path: str) -> tuple[str, ...]:
        if span.text == "-":
            return ()
        return self.cards(span.split(","), path)

    def cell(self, span: _Span, path: str) -> Cell:
        cell = Cell.parse(span.text) if _CELL.match(span.text) else None
        if cell is None or not cell.is_on(self.size):
            last = Cell(self.size - 1, self.size - 1).name
            what = "a cell" if self.config is None else f"a cell of the field (a1 to {last})"
            raise _expected(what, span, path, "R8")
        return cell

    @staticmethod
    def integer(span: _Span, path: str, what: str = "a number") -> int:
        if not _INT.match(span.text):
            raise _expected(what, span, path)
        return int(span.text)


# -- actions -----------------------------------------------------------------------------

# fmt: off
_SYNTAX: dict[type, tuple[str, tuple[str, ...]]] = {
    PlacePiece: ("place", ("cell",)), DiscardDown: ("discard", ("cards",)),
    Move: ("move", ("direction", "cards")), Push: ("push", ("direction", "cards")),
    EndMove: ("end", ()), SetGuard: ("set", ("orientation",)),
    PrepareGuard: ("guard", ("card",)), Attack: ("attack", ("cards",)), Pass: ("pass", ()),
    Defend: ("defend", ("cards",)), ActivateGuard: ("activate", ()), TakeDamage: ("take", ()),
    PrepareNewGuard: ("newguard", ("card",)), DeclineNewGuard: ("decline", ()),
    DefendCounter: ("answer", ("cards",)), Settle: ("settle", ("cards",)),
}
# fmt: on
"""Each action class: its keyword and the fields written after it, in order."""
_ACTIONS: dict[str, tuple[Callable[..., Action], tuple[str, ...]]] = {
    keyword: (kind, fields) for kind, (keyword, fields) in _SYNTAX.items()
}
_NO_CARDS = (Settle,)
"""The actions that may have no cards."""
_WORDS = {
    "cell": "a cell",
    "card": "a card name",
    "direction": "a direction (N, E, S, W)",
    "orientation": "an orientation (block, counter)",
}
"""What each field of an action is, for error messages."""


def _card_text(cards: tuple[str, ...], path: str) -> str:
    for index, card in enumerate(cards):
        if not isinstance(card, str) or not _CARD.match(card):
            raise NotationError(
                f"cannot write the card name {card!r}: names are upper-case letters and digits",
                path=f"{path}[{index}]",
            )
    return ",".join(cards) or "-"


def _cell_text(cell: Cell, path: str) -> str:
    if not isinstance(cell, Cell) or not all(
        isinstance(value, int) and 0 <= value < MAX_SIZE for value in (cell.x, cell.y)
    ):
        raise NotationError(f"cannot write the cell {cell!r}", path=path, rule="R8")
    return cell.name


def format_action(action: Action) -> str:
    """Write an action in notation, cards in canonical (sorted) order.

    Args:
        action: Any action.

    Returns:
        The canonical text, such as ``"attack V2 V2 X"``; [`parse_action`][guarda.parse_action]
        gives the
        action back.

    Raises:
        NotationError: If ``action`` is not an action, or holds something notation cannot
            express (no cards where one is needed, a malformed card name).

    Examples:
        >>> from guarda._actions import Attack, SetGuard
        >>> from guarda._geometry import Orientation
        >>> format_action(Attack(("X", "V2", "V2")))
        'attack V2 V2 X'
        >>> format_action(SetGuard(Orientation.DEFENSIVE))
        'set block'
    """
    if type(action) not in _SYNTAX:
        raise NotationError(f"not an action: {action!r}", path="action")
    keyword, fields = _SYNTAX[type(action)]
    words = [keyword]
    for name in fields:
        value = getattr(action, name)
        if name == "cell":
            words.append(_cell_text(value, name))
        elif name == "direction" and isinstance(value, Direction):
            words.append(value.value)
        elif name == "orientation" and isinstance(value, Orientation):
            words.append(_ORIENTATION_WORDS[value])
        elif name in ("direction", "orientation"):
            raise NotationError(f"not a {name}: {value!r}", path=name)
        elif name == "card":
            words.append(_card_text((value,), name))
        elif value or not isinstance(action, _NO_CARDS):
            if not value:
                raise NotationError(f"{keyword} needs at least one card", path=name)
            words.append(_card_text(tuple(sorted(value)), name).replace(",", " "))
    return " ".join(words)


def parse_action(text: str, config: Config | None = None) -> Action:
    """Read an action written in notation (see the module docstring for the grammar).

    Tokens are separated by spaces; cards may come in any order. With a configuration,
    card names must belong to its deck (no more copies than it holds) and cells to its
    field.

    Args:
        text: The action, such as ``"move N V1 V3"``.
        config: The ruleset to check names against, or None to check the shape only.

    Returns:
        The action.

    Raises:
        NotationError: If the text is not an action, naming the column and the token, or
            is longer than ``MAX_NOTATION_LENGTH``.

    Examples:
        >>> parse_action("attack X V2")
        Attack(cards=('V2', 'X'))
        >>> parse_action("push Q V1")
        Traceback (most recent call last):
        ...
        guarda.errors.NotationError: direction: expected a direction (N, E, S, W) at column 6, got 'Q' (R7)
    """  # noqa: E501
    if not isinstance(text, str):
        raise NotationError(f"expected a string, not {type(text).__name__}", path="text")
    reader = _Reader(config)
    tokens = _Tokens(text)
    what = f"an action ({', '.join(_ACTIONS)})"
    keyword = tokens.take(what, "action")
    if keyword.text not in _ACTIONS:
        raise _expected(what, keyword, "action")
    kind, fields = _ACTIONS[keyword.text]
    values: list[object] = []
    for name in fields:
        if name == "cards":
            spans = tokens.rest()
            if not spans and kind not in _NO_CARDS:
                spans = [tokens.take("a card name", "cards[0]")]
            values.append(reader.cards(spans, name))
            continue
        span = tokens.take(_WORDS[name], name)
        if name == "cell":
            values.append(reader.cell(span, name))
        elif name == "card":
            values.append(reader.card(span, name))
        elif name == "direction":
            if span.text not in ("N", "E", "S", "W"):
                raise _expected(_WORDS[name], span, name, "R7")
            values.append(Direction(span.text))
        else:
            if span.text not in _ORIENTATIONS:
                raise _expected(_WORDS[name], span, name, "R14")
            values.append(_ORIENTATIONS[span.text])
    tokens.finish()
    return kind(*values)
