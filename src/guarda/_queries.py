"""Pure rule queries: one home for each question the rules ask about a position.

Every function here reads a configuration's [tables][guarda._tables.Tables] and parts of a
state (players, a hand, a cell) and returns a number, a cell mask or a tuple; none changes
anything. Legal-action listing, verification, the transaction that plays an action, the
position builder and the consistency checks all ask these, so a rule lives in one place.
Cells are indices ``y * size + x`` ([`Cell.index`][guarda.Cell.index]) and sets of cells
are bitmasks.

The public, documented versions for bots and frontends are in [guarda.rules][].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from guarda._config import Config
from guarda._geometry import Cell, Direction, Orientation
from guarda._state import Guard, GuardStatus, PendingAttack, Phase
from guarda._tables import Tables

__all__ = [
    "Seat",
    "attack_hits",
    "covering",
    "destination",
    "guard_is_critical",
    "hand_target",
    "incoming_damage",
    "lines",
    "next_player",
    "occupancy",
    "occupant",
    "placement_mask",
    "reach",
]


class Seat(Protocol):
    """What the queries read of a player: public facts only.

    A [`PlayerState`][guarda.PlayerState] and a view's
    [`PublicPlayer`][guarda.PublicPlayer] both are one, so the queries answer from a full
    state and from a player's view alike.
    """

    @property
    def position(self) -> Cell | None:
        """The piece's cell, or None."""

    @property
    def is_out(self) -> bool:
        """Whether the player is out."""

    @property
    def in_play(self) -> tuple[str, ...]:
        """The face-up cards before the player."""

    @property
    def guard(self) -> object:
        """The guard, or None: the queries ask only whether there is one."""

    @property
    def draw_pile_size(self) -> int:
        """How many cards the draw pile holds."""


def hand_target(config: Config, player: Seat) -> int:
    """The hand size a player fills or trims to in the Draw phase (R12).

    In Grda a preparing or set guard counts as one card of the hand.
    """
    if config.guard_counts_toward_hand and player.guard is not None:
        return config.hand_size - 1
    return config.hand_size


def occupancy(size: int, players: Sequence[Seat]) -> int:
    """The mask of cells with a piece on them."""
    mask = 0
    for player in players:
        position = player.position
        if position is not None:
            mask |= 1 << (position.y * size + position.x)  # Cell.index, inlined
    return mask


def occupant(players: Sequence[Seat], cell: Cell) -> int | None:
    """The player whose piece stands on ``cell``, or None."""
    for index, player in enumerate(players):
        if player.position == cell:
            return index
    return None


def placement_mask(t: Tables, players: Sequence[Seat], index: int) -> int:
    """The cells a player may place their piece on now, as a mask (R9, R10).

    The free cells where two of the player's face-up setup cards overlap; once the draw
    pile is empty without an overlap, any free cell (R10). 0 while the player must draw on.
    """
    player = players[index]
    masks = t.attack[index]
    free = ~occupancy(t.size, players)
    overlap = 0
    seen = 0
    for card in player.in_play:
        mask = masks[card]
        overlap |= seen & mask
        seen |= mask
    overlap &= free
    if overlap or player.draw_pile_size:
        return overlap
    return free & t.field


def reach(t: Tables, direction: int, start: int, occupied: int) -> int:
    """How many free cells lie in a straight line from ``start`` (R13).

    ``direction`` is an index into [`DIRECTIONS`][guarda._tables.DIRECTIONS]. The cells that
    way form one ray mask; the first occupied one is its lowest set bit when the direction
    adds to the cell index, its highest when it subtracts.
    """
    ray = t.rays[direction][start]
    blockers = ray & occupied
    if not blockers:
        return ray.bit_count()
    stride = t.strides[direction]
    if stride > 0:
        return ((blockers & -blockers).bit_length() - 1 - start) // stride - 1
    return (start - blockers.bit_length() + 1) // -stride - 1


def lines(
    t: Tables, start: int, occupied: int
) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """What a piece on ``start`` can reach in straight lines, given the occupied cells (R13).

    Returns ``(reaches, pushes)``: ``reaches`` holds, per direction in
    [`DIRECTIONS`][guarda._tables.DIRECTIONS] order, how many free cells lie that way (how far
    the piece can move); ``pushes`` holds ``(direction index, neighbour, reach)`` for each
    direction whose neighbouring cell has a piece that could be pushed ``reach`` >= 1 cells.
    """
    reaches = []
    pushes = []
    strides = t.strides
    rays = t.rays
    for index, steps in enumerate(t.step_list):
        # reach(t, index, start, occupied), inlined: a piece asks it every Move phase.
        ray = rays[index][start]
        blockers = ray & occupied
        if not blockers:
            reaches.append(ray.bit_count())
        elif strides[index] > 0:
            reaches.append(((blockers & -blockers).bit_length() - 1 - start) // strides[index] - 1)
        else:
            reaches.append((start - blockers.bit_length() + 1) // -strides[index] - 1)
        neighbour = steps[start]
        if neighbour >= 0 and occupied >> neighbour & 1:
            distance = reach(t, index, neighbour, occupied)
            if distance:
                pushes.append((index, neighbour, distance))
    return tuple(reaches), tuple(pushes)


def destination(t: Tables, origin: Cell, direction: Direction, distance: int) -> Cell:
    """The cell ``distance`` cells from ``origin`` in ``direction`` (on the field)."""
    dx, dy = direction.delta
    return t.cells[(origin.y + dy * distance) * t.size + origin.x + dx * distance]


def covering(hand: tuple[str, ...], masks: dict[str, int], cell: int) -> tuple[str, ...]:
    """The cards of ``hand`` whose mask (from ``masks``) covers ``cell``, in hand order."""
    return tuple(card for card in hand if masks[card] >> cell & 1)


def attack_hits(
    t: Tables, players: Sequence[Seat], attacker: int, cards: tuple[str, ...]
) -> tuple[tuple[int, int], ...]:
    """Who an attack with ``cards`` hits and for how much, clockwise from the attacker.

    Each attack card covering an opponent's cell deals that opponent 1 damage (R15); team
    mates and players who are out are never hit. Returns ``(player, damage)`` pairs in the
    order the defenders react (R17).
    """
    masks = [t.attack[attacker][card] for card in cards]
    hits = []
    count = len(players)
    team = t.team[attacker]
    size = t.size
    for step in range(1, count):
        index = (attacker + step) % count
        other = players[index]
        if other.is_out or other.position is None or t.team[index] == team:
            continue
        cell = other.position.index(size)
        damage = sum(1 for mask in masks if mask >> cell & 1)
        if damage:
            hits.append((index, damage))
    return tuple(hits)


def guard_is_critical(
    t: Tables, owner: int, guard: Guard, own: Cell, attacker: Cell | None
) -> bool:
    """Whether activating a set guard is critical (R20).

    A defensive guard is critical when its defensive pattern covers its owner's cell (a
    critical block); an offensive guard when its attack pattern covers the attacker's cell
    (a critical counter).
    """
    assert guard.status is GuardStatus.SET
    if guard.orientation is Orientation.DEFENSIVE:
        return bool(t.defence[owner][guard.card] >> own.index(t.size) & 1)
    if attacker is None:
        return False
    return bool(t.attack[owner][guard.card] >> attacker.index(t.size) & 1)


def incoming_damage(phase: Phase, attack: PendingAttack | None, player: int) -> int | None:
    """The damage ``player`` must answer now, or None if they are not defending (R19, R20).

    In the REACT phase the defender answers the attack's damage; in the COUNTER phase the
    attacker answers the counter. Each defence card blocks one point of it.
    """
    if attack is not None:
        if phase is Phase.REACT and attack.defender == player:
            return attack.damage
        if phase is Phase.COUNTER and attack.attacker == player:
            return attack.counter
    return None


def next_player(players: Sequence[Seat], player: int) -> int:
    """The next player clockwise who is still in (``player`` itself if nobody else)."""
    count = len(players)
    for step in range(1, count + 1):
        candidate = (player + step) % count
        if not players[candidate].is_out:
            return candidate
    return player
