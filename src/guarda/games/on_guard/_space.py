"""A fixed numbering of On Guard's actions for learning agents: ``Done`` is 0, ``Add(c)`` is ``c``.

Examples:
    >>> from guarda.games.on_guard import ActionSpace, Add, OnGuardConfig
    >>> space = ActionSpace(OnGuardConfig())
    >>> space.size, space.index_of(Add(13)), space.action_at(0)
    (15, 13, Done())
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from guarda.errors import ActionSpaceError, ArgumentError

from ._actions import Action, Add, Done
from ._config import OnGuardConfig
from ._legal import legal_actions
from ._state import OnGuardState
from ._views import OnGuardView

__all__ = ["ActionSpace"]

_SIZE: Final = 15


def _check_config(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, OnGuardConfig):
        raise ArgumentError(f"not an On Guard configuration: {value!r}", path="config")


@attrs.frozen
class ActionSpace:
    """The numbering of every action of a configuration: 15 numbers, the same for every tier.

    Attributes:
        config: The configuration numbered.

    Examples:
        >>> ActionSpace(OnGuardConfig()).action_at(14)
        Add(card=14)
    """

    config: OnGuardConfig = attrs.field(validator=_check_config)

    @property
    def size(self) -> int:
        """15: ``Done`` and one ``Add`` per card code."""
        return _SIZE

    def index_of(self, action: Action) -> int:
        """The number of ``action``.

        Raises:
            ActionSpaceError: If ``action`` is not an On Guard action.

        Examples:
            >>> ActionSpace(OnGuardConfig()).index_of(Done())
            0
        """
        if isinstance(action, Done):
            return 0
        if isinstance(action, Add):
            return action.card
        raise ActionSpaceError(f"not an On Guard action: {action!r}", path="action")

    def action_at(self, index: int) -> Action:
        """The action numbered ``index``.

        Raises:
            ActionSpaceError: If ``index`` is not an int in ``range(15)``.

        Examples:
            >>> ActionSpace(OnGuardConfig()).action_at(1)
            Add(card=1)
        """
        if type(index) is not int or not 0 <= index < _SIZE:
            raise ActionSpaceError(f"index must be an int in 0..14, not {index!r}", path="index")
        return Done() if index == 0 else Add(index)

    def legal_indices(self, position: OnGuardState | OnGuardView) -> tuple[int, ...]:
        """The numbers of the legal actions of a state or view, ascending.

        Raises:
            ArgumentError: If ``position`` is not an On Guard state or view.

        Examples:
            >>> from guarda.games.on_guard import ON_GUARD
            >>> state = ON_GUARD.new_game(OnGuardConfig(tier="stesso"), seed=1)
            >>> ActionSpace(OnGuardConfig(tier="stesso")).legal_indices(state)
            (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        """
        if isinstance(position, OnGuardView):
            legal = position.legal_actions
        elif isinstance(position, OnGuardState):
            legal = legal_actions(position)
        else:
            raise ArgumentError(f"not an On Guard state or view: {position!r}", path="position")
        return tuple(sorted(self.index_of(action) for action in legal))
