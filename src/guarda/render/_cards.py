"""Cards as SVG: a card type on its own, and a card played from a seat (R5, R6).

[`card_svg`][guarda.render.card_svg] shows a card of a game's deck as a player holds it,
in attack orientation (arrow toward the field) and in defensive orientation (arrow toward
the holder, the card turned around), each beside the field with the cells it covers.
[`card_type_svg`][guarda.render.card_type_svg] draws a card type alone.
"""

from __future__ import annotations

from guarda import CardType, Config, GameState, Orientation, PlayerView, Side, rules
from guarda.errors import ArgumentError, ParseError
from guarda.render._field import (
    BAND,
    COORD,
    INK,
    centre,
    grid,
    piece,
    side_mark,
    wrap,
)
from guarda.render._svg import Markup, document, element, group
from guarda.render._table import Table, table
from guarda.render._words import check_config, colour, seat_marks, seat_names

__all__ = ["card_svg", "card_type_svg"]

_GLYPH = 16
"""The side of a cell of a drawn card."""
_CELL = 34
"""The side of a field cell beside a card."""
_PAD = 16
_LINE = 16
_ARROW = 20
"""The band of the card that holds its arrow."""

_TURNS = {Side.SOUTH: 0, Side.WEST: 90, Side.NORTH: 180, Side.EAST: 270}
"""How far (degrees, clockwise) a card turns to lie before its holder's side, north up."""

_WORDS = {
    Orientation.OFFENSIVE: "Attack orientation: arrow toward the field",
    Orientation.DEFENSIVE: "Defensive orientation: arrow toward the holder",
}


def glyph(
    cells: frozenset[tuple[int, int]],
    size: int,
    corner: tuple[int, int],
    fill: str,
    orientation: Orientation = Orientation.OFFENSIVE,
) -> tuple[Markup, int, int]:
    """A card as its holder sees it: its pattern on a ``size`` x ``size`` grid, and its arrow.

    The holder sits below the card. In attack orientation the arrow points up, toward the
    field, and the card's near edge (row 1) is at the bottom; in defensive orientation the
    card is turned around: the pattern is rotated 180 degrees and the arrow points down,
    toward the holder (R6). Returns the markup, the width and the height.
    """
    left, top = corner
    inner = size * _GLYPH
    width, height = inner + 12, inner + 12 + _ARROW
    attack = orientation is Orientation.OFFENSIVE
    lines = [
        element(
            "rect",
            x=left,
            y=top,
            width=width,
            height=height,
            rx=8,
            fill="#fffdf7",
            stroke=INK,
            stroke_width=1.5,
        )
    ]
    grid_top = top + 6 + (_ARROW if attack else 0)
    for column in range(1, size + 1):
        for row in range(1, size + 1):
            across, down = (column - 1, size - row) if attack else (size - column, row - 1)
            lines.append(
                element(
                    "rect",
                    x=left + 6 + across * _GLYPH,
                    y=grid_top + down * _GLYPH,
                    width=_GLYPH,
                    height=_GLYPH,
                    fill=fill if (column, row) in cells else "#ffffff",
                    stroke="#c9c2b0",
                    stroke_width=1,
                )
            )
    middle = left + width // 2
    if attack:
        tip, base = top + 4, top + 4 + 13
    else:
        tip, base = top + height - 4, top + height - 4 - 13
    points = f"{middle},{tip} {middle - 8},{base} {middle + 8},{base}"
    lines.append(element("polygon", points=points, fill=INK))
    return lines, width, height


def card_type_svg(card: CardType) -> str:
    """An SVG picture of a card type: its pattern, as its holder sees it in attack orientation.

    The card is drawn on the smallest square grid that holds its pattern (a card of a
    game is as large as the field; use [`card_svg`][guarda.render.card_svg] to see it
    played). The arrow points away from the holder, toward the field; the pattern's
    ``(column, row)`` cells count from the holder's left and from the near edge (R5).

    Args:
        card: A [`CardType`][guarda.CardType].

    Returns:
        The SVG text.

    Raises:
        ArgumentError: If ``card`` is not a CardType.

    Examples:
        >>> import guarda
        >>> picture = card_type_svg(guarda.x_card(5))
        >>> picture.count('fill="#0072B2"')  # the X covers 9 cells of a 5x5 card
        9
    """
    if not isinstance(card, CardType):
        raise ArgumentError(f"not a CardType: {type(card).__name__}", path="card")
    size = max(max(cell) for cell in card.cells)
    fill, _ = colour(0)
    lines, width, height = glyph(card.cells, size, (_PAD, _PAD), fill)
    cells = " ".join(f"({column},{row})" for column, row in sorted(card.cells))
    label_y = _PAD + height + 16
    lines.append(element("text", card.name, x=_PAD, y=label_y, font_weight="bold", fill=INK))
    total_width = max(width, 8 * len(card.name)) + 2 * _PAD
    return document(
        total_width,
        label_y + _PAD - 4,
        f"Card {card.name}",
        f"Card {card.name}, arrow toward the field; its pattern covers the card cells "
        f"(column from the holder's left, row from the near edge) {cells}.",
        lines,
    )


def _card_type(config: Config, card: object) -> CardType:
    for entry in config.deck:
        if (isinstance(card, str) and entry.card.name == card) or entry.card == card:
            return entry.card
    shown = card.name if isinstance(card, CardType) else card
    raise ArgumentError(f"this deck has no card {shown!r}", rule="R3", path="card")


def _orientations(orientation: object) -> tuple[Orientation, ...]:
    if orientation is None:
        return (Orientation.OFFENSIVE, Orientation.DEFENSIVE)
    if isinstance(orientation, Orientation):
        return (orientation,)
    if isinstance(orientation, str):
        try:
            return (Orientation(orientation),)
        except ValueError:
            pass
        raise ParseError(
            f"not an orientation: {orientation!r} (use offensive or defensive)",
            rule="R6",
            path="orientation",
        )
    raise ArgumentError(f"not an Orientation: {orientation!r}", rule="R6", path="orientation")


def _player(config: Config, player: object) -> int:
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < config.players:
        raise ArgumentError(
            f"no player {player!r} in a {config.players}-player game", rule="R4", path="player"
        )
    return player


def _effect(
    position: PlayerView | None,
    card: str,
    player: int,
    orientation: Orientation,
    names: tuple[str, ...],
) -> list[str]:
    """What the card does from where the pieces stand, in words (nothing without pieces)."""
    if position is None:
        return []
    if orientation is Orientation.OFFENSIVE:
        hits = rules.attack_targets(position, (card,), player)
        if not hits:
            return ["an attack with it hits no opponent"]
        words = ", ".join(f"{names[hit.player]} for {hit.damage}" for hit in hits)
        return [f"an attack with it hits {words}"]
    cell = position.players[player].position
    if cell is None:
        return []
    covered = cell in rules.covered_cells(position.config, player, card, orientation)
    verb = "covers" if covered else "does not cover"
    use = ": it can defend" if covered else ": it cannot defend"
    return [f"it {verb} {names[player]}'s own cell {cell}{use}"]


def _panel(
    source: tuple[Config, Table | None],
    card: CardType,
    player: int,
    orientation: Orientation,
    corner: tuple[int, int],
) -> tuple[Markup, int, int, str]:
    """One orientation: the card, the field with the covered cells, and what it does.

    Returns the markup, the width, the height and a sentence for the description.
    """
    config, shown = source
    position = None if shown is None else shown.public
    left, top = corner
    size = config.size
    names, marks = seat_names(config), seat_marks(config)
    fill, _ = colour(player)
    lines = [
        element("text", _WORDS[orientation], x=left, y=top + 14, font_weight="bold", fill=INK)
    ]
    side = config.seats[player]
    box = size * _GLYPH + 12 + _ARROW
    box_top = top + 28 + BAND
    card_lines, _, _ = glyph(card.cells, size, (left + _ARROW // 2, box_top), fill, orientation)
    middle = box // 2
    lines += group(
        card_lines, transform=f"rotate({_TURNS[side]} {left + middle} {box_top + middle})"
    )
    lines.append(
        element(
            "text",
            f"{card.name} laid by {names[player]}",
            x=left,
            y=box_top + box + 16,
            fill=INK,
        )
    )
    card_width, card_height = box, box
    span = size * _CELL
    field_left = left + card_width + 36 + BAND + COORD
    field_top = top + 28 + BAND + COORD
    lines += grid(size, field_left, field_top, cell_size=_CELL)
    covered = rules.covered_cells(config, player, card.name, orientation)
    for cell in covered:
        x = field_left + cell.x * _CELL
        y = field_top + (size - 1 - cell.y) * _CELL
        lines.append(
            element("rect", x=x, y=y, width=_CELL, height=_CELL, fill=fill, fill_opacity=0.45)
        )
    label = f"{names[player]} (player {player}) holds {card.name}"
    lines += side_mark(side, (0, span), span, (field_left, field_top), player, label)
    if position is not None:
        for index, public in enumerate(position.players):
            if public.position is None:
                continue
            x, y = centre(public.position, size, field_left, field_top, _CELL)
            if index == player:
                lines.append(
                    element("circle", cx=x, cy=y, r=14, fill="none", stroke=INK, stroke_width=2)
                )
            lines += piece(marks[index], index, (x, y), radius=11)
    names_covered = " ".join(cell.name for cell in covered)
    words = [f"covers {names_covered}", *_effect(position, card.name, player, orientation, names)]
    text_top = field_top + span + COORD + BAND + 4
    rows = [row for sentence in words for row in wrap(sentence, max(30, (span + 60) // 7))]
    for number, row in enumerate(rows):
        lines.append(element("text", row, x=field_left, y=text_top + number * _LINE, fill=INK))
    width = field_left + span + COORD + BAND - left
    height = max(text_top + len(rows) * _LINE, top + 28 + BAND + card_height + 20) - top
    sentence = f"{_WORDS[orientation]}: {card.name} " + "; ".join(words) + "."
    return lines, width, height, sentence


def card_svg(
    source: Config | GameState | PlayerView,
    card: str | CardType,
    player: int,
    orientation: Orientation | str | None = None,
) -> str:
    """An SVG picture of a card of the deck as ``player`` holds and plays it (R5, R6).

    Each orientation gets a panel: the card as its holder sees it (attack: the arrow
    toward the field; defensive: toward the holder, the card turned around) and the field
    with the cells it covers, the holder's side marked. Given a state or a view, the
    panels also show the pieces and say what the card does from where they stand: whom
    an attack with it hits (from [guarda.rules.attack_targets][]) and whether it covers
    its holder's own cell in defence (so it can defend, R19).

    Args:
        source: A [`Config`][guarda.Config], or a state or a view (its configuration and
            its pieces).
        card: A card name of the deck, such as ``"V2"``, or one of its
            [`CardType`][guarda.CardType] values.
        player: The card's holder, whose seat turns the card (R5).
        orientation: Draw only this orientation (an [`Orientation`][guarda.Orientation] or
            its value); by default both.

    Returns:
        The SVG text.

    Raises:
        ArgumentError: If ``source`` is not a ruleset, a state or a view, the deck has no
            such card (R3), the player does not exist (R4), or ``orientation`` is not an
            orientation.
        ParseError: If ``orientation`` is a string that names no orientation.

    Examples:
        >>> import guarda
        >>> picture = card_svg(guarda.modern(players=2), "V2", 1)
        >>> "Card V2 of Modern, held by North (player 1)" in picture
        True
        >>> card_svg(guarda.modern(), "V9", 0)
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: card: this deck has no card 'V9' (R3)
    """
    position = source if isinstance(source, GameState | PlayerView) else None
    config = check_config(source if position is None else position.config, "source")
    shown = None if position is None else table(position)
    kind = _card_type(config, card)
    holder = _player(config, player)
    chosen = _orientations(orientation)
    names = seat_names(config)
    lines: Markup = []
    sentences = []
    left = _PAD
    height = 0
    top = _PAD + 30
    for turned in chosen:
        panel, width, panel_height, sentence = _panel(
            (config, shown), kind, holder, turned, (left, top)
        )
        lines += panel
        sentences.append(sentence)
        left += width + 2 * _PAD
        height = max(height, panel_height)
    kinds = " and ".join(
        "attack" if turned is Orientation.OFFENSIVE else "defensive" for turned in chosen
    )
    plural = "s" if len(chosen) > 1 else ""
    title = (
        f"Card {kind.name} of {config.name}, held by {names[holder]} (player {holder}): "
        f"{kinds} orientation{plural}"
    )
    lines.insert(0, element("text", title, x=_PAD, y=_PAD + 14, font_weight="bold", font_size=15))
    cells = " ".join(f"({column},{row})" for column, row in sorted(kind.cells))
    description = f"The pattern of {kind.name} covers the card cells {cells}. " + " ".join(
        sentences
    )
    return document(left - _PAD, top + height + _PAD, title, description, lines)
