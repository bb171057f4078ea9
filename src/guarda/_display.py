"""The hook through which guarda's values draw themselves in notebooks.

Jupyter shows a value as a picture when it has a ``_repr_svg_`` method that returns SVG
text. States, views, card types and actions have one, but the pictures are drawn by
[guarda.render][], a layer above the core that the core may not import. So the core's
``_repr_svg_`` methods ask this module, and the facade (``guarda/__init__.py``) hands it
the renderer once [guarda.render][] is imported: the dependency points from the renderer
down to the core, never up.

Until a renderer is installed ``_repr_svg_`` returns None, which notebooks read as "no
picture" (they show the ``repr`` instead). Importing ``guarda`` always installs
[guarda.render.svg][], so in practice every value draws.

Examples:
    >>> import guarda
    >>> picture = guarda.modern().deck[0].card._repr_svg_()
    >>> picture.startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["install", "repr_svg"]

_RENDERER: list[Callable[[Any], str]] = []
"""The installed renderer, if any: at most one entry."""


def install(renderer: Callable[[Any], str]) -> None:
    """Use ``renderer`` to draw every value's ``_repr_svg_`` from now on.

    Args:
        renderer: Takes a state, a view, a card type or an action and returns SVG text.
    """
    _RENDERER[:] = [renderer]


def repr_svg(value: object) -> str | None:
    """The picture of ``value`` as SVG text, or None while no renderer is installed.

    The core classes use this function as their ``_repr_svg_`` method.

    Examples:
        >>> import guarda
        >>> repr_svg(guarda.Pass()).count("<svg")
        1
    """
    if not _RENDERER:
        return None
    return _RENDERER[0](value)
