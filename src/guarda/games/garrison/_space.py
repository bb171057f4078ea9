"""A fixed numbering of every Garrison action a configuration can allow, for learning agents.

The numbering depends only on the number of players. In order: every upgrade (a heart or
club, then one or two diamonds), every trade, siege, fending off, rebuild (one to three
cards), discard, ending the turn, then the spies, cancelling and passing.

Examples:
    >>> from guarda.games.garrison import ActionSpace, EndTurn, GarrisonConfig
    >>> space = ActionSpace(GarrisonConfig())
    >>> space.action_at(space.index_of(EndTurn()))
    EndTurn()
"""

from __future__ import annotations

import functools
import itertools

import attrs

from guarda.errors import ActionSpaceError, ArgumentError
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
from guarda.games.garrison._cards import CARDS, CLUBS, DIAMONDS, HEARTS, SPADES
from guarda.games.garrison._config import GarrisonConfig
from guarda.games.garrison._legal import legal_actions
from guarda.games.garrison._state import GarrisonState
from guarda.games.garrison._views import GarrisonView

__all__ = ["ActionSpace"]


@functools.cache
def _actions(players: int) -> tuple[tuple[GarrisonAction, ...], dict[GarrisonAction, int]]:
    found: list[GarrisonAction] = []
    suits = [[c for c in CARDS if c // 13 == s] for s in range(4)]
    diamonds = suits[DIAMONDS]
    for card in suits[HEARTS] + suits[CLUBS]:
        for size in (1, 2):
            found.extend(Upgrade(card, pay) for pay in itertools.combinations(diamonds, size))
    found.extend(Trade(give, take) for give in CARDS for take in CARDS if give != take)
    found.extend(Besiege(card, t) for card in suits[SPADES] for t in range(players))
    found.extend(Fend(card, levy) for card in suits[SPADES] for levy in suits[SPADES])
    for size in (1, 2, 3):
        found.extend(Rebuild(cards) for cards in itertools.combinations(CARDS, size))
    found.extend(Discard(card) for card in CARDS)
    found.append(EndTurn())
    found.extend(Agitate(t) for t in range(players))
    for card in suits[HEARTS] + suits[CLUBS]:
        found.append(Smuggle(card))
    found.extend(Smuggle(card, t) for card in suits[SPADES] for t in range(players))
    found.append(ClearMarket())
    found.extend(Seduce(t, card) for t in range(players) for card in suits[HEARTS] + suits[CLUBS])
    found.append(Cancel())
    found.append(Pass())
    return tuple(found), {action: index for index, action in enumerate(found)}


@attrs.frozen
class ActionSpace:
    """The fixed numbering of Garrison's actions for one configuration.

    Satisfies [`guarda.game.ActionSpace`][guarda.game.ActionSpace].

    Examples:
        >>> ActionSpace(GarrisonConfig(players=3)).size
        30390
    """

    config: GarrisonConfig = attrs.field()
    """The configuration numbered."""

    @config.validator
    def _check(self, attribute: object, config: object) -> None:
        if not isinstance(config, GarrisonConfig):
            raise ArgumentError(f"not a Garrison configuration: {config!r}", path="config")

    @property
    def size(self) -> int:
        """How many numbers there are."""
        return len(_actions(self.config.players)[0])

    def index_of(self, action: GarrisonAction) -> int:
        """The number of ``action``.

        Raises:
            ActionSpaceError: If the configuration can never allow ``action``.
        """
        try:
            return _actions(self.config.players)[1][action]
        except (KeyError, TypeError):
            raise ActionSpaceError(
                f"no number for {action!r} at a table of {self.config.players}", path="action"
            ) from None

    def action_at(self, index: int) -> GarrisonAction:
        """The action numbered ``index``.

        Raises:
            ActionSpaceError: If ``index`` is not in ``range(size)``.
        """
        actions = _actions(self.config.players)[0]
        if type(index) is not int or not 0 <= index < len(actions):
            raise ActionSpaceError(f"no action numbered {index!r}", path="index")
        return actions[index]

    def legal_indices(self, position: GarrisonState | GarrisonView) -> tuple[int, ...]:
        """The numbers of the legal actions of a state or view, ascending.

        Raises:
            ArgumentError: If ``position`` is no Garrison state or view.
        """
        if isinstance(position, GarrisonView):
            legal = position.legal_actions
        elif isinstance(position, GarrisonState):
            legal = legal_actions(position)
        else:
            raise ArgumentError(
                f"not a Garrison state or view: {type(position).__name__}", path="position"
            )
        table = _actions(self.config.players)[1]
        return tuple(sorted(table[action] for action in legal))
