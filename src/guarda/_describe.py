"""Actions in plain English, for the person about to make them.

[`format_action`][guarda.format_action] writes an action tersely (``move N V1 V2``);
[`describe_action`][guarda.describe_action] says what it would do, in a sentence a player
reads before confirming: where the piece goes, whom an attack hits and for how much, what
is discarded, what a guard would do. It asks the same rule queries the engine asks
([guarda.rules][]), from a state or from the deciding player's view, so it never uses a
card that player may not know.

Examples:
    >>> import guarda
    >>> state = (
    ...     guarda.PositionBuilder(guarda.modern(players=3), seed=1)
    ...     .player(0, position="b1", hand=("V2", "H3", "X"))
    ...     .player(1, position="a3")
    ...     .player(2, position="b5")
    ...     .to_act(0, guarda.Phase.ACT)
    ...     .build()
    ... )
    >>> mine = guarda.view(state, 0)
    >>> guarda.describe_action(guarda.Attack(("V2", "H3")), mine, names=("Ann", "Bo", "Cy"))
    'Attack with H3 and V2: it hits Bo for 1 and Cy for 1.'
    >>> guarda.describe_action(guarda.PrepareGuard("X"), mine)
    'Prepare X as your guard, face down; you set it at the start of your next Act phase.'
"""

from __future__ import annotations

from collections.abc import Sequence

from guarda import rules
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
from guarda._config import Scoring, Victory
from guarda._engine import verify
from guarda._geometry import Cell, Direction, Orientation
from guarda._queries import guard_is_critical, occupant
from guarda._state import GameState, Guard, GuardStatus, PendingAttack, Phase
from guarda._tables import tables
from guarda._view_checks import verify_view
from guarda._views import PlayerView
from guarda.errors import ArgumentError

__all__ = ["describe_action"]


def _listed(cards: Sequence[str]) -> str:
    """``V1``, ``V1 and V2``, ``V1, V2 and X``."""
    if len(cards) < 2:
        return "".join(cards)
    return f"{', '.join(cards[:-1])} and {cards[-1]}"


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


class _Sentences:
    """Reads one decision's position, for the actor (``you``)."""

    def __init__(
        self, position: GameState | PlayerView, names: Sequence[str] | None, actor: int
    ) -> None:
        self.position = position
        self.names = names
        self.actor = actor
        self.config = position.config
        self.tables = tables(position.config)

    def name(self, player: int) -> str:
        if player == self.actor:
            return "you"
        if self.names is not None and player < len(self.names):
            return self.names[player]
        return f"player {player}"

    def possessive(self, player: int) -> str:
        return "your" if player == self.actor else f"{self.name(player)}'s"

    @property
    def hand(self) -> tuple[str, ...]:
        if isinstance(self.position, GameState):
            return self.position.players[self.actor].hand
        return self.position.hand

    @property
    def guard(self) -> Guard | None:
        if isinstance(self.position, GameState):
            return self.position.players[self.actor].guard
        return self.position.guard

    def cell(self, player: int) -> Cell:
        found = self.position.players[player].position
        assert found is not None
        return found

    def health(self, player: int, damage: int) -> str:
        """What ``damage`` does to a player's health, or to the dealer's points."""
        if not self.config.has_health:
            return ""
        before = self.position.players[player].health
        after = max(0, before - damage)
        out = ", which puts you out" if after == 0 and player == self.actor else ""
        return f" (health {before} to {after}{out})"

    def points(self, dealer: int, damage: int) -> str:
        win = self.config.win
        if not isinstance(win, Victory) or not damage:
            return ""
        gained = damage if win.scoring is Scoring.PER_DAMAGE else 1
        scores = "score" if dealer == self.actor else "scores"
        return f"; {self.name(dealer)} {scores} {gained} point{'s' if gained > 1 else ''}"

    def loot(self, cell: Cell, player: int) -> str:
        for where, amount in self.position.loot:
            if where == cell:
                takes = "take" if player == self.actor else "takes"
                return f", and {self.name(player)} {takes} the {amount} stakes lying there"
        return ""

    def attack(self) -> PendingAttack:
        attack = self.position.attack
        assert attack is not None
        return attack

    # -- one sentence per decision ----------------------------------------------------

    def sentence(self, action: Action) -> str:
        match action:
            case PlacePiece(cell):
                return f"Place your piece on {cell}."
            case DiscardDown(cards):
                target = rules.hand_target(self.position, self.actor)
                return f"Discard {_listed(cards)} face down, down to {target} cards."
            case Move(direction, cards):
                return self.move(direction, cards)
            case Push(direction, cards):
                return self.push(direction, cards)
            case EndMove():
                if self.position.has_moved:
                    return "End your Move phase where you stand."
                return "Stay where you are and end your Move phase."
            case SetGuard(orientation):
                return self.set_guard(orientation)
            case PrepareGuard(card):
                old = self.guard
                discard = (
                    "" if old is None else f", discarding your old guard {old.card} face down"
                )
                return (
                    f"Prepare {card} as your guard, face down{discard}; you set it at the "
                    "start of your next Act phase."
                )
            case Attack(cards):
                return self.attack_with(cards)
            case Pass():
                return "Do nothing this Act phase."
            case Defend(cards):
                attack = self.attack()
                against = f"{self.possessive(attack.attacker)} attack"
                return self.defend(cards, attack.damage, against)
            case DefendCounter(cards):
                attack = self.attack()
                return self.defend(
                    cards, attack.counter, f"{self.possessive(attack.defender)} counter"
                )
            case ActivateGuard():
                return self.activate()
            case TakeDamage():
                return self.take_damage()
            case PrepareNewGuard(card):
                return (
                    f"Prepare {card} as your new guard at once, face down; you set it at "
                    "the start of your next Act phase."
                )
            case DeclineNewGuard():
                return "Prepare no new guard now, and keep your cards in your hand."
            case Settle(cards):
                in_play = self.position.players[self.actor].in_play
                goes = "goes" if len(in_play) == 1 else "go"
                face_up = (
                    f"; {_listed(in_play)} {goes} face up to your discard pile" if in_play else ""
                )
                if not cards:
                    return f"End your turn without discarding{face_up}."
                return f"End your turn, discarding {_listed(cards)} face down{face_up}."
        raise AssertionError(f"unknown action {action!r}")  # pragma: no cover

    def move(self, direction: Direction, cards: tuple[str, ...]) -> str:
        origin = self.cell(self.actor)
        dx, dy = direction.delta
        end = Cell(origin.x + dx * len(cards), origin.y + dy * len(cards))
        return (
            f"Move {_cells(len(cards))} {direction.name.lower()} from {origin} to {end}, "
            f"burning {_listed(cards)} face down{self.loot(end, self.actor)}."
        )

    def push(self, direction: Direction, cards: tuple[str, ...]) -> str:
        origin = self.cell(self.actor)
        dx, dy = direction.delta
        start = Cell(origin.x + dx, origin.y + dy)
        pushed = occupant(self.position.players, start)
        assert pushed is not None
        end = Cell(start.x + dx * len(cards), start.y + dy * len(cards))
        return (
            f"Push {self.name(pushed)} {_cells(len(cards))} {direction.name.lower()} from "
            f"{start} to {end}, burning {_listed(cards)} face down"
            f"{self.loot(end, pushed)}; this ends your Move phase."
        )

    def set_guard(self, orientation: Orientation) -> str:
        guard = self.guard
        assert guard is not None
        card = guard.card
        set_now = Guard(card, GuardStatus.SET, orientation)
        critical = guard_is_critical(self.tables, self.actor, set_now, self.cell(self.actor), None)
        if orientation is Orientation.DEFENSIVE:
            note = (
                " (it covers your cell now: a critical block would also heal 1 and return it "
                "to your hand)"
                if critical
                else ""
            )
            return (
                f"Set your guard {card} defensively: activated, it blocks all the damage of "
                f"an attack{note}."
            )
        return (
            f"Set your guard {card} offensively: activated, it negates 1 damage and deals "
            "2 to the attacker, 3 if it covers the attacker's cell."
        )

    def attack_with(self, cards: tuple[str, ...]) -> str:
        hits = rules.attack_targets(self.position, cards, self.actor)
        if not hits:
            return f"Attack with {_listed(cards)}: it hits nobody (the cards are just played)."
        each = [f"{self.name(player)} for {damage}" for player, damage in hits]
        return f"Attack with {_listed(cards)}: it hits {_listed(each)}."

    def defend(self, cards: tuple[str, ...], damage: int, against: str) -> str:
        left = damage - len(cards)
        rest = f"; you take the other {left}{self.health(self.actor, left)}" if left else ""
        return (
            f"Defend against {against} with {_listed(cards)}: "
            f"{'it negates' if len(cards) == 1 else 'they negate'} {len(cards)} of the "
            f"{damage} damage{rest}."
        )

    def activate(self) -> str:
        attack = self.attack()
        guard = self.guard
        assert guard is not None
        me = self.actor
        damage = attack.damage
        if guard.orientation is Orientation.DEFENSIVE:
            if rules.is_critical_block(self.position, me):
                heal = " you heal 1 and" if self.config.has_health else ""
                return (
                    f"Reveal your guard {guard.card} and block all {damage} damage: a critical "
                    f"block,{heal} {guard.card} returns to your hand."
                )
            return f"Reveal your guard {guard.card} and block all {damage} damage."
        foe = attack.attacker
        taken = damage - 1
        rest = f"you take {taken}{self.health(me, taken)}" if taken else "you take none"
        if self.position.players[foe].is_out:
            return (
                f"Reveal your guard {guard.card} and counter: it negates 1 damage, {rest}; "
                f"{self.name(foe)} is out already and takes none."
            )
        hurt = 3 if rules.is_critical_counter(self.position, me) else 2
        critical = "a critical counter: " if hurt == 3 else ""
        return (
            f"Reveal your guard {guard.card} and counter: {critical}it negates 1 damage, "
            f"{rest}, and {self.name(foe)} takes {hurt} unless they defend."
        )

    def take_damage(self) -> str:
        attack = self.attack()
        me = self.actor
        if self.position.phase is Phase.COUNTER:
            damage, dealer = attack.counter, attack.defender
            what = f"{self.possessive(dealer)} counter"
        else:
            damage, dealer = attack.damage, attack.attacker
            what = f"{self.possessive(dealer)} attack"
        return (
            f"Take the {damage} damage of {what}{self.health(me, damage)}"
            f"{self.points(dealer, damage)}."
        )


def describe_action(
    action: Action, position: GameState | PlayerView, *, names: Sequence[str] | None = None
) -> str:
    """A sentence in plain English saying what ``action`` would do, for the player making it.

    Beside the terse [`format_action`][guarda.format_action]: where the piece goes,
    whom an attack hits and for how much, what is discarded or burned, what a guard or a
    defence would do. Addressed to the player to decide ("you"); the other players are
    named by ``names``, or "player 2".

    Args:
        action: A legal action of the player to decide.
        position: The state, or the view of the player to decide (a view uses nothing
            that player may not know, R28).
        names: The players' names by player number, or None.

    Returns:
        One sentence, ending with a full stop.

    Raises:
        IllegalActionError: If the action is not legal there (as
            [`verify`][guarda.verify] or [`verify_view`][guarda.verify_view] says).
        ArgumentError: If ``position`` is neither a state nor a view, is a spectator's
            view, or ``names`` is not a sequence of names.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H5", "X"))
        ...     .player(1, position="b2", health=3)
        ...     .to_act(0, guarda.Phase.MOVE)
        ...     .build()
        ... )
        >>> describe_action(guarda.Move("E", ("V2", "X")), state)
        'Move 2 cells east from b1 to d1, burning V2 and X face down.'
        >>> describe_action(guarda.Push("N", ("H5",)), state, names=("Ann", "Bo"))
        'Push Bo 1 cell north from b2 to b3, burning H5 face down; this ends your Move phase.'
    """
    if names is not None and (
        isinstance(names, (str, bytes))
        or not isinstance(names, Sequence)
        or not all(isinstance(name, str) for name in names)
    ):
        raise ArgumentError("give the names as a sequence of strings", path="names")
    if isinstance(position, PlayerView):
        verify_view(position, action)
    elif isinstance(position, GameState):
        verify(position, action)
    else:
        raise ArgumentError(
            f"not a GameState or a PlayerView: {type(position).__name__}", path="position"
        )
    actor = position.actor
    assert actor is not None
    return _Sentences(position, names, actor).sentence(action)
