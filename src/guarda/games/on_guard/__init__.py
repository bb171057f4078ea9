"""On Guard, the two-player fencing card game with a standard deck, behind guarda's game protocol.

Each player holds a suit's Ace to King, the Ace, 2 and 3 of the other suit of their
colour, and a Joker if the players like. Every turn both choose a secret combination of
action cards (with technique cards) and reveal them at once; Attack beating Parry scores
hits. See the rules page, *On Guard*, for every rule and ruling (OG1-OG16).

Examples:
    >>> import random
    >>> from guarda.games.on_guard import ON_GUARD, Add, Done
    >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
    >>> for action in (Add(4), Add(9), Done(), Add(3), Done()):
    ...     state, events = ON_GUARD.apply(state, action)
    >>> state.hits  # Attack 4 + 2 beats Parry 3: six hits
    (6, 0)
    >>> print(ON_GUARD.text(ON_GUARD.view(state, 1)).splitlines()[3])
    Last revealed: seat 0 4 9 | seat 1 3
"""

from guarda.games.on_guard._actions import Action, Add, Done
from guarda.games.on_guard._cards import (
    ACTION_CARDS,
    ATTACK,
    CARD_NAMES,
    CARDS,
    JACK,
    JOKER,
    KING,
    PARRY,
    QUEEN,
    SELECTION_ORDER,
    SUITS,
    TECHNIQUE_CARDS,
    card_name,
    is_action,
    starting_hand,
)
from guarda.games.on_guard._config import TIERS, OnGuardConfig
from guarda.games.on_guard._describe import describe_event
from guarda.games.on_guard._determinize import determinize
from guarda.games.on_guard._documents import (
    FORMAT,
    FORMAT_VERSION,
    KINDS,
    check_state,
    dumps,
    loads,
)
from guarda.games.on_guard._events import (
    BarrageBegan,
    BarrageRevealed,
    BoutEnded,
    CardSelected,
    Event,
    ExchangeScored,
    FinalAttackMade,
    GameWon,
    SelectionMade,
    SelectionsRevealed,
)
from guarda.games.on_guard._game import ON_GUARD, OnGuardGame
from guarda.games.on_guard._heuristic import OnGuardHeuristic
from guarda.games.on_guard._legal import choices, explain_illegal, legal_actions
from guarda.games.on_guard._notation import format_action, parse_action
from guarda.games.on_guard._pictures import svg, text
from guarda.games.on_guard._records import OnGuardRecord, replay
from guarda.games.on_guard._rules import (
    action_sum,
    after_appel,
    combined_attack,
    combined_parry,
    exchange_hits,
    ignored_card,
    sum_limit,
)
from guarda.games.on_guard._space import ActionSpace
from guarda.games.on_guard._state import PHASES, OnGuardState
from guarda.games.on_guard._transaction import apply, new_game, odds_seat
from guarda.games.on_guard._views import OnGuardView, view, visible_events

__all__ = [  # noqa: RUF022 - grouped by topic
    # The game behind the protocol
    "ON_GUARD",
    "OnGuardGame",
    # Configuration
    "OnGuardConfig",
    "TIERS",
    # Cards
    "ACTION_CARDS",
    "ATTACK",
    "CARDS",
    "CARD_NAMES",
    "JACK",
    "JOKER",
    "KING",
    "PARRY",
    "QUEEN",
    "SELECTION_ORDER",
    "SUITS",
    "TECHNIQUE_CARDS",
    "card_name",
    "is_action",
    "starting_hand",
    # State, actions and events
    "OnGuardState",
    "PHASES",
    "Action",
    "Add",
    "Done",
    "Event",
    "BarrageBegan",
    "BarrageRevealed",
    "BoutEnded",
    "CardSelected",
    "ExchangeScored",
    "FinalAttackMade",
    "GameWon",
    "SelectionMade",
    "SelectionsRevealed",
    "describe_event",
    # Playing
    "new_game",
    "odds_seat",
    "legal_actions",
    "choices",
    "explain_illegal",
    "apply",
    # Rule queries
    "action_sum",
    "after_appel",
    "combined_attack",
    "combined_parry",
    "exchange_hits",
    "ignored_card",
    "sum_limit",
    # What players know
    "OnGuardView",
    "view",
    "visible_events",
    "determinize",
    # Formats
    "FORMAT",
    "FORMAT_VERSION",
    "KINDS",
    "check_state",
    "dumps",
    "loads",
    "format_action",
    "parse_action",
    "ActionSpace",
    "svg",
    "text",
    # Records
    "OnGuardRecord",
    "replay",
    # Bots
    "OnGuardHeuristic",
]
