"""The action builder: pick an action the way a person does, one click at a time.

A flat list of legal actions is fine for a bot and useless for a person: a Classic hand
has 125 moves, a 9x9 field with 8 players over a thousand. An
[`ActionBuilder`][guarda.ActionBuilder] holds a partial choice and answers, at every
step, which choices are still open: first the kind of action (attack, move, ...), then
its parts in any order (cards one by one, a direction, a destination cell or a distance,
an orientation or a cell). Every choice it offers leads to at least one legal action, and
every legal action can be reached, so a frontend that offers only
[`choices`][guarda.ActionBuilder.choices] never offers an illegal click, and a
card-by-card picker is a loop.

A builder is immutable: [`choose`][guarda.ActionBuilder.choose] returns a new one,
[`back`][guarda.ActionBuilder.back] the one before. It reads the legal actions without
listing them, so the many card choices of a big hand cost nothing until looked at.

Examples:
    >>> import guarda
    >>> state = (
    ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
    ...     .player(0, position="b1", hand=("V2", "V2", "H5", "X"))
    ...     .player(1, position="b5")
    ...     .to_act(0, guarda.Phase.ACT)
    ...     .build()
    ... )
    >>> builder = guarda.ActionBuilder.from_view(guarda.view(state, 0))
    >>> [kind.__name__ for kind in builder.choices()]
    ['PrepareGuard', 'Attack', 'Pass']
    >>> builder = builder.choose(guarda.Attack).choose("V2")
    >>> builder.choices().cards, builder.is_complete
    (('H5', 'V2', 'X'), True)
    >>> builder = builder.choose("V2")
    >>> builder.action
    Attack(cards=('V2', 'V2'))
    >>> len(builder.completions())  # adding H5, X, or both
    4
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterator, Sequence
from typing import Any, overload

import attrs

from guarda import _multiset as multiset
from guarda._action_lists import LegalActions, Subsets
from guarda._actions import (
    ACTION_TYPES,
    Action,
    Move,
    PlacePiece,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
)
from guarda._engine import legal_actions
from guarda._geometry import Cell, Direction, Orientation
from guarda._legal import PHASE_RULES
from guarda._state import GameState
from guarda._view_checks import view_actions
from guarda._views import PlayerView
from guarda.errors import ArgumentError, IllegalActionError

__all__ = ["ActionBuilder", "Choice", "Choices", "Completions"]

Choice = type[Action] | str | Direction | Cell | Orientation | int
"""One click: an action class, a card name, a direction, a cell, an orientation or a
distance."""

_SINGLE = (PrepareGuard, PrepareNewGuard)
"""Kinds that play one card (their field is ``card``, not ``cards``)."""

_DIRECTED = (Move, Push)
"""Kinds that go in a direction, with a destination and a distance."""


@attrs.frozen
class _Family:
    """Legal actions of one kind alike but for their cards: ``kind([direction,] cards)``
    for every sub-multiset ``cards`` of ``zone`` with ``low`` to ``high`` cards, or the
    one action ``kind(fixed)``."""

    kind: type[Action]
    direction: Direction | None
    fixed: Cell | Orientation | None
    zone: tuple[str, ...]
    low: int
    high: int


def _family(action: Action) -> _Family:
    """The family of one listed action."""
    kind = type(action)
    if isinstance(action, PlacePiece):
        return _Family(kind, None, action.cell, (), 0, 0)
    if isinstance(action, SetGuard):
        return _Family(kind, None, action.orientation, (), 0, 0)
    if isinstance(action, _SINGLE):
        return _Family(kind, None, None, (action.card,), 1, 1)
    cards: tuple[str, ...] = getattr(action, "cards", ())
    direction: Direction | None = getattr(action, "direction", None)
    return _Family(kind, direction, None, cards, len(cards), len(cards))


def _families(actions: LegalActions) -> tuple[_Family, ...]:
    found: list[_Family] = []
    for part in actions.parts:
        if isinstance(part, Subsets):
            found.append(_Family(part.kind, part.direction, None, part.zone, part.low, part.high))
        else:
            found.extend(map(_family, part))
    return tuple(found)


def _make(family: _Family, cards: tuple[str, ...]) -> Action:
    kind: Any = family.kind
    action: Action
    if family.fixed is not None:
        action = kind(family.fixed)
    elif kind in _SINGLE:
        (card,) = cards
        action = kind(card)
    elif family.direction is not None:
        action = kind(family.direction, cards)
    elif family.high:
        action = kind(cards)
    else:
        action = kind()
    return action


class _Context:
    """What every builder of one decision shares: the actions' families, and the cell
    moves and pushes start from."""

    __slots__ = ("families", "kinds", "origin", "rule")

    def __init__(self, actions: LegalActions, origin: Cell | None, rule: str | None) -> None:
        self.families = _families(actions)
        self.kinds = tuple(dict.fromkeys(family.kind for family in self.families))
        self.origin = origin
        self.rule = rule

    def destination(self, kind: type[Action], direction: Direction, distance: int) -> Cell | None:
        """Where a move's piece, or a push's pushed piece, ends; None without an origin."""
        if self.origin is None:
            return None
        steps = distance + (kind is Push)
        dx, dy = direction.delta
        return Cell(self.origin.x + dx * steps, self.origin.y + dy * steps)


@attrs.frozen
class Choices:
    """The choices still open, grouped by what they are; iterating gives them all.

    Each choice leads to at least one legal action. Pass any of them to
    [`ActionBuilder.choose`][guarda.ActionBuilder.choose].
    """

    kinds: tuple[type[Action], ...] = ()
    """Action classes (before the kind is chosen), in the order of the legal actions."""
    cards: tuple[str, ...] = ()
    """Card names that may be added (one copy each time), sorted."""
    directions: tuple[Direction, ...] = ()
    """Directions of a move or a push."""
    cells: tuple[Cell, ...] = ()
    """Where to place the piece (setup), or where a move's piece or a push's pushed piece
    would end (a destination fixes the direction and the distance), sorted by row then
    column."""
    distances: tuple[int, ...] = ()
    """How far a move or a push goes (one card per cell), ascending."""
    orientations: tuple[Orientation, ...] = ()
    """How to set a guard."""

    def __iter__(self) -> Iterator[Choice]:
        return itertools.chain(
            self.kinds, self.cards, self.directions, self.cells, self.distances, self.orientations
        )

    def __len__(self) -> int:
        return sum(
            map(
                len,
                (
                    self.kinds,
                    self.cards,
                    self.directions,
                    self.cells,
                    self.distances,
                    self.orientations,
                ),
            )
        )

    def __contains__(self, choice: object) -> bool:
        return any(choice == item and type(choice) is type(item) for item in self)

    def __bool__(self) -> bool:
        return len(self) > 0


class Completions(Sequence[Action]):
    """The legal actions a partial choice can still become: a lazy, immutable sequence.

    Its length is counted, not listed; indexing computes the action at an index, so the
    completions of a big hand's attack cost nothing until looked at.
    """

    __slots__ = ("_parts", "_starts")

    def __init__(
        self, parts: list[tuple[_Family, tuple[str, ...], tuple[str, ...], int, int]]
    ) -> None:
        counted = []
        for family, chosen, rest, low, high in parts:
            counts = multiset.counts_by_size(rest)[low : high + 1]
            groups = (0, *itertools.accumulate(counts))
            counted.append((family, chosen, rest, low, groups))
        self._parts = tuple(counted)
        self._starts = (0, *itertools.accumulate(part[4][-1] for part in counted))

    def __len__(self) -> int:
        return self._starts[-1]

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if not isinstance(index, int):
            raise TypeError(f"indices must be integers or slices, not {type(index).__name__}")
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("completion index out of range")
        number = bisect.bisect_right(self._starts, index) - 1
        family, chosen, rest, low, groups = self._parts[number]
        offset = index - self._starts[number]
        group = bisect.bisect_right(groups, offset) - 1
        added = multiset.unrank(rest, low + group, offset - groups[group])
        return _make(family, multiset.add(chosen, added))

    def __iter__(self) -> Iterator[Action]:
        for family, chosen, rest, low, groups in self._parts:
            for size in range(low, low + len(groups) - 1):
                for added in multiset.of_size(rest, size):
                    yield _make(family, multiset.add(chosen, added))

    def __repr__(self) -> str:
        shown = ", ".join(repr(self[i]) for i in range(min(3, len(self))))
        more = f", ... ({len(self)} actions)" if len(self) > 3 else ""
        return f"Completions([{shown}{more}])"


class ActionBuilder:
    """A partial choice of an action, and the choices still open (immutable).

    Make one with [`from_view`][guarda.ActionBuilder.from_view] or
    [`from_state`][guarda.ActionBuilder.from_state]. First choose the kind (an action
    class such as [`Attack`][guarda.Attack]); then its parts, in any order: cards one by
    one (a card name, once per copy), a [`Direction`][guarda.Direction], a destination
    [`Cell`][guarda.Cell] or a distance (an ``int``) for a move or a push, an
    [`Orientation`][guarda.Orientation] to set a guard, a [`Cell`][guarda.Cell] to place
    the piece. [`choices`][guarda.ActionBuilder.choices] lists what may be chosen next;
    [`is_complete`][guarda.ActionBuilder.is_complete] says whether the choice so far is a
    legal action already (an attack with one card is, and may take more cards).

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H5", "X"))
        ...     .player(1, position="b3")
        ...     .to_act(0, guarda.Phase.MOVE)
        ...     .build()
        ... )
        >>> builder = guarda.ActionBuilder.from_state(state).choose(guarda.Move)
        >>> [str(cell) for cell in builder.choices().cells]
        ['a1', 'c1', 'd1', 'e1', 'b2']
        >>> builder = builder.choose(guarda.Cell.parse("d1"))
        >>> builder.choices().cards, builder.is_complete
        (('H5', 'V2', 'X'), False)
        >>> builder.choose("X").choose("V2").action
        Move(direction=<Direction.EAST: 'E'>, cards=('V2', 'X'))
    """

    __slots__ = (
        "_cache",
        "_cards",
        "_context",
        "_direction",
        "_distance",
        "_fixed",
        "_kind",
        "_previous",
        "_step",
    )

    _context: _Context
    _kind: type[Action] | None
    _cards: tuple[str, ...]
    _direction: Direction | None
    _distance: int | None
    _fixed: Cell | Orientation | None
    _previous: ActionBuilder | None
    _step: Choice | None
    _cache: dict[str, Any]

    def __init__(
        self, actions: LegalActions, *, origin: Cell | None = None, rule: str | None = None
    ) -> None:
        """A builder over any legal actions (``origin``: where moves and pushes start;
        ``rule``: the ruling to name when a choice is refused).

        Prefer [`from_view`][guarda.ActionBuilder.from_view] or
        [`from_state`][guarda.ActionBuilder.from_state], which know the origin.

        Raises:
            ArgumentError: If ``actions`` is not a [`LegalActions`][guarda.LegalActions]
                or ``origin`` not a cell.
        """
        if not isinstance(actions, LegalActions):
            raise ArgumentError(f"not a LegalActions: {type(actions).__name__}", path="actions")
        if origin is not None and not isinstance(origin, Cell):
            raise ArgumentError(f"not a Cell: {origin!r}", path="origin")
        self._set(_Context(actions, origin, rule), None, (), None, None, None, None, None)

    def _set(
        self,
        context: _Context,
        kind: type[Action] | None,
        cards: tuple[str, ...],
        direction: Direction | None,
        distance: int | None,
        fixed: Cell | Orientation | None,
        previous: ActionBuilder | None,
        step: Choice | None,
    ) -> None:
        setter = object.__setattr__
        setter(self, "_context", context)
        setter(self, "_kind", kind)
        setter(self, "_cards", cards)
        setter(self, "_direction", direction)
        setter(self, "_distance", distance)
        setter(self, "_fixed", fixed)
        setter(self, "_previous", previous)
        setter(self, "_step", step)
        setter(self, "_cache", {})

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    @classmethod
    def from_state(cls, state: GameState) -> ActionBuilder:
        """A builder for the decision of ``state.actor`` (none when the game is over).

        Raises:
            ArgumentError: If ``state`` is not a state.
        """
        if not isinstance(state, GameState):
            raise ArgumentError(f"not a GameState: {type(state).__name__}", path="state")
        actions = legal_actions(state)
        origin = None if state.actor is None else state.players[state.actor].position
        return cls(actions, origin=origin, rule=PHASE_RULES[state.phase])

    @classmethod
    def from_view(cls, view: PlayerView) -> ActionBuilder:
        """A builder for the viewer's decision: no choices unless the viewer must decide.

        Uses only what the view shows (R28); the legal actions are those of the view,
        read lazily for a big hand.

        Raises:
            ArgumentError: If ``view`` is not a view, or its counts of a player's cards do
                not make up the deck.
        """
        actions = view_actions(view)
        origin = None if view.player is None else view.players[view.player].position
        return cls(actions, origin=origin, rule=PHASE_RULES[view.phase])

    # -- the partial choice ----------------------------------------------------------

    @property
    def kind(self) -> type[Action] | None:
        """The action class chosen, or None yet."""
        return self._kind

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards chosen so far, sorted."""
        return self._cards

    @property
    def direction(self) -> Direction | None:
        """The direction chosen (or implied by a destination), or None."""
        return self._direction

    @property
    def distance(self) -> int | None:
        """The distance chosen (or implied by a destination), or None."""
        return self._distance

    @property
    def cell(self) -> Cell | None:
        """The cell chosen to place the piece, or the destination of a move or a push."""
        if isinstance(self._fixed, Cell):
            return self._fixed
        if self._kind in _DIRECTED and self._direction is not None and self._distance:
            return self._context.destination(self._kind, self._direction, self._distance)
        return None

    @property
    def orientation(self) -> Orientation | None:
        """The orientation chosen to set a guard, or None."""
        return self._fixed if isinstance(self._fixed, Orientation) else None

    @property
    def chosen(self) -> tuple[Choice, ...]:
        """Every choice made, in order (for a breadcrumb such as "Attack > V2 > H1")."""
        steps: list[Choice] = []
        builder: ActionBuilder | None = self
        while builder is not None and builder._step is not None:
            steps.append(builder._step)
            builder = builder._previous
        return tuple(reversed(steps))

    def back(self) -> ActionBuilder:
        """The builder before the last choice (this one at the start)."""
        return self if self._previous is None else self._previous

    # -- what the partial choice can become -----------------------------------------

    def _limits(self, family: _Family) -> tuple[int, int] | None:
        """The card counts a completion in ``family`` may have, or None if none fits."""
        if family.kind is not self._kind:
            return None
        if self._direction is not None and family.direction is not self._direction:
            return None
        if self._fixed is not None and family.fixed != self._fixed:
            return None
        low, high = family.low, family.high
        if self._distance is not None:
            if not low <= self._distance <= high:
                return None
            low = high = self._distance
        chosen = self._cards
        if len(chosen) > high or not multiset.contains(family.zone, chosen):
            return None
        return max(low, len(chosen)), high

    def _matching(self) -> list[tuple[_Family, int, int]]:
        found = self._cache.get("matching")
        if found is None:
            found = []
            for family in self._context.families:
                limits = self._limits(family)
                if limits is not None:
                    found.append((family, *limits))
            self._cache["matching"] = found
        return found

    def completions(self) -> Completions:
        """The legal actions this partial choice can still become (lazy; empty before a
        kind is chosen)."""
        chosen = self._cards
        parts = []
        for family, low, high in self._matching():
            rest = multiset.remove(family.zone, chosen)
            assert rest is not None
            parts.append((family, chosen, rest, low - len(chosen), high - len(chosen)))
        return Completions(parts)

    @property
    def is_complete(self) -> bool:
        """Whether the choice so far is a legal action as it stands."""
        return self.action is not None

    @property
    def action(self) -> Action | None:
        """The legal action the choice so far makes, or None while parts are missing."""
        if "action" not in self._cache:
            found = None
            count = len(self._cards)
            for family, low, _ in self._matching():
                if (
                    low == count
                    and (family.direction is None or self._direction is not None)
                    and (family.fixed is None or self._fixed is not None)
                ):
                    found = _make(family, self._cards)
                    break
            self._cache["action"] = found
        result: Action | None = self._cache["action"]
        return result

    def choices(self) -> Choices:
        """The choices still open: each leads to at least one legal action.

        Before the kind: the kinds. After it: the cards that may be added, and, until
        chosen, the directions, destinations and distances of a move or a push, the
        orientations of a guard, the cells to place the piece on.
        """
        found: Choices | None = self._cache.get("choices")
        if found is not None:
            return found
        found = Choices(kinds=self._context.kinds) if self._kind is None else self._open_parts()
        self._cache["choices"] = found
        return found

    def _open_parts(self) -> Choices:
        chosen = self._cards
        count = len(chosen)
        cards: set[str] = set()
        directions: dict[Direction, None] = {}
        cells: set[Cell] = set()
        distances: set[int] = set()
        fixed: dict[Cell | Orientation, None] = {}
        for family, low, high in self._matching():
            if high > count:
                rest = multiset.remove(family.zone, chosen)
                assert rest is not None
                cards.update(rest)
            if family.fixed is not None and self._fixed is None:
                fixed[family.fixed] = None
            direction = family.direction
            if direction is None:
                continue
            if self._direction is None:
                directions[direction] = None
            if self._distance is None:
                for distance in range(max(low, 1), high + 1):
                    distances.add(distance)
                    cell = self._context.destination(family.kind, direction, distance)
                    if cell is not None:
                        cells.add(cell)
        cells.update(cell for cell in fixed if isinstance(cell, Cell))
        return Choices(
            cards=tuple(sorted(cards)),
            directions=tuple(directions),
            cells=tuple(sorted(cells, key=lambda cell: (cell.y, cell.x))),
            distances=tuple(sorted(distances)),
            orientations=tuple(item for item in fixed if isinstance(item, Orientation)),
        )

    # -- choosing ---------------------------------------------------------------------

    def choose(self, choice: Choice) -> ActionBuilder:
        """This partial choice with one more part.

        Args:
            choice: One of [`choices`][guarda.ActionBuilder.choices]: an action class, a
                card name, a direction, a cell, an orientation or a distance.

        Returns:
            The new builder; this one is unchanged.

        Raises:
            ArgumentError: If ``choice`` is none of those kinds of value.
            IllegalActionError: If it is not open now: no legal action has it (``rule``
                names the phase's ruling, ``path`` is ``"choice"``).
        """
        if not isinstance(choice, (type, str, Direction, Cell, Orientation, int)) or (
            isinstance(choice, bool)
            or (isinstance(choice, type) and not issubclass(choice, ACTION_TYPES))
        ):
            raise ArgumentError(
                "a choice is an action class, a card name, a direction, a cell, an "
                f"orientation or a distance, not {choice!r}",
                path="choice",
            )
        if choice not in self.choices():
            raise IllegalActionError(self._refusal(choice), rule=self._context.rule, path="choice")
        kind, cards, direction = self._kind, self._cards, self._direction
        distance, fixed = self._distance, self._fixed
        if isinstance(choice, type):
            kind = choice
        elif isinstance(choice, Direction):
            direction = choice
        elif isinstance(choice, Orientation):
            fixed = choice
        elif isinstance(choice, str):
            cards = multiset.add(cards, (choice,))
        elif isinstance(choice, Cell) and kind in _DIRECTED:
            direction, distance = self._aim(choice)
        elif isinstance(choice, Cell):
            fixed = choice
        else:
            distance = choice
        made = object.__new__(ActionBuilder)
        made._set(self._context, kind, cards, direction, distance, fixed, self, choice)
        return made

    def _aim(self, cell: Cell) -> tuple[Direction, int]:
        """The direction and distance of the move or push that ends on ``cell``."""
        assert self._kind is not None
        for family, low, high in self._matching():
            if family.direction is not None:
                for distance in range(max(low, 1), high + 1):
                    if self._context.destination(self._kind, family.direction, distance) == cell:
                        return family.direction, distance
        raise AssertionError(f"{cell} was offered but no move ends there")  # pragma: no cover

    def _refusal(self, choice: Choice) -> str:
        shown = choice.__name__ if isinstance(choice, type) else str(choice)
        if self._kind is None:
            kinds = ", ".join(kind.__name__ for kind in self._context.kinds) or "nothing"
            return f"{shown} cannot be chosen now: choose the kind of action first ({kinds})"
        open_now = ", ".join(
            item.__name__ if isinstance(item, type) else str(item) for item in self.choices()
        )
        return (
            f"{shown} cannot be chosen after {' > '.join(self._names())}: "
            f"no legal action has it (open: {open_now or 'nothing more'})"
        )

    def _names(self) -> list[str]:
        return [item.__name__ if isinstance(item, type) else str(item) for item in self.chosen]

    def __repr__(self) -> str:
        return f"ActionBuilder({' > '.join(self._names()) or 'nothing chosen'})"
