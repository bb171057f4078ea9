"""Actions: one frozen class per rules decision.

An action does not name its player: it is always made by whoever must decide now
(``state.actor``), as a chess move is made by the side to move. Card arguments are
multisets of card names, stored sorted, so ``Attack(("V2", "H1"))`` equals
``Attack(("H1", "V2"))`` and a hand holding two ``V2`` gives one "attack with V2".

Each phase has its decisions (see [`guarda.Phase`][guarda.Phase]):

| Phase | Actions |
| --- | --- |
| `SETUP` | [PlacePiece][guarda.PlacePiece] |
| `DISCARD` | [DiscardDown][guarda.DiscardDown] |
| `MOVE` | [Move][guarda.Move], [Push][guarda.Push], [EndMove][guarda.EndMove] |
| `SET_GUARD` | [SetGuard][guarda.SetGuard] |
| `ACT` | [PrepareGuard][guarda.PrepareGuard], [Attack][guarda.Attack], [Pass][guarda.Pass] |
| `REACT` | [Defend][guarda.Defend], [ActivateGuard][guarda.ActivateGuard],
[TakeDamage][guarda.TakeDamage] |
| `NEW_GUARD` | [PrepareNewGuard][guarda.PrepareNewGuard],
[DeclineNewGuard][guarda.DeclineNewGuard] |
| `COUNTER` | [DefendCounter][guarda.DefendCounter], [TakeDamage][guarda.TakeDamage] |
| `SETTLE` | [Settle][guarda.Settle] |
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from guarda._cards import _NAME
from guarda._display import repr_svg
from guarda._geometry import Cell, Direction, Orientation
from guarda.errors import ParseError

__all__ = [
    "Action",
    "ActivateGuard",
    "Attack",
    "DeclineNewGuard",
    "Defend",
    "DefendCounter",
    "DiscardDown",
    "EndMove",
    "Move",
    "Pass",
    "PlacePiece",
    "PrepareGuard",
    "PrepareNewGuard",
    "Push",
    "SetGuard",
    "Settle",
    "TakeDamage",
]


_GOOD_NAMES: set[str] = set()
"""Card names already checked (bounded: it starts over past 4,096 names)."""


def _card_name(card: object, path: str) -> str:
    """``card`` if it can be a card name (upper-case letters and digits, as for a CardType)."""
    if card.__class__ is str and card in _GOOD_NAMES:
        return card
    if not isinstance(card, str) or not _NAME.match(card):
        raise ParseError(
            f"not a card name: {card!r} (upper-case letters and digits, starting with a letter)",
            path=path,
        )
    if len(_GOOD_NAMES) >= 4096:
        _GOOD_NAMES.clear()
    _GOOD_NAMES.add(card)
    return card


def card_multiset(cards: Iterable[str]) -> tuple[str, ...]:
    """Normalise card names to a sorted tuple (the canonical multiset).

    Raises:
        ParseError: If ``cards`` is a single string or holds something that cannot be a
            card name (``path`` names it, such as ``cards[1]``).

    Examples:
        >>> card_multiset(["V2", "H1"])
        ('H1', 'V2')
        >>> card_multiset(["V2", "v1"])
        Traceback (most recent call last):
        ...
        guarda.errors.ParseError: cards[1]: not a card name: 'v1' (upper-case letters and digits, starting with a letter)
    """  # noqa: E501
    if isinstance(cards, str):
        raise ParseError(
            f"cards must be a sequence of card names, not the string {cards!r}", path="cards"
        )
    try:
        result = tuple(cards)
    except TypeError:
        raise ParseError(
            f"cards must be a sequence of card names, not {cards!r}", path="cards"
        ) from None
    for index, card in enumerate(result):
        if card.__class__ is not str or card not in _GOOD_NAMES:
            _card_name(card, f"cards[{index}]")
    for index in range(1, len(result)):
        if result[index] < result[index - 1]:
            return tuple(sorted(result))
    return result


def _card(card: str) -> str:
    return _card_name(card, "card")


def _direction(value: Direction | str) -> Direction:
    """A [`Direction`][guarda.Direction], also from its letter (``"N"``)."""
    try:
        return Direction(value)
    except ValueError:
        raise ParseError(
            f"not a direction: {value!r} (use N, E, S or W)", path="direction", rule="R7"
        ) from None


def _orientation(value: Orientation | str) -> Orientation:
    """An [`Orientation`][guarda.Orientation], also from its value (``"defensive"``)."""
    try:
        return Orientation(value)
    except ValueError:
        raise ParseError(
            f"not an orientation: {value!r} (use offensive or defensive)",
            path="orientation",
            rule="R14",
        ) from None


def _cell(value: Cell | str) -> Cell:
    """A [`Cell`][guarda.Cell], also from its name (``"c3"``)."""
    if isinstance(value, Cell):
        return value
    if isinstance(value, str):
        return Cell.parse(value)
    raise ParseError(f"not a cell: {value!r}", path="cell", rule="R8")


@attrs.frozen(cache_hash=True)
class PlacePiece:
    """Setup: place your piece on a cell your setup cards allow (R9, R10)."""

    cell: Cell = attrs.field(converter=_cell)
    """Where to place the piece (a [`Cell`][guarda.Cell], or its name such as ``"c3"``)."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class DiscardDown:
    """Draw phase: discard these hand cards face down to reach the hand size (R12)."""

    cards: tuple[str, ...] = attrs.field(converter=card_multiset)
    """The cards to discard, exactly as many as the hand holds too many."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class Move:
    """Move phase: burn ``len(cards)`` cards to move that many cells in a direction (R13)."""

    direction: Direction = attrs.field(converter=_direction)
    """Which way to go (a [`Direction`][guarda.Direction], or its letter such as ``"N"``)."""
    cards: tuple[str, ...] = attrs.field(converter=card_multiset)
    """The cards to burn, one per cell."""

    @property
    def distance(self) -> int:
        """How many cells the piece moves."""
        return len(self.cards)

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class Push:
    """Move phase: burn cards to push the adjacent opponent in ``direction`` (R13).

    The opponent on the neighbouring cell in ``direction`` moves ``len(cards)`` cells
    further that way. The Move phase ends after a push.
    """

    direction: Direction = attrs.field(converter=_direction)
    """From the pusher toward the pushed opponent, and the way they go."""
    cards: tuple[str, ...] = attrs.field(converter=card_multiset)
    """The cards to burn, one per cell."""

    @property
    def distance(self) -> int:
        """How many cells the opponent moves."""
        return len(self.cards)

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class EndMove:
    """Move phase: end the phase (without a move, or after one)."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class SetGuard:
    """Act phase start: set your preparing guard in an orientation (R14).

    ``DEFENSIVE`` blocks when activated, ``OFFENSIVE`` counters.
    """

    orientation: Orientation = attrs.field(converter=_orientation)
    """How the guard is turned; secret from the other players."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class PrepareGuard:
    """Act phase: lay a hand card face down as a preparing guard (R14).

    An existing guard goes face down to the discard pile.
    """

    card: str = attrs.field(converter=_card)
    """The hand card to prepare."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class Attack:
    """Act phase: play one or more hand cards face up in attack orientation (R15)."""

    cards: tuple[str, ...] = attrs.field(converter=card_multiset)
    """The attack cards (at least one)."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class Pass:
    """Act phase: do nothing."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class Defend:
    """Reaction: play hand cards that cover your cell defensively (R19).

    Each card negates one damage; at most as many cards as damage.
    """

    cards: tuple[str, ...] = attrs.field(converter=card_multiset)
    """The defence cards (at least one)."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class ActivateGuard:
    """Reaction: reveal and activate your set guard: a block or a counter (R20)."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class TakeDamage:
    """Reaction, or answer to a counter: do not react; take the damage."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class PrepareNewGuard:
    """After a critical block: prepare a new guard from the hand at once (R20)."""

    card: str = attrs.field(converter=_card)
    """The hand card to prepare (the returned guard is in the hand again)."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class DeclineNewGuard:
    """After a critical block: keep the returned guard in the hand, prepare nothing."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class DefendCounter:
    """The attacker answers a counter with hand cards covering their cell (R20, R19)."""

    cards: tuple[str, ...] = attrs.field(converter=card_multiset)
    """The defence cards (at least one)."""

    _repr_svg_ = repr_svg


@attrs.frozen(cache_hash=True)
class Settle:
    """Settle phase: discard these hand cards face down (maybe none) and end the turn (R16)."""

    cards: tuple[str, ...] = attrs.field(default=(), converter=card_multiset)
    """Hand cards to discard face down."""

    _repr_svg_ = repr_svg


Action = (
    PlacePiece
    | DiscardDown
    | Move
    | Push
    | EndMove
    | SetGuard
    | PrepareGuard
    | Attack
    | Pass
    | Defend
    | ActivateGuard
    | TakeDamage
    | PrepareNewGuard
    | DeclineNewGuard
    | DefendCounter
    | Settle
)
"""Any action."""

ACTION_TYPES: tuple[type[Action], ...] = (
    PlacePiece,
    DiscardDown,
    Move,
    Push,
    EndMove,
    SetGuard,
    PrepareGuard,
    Attack,
    Pass,
    Defend,
    ActivateGuard,
    TakeDamage,
    PrepareNewGuard,
    DeclineNewGuard,
    DefendCounter,
    Settle,
)
"""Every action class, in a fixed order."""
