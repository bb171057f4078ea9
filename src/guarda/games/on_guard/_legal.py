"""On Guard's legal actions in a fixed order: each ``Add`` in selection order, then ``Done``.

Examples:
    >>> from guarda.games.on_guard import ON_GUARD, legal_actions
    >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
    >>> [ON_GUARD.format_action(a) for a in legal_actions(state)][:5]
    ['J', 'Q', 'K', 'A', '2']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from ._actions import Action, Add, Done
from ._cards import SELECTION_ORDER, is_action
from ._config import OnGuardConfig
from ._rules import action_sum, sum_limit
from ._state import OnGuardState

__all__ = ["choices", "explain_illegal", "legal_actions"]

_KEY: Final[dict[int, int]] = {card: index for index, card in enumerate(SELECTION_ORDER)}
_DONE: Final = Done()
_ADD: Final[dict[int, Add]] = {card: Add(card) for card in SELECTION_ORDER}
# The last state asked about and its actions, one tuple so threads never see a torn pair:
# a playout asks twice per state (the player, then apply's legality check).
_last: list[tuple[object, tuple[Action, ...]]] = [(None, ())]


def choices(
    config: OnGuardConfig, phase: str, hand: Sequence[int], selection: Sequence[int]
) -> tuple[Action, ...]:
    """The legal actions of a seat holding ``hand`` with ``selection`` made so far.

    Examples:
        >>> from guarda.games.on_guard import OnGuardConfig
        >>> choices(OnGuardConfig(), "final", (1, 9, 10, 12), (10,))
        (Done(),)
    """
    return _choices(config, phase, tuple(hand), tuple(selection))


@lru_cache(maxsize=65536)
def _choices(
    config: OnGuardConfig, phase: str, hand: tuple[int, ...], selection: tuple[int, ...]
) -> tuple[Action, ...]:
    last = _KEY[selection[-1]] if selection else -1
    if phase == "barrage":
        return tuple(_ADD[card] for card in sorted(set(hand)) if is_action(card))
    techniques = phase == "bout" and config.techniques
    total = action_sum(selection)
    limit = sum_limit(selection) if phase == "bout" else 13
    adds: list[Action] = [
        _ADD[card]
        for card in sorted(set(hand), key=_KEY.__getitem__)
        if _KEY[card] >= last and (total + card <= limit if is_action(card) else techniques)
    ]
    if phase == "final" or any(is_action(card) for card in selection):
        adds.append(_DONE)
    return tuple(adds)


def legal_actions(state: OnGuardState) -> tuple[Action, ...]:
    """Every legal action of the seat that decides, in the fixed order (empty when over).

    Examples:
        >>> from guarda.games.on_guard import ON_GUARD, Done
        >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
        >>> Done() in legal_actions(state)  # at least one action card first
        False
    """
    last = _last[0]
    if last[0] is state:
        return last[1]
    actor = state.actor
    if actor is None:
        return ()
    found = _choices(state.config, state.phase, state.hands[actor], state.selections[actor])
    _last[0] = (state, found)
    return found


def explain_illegal(state: OnGuardState, action: Action) -> tuple[str, str] | None:
    """Why ``action`` is illegal in ``state``, as ``(rule, message)``, or None if legal.

    Examples:
        >>> from guarda.games.on_guard import ON_GUARD, Done
        >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
        >>> explain_illegal(state, Done())
        ('OG3', 'a selection needs at least one action card')
    """
    if action in legal_actions(state):
        return None
    actor = state.actor
    if actor is None:
        return "OG16", "the game is over"
    hand, selection = state.hands[actor], state.selections[actor]
    if isinstance(action, Done):
        if state.phase == "barrage":
            return "OG9", "a Barrage selection is one action card, chosen with Add"
        return "OG3", "a selection needs at least one action card"
    card = action.card
    if card not in hand:
        return "OG14", f"card {card} is not in the hand"
    if not is_action(card):
        if state.phase == "final":
            return "OG8", "no technique cards in a Final Attack"
        return "OG9", "only action cards in the Barrage"
    if selection and _KEY[card] < _KEY[selection[-1]]:
        return "OG14", "cards are added in selection order: techniques, then Ace to 10"
    limit = sum_limit(selection) if state.phase == "bout" else 13
    return "OG3", f"the action cards would add up to more than {limit}"
