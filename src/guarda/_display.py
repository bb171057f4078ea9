"""The hook through which guarda's values draw themselves in notebooks.

Jupyter shows a value as a picture when it has a ``_repr_svg_`` method that returns SVG
text. States, views, card types and actions have one, but the pictures are drawn by
[guarda.render][], a layer above the core that the core may not import. So the core's
``_repr_svg_`` methods ask this module, and [guarda.render][] installs its renderer here,
through the public [`set_svg_renderer`][guarda.set_svg_renderer], when it is imported: the
dependency points from the renderer down to the core, never up, and nothing imports in a
circle.

The first ``_repr_svg_`` with no renderer installed loads [guarda.render][] by name
(``importlib``, so no import statement points from the core up to a layer), which
installs its renderer: after ``import guarda`` alone, a state, view, card type or action
draws itself in a notebook, as python-chess's boards do. ``set_svg_renderer(None)`` turns
pictures off for good (``_repr_svg_`` returns None, which notebooks read as "no picture").

Examples:
    >>> import guarda
    >>> picture = guarda.modern().deck[0].card._repr_svg_()
    >>> picture.startswith("<svg")
    True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Final

from guarda.errors import ArgumentError

__all__ = ["repr_svg", "set_svg_renderer"]

_RENDERER: list[Callable[[Any], str]] = []
"""The installed renderer, if any: at most one entry."""

_TURNED_OFF: list[bool] = [False]
"""Whether ``set_svg_renderer(None)`` turned pictures off (no renderer is loaded then)."""

RENDERER_MODULE: Final = "guarda.render"
"""The layer loaded on the first picture asked for: importing it installs its renderer."""


def set_svg_renderer(renderer: Callable[[Any], str] | None) -> None:
    """Draw every state, view, card type and action with ``renderer`` in notebooks.

    The ``_repr_svg_`` method of these classes calls the installed renderer; importing
    [guarda.render][] installs [`guarda.render.svg`][guarda.render.svg] (the first picture
    asked for imports it), so most programs never call this. Install your own to change
    every picture, or None for none.

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
        _TURNED_OFF[0] = True
        return
    if not callable(renderer):
        raise ArgumentError(f"not a callable renderer: {renderer!r}", path="renderer")
    _RENDERER[:] = [renderer]
    _TURNED_OFF[0] = False


def repr_svg(value: object) -> str | None:
    """The picture of ``value`` as SVG text, or None when pictures are turned off.

    The core classes use this function as their ``_repr_svg_`` method. With no renderer
    installed, the first call loads [guarda.render][], which installs its own.

    Examples:
        >>> import guarda
        >>> repr_svg(guarda.Pass()).count("<svg")
        1
    """
    if not _RENDERER and not _TURNED_OFF[0]:
        try:
            importlib.import_module(RENDERER_MODULE)  # installs guarda.render.svg
        except ImportError:  # a trimmed installation without the renderer: no picture
            return None
    if not _RENDERER:
        return None
    return _RENDERER[0](value)
