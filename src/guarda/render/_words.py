"""Names, marks, colours and the sentences every picture and text shares.

A picture and a text of the same position say the same things in the same words: who
sits where, whose turn it is, what the game is played for and how it ended.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from guarda import (
    Config,
    Exhaustion,
    GameState,
    Guard,
    GuardStatus,
    KingOfTheHill,
    Orientation,
    Outcome,
    Phase,
    PlayerView,
    StakesKind,
    Victory,
)
from guarda.errors import ArgumentError

__all__ = [
    "PALETTE",
    "cards_words",
    "check_config",
    "check_position",
    "colour",
    "game_words",
    "guard_words",
    "result_words",
    "seat_marks",
    "seat_names",
    "status_words",
    "win_words",
]

PALETTE: tuple[tuple[str, str], ...] = (
    ("#0072B2", "#ffffff"),
    ("#D55E00", "#ffffff"),
    ("#009E73", "#ffffff"),
    ("#AA4499", "#ffffff"),
    ("#8C510A", "#ffffff"),
    ("#332288", "#ffffff"),
    ("#E69F00", "#000000"),
    ("#5F6B6D", "#ffffff"),
)
"""Each player's colour and the colour of text written on it, by player number.

Colours of the Okabe-Ito and Tol palettes, told apart with the common kinds of colour
blindness; every picture also writes each player's mark, so no colour carries meaning
alone.
"""

_PHASES = {
    Phase.SETUP: "setup",
    Phase.DISCARD: "Draw phase",
    Phase.MOVE: "Move phase",
    Phase.SET_GUARD: "Act phase",
    Phase.ACT: "Act phase",
    Phase.REACT: "reaction",
    Phase.NEW_GUARD: "after a critical block",
    Phase.COUNTER: "counter",
    Phase.SETTLE: "Settle phase",
    Phase.OVER: "game over",
}


def check_config(config: object, path: str = "config") -> Config:
    """``config`` if it is a ruleset.

    Raises:
        ArgumentError: Otherwise, naming ``path``.
    """
    if not isinstance(config, Config):
        raise ArgumentError(f"not a Config: {type(config).__name__}", path=path)
    return config


def check_position(position: object) -> GameState | PlayerView:
    """``position`` if it is a game state or a player's view.

    Raises:
        ArgumentError: Otherwise, with ``path="position"``.
    """
    if not isinstance(position, GameState | PlayerView):
        raise ArgumentError(
            f"not a GameState or a PlayerView: {type(position).__name__}", path="position"
        )
    return position


def seat_names(config: Config) -> tuple[str, ...]:
    """A readable name per player: their side, numbered when several share a side (R4).

    Args:
        config: The ruleset.

    Returns:
        One name per player number.

    Raises:
        ArgumentError: If ``config`` is not a ruleset.

    Examples:
        >>> import guarda
        >>> seat_names(guarda.modern(players=2))
        ('South', 'North')
        >>> seat_names(guarda.modern(players=8))[:3]
        ('South 1', 'South 2', 'West 1')
    """
    sides = [side.name.title() for side in check_config(config).seats]
    names = []
    for index, side in enumerate(sides):
        if sides.count(side) == 1:
            names.append(side)
        else:
            names.append(f"{side} {sides[: index + 1].count(side)}")
    return tuple(names)


def seat_marks(config: Config) -> tuple[str, ...]:
    """One letter per player, for pieces: the side's initial, lower case for a second.

    Args:
        config: The ruleset.

    Returns:
        One mark per player number.

    Raises:
        ArgumentError: If ``config`` is not a ruleset.

    Examples:
        >>> import guarda
        >>> seat_marks(guarda.classic(players=4))
        ('S', 'W', 'N', 'E')
        >>> seat_marks(guarda.classic(players=8))[:4]
        ('S', 's', 'W', 'w')
    """
    seats = check_config(config).seats
    marks = []
    for index, side in enumerate(seats):
        initial = side.name[0]
        marks.append(initial if side not in seats[:index] else initial.lower())
    return tuple(marks)


def colour(player: int) -> tuple[str, str]:
    """A player's colour and the colour of text written on it."""
    return PALETTE[player % len(PALETTE)]


def cards_words(cards: Iterable[str]) -> str:
    """Card names in the given order, or ``"none"``.

    Examples:
        >>> cards_words(("V2", "H1")), cards_words(())
        ('V2 H1', 'none')
    """
    return " ".join(cards) or "none"


def win_words(config: Config) -> str:
    """The win condition and stakes in words.

    Examples:
        >>> import guarda
        >>> win_words(guarda.modern(win="victory"))
        'Victory, first to 20 points'
        >>> win_words(guarda.classic(stakes="bounty", ante=2))
        'Elimination, Bounty stakes (ante 2)'
    """
    win = config.win
    if isinstance(win, Victory):
        words = f"Victory, first to {win.target} points"
    elif isinstance(win, KingOfTheHill):
        hill = " ".join(cell.name for cell in win.hill)
        words = f"King of the Hill on {hill}, first to {win.target} points"
    elif isinstance(win, Exhaustion):
        words = "Exhaustion"
    else:
        words = "Elimination"
    stakes = config.stakes
    if stakes.kind is not StakesKind.NONE:
        kind = stakes.kind.value.replace("-", " ").title().replace("Of", "of")
        words += f", {kind} stakes (ante {stakes.ante})"
    if config.turn_limit is not None:
        words += f", at most {config.turn_limit} turns"
    return words


def _teams_words(config: Config) -> str:
    if all(len(team) == 1 for team in config.teams):
        return ""
    marks = seat_marks(config)
    teams = " against ".join("+".join(marks[p] for p in team) for team in config.teams)
    return f", teams {teams}"


def game_words(config: Config) -> str:
    """The game in one line: edition, players, teams, win condition and stakes.

    Examples:
        >>> import guarda
        >>> game_words(guarda.classic(players=4, teams=[[0, 2], [1, 3]]))
        'Classic 6x6, 4 players, teams S+N against W+E, Elimination'
    """
    size = f"{config.size}x{config.size}"
    name = config.name if size in config.name else f"{config.name} {size}"
    return f"{name}, {config.players} players{_teams_words(config)}, {win_words(config)}"


def result_words(outcome: Outcome, names: Sequence[str], turn_number: int) -> str:
    """Who won or drew, why, and in which turn (``turn_number`` counts turns started).

    Examples:
        >>> import guarda
        >>> outcome = guarda.Outcome(
        ...     guarda.OutcomeReason.LAST_STANDING, (1,), 1, (), (0, 4), (0, 0), (0, 0)
        ... )
        >>> result_words(outcome, ("South", "North"), 83)
        'North wins (last-standing) in turn 83'
    """
    when = "during setup" if turn_number == 0 else f"in turn {turn_number}"
    reason = outcome.reason.value
    if outcome.winners:
        who = " and ".join(names[p] for p in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        return f"{who} {verb} ({reason}) {when}"
    who = " and ".join(names[p] for p in outcome.drawn)
    return f"draw between {who} ({reason}) {when}"


def status_words(position: GameState | PlayerView, names: Sequence[str] | None = None) -> str:
    """Whose decision it is and why, in one line; the result once the game is over.

    ``names`` are the players' names (by default their sides).

    Examples:
        >>> import guarda
        >>> status_words(guarda.new_game(guarda.modern(), seed=1))
        'Setup: South draws setup cards and places a piece'
    """
    if names is None:
        names = seat_names(position.config)
    if position.outcome is not None:
        return "Game over: " + result_words(position.outcome, names, position.turn_number)
    actor = position.actor
    assert actor is not None  # only a finished game has no actor
    if position.phase is Phase.SETUP:
        return f"Setup: {names[actor]} draws setup cards and places a piece"
    turn = f"Turn {position.turn_number}"
    attack = position.attack
    if position.phase is Phase.REACT and attack is not None:
        return (
            f"{turn}: {names[attack.attacker]} attacks with {cards_words(attack.cards)}; "
            f"{names[attack.defender]} reacts to {attack.damage} damage"
        )
    if position.phase is Phase.COUNTER and attack is not None:
        return (
            f"{turn}: {names[attack.defender]} countered; {names[attack.attacker]} answers "
            f"{attack.counter} damage"
        )
    if position.phase is Phase.NEW_GUARD:
        return f"{turn}: {names[actor]} blocked critically and may prepare a new guard"
    moved = " (has moved)" if position.phase is Phase.MOVE and position.has_moved else ""
    return f"{turn}, {_PHASES[position.phase]}{moved}: {names[actor]} to act"


def guard_words(status: GuardStatus | None, guard: Guard | None) -> str:
    """A guard in words: its status, and its card and orientation when known.

    Examples:
        >>> from guarda import Guard, GuardStatus, Orientation
        >>> guard_words(GuardStatus.SET, Guard("V4", GuardStatus.SET, Orientation.DEFENSIVE))
        'V4 set to block'
        >>> guard_words(GuardStatus.PREPARING, None), guard_words(None, None)
        ('preparing', 'none')
    """
    if status is None:
        return "none"
    if guard is None:
        return status.value
    if guard.orientation is None:
        return f"{guard.card} {guard.status.value}"
    use = "block" if guard.orientation is Orientation.DEFENSIVE else "counter"
    return f"{guard.card} set to {use}"
