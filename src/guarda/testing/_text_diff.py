"""Where two texts first differ, for the testing kit's failure messages.

[text_difference][guarda.testing._text_diff.text_difference] describes two strings, or
two lists of lines, by where they first differ: for one line, the column and a window of
characters around it; for several lines, a unified diff of the lines around the first
difference.

Examples:
    >>> print(text_difference("x" * 70 + "ab" + "y" * 70, "x" * 70 + "AB" + "y" * 70))
    ... # doctest: +NORMALIZE_WHITESPACE
    the texts differ at column 71:
    expected '...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxabyyyyyyyyyyyyyyyyyyyyyyyyyyyy...',
    got '...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxAByyyyyyyyyyyyyyyyyyyyyyyyyyyy...'
    >>> print(text_difference(["one", "two", "three"], ["one", "2", "three"]))
    the texts differ at line 2, column 1:
    --- expected
    +++ got
    @@ -1,3 +1,3 @@
     one
    -two
    +2
     three
"""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Sequence
from typing import Any, Final

__all__ = ["CONTEXT_LINES", "WINDOW", "text_difference"]

CONTEXT_LINES: Final = 3
"""Lines of context around the first differing line in a diff."""

WINDOW: Final = 30
"""Characters shown on each side of the first differing character of one line."""


def _first(one: Sequence[Any], other: Sequence[Any]) -> int:
    """The index where two sequences first differ (the shorter length if one is a prefix)."""
    for index, (a, b) in enumerate(zip(one, other, strict=False)):
        if a != b:
            return index
    return min(len(one), len(other))


def _window(text: str, column: int) -> str:
    start = max(0, column - WINDOW)
    piece = text[start : column + WINDOW]
    return ("..." if start else "") + piece + ("..." if column + WINDOW < len(text) else "")


def _lines(value: Any) -> list[str] | None:
    if isinstance(value, str):
        return value.splitlines()
    if isinstance(value, (list, tuple)) and all(isinstance(line, str) for line in value):
        return list(value)
    return None


def text_difference(expected: Any, got: Any) -> str | None:
    """Where two texts first differ, or None if they are not both texts or are equal.

    Args:
        expected: A string or a list (or tuple) of lines.
        got: The same.

    Returns:
        None for two one-line strings of at most ``2 * WINDOW`` characters (short enough
        to be shown whole). For longer one-line strings, the column of the first
        difference and ``WINDOW`` characters each side of it in both; otherwise the line
        and column and a unified diff with ``CONTEXT_LINES`` lines of context around the first
        differing line (the first hunk only).
    """
    if expected == got:
        return None
    if isinstance(expected, str) and isinstance(got, str) and "\n" not in expected + got:
        if max(len(expected), len(got)) <= 2 * WINDOW:
            return None  # short enough to be shown whole
        column = _first(expected, got)
        return (
            f"the texts differ at column {column + 1}: expected"
            f" {_window(expected, column)!r}, got {_window(got, column)!r}"
        )
    want, have = _lines(expected), _lines(got)
    if want is None or have is None:
        return None
    line = _first(want, have)
    column = _first(want[line] if line < len(want) else "", have[line] if line < len(have) else "")
    diff = difflib.unified_diff(want, have, "expected", "got", lineterm="", n=CONTEXT_LINES)
    head = list(itertools.islice(diff, 3))
    hunk = list(itertools.takewhile(lambda text: not text.startswith("@@"), diff))
    shown = "\n".join(head + hunk)
    return f"the texts differ at line {line + 1}, column {column + 1}:\n{shown}"
