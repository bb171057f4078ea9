"""The ruleset: one frozen, validated value per game, and the edition presets.

[`Config`][guarda.Config] holds every rule that varies between editions and variants. The presets
[`classic`][guarda.classic], [`modern`][guarda.modern] and [`grda`][guarda.grda] build the three
editions of the rulings'
table; [`custom`][guarda.custom] builds any N x N field with any deck (R3). Every constructor
validates, so an invalid combination never reaches the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TypedDict, Unpack

import attrs

from guarda._cards import CardType, DeckEntry, all_card, line_cards, x_card
from guarda._geometry import Cell, Geometry, Side
from guarda.errors import ConfigurationError

__all__ = [
    "MAX_DECK_SIZE",
    "MAX_HAND_SIZE",
    "MAX_PLAYERS",
    "MAX_SIZE",
    "Config",
    "DrawRule",
    "Elimination",
    "Exhaustion",
    "KingOfTheHill",
    "PresetOptions",
    "Scoring",
    "Shuffle",
    "Stakes",
    "StakesKind",
    "Victory",
    "WinCondition",
    "classic",
    "custom",
    "default_hill",
    "default_seats",
    "grda",
    "modern",
]

MAX_PLAYERS = 8
"""The most players a game may have."""
MAX_SIZE = 26
"""The largest field: one column letter per column (R8)."""
MAX_HAND_SIZE = 16
"""The largest hand size and opening hand (P18).

Legal actions list every combination of hand cards (a hand of ``n`` different cards has
``2 ** n - 1`` attacks), so larger hands would make single steps explode.
"""
MAX_DECK_SIZE = 1024
"""The most cards a player's deck may hold (P18)."""


class DrawRule(enum.StrEnum):
    """How the Draw phase fills the hand (R12)."""

    DRAW_ONE_THEN_FILL = "draw-one-then-fill"
    """Classic and Grda: draw one card (even with a full hand), fill, then discard down."""
    FILL = "fill"
    """Modern: draw or discard until holding exactly the hand size."""


class Scoring(enum.StrEnum):
    """How damage turns into points under [`Victory`][guarda.Victory] (R23)."""

    PER_OPPONENT = "per-opponent"
    """Classic: +1 for each opponent damaged by one attack or counter."""
    PER_DAMAGE = "per-damage"
    """Modern: +1 for each point of damage dealt, counters included."""


class Shuffle(enum.StrEnum):
    """The generator that shuffles the decks (R30): a seed (and salt) deals the same
    cards with the same generator everywhere; the two generators deal differently."""

    SPLITMIX64 = "splitmix64"
    """The default: SplitMix64 over a 64-bit state. Fast and reproducible; fit for bots,
    experiments and friendly games, not for dealing to adversaries (64 bits of state)."""
    SHA256 = "sha256"
    """SHA-256 in counter mode, keyed by the seed and the salt (256-bit key): the cards
    still to come cannot be predicted from the cards seen without the key. For a site
    that deals to strangers; see the "Formats" page for the exact bytes."""


@attrs.frozen
class Elimination:
    """Win by being the last player or team with anyone left (R22)."""


@attrs.frozen
class Victory:
    """Damage scores points instead of costing health; first to ``target`` wins (R23)."""

    target: int = 10
    """Points a player or team needs (Classic 10, Modern 20)."""
    scoring: Scoring = Scoring.PER_OPPONENT
    """Which scoring rule applies."""


@attrs.frozen
class Exhaustion:
    """No reshuffle; a player who must draw from an empty draw pile is out (R24)."""


@attrs.frozen
class KingOfTheHill:
    """Score 1 for ending a turn on the hill; first to ``target`` wins (R25).

    Elimination also still wins.
    """

    hill: tuple[Cell, ...]
    """The hill cells (the centre cell, or the central 2x2 block on an even field)."""
    target: int = 5
    """Points a player or team needs."""


WinCondition = Elimination | Victory | Exhaustion | KingOfTheHill
"""The win condition of a game: one of the four classes."""


class StakesKind(enum.StrEnum):
    """The stakes variants (R26)."""

    NONE = "none"
    BOUNTY = "bounty"
    """With Elimination: whoever eliminates a player takes that player's stake."""
    SPOILS_OF_WAR = "spoils-of-war"
    """With Victory: the winners take all."""
    SCAVENGER = "scavenger"
    """With Exhaustion: a player who goes out leaves the stake on their cell."""


_STAKES_WIN: dict[StakesKind, type] = {
    StakesKind.BOUNTY: Elimination,
    StakesKind.SPOILS_OF_WAR: Victory,
    StakesKind.SCAVENGER: Exhaustion,
}


@attrs.frozen
class Stakes:
    """The stakes variant and each player's ante (R26)."""

    kind: StakesKind = StakesKind.NONE
    """Which variant."""
    ante: int = 0
    """What each player puts in (0 or more)."""


def default_seats(players: int) -> tuple[Side, ...]:
    """The default seating of R4: player ``i`` sits on side ``floor(4 * i / players)``.

    Examples:
        >>> [side.name for side in default_seats(3)]
        ['SOUTH', 'WEST', 'NORTH']
    """
    return tuple(Side(4 * i // players) for i in range(players))


def default_hill(size: int) -> tuple[Cell, ...]:
    """The centre cell of an odd field, or the central 2x2 block of an even one (R25).

    Examples:
        >>> [str(cell) for cell in default_hill(4)]
        ['b2', 'c2', 'b3', 'c3']
    """
    low, high = (size - 1) // 2, size // 2
    return tuple(Cell(x, y) for y in range(low, high + 1) for x in range(low, high + 1))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen(cache_hash=True)
class Config:
    """A complete, validated ruleset.

    Build one with a preset ([`classic`][guarda.classic], [`modern`][guarda.modern],
    [`grda`][guarda.grda]) or
    [`custom`][guarda.custom]; change one with `attrs.evolve`, which validates again.

    Examples:
        >>> config = modern(players=4)
        >>> config.size, config.hand_size, config.starting_health
        (5, 5, 10)
        >>> [side.name for side in config.seats]
        ['SOUTH', 'WEST', 'NORTH', 'EAST']
    """

    name: str
    """A label for the edition or variant (``"Modern"``, ``"Custom 9x9"``)."""
    size: int
    """Width and height of the square field (3 to 26)."""
    deck: tuple[DeckEntry, ...]
    """Each player's deck: card types and copies."""
    players: int
    """Number of players, 2 to 8."""
    hand_size: int
    """Cards a player holds after the Draw phase."""
    guard_counts_toward_hand: bool
    """Whether a preparing or set guard counts as one card of the hand (Grda)."""
    opening_hand: int
    """Cards each player draws after setup (R2, R11)."""
    draw_rule: DrawRule
    """Classic draw-one-then-fill or Modern fill (R12)."""
    starting_health: int
    """Health each player starts with."""
    max_health: int
    """Health cap for the critical block's heal (R20); at least the starting health."""
    win: WinCondition
    """The win condition."""
    stakes: Stakes
    """The stakes variant and ante."""
    seats: tuple[Side, ...]
    """The side each player sits on, in clockwise order (R4)."""
    teams: tuple[tuple[int, ...], ...]
    """Teams as tuples of player numbers; every player is in exactly one team."""
    first_player: int
    """Who draws first in setup (R9)."""
    turn_limit: int | None = None
    """Ended turns after which the game is a draw between everyone still in (R27)."""
    shuffle: Shuffle = Shuffle.SPLITMIX64
    """The generator that shuffles the decks (R30); documents leave out the default."""

    def __attrs_post_init__(self) -> None:
        _validate(self)

    @property
    def geometry(self) -> Geometry:
        """The precomputed field tables for this size and deck.

        Built once per field size and card patterns, then remembered. A plain property,
        not ``functools.cached_property``: on a slotted attrs class that would add a
        ``__getattr__`` hook, which makes reading every field of a configuration slower.
        """
        return Geometry.build(
            self.size, {entry.card.name: entry.card.cells for entry in self.deck}
        )

    @property
    def card_names(self) -> tuple[str, ...]:
        """Names of the deck's card types, in deck order."""
        return tuple(entry.card.name for entry in self.deck)

    @property
    def deck_size(self) -> int:
        """Number of cards in each player's deck."""
        return sum(entry.copies for entry in self.deck)

    def copies(self, name: str) -> int:
        """Copies of the named card in each deck (0 if the deck has no such card)."""
        for entry in self.deck:
            if entry.card.name == name:
                return entry.copies
        return 0

    def team_of(self, player: int) -> int:
        """The index in `teams` of the player's team."""
        for index, team in enumerate(self.teams):
            if player in team:
                return index
        raise ConfigurationError(f"no player {player}", path="player")

    @property
    def has_health(self) -> bool:
        """Whether damage costs health (every win condition but Victory, R23)."""
        return not isinstance(self.win, Victory)


def _validate(config: Config) -> None:
    def fail(message: str, path: str, rule: str | None = None) -> None:
        raise ConfigurationError(message, path=path, rule=rule)

    if not isinstance(config.name, str):
        fail("must be a string", "name")
    if not _is_int(config.size) or not 3 <= config.size <= MAX_SIZE:
        fail(
            f"field size must be an integer from 3 to {MAX_SIZE}, not {config.size!r}",
            "size",
            "R3",
        )
    if not isinstance(config.deck, tuple) or not config.deck:
        fail("the deck needs at least one card type", "deck", "R3")
    names = set()
    for index, entry in enumerate(config.deck):
        if not isinstance(entry, DeckEntry):
            fail(f"not a DeckEntry: {entry!r}", f"deck[{index}]")
        if entry.card.name in names:
            fail(f"card type {entry.card.name} appears twice", f"deck[{index}]")
        names.add(entry.card.name)
        if entry.copies > MAX_DECK_SIZE:
            fail(f"at most {MAX_DECK_SIZE} copies of a card", f"deck[{index}].copies", "P18")
        if not entry.card.fits(config.size):
            fail(
                f"card {entry.card.name} has a cell outside the {config.size}x{config.size} field",
                f"deck[{index}].card.cells",
                "R3",
            )
    if sum(entry.copies for entry in config.deck) > MAX_DECK_SIZE:
        fail(f"a deck holds at most {MAX_DECK_SIZE} cards", "deck", "P18")
    if not _is_int(config.players) or not 2 <= config.players <= MAX_PLAYERS:
        fail(f"2 to {MAX_PLAYERS} players can play, not {config.players!r}", "players")
    if config.players > config.size * config.size:
        fail(
            f"{config.players} pieces do not fit on a {config.size}x{config.size} field", "players"
        )
    if not _is_int(config.hand_size) or config.hand_size < 1:
        fail(f"hand size must be at least 1, not {config.hand_size!r}", "hand_size", "R12")
    if config.hand_size > MAX_HAND_SIZE:
        fail(f"hand size must be at most {MAX_HAND_SIZE}", "hand_size", "P18")
    if config.guard_counts_toward_hand and config.hand_size < 2:
        fail("a hand that counts the guard must hold at least 2 cards", "hand_size", "R12")
    if not isinstance(config.guard_counts_toward_hand, bool):
        fail("must be a bool", "guard_counts_toward_hand")
    if not _is_int(config.opening_hand) or not 0 <= config.opening_hand <= MAX_HAND_SIZE:
        fail(
            f"opening hand must be from 0 to {MAX_HAND_SIZE}, not {config.opening_hand!r}",
            "opening_hand",
            "R2",
        )
    if not isinstance(config.draw_rule, DrawRule):
        fail(f"not a DrawRule: {config.draw_rule!r}", "draw_rule", "R12")
    if not _is_int(config.starting_health) or config.starting_health < 1:
        fail(
            f"starting health must be at least 1, not {config.starting_health!r}",
            "starting_health",
        )
    if not _is_int(config.max_health) or config.max_health < config.starting_health:
        fail(
            f"maximum health {config.max_health!r} is below the starting health "
            f"{config.starting_health}",
            "max_health",
            "R20",
        )
    _validate_win(config.win, config.size)
    if not isinstance(config.stakes, Stakes) or not isinstance(config.stakes.kind, StakesKind):
        fail(f"not a Stakes value: {config.stakes!r}", "stakes")
    if not _is_int(config.stakes.ante) or config.stakes.ante < 0:
        fail(f"the ante must be 0 or more, not {config.stakes.ante!r}", "stakes.ante", "R26")
    required = _STAKES_WIN.get(config.stakes.kind)
    if required is not None and not isinstance(config.win, required):
        fail(
            f"{config.stakes.kind.value} stakes are played with {required.__name__}, "
            f"not {type(config.win).__name__}",
            "stakes.kind",
            "P1",
        )
    if config.stakes.kind is StakesKind.NONE and config.stakes.ante:
        fail("an ante needs a stakes variant", "stakes.ante", "R26")
    _validate_seating(config)
    if not _is_int(config.first_player) or not 0 <= config.first_player < config.players:
        fail(f"no player {config.first_player!r} to draw first", "first_player", "R9")
    if config.turn_limit is not None and (not _is_int(config.turn_limit) or config.turn_limit < 1):
        fail(
            f"the turn limit must be None or at least 1, not {config.turn_limit!r}",
            "turn_limit",
            "R27",
        )
    if not isinstance(config.shuffle, Shuffle):
        fail(f"not a Shuffle: {config.shuffle!r} (use splitmix64 or sha256)", "shuffle", "R30")


def _validate_win(win: object, size: int) -> None:
    if isinstance(win, Victory):
        if not _is_int(win.target) or win.target < 1:
            raise ConfigurationError(
                "the target must be at least 1", path="win.target", rule="R23"
            )
        if not isinstance(win.scoring, Scoring):
            raise ConfigurationError(f"not a Scoring: {win.scoring!r}", path="win.scoring")
    elif isinstance(win, KingOfTheHill):
        if not isinstance(win.hill, tuple) or not win.hill:
            raise ConfigurationError("King of the Hill needs a hill", path="win.hill", rule="R25")
        for index, cell in enumerate(win.hill):
            if not isinstance(cell, Cell) or not cell.is_on(size):
                raise ConfigurationError(
                    f"hill cell {cell!r} is not on the {size}x{size} field",
                    path=f"win.hill[{index}]",
                    rule="R25",
                )
        if len(set(win.hill)) != len(win.hill):
            raise ConfigurationError("a hill cell is listed twice", path="win.hill", rule="R25")
        if not _is_int(win.target) or win.target < 1:
            raise ConfigurationError(
                "the target must be at least 1", path="win.target", rule="R25"
            )
    elif not isinstance(win, (Elimination, Exhaustion)):
        raise ConfigurationError(f"not a win condition: {win!r}", path="win")


def _validate_seating(config: Config) -> None:
    seats, players = config.seats, config.players
    if not isinstance(seats, tuple) or len(seats) != players:
        raise ConfigurationError(f"give one side per player ({players})", path="seats", rule="R4")
    for index, side in enumerate(seats):
        if not isinstance(side, Side):
            raise ConfigurationError(f"not a Side: {side!r}", path=f"seats[{index}]", rule="R4")
    descents = sum(1 for i in range(players) if seats[(i + 1) % players] < seats[i])
    if descents > 1:
        raise ConfigurationError(
            "players take turns clockwise, so seats must go South, West, North, East "
            "(wrapping around once) in player order",
            path="seats",
            rule="P3",
        )
    teams = config.teams
    if not isinstance(teams, tuple) or len(teams) < 2:
        raise ConfigurationError("at least two teams are needed", path="teams")
    seen: list[int] = []
    for index, team in enumerate(teams):
        if not isinstance(team, tuple) or not team:
            raise ConfigurationError("a team cannot be empty", path=f"teams[{index}]")
        for player in team:
            if not _is_int(player) or not 0 <= player < players:
                raise ConfigurationError(f"no player {player!r}", path=f"teams[{index}]")
            if player in seen:
                raise ConfigurationError(
                    f"player {player} is in two teams", path=f"teams[{index}]"
                )
            seen.append(player)
    if len(seen) != players:
        missing = sorted(set(range(players)) - set(seen))
        raise ConfigurationError(f"players {missing} are in no team", path="teams")


def _win_for(edition: str, win: WinCondition | str, size: int) -> WinCondition:
    if not isinstance(win, str):
        return win
    key = win.lower().replace("_", "-").replace(" ", "-")
    if key == "elimination":
        return Elimination()
    if key == "victory":
        if edition == "Modern":
            return Victory(target=20, scoring=Scoring.PER_DAMAGE)
        return Victory(target=10, scoring=Scoring.PER_OPPONENT)
    if key == "exhaustion":
        return Exhaustion()
    if key in ("king-of-the-hill", "koth"):
        return KingOfTheHill(hill=default_hill(size))
    raise ConfigurationError(
        f"unknown win condition {win!r}: use elimination, victory, exhaustion or king-of-the-hill",
        path="win",
    )


def _stakes_for(stakes: Stakes | StakesKind | str, ante: int) -> Stakes:
    if isinstance(stakes, Stakes):
        return stakes
    if isinstance(stakes, str):
        try:
            stakes = StakesKind(stakes.lower().replace("_", "-").replace(" ", "-"))
        except ValueError:
            raise ConfigurationError(
                f"unknown stakes {stakes!r}: use none, bounty, spoils-of-war or scavenger",
                path="stakes",
            ) from None
    return Stakes(kind=stakes, ante=ante)


def _teams_for(teams: Sequence[Sequence[int]] | None, players: int) -> tuple[tuple[int, ...], ...]:
    if teams is None:
        return tuple((player,) for player in range(players))
    if isinstance(teams, (str, bytes)) or not isinstance(teams, Sequence):
        raise ConfigurationError("teams must be a sequence of sequences of players", path="teams")
    result = []
    for index, team in enumerate(teams):
        if isinstance(team, (str, bytes)) or not isinstance(team, Sequence):
            raise ConfigurationError(
                "a team must be a sequence of players", path=f"teams[{index}]"
            )
        result.append(tuple(team))
    return tuple(result)


def custom(
    size: int,
    players: int = 2,
    *,
    deck: Sequence[DeckEntry] | None = None,
    name: str | None = None,
    hand_size: int | None = None,
    guard_counts_toward_hand: bool = False,
    opening_hand: int | None = None,
    draw_rule: DrawRule = DrawRule.DRAW_ONE_THEN_FILL,
    starting_health: int = 10,
    max_health: int | None = None,
    win: WinCondition | str = "elimination",
    stakes: Stakes | StakesKind | str = StakesKind.NONE,
    ante: int = 0,
    seats: Sequence[Side] | None = None,
    teams: Sequence[Sequence[int]] | None = None,
    first_player: int = 0,
    turn_limit: int | None = None,
    shuffle: Shuffle | str = Shuffle.SPLITMIX64,
) -> Config:
    """Build a ruleset for any N x N field (R3).

    Defaults follow the reference article: 4 copies of every line card of the field,
    a hand of N cards not counting the guard, the Classic draw rule, 10 health.

    Args:
        size: Width and height of the field, 3 to 26.
        players: 2 to 8.
        deck: Card types and copies; defaults to 4 copies of each line card.
        name: A label; defaults to ``"Custom NxN"``.
        hand_size: Defaults to ``size``.
        guard_counts_toward_hand: Whether the guard counts as a hand card.
        opening_hand: Defaults to the hand size (R2).
        draw_rule: Classic or Modern draw (R12).
        starting_health: Health at the start.
        max_health: Health cap for healing; defaults to the starting health.
        win: A win condition, or one of ``"elimination"``, ``"victory"``,
            ``"exhaustion"``, ``"king-of-the-hill"``.
        stakes: A [`Stakes`][guarda.Stakes], a [`StakesKind`][guarda.StakesKind] or its name.
        ante: Each player's stake when ``stakes`` is a kind or a name.
        seats: Sides in player order; defaults to R4's spread.
        teams: Teams as sequences of players; defaults to every player alone.
        first_player: Who draws first in setup (R9).
        turn_limit: Optional limit of ended turns (R27).
        shuffle: The deal's generator, a [`Shuffle`][guarda.Shuffle] or its name
            (``"splitmix64"``, the default, or ``"sha256"``).

    Returns:
        The validated configuration.

    Raises:
        ConfigurationError: If any value or combination is invalid.

    Examples:
        >>> custom(5, shuffle="sha256").shuffle
        <Shuffle.SHA256: 'sha256'>
        >>> config = custom(9, players=8, teams=[[0, 2, 4, 6], [1, 3, 5, 7]])
        >>> config.hand_size, config.deck_size
        (9, 72)
    """
    if not _is_int(size) or not 3 <= size <= MAX_SIZE:
        raise ConfigurationError(
            f"field size must be an integer from 3 to {MAX_SIZE}", path="size"
        )
    if not _is_int(players):
        raise ConfigurationError(f"not a number of players: {players!r}", path="players")
    if not 2 <= players <= MAX_PLAYERS:  # before seats and teams are made for them
        raise ConfigurationError(
            f"2 to {MAX_PLAYERS} players can play, not {players!r}", path="players"
        )
    if deck is None:
        deck = tuple(DeckEntry(card, 4) for card in line_cards(size))
    for field, value in (("deck", deck), ("seats", seats)):
        if value is not None and (
            isinstance(value, (str, bytes)) or not isinstance(value, Sequence)
        ):
            raise ConfigurationError(f"must be a sequence, not {value!r}", path=field)
    hand = size if hand_size is None else hand_size
    return Config(
        name=f"Custom {size}x{size}" if name is None else name,
        size=size,
        deck=tuple(deck),
        players=players,
        hand_size=hand,
        guard_counts_toward_hand=guard_counts_toward_hand,
        opening_hand=hand if opening_hand is None else opening_hand,
        draw_rule=draw_rule,
        starting_health=starting_health,
        max_health=starting_health if max_health is None else max_health,
        win=_win_for("Custom", win, size),
        stakes=_stakes_for(stakes, ante),
        seats=default_seats(players) if seats is None else tuple(seats),
        teams=_teams_for(teams, players),
        first_player=first_player,
        turn_limit=turn_limit,
        shuffle=_shuffle_for(shuffle),
    )


def _shuffle_for(shuffle: Shuffle | str) -> Shuffle:
    if isinstance(shuffle, Shuffle):
        return shuffle
    if isinstance(shuffle, str):
        try:
            return Shuffle(shuffle.lower())
        except ValueError:
            pass
    raise ConfigurationError(
        f"unknown shuffle {shuffle!r}: use splitmix64 or sha256", path="shuffle", rule="R30"
    )


class PresetOptions(TypedDict, total=False):
    """The keyword arguments every preset takes; they mean what they mean for
    [`custom`][guarda.custom]."""

    win: WinCondition | str
    stakes: Stakes | StakesKind | str
    ante: int
    seats: Sequence[Side] | None
    teams: Sequence[Sequence[int]] | None
    first_player: int
    turn_limit: int | None
    shuffle: Shuffle | str


def _edition(
    edition: str, size: int, deck: tuple[CardType, ...], players: int, options: PresetOptions
) -> Config:
    resolved = _win_for(edition, options.get("win", "elimination"), size)
    options["win"] = resolved  # our own copy of the caller's keyword arguments
    if edition == "Grda":
        health = 20
    elif edition == "Modern" and isinstance(resolved, Exhaustion):
        health = 5
    else:
        health = 10
    return custom(
        size,
        players,
        deck=tuple(DeckEntry(card, 4) for card in deck),
        name=edition,
        hand_size=4 if edition == "Grda" else size,
        guard_counts_toward_hand=edition == "Grda",
        draw_rule=DrawRule.FILL if edition == "Modern" else DrawRule.DRAW_ONE_THEN_FILL,
        starting_health=health,
        **options,
    )


def classic(players: int = 2, **options: Unpack[PresetOptions]) -> Config:
    """The Classic edition: 6x6 field, V1..V6 and H1..H6 x4, hand 6, health 10.

    Args:
        players: 2 to 8.
        **options: ``win``, ``stakes``, ``ante``, ``seats``, ``teams``, ``first_player``,
            ``turn_limit`` and ``shuffle``, as for [`custom`][guarda.custom]. A Victory
            game scores per opponent to 10.

    Returns:
        The validated configuration.

    Raises:
        ConfigurationError: If any value or combination is invalid.

    Examples:
        >>> classic(players=3).deck_size
        48
    """
    return _edition("Classic", 6, line_cards(6), players, options)


def modern(players: int = 2, **options: Unpack[PresetOptions]) -> Config:
    """The Modern edition: 5x5 field, V1..V5, H1..H5, X and ALL x4, hand 5 (R2).

    Args:
        players: 2 to 8.
        **options: ``win``, ``stakes``, ``ante``, ``seats``, ``teams``, ``first_player``,
            ``turn_limit`` and ``shuffle``, as for [`custom`][guarda.custom]. Health is
            10, or 5 under Exhaustion (R24); a Victory game scores per damage to 20.

    Returns:
        The validated configuration.

    Raises:
        ConfigurationError: If any value or combination is invalid.

    Examples:
        >>> modern(win="exhaustion").starting_health
        5
    """
    return _edition("Modern", 5, (*line_cards(5), x_card(5), all_card(5)), players, options)


def grda(players: int = 2, **options: Unpack[PresetOptions]) -> Config:
    """The Grda variant: 4x4 field, V1..V4 and H1..H4 x4 (R1), hand 4 with the guard, 20 health.

    Args:
        players: 2 to 8.
        **options: ``win``, ``stakes``, ``ante``, ``seats``, ``teams``, ``first_player``,
            ``turn_limit`` and ``shuffle``, as for [`custom`][guarda.custom].

    Returns:
        The validated configuration.

    Raises:
        ConfigurationError: If any value or combination is invalid.

    Examples:
        >>> config = grda()
        >>> config.deck_size, config.guard_counts_toward_hand
        (32, True)
    """
    return _edition("Grda", 4, line_cards(4), players, options)
