"""Build any reachable game position directly, for tests, puzzles and tutorials.

:class:`PositionBuilder` describes a position player by player (:class:`PlayerSetup`),
says whose decision it is, and :meth:`~PositionBuilder.build` turns that into a real
:class:`~guarda._state.GameState`, the same kind of value :func:`guarda.new_game` and
:func:`guarda.apply` make. Building checks the position against the rules and raises
:class:`~guarda.errors.PositionError` (naming the offending field and the ruling) for one
that cannot occur.

The automatic parts of the rules are never faked: a SETUP position continues the real
setup procedure, and :meth:`PositionBuilder.start_turn` runs the real Draw phase. The
reaction phases (REACT, COUNTER, NEW_GUARD) are reached by building an ACT position and
applying an :class:`~guarda._actions.Attack`.

Examples:
    >>> import guarda
    >>> state = (
    ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
    ...     .player(0, position="c1", hand=("V3", "H1"))
    ...     .player(1, position="c5", hand=("H5",), health=3)
    ...     .to_act(0, guarda.Phase.ACT)
    ...     .build()
    ... )
    >>> state.phase.name, state.players[1].health, len(state.players[0].draw_pile)
    ('ACT', 3, 46)
    >>> state, events = guarda.apply(state, guarda.Attack(("V3",)))
    >>> state.phase.name, state.attack.damage
    ('REACT', 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from guarda import _rng as rng
from guarda._config import Config, Exhaustion, KingOfTheHill, StakesKind, Victory
from guarda._geometry import Cell, Orientation
from guarda._state import GameState, Guard, GuardStatus, Phase, PlayerState
from guarda._transaction import begin_act, begin_turn, continue_setup
from guarda.errors import ArgumentError, GuardaError, PositionError

__all__ = ["PlayerSetup", "PositionBuilder"]


def _zone(value: Any, field: str) -> tuple[str, ...]:
    """``value`` as a tuple of card names; a bare string is refused."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise PositionError(f"give a sequence of card names, not {value!r}", path=field, rule="R3")
    cards = tuple(value)
    for index, card in enumerate(cards):
        if not isinstance(card, str):
            raise PositionError(f"not a card name: {card!r}", path=f"{field}[{index}]", rule="R3")
    return cards


def _turn_arguments(player: object, turn_number: object, has_moved: object = False) -> None:
    """Refuse arguments of the wrong type before they reach the engine."""
    for name, value in (("player", player), ("turn_number", turn_number)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise PositionError(f"not an integer: {value!r}", path=name)
    if not isinstance(has_moved, bool):
        raise PositionError(f"not a bool: {has_moved!r}", path="has_moved", rule="R13")


def _hand(value: Any) -> tuple[str, ...]:
    return _zone(value, "hand")


def _draw_pile(value: Any) -> tuple[str, ...] | None:
    return None if value is None else _zone(value, "draw_pile")


def _discard_known(value: Any) -> tuple[str, ...]:
    return _zone(value, "discard_known")


def _discard_hidden(value: Any) -> tuple[str, ...]:
    return _zone(value, "discard_hidden")


def _in_play(value: Any) -> tuple[str, ...]:
    return _zone(value, "in_play")


@attrs.frozen
class PlayerSetup:
    """What one player has in a built position; every field is optional.

    Card zones are sequences of card names. Cards a setup does not place anywhere go to
    the player's draw pile, shuffled by the builder's seed, unless ``draw_pile`` is given:
    then every card of the deck must be placed exactly once.

    Examples:
        >>> setup = PlayerSetup(position="b2", hand=("V1", "V1"), health=7)
        >>> setup.hand, setup.draw_pile is None
        (('V1', 'V1'), True)
    """

    position: Cell | str | None = None
    """The piece's cell, as a :class:`~guarda._geometry.Cell` or a name such as ``"b2"``."""
    hand: tuple[str, ...] = attrs.field(default=(), converter=_hand)
    """The hand (any order; it is sorted when built)."""
    guard: Guard | None = None
    """The guard: preparing (no orientation) or set (with one)."""
    draw_pile: tuple[str, ...] | None = attrs.field(default=None, converter=_draw_pile)
    """The draw pile, top first; None: the rest of the deck, shuffled by the seed."""
    discard_known: tuple[str, ...] = attrs.field(default=(), converter=_discard_known)
    """Discarded cards that were seen face up (attacks, defences, activated guards)."""
    discard_hidden: tuple[str, ...] = attrs.field(default=(), converter=_discard_hidden)
    """Cards discarded face down (including placed players' setup cards)."""
    in_play: tuple[str, ...] = attrs.field(default=(), converter=_in_play)
    """Face-up cards on the table: an unplaced player's setup cards in the SETUP phase,
    or the turn player's attack cards in the SETTLE phase."""
    health: int | None = None
    """Health; None: the configuration's starting health (0 for a player out by damage)."""
    points: int = 0
    """Points scored (Victory and King of the Hill only)."""
    is_out: bool = False
    """Whether the player has been eliminated (an out player has no position)."""
    winnings: int = 0
    """Stakes the player has claimed (Bounty and Scavenger only)."""


_TURN_PHASES = (Phase.DISCARD, Phase.MOVE, Phase.SET_GUARD, Phase.ACT, Phase.SETTLE)


@attrs.frozen
class _Turn:
    player: int
    phase: Phase | None  # None: the start of the turn (run the Draw phase)
    has_moved: bool
    turn_number: int


class PositionBuilder:
    """An immutable description of a position; each method returns a new builder.

    Describe the players with :meth:`player`, optionally put Scavenger stakes on the
    field with :meth:`loot`, say whose decision it is with :meth:`to_act` or
    :meth:`start_turn`, then call :meth:`build`.

    Phases a position can be built in:

    - ``SETUP``: some players have not placed their piece. ``to_act(p, Phase.SETUP)``
      continues the real setup procedure (R9, R10) with ``p`` drawing the next setup card
      from the top of their draw pile (give the piles in order to control it). A builder
      in which nobody has a position and :meth:`to_act` was not called does the same from
      the configuration's first drawer.
    - The start of a turn: :meth:`start_turn` runs the real Draw phase (R12), giving a
      DISCARD or MOVE position (or, in Exhaustion, the player going out, R24).
    - ``DISCARD``, ``MOVE``, ``SET_GUARD``, ``ACT``, ``SETTLE`` with :meth:`to_act`. A turn
      player whose guard is preparing sets it first (R14), so ``ACT`` then gives
      ``SET_GUARD``.
    - ``REACT``, ``COUNTER`` and ``NEW_GUARD``: build ``ACT`` and apply an
      :class:`~guarda._actions.Attack`.

    Derived values: the pot is ``ante * players`` minus the claimed winnings and the loot
    on the field; ``turns_ended`` is ``turn_number - 1``; ``first_placed`` is the player
    whose turn was turn 1 counting back clockwise (in SETUP: the first placed player
    clockwise from the first drawer).

    Examples:
        >>> import guarda
        >>> builder = PositionBuilder(guarda.classic(players=2), seed=7)
        >>> builder = builder.player(0, position="a1")
        >>> builder = builder.player(1, position="f6", hand=("V1", "V2", "V3", "H1", "H2", "H3"))
        >>> state = builder.start_turn(1, turn_number=4).build()
        >>> state.phase.name, state.turn, len(state.players[1].hand)
        ('DISCARD', 1, 7)
    """

    __slots__ = ("_config", "_loot", "_seed", "_setups", "_turn")

    _config: Config
    _seed: int
    _setups: tuple[PlayerSetup, ...]
    _loot: tuple[tuple[Cell, int], ...]
    _turn: _Turn | None

    def __init__(self, config: Config, *, seed: int = 0) -> None:
        """Start an empty description: every player unplaced, with default fields.

        Args:
            config: The ruleset of the position.
            seed: Shuffles the draw piles that are not given, and seeds the random state
                of the built game.

        Raises:
            PositionError: If ``config`` is not a Config or ``seed`` not an integer.
        """
        if not isinstance(config, Config):
            raise ArgumentError(f"not a Config: {config!r}", path="config")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ArgumentError(f"the seed must be an integer, not {seed!r}", path="seed")
        self._config = config
        self._seed = seed
        self._setups = tuple(PlayerSetup() for _ in range(config.players))
        self._loot = ()
        self._turn = None

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, name):
            raise attrs.exceptions.FrozenInstanceError
        object.__setattr__(self, name, value)

    def _with(self, **changes: Any) -> PositionBuilder:
        copy = object.__new__(PositionBuilder)
        for name in self.__slots__:
            object.__setattr__(copy, name, changes.get(name[1:], getattr(self, name)))
        return copy

    @property
    def config(self) -> Config:
        """The ruleset."""
        return self._config

    @property
    def setups(self) -> tuple[PlayerSetup, ...]:
        """Each player's setup so far, by player number."""
        return self._setups

    def __repr__(self) -> str:
        return (
            f"PositionBuilder({self._config.name!r}, seed={self._seed}, "
            f"setups={self._setups!r}, loot={self._loot!r}, turn={self._turn!r})"
        )

    def player(
        self, index: int, setup: PlayerSetup | None = None, **fields: Any
    ) -> PositionBuilder:
        """Describe a player: a whole :class:`PlayerSetup`, or some of its fields.

        Fields given by name change the setup given (or, without one, the player's
        current setup), so calls add up.

        Args:
            index: The player number.
            setup: A complete setup for the player.
            **fields: Fields of :class:`PlayerSetup` to change.

        Returns:
            A new builder.

        Raises:
            PositionError: For a player number out of range or an unknown field.

        Examples:
            >>> import guarda
            >>> builder = PositionBuilder(guarda.modern()).player(0, position="a1")
            >>> builder.player(0, health=4).setups[0].position
            'a1'
        """
        if not isinstance(index, int) or not 0 <= index < self._config.players:
            raise PositionError(f"no player {index!r}", path="players")
        base = self._setups[index] if setup is None else setup
        if not isinstance(base, PlayerSetup):
            raise PositionError(f"not a PlayerSetup: {base!r}", path=f"players[{index}]")
        for name in fields:
            if name not in attrs.fields_dict(PlayerSetup):
                raise PositionError(
                    f"PlayerSetup has no field {name!r}", path=f"players[{index}].{name}"
                )
        try:
            new = attrs.evolve(base, **fields)
        except PositionError as error:
            raise PositionError(
                error.message, path=f"players[{index}].{error.path}", rule=error.rule
            ) from None
        setups = list(self._setups)
        setups[index] = new
        return self._with(setups=tuple(setups))

    def loot(self, cell: Cell | str, amount: int) -> PositionBuilder:
        """Put Scavenger stakes on a cell (R26); calls for the same cell add up.

        Args:
            cell: The cell, as a Cell or a name.
            amount: The stakes lying there (a positive multiple of the ante).

        Returns:
            A new builder.

        Raises:
            PositionError: If the cell is not a cell name or the amount not an integer.
        """
        where = _cell(cell, "loot")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise PositionError(f"not an amount: {amount!r}", path="loot", rule="R26")
        merged = dict(self._loot)
        merged[where] = merged.get(where, 0) + amount
        return self._with(loot=tuple(sorted(merged.items(), key=lambda i: (i[0].y, i[0].x))))

    def to_act(
        self,
        player: int,
        phase: Phase | str = Phase.MOVE,
        *,
        has_moved: bool = False,
        turn_number: int = 1,
    ) -> PositionBuilder:
        """Say whose decision it is, and in which phase.

        Args:
            player: The turn player (in SETUP: the player who draws the next setup card).
            phase: SETUP, DISCARD, MOVE, SET_GUARD, ACT or SETTLE (a :class:`Phase` or
                its value, such as ``"move"``).
            has_moved: Whether the turn player already moved this turn (R13); not in
                SETUP or DISCARD.
            turn_number: The number of the current turn, from 1 (not in SETUP).

        Returns:
            A new builder.

        Raises:
            PositionError: For a phase that cannot be built this way (see the class).
        """
        _turn_arguments(player, turn_number, has_moved)
        try:
            phase = Phase(phase)
        except ValueError:
            raise PositionError(f"not a phase: {phase!r}", path="phase") from None
        if phase is not Phase.SETUP and phase not in _TURN_PHASES:
            raise PositionError(
                f"a {phase!r} position cannot be built directly: build ACT and apply an "
                "Attack to reach the reaction phases",
                path="phase",
            )
        if phase in (Phase.SETUP, Phase.DISCARD) and has_moved:
            raise PositionError(
                f"nobody has moved in the {phase.value} phase", path="has_moved", rule="R13"
            )
        if phase is Phase.SETUP and turn_number != 1:
            raise PositionError("no turn has started during setup", path="turn_number")
        return self._with(turn=_Turn(player, phase, has_moved, turn_number))

    def start_turn(self, player: int, *, turn_number: int = 1) -> PositionBuilder:
        """Begin ``player``'s turn: :meth:`build` runs the real Draw phase (R12).

        Args:
            player: The player whose turn begins.
            turn_number: The number of the turn that begins, from 1.

        Returns:
            A new builder.
        """
        _turn_arguments(player, turn_number)
        return self._with(turn=_Turn(player, None, False, turn_number))

    def build(self) -> GameState:
        """Check the position and make it a real game state.

        Returns:
            The state, after any automatic steps the rules take from the described
            moment (the rest of setup, the Draw phase, a guard being set first).

        Raises:
            PositionError: If the position cannot occur; ``path`` names the field and
                ``rule`` the ruling it breaks.
        """
        config = self._config
        turn = self._turn
        unplaced = [i for i, s in enumerate(self._setups) if s.position is None and not s.is_out]
        if turn is None:
            if len(unplaced) != config.players:
                raise PositionError(
                    "say whose decision it is with to_act() or start_turn()", path="turn"
                )
            turn = _Turn(config.first_player, Phase.SETUP, False, 1)
        if not isinstance(turn.player, int) or not 0 <= turn.player < config.players:
            raise PositionError(f"no player {turn.player!r}", path="turn.player")
        setup = turn.phase is Phase.SETUP
        if setup and not unplaced:
            raise PositionError(
                "everyone has placed a piece: setup is over", path="phase", rule="R11"
            )
        players, random = self._players(setup, turn)
        pot = config.stakes.ante * config.players
        pot -= sum(p.winnings for p in players) + sum(amount for _, amount in self._loot)
        if setup:
            first = _first_placed(config, players)
            state = GameState(
                config=config,
                phase=Phase.SETUP,
                turn=turn.player,
                actor=turn.player,
                players=players,
                rng=random,
                pot=pot,
                first_placed=first,
            )
            return continue_setup(state, turn.player)
        if not isinstance(turn.turn_number, int) or turn.turn_number < 1:
            raise PositionError(
                f"the turn number counts from 1, not {turn.turn_number!r}",
                path="turn_number",
                rule="R27",
            )
        ended = turn.turn_number - 1
        if config.turn_limit is not None and ended >= config.turn_limit:
            raise PositionError(
                f"{ended} turns have ended: the turn limit {config.turn_limit} was reached",
                path="turn_number",
                rule="R27",
            )
        first = (turn.player - ended) % config.players
        phase = Phase.MOVE if turn.phase is None else turn.phase
        state = GameState(
            config=config,
            phase=phase,
            turn=turn.player,
            actor=turn.player,
            players=players,
            rng=random,
            turn_number=turn.turn_number,
            turns_ended=ended,
            has_moved=turn.has_moved,
            loot=self._loot,
            pot=pot,
            first_placed=first,
        )
        if turn.phase is None:
            return begin_turn(attrs.evolve(state, turn_number=turn.turn_number - 1), turn.player)
        if phase in (Phase.ACT, Phase.SET_GUARD):
            started = begin_act(state)
            if phase is Phase.SET_GUARD and started.phase is not Phase.SET_GUARD:
                raise PositionError(
                    "only a player with a preparing guard must set it",
                    path=f"players[{turn.player}].guard",
                    rule="R14",
                )
            return started
        return state

    # -- checks ------------------------------------------------------------------------

    def _players(self, setup: bool, turn: _Turn) -> tuple[tuple[PlayerState, ...], int]:
        config = self._config
        random = rng.seed_state(self._seed)
        players = []
        occupied: dict[Cell, int] = {}
        for index, spec in enumerate(self._setups):
            path = f"players[{index}]"
            player, random = _player(config, spec, path, random)
            if player.position is not None:
                if player.position in occupied:
                    raise PositionError(
                        f"player {occupied[player.position]} is already on {player.position}",
                        path=f"{path}.position",
                        rule="R13",
                    )
                occupied[player.position] = index
            players.append(player)
        for index, player in enumerate(players):
            _check_phase(config, index, player, setup, turn, occupied)
        _check_game(config, players, setup, self._loot, occupied)
        return tuple(players), random


def _cell(value: object, path: str) -> Cell:
    if isinstance(value, Cell):
        return value
    if isinstance(value, str):
        try:
            return Cell.parse(value)
        except GuardaError as error:
            raise PositionError(error.message, path=path, rule="R8") from None
    raise PositionError(f"not a cell: {value!r}", path=path, rule="R8")


def _int(value: object, path: str, rule: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(f"not an integer: {value!r}", path=path, rule=rule)
    return value


def _player(config: Config, spec: PlayerSetup, path: str, random: int) -> tuple[PlayerState, int]:
    """One player's state from a setup, checking the player alone."""
    names = set(config.card_names)
    position = None
    if spec.position is not None:
        position = _cell(spec.position, f"{path}.position")
        if not position.is_on(config.size):
            raise PositionError(
                f"{position!r} is not on the {config.size}x{config.size} field",
                path=f"{path}.position",
                rule="R8",
            )
    guard = spec.guard
    zones: dict[str, tuple[str, ...]] = {
        "hand": spec.hand,
        "discard_known": spec.discard_known,
        "discard_hidden": spec.discard_hidden,
        "in_play": spec.in_play,
    }
    if guard is not None:
        if not isinstance(guard, Guard) or not isinstance(guard.status, GuardStatus):
            raise PositionError(f"not a Guard: {guard!r}", path=f"{path}.guard")
        zones["guard"] = (guard.card,)
        if guard.status is GuardStatus.PREPARING and guard.orientation is not None:
            raise PositionError(
                "a preparing guard has no orientation yet",
                path=f"{path}.guard.orientation",
                rule="R14",
            )
        if guard.status is GuardStatus.SET and not isinstance(guard.orientation, Orientation):
            raise PositionError(
                "a set guard needs an orientation", path=f"{path}.guard.orientation", rule="R14"
            )
    if spec.draw_pile is not None:
        zones["draw_pile"] = spec.draw_pile
    used: Counter[str] = Counter()
    for zone, cards in zones.items():
        for position_in_zone, card in enumerate(cards):
            if card not in names:
                where = f"{path}.{zone}" + ("" if zone == "guard" else f"[{position_in_zone}]")
                raise PositionError(f"the deck has no card named {card!r}", path=where, rule="R3")
        used.update(cards)
    for name in config.card_names:
        if used[name] > config.copies(name):
            raise PositionError(
                f"{used[name]} copies of {name}, but the deck holds {config.copies(name)}",
                path=path,
                rule="R3",
            )
    if spec.draw_pile is None:
        rest = tuple(
            name for name in config.card_names for _ in range(config.copies(name) - used[name])
        )
        pile, random = rng.shuffle(rest, random)
    else:
        pile = spec.draw_pile
        if sum(used.values()) != config.deck_size:
            raise PositionError(
                f"the player's cards add up to {sum(used.values())}, "
                f"not the deck's {config.deck_size}",
                path=f"{path}.draw_pile",
                rule="R3",
            )
    health = config.starting_health if spec.health is None else spec.health
    health = _int(health, f"{path}.health", "R22")
    if spec.health is None and spec.is_out and config.has_health and _out_by_damage(config):
        health = 0
    if not 0 <= health <= config.max_health:
        raise PositionError(
            f"health must be 0 to {config.max_health}, not {health}",
            path=f"{path}.health",
            rule="R20",
        )
    if not isinstance(spec.is_out, bool):
        raise PositionError(f"not a bool: {spec.is_out!r}", path=f"{path}.is_out")
    if config.has_health and health == 0 and not spec.is_out:
        raise PositionError("a player at 0 health is out", path=f"{path}.health", rule="R22")
    if spec.is_out and health > 0 and config.has_health and _out_by_damage(config):
        raise PositionError(
            "without Exhaustion a player goes out only at 0 health",
            path=f"{path}.health",
            rule="R22",
        )
    if spec.is_out and position is not None:
        raise PositionError(
            "an out player's piece has left the field", path=f"{path}.position", rule="R22"
        )
    points = _int(spec.points, f"{path}.points", "R23")
    if points < 0:
        raise PositionError("points cannot be negative", path=f"{path}.points", rule="R23")
    if points and not isinstance(config.win, (Victory, KingOfTheHill)):
        raise PositionError(
            "only Victory and King of the Hill score points", path=f"{path}.points", rule="R23"
        )
    winnings = _int(spec.winnings, f"{path}.winnings", "R26")
    return (
        PlayerState(
            draw_pile=pile,
            hand=tuple(sorted(spec.hand)),
            guard=guard,
            discard_known=tuple(sorted(spec.discard_known)),
            discard_hidden=tuple(sorted(spec.discard_hidden)),
            in_play=spec.in_play,
            position=position,
            health=health,
            points=points,
            is_out=spec.is_out,
            winnings=winnings,
        ),
        random,
    )


def _out_by_damage(config: Config) -> bool:
    """Whether damage is the only way out (every win condition but Exhaustion)."""
    return not isinstance(config.win, Exhaustion)


def _hand_target(config: Config, player: PlayerState) -> int:
    if config.guard_counts_toward_hand and player.guard is not None:
        return config.hand_size - 1
    return config.hand_size


def _check_phase(
    config: Config,
    index: int,
    player: PlayerState,
    setup: bool,
    turn: _Turn,
    occupied: Mapping[Cell, int],
) -> None:
    """Check one player against the phase of the position."""
    path = f"players[{index}]"
    if setup:
        placed = player.position is not None
        fresh = (
            not player.hand
            and player.guard is None
            and not player.discard_known
            and player.health == config.starting_health
            and not player.points
            and not player.is_out
            and not player.winnings
        )
        if not fresh:
            raise PositionError(
                "during setup nobody has a hand, a guard, face-up discards, damage, points, "
                "stakes or is out",
                path=path,
                rule="R9",
            )
        if placed and player.in_play:
            raise PositionError(
                "a placed player's setup cards are already face down",
                path=f"{path}.in_play",
                rule="R9",
            )
        if not placed and player.discard_hidden:
            raise PositionError(
                "an unplaced player has discarded nothing yet",
                path=f"{path}.discard_hidden",
                rule="R9",
            )
        if not placed:
            _check_unplaced(config, index, player, occupied, path)
        return
    if not player.is_out and player.position is None:
        raise PositionError(
            "every player still in has a piece on the field after setup",
            path=f"{path}.position",
            rule="R11",
        )
    is_turn = index == turn.player
    if player.in_play and not (is_turn and turn.phase is Phase.SETTLE):
        raise PositionError(
            "only the turn player's attack cards lie face up, in the Settle phase",
            path=f"{path}.in_play",
            rule="R16",
        )
    if is_turn and player.is_out:
        raise PositionError("an out player takes no turns", path="turn.player", rule="R22")
    extra = 0 if config.guard_counts_toward_hand else 1
    limit = max(config.hand_size + extra, config.opening_hand)
    if is_turn and turn.phase in (Phase.MOVE, Phase.SET_GUARD, Phase.ACT, Phase.SETTLE):
        limit = _hand_target(config, player)
    if is_turn and turn.phase is Phase.DISCARD:
        if len(player.hand) <= _hand_target(config, player):
            raise PositionError(
                "the Draw phase discards only from a hand above the hand size",
                path=f"{path}.hand",
                rule="R12",
            )
        return
    if not player.is_out and len(player.hand) > limit:
        raise PositionError(
            f"{len(player.hand)} cards: a hand cannot hold more than {limit} here",
            path=f"{path}.hand",
            rule="R12",
        )


def _check_unplaced(
    config: Config,
    index: int,
    player: PlayerState,
    occupied: Mapping[Cell, int],
    path: str,
) -> None:
    """An unplaced player's setup cards cannot already overlap on a free cell (R9)."""
    geometry = config.geometry
    side = config.seats[index]
    taken = 0
    for cell in occupied:
        taken |= 1 << cell.index(config.size)
    seen = 0
    for card in player.in_play:
        mask = geometry.mask(card, side, Orientation.OFFENSIVE)
        if seen & mask & ~taken:
            raise PositionError(
                "these setup cards overlap on a free cell: the player would have placed",
                path=f"{path}.in_play",
                rule="R9",
            )
        seen |= mask


def _check_game(
    config: Config,
    players: Sequence[PlayerState],
    setup: bool,
    loot: tuple[tuple[Cell, int], ...],
    occupied: Mapping[Cell, int],
) -> None:
    """Checks across players: the game is not over, stakes add up."""
    if not setup:
        alive = {config.team_of(i) for i, player in enumerate(players) if not player.is_out}
        if len(alive) < 2:
            raise PositionError(
                "fewer than two teams have anyone left: the game would be over",
                path="players",
                rule="R22",
            )
        target = getattr(config.win, "target", None)
        if target is not None:
            for number, team in enumerate(config.teams):
                total = sum(players[i].points for i in team)
                if total >= target:
                    raise PositionError(
                        f"team {number} has {total} points, the target is {target}: "
                        "the game would be over",
                        path="players",
                        rule="R23",
                    )
    ante = config.stakes.ante
    kind = config.stakes.kind
    claimed = 0
    for index, player in enumerate(players):
        if player.winnings < 0 or (
            player.winnings and (kind not in (StakesKind.BOUNTY, StakesKind.SCAVENGER))
        ):
            raise PositionError(
                "only Bounty and Scavenger stakes are claimed during the game, never below 0",
                path=f"players[{index}].winnings",
                rule="R26",
            )
        if player.winnings % max(ante, 1):
            raise PositionError(
                f"stakes are claimed whole: a multiple of the ante {ante}",
                path=f"players[{index}].winnings",
                rule="R26",
            )
        claimed += player.winnings
    for cell, amount in loot:
        path = f"loot[{cell}]"
        if kind is not StakesKind.SCAVENGER:
            raise PositionError("only Scavenger leaves stakes on the field", path=path, rule="R26")
        if not cell.is_on(config.size):
            raise PositionError(f"{cell!r} is not on the field", path=path, rule="R8")
        if amount <= 0 or amount % max(ante, 1):
            raise PositionError(
                f"loot is a positive multiple of the ante {ante}, not {amount}",
                path=path,
                rule="R26",
            )
        if cell in occupied:
            raise PositionError(
                f"player {occupied[cell]} would have claimed the loot on {cell}",
                path=path,
                rule="R26",
            )
        claimed += amount
    out = sum(1 for player in players if player.is_out)
    if claimed > ante * out:
        raise PositionError(
            f"{claimed} in claimed stakes and loot, but only {out} players went out, "
            f"leaving {ante * out}: the pot cannot go below the stakes of those still in",
            path="pot",
            rule="R26",
        )


def _first_placed(config: Config, players: Sequence[PlayerState]) -> int | None:
    """In SETUP: the first placed player clockwise from the first drawer, if any."""
    for step in range(config.players):
        index = (config.first_player + step) % config.players
        if players[index].position is not None:
            return index
    return None
