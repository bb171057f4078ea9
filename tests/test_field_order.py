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
from guarda._state import append_events, make_player, make_state

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


def test_the_engine_makers_build_what_the_constructors_build() -> None:
    # make_state and make_player set the fields as attrs' __init__ does (without the
    # configuration check of a GameState): equal values, equal hashes, still frozen.
    state = guarda.new_game(guarda.modern(players=3), seed=5)
    player = state.players[1]
    values = [getattr(player, name) for name in FIELDS["PlayerState"]]
    made_player = make_player(*values)
    assert type(made_player) is guarda.PlayerState
    assert made_player == guarda.PlayerState(*values) and hash(made_player) == hash(player)
    made = make_state(*(getattr(state, name) for name in FIELDS["GameState"]))
    assert type(made) is guarda.GameState and made == state and hash(made) == hash(state)
    assert repr(made) == repr(state)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.turn = 2  # type: ignore[misc]
    events = state.log.to_tuple()[:2]
    node = append_events(state.log, events)
    assert type(node) is guarda.EventLog and node == guarda.EventLog(events, state.log)
    assert len(node) == len(state.log) + 2 and hash(node) == hash(
        guarda.EventLog(events, state.log)
    )
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        node.size = 0
