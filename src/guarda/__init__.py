"""guarda: the rules of the tactical card game Guarda, as an immutable, typed library.

Examples:
    >>> import guarda
    >>> import random
    >>> state = guarda.new_game(guarda.modern(players=2), seed=7)
    >>> choose = random.Random(7)
    >>> while not state.is_over:
    ...     state, events = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    >>> state.outcome is not None
    True
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from guarda import game, rules
from guarda._action_index import MAX_ACTIONS, ActionBlock, ActionIndex
from guarda._action_lists import LegalActions
from guarda._actions import (
    Action,
    ActivateGuard,
    Attack,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    DiscardDown,
    EndMove,
    Move,
    Pass,
    PlacePiece,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    TakeDamage,
)
from guarda._builder import ActionBuilder, Choices, Completions
from guarda._caches import clear_caches
from guarda._cards import CardType, DeckEntry, all_card, line_cards, x_card
from guarda._config import (
    Config,
    DrawRule,
    Elimination,
    Exhaustion,
    KingOfTheHill,
    PresetOptions,
    Scoring,
    Shuffle,
    Stakes,
    StakesKind,
    Victory,
    WinCondition,
    classic,
    custom,
    default_hill,
    default_seats,
    grda,
    modern,
)
from guarda._consistency import check_state
from guarda._describe import describe_action
from guarda._determinize import determinize
from guarda._display import set_svg_renderer
from guarda._documents import dumps, loads
from guarda._engine import apply, is_legal, legal_actions, new_game, verify
from guarda._events import (
    AttackDeclared,
    CardsBurned,
    CardsDiscarded,
    CardsDrawn,
    DamageTaken,
    DealCommitted,
    Defended,
    DiscardPileShuffled,
    DiscardReason,
    EliminationReason,
    Event,
    GameEnded,
    GuardActivated,
    GuardBroken,
    GuardDiscarded,
    GuardPrepared,
    GuardReturned,
    GuardSet,
    HealthRestored,
    LootClaimed,
    LootDropped,
    Passed,
    PieceMoved,
    PiecePlaced,
    PiecePushed,
    PlayerEliminated,
    PointsScored,
    SetupCardDrawn,
    SetupCardsDiscarded,
    StakeClaimed,
    TurnEnded,
    TurnSettled,
    TurnStarted,
    describe,
    is_private,
    visible_event,
)
from guarda._fairness import verify_fair
from guarda._geometry import Cell, Direction, Geometry, Orientation, Side
from guarda._history import (
    Decision,
    NumberedEvent,
    decisions,
    events_since_decision,
    events_since_turn,
    numbered_events,
)
from guarda._notation import format_action, parse_action
from guarda._position import PlayerSetup, PositionBuilder
from guarda._position_notation import (
    PositionSummary,
    format_position,
    format_view,
    parse_position,
    parse_view,
)
from guarda._records import (
    GameRecord,
    Recorder,
    SeatRecord,
    final_state,
    record_game,
    replay,
    seat_record,
)
from guarda._state import (
    EventLog,
    GameState,
    Guard,
    GuardStatus,
    Outcome,
    OutcomeReason,
    PendingAttack,
    Phase,
    PlayerState,
)
from guarda._view_checks import verify_view
from guarda._views import PlayerView, PublicPlayer, view, visible_events
from guarda.errors import (
    ActionSpaceError,
    AgentError,
    AgentMessageError,
    AgentTimeoutError,
    ArgumentError,
    ConfigurationError,
    DocumentError,
    FairnessError,
    GuardaError,
    IllegalActionError,
    MessageError,
    NotationError,
    ParseError,
    PositionError,
    ReplayError,
    SecretsError,
    UnsupportedVersionError,
)

try:
    __version__ = version("guarda")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [  # noqa: RUF022 - grouped by topic, in the order of the API reference
    # Playing a game
    "new_game",
    "legal_actions",
    "apply",
    "verify",
    "is_legal",
    "LegalActions",
    "clear_caches",
    # Configuration
    "Config",
    "classic",
    "modern",
    "grda",
    "custom",
    "PresetOptions",
    "WinCondition",
    "Elimination",
    "Exhaustion",
    "Victory",
    "KingOfTheHill",
    "Scoring",
    "DrawRule",
    "Stakes",
    "StakesKind",
    "Shuffle",
    "default_hill",
    "default_seats",
    # Cards and the field
    "CardType",
    "DeckEntry",
    "all_card",
    "line_cards",
    "x_card",
    "Cell",
    "Direction",
    "Orientation",
    "Side",
    "Geometry",
    # State
    "GameState",
    "PlayerState",
    "Guard",
    "GuardStatus",
    "PendingAttack",
    "Phase",
    "Outcome",
    "OutcomeReason",
    "EventLog",
    # Actions
    "Action",
    "PlacePiece",
    "SetGuard",
    "Settle",
    "Move",
    "EndMove",
    "Push",
    "Attack",
    "PrepareGuard",
    "ActivateGuard",
    "PrepareNewGuard",
    "DeclineNewGuard",
    "Pass",
    "Defend",
    "DefendCounter",
    "TakeDamage",
    "DiscardDown",
    # Events
    "Event",
    "describe",
    "is_private",
    "visible_event",
    "DealCommitted",
    "SetupCardDrawn",
    "SetupCardsDiscarded",
    "PiecePlaced",
    "GuardSet",
    "TurnStarted",
    "TurnSettled",
    "PieceMoved",
    "PiecePushed",
    "AttackDeclared",
    "Defended",
    "DamageTaken",
    "GuardPrepared",
    "GuardActivated",
    "GuardBroken",
    "GuardReturned",
    "GuardDiscarded",
    "HealthRestored",
    "CardsDrawn",
    "CardsDiscarded",
    "CardsBurned",
    "DiscardPileShuffled",
    "DiscardReason",
    "LootDropped",
    "LootClaimed",
    "PointsScored",
    "StakeClaimed",
    "Passed",
    "PlayerEliminated",
    "EliminationReason",
    "TurnEnded",
    "GameEnded",
    # Views
    "view",
    "visible_events",
    "PlayerView",
    "PublicPlayer",
    "determinize",
    # Rule queries
    "rules",
    # The game protocol
    "game",
    # Frontends
    "ActionBuilder",
    "Choices",
    "Completions",
    "describe_action",
    "verify_view",
    "decisions",
    "Decision",
    "numbered_events",
    "NumberedEvent",
    "events_since_turn",
    "events_since_decision",
    # Positions
    "PositionBuilder",
    "PlayerSetup",
    "check_state",
    # Notation
    "format_action",
    "parse_action",
    "format_position",
    "parse_position",
    "format_view",
    "parse_view",
    "PositionSummary",
    # Action index
    "ActionIndex",
    "ActionBlock",
    "MAX_ACTIONS",
    # Saving, loading and records
    "dumps",
    "loads",
    "GameRecord",
    "SeatRecord",
    "Recorder",
    "record_game",
    "render",
    "replay",
    "final_state",
    "seat_record",
    "verify_fair",
    # Errors
    "GuardaError",
    "ArgumentError",
    "ConfigurationError",
    "IllegalActionError",
    "PositionError",
    "ParseError",
    "NotationError",
    "DocumentError",
    "UnsupportedVersionError",
    "SecretsError",
    "ReplayError",
    "FairnessError",
    "ActionSpaceError",
    "AgentError",
    "AgentMessageError",
    "AgentTimeoutError",
    "MessageError",
    # Pictures in notebooks
    "set_svg_renderer",
    # The version
    "__version__",
]
