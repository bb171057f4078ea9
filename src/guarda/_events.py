"""Events: frozen records of everything that happened, and who may see them.

[`guarda.apply`][guarda.apply] returns the events an action produced, and the state's log keeps
every event of the game. Events are past tense (``GuardBroken``). Those produced by a
rule rather than a decision (draws, damage, eliminations, the end) have
``automatic = True``, like boardgame.io's automatic log entries.

Most events are public. A private event belongs to one player (its ``player``) and
has secret fields; everyone else sees its redacted form, where those fields are None:
West sees ``CardsDrawn(player=1, count=1, cards=("H3",))``, everyone else
``CardsDrawn(player=1, count=1, cards=None)``. [`visible_event`][guarda.visible_event] gives the
form a
viewer may see.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import ClassVar

import attrs

from guarda._geometry import Cell, Orientation

__all__ = [
    "AttackDeclared",
    "CardsBurned",
    "CardsDiscarded",
    "CardsDrawn",
    "DamageTaken",
    "DealCommitted",
    "Defended",
    "DiscardPileShuffled",
    "DiscardReason",
    "EliminationReason",
    "Event",
    "GameEnded",
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
    "describe",
    "is_private",
    "opening_commitment",
    "visible_event",
]


class DiscardReason(enum.StrEnum):
    """Why hand cards were discarded face down."""

    DRAW = "draw"
    """Discarding down in the Draw phase (R12)."""
    SETTLE = "settle"
    """Discarding in the Settle phase (R16)."""


class EliminationReason(enum.StrEnum):
    """Why a player went out."""

    HEALTH = "health"
    """Health reached 0 (R22)."""
    EXHAUSTED = "exhausted"
    """Had to draw from an empty draw pile under Exhaustion (R24)."""


@attrs.frozen
class DealCommitted:
    """The game began with a public commitment to its deals: a hash of the seed and a salt.

    It is the first event of every game, seen by every player and spectator. When the game
    is over the record reveals the seed and the salt, and
    [`guarda.verify_fair`][guarda.verify_fair] checks that they give this commitment and
    that every shuffle and draw followed from them.
    """

    automatic: ClassVar[bool] = True
    commitment: str
    """The SHA-256 of the seed and the salt, as 64 lower-case hex digits."""


@attrs.frozen
class SetupCardDrawn:
    """A player drew a setup card face up (R9)."""

    automatic: ClassVar[bool] = True
    player: int
    """The player's seat number (0-based)."""
    card: str
    """The card drawn face up; its side of the field decides the placement (R9)."""


@attrs.frozen
class PiecePlaced:
    """A player placed their piece (R9, R10)."""

    automatic: ClassVar[bool] = False
    player: int
    """The player's seat number (0-based)."""
    cell: Cell
    """Where the piece now stands."""


@attrs.frozen
class SetupCardsDiscarded:
    """A player's setup cards went face down to their discard pile (R9)."""

    automatic: ClassVar[bool] = True
    player: int
    """The player's seat number (0-based)."""
    count: int
    """How many setup cards went face down."""


@attrs.frozen
class TurnStarted:
    """A player's turn began (``turn`` counts turns from 1)."""

    automatic: ClassVar[bool] = True
    player: int
    """The seat number of the player whose turn it is."""
    turn: int
    """The number of this turn, counting every player's turns from 1."""


@attrs.frozen
class CardsDrawn:
    """A player drew cards from their draw pile. Private: ``cards`` is secret."""

    automatic: ClassVar[bool] = True
    secret: ClassVar[tuple[str, ...]] = ("cards",)
    player: int
    """The player's seat number (0-based)."""
    count: int
    """How many cards they drew."""
    cards: tuple[str, ...] | None
    """The cards drawn, sorted; None in the form other players see."""


@attrs.frozen
class DiscardPileShuffled:
    """A player's discard pile was shuffled into a new draw pile (R12)."""

    automatic: ClassVar[bool] = True
    player: int
    """The player's seat number (0-based)."""
    count: int
    """How many cards the new draw pile holds."""


@attrs.frozen
class CardsDiscarded:
    """A player discarded hand cards face down. Private: ``cards`` is secret."""

    automatic: ClassVar[bool] = False
    secret: ClassVar[tuple[str, ...]] = ("cards",)
    player: int
    """The player's seat number (0-based)."""
    count: int
    """How many cards they discarded."""
    cards: tuple[str, ...] | None
    """The cards discarded, sorted; None in the form other players see."""
    reason: DiscardReason
    """Why: discarding down in the Draw phase or in the Settle phase."""


@attrs.frozen
class CardsBurned:
    """A player burned cards face down to move or push (R13). Private: ``cards``."""

    automatic: ClassVar[bool] = False
    secret: ClassVar[tuple[str, ...]] = ("cards",)
    player: int
    """The player's seat number (0-based)."""
    count: int
    """How many cards they burned."""
    cards: tuple[str, ...] | None
    """The cards burned, sorted; None in the form other players see."""


@attrs.frozen
class PieceMoved:
    """A player moved their piece (R13)."""

    automatic: ClassVar[bool] = False
    player: int
    """The player's seat number (0-based)."""
    origin: Cell
    """The cell the piece left."""
    destination: Cell
    """The cell the piece reached."""


@attrs.frozen
class PiecePushed:
    """``pusher`` pushed ``player``'s piece (R13)."""

    automatic: ClassVar[bool] = False
    pusher: int
    """The seat number of the player who pushed."""
    player: int
    """The seat number of the player whose piece was pushed."""
    origin: Cell
    """The cell the pushed piece left."""
    destination: Cell
    """The cell the pushed piece reached."""


@attrs.frozen
class LootClaimed:
    """A piece ended a move or push on loot and took it (R26, Scavenger)."""

    automatic: ClassVar[bool] = True
    player: int
    """The seat number of the player who took the loot."""
    cell: Cell
    """The cell the loot lay on."""
    amount: int
    """How much the loot was worth."""


@attrs.frozen
class LootDropped:
    """A player went out and left their stake on their cell (R26, Scavenger)."""

    automatic: ClassVar[bool] = True
    player: int
    """The seat number of the player who went out."""
    cell: Cell
    """The cell where the stake now lies as loot."""
    amount: int
    """How much the loot is worth."""


@attrs.frozen
class GuardSet:
    """A player set their preparing guard (R14). Private: ``orientation``."""

    automatic: ClassVar[bool] = False
    secret: ClassVar[tuple[str, ...]] = ("orientation",)
    player: int
    """The player's seat number (0-based)."""
    orientation: Orientation | None
    """Attack or defence; None in the form other players see."""


@attrs.frozen
class GuardPrepared:
    """A player laid a hand card face down as a preparing guard (R14, R20).

    Private: ``card``.
    """

    automatic: ClassVar[bool] = False
    secret: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    """The player's seat number (0-based)."""
    card: str | None
    """The card laid face down; None in the form other players see."""


@attrs.frozen
class GuardDiscarded:
    """A replaced guard went face down to the discard pile (R14). Private: ``card``."""

    automatic: ClassVar[bool] = True
    secret: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    """The player's seat number (0-based)."""
    card: str | None
    """The replaced guard card; None in the form other players see."""


@attrs.frozen
class AttackDeclared:
    """A player attacked; ``targets`` lists each attacked opponent and damage (R15, R17)."""

    automatic: ClassVar[bool] = False
    player: int
    """The attacker's seat number (0-based)."""
    cards: tuple[str, ...]
    """The cards played, sorted."""
    targets: tuple[tuple[int, int], ...]
    """Each attacked opponent's seat number with the damage it faces, in seat order."""


@attrs.frozen
class Passed:
    """A player did nothing in the Act phase."""

    automatic: ClassVar[bool] = False
    player: int
    """The player's seat number (0-based)."""


@attrs.frozen
class GuardBroken:
    """A preparing guard hit by two or more cards broke (R18). Private: ``card``."""

    automatic: ClassVar[bool] = True
    secret: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    """The seat number of the player whose guard broke."""
    card: str | None
    """The broken guard card; None in the form other players see."""


@attrs.frozen
class Defended:
    """A player played hand cards in defence (R19); ``against`` is the attacker."""

    automatic: ClassVar[bool] = False
    player: int
    """The defender's seat number (0-based)."""
    cards: tuple[str, ...]
    """The cards played in defence, sorted."""
    against: int
    """The attacker's seat number."""


@attrs.frozen
class GuardActivated:
    """A player revealed and activated their guard (R20)."""

    automatic: ClassVar[bool] = False
    player: int
    """The player's seat number (0-based)."""
    card: str
    """The guard card, now face up."""
    orientation: Orientation
    """How the guard was set: attack or defence."""
    is_critical: bool
    """Whether it was critical (R20): its pattern covered the defender or the attacker."""


@attrs.frozen
class GuardReturned:
    """After a critical block the guard went back to its owner's hand (R20)."""

    automatic: ClassVar[bool] = True
    player: int
    """The player's seat number (0-based)."""
    card: str
    """The guard card, back in its owner's hand."""


@attrs.frozen
class DamageTaken:
    """A player took damage from ``source`` (an attack or a counter)."""

    automatic: ClassVar[bool] = True
    player: int
    """The seat number of the player hurt."""
    amount: int
    """How much damage they took."""
    source: int
    """The seat number of the attacker or the countering player."""
    health: int
    """Their health afterwards."""


@attrs.frozen
class HealthRestored:
    """A critical block healed a player (R20)."""

    automatic: ClassVar[bool] = True
    player: int
    """The player's seat number (0-based)."""
    amount: int
    """How much health they regained."""
    health: int
    """Their health afterwards."""


@attrs.frozen
class PointsScored:
    """A player scored points (R23, R25)."""

    automatic: ClassVar[bool] = True
    player: int
    """The player's seat number (0-based)."""
    amount: int
    """How many points they scored."""
    points: int
    """Their points afterwards."""


@attrs.frozen
class PlayerEliminated:
    """A player went out (R22, R24)."""

    automatic: ClassVar[bool] = True
    player: int
    """The seat number of the player who went out."""
    reason: EliminationReason
    """Why: their health reached 0, or they could not draw under Exhaustion."""


@attrs.frozen
class StakeClaimed:
    """``player`` took ``source``'s stake by eliminating them (R26, Bounty)."""

    automatic: ClassVar[bool] = True
    player: int
    """The seat number of the player who eliminated someone."""
    source: int
    """The seat number of the player eliminated."""
    amount: int
    """How much of the stake was taken."""


@attrs.frozen
class TurnSettled:
    """A player's face-up cards went to their discard pile (R16)."""

    automatic: ClassVar[bool] = True
    player: int
    """The player's seat number (0-based)."""
    cards: tuple[str, ...]
    """The face-up cards that went to the discard pile, sorted."""


@attrs.frozen
class TurnEnded:
    """A player's turn ended (``turns_ended`` counts all ended turns, R27)."""

    automatic: ClassVar[bool] = True
    player: int
    """The seat number of the player whose turn ended."""
    turns_ended: int
    """How many turns have ended in the game so far, this one included."""


@attrs.frozen
class GameEnded:
    """The game is over; the state's ``outcome`` holds the result."""

    automatic: ClassVar[bool] = True
    winners: tuple[int, ...]
    """The seat numbers of the winners, in seat order; empty in a draw."""
    drawn: tuple[int, ...]
    """The seat numbers sharing a draw, in seat order; empty when someone won."""


Event = (
    DealCommitted
    | SetupCardDrawn
    | PiecePlaced
    | SetupCardsDiscarded
    | TurnStarted
    | CardsDrawn
    | DiscardPileShuffled
    | CardsDiscarded
    | CardsBurned
    | PieceMoved
    | PiecePushed
    | LootClaimed
    | LootDropped
    | GuardSet
    | GuardPrepared
    | GuardDiscarded
    | AttackDeclared
    | Passed
    | GuardBroken
    | Defended
    | GuardActivated
    | GuardReturned
    | DamageTaken
    | HealthRestored
    | PointsScored
    | PlayerEliminated
    | StakeClaimed
    | TurnSettled
    | TurnEnded
    | GameEnded
)
"""Any event."""

EVENT_TYPES: tuple[type[Event], ...] = (
    DealCommitted,
    SetupCardDrawn,
    PiecePlaced,
    SetupCardsDiscarded,
    TurnStarted,
    CardsDrawn,
    DiscardPileShuffled,
    CardsDiscarded,
    CardsBurned,
    PieceMoved,
    PiecePushed,
    LootClaimed,
    LootDropped,
    GuardSet,
    GuardPrepared,
    GuardDiscarded,
    AttackDeclared,
    Passed,
    GuardBroken,
    Defended,
    GuardActivated,
    GuardReturned,
    DamageTaken,
    HealthRestored,
    PointsScored,
    PlayerEliminated,
    StakeClaimed,
    TurnSettled,
    TurnEnded,
    GameEnded,
)
"""Every event class, in a fixed order."""

_PRIVATE = (
    CardsDrawn,
    CardsDiscarded,
    CardsBurned,
    GuardSet,
    GuardPrepared,
    GuardDiscarded,
    GuardBroken,
)


def opening_commitment(events: Iterable[Event]) -> str | None:
    """The commitment of the [`DealCommitted`][guarda.DealCommitted] that opens a log, if any.

    Examples:
        >>> opening_commitment([DealCommitted("ab" * 32), Passed(0)])[:4]
        'abab'
        >>> opening_commitment([Passed(0)]) is None
        True
    """
    for event in events:
        return event.commitment if isinstance(event, DealCommitted) else None
    return None


def is_private(event: Event) -> bool:
    """Whether the event has secret fields that only its ``player`` may see."""
    return isinstance(event, _PRIVATE)


def visible_event(event: Event, viewer: int | None) -> Event:
    """The form of ``event`` that ``viewer`` may see (None: a spectator).

    Examples:
        >>> event = CardsDrawn(player=1, count=1, cards=("H3",))
        >>> visible_event(event, 1).cards, visible_event(event, 0).cards
        (('H3',), None)
    """
    if isinstance(event, _PRIVATE) and viewer != event.player:
        return attrs.evolve(event, **dict.fromkeys(event.secret))  # type: ignore[arg-type]
    return event


def _cards(cards: tuple[str, ...] | None, count: int) -> str:
    if cards is None:
        return "a card" if count == 1 else f"{count} cards"
    return " ".join(cards) if cards else "nothing"


def describe(event: Event, names: tuple[str, ...] | None = None) -> str:
    """One line of plain English for an event, naming players by ``names``.

    Examples:
        >>> describe(CardsDrawn(player=1, count=1, cards=None), ("South", "North"))
        'North drew a card'
        >>> describe(CardsDrawn(player=1, count=2, cards=("H3", "V1")), ("South", "North"))
        'North drew H3 V1'
    """

    def name(player: int) -> str:
        return names[player] if names is not None and player < len(names) else f"Player {player}"

    match event:
        case DealCommitted(commitment):
            return f"The deals are committed: {commitment[:16]}..."
        case SetupCardDrawn(player, card):
            return f"{name(player)} turned up setup card {card}"
        case PiecePlaced(player, cell):
            return f"{name(player)} placed their piece on {cell}"
        case SetupCardsDiscarded(player, count):
            return f"{name(player)} put {count} setup cards face down"
        case TurnStarted(player, turn):
            return f"Turn {turn}: {name(player)}"
        case CardsDrawn(player, count, cards):
            return f"{name(player)} drew {_cards(cards, count)}"
        case DiscardPileShuffled(player, count):
            return f"{name(player)} shuffled {count} discarded cards into a new draw pile"
        case CardsDiscarded(player, count, cards, _):
            return f"{name(player)} discarded {_cards(cards, count)}"
        case CardsBurned(player, count, cards):
            return f"{name(player)} burned {_cards(cards, count)}"
        case PieceMoved(player, origin, destination):
            return f"{name(player)} moved {origin}-{destination}"
        case PiecePushed(pusher, player, origin, destination):
            return f"{name(pusher)} pushed {name(player)} {origin}-{destination}"
        case LootClaimed(player, cell, amount):
            return f"{name(player)} claimed loot of {amount} on {cell}"
        case LootDropped(player, cell, amount):
            return f"{name(player)} left loot of {amount} on {cell}"
        case GuardSet(player, orientation):
            how = "" if orientation is None else f" to {orientation.value}"
            return f"{name(player)} set their guard{how}"
        case GuardPrepared(player, card):
            return f"{name(player)} prepared a guard" + ("" if card is None else f" ({card})")
        case GuardDiscarded(player, card):
            return f"{name(player)} discarded their old guard" + (
                "" if card is None else f" ({card})"
            )
        case AttackDeclared(player, cards, targets):
            hit = ", ".join(f"{name(target)} {damage}" for target, damage in targets) or "nobody"
            return f"{name(player)} attacked with {' '.join(cards)} (hits: {hit})"
        case Passed(player):
            return f"{name(player)} did nothing"
        case GuardBroken(player, card):
            return f"{name(player)}'s preparing guard broke" + (
                "" if card is None else f" ({card})"
            )
        case Defended(player, cards, against):
            return f"{name(player)} defended against {name(against)} with {' '.join(cards)}"
        case GuardActivated(player, card, orientation, is_critical):
            kind = "block" if orientation is Orientation.DEFENSIVE else "counter"
            critical = "critical " if is_critical else ""
            return f"{name(player)} activated guard {card}: {critical}{kind}"
        case GuardReturned(player, card):
            return f"{name(player)} took guard {card} back into their hand"
        case DamageTaken(player, amount, source, health):
            return f"{name(player)} took {amount} damage from {name(source)} (health {health})"
        case HealthRestored(player, amount, health):
            return f"{name(player)} healed {amount} (health {health})"
        case PointsScored(player, amount, points):
            return f"{name(player)} scored {amount} (points {points})"
        case PlayerEliminated(player, reason):
            return f"{name(player)} is out ({reason.value})"
        case StakeClaimed(player, source, amount):
            return f"{name(player)} claimed {name(source)}'s stake of {amount}"
        case TurnSettled(player, cards):
            return f"{name(player)} settled, discarding {_cards(cards, len(cards))} face up"
        case TurnEnded(player, turns_ended):
            so_far = "1 turn" if turns_ended == 1 else f"{turns_ended} turns"
            return f"{name(player)}'s turn ended ({so_far} so far)"
        case GameEnded(winners, drawn):
            if winners:
                return "Game over: " + ", ".join(name(p) for p in winners) + " won"
            return "Game over: a draw between " + ", ".join(name(p) for p in drawn)
    raise AssertionError(f"unknown event {event!r}")  # pragma: no cover
