"""Rule queries for bots and frontends: what the rules say about a position.

Every function here answers one question the rules ask ("which cells does this card
cover?", "whom would this attack hit?", "where can my piece go?") about a full
[`GameState`][guarda._state.GameState] **or** a player's
[`PlayerView`][guarda._views.PlayerView], so a bot that decides from its view and a
frontend that highlights the field ask the same questions the engine asks, and get the
same answers. None of them changes anything.

- Cells come back as [`Cell`][guarda._geometry.Cell] values, sorted by index (row by row
  from ``a1``); players as player numbers; cards as card names, in hand order.
- ``player`` defaults to whoever must decide now (``position.actor``).
- From a view, questions about hidden things (another player's hand or guard) are refused
  with an [`ArgumentError`][guarda.errors.ArgumentError] naming ruling R28; everything
  else (positions, hand sizes, guard statuses, face-up setup cards) is public, so a view
  answers exactly as the state does.
- Arguments are checked: a player that does not exist, a card the deck does not have, an
  attack without cards raise [`ArgumentError`][guarda.errors.ArgumentError] with ``path``
  (the argument) and ``rule`` (the ruling); a malformed orientation raises
  [`ParseError`][guarda.errors.ParseError].

Examples:
    >>> import guarda
    >>> from guarda import rules
    >>> state = (
    ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
    ...     .player(0, position="b1", hand=("V2", "H5", "X"))
    ...     .player(1, position="b5", hand=("H1", "V4"))
    ...     .to_act(0, guarda.Phase.ACT)
    ...     .build()
    ... )
    >>> rules.attack_targets(state, ("V2", "H5", "X"))
    (Hit(player=1, damage=2),)
    >>> mine = guarda.view(state, 0)
    >>> [card for card in mine.hand if rules.attack_damage(mine, (card,))]
    ['H5', 'V2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from guarda import _queries
from guarda._config import Config
from guarda._geometry import Cell, Direction, Orientation
from guarda._state import GameState, Guard, GuardStatus, Phase
from guarda._tables import DIRECTIONS, Tables, tables
from guarda._views import PlayerView
from guarda.errors import ArgumentError, ParseError

__all__ = [
    "Destination",
    "Hit",
    "PushTarget",
    "attack_damage",
    "attack_targets",
    "blocked_damage",
    "covered_cells",
    "defence_cards",
    "hand_target",
    "is_critical_block",
    "is_critical_counter",
    "placement_cells",
    "push_targets",
    "reachable_cells",
]


class Hit(NamedTuple):
    """One opponent an attack hits, and how hard (R15, R17).

    A plain tuple too: ``Hit(1, 2) == (1, 2)``, the form of
    [`AttackDeclared.targets`][guarda._events.AttackDeclared].
    """

    player: int
    """The opponent hit."""
    damage: int
    """The incoming damage: how many attack cards cover the opponent's cell."""


class Destination(NamedTuple):
    """A cell a piece can move to, which way, and what it costs (R13)."""

    cell: Cell
    """The cell the piece would end on."""
    direction: Direction
    """The straight line it moves along."""
    cost: int
    """The cards to burn: one per cell moved."""


class PushTarget(NamedTuple):
    """A neighbouring opponent the player can push, which way and how far at most (R13)."""

    player: int
    """The opponent to push."""
    direction: Direction
    """The way the opponent would go: straight away from the pusher."""
    distance: int
    """The farthest push: free cells behind the opponent, and no more than the cards in
    the pusher's hand (one card per cell)."""


# -- checking arguments ---------------------------------------------------------------


def _tables_of(position: object) -> Tables:
    """The tables of a state's or a view's configuration; refuse anything else."""
    if not isinstance(position, GameState | PlayerView):
        raise ArgumentError(
            f"not a GameState or a PlayerView: {type(position).__name__}", path="position"
        )
    return tables(position.config)


def _seat(count: int, player: object, path: str) -> int:
    """``player`` as a player number of a ``count``-player game."""
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < count:
        raise ArgumentError(f"no player {player!r} in a {count}-player game", rule="R4", path=path)
    return player


def _player(position: GameState | PlayerView, player: object, path: str = "player") -> int:
    """The player asked about: ``player``, or whoever must decide now."""
    if player is None:
        if position.actor is None:
            raise ArgumentError(
                "the game is over, so nobody must decide: name a player", path=path
            )
        return position.actor
    return _seat(position.config.players, player, path)


def _card(t: Tables, card: object, path: str) -> str:
    if not isinstance(card, str) or card not in t.names:
        raise ArgumentError(f"this deck has no card named {card!r}", rule="R3", path=path)
    return card


def _cards(t: Tables, cards: object, path: str = "cards") -> tuple[str, ...]:
    """``cards`` as a sorted tuple of this deck's card names."""
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise ArgumentError(f"give a sequence of card names, not {cards!r}", path=path)
    names = tuple(cards)
    for index, card in enumerate(names):
        _card(t, card, f"{path}[{index}]")
    return tuple(sorted(names))


def _orientation(orientation: object) -> Orientation:
    if isinstance(orientation, Orientation):
        return orientation
    if isinstance(orientation, str):
        try:
            return Orientation(orientation)
        except ValueError:
            pass
        raise ParseError(
            f"not an orientation: {orientation!r} (use offensive or defensive)",
            rule="R6",
            path="orientation",
        )
    raise ArgumentError(f"not an Orientation: {orientation!r}", rule="R6", path="orientation")


def _damage(damage: object) -> int:
    if not isinstance(damage, int) or isinstance(damage, bool) or damage < 0:
        raise ArgumentError(
            f"damage is a whole number from 0, not {damage!r}", rule="R17", path="damage"
        )
    return damage


# -- reading a state or a view --------------------------------------------------------


def _seats(position: GameState | PlayerView) -> Sequence[_queries.Seat]:
    """The players, with the public facts the rule queries read."""
    return position.players


def _hand_size(position: GameState | PlayerView, player: int) -> int:
    if isinstance(position, GameState):
        return len(position.players[player].hand)
    return position.players[player].hand_size


def _hidden_from(view: PlayerView, player: int, what: str) -> ArgumentError:
    viewer = "a spectator" if view.player is None else f"player {view.player}"
    return ArgumentError(
        f"player {player}'s {what} is hidden from this view of {viewer}", rule="R28", path="player"
    )


def _hand(position: GameState | PlayerView, player: int) -> tuple[str, ...]:
    """The player's hand; a view shows only the viewer's own (R28)."""
    if isinstance(position, GameState):
        return position.players[player].hand
    if position.player != player:
        raise _hidden_from(position, player, "hand")
    return position.hand


def _guard(position: GameState | PlayerView, player: int) -> Guard | None:
    """The player's guard with its card; a view shows only the viewer's own (R28)."""
    if isinstance(position, GameState):
        return position.players[player].guard
    if position.player != player:
        raise _hidden_from(position, player, "guard")
    return position.guard


def _cells(t: Tables, mask: int) -> tuple[Cell, ...]:
    cells = t.cells
    return tuple(cells[index] for index in range(len(cells)) if mask >> index & 1)


# -- cards and attacks ----------------------------------------------------------------


def covered_cells(
    config: Config,
    player: int,
    card: str,
    orientation: Orientation | str = Orientation.OFFENSIVE,
) -> tuple[Cell, ...]:
    """The field cells a card covers when ``player`` plays it (R5, R6).

    In attack orientation (the default) these are the cells an attack with the card hits;
    in defensive orientation the cells it defends. A card that defends a cell ``(x, y)``
    attacks the point-mirrored cell ``(N-1-x, N-1-y)``: it cuts both ways (R6).

    Args:
        config: The ruleset.
        player: The player playing the card (their seat turns the card, R5).
        card: The card's name, such as ``"V2"``.
        orientation: ``Orientation.OFFENSIVE`` (attack) or ``Orientation.DEFENSIVE``
            (defence, a blocking guard), or its value (``"defensive"``).

    Returns:
        The covered cells, sorted by index.

    Raises:
        ArgumentError: If ``config`` is not a ruleset, the player does not exist or the
            deck has no such card.
        ParseError: If ``orientation`` is not an orientation's name.

    Examples:
        >>> import guarda
        >>> config = guarda.modern(players=2)
        >>> [str(cell) for cell in covered_cells(config, 0, "V2")]
        ['b1', 'b2', 'b3', 'b4', 'b5']
        >>> [str(cell) for cell in covered_cells(config, 1, "H1")]  # North's near row
        ['a5', 'b5', 'c5', 'd5', 'e5']
        >>> [str(cell) for cell in covered_cells(config, 0, "H1", "defensive")]
        ['a5', 'b5', 'c5', 'd5', 'e5']
    """
    if not isinstance(config, Config):
        raise ArgumentError(f"not a Config: {type(config).__name__}", path="config")
    t = tables(config)
    seat = _seat(config.players, player, "player")
    name = _card(t, card, "card")
    masks = t.attack if _orientation(orientation) is Orientation.OFFENSIVE else t.defence
    return _cells(t, masks[seat][name])


def attack_targets(
    position: GameState | PlayerView, cards: Iterable[str], player: int | None = None
) -> tuple[Hit, ...]:
    """Whom an attack with ``cards`` would hit, and for how much (R15, R17).

    Each attack card deals 1 damage to every opponent whose cell it covers; teammates and
    players who are out are never hit. The cards need not be in the attacker's hand, so
    this also answers "what could that player do to me with a V3?".

    Args:
        position: A state or a view.
        cards: The attack cards (card names; repeats count).
        player: The attacker; by default whoever must decide now.

    Returns:
        A [`Hit`][guarda.rules.Hit] per opponent hit, in the order the defenders would
        react: clockwise from the attacker (R17). Equal to the ``targets`` of the
        [`AttackDeclared`][guarda._events.AttackDeclared] event of that attack.

    Raises:
        ArgumentError: If ``cards`` is empty (R14) or holds a card the deck does not
            have, or the player does not exist.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=3), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H3"))
        ...     .player(1, position="a3")
        ...     .player(2, position="b5")
        ...     .to_act(0, guarda.Phase.ACT)
        ...     .build()
        ... )
        >>> attack_targets(state, ("V2", "H3"))
        (Hit(player=1, damage=1), Hit(player=2, damage=1))
        >>> attack_targets(state, ("V2", "V2"))
        (Hit(player=2, damage=2),)
    """
    t = _tables_of(position)
    attacker = _player(position, player)
    played = _cards(t, cards)
    if not played:
        raise ArgumentError("an attack needs at least one card", rule="R14", path="cards")
    hits = _queries.attack_hits(t, _seats(position), attacker, played)
    return tuple(Hit(target, damage) for target, damage in hits)


def attack_damage(
    position: GameState | PlayerView, cards: Iterable[str], player: int | None = None
) -> int:
    """The total damage an attack with ``cards`` would deal, over every opponent (R15).

    Args:
        position: A state or a view.
        cards: The attack cards.
        player: The attacker; by default whoever must decide now.

    Returns:
        The sum of the damage of [`attack_targets`][guarda.rules.attack_targets].

    Raises:
        ArgumentError: As [`attack_targets`][guarda.rules.attack_targets].

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=3), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H3"))
        ...     .player(1, position="a3")
        ...     .player(2, position="b5")
        ...     .to_act(0, guarda.Phase.ACT)
        ...     .build()
        ... )
        >>> attack_damage(state, ("V2", "H3")), attack_damage(state, ("H1",))
        (2, 0)
    """
    return sum(hit.damage for hit in attack_targets(position, cards, player))


# -- defence and guards ---------------------------------------------------------------


def defence_cards(position: GameState | PlayerView, player: int | None = None) -> tuple[str, ...]:
    """The cards of the player's hand that cover their own cell in defensive orientation.

    These are the cards a hand defence may play, one per point of damage (R19), against
    an attack or a counter. From a view only the viewer's own hand is known.

    Args:
        position: A state or a view.
        player: The defender; by default whoever must decide now.

    Returns:
        The defence cards in hand order (sorted, repeats kept); empty for a player not on
        the field.

    Raises:
        ArgumentError: If the player does not exist, or ``position`` is a view and the
            player is not the viewer (R28).

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H5", "H1"))
        ...     .player(1, position="b5", hand=("V2", "H1", "H5"))
        ...     .to_act(0, guarda.Phase.ACT)
        ...     .build()
        ... )
        >>> defence_cards(state, 1)  # North's V2 and H5, turned around, cover b5
        ('H5', 'V2')
        >>> try:
        ...     defence_cards(guarda.view(state, 0), 1)
        ... except guarda.ArgumentError as error:
        ...     print(error)
        player: player 1's hand is hidden from this view of player 0 (R28)
    """
    t = _tables_of(position)
    me = _player(position, player)
    hand = _hand(position, me)
    cell = position.players[me].position
    if cell is None:
        return ()
    return _queries.covering(hand, t.defence[me], cell.index(t.size))


def _incoming(position: GameState | PlayerView, player: int) -> int:
    """The damage the player must answer now: an attack (REACT) or a counter (COUNTER)."""
    damage = _queries.incoming_damage(position.phase, position.attack, player)
    if damage is not None:
        return damage
    raise ArgumentError(
        f"player {player} is not defending now: give the damage", rule="R19", path="damage"
    )


def blocked_damage(
    position: GameState | PlayerView,
    cards: Iterable[str],
    player: int | None = None,
    damage: int | None = None,
) -> int:
    """How much damage a hand defence with ``cards`` would negate (R19).

    Each card that covers the defender's own cell in defensive orientation negates 1
    damage, and a defence negates no more than the damage it answers. Cards that do not
    cover the cell negate nothing (the engine would refuse them). The cards need not be
    in the hand, so this also answers "would a V3 have saved me?".

    Args:
        position: A state or a view.
        cards: The defence cards.
        player: The defender; by default whoever must decide now.
        damage: The damage defended against; by default the damage the player must answer
            now: the incoming damage of an attack (REACT phase, after a broken guard,
            R18) or the counter damage (COUNTER phase, R20).

    Returns:
        The damage negated, from 0 to ``damage``.

    Raises:
        ArgumentError: If a card is not in the deck, the player does not exist,
            ``damage`` is not a whole number from 0, or ``damage`` is left out while the
            player answers no attack or counter now.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H5"))
        ...     .player(1, position="b5", hand=("V2", "H5", "H1"))
        ...     .to_act(0, guarda.Phase.ACT)
        ...     .build()
        ... )
        >>> state, _ = guarda.apply(state, guarda.Attack(("V2", "H5")))
        >>> state.actor, state.attack.damage
        (1, 2)
        >>> blocked_damage(state, ("V2", "H5", "H1")), blocked_damage(state, ("H1",))
        (2, 0)
        >>> blocked_damage(state, ("V2",), damage=3)
        1
    """
    t = _tables_of(position)
    me = _player(position, player)
    played = _cards(t, cards)
    limit = _incoming(position, me) if damage is None else _damage(damage)
    cell = position.players[me].position
    if cell is None:
        return 0
    return min(limit, len(_queries.covering(played, t.defence[me], cell.index(t.size))))


def is_critical_block(position: GameState | PlayerView, player: int | None = None) -> bool:
    """Whether activating the player's guard now would be a critical block (R20).

    True when the guard is set defensively and its pattern, in defensive orientation,
    covers the player's own cell: the block then also heals 1 and the guard returns to
    the hand. False without a set defensive guard. From a view only the viewer's own guard
    is known.

    Args:
        position: A state or a view.
        player: The guard's owner; by default whoever must decide now.

    Returns:
        Whether the block would be critical.

    Raises:
        ArgumentError: If the player does not exist, or ``position`` is a view and the
            player is not the viewer (R28).

    Examples:
        >>> import guarda
        >>> from guarda import Guard, GuardStatus, Orientation
        >>> builder = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(1, position="b5")
        ...     .to_act(1, guarda.Phase.ACT)
        ... )
        >>> block = Guard("V4", GuardStatus.SET, Orientation.DEFENSIVE)
        >>> is_critical_block(builder.player(0, position="b1", guard=block).build(), 0)
        True
        >>> is_critical_block(builder.player(0, position="c1", guard=block).build(), 0)
        False
    """
    t = _tables_of(position)
    me = _player(position, player)
    guard = _guard(position, me)
    cell = position.players[me].position
    if (
        guard is None
        or guard.status is not GuardStatus.SET
        or guard.orientation is not Orientation.DEFENSIVE
        or cell is None
    ):
        return False
    return _queries.guard_is_critical(t, me, guard, cell, None)


def is_critical_counter(
    position: GameState | PlayerView, player: int | None = None, attacker: int | None = None
) -> bool:
    """Whether activating the player's guard now would be a critical counter (R20).

    True when the guard is set offensively and its pattern, in attack orientation from
    the player's seat, covers the attacker's cell: the counter then deals 3 damage
    instead of 2. False without a set offensive guard, or against an attacker who is out.
    From a view only the viewer's own guard is known.

    Args:
        position: A state or a view.
        player: The guard's owner; by default whoever must decide now.
        attacker: The attacker countered; by default the attacker of the attack being
            resolved.

    Returns:
        Whether the counter would be critical.

    Raises:
        ArgumentError: If a player does not exist, ``position`` is a view and the player
            is not the viewer (R28), ``attacker`` is the player, or ``attacker`` is left
            out while no attack is being resolved.

    Examples:
        >>> import guarda
        >>> from guarda import Guard, GuardStatus, Orientation
        >>> counter = Guard("V4", GuardStatus.SET, Orientation.OFFENSIVE)
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="b1", hand=("V2",))
        ...     .player(1, position="b5", guard=counter)
        ...     .to_act(0, guarda.Phase.ACT)
        ...     .build()
        ... )
        >>> is_critical_counter(state, 1, attacker=0)
        True
        >>> state, _ = guarda.apply(state, guarda.Attack(("V2",)))
        >>> is_critical_counter(guarda.view(state, 1))  # player 1 reacts to player 0
        True
    """
    t = _tables_of(position)
    me = _player(position, player)
    if attacker is None:
        if position.attack is None:
            raise ArgumentError(
                "no attack is being resolved: name the attacker", rule="R20", path="attacker"
            )
        foe = position.attack.attacker
    else:
        foe = _seat(position.config.players, attacker, "attacker")
    if foe == me:
        raise ArgumentError(
            f"player {me} cannot counter their own attack", rule="R20", path="attacker"
        )
    guard = _guard(position, me)
    cell = position.players[me].position
    if (
        guard is None
        or guard.status is not GuardStatus.SET
        or guard.orientation is not Orientation.OFFENSIVE
        or cell is None
    ):
        return False
    return _queries.guard_is_critical(t, me, guard, cell, position.players[foe].position)


# -- the field: setup and moves ---------------------------------------------------------


def placement_cells(
    position: GameState | PlayerView, player: int | None = None
) -> tuple[Cell, ...]:
    """Where the player may place their piece in setup (R9, R10).

    The free cells where two of the player's face-up setup cards overlap; once the
    player's draw pile is empty without an overlap, every free cell (R10). Setup cards are
    face up, so a view answers for every player.

    Args:
        position: A state or a view.
        player: The player placing; by default whoever must decide now.

    Returns:
        The cells, sorted by index; empty outside setup, for a player already placed, and
        while the player must draw on.

    Raises:
        ArgumentError: If the player does not exist.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=2)
        >>> state.actor, state.players[0].in_play  # South's face-up setup cards
        (0, ('X', 'V1'))
        >>> [str(cell) for cell in placement_cells(state)]
        ['a1', 'a5']
        >>> placement_cells(guarda.view(state, None)) == placement_cells(state)
        True
    """
    t = _tables_of(position)
    me = _player(position, player)
    if position.phase is not Phase.SETUP or position.players[me].position is not None:
        return ()
    return _cells(t, _queries.placement_mask(t, _seats(position), me))


def reachable_cells(
    position: GameState | PlayerView, player: int | None = None
) -> tuple[Destination, ...]:
    """Where the player's piece can move in a Move phase, and what each move costs (R13).

    A move goes in one straight line over free cells only, and burns one card per cell,
    so it reaches no farther than the cards in the player's hand. In the player's own
    Move phase after they moved, nothing. Hand sizes are public, so a view answers for
    every player.

    Args:
        position: A state or a view.
        player: The player moving; by default whoever must decide now.

    Returns:
        A [`Destination`][guarda.rules.Destination] per reachable cell, sorted by cell
        index; empty for a player not on the field.

    Raises:
        ArgumentError: If the player does not exist.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H5", "X"))
        ...     .player(1, position="b3")
        ...     .to_act(0, guarda.Phase.MOVE)
        ...     .build()
        ... )
        >>> [(str(cell), cost) for cell, _, cost in reachable_cells(state)]
        [('a1', 1), ('c1', 1), ('d1', 2), ('e1', 3), ('b2', 1)]
        >>> reachable_cells(state)[0]
        Destination(cell=Cell(x=0, y=0), direction=<Direction.WEST: 'W'>, cost=1)
    """
    t = _tables_of(position)
    me = _player(position, player)
    origin = position.players[me].position
    if origin is None or (
        position.phase is Phase.MOVE and position.turn == me and position.has_moved
    ):
        return ()
    budget = _hand_size(position, me)
    occupied = _queries.occupancy(t.size, _seats(position))
    reaches, _ = _queries.lines(t, origin.index(t.size), occupied)
    found = [
        Destination(_queries.destination(t, origin, direction, cost), direction, cost)
        for direction, distance in zip(DIRECTIONS, reaches, strict=True)
        for cost in range(1, min(distance, budget) + 1)
    ]
    found.sort(key=lambda destination: destination.cell.index(t.size))
    return tuple(found)


def push_targets(
    position: GameState | PlayerView, player: int | None = None
) -> tuple[PushTarget, ...]:
    """Whom the player can push in a Move phase, which way and how far (R13).

    An opponent orthogonally next to the player can be pushed straight away from them,
    one card per cell, over free cells only; teammates cannot be pushed. A push is
    allowed after a move too. Hand sizes are public, so a view answers for every player.

    Args:
        position: A state or a view.
        player: The pusher; by default whoever must decide now.

    Returns:
        A [`PushTarget`][guarda.rules.PushTarget] per opponent that can be pushed at
        least one cell, in direction order north, east, south, west; empty for a player
        not on the field or without cards.

    Raises:
        ArgumentError: If the player does not exist.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H5", "X"))
        ...     .player(1, position="b3")
        ...     .to_act(0, guarda.Phase.MOVE)
        ...     .build()
        ... )
        >>> push_targets(state)
        ()
        >>> state, _ = guarda.apply(state, guarda.Move("N", ("X",)))
        >>> push_targets(state)
        (PushTarget(player=1, direction=<Direction.NORTH: 'N'>, distance=2),)
    """
    t = _tables_of(position)
    me = _player(position, player)
    origin = position.players[me].position
    budget = _hand_size(position, me)
    if origin is None or not budget:
        return ()
    seats = _seats(position)
    _, pushes = _queries.lines(t, origin.index(t.size), _queries.occupancy(t.size, seats))
    found = []
    for index, neighbour, distance in pushes:
        target = _queries.occupant(seats, t.cells[neighbour])
        if target is not None and t.team[target] != t.team[me]:
            found.append(PushTarget(target, DIRECTIONS[index], min(distance, budget)))
    return tuple(found)


def hand_target(position: GameState | PlayerView, player: int | None = None) -> int:
    """The hand size the player fills or trims to in their Draw phase (R12).

    The configuration's hand size, one less while a preparing or set guard counts toward
    the hand (Grda). Guard statuses are public, so a view answers for every player.

    Args:
        position: A state or a view.
        player: The player; by default whoever must decide now.

    Returns:
        The number of hand cards the Draw phase ends with (when the piles hold enough).

    Raises:
        ArgumentError: If the player does not exist.

    Examples:
        >>> import guarda
        >>> from guarda import Guard, GuardStatus
        >>> state = (
        ...     guarda.PositionBuilder(guarda.grda(players=2), seed=1)
        ...     .player(0, position="b1", guard=Guard("V2", GuardStatus.PREPARING))
        ...     .player(1, position="b4")
        ...     .to_act(1, guarda.Phase.ACT)
        ...     .build()
        ... )
        >>> hand_target(state, 0), hand_target(state, 1)
        (3, 4)
    """
    _tables_of(position)
    me = _player(position, player)
    return _queries.hand_target(position.config, _seats(position)[me])
