"""Every rule a game position must satisfy, each checked in one place.

[guarda.PositionBuilder][guarda.PositionBuilder] checks a described position with these
before it builds it, and [guarda.check_state][guarda.check_state] checks any state with
them (a loaded document, a parsed position, a state changed with ``attrs.evolve``). Each
function is named for the rule it checks and raises
[`PositionError`][guarda.errors.PositionError] with ``path`` naming the offending field
(such as ``players[1].guard.orientation``) and, where a ruling applies, ``rule``.

The three rules a [`GameState`][guarda.GameState] checks whenever it is made (the number of
players, pieces on the field, a player's cards being one deck) live with it in
[guarda._state][] and are re-exported here: [guarda._state][] cannot import this module,
which needs the state's types.

Where a check depends on who is asking, the caller passes the path: the builder names its
arguments (``turn.player``, ``turn_number``, ``loot[c3]``), check_state the state's fields
(``actor``, ``turns_ended``, ``loot[0]``).

Examples:
    >>> import attrs, guarda
    >>> from guarda._invariants import hands_are_within_limits
    >>> state = guarda.new_game(guarda.modern(), seed=1)
    >>> hands_are_within_limits(state.config, guarda.Phase.MOVE, 0, state.players)
    >>> big = attrs.evolve(state.players[0], hand=("V1",) * 4 + ("V2", "V3"))
    >>> hands_are_within_limits(state.config, guarda.Phase.MOVE, 0, (big, state.players[1]))
    Traceback (most recent call last):
    ...
    guarda.errors.PositionError: players[0].hand: 6 cards: a hand cannot hold more than 5 ...
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from guarda._config import Config, Exhaustion, KingOfTheHill, StakesKind, Victory
from guarda._geometry import Cell, Orientation
from guarda._queries import hand_target, occupant, placement_mask
from guarda._rng import random_state_bits
from guarda._state import (
    GameState,
    Guard,
    GuardStatus,
    Phase,
    PlayerState,
    cards_are_one_deck,
    piece_is_on_the_field,
    players_fit_the_configuration,
)
from guarda._tables import tables
from guarda._turn_invariants import (
    REACTION_PHASES,
    TURN_PHASES,
    actor_is_the_one_the_phase_names,
    attack_is_consistent,
    decider_is_in,
    first_placed_is_recorded,
    is_int,
    outcome_is_consistent,
    someone_can_act,
    turn_limit_is_not_reached,
    turn_number_counts_from_one,
    turns_add_up,
)
from guarda.errors import PositionError

__all__ = [
    "REACTION_PHASES",
    "TURN_PHASES",
    "actor_is_the_one_the_phase_names",
    "attack_is_consistent",
    "cards_are_one_deck",
    "claimed_stakes_leave_the_pot",
    "decider_is_in",
    "first_placed_is_recorded",
    "game_is_undecided",
    "goes_out_only_at_zero_health",
    "guard_is_laid_correctly",
    "guard_to_set_is_preparing",
    "hands_are_within_limits",
    "health_is_possible",
    "loot_is_possible",
    "nobody_goes_out_in_victory",
    "nobody_has_moved_yet",
    "nothing_is_dealt_during_setup",
    "one_piece_per_cell",
    "only_attack_cards_lie_face_up",
    "out_player_has_left_the_field",
    "outcome_is_consistent",
    "piece_is_on_the_field",
    "player_is_possible",
    "player_is_well_formed",
    "players_fit_the_configuration",
    "players_still_in_have_pieces",
    "points_are_possible",
    "pot_holds_the_unclaimed_stakes",
    "random_state_fits_the_generator",
    "random_state_is_64_bits",
    "someone_can_act",
    "state_is_well_formed",
    "turn_limit_is_not_reached",
    "turn_number_counts_from_one",
    "turns_add_up",
    "unplaced_players_are_still_drawing",
    "winnings_are_possible",
    "zones_are_sorted",
]

_RNG_LIMIT = 1 << 64
_ZONES = ("draw_pile", "hand", "discard_known", "discard_hidden", "in_play")
_SORTED_ZONES = ("hand", "discard_known", "discard_hidden")


def _player_path(index: int) -> str:
    return f"players[{index}]"


# -- the shape of a state ---------------------------------------------------------------


def state_is_well_formed(state: object) -> None:
    """A state's fields hold values of the right kinds, and one player per seat.

    Raises:
        PositionError: For a value of the wrong kind (``path`` names it), or a number of
            players other than the configuration's.
    """
    if not isinstance(state, GameState):
        raise PositionError(f"not a GameState: {state!r}", path="state")
    if not isinstance(state.config, Config):
        raise PositionError(f"not a Config: {state.config!r}", path="config")
    if not isinstance(state.phase, Phase):
        raise PositionError(f"not a Phase: {state.phase!r}", path="phase")
    for name in ("turn", "rng", "turn_number", "turns_ended", "pot"):
        if not is_int(getattr(state, name)):
            raise PositionError(f"not an integer: {getattr(state, name)!r}", path=name)
    if not isinstance(state.has_moved, bool):
        raise PositionError(f"not a bool: {state.has_moved!r}", path="has_moved")
    if not isinstance(state.players, tuple):
        raise PositionError(f"not a tuple of players: {state.players!r}", path="players")
    players_fit_the_configuration(state.config, state.players)
    for index, player in enumerate(state.players):
        player_is_well_formed(player, _player_path(index))
        zones_are_sorted(player, _player_path(index))


def random_state_is_64_bits(rng: int) -> None:
    """The random state is a 64-bit unsigned integer (R30), as SplitMix64 has it."""
    if not 0 <= rng < _RNG_LIMIT:
        raise PositionError(
            "the random state is a 64-bit unsigned integer", path="rng", rule="R30"
        )


def random_state_fits_the_generator(config: Config, rng: int) -> None:
    """The random state is an unsigned integer as wide as the configuration's generator
    keeps (R30): 64 bits for SplitMix64, 320 for SHA-256 (a key and a counter)."""
    bits = random_state_bits(config.shuffle)
    if not 0 <= rng < 1 << bits:
        raise PositionError(
            f"the random state is a {bits}-bit unsigned integer ({config.shuffle.value})",
            path="rng",
            rule="R30",
        )


_STRS = itertools.repeat(str)
"""``str`` again and again: ``all(map(isinstance, cards, _STRS))`` checks names in C."""


def player_is_well_formed(player: object, path: str) -> None:
    """A player's fields hold values of the right kinds.

    Card zones are tuples of card names; the position a [`Cell`][guarda.Cell] or None; the
    guard a [`Guard`][guarda.Guard] or None; health, points and winnings integers;
    ``is_out`` a bool.

    Raises:
        PositionError: Naming the field of the wrong kind.
    """
    if not isinstance(player, PlayerState):
        raise PositionError(f"not a PlayerState: {player!r}", path=path)
    for zone in _ZONES:
        cards = getattr(player, zone)
        if not isinstance(cards, tuple) or not all(map(isinstance, cards, _STRS)):
            raise PositionError("not a tuple of card names", path=f"{path}.{zone}")
    if player.position is not None and not isinstance(player.position, Cell):
        raise PositionError(f"not a cell: {player.position!r}", path=f"{path}.position", rule="R8")
    guard = player.guard
    if guard is not None and (
        not isinstance(guard, Guard)
        or not isinstance(guard.status, GuardStatus)
        or not isinstance(guard.card, str)
    ):
        raise PositionError(f"not a Guard: {guard!r}", path=f"{path}.guard")
    for name, rule in (("health", "R22"), ("points", "R23"), ("winnings", "R26")):
        value = getattr(player, name)
        if not is_int(value):
            raise PositionError(f"not an integer: {value!r}", path=f"{path}.{name}", rule=rule)
    if not isinstance(player.is_out, bool):
        raise PositionError(f"not a bool: {player.is_out!r}", path=f"{path}.is_out")


def zones_are_sorted(player: PlayerState, path: str) -> None:
    """A player's hand and discard piles are kept sorted (identical cards are
    interchangeable, P8); the draw pile keeps its order."""
    for zone in _SORTED_ZONES:
        cards = getattr(player, zone)
        if list(cards) != sorted(cards):
            raise PositionError("hands and discard piles are kept sorted", path=f"{path}.{zone}")


# -- one player alone -------------------------------------------------------------------


def guard_is_laid_correctly(player: PlayerState, path: str) -> None:
    """A preparing guard has no orientation yet; a set guard has one (R14)."""
    guard = player.guard
    if guard is None:
        return
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


def goes_out_only_at_zero_health(config: Config) -> bool:
    """Whether damage is the only way out: with health, but not in Exhaustion (R22, R24)."""
    return config.has_health and not isinstance(config.win, Exhaustion)


def health_is_possible(config: Config, player: PlayerState, path: str) -> None:
    """Health lies between 0 and the maximum (R20) and says who is out (R22, R23).

    With health, a player at 0 is out, and without Exhaustion (R24) a player is out only
    at 0. In Victory nobody has health: damage scores points instead, so health stays at
    the starting health all game (R23, P4).
    """
    health = player.health
    if not 0 <= health <= config.max_health:
        raise PositionError(
            f"health must be 0 to {config.max_health}, not {health}",
            path=f"{path}.health",
            rule="R20",
        )
    if config.has_health and health == 0 and not player.is_out:
        raise PositionError("a player at 0 health is out", path=f"{path}.health", rule="R22")
    if player.is_out and health > 0 and goes_out_only_at_zero_health(config):
        raise PositionError(
            "without Exhaustion a player goes out only at 0 health",
            path=f"{path}.health",
            rule="R22",
        )
    if not config.has_health and health != config.starting_health:
        raise PositionError(
            f"in Victory damage scores points and health never changes: it stays at the "
            f"starting {config.starting_health}, not {health}",
            path=f"{path}.health",
            rule="R23",
        )


def nobody_goes_out_in_victory(config: Config, player: PlayerState, path: str) -> None:
    """Nobody is out in Victory (P4).

    Damage scores points instead of costing health, so nobody is eliminated by damage,
    and Victory has no other way out (running out of cards is Exhaustion's, R24).
    """
    if player.is_out and not config.has_health:
        raise PositionError(
            "in Victory nobody goes out: damage scores points instead",
            path=f"{path}.is_out",
            rule="P4",
        )


def out_player_has_left_the_field(player: PlayerState, path: str) -> None:
    """An out player's piece has left the field (R22)."""
    if player.is_out and player.position is not None:
        raise PositionError(
            "an out player's piece has left the field", path=f"{path}.position", rule="R22"
        )


def points_are_possible(config: Config, player: PlayerState, path: str) -> None:
    """Points are never negative, and only Victory and King of the Hill score them (R23)."""
    if player.points < 0:
        raise PositionError("points cannot be negative", path=f"{path}.points", rule="R23")
    if player.points and not isinstance(config.win, (Victory, KingOfTheHill)):
        raise PositionError(
            "only Victory and King of the Hill score points", path=f"{path}.points", rule="R23"
        )


def winnings_are_possible(config: Config, player: PlayerState, path: str) -> None:
    """Only Bounty and Scavenger stakes are claimed during a game, whole antes (R26)."""
    ante = config.stakes.ante
    kind = config.stakes.kind
    if player.winnings < 0 or (
        player.winnings and kind not in (StakesKind.BOUNTY, StakesKind.SCAVENGER)
    ):
        raise PositionError(
            "only Bounty and Scavenger stakes are claimed during the game, never below 0",
            path=f"{path}.winnings",
            rule="R26",
        )
    if player.winnings % max(ante, 1):
        raise PositionError(
            f"stakes are claimed whole: a multiple of the ante {ante}",
            path=f"{path}.winnings",
            rule="R26",
        )


def player_is_possible(config: Config, player: PlayerState, path: str) -> None:
    """Every rule about one well-formed player alone, in this order.

    Their piece is on the field (R8), their guard laid correctly (R14), their cards one
    deck (R3), their health possible (R20, R22, R23), nobody out in Victory (P4), their
    piece gone if they are out (R22), their points (R23) and winnings (R26) possible.
    """
    piece_is_on_the_field(config, player.position, f"{path}.position")
    guard_is_laid_correctly(player, path)
    cards_are_one_deck(config, player, path)
    health_is_possible(config, player, path)
    nobody_goes_out_in_victory(config, player, path)
    out_player_has_left_the_field(player, path)
    points_are_possible(config, player, path)
    winnings_are_possible(config, player, path)


# -- the players together ---------------------------------------------------------------


def one_piece_per_cell(positions: Sequence[Cell | None]) -> None:
    """No two pieces share a cell (R13).

    Args:
        positions: Each player's position, by player number (None: no piece).
    """
    seen: dict[Cell, int] = {}
    for index, position in enumerate(positions):
        if position is None:
            continue
        if position in seen:
            raise PositionError(
                f"player {seen[position]} is already on {position}",
                path=f"{_player_path(index)}.position",
                rule="R13",
            )
        seen[position] = index


def game_is_undecided(config: Config, players: Sequence[PlayerState]) -> None:
    """After setup, a game still being played is not decided yet (R22, R23, R25).

    At least two teams have someone in, and no team has reached the point target.
    """
    alive = {config.team_of(index) for index, player in enumerate(players) if not player.is_out}
    if len(alive) < 2:
        raise PositionError(
            "fewer than two teams have anyone left: the game would be over",
            path="players",
            rule="R22",
        )
    target = getattr(config.win, "target", None)
    if target is None:
        return
    for number, team in enumerate(config.teams):
        total = sum(players[index].points for index in team)
        if total >= target:
            raise PositionError(
                f"team {number} has {total} points, the target is {target}: "
                "the game would be over",
                path="players",
                rule="R23",
            )


def loot_is_possible(
    config: Config,
    loot: Sequence[object],
    players: Sequence[PlayerState],
    paths: Sequence[str],
) -> None:
    """Scavenger stakes left on the field (R26).

    Each item is a (cell, amount) pair: a cell of the field (R8) with no piece on it (the
    piece would have claimed it), an amount of whole antes; only Scavenger leaves stakes on
    the field, and each cell is listed once, in order of the cells.

    Args:
        config: The ruleset.
        loot: The ``(cell, amount)`` pairs.
        players: The players, for the pieces.
        paths: The path of each item, as the caller names it.
    """
    ante = config.stakes.ante
    previous: tuple[int, int] | None = None
    for item, path in zip(loot, paths, strict=True):
        if (
            not isinstance(item, tuple)
            or len(item) != 2
            or not isinstance(item[0], Cell)
            or not is_int(item[1])
        ):
            raise PositionError(f"not a (cell, amount) pair: {item!r}", path=path, rule="R26")
        cell, amount = item
        if config.stakes.kind is not StakesKind.SCAVENGER:
            raise PositionError("only Scavenger leaves stakes on the field", path=path, rule="R26")
        piece_is_on_the_field(config, cell, path)
        if amount <= 0 or amount % max(ante, 1):
            raise PositionError(
                f"loot is a positive multiple of the ante {ante}, not {amount}",
                path=path,
                rule="R26",
            )
        claimer = occupant(players, cell)
        if claimer is not None:
            raise PositionError(
                f"player {claimer} would have claimed the loot on {cell}",
                path=path,
                rule="R26",
            )
        key = (cell.y, cell.x)
        if previous is not None and key <= previous:
            raise PositionError(
                "loot is listed once per cell, sorted by cell", path=path, rule="R26"
            )
        previous = key


def _claimed(players: Sequence[PlayerState], loot: Sequence[tuple[Cell, int]]) -> int:
    return sum(player.winnings for player in players) + sum(amount for _, amount in loot)


def claimed_stakes_leave_the_pot(
    config: Config, players: Sequence[PlayerState], loot: Sequence[tuple[Cell, int]]
) -> None:
    """Only the antes of players who went out are claimed or lie on the field (R26)."""
    ante = config.stakes.ante
    claimed = _claimed(players, loot)
    out = sum(1 for player in players if player.is_out)
    if claimed > ante * out:
        raise PositionError(
            f"{claimed} in claimed stakes and loot, but only {out} players went out, "
            f"leaving {ante * out}: the pot cannot go below the stakes of those still in",
            path="pot",
            rule="R26",
        )


def pot_holds_the_unclaimed_stakes(
    config: Config, players: Sequence[PlayerState], loot: Sequence[tuple[Cell, int]], pot: int
) -> None:
    """The pot is every ante less the claimed winnings and the loot (R26)."""
    expected = config.stakes.ante * config.players - _claimed(players, loot)
    if pot != expected:
        raise PositionError(
            f"the stakes do not add up: the pot must be {expected}, not {pot}",
            path="pot",
            rule="R26",
        )


# -- the phase --------------------------------------------------------------------------


def nothing_is_dealt_during_setup(config: Config, players: Sequence[PlayerState]) -> None:
    """During setup nobody is out or has a hand, a guard, damage or points (R9).

    A player who has placed has put their setup cards face down; one who has not has
    discarded nothing yet.
    """
    for index, player in enumerate(players):
        path = _player_path(index)
        if player.is_out:
            raise PositionError("nobody is out during setup", path=f"{path}.is_out", rule="R9")
        fresh = (
            not player.hand
            and player.guard is None
            and not player.discard_known
            and player.health == config.starting_health
            and not player.points
            and not player.winnings
        )
        if not fresh:
            raise PositionError(
                "during setup nobody has a hand, a guard, face-up discards, damage, points, "
                "stakes or is out",
                path=path,
                rule="R9",
            )
        placed = player.position is not None
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


def unplaced_players_are_still_drawing(
    config: Config, players: Sequence[PlayerState], deciding: int | None
) -> None:
    """A player still to place, other than the one placing now, could not have placed yet.

    Their face-up setup cards do not overlap on a free cell (R9), and their draw pile has
    not run out (R10): either way they would have had to place at their last draw.

    Args:
        config: The ruleset.
        players: The players.
        deciding: The player placing now (the state's actor), or None when nobody is (a
            builder's player about to draw).
    """
    t = tables(config)
    for index, player in enumerate(players):
        if player.position is not None or index == deciding:
            continue
        if not placement_mask(t, players, index):
            continue
        path = _player_path(index)
        if not player.draw_pile:
            raise PositionError(
                "this player's draw pile has run out: they would have placed on a free cell",
                path=f"{path}.draw_pile",
                rule="R10",
            )
        raise PositionError(
            "these setup cards overlap on a free cell: the player would have placed",
            path=f"{path}.in_play",
            rule="R9",
        )


def players_still_in_have_pieces(players: Sequence[PlayerState]) -> None:
    """After setup, every player still in has a piece on the field, to the end (R11, R22)."""
    for index, player in enumerate(players):
        if not player.is_out and player.position is None:
            raise PositionError(
                "every player still in has a piece on the field after setup",
                path=f"{_player_path(index)}.position",
                rule="R11",
            )


def only_attack_cards_lie_face_up(
    phase: Phase | None, turn: int, players: Sequence[PlayerState]
) -> None:
    """After setup, only the turn player's attack cards lie face up, until Settle (R16).

    They lie there from the attack through the reactions to the Settle phase; a player who
    goes out has put them on the discards (P21).

    Args:
        phase: The phase, or None at the start of a turn, before the Draw phase.
        turn: The turn player.
        players: The players.
    """
    for index, player in enumerate(players):
        if not player.in_play:
            continue
        path = f"{_player_path(index)}.in_play"
        if index != turn or player.is_out:
            raise PositionError(
                "only the turn player's attack cards lie face up (P21)", path=path, rule="R16"
            )
        if phase is not Phase.SETTLE and phase not in REACTION_PHASES:
            raise PositionError(
                "attack cards lie face up only until the Settle phase", path=path, rule="R16"
            )


def hands_are_within_limits(
    config: Config, phase: Phase | None, turn: int, players: Sequence[PlayerState]
) -> None:
    """No hand holds more cards than the Draw phase and a returned guard allow (R12, R20).

    Any hand of a player still in holds at most the hand size plus a guard returned by a
    critical block (when the guard does not count toward the hand), or the opening hand.
    After setup, the turn player's hand holds at most the hand size (their hand target,
    ``_queries.hand_target``), except in the Draw phase's DISCARD decision,
    which discards only from a hand above it (one card more than the others' limit at
    most: the Classic draw).

    Args:
        config: The ruleset.
        phase: The phase, or None at the start of a turn, before the Draw phase.
        turn: The turn player.
        players: The players.
    """
    extra = 0 if config.guard_counts_toward_hand else 1
    general = max(config.hand_size + extra, config.opening_hand)
    for index, player in enumerate(players):
        if player.is_out:
            continue
        path = f"{_player_path(index)}.hand"
        size = len(player.hand)
        limit = general
        if index == turn and phase is Phase.DISCARD:
            if size <= hand_target(config, player):
                raise PositionError(
                    "the Draw phase discards only from a hand above the hand size",
                    path=path,
                    rule="R12",
                )
            limit = general + 1
        elif index == turn and phase is not None and phase is not Phase.SETUP:
            limit = hand_target(config, player)
        if size > limit:
            raise PositionError(
                f"{size} cards: a hand cannot hold more than {limit} here", path=path, rule="R12"
            )


def guard_to_set_is_preparing(players: Sequence[PlayerState], who: int) -> None:
    """Only a player whose guard is preparing must set it, in SET_GUARD (R14)."""
    guard = players[who].guard
    if guard is None or guard.status is not GuardStatus.PREPARING:
        raise PositionError(
            "only a player with a preparing guard must set it",
            path=f"{_player_path(who)}.guard",
            rule="R14",
        )


def nobody_has_moved_yet(phase: Phase, has_moved: bool) -> None:
    """Nobody has moved in the setup phase or the Draw phase (R13)."""
    if has_moved and phase in (Phase.SETUP, Phase.DISCARD):
        raise PositionError(
            f"nobody has moved in the {phase.value} phase", path="has_moved", rule="R13"
        )
