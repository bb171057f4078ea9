"""The field as SVG: cells with coordinates, seats, pieces, loot, the hill and a panel.

[`field_svg`][guarda.render.field_svg] draws a state or a view;
[`action_svg`][guarda.render.action_svg] draws the same picture with an overlay (the
effect of an action) through [`draw_field`][guarda.render._field.draw_field].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from guarda import Cell, GameState, KingOfTheHill, PlayerView, PublicPlayer, Side
from guarda.render._svg import Markup, document, element, group
from guarda.render._table import Table, table
from guarda.render._words import (
    cards_words,
    colour,
    game_words,
    guard_words,
    status_words,
)

__all__ = [
    "BAND",
    "CELL",
    "COORD",
    "INK",
    "Overlay",
    "arrow",
    "centre",
    "draw_field",
    "field_svg",
    "grid",
    "piece",
    "seats",
    "side_mark",
    "wrap",
]

CELL = 52
"""The side of a cell, in pixels."""
_PAD = 16
COORD = 18
BAND = 26
_LINE = 18
_PANEL = 350
_PANEL_LINE = 16
_CHARS = 48
"""Characters per line of the players' panel."""

LIGHT, DARK, HILL = "#f4efe2", "#e9e1cc", "#f0cf62"
"""Cell colours: the two shades of the chequered field, and the hill."""
GRID, FAINT, INK = "#b3a88f", "#8a8170", "#222222"


class Overlay(NamedTuple):
    """Marks drawn over the field: the effect of an action."""

    caption: tuple[str, ...] = ()
    """Lines of text under the header, saying what the marks mean."""
    cells: tuple[tuple[Cell, str, int], ...] = ()
    """Highlighted cells: the cell, a colour, and a count to write on it (0: none)."""
    arrows: tuple[tuple[Cell, Cell, str], ...] = ()
    """Arrows from a cell to a cell, in a colour."""
    ghosts: tuple[tuple[Cell, int], ...] = ()
    """Where a player's piece would stand: the cell and the player."""
    badges: tuple[tuple[int, str], ...] = ()
    """Text on a player's piece, such as ``-2`` for the damage they would take."""


_NO_OVERLAY = Overlay()


def wrap(text: str, width: int = _CHARS) -> list[str]:
    """``text`` broken into lines of at most ``width`` characters, at spaces.

    Examples:
        >>> wrap("hand: V1 V2 V3 V4", 10)
        ['hand: V1', 'V2 V3 V4']
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def centre(cell: Cell, size: int, left: int, top: int, cell_size: int = CELL) -> tuple[int, int]:
    """The centre of a cell of a field drawn with its north-west corner at ``(left, top)``."""
    return (
        left + cell.x * cell_size + cell_size // 2,
        top + (size - 1 - cell.y) * cell_size + cell_size // 2,
    )


def arrow(start: tuple[int, int], end: tuple[int, int], fill: str, gap: int = 18) -> Markup:
    """A straight, orthogonal arrow from ``start`` to ``end``, stopping ``gap`` short.

    Examples:
        >>> arrow((0, 0), (0, 100), "red")[1]
        '<polygon points="0,82 -8,68 8,68" fill="red"/>'
    """
    (x0, y0), (x1, y1) = start, end
    dx = (x1 > x0) - (x1 < x0)
    dy = (y1 > y0) - (y1 < y0)
    tip = (x1 - dx * gap, y1 - dy * gap)
    base = (tip[0] - dx * 14, tip[1] - dy * 14)
    wing = (-dy * 8, dx * 8)
    points = (
        f"{tip[0]},{tip[1]} {base[0] + wing[0]},{base[1] + wing[1]} "
        f"{base[0] - wing[0]},{base[1] - wing[1]}"
    )
    return [
        element(
            "line",
            x1=x0,
            y1=y0,
            x2=base[0],
            y2=base[1],
            stroke=fill,
            stroke_width=5,
            stroke_linecap="round",
        ),
        element("polygon", points=points, fill=fill),
    ]


def piece(
    mark: str, player: int, centre: tuple[int, int], *, ghost: bool = False, radius: int = 15
) -> Markup:
    """A player's piece: a disc in their colour with their mark (dashed for a ghost)."""
    x, y = centre
    fill, ink = colour(player)
    if ghost:
        disc = element(
            "circle",
            cx=x,
            cy=y,
            r=radius,
            fill="#ffffff",
            fill_opacity=0.6,
            stroke=fill,
            stroke_width=2.5,
            stroke_dasharray="4 3",
        )
        ink = fill
    else:
        disc = element("circle", cx=x, cy=y, r=radius, fill=fill, stroke=INK, stroke_width=1.5)
    font = max(8, radius - 1)
    letter = element(
        "text",
        mark,
        x=x,
        y=y + font * 5 // 14,
        text_anchor="middle",
        font_size=font,
        font_weight="bold",
        fill=ink,
    )
    return [disc, letter]


def grid(
    size: int,
    left: int,
    top: int,
    *,
    hill: tuple[Cell, ...] = (),
    cell_size: int = CELL,
) -> Markup:
    """The cells of the field, each with its name, and the coordinates around them (R8)."""
    lines = []
    for row in reversed(range(size)):
        for column in range(size):
            cell = Cell(column, row)
            x, y = left + column * cell_size, top + (size - 1 - row) * cell_size
            fill = HILL if cell in hill else (LIGHT if (column + row) % 2 else DARK)
            lines.append(
                element(
                    "rect",
                    x=x,
                    y=y,
                    width=cell_size,
                    height=cell_size,
                    fill=fill,
                    stroke=GRID,
                    stroke_width=1,
                )
            )
            lines.append(
                element("text", cell.name, x=x + 3, y=y + cell_size - 4, font_size=9, fill=FAINT)
            )
    span = size * cell_size
    for column in range(size):
        x = left + column * cell_size + cell_size // 2
        letter = Cell(column, 0).name[0]
        lines.append(element("text", letter, x=x, y=top - 5, text_anchor="middle", fill=FAINT))
        lines.append(
            element("text", letter, x=x, y=top + span + 13, text_anchor="middle", fill=FAINT)
        )
    for row in range(size):
        y = top + (size - 1 - row) * cell_size + cell_size // 2 + 4
        number = str(row + 1)
        lines.append(element("text", number, x=left - 5, y=y, text_anchor="end", fill=FAINT))
        lines.append(element("text", number, x=left + span + 5, y=y, fill=FAINT))
    return lines


def side_mark(
    side: Side,
    segment: tuple[int, int],
    span: int,
    corner: tuple[int, int],
    player: int,
    label: str,
) -> Markup:
    """A bar in ``player``'s colour along ``segment`` of their side, and ``label`` beside it.

    ``segment`` is ``(start, length)`` along the side, counted clockwise from the side's
    left end as its player sees it; ``corner`` is the field's north-west corner.
    """
    start, length = segment
    left, top = corner
    middle = start + length // 2
    fill, _ = colour(player)
    turn = ""
    if side is Side.SOUTH:
        bar = (left + start, top + span + COORD, length, 5)
        x, y = left + middle, top + span + COORD + 19
    elif side is Side.NORTH:
        bar = (left + span - start - length, top - COORD - 5, length, 5)
        x, y = left + span - middle, top - COORD - 10
    elif side is Side.WEST:
        bar = (left - COORD - 5, top + start, 5, length)
        x, y = left - COORD - 10, top + middle
        turn = f"rotate(-90 {x} {y})"
    else:
        bar = (left + span + COORD, top + span - start - length, 5, length)
        x, y = left + span + COORD + 10, top + span - middle
        turn = f"rotate(90 {x} {y})"
    bar_x, bar_y, width, height = bar
    extra = {"transform": turn} if turn else {}
    return [
        element("rect", x=bar_x, y=bar_y, width=width, height=height, fill=fill),
        element(
            "text",
            label,
            x=x,
            y=y,
            text_anchor="middle",
            font_weight="bold",
            fill=fill,
            **extra,
        ),
    ]


def seats(view: PlayerView, names: tuple[str, ...], left: int, top: int) -> Markup:
    """A bar in each player's colour along their side of the field, with their name (R4)."""
    span = view.config.size * CELL
    by_side: dict[Side, list[int]] = {}
    for player, side in enumerate(view.config.seats):
        by_side.setdefault(side, []).append(player)
    lines = []
    for side, players in sorted(by_side.items()):
        for place, player in enumerate(players):
            start = span * place // len(players)
            length = span * (place + 1) // len(players) - start
            label = f"{names[player]} (player {player})"
            if view.players[player].is_out:
                label += ", out"
            lines += side_mark(side, (start, length), span, (left, top), player, label)
    return lines


def _public_words(view: PlayerView, player: PublicPlayer) -> str:
    if player.is_out:
        return f"out, points {player.points}"
    health = f"health {player.health}, " if view.config.has_health else ""
    return (
        f"{health}points {player.points}, hand {player.hand_size}, "
        f"draw {player.draw_pile_size}, discard {player.discard_size}"
    )


def _panel(shown: Table, left: int, top: int) -> tuple[Markup, int]:
    """The players' panel: one block per player. Returns the markup and its bottom."""
    view = shown.public
    config = view.config
    teams = any(len(team) > 1 for team in config.teams)
    lines: Markup = []
    y = top
    for index, player in enumerate(view.players):
        head = f"{shown.names[index]} (player {index})"
        if teams:
            head += f", team {config.team_of(index) + 1}"
        if view.actor == index:
            head += ": to act"
        y += _PANEL_LINE
        lines += piece(shown.marks[index], index, (left + 9, y - 5), radius=9)
        lines.append(element("text", head, x=left + 24, y=y, font_weight="bold", fill=INK))
        rows = [_public_words(view, player)]
        if not player.is_out:
            rows.append("guard: " + guard_words(player.guard, shown.guards.get(index)))
            hand = shown.hands.get(index)
            if hand is None:
                rows.append(f"hand: {player.hand_size} cards, hidden")
            else:
                rows += wrap("hand: " + cards_words(hand))
        if player.in_play:
            rows += wrap("face up: " + cards_words(player.in_play))
        if player.winnings:
            rows.append(f"stakes claimed: {player.winnings}")
        for row in rows:
            y += _PANEL_LINE
            lines.append(element("text", row, x=left + 24, y=y, fill=INK))
        y += 8
    extras = []
    if view.pot:
        extras.append(f"unclaimed stakes: {view.pot}")
    if view.loot:
        extras.append("loot: " + ", ".join(f"{amount} on {cell}" for cell, amount in view.loot))
    if isinstance(config.win, KingOfTheHill):
        extras.append("gold cells: the hill")
    for row in extras:
        y += _PANEL_LINE
        lines.append(element("text", row, x=left, y=y, fill=INK))
    return lines, y


def _piece_marks(shown: Table, left: int, top: int, overlay: Overlay) -> Markup:
    view = shown.public
    size = view.config.size
    badges = dict(overlay.badges)
    lines: Markup = []
    for index, player in enumerate(view.players):
        cell = player.position
        if cell is None:
            continue
        x, y = centre(cell, size, left, top)
        corner_x, corner_y = x - CELL // 2, y - CELL // 2
        guard = guard_words(player.guard, shown.guards.get(index))
        health = f"health {player.health}, " if view.config.has_health else ""
        about = (
            f"{shown.names[index]} (player {index}) on {cell}: {health}"
            f"points {player.points}, guard {guard}"
        )
        body = [element("title", about)]
        if view.actor == index:
            body.append(
                element("circle", cx=x, cy=y - 3, r=18, fill="none", stroke=INK, stroke_width=2.5)
            )
        body += piece(shown.marks[index], index, (x, y - 3), radius=14)
        fill, ink = colour(index)
        if player.guard is not None:
            is_set = player.guard.value == "set"
            body.append(
                element(
                    "rect",
                    x=corner_x + 3,
                    y=corner_y + 3,
                    width=13,
                    height=13,
                    rx=2,
                    fill=fill if is_set else "#ffffff",
                    stroke=fill,
                    stroke_width=1.5,
                    **({} if is_set else {"stroke_dasharray": "2 2"}),
                )
            )
            body.append(
                element(
                    "text",
                    "G" if is_set else "g",
                    x=corner_x + 9,
                    y=corner_y + 14,
                    text_anchor="middle",
                    font_size=10,
                    font_weight="bold",
                    fill=ink if is_set else fill,
                )
            )
        score = f"{player.health}hp" if view.config.has_health else f"{player.points}pt"
        body.append(
            element(
                "text",
                score,
                x=corner_x + CELL - 3,
                y=corner_y + CELL - 4,
                text_anchor="end",
                font_size=10,
                font_weight="bold",
                fill=INK,
            )
        )
        badge = badges.get(index)
        if badge is not None:
            body.append(
                element(
                    "rect",
                    x=corner_x + CELL - 23,
                    y=corner_y + 2,
                    width=21,
                    height=14,
                    rx=3,
                    fill="#b3261e",
                )
            )
            body.append(
                element(
                    "text",
                    badge,
                    x=corner_x + CELL - 12,
                    y=corner_y + 13,
                    text_anchor="middle",
                    font_size=10,
                    font_weight="bold",
                    fill="#ffffff",
                )
            )
        lines += group(body)
    return lines


def _loot(view: PlayerView, left: int, top: int) -> Markup:
    lines = []
    for cell, amount in view.loot:
        x, y = centre(cell, view.config.size, left, top)
        points = f"{x},{y - 14} {x + 14},{y} {x},{y + 14} {x - 14},{y}"
        lines.append(element("title", f"loot of {amount} on {cell}"))
        lines.append(element("polygon", points=points, fill="#d4a017", stroke=INK, stroke_width=1))
        lines.append(
            element(
                "text",
                str(amount),
                x=x,
                y=y + 4,
                text_anchor="middle",
                font_size=11,
                font_weight="bold",
                fill=INK,
            )
        )
    return group(lines) if lines else []


def _overlay(shown: Table, overlay: Overlay, left: int, top: int) -> tuple[Markup, Markup]:
    """The overlay's marks under the pieces (cells) and over them (arrows, ghosts)."""
    size = shown.public.config.size
    hit = {shown.public.players[player].position for player, _ in overlay.badges}
    under: Markup = []
    for cell, fill, count in overlay.cells:
        x, y = left + cell.x * CELL, top + (size - 1 - cell.y) * CELL
        under.append(
            element("rect", x=x, y=y, width=CELL, height=CELL, fill=fill, fill_opacity=0.4)
        )
        if count > 1 and cell not in hit:
            under.append(
                element(
                    "text",
                    f"x{count}",
                    x=x + CELL - 4,
                    y=y + 13,
                    text_anchor="end",
                    font_size=11,
                    font_weight="bold",
                    fill=INK,
                )
            )
    over: Markup = []
    for start, end, fill in overlay.arrows:
        over += arrow(centre(start, size, left, top), centre(end, size, left, top), fill)
    for cell, player in overlay.ghosts:
        x, y = centre(cell, size, left, top)
        over += piece(shown.marks[player], player, (x, y - 3), ghost=True, radius=14)
    return under, over


def _description(shown: Table, overlay: Overlay) -> str:
    view = shown.public
    parts = [shown.perspective() + "."]
    for index, player in enumerate(view.players):
        where = (
            "out"
            if player.is_out
            else f"on {player.position}"
            if player.position
            else "not placed"
        )
        parts.append(
            f"{shown.names[index]} (player {index}) {where}: {_public_words(view, player)}."
        )
    parts += [line if line.endswith(".") else line + "." for line in overlay.caption]
    return " ".join(parts)


def draw_field(shown: Table, overlay: Overlay = _NO_OVERLAY) -> str:
    """The field picture of a table, with an overlay."""
    view = shown.public
    config = view.config
    size = config.size
    span = size * CELL
    status = status_words(view, shown.names)
    header = [game_words(config), status, shown.perspective(), *overlay.caption]
    header_bottom = _PAD + len(header) * _LINE + 6
    left = _PAD + BAND + COORD
    top = header_bottom + BAND + COORD
    panel_left = left + span + COORD + BAND + 18
    body: Markup = []
    for number, line in enumerate(header):
        weight: dict[str, str | int | float] = {}
        if number == 0:
            weight = {"font_weight": "bold", "font_size": 15}
        body.append(
            element("text", line, x=_PAD, y=_PAD + 14 + number * _LINE, fill=INK, **weight)
        )
    hill = config.win.hill if isinstance(config.win, KingOfTheHill) else ()
    body += grid(size, left, top, hill=hill)
    body += seats(view, shown.names, left, top)
    under, over = _overlay(shown, overlay, left, top)
    body += under
    body += _loot(view, left, top)
    body += _piece_marks(shown, left, top, overlay)
    body += over
    panel, panel_bottom = _panel(shown, panel_left, header_bottom)
    body += panel
    width = panel_left + _PANEL + _PAD
    height = max(top + span + COORD + BAND + _PAD, panel_bottom + _PAD)
    title = f"{game_words(config)}. {status}"
    return document(width, height, title, _description(shown, overlay), body)


def field_svg(position: GameState | PlayerView, *, names: Sequence[str] | None = None) -> str:
    """An SVG picture of the field and the players, from a state or a player's view.

    The picture shows every cell with its name, each player's side and colour (R4), the
    pieces with their health (points in Victory), guard status (``g`` preparing, ``G``
    set) and the player to act ringed, loot and the hill, and a panel with each player's
    public state. A full state also shows every hand and guard; a view shows only what
    its viewer may see (R28): their own hand and guard, and of the others the public
    counts alone.

    Args:
        position: A [`GameState`][guarda.GameState] or a
            [`PlayerView`][guarda.PlayerView].
        names: The players' names, one per player, to write along their sides and in
            the panel (a game server passes the names people chose); by default each
            player's side ([`seat_names`][guarda.render.seat_names]).

    Returns:
        The SVG text (deterministic: the same position always gives the same bytes).

    Raises:
        ArgumentError: If ``position`` is neither a state nor a view, or ``names`` is
            not one non-empty name per player.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=1)
        >>> picture = field_svg(guarda.view(state, 0))
        >>> picture.startswith("<svg"), "<title>Modern 5x5, 2 players" in picture
        (True, True)
        >>> field_svg("c3")
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: position: not a GameState or a PlayerView: str
        >>> "Ana (player 0)" in field_svg(state, names=("Ana", "Bo"))
        True
        >>> field_svg(state, names=("Ana",))
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: names: give 2 non-empty names, one per player
    """
    return draw_field(table(position, names))
