"""Which rulings of docs/rules.md a step of a game exercises, and which features a game has.

[step_rulings][guarda.conformance.step_rulings] looks at one step (the state before, the
action, the state after and the events) and names every ruling (``R1``-``R30``,
``P1``-``P21``) whose rule decided something in it. [step_kinds][guarda.conformance.step_kinds]
names the action and event kinds and the special situations (a critical block, loot
claimed by a push, ...) the generator uses to pick vectors that cover everything.
Uses only the public API.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import combinations

import guarda
from guarda import (
    Action,
    ActivateGuard,
    Attack,
    AttackDeclared,
    CardsBurned,
    CardsDiscarded,
    CardsDrawn,
    Config,
    DamageTaken,
    DealCommitted,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    Defended,
    DiscardDown,
    DiscardPileShuffled,
    DiscardReason,
    DrawRule,
    EliminationReason,
    EndMove,
    Event,
    Exhaustion,
    GameEnded,
    GameState,
    GuardActivated,
    GuardBroken,
    GuardDiscarded,
    GuardPrepared,
    GuardReturned,
    GuardSet,
    HealthRestored,
    KingOfTheHill,
    LootClaimed,
    LootDropped,
    Move,
    Orientation,
    OutcomeReason,
    Pass,
    Phase,
    PiecePlaced,
    PlacePiece,
    PlayerEliminated,
    PointsScored,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    SetupCardDrawn,
    SetupCardsDiscarded,
    Shuffle,
    StakeClaimed,
    StakesKind,
    TakeDamage,
    TurnEnded,
    TurnSettled,
    TurnStarted,
    Victory,
    rules,
)
from guarda.errors import ArgumentError

__all__ = [
    "RULINGS",
    "UNTESTABLE",
    "config_features",
    "config_rulings",
    "ruling_key",
    "step_kinds",
    "step_rulings",
]

RULINGS: tuple[str, ...] = (
    *(f"R{number}" for number in range(1, 31)),
    *(f"P{number}" for number in range(1, 24)),
)
"""Every ruling of docs/rules.md, in order."""

UNTESTABLE: dict[str, str] = {
    "P18": "limits a ruleset may not exceed: configurations are refused before any game, "
    "so no game can exercise them",
    "P23": "the commitment to the deals is the game's first event, made before any step; "
    "a port computes it with the formula of the rules reference, and verify_fair checks it",
}
"""Rulings no game can exercise, with the reason (the vectors cover every other one)."""

_RULING = re.compile(r"([RP])(\d+)\Z")

_REACTION_PHASES = (Phase.REACT, Phase.COUNTER, Phase.NEW_GUARD)


def ruling_key(ruling: str) -> tuple[int, int]:
    """Sort key of a ruling: ``R1`` .. ``R30`` first, then ``P1`` .. ``P21``.

    Examples:
        >>> sorted(["P2", "R10", "R9"], key=ruling_key)
        ['R9', 'R10', 'P2']
    """
    match = _RULING.match(ruling)
    if match is None:
        return (2, 0)
    return (0 if match.group(1) == "R" else 1, int(match.group(2)))


def _has_big_teams(config: Config) -> bool:
    return any(len(team) > 1 for team in config.teams)


def _is_preset(config: Config) -> bool:
    presets = {"Classic": guarda.classic, "Modern": guarda.modern, "Grda": guarda.grda}
    preset = presets.get(config.name)
    if preset is None:
        return False
    try:
        expected = preset(
            config.players,
            win=config.win,
            stakes=config.stakes,
            seats=config.seats,
            teams=config.teams,
            first_player=config.first_player,
            turn_limit=config.turn_limit,
            shuffle=config.shuffle,
        )
    except guarda.GuardaError:
        return False
    return expected == config


def config_features(config: Config) -> dict[str, object]:
    """The edition and variant of a ruleset, as JSON data for a vector's ``features``.

    Examples:
        >>> config_features(guarda.grda(players=3, win="victory"))["win"]
        'victory'
    """
    win = config.win
    return {
        "edition": config.name if _is_preset(config) else "custom",
        "size": config.size,
        "players": config.players,
        "win": {
            guarda.Elimination: "elimination",
            Victory: "victory",
            Exhaustion: "exhaustion",
            KingOfTheHill: "king-of-the-hill",
        }[type(win)],
        "stakes": config.stakes.kind.value,
        "teams": _has_big_teams(config),
        "turn_limit": config.turn_limit,
        "seats": "default" if config.seats == guarda.default_seats(config.players) else "custom",
        "first_player": config.first_player,
        "draw_rule": config.draw_rule.value,
        "guard_counts_toward_hand": config.guard_counts_toward_hand,
        # Only when not the default: the features of older vectors stay as they were.
        **({} if config.shuffle is Shuffle.SPLITMIX64 else {"shuffle": config.shuffle.value}),
    }


def config_rulings(config: Config, seed: int | None) -> set[str]:
    """The rulings a whole game of this ruleset (and seed) exercises whatever happens."""
    found = {"R28", "R29", "R30"}
    features = config_features(config)
    if config.name == "Grda":
        found.add("R1")
    if features["edition"] == "custom":
        found.add("R3")
    if config.seats != guarda.default_seats(config.players):
        found.add("P3")
    if config.stakes.kind is not StakesKind.NONE:
        found.add("P1")
    if seed is not None and not 0 <= seed < 2**64:
        found.add("P20")
    return found


def _cards_of(action: Action) -> tuple[str, ...]:
    cards = getattr(action, "cards", ())
    return cards if isinstance(cards, tuple) else ()


def _overlap_is_free(state: GameState, player: int) -> bool:
    """Whether two of the player's face-up setup cards overlap on a free cell (R9)."""
    taken = {p.position for p in state.players if p.position is not None}
    cards = state.players[player].in_play
    for first, second in combinations(range(len(cards)), 2):
        common = set(rules.covered_cells(state.config, player, cards[first])) & set(
            rules.covered_cells(state.config, player, cards[second])
        )
        if common - taken:
            return True
    return False


_ACTION_RULINGS: dict[type, tuple[str, ...]] = {
    PlacePiece: ("R8", "R9"),
    DiscardDown: ("R12",),
    Move: ("R7", "R13"),
    Push: ("R7", "R13"),
    EndMove: ("R13", "P13"),
    SetGuard: ("R14",),
    PrepareGuard: ("R14",),
    Attack: ("R5", "R15"),
    Pass: ("R14",),
    Defend: ("R6", "R19"),
    ActivateGuard: ("R20",),
    TakeDamage: ("R17",),
    PrepareNewGuard: ("R20",),
    DeclineNewGuard: ("R20",),
    DefendCounter: ("R6", "R20"),
    Settle: ("R16",),
}

_EVENT_RULINGS: dict[type, tuple[str, ...]] = {
    DealCommitted: ("P23",),
    SetupCardDrawn: ("R9",),
    PiecePlaced: ("R9",),
    SetupCardsDiscarded: ("R9", "P2"),
    TurnStarted: ("R4",),
    DiscardPileShuffled: ("R12", "P17"),
    CardsBurned: ("R13",),
    LootDropped: ("R26",),
    LootClaimed: ("R26",),
    GuardSet: ("R14",),
    GuardPrepared: ("R14",),
    GuardDiscarded: ("R14",),
    GuardBroken: ("R17", "R18"),
    Defended: ("R19",),
    GuardActivated: ("R20",),
    GuardReturned: ("R20",),
    HealthRestored: ("R20", "P15"),
    StakeClaimed: ("R26", "P5"),
    TurnSettled: ("R16",),
}


def _event_rulings(before: GameState, action: Action, event: Event, *, in_turn: bool) -> set[str]:
    """The rulings of one event; ``in_turn``: a turn started earlier in the same step."""
    config = before.config
    found = set(_EVENT_RULINGS.get(type(event), ()))
    match event:
        case TurnStarted(turn=turn) if turn == 1:
            found.add("R11")
        case CardsDrawn():
            found.add("R2" if before.phase is Phase.SETUP and not in_turn else "R12")
        case CardsDiscarded(reason=reason):
            found.add("R12" if reason is DiscardReason.DRAW else "R16")
        case LootClaimed() if isinstance(action, Push):
            found.add("P11")
        case AttackDeclared(targets=targets):
            found.update(("R15", "R17") if targets else ("R15",))
        case GuardActivated(orientation=orientation, is_critical=critical):
            if critical:
                found.add("R6" if orientation is Orientation.DEFENSIVE else "R5")
            if critical and orientation is Orientation.DEFENSIVE:
                found.add("P15")
            if not config.has_health and critical:
                found.add("R23")
        case DamageTaken():
            found.update(("R17", "R20") if before.phase is Phase.COUNTER else ("R17",))
        case PointsScored():
            found.update(("R23", "P4") if isinstance(config.win, Victory) else ("R25",))
        case PlayerEliminated(reason=reason):
            found.add("P22")  # from now on views show no hand and no guard for them
            if reason is EliminationReason.HEALTH:
                found.add("R22")
            else:
                found.add("R24")
                if before.phase is Phase.SETUP:
                    found.add("P16")
            if before.phase in _REACTION_PHASES:
                found.add("R21")
        case TurnEnded() if config.turn_limit is not None:
            found.add("R27")
    return found


def _outcome_rulings(before: GameState, after: GameState, events: Sequence[Event]) -> set[str]:
    outcome = after.outcome
    if outcome is None:
        return set()
    config = after.config
    found: set[str] = set()
    teams = _has_big_teams(config)
    match outcome.reason:
        case OutcomeReason.LAST_STANDING:
            found.add("R22")
        case OutcomeReason.ALL_OUT:
            found.add("R22")
            if teams:
                found.add("P14")
        case OutcomeReason.TARGET_REACHED:
            found.add("R23" if isinstance(config.win, Victory) else "R25")
            if outcome.is_draw and teams:
                found.add("P14")
        case OutcomeReason.TURN_LIMIT:
            found.add("R27")
            if teams:
                found.add("P19")
            if after.players[before.turn].is_out:
                found.add("P9")
    if teams and outcome.winners and any(after.players[p].is_out for p in outcome.winners):
        found.add("R22")
    if config.stakes.kind is not StakesKind.NONE:
        found.add("R26")
        if outcome.is_draw and config.stakes.kind is not StakesKind.SCAVENGER:
            found.add("P6")
    return found


def step_rulings(
    before: GameState, action: Action, after: GameState, events: Sequence[Event]
) -> tuple[str, ...]:
    """The rulings that decided something in one step: ``apply(before, action)``.

    Args:
        before: The state the action was played in.
        action: The action.
        after: The state it gave.
        events: The events it gave (unredacted).

    Returns:
        Rulings such as ``"R15"`` and ``"P12"``, sorted (R before P, by number).

    Examples:
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> action = guarda.legal_actions(state)[0]
        >>> after, events = guarda.apply(state, action)
        >>> step_rulings(state, action, after, events)[:3]
        ('R8', 'R9', 'P2')
    """
    if not isinstance(before, GameState) or not isinstance(after, GameState):
        raise ArgumentError("before and after must be game states", path="before")
    if type(action) not in _ACTION_RULINGS:
        raise ArgumentError(f"not an action: {action!r}", path="action")
    config = before.config
    found = set(_ACTION_RULINGS[type(action)])
    cards = _cards_of(action)
    if len(cards) > 1 and isinstance(action, (DiscardDown, Move, Push, Settle)):
        found.add("P7")
    if len(set(cards)) < len(cards):
        found.add("P8")
    actor = before.actor
    if (
        isinstance(action, PlacePiece)
        and actor is not None
        and not before.players[actor].draw_pile
        and not _overlap_is_free(before, actor)
    ):
        found.add("R10")
    if isinstance(action, TakeDamage):
        if before.phase is Phase.COUNTER:
            found.add("R20")
        if tuple(guarda.legal_actions(before)) == (TakeDamage(),):
            found.add("P12")
    in_turn = False
    for event in events:
        found.update(_event_rulings(before, action, event, in_turn=in_turn))
        in_turn = in_turn or isinstance(event, TurnStarted)
    if any(guarda.is_private(event) for event in events):
        found.add("R28")
    if config.draw_rule is DrawRule.FILL:
        found.update(_full_hand_rulings(events))
    if config.guard_counts_toward_hand and any(
        isinstance(e, (CardsDrawn, CardsDiscarded)) for e in events
    ):
        found.add("R12")
    if _attacker_out_with_cards(before, after, events):
        found.update(("R21", "P21"))
    found.update(_outcome_rulings(before, after, events))
    return tuple(sorted(found, key=ruling_key))


def _full_hand_rulings(events: Sequence[Event]) -> set[str]:
    """P10: under the Modern draw rule a turn started with a full hand draws nothing."""
    for index, event in enumerate(events):
        if isinstance(event, TurnStarted):
            rest = events[index + 1 :]
            drew = any(
                isinstance(e, (CardsDrawn, CardsDiscarded, PlayerEliminated))
                and e.player == event.player
                for e in rest
            )
            if not drew:
                return {"R12", "P10"}
    return set()


def _attacker_out_with_cards(before: GameState, after: GameState, events: Sequence[Event]) -> bool:
    """P21: the attacker went out in the middle of their own attack."""
    attack = before.attack
    if attack is None or before.phase not in _REACTION_PHASES:
        return False
    attacker = attack.attacker
    return bool(before.players[attacker].in_play) and any(
        isinstance(e, PlayerEliminated) and e.player == attacker for e in events
    )


def step_kinds(
    before: GameState, action: Action, after: GameState, events: Iterable[Event]
) -> set[str]:
    """The kinds of things a step shows, for picking vectors that cover every one.

    ``action:<class>``, ``event:<class>``, ``phase:<phase>`` and special situations such
    as ``guard:critical-block``, ``outcome:all-out`` or ``loot:claimed-by-push``.

    Examples:
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> action = guarda.legal_actions(state)[0]
        >>> after, events = guarda.apply(state, action)
        >>> sorted(step_kinds(state, action, after, events))[:2]
        ['action:PlacePiece', 'event:PiecePlaced']
    """
    events = tuple(events)
    kinds = {f"action:{type(action).__name__}", f"phase:{before.phase.value}"}
    for event in events:
        kinds.add(f"event:{type(event).__name__}")
        if isinstance(event, GuardActivated):
            how = "block" if event.orientation is Orientation.DEFENSIVE else "counter"
            kinds.add(f"guard:{'critical-' if event.is_critical else ''}{how}")
        if isinstance(event, PlayerEliminated):
            kinds.add(f"eliminated:{event.reason.value}")
        if isinstance(event, LootClaimed) and isinstance(action, Push):
            kinds.add("loot:claimed-by-push")
        if isinstance(event, GameEnded):
            outcome = after.outcome
            assert outcome is not None
            kinds.add(f"outcome:{outcome.reason.value}")
            kinds.add("outcome:draw" if outcome.is_draw else "outcome:win")
    if len(set(_cards_of(action))) < len(_cards_of(action)):
        kinds.add("cards:identical")
    for ruling in step_rulings(before, action, after, events):
        kinds.add(f"ruling:{ruling}")
    return kinds
