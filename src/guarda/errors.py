"""The exceptions raised by guarda.

Every error raised on purpose by the library is a subclass of [`GuardaError`][guarda.GuardaError],
so a
caller can catch one class. Subclasses separate the kinds of bad input, the way
python-chess separates malformed moves from illegal ones:

- [`ConfigurationError`][guarda.ConfigurationError]: a ruleset that is invalid (nine players, a
  hill outside
  the field, ...).
- [`IllegalActionError`][guarda.IllegalActionError]: a well-formed action that the rules forbid in
  this state
  (it names the ruling that forbids it).
- [`PositionError`][guarda.PositionError]: a position that cannot occur (two pieces on one cell,
  more
  copies of a card than the deck holds, ...).
- [`ParseError`][guarda.ParseError]: text or data that is malformed (bad cell or card names, wrong
  types, unknown fields); [`NotationError`][guarda.NotationError] for notation text and
  [`DocumentError`][guarda.DocumentError] for JSON documents
  ([`UnsupportedVersionError`][guarda.UnsupportedVersionError] for a
  format version this release cannot read).
- [`ArgumentError`][guarda.ArgumentError]: an argument of the wrong kind passed to a function (not
  a
  state, a player number that does not exist, ...).
- [`SecretsError`][guarda.SecretsError]: exporting a secret value without saying so.
- [`ReplayError`][guarda.ReplayError]: a game record that does not replay.
- [`MessageError`][guarda.MessageError]: a message of one of guarda's protocols that
  its receiver refuses: a client's message to a game server (``guarda.server``) that is
  malformed, too large, for another seat or made for an earlier position, or a bot's
  message that breaks the bot protocol
  ([`AgentMessageError`][guarda.AgentMessageError]).
- [`FairnessError`][guarda.FairnessError]: a revealed record that does not prove a fair
  game: wrong seed or salt, or deals that differ from what a player saw.
- [`CheckError`][guarda.errors.CheckError] (also an ``AssertionError``): a check of
  [guarda.testing][] found a difference:
  [`RoundTripError`][guarda.errors.RoundTripError],
  [`ViewMismatchError`][guarda.errors.ViewMismatchError],
  [`HiddenInformationError`][guarda.errors.HiddenInformationError],
  [`CardConservationError`][guarda.errors.CardConservationError],
  [`DeterminismError`][guarda.errors.DeterminismError].
- [`ActionSpaceError`][guarda.ActionSpaceError]: an action or a number outside a
  configuration's fixed [action index][guarda.ActionIndex], or a configuration whose
  index would be too big.
- [`NotResetError`][guarda.errors.NotResetError]: a ``guarda.rl`` environment used
  before ``reset()``.
- [`AgentError`][guarda.AgentError]: an agent that could not decide: a bot in another
  process crashed, sent a message that breaks the bot protocol
  ([`AgentMessageError`][guarda.AgentMessageError], also a ``MessageError``) or did
  not answer in time ([`AgentTimeoutError`][guarda.AgentTimeoutError]). A match runner
  reports it as a fault of that seat.

Every error carries structured fields besides its message: ``rule`` (the ruling, such
as ``"R13"``, when one applies) and ``path`` (the offending field or argument).
"""

from __future__ import annotations

__all__ = [
    "ActionSpaceError",
    "AgentError",
    "AgentMessageError",
    "AgentTimeoutError",
    "ArgumentError",
    "CardConservationError",
    "CheckError",
    "ConfigurationError",
    "DeterminismError",
    "DocumentError",
    "FairnessError",
    "GuardaError",
    "HiddenInformationError",
    "IllegalActionError",
    "MessageError",
    "NotResetError",
    "NotationError",
    "ParseError",
    "PositionError",
    "ReplayError",
    "RoundTripError",
    "SecretsError",
    "UnsupportedVersionError",
    "ViewMismatchError",
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


class ArgumentError(GuardaError, TypeError):
    """An argument of the wrong kind: not a state, not a configuration, no such player.

    Examples:
        >>> import guarda
        >>> try:
        ...     guarda.view("a state", 0)
        ... except guarda.ArgumentError as error:
        ...     error.path
        'state'
    """


class ConfigurationError(GuardaError, ValueError):
    """A ruleset ([`guarda.Config`][guarda.Config]) or one of its parts is invalid."""


class IllegalActionError(GuardaError, ValueError):
    """An action that the rules forbid in the given state.

    Raised by [`guarda.apply`][guarda.apply]; the state passed in is unchanged. ``rule`` names the
    ruling that forbids the action.
    """


class PositionError(GuardaError, ValueError):
    """A position that cannot occur under the rules (built or loaded)."""


class ParseError(GuardaError, ValueError):
    """Malformed text or data: a bad cell or card name, a wrong type, an unknown field."""


class NotationError(ParseError):
    """Text that is not valid notation, or a value that notation cannot express.

    The message says what was expected, where and what was found, such as
    ``expected a direction (N, E, S, W) at column 6, got 'Q'``.

    Attributes:
        column: Column (from 1) of the offending token in the text; None when formatting.
        token: The offending token (empty at the end of the text); None when formatting.

    Examples:
        >>> import guarda
        >>> try:
        ...     guarda.parse_action("move Q V1")
        ... except NotationError as error:
        ...     error.column, error.token, error.path
        (6, 'Q', 'direction')
    """

    def __init__(
        self,
        message: str,
        *,
        column: int | None = None,
        token: str | None = None,
        rule: str | None = None,
        path: str | None = None,
    ) -> None:
        super().__init__(message, rule=rule, path=path)
        self.column = column
        self.token = token


class DocumentError(ParseError):
    """A malformed or invalid document, or data that cannot be a value.

    ``path`` names the offending field from the document root, such as
    ``data.players[1].hand[0]`` (for data without the document envelope, from the data
    root: ``players[1].hand[0]``). The original error, if any, is the ``__cause__``.
    """


class UnsupportedVersionError(DocumentError):
    """A document of a format version this release cannot read (newer or unknown)."""


class SecretsError(GuardaError, ValueError):
    """Exporting a secret value (a full state or a record) without ``secrets=True`` (R28)."""


class ReplayError(GuardaError, ValueError):
    """A record that does not replay: an illegal or malformed action, or a wrong result.

    Attributes:
        ply: The 1-based number of the offending action (0 for the start of the game).

    The [`IllegalActionError`][guarda.errors.IllegalActionError] that stopped the replay,
    if any, is the ``__cause__``; ``rule`` is its ruling.
    """

    def __init__(
        self, message: str, *, ply: int, rule: str | None = None, path: str | None = None
    ) -> None:
        self.ply = ply
        super().__init__(f"ply {ply}: {message}", rule=rule, path=path)


class MessageError(GuardaError, ValueError):
    """A message of one of guarda's protocols that its receiver refuses.

    guarda speaks two protocols of JSON messages, and whichever side receives a message
    it refuses raises this error, with ``path`` naming the offending field of the
    message (such as ``ply``, ``token`` or ``action``):

    - a game server (``guarda.server``) refuses a client's message that is malformed or
      too large, names no game or a wrong token, acts for a seat the connection does not
      hold, or was made for an earlier position (a stale ``ply``); the game is
      unchanged, and the client is sent the error (class ``MessageError``) in an
      ``error`` or ``refused`` message;
    - ``guarda.arena.SubprocessAgent`` refuses a bot's message that breaks the bot
      protocol: an [`AgentMessageError`][guarda.AgentMessageError], which is also an
      [`AgentError`][guarda.AgentError] (a fault of the bot's seat).

    Examples:
        >>> error = MessageError("made for ply 3, but 4 actions were played", path="ply")
        >>> str(error)
        'ply: made for ply 3, but 4 actions were played'
    """


class FairnessError(GuardaError, ValueError):
    """A revealed record that does not prove a fair game (P23).

    Raised by [`guarda.verify_fair`][guarda.verify_fair]: the seed and salt do not give the
    commitment the players saw, the actions do not replay, or the game they replay differs
    from what a player saw. ``path`` names the field (``seed``, ``actions[i]``,
    ``events[i]``); ``ply``, when known, is the 1-based number of the action at fault.

    Examples:
        >>> error = FairnessError("the seed does not match the commitment", path="seed")
        >>> str(error), error.ply
        ('seed: the seed does not match the commitment (P23)', None)
    """

    def __init__(self, message: str, *, path: str | None = None, ply: int | None = None) -> None:
        self.ply = ply
        super().__init__(message, rule="P23", path=path)


class CheckError(GuardaError, AssertionError):
    """A check of [guarda.testing][] failed: the message says what differs, ``path`` where.

    It is an ``AssertionError`` too, so test frameworks report it as a failed assertion.

    Examples:
        >>> try:
        ...     raise RoundTripError("expected 'V1', got 'V2'", path="data.cards[0]")
        ... except AssertionError as error:
        ...     str(error)
        "data.cards[0]: expected 'V1', got 'V2'"
    """


class RoundTripError(CheckError):
    """A value that does not come back equal from its document or its notation."""


class ViewMismatchError(CheckError):
    """A view that is not the view guarda derives from the state (R28)."""


class HiddenInformationError(CheckError):
    """Something shown to a player depends on what that player may not see (R28, R29)."""


class CardConservationError(CheckError):
    """A player's cards are not exactly their deck, each card in one place (R3)."""


class DeterminismError(CheckError):
    """The same configuration, seed and actions gave different results (R30)."""


class AgentError(GuardaError, RuntimeError):
    """An agent could not decide: its process could not start, crashed or failed before.

    Raised by ``guarda.arena.SubprocessAgent`` (a bot in another process, in any
    language); a match runner turns it into a fault of the agent's seat, and the game
    goes on. ``path`` names the protocol message or field at fault, when there is one.

    Examples:
        >>> try:
        ...     raise AgentError("the bot exited with code 1", path="bot")
        ... except GuardaError as error:
        ...     str(error)
        'bot: the bot exited with code 1'
    """


class AgentMessageError(AgentError, MessageError):
    """A bot in another process sent a message that breaks the bot protocol: garbage, a
    wrong version, a huge line, an answer that is not an action.

    An [`AgentError`][guarda.AgentError] (the match runner reports it as a fault of the
    bot's seat) and a [`MessageError`][guarda.MessageError] (``path`` names the offending
    field of the bot's message, such as ``"action"`` or ``"version"``).

    Examples:
        >>> error = AgentMessageError("expected a JSON object", path="action")
        >>> isinstance(error, AgentError), isinstance(error, MessageError)
        (True, True)
    """


class AgentTimeoutError(AgentError, TimeoutError):
    """A bot in another process did not answer within its time limit."""


class ActionSpaceError(GuardaError, ValueError):
    """An action or a number outside a configuration's fixed action index.

    Raised by [`ActionIndex`][guarda.ActionIndex] (and so by ``guarda.rl`` and
    ``guarda.openspiel``, which number actions with it) for a number out of range, for
    an action that no game of the configuration can offer (a card its deck lacks, more
    copies than the deck holds, more cards than a hand can hold, a cell off the field),
    and for a configuration whose index would hold more actions than the limit. ``path``
    names the offending argument or field, such as ``index`` or ``action.cards[2]``.

    Examples:
        >>> error = ActionSpaceError("index 9 is outside 0..8", path="index")
        >>> str(error)
        'index: index 9 is outside 0..8'
    """


class NotResetError(GuardaError, RuntimeError):
    """A ``guarda.rl`` environment used before its first ``reset()``, or stepped once every
    agent of its game is done.

    Examples:
        >>> str(NotResetError("call reset() before step()", path="env"))
        'env: call reset() before step()'
    """
