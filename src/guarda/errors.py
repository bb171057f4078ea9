"""The exceptions raised by guarda.

Every error raised on purpose by the library is a subclass of :class:`GuardaError`, so a
caller can catch one class. Subclasses separate the kinds of bad input, the way
python-chess separates malformed moves from illegal ones:

- :class:`ConfigurationError`: a ruleset that is invalid (nine players, a hill outside
  the field, ...).
- :class:`IllegalActionError`: a well-formed action that the rules forbid in this state
  (it names the ruling that forbids it).
- :class:`PositionError`: a position that cannot occur (two pieces on one cell, more
  copies of a card than the deck holds, ...).
- :class:`ParseError`: text or data that is malformed (bad cell or card names, wrong
  types, unknown fields).

Every error carries structured fields besides its message: ``rule`` (the ruling, such
as ``"R13"``, when one applies) and ``path`` (the offending field or argument).
"""

from __future__ import annotations

__all__ = [
    "ConfigurationError",
    "GuardaError",
    "IllegalActionError",
    "ParseError",
    "PositionError",
]


class GuardaError(Exception):
    """Root of every error guarda raises on purpose.

    Attributes:
        message: What was wrong, in words.
        rule: The ruling that applies (``"R13"``, ``"P1"``), or None.
        path: The offending field, argument or position (``"players[2].hand"``), or None.

    Examples:
        >>> try:
        ...     raise GuardaError("bad", rule="R7", path="action.direction")
        ... except GuardaError as error:
        ...     (error.rule, error.path)
        ('R7', 'action.direction')
    """

    def __init__(self, message: str, *, rule: str | None = None, path: str | None = None):
        self.message = message
        self.rule = rule
        self.path = path
        parts = []
        if path is not None:
            parts.append(f"{path}: ")
        parts.append(message)
        if rule is not None:
            parts.append(f" ({rule})")
        super().__init__("".join(parts))


class ConfigurationError(GuardaError, ValueError):
    """A ruleset (:class:`guarda.Config`) or one of its parts is invalid."""


class IllegalActionError(GuardaError, ValueError):
    """An action that the rules forbid in the given state.

    Raised by :func:`guarda.apply`; the state passed in is unchanged. ``rule`` names the
    ruling that forbids the action.
    """


class PositionError(GuardaError, ValueError):
    """A position that cannot occur under the rules (built or loaded)."""


class ParseError(GuardaError, ValueError):
    """Malformed text or data: a bad cell or card name, a wrong type, an unknown field."""
