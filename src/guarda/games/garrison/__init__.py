"""Garrison: build up your keep of hearts and clubs while levies besiege it.

A card game for 2 to 6 players with a 52-card deck and a Joker (the rules page, "Garrison",
explains it, with every ruling ``GA1``...). This package holds its whole rules engine
behind the [game protocol][guarda.game.Game]: the object
[`GARRISON`][guarda.games.garrison.GARRISON] (also registered in
[`guarda.games`][guarda.games]), and the functions and values it is made of.

Examples:
    >>> import random
    >>> from guarda.games.garrison import GARRISON, GarrisonConfig
    >>> state = GARRISON.new_game(GarrisonConfig(players=3, length="quick"), seed=4)
    >>> rng = random.Random(4)
    >>> while not GARRISON.is_over(state):
    ...     state, events = GARRISON.apply(state, rng.choice(GARRISON.legal_actions(state)))
    >>> sum(GARRISON.scores(state))
    1.0
"""

from __future__ import annotations

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
from guarda.games.garrison._cards import (
    AGITATOR,
    CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    SEDUCER,
    SMUGGLER,
    SPADES,
    SPIES,
    THUG,
    VALUES,
    card_name,
    is_card,
    parse_card,
    rank,
    suit,
    value,
)
from guarda.games.garrison._config import LENGTHS, TARGETS, GarrisonConfig
from guarda.games.garrison._deal import deal_key, new_game
from guarda.games.garrison._describe import describe_action, describe_event, long_name
from guarda.games.garrison._determinize import determinize
from guarda.games.garrison._documents import FORMAT, VERSION, dumps, loads
from guarda.games.garrison._events import (
    Agitated,
    Besieged,
    DeckReshuffled,
    DisasterStruck,
    Discarded,
    Drew,
    EndedTurn,
    FendedOff,
    GameEnded,
    GarrisonEvent,
    KeepFell,
    MarketCleared,
    MarketDealt,
    Passed,
    Rebuilt,
    Seduced,
    Smuggled,
    SpyCancelled,
    SpyPlayed,
    StartedTurn,
    Traded,
    Upgraded,
)
from guarda.games.garrison._game import GARRISON, GarrisonGame
from guarda.games.garrison._heuristic import GarrisonHeuristic
from guarda.games.garrison._legal import legal_actions
from guarda.games.garrison._notation import format_action, parse_action
from guarda.games.garrison._observe import observation_size, observe
from guarda.games.garrison._pictures import svg, text
from guarda.games.garrison._records import GarrisonRecord, replay
from guarda.games.garrison._rules import HAND_LIMIT, hand_value, payments, seat_order
from guarda.games.garrison._space import ActionSpace
from guarda.games.garrison._state import PHASES, GarrisonState, Keep, Pending, Phase
from guarda.games.garrison._transaction import apply
from guarda.games.garrison._views import GarrisonView, check_player, view, visible_events

__all__ = [  # noqa: RUF022 - grouped by topic
    # The game behind the protocol
    "GARRISON",
    "GarrisonGame",
    # Configuration
    "GarrisonConfig",
    "LENGTHS",
    "TARGETS",
    # Cards
    "CARDS",
    "SPADES",
    "HEARTS",
    "DIAMONDS",
    "CLUBS",
    "JOKER",
    "AGITATOR",
    "SEDUCER",
    "SMUGGLER",
    "THUG",
    "SPIES",
    "card_name",
    "parse_card",
    "is_card",
    "suit",
    "rank",
    "value",
    "VALUES",
    "long_name",
    # State
    "GarrisonState",
    "Keep",
    "Pending",
    "Phase",
    "PHASES",
    # Playing
    "new_game",
    "deal_key",
    "legal_actions",
    "apply",
    # Actions
    "GarrisonAction",
    "Upgrade",
    "Trade",
    "Besiege",
    "Fend",
    "Rebuild",
    "Discard",
    "EndTurn",
    "Agitate",
    "Smuggle",
    "ClearMarket",
    "Seduce",
    "Cancel",
    "Pass",
    # Events
    "GarrisonEvent",
    "StartedTurn",
    "MarketDealt",
    "DeckReshuffled",
    "Drew",
    "Upgraded",
    "Traded",
    "Besieged",
    "FendedOff",
    "Rebuilt",
    "Discarded",
    "SpyPlayed",
    "SpyCancelled",
    "Passed",
    "Agitated",
    "Smuggled",
    "MarketCleared",
    "Seduced",
    "DisasterStruck",
    "KeepFell",
    "EndedTurn",
    "GameEnded",
    # Rule queries
    "HAND_LIMIT",
    "hand_value",
    "payments",
    "seat_order",
    # What players know
    "GarrisonView",
    "view",
    "visible_events",
    "check_player",
    "determinize",
    "observe",
    "observation_size",
    # Formats
    "dumps",
    "loads",
    "FORMAT",
    "VERSION",
    "format_action",
    "parse_action",
    "describe_action",
    "describe_event",
    "ActionSpace",
    "svg",
    "text",
    # Records
    "GarrisonRecord",
    "replay",
    # Bots
    "GarrisonHeuristic",
]
