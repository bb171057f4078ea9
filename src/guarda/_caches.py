"""One switch for every cache guarda keeps: [`clear_caches`][guarda.clear_caches].

Every cache is bounded, so a long-running process never grows without limit; clearing
them only costs recomputation. Values (states, configurations, actions) stay valid.
"""

from __future__ import annotations

from guarda import _config_text, _geometry, _log_text, _multiset
from guarda._legal import clear_action_caches
from guarda._tables import clear_tables
from guarda._views import clear_view_caches

__all__ = ["clear_caches"]


def clear_caches() -> None:
    """Empty guarda's caches: rule tables, listed actions, card multisets, geometry, views,
    written rulesets and written event logs.

    Every cache is bounded, so this is never needed for memory to stay bounded; call it
    to give memory back after playing many different configurations, or in a benchmark.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> guarda.clear_caches()
        >>> len(guarda.legal_actions(state)) > 0
        True
    """
    clear_action_caches()
    clear_tables()
    _multiset.clear_caches()
    _geometry.clear_caches()
    clear_view_caches()
    _config_text.clear()
    _log_text.clear()
