"""Plain text for terminals: the field as a grid, the players, the hands and guards shown.

The text says what the SVG pictures say, in the same words, for a terminal: the demo
(``python -m guarda``) prints it.
"""

from __future__ import annotations

from guarda import GameState, KingOfTheHill, PlayerView
from guarda.render._table import Table, table
from guarda.render._words import cards_words, game_words, guard_words, status_words

__all__ = ["field_text", "players_text", "text"]


def _grid(shown: Table) -> list[str]:
    view = shown.public
    size = view.config.size
    hill = view.config.win.hill if isinstance(view.config.win, KingOfTheHill) else ()
    rows = [["." for _ in range(size)] for _ in range(size)]
    for cell in hill:
        rows[cell.y][cell.x] = "^"
    for cell, _ in view.loot:
        rows[cell.y][cell.x] = "$"
    for index, player in enumerate(view.players):
        if player.position is not None:
            rows[player.position.y][player.position.x] = shown.marks[index]
    width = len(str(size))
    lines = [f"{y + 1:>{width}} " + " ".join(rows[y]) for y in reversed(range(size))]
    lines.append(" " * (width + 1) + " ".join("abcdefghijklmnopqrstuvwxyz"[:size]))
    return lines


def field_text(position: GameState | PlayerView) -> str:
    """The field as a grid: rows from North to South, columns ``a`` onward (R8).

    Each piece is its player's mark (the side's initial, lower case for a second player
    on the same side); ``.`` is an empty cell, ``^`` an empty cell of the hill (King of
    the Hill) and ``$`` loot (Scavenger).

    Args:
        position: A [`GameState`][guarda.GameState] or a [`PlayerView`][guarda.PlayerView].

    Returns:
        The grid, one line per row and a line of column letters, without a final newline.

    Raises:
        ArgumentError: If ``position`` is neither a state nor a view.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2, win="king-of-the-hill"), seed=1)
        ...     .player(0, position="c2")
        ...     .player(1, position="d5")
        ...     .to_act(0)
        ...     .build()
        ... )
        >>> print(field_text(state))
        5 . . . N .
        4 . . . . .
        3 . . ^ . .
        2 . . S . .
        1 . . . . .
          a b c d e
    """
    return "\n".join(_grid(table(position)))


def _lines(shown: Table) -> list[str]:
    view = shown.public
    config = view.config
    teams = any(len(team) > 1 for team in config.teams)
    width = max(len(name) for name in shown.names)
    lines = []
    for index, player in enumerate(view.players):
        turn = "*" if view.actor == index else " "
        head = f"{turn} {shown.marks[index]} {shown.names[index]:<{width}}"
        if teams:
            head += f"  team {config.team_of(index) + 1}"
        if player.is_out:
            lines.append(f"{head}  out  points {player.points}")
            continue
        health = f"  health {player.health}" if config.has_health else ""
        line = (
            f"{head}{health}  points {player.points}  hand {player.hand_size}"
            f"  draw {player.draw_pile_size}  discard {player.discard_size}"
            f"  guard {guard_words(player.guard, None)}"
        )
        if player.in_play:
            line += f"  face up {cards_words(player.in_play)}"
        if player.winnings:
            line += f"  stakes {player.winnings}"
        lines.append(line)
    return lines


def players_text(position: GameState | PlayerView) -> str:
    """One line per player with their public state; ``*`` marks the player to act.

    Health (not in Victory, R23), points, the sizes of hand, draw pile and discard pile,
    the guard's status (R28), and the cards face up on the table. Everything here is
    public, so a state and every view of it give the same lines.

    Args:
        position: A [`GameState`][guarda.GameState] or a [`PlayerView`][guarda.PlayerView].

    Returns:
        The lines, without a final newline.

    Raises:
        ArgumentError: If ``position`` is neither a state nor a view.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="c2", hand=("V1", "X"))
        ...     .player(1, position="d5", health=7)
        ...     .to_act(0)
        ...     .build()
        ... )
        >>> print(players_text(state))
        * S South  health 10  points 0  hand 2  draw 46  discard 0  guard none
          N North  health 7  points 0  hand 0  draw 48  discard 0  guard none
    """
    return "\n".join(_lines(table(position)))


def text(position: GameState | PlayerView) -> str:
    """The whole position as text: the game, whose turn, the field, the players, the secrets.

    A full state shows every player's hand and guard; a view only its viewer's (R28).

    Args:
        position: A [`GameState`][guarda.GameState] or a [`PlayerView`][guarda.PlayerView].

    Returns:
        The text, without a final newline.

    Raises:
        ArgumentError: If ``position`` is neither a state nor a view.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="c2", hand=("V1", "X"))
        ...     .player(1, position="d5", hand=("H2",))
        ...     .to_act(0)
        ...     .build()
        ... )
        >>> print(text(guarda.view(state, 1)))
        Modern 5x5, 2 players, Elimination
        Turn 1, Move phase: South to act
        Seen by North (player 1): only their hand and guard shown
        5 . . . N .
        4 . . . . .
        3 . . . . .
        2 . . S . .
        1 . . . . .
          a b c d e
        * S South  health 10  points 0  hand 2  draw 46  discard 0  guard none
          N North  health 10  points 0  hand 1  draw 47  discard 0  guard none
        North's hand: H2
        North's guard: none
    """
    shown = table(position)
    view = shown.public
    lines = [game_words(view.config), status_words(view), shown.perspective()]
    lines += _grid(shown)
    legend = []
    if isinstance(view.config.win, KingOfTheHill):
        legend.append("^ the hill")
    if view.loot:
        legend.append("$ loot: " + ", ".join(f"{amount} on {cell}" for cell, amount in view.loot))
    if legend:
        lines.append("  ".join(legend))
    lines += _lines(shown)
    for index in sorted(shown.hands):
        if view.players[index].is_out:
            continue
        name = shown.names[index]
        lines.append(f"{name}'s hand: {cards_words(shown.hands[index])}")
        lines.append(
            f"{name}'s guard: {guard_words(view.players[index].guard, shown.guards[index])}"
        )
    if view.pot:
        lines.append(f"Unclaimed stakes: {view.pot}")
    return "\n".join(lines)
