"""Pictures of games: SVG for notebooks, documents and the web, and text for terminals.

Everything here is drawn from a [`GameState`][guarda.GameState] or a
[`PlayerView`][guarda.PlayerView] with the public API alone; a view is drawn with what
its player may see and nothing else (R28). The output is deterministic: the same value
always gives the same bytes, so pictures can be stored, compared and cached.

- [`field_svg`][guarda.render.field_svg]: the field, the pieces and the players.
- [`card_svg`][guarda.render.card_svg]: a card of the deck as a player holds and plays
  it, in attack and defensive orientation, with the cells it covers (R5, R6);
  [`card_type_svg`][guarda.render.card_type_svg]: a card type's pattern alone.
- [`action_svg`][guarda.render.action_svg]: the effect of an action over the field;
  [`action_label_svg`][guarda.render.action_label_svg]: an action's notation as a label.
- [`svg`][guarda.render.svg]: the picture of any of these values. Importing this
  package installs it with [`guarda.set_svg_renderer`][guarda.set_svg_renderer], so in a
  notebook every state, view, card type and action shows as a picture.
- [`text`][guarda.render.text], [`field_text`][guarda.render.field_text] and
  [`players_text`][guarda.render.players_text]: the same for a terminal.

Examples:
    >>> import guarda
    >>> from guarda import render
    >>> state = guarda.new_game(guarda.grda(), seed=1)
    >>> print(render.field_text(state))
    4 . . . .
    3 . . . .
    2 . . . .
    1 . . . .
      a b c d
    >>> state._repr_svg_() == render.field_svg(state)
    True
"""

from __future__ import annotations

from guarda import Action, CardType, GameState, PlayerView, set_svg_renderer
from guarda.errors import ArgumentError
from guarda.render._actions import action_label_svg, action_svg
from guarda.render._cards import card_svg, card_type_svg
from guarda.render._field import field_svg
from guarda.render._text import field_text, players_text, text
from guarda.render._words import PALETTE, seat_marks, seat_names

__all__ = [
    "PALETTE",
    "action_label_svg",
    "action_svg",
    "card_svg",
    "card_type_svg",
    "field_svg",
    "field_text",
    "players_text",
    "seat_marks",
    "seat_names",
    "svg",
    "text",
]


def svg(value: GameState | PlayerView | CardType | Action) -> str:
    """The SVG picture of a state, a view, a card type or an action.

    A state or a view gives [`field_svg`][guarda.render.field_svg], a card type
    [`card_type_svg`][guarda.render.card_type_svg] and an action
    [`action_label_svg`][guarda.render.action_label_svg]. The ``_repr_svg_`` method of
    each of these classes calls this function, so a notebook shows them as pictures.

    Args:
        value: The value to draw.

    Returns:
        The SVG text.

    Raises:
        ArgumentError: If the value has no picture.

    Examples:
        >>> import guarda
        >>> svg(guarda.Pass()) == guarda.Pass()._repr_svg_()
        True
        >>> svg(3)
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: value: no picture of a int: give a GameState, a PlayerView, a CardType or an action
    """  # noqa: E501
    if isinstance(value, GameState | PlayerView):
        return field_svg(value)
    if isinstance(value, CardType):
        return card_type_svg(value)
    if isinstance(value, Action):
        return action_label_svg(value)
    raise ArgumentError(
        f"no picture of a {type(value).__name__}: give a GameState, a PlayerView, a CardType "
        "or an action",
        path="value",
    )


set_svg_renderer(svg)  # notebooks draw guarda's values from now on (docs/design.md)
