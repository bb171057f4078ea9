"""The values a step of the engine makes: events, guards, pending attacks and changed
players, made by makers ([guarda._construct][]).

Typed like the classes and several times cheaper to call: the engine's values are already
what the classes keep, so no converter runs. ``tests/test_field_order.py`` pins the order
of their fields, ``tests/test_makers.py`` that they make what the classes make.
"""

from __future__ import annotations

from guarda import _events as events
from guarda import _state as state
from guarda._construct import copier, maker
from guarda._geometry import Cell
from guarda._state import PlayerState, make_player

__all__ = [
    "AttackDeclared",
    "CardsBurned",
    "CardsDiscarded",
    "CardsDrawn",
    "DamageTaken",
    "Defended",
    "DiscardPileShuffled",
    "GameEnded",
    "Guard",
    "GuardActivated",
    "GuardBroken",
    "GuardDiscarded",
    "GuardPrepared",
    "GuardReturned",
    "GuardSet",
    "HealthRestored",
    "LootClaimed",
    "LootDropped",
    "Passed",
    "PendingAttack",
    "PieceMoved",
    "PiecePlaced",
    "PiecePushed",
    "PlayerEliminated",
    "PointsScored",
    "SetupCardDrawn",
    "SetupCardsDiscarded",
    "StakeClaimed",
    "TurnEnded",
    "TurnSettled",
    "TurnStarted",
    "player_with",
    "with_burnt",
    "with_defended",
    "with_guard",
    "with_health",
    "with_pile_and_hand",
    "with_played",
    "with_settled",
]

AttackDeclared = maker(events.AttackDeclared)
CardsBurned = maker(events.CardsBurned)
CardsDiscarded = maker(events.CardsDiscarded)
CardsDrawn = maker(events.CardsDrawn)
DamageTaken = maker(events.DamageTaken)
Defended = maker(events.Defended)
DiscardPileShuffled = maker(events.DiscardPileShuffled)
GameEnded = maker(events.GameEnded)
Guard = maker(state.Guard)
GuardActivated = maker(events.GuardActivated)
GuardBroken = maker(events.GuardBroken)
GuardDiscarded = maker(events.GuardDiscarded)
GuardPrepared = maker(events.GuardPrepared)
GuardReturned = maker(events.GuardReturned)
GuardSet = maker(events.GuardSet)
HealthRestored = maker(events.HealthRestored)
LootClaimed = maker(events.LootClaimed)
LootDropped = maker(events.LootDropped)
Passed = maker(events.Passed)
PendingAttack = maker(state.PendingAttack)
PieceMoved = maker(events.PieceMoved)
PiecePlaced = maker(events.PiecePlaced)
PiecePushed = maker(events.PiecePushed)
PlayerEliminated = maker(events.PlayerEliminated)
PointsScored = maker(events.PointsScored)
SetupCardDrawn = maker(events.SetupCardDrawn)
SetupCardsDiscarded = maker(events.SetupCardsDiscarded)
StakeClaimed = maker(events.StakeClaimed)
TurnEnded = maker(events.TurnEnded)
TurnSettled = maker(events.TurnSettled)
TurnStarted = maker(events.TurnStarted)


# Copies of a player with some fields changed, for the hottest steps: positional, in the
# order named (player_with takes keywords, which cost a little on every call).
with_pile_and_hand = copier(PlayerState, "draw_pile", "hand")
with_settled = copier(PlayerState, "hand", "in_play", "discard_known", "discard_hidden")
with_burnt = copier(PlayerState, "hand", "discard_hidden", "position")
with_played = copier(PlayerState, "hand", "in_play")
with_defended = copier(PlayerState, "hand", "discard_known")
with_guard = copier(PlayerState, "guard")
with_health = copier(PlayerState, "health")


def player_with(
    player: PlayerState,
    *,
    draw_pile: tuple[str, ...] | None = None,
    hand: tuple[str, ...] | None = None,
    guard: state.Guard | bool | None = False,
    discard_known: tuple[str, ...] | None = None,
    discard_hidden: tuple[str, ...] | None = None,
    in_play: tuple[str, ...] | None = None,
    position: Cell | bool | None = False,
    health: int | None = None,
    points: int | None = None,
    is_out: bool | None = None,
    winnings: int | None = None,
) -> PlayerState:
    """A copy of ``player`` with some fields changed (faster than attrs.evolve).

    ``guard`` and ``position`` use ``False`` for "unchanged" since None is a value.
    """
    return make_player(
        player.draw_pile if draw_pile is None else draw_pile,
        player.hand if hand is None else hand,
        player.guard if guard is False else guard,  # type: ignore[arg-type]
        player.discard_known if discard_known is None else discard_known,
        player.discard_hidden if discard_hidden is None else discard_hidden,
        player.in_play if in_play is None else in_play,
        player.position if position is False else position,  # type: ignore[arg-type]
        player.health if health is None else health,
        player.points if points is None else points,
        player.is_out if is_out is None else is_out,
        player.winnings if winnings is None else winnings,
    )
