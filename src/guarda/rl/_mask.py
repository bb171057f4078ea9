"""The action mask of a position: the legal actions' numbers as a NumPy vector."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import guarda
from guarda.errors import ArgumentError

__all__ = ["action_mask"]


def action_mask(
    index: guarda.ActionIndex, position: guarda.GameState | guarda.PlayerView
) -> npt.NDArray[np.int8]:
    """A vector of ``len(index)`` bytes: 1 at the number of each legal action, else 0.

    The numbers are those of [`index.legal_indices`][guarda.ActionIndex.legal_indices]:
    the legal actions of a state, or of a view (none unless the viewer must decide now).
    It is the ``"action_mask"`` of a [`GuardaEnv`][guarda.rl.GuardaEnv] observation.

    Raises:
        ArgumentError: If ``index`` is not an [`ActionIndex`][guarda.ActionIndex], or
            ``position`` neither a state nor a view.
        ActionSpaceError: If a legal action has no number in ``index``.

    Examples:
        >>> import guarda
        >>> from guarda.rl import action_mask
        >>> index = guarda.ActionIndex(guarda.modern())
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> mask = action_mask(index, state)
        >>> int(mask.sum()) == len(guarda.legal_actions(state)), mask.dtype
        (True, dtype('int8'))
        >>> [guarda.format_action(index.action_at(n)) for n in mask.nonzero()[0]]
        ['place c5']
    """
    if not isinstance(index, guarda.ActionIndex):
        raise ArgumentError(f"not an ActionIndex: {index!r}", path="index")
    numbers = index.legal_indices(position)
    mask = np.zeros(index.size, dtype=np.int8)
    if numbers:
        mask[np.fromiter(numbers, dtype=np.intp, count=len(numbers))] = 1
    return mask
