"""The rules engine's public functions: new_game, legal_actions, apply, verify, is_legal.

``legal_actions(state)`` lists exactly the legal actions of whoever must decide
(``state.actor``), in a fixed order. ``apply(state, action)`` checks the action, plays
it and every automatic step that follows (draws, reshuffles, a breaking guard,
damage, scoring, eliminations, the end), and returns the new state with the events.
It never changes its arguments; an illegal action raises
[`IllegalActionError`][guarda.errors.IllegalActionError] naming the ruling that forbids it.

Examples:
    >>> import guarda
    >>> state = guarda.new_game(guarda.modern(players=2), seed=3)
    >>> while not state.is_over and state.turn_number < 3:
    ...     state, events = guarda.apply(state, guarda.legal_actions(state)[-1])
    >>> state.turn_number
    3
"""

from __future__ import annotations

from guarda import _rng as rng
from guarda._action_lists import LegalActions
from guarda._actions import Action
from guarda._config import Config
from guarda._events import Event
from guarda._legal import list_actions, verify
from guarda._state import GameState
from guarda._transaction import play, start
from guarda.errors import ArgumentError, GuardaError

__all__ = ["apply", "is_legal", "legal_actions", "new_game", "verify"]


def new_game(config: Config, seed: int, *, salt: str = "") -> GameState:
    """Start a game: shuffle every deck and deal setup cards until someone must place.

    The first event of the game, [`DealCommitted`][guarda.DealCommitted], publishes the
    SHA-256 of the seed and the salt: every player sees it from the start, and once the
    record reveals the seed, [`verify_fair`][guarda.verify_fair] proves the deals were
    fixed before the first card ([P23](rules.md#p23)).

    Args:
        config: The ruleset.
        seed: Any integer; the same seed gives the same game (R30). The seed decides
            every hidden card, so a game that hides information from its players needs a
            secret seed from a large range, such as ``secrets.randbits(64)`` (P20).
        salt: Up to 256 characters mixed into the commitment, kept as secret as the seed
            until the game is over. A random salt (``secrets.token_hex(16)``) makes the
            commitment reveal nothing about the seed, however small the seed's range.
            Under the SHA-256 generator ([`Shuffle`][guarda.Shuffle]) the salt also
            keys the deal, with the seed.

    Returns:
        The first state, in the SETUP phase.

    Raises:
        ArgumentError: If ``config`` is not a Config, ``seed`` not an integer or
            ``salt`` not a string of at most 256 characters.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.classic(players=3), seed=42)
        >>> state.phase.name, len(state.players)
        ('SETUP', 3)
    """
    if not isinstance(config, Config):
        raise ArgumentError(f"not a Config: {config!r}", path="config")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(f"the seed must be an integer, not {seed!r}", path="seed", rule="R30")
    if not isinstance(salt, str) or len(salt) > rng.MAX_SALT:
        raise ArgumentError(
            f"the salt must be a string of at most {rng.MAX_SALT} characters, not {salt!r:.60}",
            path="salt",
            rule="P23",
        )
    return start(config, rng.start_state(config.shuffle, seed, salt), rng.commitment(seed, salt))


def legal_actions(state: GameState) -> LegalActions:
    """Every legal action of ``state.actor``, in a fixed order; empty when the game is over.

    Identical cards give one action: a hand of two ``V2`` has one ``Attack(("V2",))``.
    The answer is an immutable [`LegalActions`][guarda.LegalActions] sequence that
    behaves like a tuple (and equals the tuple of the same actions); the many card
    choices of a big hand are computed only when looked at.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=0)
        >>> all(isinstance(action, guarda.PlacePiece) for action in legal_actions(state))
        True
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"not a GameState: {state!r}", path="state")
    actions = list_actions(state)
    _LAST_LISTED[0] = (state, actions)
    return actions


_LAST_LISTED: list[tuple[GameState | None, LegalActions]] = [(None, LegalActions())]
"""The state [`legal_actions`][guarda.legal_actions] last listed, with its answer.

[`apply`][guarda.apply] trusts an action that *is* (by identity) one of these, or belongs
to one of its lazy runs, without running [`verify`][guarda.verify] again: states and
actions are immutable, so the list is still exactly the state's legal actions. Anything
else is verified. The pair is replaced whole, so threads can only miss the shortcut,
never pair a state with another state's actions.
"""


def is_legal(state: GameState, action: Action, *, player: int | None = None) -> bool:
    """Whether ``action`` is legal in ``state`` (sent by ``player``, if given).

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=0)
        >>> is_legal(state, guarda.Pass())
        False
    """
    try:
        verify(state, action, player=player)
    except GuardaError:
        return False
    return True


# -- apply ---------------------------------------------------------------------------


def apply(
    state: GameState, action: Action, *, player: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Play ``action`` and every automatic step after it.

    Args:
        state: The position; it is not changed.
        action: One of [`legal_actions`][guarda.legal_actions].
        player: Optionally, who sends the action; it must be ``state.actor``.

    Returns:
        The new state and the events this action produced, oldest first.

    Raises:
        IllegalActionError: If the action is not legal here (the state is unchanged).

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=0)
        >>> after, events = apply(state, legal_actions(state)[0])
        >>> type(events[0]).__name__
        'PiecePlaced'
    """
    listed_state, listed = _LAST_LISTED[0]
    if player is not None or listed_state is not state or not listed.is_listed(action):
        verify(state, action, player=player)
    return play(state, action)
