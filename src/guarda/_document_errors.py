"""Errors of JSON data: what a piece of data is, and the DocumentError for what
structuring raised.

[describe][guarda._document_errors.describe] names a piece of JSON data in an error
message. [document_error][guarda._document_errors.document_error] turns what the strict
converter ([guarda._converter][guarda._converter]) raised into one
[DocumentError][guarda.errors.DocumentError] whose ``path`` names the offending field
(``players[1].hand[0]``): cattrs' detailed validation collects what went wrong, and the
first problem is reported.

Examples:
    >>> describe(True)
    'a boolean True'
"""

from __future__ import annotations

from typing import Final

from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from guarda.errors import DocumentError, GuardaError

__all__ = ["MAX_PROBLEMS", "describe", "document_error"]

MAX_PROBLEMS: Final = 20
"""How many problems of one document are gathered before the rest are left uncounted:
a document wrong in many places is refused in time bounded by this, not by its size."""


def describe(value: object) -> str:
    """What a piece of JSON data is, for error messages.

    Examples:
        >>> describe(5), describe([1]), describe("a" * 50)
        ('an integer 5', 'an array', "a string 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...")
    """
    kind = _JSON_TYPES.get(type(value), type(value).__name__)
    if isinstance(value, (dict, list, tuple)):
        return kind
    text = repr(value)
    return f"{kind} {text if len(text) <= 40 else text[:37] + '...'}"


_JSON_TYPES: Final = {
    dict: "an object",
    list: "an array",
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "a boolean",
    type(None): "null",
}


def _join(base: str, relative: str | None) -> str:
    if not relative:
        return base
    if not base:
        return relative
    return base + relative if relative.startswith("[") else f"{base}.{relative}"


def _strip_repeat(base: str, relative: str) -> str:
    """Join a value's own error path to where the value lies in the document.

    A constructor names its fields from its own point of view (``card.name`` for a
    CardType, ``deck.copies`` for a DeckEntry); drop that first segment when the
    document path already ends with it.
    """
    last = base.rsplit(".", 1)[-1].split("[", 1)[0]
    head, dot, rest = relative.partition(".")
    if dot and head == last:
        return _join(base, rest)
    return _join(base, relative)


def _message(error: BaseException) -> str:
    """The words for one error that structuring met."""
    if isinstance(error, GuardaError):
        return error.message
    if isinstance(error, ForbiddenExtraKeysError):
        extra = sorted(str(key) for key in error.extra_fields)
        return "unknown field" + ("s " if len(extra) > 1 else " ") + ", ".join(extra)
    if isinstance(error, KeyError):
        return "missing required field"
    if isinstance(error, RecursionError):
        return "the data is nested too deeply"
    return f"invalid value ({type(error).__name__}: {error})"


def _path(at: str, error: BaseException) -> str:
    """The path of one error, given where cattrs met it."""
    if isinstance(error, DocumentError):
        return _join(at, error.path)
    if isinstance(error, GuardaError):
        return _strip_repeat(at, error.path) if error.path else at
    if isinstance(error, ForbiddenExtraKeysError):
        return _join(at, min(str(key) for key in error.extra_fields))
    return at


def _problems(error: BaseException, at: str, found: list[tuple[BaseException, str]]) -> bool:
    """Gather the problems cattrs collected, in order, as (error, path from ``$``).

    The walk of `cattrs.transform_error`, stopped once ``MAX_PROBLEMS + 1`` are found.

    Returns:
        True if the walk stopped early: there are more problems than were gathered.
    """
    if not isinstance(error, (IterableValidationError, ClassValidationError)):
        found.append((error, at))
        return len(found) > MAX_PROBLEMS
    with_notes, without = error.group_exceptions()
    for inner, note in with_notes:
        if isinstance(note, IterableValidationNote):
            where = f"{at}[{note.index!r}]"
        else:
            where = f"{at}.{note.name}"
        if _problems(inner, where, found):
            return True
    return any(_problems(inner, at, found) for inner in without)


def document_error(error: BaseException, root: str = "", suffix: str = "") -> DocumentError:
    """The [DocumentError][guarda.errors.DocumentError] for what structuring raised.

    The errors cattrs collected are walked in order; the first is reported, with its
    path and ruling, and how many more there are, counted up to
    [MAX_PROBLEMS][guarda._document_errors.MAX_PROBLEMS] (beyond it: "and at least
    20 more problems").

    Args:
        error: What the converter raised.
        root: Where the data lies (``"data"`` in a document; ``""`` for the data root).
        suffix: Words to add to the message, such as ``" (ply 3)"``.

    Returns:
        The error, whose ``path`` names the offending field from ``root``.

    Examples:
        >>> import guarda
        >>> from guarda._converter import converter
        >>> try:
        ...     converter.structure({"type": "Defend", "cards": ["V1", 5]}, guarda.Action)
        ... except Exception as error:
        ...     str(document_error(error, "data"))
        'data.cards[1]: expected a string, not an integer 5'
    """
    found: list[tuple[BaseException, str]] = []
    truncated = _problems(error, "$", found)
    first, where = found[0]
    at = where.removeprefix("$").removeprefix(".")
    message = _message(first)
    if truncated:
        message += f" (and at least {MAX_PROBLEMS} more problems)"
    elif len(found) > 1:
        more = len(found) - 1
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    rule = first.rule if isinstance(first, GuardaError) else None
    path = _path(_join(root, at), first)
    return DocumentError(message + suffix, path=path or None, rule=rule)
