"""A small, deterministic SVG writer: one element per line, attributes in a fixed order.

Numbers are written as integers, or with at most two decimals; text is escaped and
characters XML cannot hold are replaced, so any configuration name gives well-formed
XML. Styles are presentation attributes, never a ``<style>`` sheet, because notebooks
put every picture in one page and a style sheet would reach the others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["Markup", "clean", "document", "element", "escape", "group", "number"]

Markup = list[str]
"""Lines of SVG markup."""

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font family of every picture: common fonts with the same metrics, then any."""

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE, U+FFFF)."""


def number(value: int | float) -> str:
    """A number as SVG text: integers as they are, other numbers with at most two decimals.

    Examples:
        >>> number(3), number(1.5), number(2 / 3), number(-0.001)
        ('3', '1.5', '0.67', '0')
    """
    if isinstance(value, int):
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def clean(text: str) -> str:
    """``text`` with every character XML cannot hold replaced by U+FFFD.

    Examples:
        >>> clean("a\\x00b")
        'a\\ufffdb'
    """
    return _NOT_XML.sub("\ufffd", text)


def escape(text: str) -> str:
    """``text`` cleaned and escaped for XML text and attribute values.

    Examples:
        >>> escape('<"Tom & Jerry">')
        '&lt;&quot;Tom &amp; Jerry&quot;&gt;'
    """
    return (
        clean(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def _attributes(attributes: dict[str, str | int | float]) -> str:
    """Attributes as markup; a trailing ``_`` is dropped and ``_`` becomes ``-``."""
    parts = []
    for key, value in attributes.items():
        name = key.rstrip("_").replace("_", "-")
        text = value if isinstance(value, str) else number(value)
        parts.append(f' {name}="{escape(text)}"')
    return "".join(parts)


def element(name: str, text: str | None = None, **attributes: str | int | float) -> str:
    """One element on one line: empty, or holding ``text``.

    Examples:
        >>> element("rect", x=1, y=2, stroke_width=1.5)
        '<rect x="1" y="2" stroke-width="1.5"/>'
        >>> element("text", "a & b", class_="label")
        '<text class="label">a &amp; b</text>'
    """
    if text is None:
        return f"<{name}{_attributes(attributes)}/>"
    return f"<{name}{_attributes(attributes)}>{escape(text)}</{name}>"


def group(children: Iterable[str], **attributes: str | int | float) -> Markup:
    """A ``<g>`` element around ``children`` (lines of markup).

    Examples:
        >>> group(["<circle r=\\"1\\"/>"], fill="red")
        ['<g fill="red">', '<circle r="1"/>', '</g>']
    """
    return [f"<g{_attributes(attributes)}>", *children, "</g>"]


def document(width: int, height: int, title: str, description: str, body: Iterable[str]) -> str:
    """A whole SVG picture with an accessible title and description, ending in a newline.

    The title and the description are the first children of the root element, where
    screen readers and browsers (as a tooltip) find them.

    Examples:
        >>> print(document(10, 10, "A dot", "One black dot.", ["<circle r=\\"2\\"/>"]))
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="12">
        <title>A dot</title>
        <desc>One black dot.</desc>
        <rect width="10" height="10" fill="#ffffff"/>
        <circle r="2"/>
        </svg>
        <BLANKLINE>
    """  # noqa: E501
    head = element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=width,
        height=height,
        viewBox=f"0 0 {width} {height}",
        role="img",
        font_family=FONT,
        font_size=12,
    )
    lines = [
        head[:-2] + ">",
        element("title", title),
        element("desc", description),
        element("rect", width=width, height=height, fill="#ffffff"),
        *body,
        "</svg>",
    ]
    return "\n".join(lines) + "\n"
