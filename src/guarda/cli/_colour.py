"""Colour for ``guarda play``: the board of [`guarda.render.text`][guarda.render.text],
styled by seat, and the lines of what happened.

The text is exactly the plain text of ``guarda.render`` (other programs and the docs read
it); only styles are added: each player's piece, mark and name in the player's colour of
[`guarda.render.PALETTE`][guarda.render.PALETTE] (the colours of the SVG pictures and the
web table), empty cells dim, the hill green, loot yellow, your hand bold. A console
without colour (``NO_COLOR``, a pipe) prints the same characters.

Examples:
    >>> import guarda
    >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=1), 0)
    >>> board(view).plain == render.text(view)
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

import guarda
from guarda import render

__all__ = ["board", "happened", "seat_style"]

EMPTY: Style = Style(dim=True)
"""An empty cell and the column letters."""

MARKS: dict[str, Style] = {"^": Style(color="green", bold=True), "$": Style(color="yellow")}
"""The hill and loot on the field."""


def seat_style(seat: int) -> Style:
    """The style of a seat: its colour of [`guarda.render.PALETTE`][guarda.render.PALETTE],
    bold."""
    colour, _ = render.PALETTE[seat % len(render.PALETTE)]
    return Style(color=colour, bold=True)


def _find(lines: Sequence[str], block: Sequence[str]) -> int:
    """Where ``block`` starts in ``lines`` (-1 if it is not there)."""
    for start in range(len(lines) - len(block) + 1):
        if list(lines[start : start + len(block)]) == list(block):
            return start
    return -1


def _row(line: str, seats: dict[str, int]) -> Text:
    """One row of the field: ``5 . . S . N``, dim, its pieces in their seats' colours."""
    text = Text(line, style=EMPTY)
    start = line.index(" ") + 1
    for index in range(start, len(line)):
        character = line[index]
        if character in seats:
            text.stylize(seat_style(seats[character]) + Style(dim=False), index, index + 1)
        elif character in MARKS:
            text.stylize(MARKS[character] + Style(dim=False), index, index + 1)
    return text


def _player(line: str, seat: int, name: str) -> Text:
    """A player's line: ``* S South  health 10 ...``, the mark and the name coloured."""
    text = Text(line)
    text.stylize("bold", 0, 1)
    text.stylize(seat_style(seat), 2, 4 + len(name))
    return text


def board(view: guarda.PlayerView) -> Text:
    """The position as [`guarda.render.text`][guarda.render.text] writes it, in colour.

    Args:
        view: What the player sees.

    Returns:
        Text whose plain characters are exactly ``render.text(view)``.
    """
    lines = render.text(view).split("\n")
    field = render.field_text(view).split("\n")
    players = render.players_text(view).split("\n")
    marks = render.seat_marks(view.config)
    names = render.seat_names(view.config)
    seats = {mark: seat for seat, mark in enumerate(marks)}
    grid = _find(lines, field)
    listed = _find(lines, players)
    out = Text()
    for number, line in enumerate(lines):
        if number:
            out.append("\n")
        if 0 <= grid <= number < grid + len(field) - 1:
            out.append_text(_row(line, seats))
        elif grid >= 0 and number == grid + len(field) - 1:
            out.append(line, EMPTY)
        elif 0 <= listed <= number < listed + len(players):
            seat = number - listed
            out.append_text(_player(line, seat, names[seat]))
        elif number == 0:
            out.append(line, "bold")
        elif "'s hand: " in line and view.player is not None:
            head, _, cards = line.partition(": ")
            out.append(f"{head}: ")
            out.append(cards, "bold")
        else:
            out.append(line)
    return out


def happened(line: str, names: Sequence[str]) -> Text:
    """A line of what happened, each player's name in the player's colour."""
    text = Text(line)
    for seat, name in enumerate(names):
        text.highlight_words([name], seat_style(seat))
    return text
