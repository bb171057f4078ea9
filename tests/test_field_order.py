"""Hot paths build values positionally: their field order is pinned here.

The transaction builds player states, pending attacks, the events and the actions with
positional arguments, because keyword arguments cost time on every step. Inserting or
reordering a field would then silently swap two values of the same type; this test makes
such a change fail loudly, so the constructor calls are checked with it.
"""

from __future__ import annotations

import attrs
import pytest

import guarda
from guarda._actions import ACTION_TYPES
from guarda._events import EVENT_TYPES

FIELDS: dict[str, tuple[str, ...]] = {
    "GameState": (
        "config",
        "phase",
        "turn",
        "actor",
        "players",
        "rng",
        "turn_number",
        "turns_ended",
        "has_moved",
        "attack",
        "loot",
        "pot",
        "first_placed",
        "outcome",
        "log",
    ),
    "PlayerState": (
        "draw_pile",
        "hand",
        "guard",
        "discard_known",
        "discard_hidden",
        "in_play",
        "position",
        "health",
        "points",
        "is_out",
        "winnings",
    ),
    "PendingAttack": (
        "attacker",
        "cards",
        "defender",
        "damage",
        "waiting",
        "counter",
        "defender_damage",
    ),
    "Guard": ("card", "status", "orientation"),
    "Outcome": ("reason", "winners", "winning_team", "drawn", "health", "points", "payouts"),
    "DealCommitted": ("commitment",),
    "SetupCardDrawn": ("player", "card"),
    "PiecePlaced": ("player", "cell"),
    "SetupCardsDiscarded": ("player", "count"),
    "TurnStarted": ("player", "turn"),
    "CardsDrawn": ("player", "count", "cards"),
    "DiscardPileShuffled": ("player", "count"),
    "CardsDiscarded": ("player", "count", "cards", "reason"),
    "CardsBurned": ("player", "count", "cards"),
    "PieceMoved": ("player", "origin", "destination"),
    "PiecePushed": ("pusher", "player", "origin", "destination"),
    "LootClaimed": ("player", "cell", "amount"),
    "LootDropped": ("player", "cell", "amount"),
    "GuardSet": ("player", "orientation"),
    "GuardPrepared": ("player", "card"),
    "GuardDiscarded": ("player", "card"),
    "AttackDeclared": ("player", "cards", "targets"),
    "Passed": ("player",),
    "GuardBroken": ("player", "card"),
    "Defended": ("player", "cards", "against"),
    "GuardActivated": ("player", "card", "orientation", "is_critical"),
    "GuardReturned": ("player", "card"),
    "DamageTaken": ("player", "amount", "source", "health"),
    "HealthRestored": ("player", "amount", "health"),
    "PointsScored": ("player", "amount", "points"),
    "PlayerEliminated": ("player", "reason"),
    "StakeClaimed": ("player", "source", "amount"),
    "TurnSettled": ("player", "cards"),
    "TurnEnded": ("player", "turns_ended"),
    "GameEnded": ("winners", "drawn"),
    "PlacePiece": ("cell",),
    "DiscardDown": ("cards",),
    "Move": ("direction", "cards"),
    "Push": ("direction", "cards"),
    "EndMove": (),
    "SetGuard": ("orientation",),
    "PrepareGuard": ("card",),
    "Attack": ("cards",),
    "Pass": (),
    "Defend": ("cards",),
    "ActivateGuard": (),
    "TakeDamage": (),
    "PrepareNewGuard": ("card",),
    "DeclineNewGuard": (),
    "DefendCounter": ("cards",),
    "Settle": ("cards",),
}

CLASSES = {
    cls.__name__: cls
    for cls in (
        guarda.GameState,
        guarda.PlayerState,
        guarda.PendingAttack,
        guarda.Guard,
        guarda.Outcome,
        *EVENT_TYPES,
        *ACTION_TYPES,
    )
}


def test_every_value_class_is_pinned() -> None:
    assert set(CLASSES) == set(FIELDS)


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_field_order_is_pinned(name: str) -> None:
    assert tuple(field.name for field in attrs.fields(CLASSES[name])) == FIELDS[name]
