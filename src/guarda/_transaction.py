"""The transaction: the one place where a game changes.

[`apply`][guarda.apply] copies a state into a [`Transaction`][guarda._transaction.Transaction],
lets the decision's method change it, lets every automatic step that follows run (draws,
reshuffles, a breaking guard, damage, scoring, eliminations, the next turn, the end), and
freezes the result into the next [`GameState`][guarda.GameState] with the events that
happened. Every phase change happens here: a decision's own effect and the automatic steps
alike. The position builder starts its positions through the entry points at the end of this
module, never by editing a transaction.

The transaction asks [guarda._queries][] for every rule it needs to know (hand targets,
placement cells, who an attack hits, whether a guard is critical) and
[guarda._outcome][] whether the game has ended. Nothing here is public API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from guarda import _multiset as multiset
from guarda import _rng as rng
from guarda import _step_values as made
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
from guarda._config import Config, DrawRule
from guarda._events import (
    DealCommitted,
    DiscardReason,
    EliminationReason,
    Event,
)
from guarda._geometry import Cell, Orientation
from guarda._outcome import find_outcome, turn_limit_outcome
from guarda._queries import (
    attack_hits,
    destination,
    guard_is_critical,
    hand_target,
    next_player,
    occupant,
    placement_mask,
)
from guarda._state import (
    GUARD_PREPARING,
    GUARD_SET,
    PHASE_ACT,
    PHASE_COUNTER,
    PHASE_DISCARD,
    PHASE_MOVE,
    PHASE_NEW_GUARD,
    PHASE_OVER,
    PHASE_REACT,
    PHASE_SET_GUARD,
    PHASE_SETTLE,
    PHASE_SETUP,
    EventLog,
    GameState,
    Outcome,
    PendingAttack,
    PlayerState,
    append_events,
    make_state,
    note_fit,
)
from guarda._tables import Tables, tables

__all__ = [
    "Transaction",
    "begin_act",
    "begin_turn",
    "continue_setup",
    "play",
    "start",
]


# Enum members as module globals: on CPython 3.11 reading ``Phase.MOVE`` in a function goes
# through the enum metaclass's ``__getattr__`` hook, which costs about as much as a call.
_FOR_DRAW: Final = DiscardReason.DRAW
_FOR_SETTLE: Final = DiscardReason.SETTLE
_DRAW_ONE_THEN_FILL: Final = DrawRule.DRAW_ONE_THEN_FILL
_OUT_EXHAUSTED: Final = EliminationReason.EXHAUSTED
_OUT_HEALTH: Final = EliminationReason.HEALTH
_DEFENSIVE: Final = Orientation.DEFENSIVE


class Transaction:
    """A mutable copy of a state while one decision and its automatic steps resolve.

    Built from a state, changed by exactly one decision method (or one entry point of the
    position builder) and the automatic steps it sets off, then frozen into the next state
    with [`freeze`][guarda._transaction.Transaction.freeze]. Nothing else in guarda builds a
    changed state.
    """

    __slots__ = (
        "actor",
        "attack",
        "events",
        "first_placed",
        "has_moved",
        "loot",
        "outcome",
        "phase",
        "players",
        "pot",
        "rng",
        "state",
        "tables",
        "turn",
        "turn_number",
        "turns_ended",
        "went_out",
    )

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.tables: Tables = tables(state.config)
        self.phase = state.phase
        self.turn = state.turn
        self.actor = state.actor
        self.players = list(state.players)
        self.rng = state.rng
        self.turn_number = state.turn_number
        self.turns_ended = state.turns_ended
        self.has_moved = state.has_moved
        self.attack: PendingAttack | None = state.attack
        self.loot = state.loot
        self.pot = state.pot
        self.outcome: Outcome | None = state.outcome
        self.events: list[Event] = []
        self.went_out: tuple[int, ...] = ()
        self.first_placed = state.first_placed

    def freeze(self) -> tuple[GameState, tuple[Event, ...]]:
        """The new state and the events produced."""
        events = tuple(self.events)
        # Positional on the hot path: tests/test_field_order.py pins the field order.
        state = make_state(
            self.state.config,
            self.phase,
            self.turn,
            self.actor,
            tuple(self.players),
            self.rng,
            self.turn_number,
            self.turns_ended,
            self.has_moved,
            self.attack,
            self.loot,
            self.pot,
            self.first_placed,
            self.outcome,
            append_events(self.state.log, events) if events else self.state.log,
        )
        note_fit(state)  # what GameState's check leaves behind (it fits)
        return state, events

    # -- helpers -------------------------------------------------------------------

    def draw(self, index: int, count: int) -> bool:
        """Draw ``count`` cards for a player, reshuffling when allowed (R12, R24).

        Returns False if the player went out for exhaustion (R24).
        """
        player = self.players[index]
        pile, hand = player.draw_pile, player.hand
        while count > 0:
            if not pile:
                if not self.tables.reshuffles:
                    self.players[index] = made.player_with(player, draw_pile=pile, hand=hand)
                    self.eliminate(index, _OUT_EXHAUSTED, None)
                    return False
                discards = player.discard_known + player.discard_hidden
                if not discards:
                    break  # both empty: the hand stays short (R12)
                pile, self.rng = rng.shuffler(self.state.config.shuffle)(
                    sorted(discards), self.rng
                )
                player = made.player_with(player, discard_known=(), discard_hidden=())
                self.events.append(made.DiscardPileShuffled(index, len(pile)))
            drawn = tuple(sorted(pile[:count]))
            pile = pile[count:]
            hand = multiset.add(hand, drawn)
            count -= len(drawn)
            self.events.append(made.CardsDrawn(index, len(drawn), drawn))
        self.players[index] = made.with_pile_and_hand(player, pile, hand)
        return True

    def draw_one_then_fill(self, index: int) -> bool:
        """Draw one card, then up to the hand target (R12): one cut of the pile when it
        holds them all, the same two draws as [`draw`][guarda._transaction.Transaction.draw]
        otherwise.

        Returns False if the player went out for exhaustion (R24).
        """
        player = self.players[index]
        pile, hand = player.draw_pile, player.hand
        fill = hand_target(self.tables.config, player) - len(hand) - 1
        if fill < 1:
            return self.draw(index, 1)
        if fill >= len(pile):  # a reshuffle (or exhaustion) on the way
            if not self.draw(index, 1):
                return False
            player = self.players[index]
            missing = hand_target(self.tables.config, player) - len(player.hand)
            return missing < 1 or self.draw(index, missing)
        drawn = tuple(sorted(pile[1 : fill + 1]))
        self.events.append(made.CardsDrawn(index, 1, pile[:1]))
        self.events.append(made.CardsDrawn(index, fill, drawn))
        hand = multiset.add(hand, (pile[0], *drawn))
        self.players[index] = made.with_pile_and_hand(player, pile[fill + 1 :], hand)
        return True

    # -- setup (R9-R11) --------------------------------------------------------------

    def continue_setup(self, drawer: int) -> None:
        """Deal setup cards clockwise from ``drawer`` until someone must place (R9, R10)."""
        count = len(self.players)
        while True:
            unplaced = [i for i in range(count) if self.players[i].position is None]
            if not unplaced:
                self.deal_opening_hands()
                return
            for step in range(count):
                index = (drawer + step) % count
                player = self.players[index]
                if player.position is not None:
                    continue
                if player.draw_pile:
                    card = player.draw_pile[0]
                    self.players[index] = made.player_with(
                        player, draw_pile=player.draw_pile[1:], in_play=(*player.in_play, card)
                    )
                    self.events.append(made.SetupCardDrawn(index, card))
                if placement_mask(self.tables, self.players, index):
                    self.phase = PHASE_SETUP
                    self.turn = self.actor = index
                    return

    def place(self, action: PlacePiece) -> None:
        """The setup player places a piece, discards the setup cards; setup goes on (R9, R11)."""
        index, cell = self.turn, action.cell
        player = self.players[index]
        self.players[index] = made.player_with(
            player,
            position=cell,
            in_play=(),
            discard_hidden=multiset.add(player.discard_hidden, tuple(sorted(player.in_play))),
        )
        self.events.append(made.PiecePlaced(index, cell))
        self.events.append(made.SetupCardsDiscarded(index, len(player.in_play)))
        if self.first_placed is None:
            self.first_placed = index
        self.continue_setup((index + 1) % len(self.players))

    def deal_opening_hands(self) -> None:
        """Every player draws the opening hand; the first to place starts (R11)."""
        leader = self.first_placed if self.first_placed is not None else 0
        size = self.tables.config.opening_hand
        for index in range(len(self.players)):
            if not self.players[index].is_out:
                self.draw(index, size)
        if self.check_end():
            return
        if self.players[leader].is_out:
            leader = next_player(self.players, leader)
        self.start_turn(leader)

    # -- turns -----------------------------------------------------------------------

    def start_turn(self, index: int) -> None:
        """Begin the next turn with the automatic part of the Draw phase (R12)."""
        self.turn_number += 1
        self.turn = index
        self.has_moved = False
        self.attack = None
        self.events.append(made.TurnStarted(index, self.turn_number))
        if self.tables.config.draw_rule is _DRAW_ONE_THEN_FILL:
            exhausted = not self.draw_one_then_fill(index)
        else:
            player = self.players[index]
            missing = hand_target(self.tables.config, player) - len(player.hand)
            exhausted = missing > 0 and not self.draw(index, missing)
        if exhausted:
            if not self.check_end():
                self.end_turn(completed=False)
            return
        player = self.players[index]
        self.actor = index
        if len(player.hand) > hand_target(self.tables.config, player):
            self.phase = PHASE_DISCARD
        else:
            self.phase = PHASE_MOVE

    def start_act(self, _: EndMove | None = None) -> None:
        """Begin the Act phase: a preparing guard must be set first (R14).

        The decision [`EndMove`][guarda.EndMove] (its action is not needed), also the end of
        a push.
        """
        guard = self.players[self.turn].guard
        if guard is not None and guard.status is GUARD_PREPARING:
            self.phase = PHASE_SET_GUARD
        else:
            self.phase = PHASE_ACT
        self.actor = self.turn

    def end_turn(self, *, completed: bool) -> None:
        """End the turn: hill scoring, the turn limit, and the next turn (R25, R27)."""
        index = self.turn
        player = self.players[index]
        self.attack = None
        position = player.position
        scored = bool(
            completed
            and position is not None
            and self.tables.hill >> position.index(self.tables.size) & 1
        )
        if scored:
            self.players[index] = made.player_with(player, points=player.points + 1)
            self.events.append(made.PointsScored(index, 1, player.points + 1))
        self.turns_ended += 1
        self.events.append(made.TurnEnded(index, self.turns_ended))
        if scored and self.check_end():
            return
        limit = self.tables.config.turn_limit
        if limit is not None and self.turns_ended >= limit:
            self.end_game(
                turn_limit_outcome(self.tables, self.players, self.pot, self.loot_total())
            )
            return
        self.start_turn(next_player(self.players, index))

    # -- loot, elimination, the end ----------------------------------------------------

    def loot_total(self) -> int:
        """Stakes lying on the field."""
        return sum(amount for _, amount in self.loot)

    def claim_loot(self, index: int) -> None:
        """A piece ending a move or push on loot takes it (R26, Scavenger)."""
        position = self.players[index].position
        for cell, amount in self.loot:
            if cell == position:
                self.loot = tuple(item for item in self.loot if item[0] != cell)
                player = self.players[index]
                self.players[index] = made.player_with(player, winnings=player.winnings + amount)
                self.events.append(made.LootClaimed(index, cell, amount))
                return

    def eliminate(self, index: int, reason: EliminationReason, by: int | None) -> None:
        """Put a player out: piece removed, cards out of play, stakes handled (R22, R26)."""
        player = self.players[index]
        # R22: the piece leaves the field; face-up cards on the table join the discards.
        self.players[index] = made.player_with(
            player,
            is_out=True,
            position=None,
            in_play=(),
            discard_known=multiset.add(player.discard_known, tuple(sorted(player.in_play))),
        )
        self.went_out += (index,)
        self.events.append(made.PlayerEliminated(index, reason))
        ante = self.tables.config.stakes.ante
        if not ante:
            return
        if self.tables.bounty and by is not None and by != index:
            claimer = self.players[by]
            self.players[by] = made.player_with(claimer, winnings=claimer.winnings + ante)
            self.pot -= ante
            self.events.append(made.StakeClaimed(by, index, ante))
        elif self.tables.scavenger and player.position is not None:
            self.pot -= ante
            cell = player.position
            merged = dict(self.loot)
            merged[cell] = merged.get(cell, 0) + ante
            self.loot = tuple(sorted(merged.items(), key=lambda item: (item[0].y, item[0].x)))
            self.events.append(made.LootDropped(index, cell, ante))

    def check_end(self) -> bool:
        """End the game if it is decided (R22-R25); True if it ended."""
        outcome = find_outcome(
            self.tables, self.players, self.went_out, self.pot, self.loot_total()
        )
        self.went_out = ()
        if outcome is None:
            return False
        self.end_game(outcome)
        return True

    def end_game(self, outcome: Outcome) -> None:
        """Record the outcome."""
        self.outcome = outcome
        self.phase = PHASE_OVER
        self.actor = None
        self.attack = None
        self.events.append(made.GameEnded(outcome.winners, outcome.drawn))

    # -- reactions (R17-R21) -------------------------------------------------------------

    def begin_reaction(
        self, attacker: int, cards: tuple[str, ...], queue: list[tuple[int, int]]
    ) -> None:
        """Start the next defender's reaction, or finish the attack (R17, R18, R21)."""
        while queue:
            defender, damage = queue.pop(0)
            player = self.players[defender]
            if player.is_out:
                continue
            guard = player.guard
            if guard is not None and guard.status is GUARD_PREPARING and damage >= 2:
                self.players[defender] = made.player_with(
                    player,
                    guard=None,
                    discard_hidden=multiset.add(player.discard_hidden, (guard.card,)),
                )
                self.events.append(made.GuardBroken(defender, guard.card))
                damage -= 1
            self.attack = made.PendingAttack(attacker, cards, defender, damage, tuple(queue), 0, 0)
            self.phase = PHASE_REACT
            self.actor = defender
            return
        self.attack = None
        if self.players[attacker].is_out:
            self.end_turn(completed=False)
        else:
            self.phase = PHASE_SETTLE
            self.actor = attacker

    def finish_unit(self, defender_damage: int, attacker_damage: int) -> None:
        """Apply one defender's unit: damage, points, eliminations, the end (R21-R23)."""
        attack = self.attack
        assert attack is not None
        attacker, defender = attack.attacker, attack.defender
        if defender_damage:
            self.hurt(defender, defender_damage, attacker)
        if attacker_damage:
            self.hurt(attacker, attacker_damage, defender)
        if self.tables.has_health:
            for index, by in ((defender, attacker), (attacker, defender)):
                player = self.players[index]
                if not player.is_out and player.health <= 0:
                    self.eliminate(index, _OUT_HEALTH, by)
        if self.check_end():
            return
        self.begin_reaction(attacker, attack.cards, list(attack.waiting))

    def hurt(self, index: int, amount: int, source: int) -> None:
        """Deal damage: health, or points for the dealer in Victory (R20, R23)."""
        player = self.players[index]
        if self.tables.has_health:
            health = max(0, player.health - amount)
            self.players[index] = made.with_health(player, health)
            self.events.append(made.DamageTaken(index, amount, source, health))
            return
        self.events.append(made.DamageTaken(index, amount, source, player.health))
        gained = amount if self.tables.per_damage else 1
        dealer = self.players[source]
        self.players[source] = made.player_with(dealer, points=dealer.points + gained)
        self.events.append(made.PointsScored(source, gained, dealer.points + gained))

    # -- decisions: one method per action type --------------------------------------

    def pass_(self, _: Pass) -> None:
        """Do nothing in the Act phase; the Settle phase follows (R14)."""
        self.events.append(made.Passed(self.turn))
        self.phase = PHASE_SETTLE

    def defend_attack(self, action: Defend) -> None:
        """Defend against the attack with hand cards; the rest of the damage lands (R19)."""
        cards = action.cards
        attack = self.pending()
        self.defend(cards, attack.attacker)
        self.finish_unit(attack.damage - len(cards), 0)

    def defend_counter(self, action: DefendCounter) -> None:
        """Defend against a counter with hand cards; the rest of it lands (R20)."""
        cards = action.cards
        attack = self.pending()
        self.defend(cards, attack.defender)
        self.finish_unit(attack.defender_damage, attack.counter - len(cards))

    def pending(self) -> PendingAttack:
        """The attack being resolved (in the REACT, NEW_GUARD and COUNTER phases)."""
        attack = self.attack
        assert attack is not None
        return attack

    def hand_without(
        self, index: int, cards: tuple[str, ...]
    ) -> tuple[PlayerState, tuple[str, ...]]:
        """The player ``index`` and their hand without ``cards`` (the caller stores it)."""
        player = self.players[index]
        hand = multiset.remove(player.hand, cards)
        assert hand is not None
        return player, hand

    def settle(self, action: Settle) -> None:
        """Settle: face-up cards to the discards, the action's cards discarded face down (R16)."""
        cards = action.cards
        actor = self.turn
        me, hand = self.hand_without(actor, cards)
        face_up = tuple(sorted(me.in_play))
        self.players[actor] = made.with_settled(
            me,
            hand,
            (),  # in play
            multiset.add(me.discard_known, face_up),
            multiset.add(me.discard_hidden, cards),
        )
        self.events.append(made.TurnSettled(actor, face_up))
        if cards:
            self.events.append(made.CardsDiscarded(actor, len(cards), cards, _FOR_SETTLE))
        self.end_turn(completed=True)

    def burn(self, actor: int, cards: tuple[str, ...], position: Cell | None = None) -> None:
        """Burn cards face down to move or push (R13), moving the burner to ``position``."""
        me, hand = self.hand_without(actor, cards)
        self.players[actor] = made.with_burnt(
            me,
            hand,
            multiset.add(me.discard_hidden, cards),
            me.position if position is None else position,
        )
        self.events.append(made.CardsBurned(actor, len(cards), cards))

    def move(self, action: Move) -> None:
        """Move one cell per burnt card in a straight line (R13)."""
        direction, cards = action.direction, action.cards
        actor = self.turn
        origin = self.players[actor].position
        assert origin is not None
        target = destination(self.tables, origin, direction, len(cards))
        self.burn(actor, cards, position=target)
        self.events.append(made.PieceMoved(actor, origin, target))
        self.has_moved = True
        self.claim_loot(actor)

    def push(self, action: Push) -> None:
        """Push the neighbouring piece one cell per burnt card; the Move phase ends (R13)."""
        direction, cards = action.direction, action.cards
        actor = self.turn
        origin = self.players[actor].position
        assert origin is not None
        neighbour = destination(self.tables, origin, direction, 1)
        target = occupant(self.players, neighbour)
        assert target is not None
        pushed_to = destination(self.tables, neighbour, direction, len(cards))
        self.burn(actor, cards)
        self.players[target] = made.player_with(self.players[target], position=pushed_to)
        self.events.append(made.PiecePushed(actor, target, neighbour, pushed_to))
        self.claim_loot(target)
        self.start_act()

    def discard_down(self, action: DiscardDown) -> None:
        """Discard down to the hand size, face down; the Move phase begins (R12)."""
        cards = action.cards
        actor = self.turn
        me, hand = self.hand_without(actor, cards)
        self.players[actor] = made.player_with(
            me, hand=hand, discard_hidden=multiset.add(me.discard_hidden, cards)
        )
        self.events.append(made.CardsDiscarded(actor, len(cards), cards, _FOR_DRAW))
        self.phase = PHASE_MOVE

    def prepare_guard(self, action: PrepareGuard) -> None:
        """Lay a guard sideways, discarding the old one face down (R14)."""
        card = action.card
        actor = self.turn
        me, hand = self.hand_without(actor, (card,))
        discard = me.discard_hidden
        if me.guard is not None:
            discard = multiset.add(discard, (me.guard.card,))
            self.events.append(made.GuardDiscarded(actor, me.guard.card))
        self.players[actor] = made.player_with(
            me, hand=hand, guard=made.Guard(card, GUARD_PREPARING, None), discard_hidden=discard
        )
        self.events.append(made.GuardPrepared(actor, card))
        self.phase = PHASE_SETTLE

    def set_guard(self, action: SetGuard) -> None:
        """Set the preparing guard in an orientation; the Act phase goes on (R14)."""
        orientation = action.orientation
        actor = self.turn
        me = self.players[actor]
        assert me.guard is not None
        self.players[actor] = made.with_guard(
            me, made.Guard(me.guard.card, GUARD_SET, orientation)
        )
        self.events.append(made.GuardSet(actor, orientation))
        self.phase = PHASE_ACT

    def attack_with(self, action: Attack) -> None:
        """Play attack cards face up and start the first defender's reaction (R15, R17)."""
        cards = action.cards
        actor = self.turn
        me, hand = self.hand_without(actor, cards)
        self.players[actor] = made.with_played(me, hand, multiset.add(me.in_play, cards))
        hits = attack_hits(self.tables, self.players, actor, cards)
        self.events.append(made.AttackDeclared(actor, cards, hits))
        self.begin_reaction(actor, cards, list(hits))

    def take_damage(self, _: TakeDamage) -> None:
        """Take the incoming damage of a reaction or a counter (R19, R20)."""
        attack = self.pending()
        if self.phase is PHASE_REACT:
            self.finish_unit(attack.damage, 0)
        else:
            self.finish_unit(attack.defender_damage, attack.counter)

    def defend(self, cards: tuple[str, ...], against: int) -> None:
        """Play defence cards face up from the hand (R19)."""
        actor = self.actor
        assert actor is not None
        me, hand = self.hand_without(actor, cards)
        self.players[actor] = made.with_defended(me, hand, multiset.add(me.discard_known, cards))
        self.events.append(made.Defended(actor, cards, against))

    def prepare_new_guard(self, action: PrepareNewGuard) -> None:
        """After a critical block, lay a new guard sideways (R20)."""
        card = action.card
        actor = self.actor
        assert actor is not None
        me, hand = self.hand_without(actor, (card,))
        self.players[actor] = made.player_with(
            me, hand=hand, guard=made.Guard(card, GUARD_PREPARING, None)
        )
        self.events.append(made.GuardPrepared(actor, card))
        self.finish_unit(0, 0)

    def decline_new_guard(self, _: DeclineNewGuard) -> None:
        """After a critical block, keep the returned guard in the hand (R20)."""
        self.finish_unit(0, 0)

    def activate_guard(self, _: ActivateGuard) -> None:
        """Reveal a set guard: a block, or a counter against the attacker (R20)."""
        t = self.tables
        attack = self.pending()
        actor = attack.defender
        me = self.players[actor]
        guard = me.guard
        assert guard is not None and guard.orientation is not None and me.position is not None
        card = guard.card
        attacker = self.players[attack.attacker]
        critical = guard_is_critical(t, actor, guard, me.position, attacker.position)
        self.events.append(made.GuardActivated(actor, card, guard.orientation, critical))
        if guard.orientation is _DEFENSIVE and critical:
            # A critical block: the guard returns to the hand and heals 1 (R20).
            health = me.health
            if t.has_health:
                health = min(t.config.max_health, me.health + 1)
            self.players[actor] = made.player_with(
                me, guard=None, hand=multiset.add(me.hand, (card,)), health=health
            )
            if health != me.health:
                self.events.append(made.HealthRestored(actor, health - me.health, health))
            self.events.append(made.GuardReturned(actor, card))
            self.phase = PHASE_NEW_GUARD
            return
        self.players[actor] = made.player_with(
            me, guard=None, discard_known=multiset.add(me.discard_known, (card,))
        )
        if guard.orientation is _DEFENSIVE:
            self.finish_unit(0, 0)  # a plain block negates all the damage
            return
        if attacker.is_out:
            self.finish_unit(attack.damage - 1, 0)  # R20: negates 1 but deals none
            return
        self.attack = made.PendingAttack(
            attack.attacker,
            attack.cards,
            attack.defender,
            attack.damage,
            attack.waiting,
            3 if critical else 2,  # the counter
            attack.damage - 1,  # the defender's damage
        )
        self.phase = PHASE_COUNTER
        self.actor = attack.attacker


_DECISIONS: dict[type, Callable[[Transaction, Any], None]] = {
    Settle: Transaction.settle,
    Move: Transaction.move,
    EndMove: Transaction.start_act,
    Attack: Transaction.attack_with,
    PrepareGuard: Transaction.prepare_guard,
    SetGuard: Transaction.set_guard,
    TakeDamage: Transaction.take_damage,
    Pass: Transaction.pass_,
    Push: Transaction.push,
    ActivateGuard: Transaction.activate_guard,
    Defend: Transaction.defend_attack,
    DefendCounter: Transaction.defend_counter,
    PrepareNewGuard: Transaction.prepare_new_guard,
    DeclineNewGuard: Transaction.decline_new_guard,
    DiscardDown: Transaction.discard_down,
    PlacePiece: Transaction.place,
}
"""Each decision's effect, by action type (the engine verified the type): a method that
plays the action and every automatic step it sets off."""


# -- entry points ----------------------------------------------------------------------


def play(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Play a verified decision of ``state.actor``: the next state and the events."""
    transaction = Transaction(state)
    _DECISIONS[type(action)](transaction, action)
    return transaction.freeze()


def start(config: Config, seed_state: int, commitment: str) -> GameState:
    """The first state of a game: shuffled decks, setup cards dealt until someone places.

    ``seed_state`` is the random state made from the seed ([guarda._rng][]) for the
    configuration's generator; ``commitment`` is the public hash of the seed and salt,
    the log's first event.
    """
    players = []
    random = seed_state
    shuffle = rng.shuffler(config.shuffle)
    deck = tuple(entry.card.name for entry in config.deck for _ in range(entry.copies))
    for _ in range(config.players):
        pile, random = shuffle(deck, random)
        players.append(
            PlayerState(
                draw_pile=pile,
                hand=(),
                guard=None,
                discard_known=(),
                discard_hidden=(),
                in_play=(),
                position=None,
                health=config.starting_health,
            )
        )
    state = GameState(
        config=config,
        phase=PHASE_SETUP,
        turn=config.first_player,
        actor=config.first_player,
        players=tuple(players),
        rng=random,
        pot=config.stakes.ante * config.players,
        log=EventLog((DealCommitted(commitment),)),
    )
    return continue_setup(state, config.first_player)


def continue_setup(state: GameState, drawer: int) -> GameState:
    """Deal setup cards clockwise from ``drawer`` until someone must place (R9, R10)."""
    transaction = Transaction(state)
    transaction.continue_setup(drawer)
    return transaction.freeze()[0]


def begin_turn(state: GameState, player: int) -> GameState:
    """Start turn number ``state.turn_number + 1`` for ``player``: the Draw phase (R12)."""
    transaction = Transaction(state)
    transaction.start_turn(player)
    return transaction.freeze()[0]


def begin_act(state: GameState) -> GameState:
    """Start the turn player's Act phase: a preparing guard must be set first (R14)."""
    transaction = Transaction(state)
    transaction.start_act()
    return transaction.freeze()[0]
