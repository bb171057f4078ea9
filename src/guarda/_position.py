"""Build any reachable game position directly, for tests, puzzles and tutorials.

[`PositionBuilder`][guarda.PositionBuilder] describes a position player by player
([`PlayerSetup`][guarda.PlayerSetup]), says whose decision it is, and
[`build`][guarda._position.PositionBuilder.build] turns that into a real
[`GameState`][guarda.GameState], the same kind of value [guarda.new_game][] and
[guarda.apply][] make. Building checks the position against the rules (the same rules as
[guarda.check_state][], from `guarda._invariants`) and raises
[`PositionError`][guarda.errors.PositionError] (naming the offending field and the
ruling) for one that cannot occur.

The automatic parts of the rules are never faked: a SETUP position continues the real
setup procedure, and [`start_turn`][guarda._position.PositionBuilder.start_turn] runs the
real Draw phase. The reaction phases (REACT, COUNTER, NEW_GUARD) are reached by building
an ACT position and applying an [`Attack`][guarda.Attack].

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
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from guarda import _invariants as rules
from guarda import _rng as rng
from guarda._config import Config
from guarda._consistency import check_state
from guarda._geometry import Cell
from guarda._state import GameState, Guard, Phase, PlayerState
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
    """The piece's cell, as a [`Cell`][guarda.Cell] or a name such as ``"b2"``."""
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


@attrs.frozen
class _Turn:
    player: int
    phase: Phase | None  # None: the start of the turn (run the Draw phase)
    has_moved: bool
    turn_number: int


def _check_config(_: object, __: object, config: Config) -> None:
    if not isinstance(config, Config):
        raise ArgumentError(f"not a Config: {config!r}", path="config")


def _check_seed(_: object, __: object, seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(f"the seed must be an integer, not {seed!r}", path="seed")


def _fresh_setups(builder: PositionBuilder) -> tuple[PlayerSetup, ...]:
    """Every player unplaced, with default fields (none for a config of the wrong kind)."""
    config = builder._config
    count = config.players if isinstance(config, Config) else 0
    return tuple(PlayerSetup() for _ in range(count))


@attrs.frozen(repr=False)
class PositionBuilder:
    """An immutable description of a position; each method returns a new builder.

    Describe the players with [`player`][guarda._position.PositionBuilder.player],
    optionally put Scavenger stakes on the field with
    [`loot`][guarda._position.PositionBuilder.loot], say whose decision it is with
    [`to_act`][guarda._position.PositionBuilder.to_act] or
    [`start_turn`][guarda._position.PositionBuilder.start_turn], then call
    [`build`][guarda._position.PositionBuilder.build].

    Phases a position can be built in:

    - ``SETUP``: some players have not placed their piece. ``to_act(p, Phase.SETUP)``
      continues the real setup procedure (R9, R10) with ``p`` drawing the next setup card
      from the top of their draw pile (give the piles in order to control it). A builder
      in which nobody has a position and ``to_act`` was not called does the same from
      the configuration's first drawer.
    - The start of a turn: ``start_turn`` runs the real Draw phase (R12), giving a
      DISCARD or MOVE position (or, in Exhaustion, the player going out, R24).
    - ``DISCARD``, ``MOVE``, ``SET_GUARD``, ``ACT``, ``SETTLE`` with ``to_act``. A turn
      player whose guard is preparing sets it first (R14), so ``ACT`` then gives
      ``SET_GUARD``.
    - ``REACT``, ``COUNTER`` and ``NEW_GUARD``: build ``ACT`` and apply an
      [`Attack`][guarda.Attack].

    Derived values: the pot is ``ante * players`` minus the claimed winnings and the loot
    on the field; ``turns_ended`` is ``turn_number - 1``; ``first_placed`` is the player
    whose turn was turn 1 counting back clockwise (in SETUP: the first placed player
    clockwise from the first drawer).

    ``PositionBuilder(config, seed=0)`` starts an empty description of a position of the
    ruleset ``config``, every player unplaced with default fields; the integer ``seed``
    shuffles the draw piles that are not given and seeds the random state of the built
    game. A ``config`` that is not a Config, or a ``seed`` that is not an integer, raises
    [`ArgumentError`][guarda.errors.ArgumentError].

    Examples:
        >>> import guarda
        >>> builder = PositionBuilder(guarda.classic(players=2), seed=7)
        >>> builder = builder.player(0, position="a1")
        >>> builder = builder.player(1, position="f6", hand=("V1", "V2", "V3", "H1", "H2", "H3"))
        >>> state = builder.start_turn(1, turn_number=4).build()
        >>> state.phase.name, state.turn, len(state.players[1].hand)
        ('DISCARD', 1, 7)
    """

    _config: Config = attrs.field(validator=_check_config)
    """The ruleset of the position."""
    _seed: int = attrs.field(default=0, kw_only=True, validator=_check_seed)
    """Shuffles the draw piles that are not given, and seeds the random state."""
    _setups: tuple[PlayerSetup, ...] = attrs.field(
        default=attrs.Factory(_fresh_setups, takes_self=True), kw_only=True, alias="_setups"
    )
    """Each player's setup, by player number."""
    _loot: tuple[tuple[Cell, int], ...] = attrs.field(default=(), kw_only=True, alias="_loot")
    """Stakes on the field, by cell, sorted."""
    _turn: _Turn | None = attrs.field(default=None, kw_only=True, alias="_turn")
    """Whose decision it is, once said."""

    def _with(self, **changes: Any) -> PositionBuilder:
        """A copy with some private fields changed (named without the underscore)."""
        return attrs.evolve(self, **{f"_{name}": value for name, value in changes.items()})

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
        """Describe a player: a whole [`PlayerSetup`][guarda.PlayerSetup], or some of its fields.

        Fields given by name change the setup given (or, without one, the player's
        current setup), so calls add up.

        Args:
            index: The player number.
            setup: A complete setup for the player.
            **fields: Fields of [`PlayerSetup`][guarda.PlayerSetup] to change.

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
            phase: SETUP, DISCARD, MOVE, SET_GUARD, ACT or SETTLE (a
                [`Phase`][guarda.Phase] or its value, such as ``"move"``).
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
        if phase is not Phase.SETUP and phase not in rules.TURN_PHASES:
            raise PositionError(
                f"a {phase!r} position cannot be built directly: build ACT and apply an "
                "Attack to reach the reaction phases",
                path="phase",
            )
        rules.nobody_has_moved_yet(phase, has_moved)
        if phase is Phase.SETUP:
            rules.turns_add_up(self._config, phase, turn_number - 1, 0)
        return self._with(turn=_Turn(player, phase, has_moved, turn_number))

    def start_turn(self, player: int, *, turn_number: int = 1) -> PositionBuilder:
        """Begin ``player``'s turn: [`build`][guarda._position.PositionBuilder.build] runs the
        real Draw phase (R12).

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

        The position is checked with the rules of `guarda._invariants` as it is
        described, and the state built from it with [guarda.check_state][] (a position
        the builder accepts is always one check_state accepts).

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
        players, random = self._players()
        self._check(players, turn)
        pot = config.stakes.ante * config.players
        pot -= sum(p.winnings for p in players) + sum(amount for _, amount in self._loot)
        if setup:
            state = GameState(
                config=config,
                phase=Phase.SETUP,
                turn=turn.player,
                actor=turn.player,
                players=players,
                rng=random,
                pot=pot,
                first_placed=_first_placed(config, players),
            )
            return _checked(continue_setup(state, turn.player))
        rules.turn_number_counts_from_one(turn.turn_number, "turn_number")
        ended = turn.turn_number - 1
        rules.turn_limit_is_not_reached(config, ended, "turn_number")
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
            first_placed=(turn.player - ended) % config.players,
        )
        if turn.phase is None:
            started = begin_turn(
                attrs.evolve(state, turn_number=turn.turn_number - 1), turn.player
            )
            return _checked(started)
        if phase in (Phase.ACT, Phase.SET_GUARD):
            return _checked(begin_act(state))
        return _checked(state)

    # -- checks ------------------------------------------------------------------------

    def _players(self) -> tuple[tuple[PlayerState, ...], int]:
        """Each player's state from their setup, checked alone, and the random state."""
        config = self._config
        random = rng.start_state(config.shuffle, self._seed, "")
        players = []
        for index, spec in enumerate(self._setups):
            player, random = _player(config, spec, f"players[{index}]", random)
            players.append(player)
        return tuple(players), random

    def _check(self, players: tuple[PlayerState, ...], turn: _Turn) -> None:
        """The rules across players, for the phase being built."""
        config = self._config
        rules.players_fit_the_configuration(config, players)
        rules.one_piece_per_cell([player.position for player in players])
        if turn.phase is Phase.SETUP:
            rules.nothing_is_dealt_during_setup(config, players)
            rules.unplaced_players_are_still_drawing(config, players, None)
        else:
            rules.players_still_in_have_pieces(players)
            rules.only_attack_cards_lie_face_up(turn.phase, turn.player, players)
            rules.hands_are_within_limits(config, turn.phase, turn.player, players)
            rules.decider_is_in(players, turn.player, "turn.player")
            if turn.phase is Phase.SET_GUARD:
                rules.guard_to_set_is_preparing(players, turn.player)
            rules.game_is_undecided(config, players)
        loot = self._loot
        rules.loot_is_possible(config, loot, players, [f"loot[{cell}]" for cell, _ in loot])
        rules.claimed_stakes_leave_the_pot(config, players, loot)


def _checked(state: GameState) -> GameState:
    """``state``, once [guarda.check_state][] accepts it."""
    check_state(state)
    return state


def _cell(value: object, path: str) -> Cell:
    if isinstance(value, Cell):
        return value
    if isinstance(value, str):
        try:
            return Cell.parse(value)
        except GuardaError as error:
            raise PositionError(error.message, path=path, rule="R8") from None
    raise PositionError(f"not a cell: {value!r}", path=path, rule="R8")


def _player(config: Config, spec: PlayerSetup, path: str, random: int) -> tuple[PlayerState, int]:
    """One player's state from a setup, checked alone, and the random state after it.

    The rules are checked on the zones in the order the setup gives them, so a path such as
    ``players[0].hand[1]`` points into the setup; the state then holds them sorted.
    """
    position = None if spec.position is None else _cell(spec.position, f"{path}.position")
    pile = spec.draw_pile
    if pile is None:
        guard = (spec.guard.card,) if isinstance(spec.guard, Guard) else ()
        used = Counter(spec.hand + spec.discard_known + spec.discard_hidden + spec.in_play + guard)
        rest = tuple(
            name for name in config.card_names for _ in range(config.copies(name) - used[name])
        )
        pile, random = rng.shuffler(config.shuffle)(rest, random)
    health = spec.health
    if health is None:
        out_by_damage = spec.is_out and rules.goes_out_only_at_zero_health(config)
        health = 0 if out_by_damage else config.starting_health
    described = PlayerState(
        draw_pile=pile,
        hand=spec.hand,
        guard=spec.guard,
        discard_known=spec.discard_known,
        discard_hidden=spec.discard_hidden,
        in_play=spec.in_play,
        position=position,
        health=health,
        points=spec.points,
        is_out=spec.is_out,
        winnings=spec.winnings,
    )
    rules.player_is_well_formed(described, path)
    rules.player_is_possible(config, described, path)
    player = attrs.evolve(
        described,
        hand=tuple(sorted(spec.hand)),
        discard_known=tuple(sorted(spec.discard_known)),
        discard_hidden=tuple(sorted(spec.discard_hidden)),
    )
    return player, random


def _first_placed(config: Config, players: Sequence[PlayerState]) -> int | None:
    """In SETUP: the first placed player clockwise from the first drawer, if any."""
    for step in range(config.players):
        index = (config.first_player + step) % config.players
        if players[index].position is not None:
            return index
    return None
