"""The action ids of Guarda in OpenSpiel: one fixed numbering of every action of a ruleset.

[`ActionSpace`][guarda.openspiel.ActionSpace] documents the numbering.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

import guarda
from guarda.errors import ArgumentError, ConfigurationError

__all__ = ["MAX_ACTIONS", "ActionSpace"]

MAX_ACTIONS: Final = 1 << 24
"""The most action ids a ruleset may have in OpenSpiel (16,777,216).

OpenSpiel allocates vectors of ``num_distinct_actions`` entries (legal action masks,
policies), so a larger space is refused rather than left to exhaust memory."""

_DIRECTIONS: Final = tuple(guarda.Direction)
_ORIENTATIONS: Final = (guarda.Orientation.OFFENSIVE, guarda.Orientation.DEFENSIVE)
_KINDS: Final = (
    guarda.PlacePiece,
    guarda.DiscardDown,
    guarda.Move,
    guarda.Push,
    guarda.EndMove,
    guarda.SetGuard,
    guarda.PrepareGuard,
    guarda.Attack,
    guarda.Pass,
    guarda.Defend,
    guarda.ActivateGuard,
    guarda.TakeDamage,
    guarda.PrepareNewGuard,
    guarda.DeclineNewGuard,
    guarda.DefendCounter,
    guarda.Settle,
)
"""The action kinds, in the order of their blocks."""
_CACHE_LIMIT: Final = 1 << 16
"""Actions whose ids an ActionSpace remembers before it starts over."""


class _Multisets:
    """Rank and unrank the multisets of card types with bounded copies and size."""

    def __init__(self, names: Sequence[str], copies: Sequence[int], limit: int) -> None:
        self.names = tuple(names)
        self.copies = tuple(copies)
        self.limit = limit
        self.position = {name: index for index, name in enumerate(self.names)}
        types = len(self.names)
        # below[i][r]: count vectors of types i.. with at most r cards in all
        below = [[1] * (limit + 1) for _ in range(types + 1)]
        for i in range(types - 1, -1, -1):
            below[i] = [
                sum(below[i + 1][left - k] for k in range(min(self.copies[i], left) + 1))
                for left in range(limit + 1)
            ]
        # skip[i][left][k]: how many multisets come before count k of type i
        self.skip = [
            [
                [sum(below[i + 1][left - j] for j in range(k)) for k in range(left + 2)]
                for left in range(limit + 1)
            ]
            for i in range(types)
        ]
        self.count = below[0][limit]

    def rank(self, cards: tuple[str, ...]) -> int | None:
        """The rank of a multiset, or None if it is not one of these multisets."""
        if len(cards) > self.limit:
            return None
        counts = Counter(cards)
        rank, left = 0, self.limit
        for index, name in enumerate(self.names):
            k = counts.pop(name, 0)
            if k > self.copies[index]:
                return None
            rank += self.skip[index][left][k]
            left -= k
        return None if counts else rank

    def unrank(self, rank: int) -> tuple[str, ...]:
        """The multiset of a rank (``0 <= rank < count``), cards sorted."""
        cards: list[str] = []
        left = self.limit
        for index, name in enumerate(self.names):
            steps = self.skip[index][left]
            k = 0
            while k < min(self.copies[index], left) and steps[k + 1] <= rank:
                k += 1
            rank -= steps[k]
            left -= k
            cards.extend([name] * k)
        return tuple(sorted(cards))


class ActionSpace:
    """The OpenSpiel action ids of one ruleset: every action as an integer, and back.

    OpenSpiel names an action by an integer from 0 to ``num_distinct_actions - 1``, the
    same integer for the same action in every state of a game. Guarda's actions are
    values (``Attack(("H1", "V2"))``), so an action space numbers them: the action kinds
    come in blocks, in the order of the table, and within a block the parameters are
    ranked.

    | block | parameters | ids |
    | --- | --- | --- |
    | `PlacePiece` | the cell, `y * size + x` | `size**2` |
    | `DiscardDown` | a card multiset | `M` |
    | `Move` | a direction (N, E, S, W), then a multiset of at most `size - 1` cards | `4 m` |
    | `Push` | as `Move` | `4 m` |
    | `EndMove` | none | 1 |
    | `SetGuard` | the orientation (offensive, defensive) | 2 |
    | `PrepareGuard` | the card type, in deck order | `T` |
    | `Attack` | a card multiset | `M` |
    | `Pass` | none | 1 |
    | `Defend` | a card multiset | `M` |
    | `ActivateGuard` | none | 1 |
    | `TakeDamage` | none | 1 |
    | `PrepareNewGuard` | the card type | `T` |
    | `DeclineNewGuard` | none | 1 |
    | `DefendCounter` | a card multiset | `M` |
    | `Settle` | a card multiset | `M` |

    A card multiset is a count for each of the deck's `T` card types (each at most the
    copies the deck holds), with at most `K` cards in all: the hand size or the opening
    hand, whichever is larger, plus 2. No hand ever holds more. After a player's Draw
    phase the hand holds at most the hand size; until their next Draw phase it can only
    grow by one guard returned by a critical block (a guard must be set again in its
    owner's Act phase before it can block again); and the Classic Draw phase draws one
    card before it trims the hand. `M` counts these multisets, `m` those of at most
    `min(K, size - 1)` cards (a move or a push never leaves the field). Multisets are
    ranked by their count vectors in deck order, lexicographically, so the empty
    multiset is 0 in every block, though only `Settle` may play no card.

    The numbering depends only on the field size, the deck, the hand size and the
    opening hand: every game of one edition (any number of players, any win condition)
    has the same ids.

    Args:
        config: The ruleset.

    Raises:
        ArgumentError: If ``config`` is not a [`Config`][guarda.Config].
        ConfigurationError: If the ruleset has more than
            [`MAX_ACTIONS`][guarda.openspiel.MAX_ACTIONS] action ids (large custom fields
            with large hands).

    Examples:
        >>> import guarda
        >>> space = ActionSpace(guarda.modern())
        >>> space.size
        261096
        >>> space.index(guarda.Attack(("V2", "H1")))
        83566
        >>> space.action(83566)
        Attack(cards=('H1', 'V2'))
        >>> space.index(guarda.EndMove()), space.action(0)
        (63881, PlacePiece(cell=Cell(x=0, y=0)))
    """

    __slots__ = (
        "_cache",
        "_few",
        "_kinds",
        "_many",
        "_starts",
        "config",
        "max_cards",
        "size",
    )

    config: guarda.Config
    """The ruleset."""
    max_cards: int
    """The most cards an action may name (``K`` above)."""
    size: int
    """The number of ids: OpenSpiel's ``num_distinct_actions``."""

    def __init__(self, config: guarda.Config) -> None:
        if not isinstance(config, guarda.Config):
            raise ArgumentError(f"not a Config: {config!r}", path="config")
        names = config.card_names
        copies = [config.copies(name) for name in names]
        cards = max(config.hand_size, config.opening_hand) + 2
        many = _Multisets(names, copies, cards)
        few = _Multisets(names, copies, min(cards, config.size - 1))
        cells, types = config.size * config.size, len(names)
        sizes: list[tuple[type[guarda.Action], int]] = [
            (guarda.PlacePiece, cells),
            (guarda.DiscardDown, many.count),
            (guarda.Move, len(_DIRECTIONS) * few.count),
            (guarda.Push, len(_DIRECTIONS) * few.count),
            (guarda.EndMove, 1),
            (guarda.SetGuard, len(_ORIENTATIONS)),
            (guarda.PrepareGuard, types),
            (guarda.Attack, many.count),
            (guarda.Pass, 1),
            (guarda.Defend, many.count),
            (guarda.ActivateGuard, 1),
            (guarda.TakeDamage, 1),
            (guarda.PrepareNewGuard, types),
            (guarda.DeclineNewGuard, 1),
            (guarda.DefendCounter, many.count),
            (guarda.Settle, many.count),
        ]
        total = sum(count for _, count in sizes)
        if total > MAX_ACTIONS:
            raise ConfigurationError(
                f"the ruleset {config.name!r} has {total:,} action ids, more than OpenSpiel "
                f"can use ({MAX_ACTIONS:,}): its actions name up to {cards} cards of "
                f"{types} types; use a smaller hand or fewer card types",
                path="config",
            )
        kinds: list[tuple[type[guarda.Action], int, int]] = []
        start = 0
        for kind, count in sizes:
            kinds.append((kind, start, count))
            start += count
        self.config = config
        self.max_cards = cards
        self.size = total
        self._many = many
        self._few = few
        self._kinds = tuple(kinds)
        self._starts = {kind: start for kind, start, _ in kinds}
        self._cache: dict[guarda.Action, int] = {}

    def __repr__(self) -> str:
        return f"ActionSpace({self.config.name!r}, size={self.size})"

    def __deepcopy__(self, memo: dict[int, object]) -> ActionSpace:
        return self  # immutable but for its cache: OpenSpiel copies it with every state

    def __reduce__(self) -> tuple[type[ActionSpace], tuple[guarda.Config]]:
        return ActionSpace, (self.config,)

    def blocks(self) -> tuple[tuple[type[guarda.Action], range], ...]:
        """Each action kind with the range of its ids, in id order.

        Examples:
            >>> import guarda
            >>> space = ActionSpace(guarda.grda())
            >>> dict(space.blocks())[guarda.SetGuard]
            range(4268, 4270)
        """
        return tuple((kind, range(start, start + count)) for kind, start, count in self._kinds)

    def index(self, action: guarda.Action) -> int:
        """The id of an action.

        Args:
            action: Any action of this ruleset (a legal one always has an id).

        Returns:
            Its id, from 0 to ``size - 1``.

        Raises:
            ArgumentError: If ``action`` is not an action, or names a cell, card or more
                cards than this ruleset's actions can (no legal action does).
        """
        try:
            known = self._cache.get(action)
        except TypeError:  # unhashable: not an action
            known = None
        if known is not None:
            return known
        if not isinstance(action, _KINDS):
            raise ArgumentError(f"not an action: {action!r}", path="action")
        found = self._index(action)
        if found is None:
            raise ArgumentError(
                f"{action!r} has no id in the action space of {self.config.name!r}: it names "
                f"a cell or cards of another ruleset, or more than {self.max_cards} cards",
                path="action",
            )
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[action] = found
        return found

    def _index(self, action: guarda.Action) -> int | None:
        start = self._starts[type(action)]
        config = self.config
        if isinstance(action, guarda.PlacePiece):
            cell = action.cell
            inside = 0 <= cell.x < config.size and 0 <= cell.y < config.size
            return start + cell.index(config.size) if inside else None
        if isinstance(action, guarda.Move | guarda.Push):
            rank = self._few.rank(action.cards)
            if rank is None:
                return None
            return start + _DIRECTIONS.index(action.direction) * self._few.count + rank
        if isinstance(action, guarda.SetGuard):
            return start + _ORIENTATIONS.index(action.orientation)
        if isinstance(action, guarda.PrepareGuard | guarda.PrepareNewGuard):
            position = self._many.position.get(action.card)
            return None if position is None else start + position
        if isinstance(
            action,
            guarda.DiscardDown
            | guarda.Attack
            | guarda.Defend
            | guarda.DefendCounter
            | guarda.Settle,
        ):
            rank = self._many.rank(action.cards)
            return None if rank is None else start + rank
        return start  # the kinds without parameters

    def action(self, index: int) -> guarda.Action:
        """The action of an id.

        Args:
            index: An id, from 0 to ``size - 1``.

        Returns:
            The action (legal or not: that depends on the state).

        Raises:
            ArgumentError: If ``index`` is not an integer from 0 to ``size - 1``.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise ArgumentError(
                f"not an action id of {self.config.name!r}: {index!r} (0 to {self.size - 1})",
                path="action",
            )
        for kind, start, count in self._kinds:
            if index < start + count:
                return self._action(kind, index - start)
        raise AssertionError("unreachable: the blocks cover every id")  # pragma: no cover

    def _action(self, kind: type[guarda.Action], offset: int) -> guarda.Action:
        config = self.config
        if kind is guarda.PlacePiece:
            return guarda.PlacePiece(guarda.Cell(offset % config.size, offset // config.size))
        if kind is guarda.Move or kind is guarda.Push:
            direction, rank = divmod(offset, self._few.count)
            return kind(_DIRECTIONS[direction], self._few.unrank(rank))
        if kind is guarda.SetGuard:
            return guarda.SetGuard(_ORIENTATIONS[offset])
        if kind is guarda.PrepareGuard or kind is guarda.PrepareNewGuard:
            return kind(self._many.names[offset])
        if kind in (
            guarda.DiscardDown,
            guarda.Attack,
            guarda.Defend,
            guarda.DefendCounter,
            guarda.Settle,
        ):
            return kind(self._many.unrank(offset))
        return kind()  # type: ignore[call-arg]
