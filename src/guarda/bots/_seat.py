"""One player's seat at the table: their cards and what they can do with them.

A [`Seat`][guarda.bots._seat.Seat] is read off a [`PlayerView`][guarda.PlayerView] (a
bot's own decision) or off a full [`GameState`][guarda.GameState] (a player in a
search's sampled world); either way it holds only what that player knows about their
own cards and the public table.
"""

from __future__ import annotations

from collections.abc import Sequence

import guarda
from guarda import Cell, GameState, GuardStatus, Orientation, PlayerView
from guarda.bots._reading import attacks, geometry

__all__ = ["Seat", "guard_status"]

Position = GameState | PlayerView


def guard_status(position: Position, player: int) -> GuardStatus | None:
    """The public status of a player's guard, from a state or a view."""
    if isinstance(position, PlayerView):
        return position.players[player].guard
    guard = position.players[player].guard
    return None if guard is None else guard.status


class Seat:
    """The deciding player's cards and the table around them."""

    __slots__ = (
        "cell",
        "config",
        "defending",
        "exhaustion",
        "guard",
        "hand",
        "hill",
        "me",
        "others",
        "position",
        "sizes",
        "strikes",
        "table",
        "targets",
    )

    def __init__(self, position: Position, player: int) -> None:
        self.position = position
        self.config = config = position.config
        self.me = player
        if isinstance(position, PlayerView):
            self.hand: tuple[str, ...] = position.hand
            self.guard: guarda.Guard | None = position.guard
        else:
            self.hand = position.players[player].hand
            self.guard = position.players[player].guard
        players: Sequence[guarda.PlayerState | guarda.PublicPlayer] = position.players
        self.cell = players[player].position
        self.table = table = geometry(config)
        # opponents(position, player), the targets and the hand sizes in one pass: a
        # search builds a seat for every decision of its rollouts
        teams = table.teams
        team = teams[player]
        self.others: list[int] = []
        self.targets: list[Cell | None] = []
        self.sizes: list[tuple[int, int]] = []
        """Each opponent with the number of cards in their hand."""
        spots: list[tuple[int, int]] = []
        for other, public in enumerate(players):
            if public.is_out or teams[other] == team:
                continue
            self.others.append(other)
            target = public.position
            self.targets.append(target)
            if target is not None:
                spots.append((target.x, target.y))
            size = len(public.hand) if isinstance(public, guarda.PlayerState) else public.hand_size
            self.sizes.append((other, size))
        cards = set(self.hand)
        if self.guard is not None:
            cards.add(self.guard.card)
        attack, defence = table.attack, table.defence
        self.defending: dict[str, frozenset[tuple[int, int]]] = {}
        """The cells ``(x, y)`` each card (in the hand or the guard) covers turned around."""
        self.strikes: dict[str, int] = {}
        """How many opponents each card (in the hand or the guard) hits now."""
        for card in cards:
            self.defending[card] = defence[player, card]
            covered = attack[player, card]
            count = 0
            for spot in spots:
                if spot in covered:
                    count += 1
            self.strikes[card] = count
        win = config.win
        self.exhaustion = isinstance(win, guarda.Exhaustion)
        self.hill = win.hill if isinstance(win, guarda.KingOfTheHill) else ()

    def hits(self, card: str) -> int:
        """How many opponents a hand card hits now."""
        return self.strikes[card]

    def defends(self, card: str, cell: Cell | None) -> bool:
        """Whether a card in the hand or the guard, turned around, covers ``cell``."""
        return cell is not None and (cell.x, cell.y) in self.defending[card]

    def value(self, card: str) -> float:
        """How much a hand card is worth keeping here (see ``keep_value``)."""
        return 3.0 * self.strikes[card] + (2.0 if self.defends(card, self.cell) else 0.0)

    def cheapest(
        self, count: int, cell: Cell | None = None, targets: Sequence[Cell | None] | None = None
    ) -> tuple[str, ...]:
        """The ``count`` hand cards least worth keeping on ``cell``, opponents on ``targets``."""
        where = self.cell if cell is None else cell
        spot = None if where is None else (where.x, where.y)
        defending = self.defending
        if targets is None:
            strikes = self.strikes
            ranked = sorted(
                self.hand,
                key=lambda card: (3.0 * strikes[card] + 2.0 * (spot in defending[card]), card),
            )
        else:
            config, me = self.config, self.me
            ranked = sorted(
                self.hand,
                key=lambda card: (
                    3.0 * sum(1 for aim in targets if attacks(config, me, card, aim))
                    + 2.0 * (spot in defending[card]),
                    card,
                ),
            )
        return tuple(ranked[:count])

    def standing(
        self, cell: Cell | None, targets: Sequence[Cell | None], burned: Sequence[str]
    ) -> float:
        """How good a Move phase leaves the player: on ``cell``, opponents on ``targets``,
        ``burned`` cards gone."""
        hand = list(self.hand)
        for card in burned:
            hand.remove(card)
        config, me, defending = self.config, self.me, self.defending
        hits = 0
        if targets is self.targets:
            strikes = self.strikes
            for card in hand:
                hits += strikes[card]
        else:
            for card in hand:
                for target in targets:
                    hits += attacks(config, me, card, target)
        spot = None if cell is None else (cell.x, cell.y)
        covering = 0
        for card in hand:
            covering += spot in defending[card]
        score = 3.0 * hits + 1.0 * min(covering, 2)
        guard = self.guard
        blocking = guard is not None and guard.orientation is not Orientation.OFFENSIVE
        if blocking and guard is not None and spot in defending[guard.card]:
            score += 3.0  # a block here would be critical (R20)
        if cell is not None:
            # exposure(self.position, me, cell, self.others), with the hand sizes read once
            threat, total = self.table.threat, 0.0
            for other, size in self.sizes:
                total += threat(other, cell) * size
            score -= 1.5 * total
            if cell in self.hill:
                score += 4.0
        return score - (0.6 if self.exhaustion else 0.3) * len(burned)

    def guard_card(self) -> str | None:
        """The hand card to lay as a guard: one that blocks critically here (the one that
        hits fewest), else the card least worth keeping."""
        if not self.hand:
            return None
        critical = [card for card in self.hand if self.defends(card, self.cell)]
        if critical:
            return min(critical, key=lambda card: (self.strikes[card], card))
        return self.cheapest(1)[0]
