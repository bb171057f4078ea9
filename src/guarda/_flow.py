"""The automatic steps of the game: setup, draws, turns, damage, eliminations, the end.

The engine copies a state into a :class:`Work` record, lets a decision and every
automatic step that follows it change the record, then freezes it into the next
:class:`~guarda._state.GameState`. Nothing here is public API: see :mod:`guarda._engine`.
"""

from __future__ import annotations

from guarda import _multiset as multiset
from guarda import _rng as rng
from guarda._config import DrawRule
from guarda._events import (
    CardsDrawn,
    DamageTaken,
    DiscardPileShuffled,
    EliminationReason,
    Event,
    GameEnded,
    GuardBroken,
    LootClaimed,
    LootDropped,
    PiecePlaced,
    PlayerEliminated,
    PointsScored,
    SetupCardDrawn,
    SetupCardsDiscarded,
    StakeClaimed,
    TurnEnded,
    TurnStarted,
)
from guarda._geometry import Cell
from guarda._outcome import find_outcome, turn_limit_outcome
from guarda._state import (
    EventLog,
    GameState,
    Guard,
    GuardStatus,
    Outcome,
    PendingAttack,
    Phase,
    PlayerState,
)
from guarda._tables import Tables, tables

__all__ = ["Work"]


def player_with(
    player: PlayerState,
    *,
    draw_pile: tuple[str, ...] | None = None,
    hand: tuple[str, ...] | None = None,
    guard: Guard | bool | None = False,
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
    return PlayerState(
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


class Work:
    """A mutable copy of a state while one action and its automatic steps resolve."""

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
        self.went_out: list[int] = []
        self.first_placed = state.first_placed

    def freeze(self) -> tuple[GameState, tuple[Event, ...]]:
        """The new state and the events produced."""
        events = tuple(self.events)
        return (
            GameState(
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
                EventLog(events, self.state.log) if events else self.state.log,
            ),
            events,
        )

    # -- helpers -------------------------------------------------------------------

    def next_player(self, player: int) -> int:
        """The next player clockwise who is still in (``player`` itself if nobody else)."""
        count = len(self.players)
        for step in range(1, count + 1):
            candidate = (player + step) % count
            if not self.players[candidate].is_out:
                return candidate
        return player

    def occupied(self) -> int:
        """Mask of occupied cells."""
        size = self.tables.size
        mask = 0
        for player in self.players:
            if player.position is not None:
                mask |= 1 << (player.position.y * size + player.position.x)
        return mask

    def hand_target(self, player: PlayerState) -> int:
        """The hand size this player fills or trims to (R12)."""
        config = self.tables.config
        if config.guard_counts_toward_hand and player.guard is not None:
            return config.hand_size - 1
        return config.hand_size

    def draw(self, index: int, count: int) -> bool:
        """Draw ``count`` cards for a player, reshuffling when allowed (R12, R24).

        Returns False if the player went out for exhaustion (R24).
        """
        player = self.players[index]
        pile, hand = player.draw_pile, player.hand
        while count > 0:
            if not pile:
                if not self.tables.reshuffles:
                    self.players[index] = player_with(player, draw_pile=pile, hand=hand)
                    self.eliminate(index, EliminationReason.EXHAUSTED, None)
                    return False
                discards = player.discard_known + player.discard_hidden
                if not discards:
                    break  # both empty: the hand stays short (R12)
                pile, self.rng = rng.shuffle(sorted(discards), self.rng)
                player = player_with(player, discard_known=(), discard_hidden=())
                self.events.append(DiscardPileShuffled(index, len(pile)))
            taken = pile[:count]
            pile = pile[count:]
            hand = multiset.add(hand, taken)
            count -= len(taken)
            self.events.append(CardsDrawn(index, len(taken), tuple(sorted(taken))))
        self.players[index] = player_with(player, draw_pile=pile, hand=hand)
        return True

    # -- setup (R9-R11) --------------------------------------------------------------

    def placement_cells(self, index: int) -> int:
        """Mask of cells the player may place on now (R9, R10), 0 if none yet."""
        player = self.players[index]
        masks = self.tables.attack[index]
        free = ~self.occupied()
        overlap = 0
        seen = 0
        for card in player.in_play:
            mask = masks[card]
            overlap |= seen & mask
            seen |= mask
        overlap &= free
        if overlap or player.draw_pile:
            return overlap
        return free & ((1 << (self.tables.size * self.tables.size)) - 1)

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
                    self.players[index] = player_with(
                        player, draw_pile=player.draw_pile[1:], in_play=(*player.in_play, card)
                    )
                    self.events.append(SetupCardDrawn(index, card))
                if self.placement_cells(index):
                    self.phase = Phase.SETUP
                    self.turn = self.actor = index
                    return

    def place(self, index: int, cell: Cell) -> None:
        """Place a piece, discard the setup cards and go on with setup (R9, R11)."""
        player = self.players[index]
        self.players[index] = player_with(
            player,
            position=cell,
            in_play=(),
            discard_hidden=multiset.add(player.discard_hidden, tuple(sorted(player.in_play))),
        )
        self.events.append(PiecePlaced(index, cell))
        self.events.append(SetupCardsDiscarded(index, len(player.in_play)))
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
            leader = self.next_player(leader)
        self.start_turn(leader)

    # -- turns -----------------------------------------------------------------------

    def start_turn(self, index: int) -> None:
        """Begin a turn with the automatic part of the Draw phase (R12)."""
        self.turn_number += 1
        self.turn = index
        self.has_moved = False
        self.attack = None
        self.events.append(TurnStarted(index, self.turn_number))
        config = self.tables.config
        exhausted = config.draw_rule is DrawRule.DRAW_ONE_THEN_FILL and not self.draw(index, 1)
        if not exhausted:
            missing = self.hand_target(self.players[index]) - len(self.players[index].hand)
            exhausted = missing > 0 and not self.draw(index, missing)
        if exhausted:
            if not self.check_end():
                self.end_turn(completed=False)
            return
        player = self.players[index]
        self.actor = index
        if len(player.hand) > self.hand_target(player):
            self.phase = Phase.DISCARD
        else:
            self.phase = Phase.MOVE

    def start_act(self) -> None:
        """Begin the Act phase: a preparing guard must be set first (R14)."""
        guard = self.players[self.turn].guard
        if guard is not None and guard.status is GuardStatus.PREPARING:
            self.phase = Phase.SET_GUARD
        else:
            self.phase = Phase.ACT
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
            and self.tables.hill >> (position.y * self.tables.size + position.x) & 1
        )
        if scored:
            self.players[index] = player_with(player, points=player.points + 1)
            self.events.append(PointsScored(index, 1, player.points + 1))
        self.turns_ended += 1
        self.events.append(TurnEnded(index, self.turns_ended))
        if scored and self.check_end():
            return
        limit = self.tables.config.turn_limit
        if limit is not None and self.turns_ended >= limit:
            self.end_game(
                turn_limit_outcome(self.tables, self.players, self.pot, self.loot_total())
            )
            return
        self.start_turn(self.next_player(index))

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
                self.players[index] = player_with(player, winnings=player.winnings + amount)
                self.events.append(LootClaimed(index, cell, amount))
                return

    def eliminate(self, index: int, reason: EliminationReason, by: int | None) -> None:
        """Put a player out: piece removed, cards out of play, stakes handled (R22, R26)."""
        player = self.players[index]
        # R22: the piece leaves the field; face-up cards on the table join the discards.
        self.players[index] = player_with(
            player,
            is_out=True,
            position=None,
            in_play=(),
            discard_known=multiset.add(player.discard_known, tuple(sorted(player.in_play))),
        )
        self.went_out.append(index)
        self.events.append(PlayerEliminated(index, reason))
        ante = self.tables.config.stakes.ante
        if not ante:
            return
        if self.tables.bounty and by is not None and by != index:
            claimer = self.players[by]
            self.players[by] = player_with(claimer, winnings=claimer.winnings + ante)
            self.pot -= ante
            self.events.append(StakeClaimed(by, index, ante))
        elif self.tables.scavenger and player.position is not None:
            self.pot -= ante
            cell = player.position
            merged = dict(self.loot)
            merged[cell] = merged.get(cell, 0) + ante
            self.loot = tuple(sorted(merged.items(), key=lambda item: (item[0].y, item[0].x)))
            self.events.append(LootDropped(index, cell, ante))

    def check_end(self) -> bool:
        """End the game if it is decided (R22-R25); True if it ended."""
        outcome = find_outcome(
            self.tables, self.players, self.went_out, self.pot, self.loot_total()
        )
        self.went_out = []
        if outcome is None:
            return False
        self.end_game(outcome)
        return True

    def end_game(self, outcome: Outcome) -> None:
        """Record the outcome."""
        self.outcome = outcome
        self.phase = Phase.OVER
        self.actor = None
        self.attack = None
        self.events.append(GameEnded(outcome.winners, outcome.drawn))

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
            if guard is not None and guard.status is GuardStatus.PREPARING and damage >= 2:
                self.players[defender] = player_with(
                    player,
                    guard=None,
                    discard_hidden=multiset.add(player.discard_hidden, (guard.card,)),
                )
                self.events.append(GuardBroken(defender, guard.card))
                damage -= 1
            self.attack = PendingAttack(attacker, cards, defender, damage, tuple(queue))
            self.phase = Phase.REACT
            self.actor = defender
            return
        self.attack = None
        if self.players[attacker].is_out:
            self.end_turn(completed=False)
        else:
            self.phase = Phase.SETTLE
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
                    self.eliminate(index, EliminationReason.HEALTH, by)
        if self.check_end():
            return
        self.begin_reaction(attacker, attack.cards, list(attack.waiting))

    def hurt(self, index: int, amount: int, source: int) -> None:
        """Deal damage: health, or points for the dealer in Victory (R20, R23)."""
        player = self.players[index]
        if self.tables.has_health:
            health = max(0, player.health - amount)
            self.players[index] = player_with(player, health=health)
            self.events.append(DamageTaken(index, amount, source, health))
            return
        self.events.append(DamageTaken(index, amount, source, player.health))
        gained = amount if self.tables.per_damage else 1
        dealer = self.players[source]
        self.players[source] = player_with(dealer, points=dealer.points + gained)
        self.events.append(PointsScored(source, gained, dealer.points + gained))
