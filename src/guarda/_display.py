"""The hook through which guarda's values draw themselves in notebooks.

Jupyter shows a value as a picture when it has a ``_repr_svg_`` method that returns SVG
text. States, views, card types and actions have one, but the pictures are drawn by
[guarda.render][], a layer above the core that the core may not import. So the core's
``_repr_svg_`` methods ask this module, and [guarda.render][] installs its renderer here,
through the public [`set_svg_renderer`][guarda.set_svg_renderer], when it is imported: the
dependency points from the renderer down to the core, never up, and nothing imports in a
circle.

Until a renderer is installed ``_repr_svg_`` returns None, which notebooks read as "no
picture" (they show the ``repr`` instead). ``import guarda.render`` once, and every state,
view, card type and action draws itself.

Examples:
    >>> import guarda.render
    >>> picture = guarda.modern().deck[0].card._repr_svg_()
    >>> picture.startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guarda.errors import ArgumentError

__all__ = ["repr_svg", "set_svg_renderer"]

_RENDERER: list[Callable[[Any], str]] = []
"""The installed renderer, if any: at most one entry."""


def set_svg_renderer(renderer: Callable[[Any], str] | None) -> None:
    """Draw every state, view, card type and action with ``renderer`` in notebooks.

    The ``_repr_svg_`` method of these classes calls the installed renderer; importing
    [guarda.render][] installs [`guarda.render.svg`][guarda.render.svg], so most programs
    never call this. Install your own to change every picture, or None for none.

    Args:
        renderer: Takes a state, a view, a card type or an action and returns SVG text;
            None removes the installed renderer.

    Raises:
        ArgumentError: If ``renderer`` is neither callable nor None.

    Examples:
        >>> import guarda
        >>> guarda.set_svg_renderer(lambda value: "<svg/>")
        >>> guarda.Pass()._repr_svg_()
        '<svg/>'
        >>> import guarda.render
        >>> guarda.set_svg_renderer(guarda.render.svg)
    """
    if renderer is None:
        _RENDERER.clear()
        return
    if not callable(renderer):
        raise ArgumentError(f"not a callable renderer: {renderer!r}", path="renderer")
    _RENDERER[:] = [renderer]


def repr_svg(value: object) -> str | None:
    """The picture of ``value`` as SVG text, or None while no renderer is installed.

    The core classes use this function as their ``_repr_svg_`` method.

    Examples:
        >>> import guarda.render
        >>> repr_svg(guarda.Pass()).count("<svg")
        1
    """
    if not _RENDERER:
        return None
    return _RENDERER[0](value)
