"""The game state: frozen, hashable values holding everything about a game.

A [`GameState`][guarda.GameState] is never changed: [`guarda.apply`][guarda.apply] returns a new
one that
shares every unchanged part (players, the configuration, the event log) with the old.
Card zones are tuples of card names; a hand and the discard piles are kept sorted
(identical cards are interchangeable), a draw pile is ordered with its top first.
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Final, overload

import attrs

from guarda._config import Config
from guarda._construct import maker, open_twin
from guarda._display import repr_svg
from guarda._events import Event
from guarda._geometry import Cell, Orientation
from guarda.errors import PositionError

__all__ = [
    "EventLog",
    "GameState",
    "Guard",
    "GuardStatus",
    "Outcome",
    "OutcomeReason",
    "PendingAttack",
    "Phase",
    "PlayerState",
    "append_events",
    "make_player",
    "make_state",
    "note_fit",
]


class Phase(enum.StrEnum):
    """What kind of decision the state waits for (see `guarda._actions`)."""

    SETUP = "setup"
    """A player must place their piece (R9, R10)."""
    DISCARD = "discard"
    """Draw phase: the turn player must discard down to the hand size (R12)."""
    MOVE = "move"
    """Move phase: move, push or end the phase (R13)."""
    SET_GUARD = "set-guard"
    """Act phase start: the turn player must set their preparing guard (R14)."""
    ACT = "act"
    """Act phase: prepare a guard, attack, or do nothing (R14)."""
    REACT = "react"
    """An attacked player reacts (R17-R20)."""
    NEW_GUARD = "new-guard"
    """After a critical block: the defender may prepare a new guard (R20)."""
    COUNTER = "counter"
    """The attacker answers a counter with hand defence or takes the damage (R20)."""
    SETTLE = "settle"
    """Settle phase: the turn player discards and ends the turn (R16)."""
    OVER = "over"
    """The game has ended; see [`GameState.outcome`][guarda.GameState.outcome]."""


class GuardStatus(enum.StrEnum):
    """The public status of a guard (R28)."""

    PREPARING = "preparing"
    SET = "set"


# Enum members as module globals, for the hot paths (this module, the legal actions and the
# transaction import them): on CPython 3.11 reading ``Phase.MOVE`` in a function goes
# through the enum metaclass's ``__getattr__`` hook, which costs about as much as a call.
PHASE_ACT: Final = Phase.ACT
PHASE_COUNTER: Final = Phase.COUNTER
PHASE_DISCARD: Final = Phase.DISCARD
PHASE_MOVE: Final = Phase.MOVE
PHASE_NEW_GUARD: Final = Phase.NEW_GUARD
PHASE_OVER: Final = Phase.OVER
PHASE_REACT: Final = Phase.REACT
PHASE_SETTLE: Final = Phase.SETTLE
PHASE_SETUP: Final = Phase.SETUP
PHASE_SET_GUARD: Final = Phase.SET_GUARD
GUARD_PREPARING: Final = GuardStatus.PREPARING
GUARD_SET: Final = GuardStatus.SET


@attrs.frozen(cache_hash=True)
class Guard:
    """A player's guard: its card, status and (once set) orientation."""

    card: str
    """The face-down card."""
    status: GuardStatus
    """Preparing (laid sideways) or set."""
    orientation: Orientation | None = None
    """The orientation chosen when set; None while preparing."""


@attrs.frozen(cache_hash=True)
class PlayerState:
    """Everything about one player."""

    draw_pile: tuple[str, ...]
    """The draw pile, top card first (its order is secret from everyone, R28)."""
    hand: tuple[str, ...]
    """The hand, sorted."""
    guard: Guard | None
    """The guard, if any."""
    discard_known: tuple[str, ...]
    """Discarded cards that were seen face up (attack, defence, activated guards), sorted."""
    discard_hidden: tuple[str, ...]
    """Cards discarded face down, sorted (private to the owner)."""
    in_play: tuple[str, ...]
    """Face-up cards on the table: setup cards, or attack cards until Settle."""
    position: Cell | None
    """The piece's cell; None before setup placement and after elimination."""
    health: int
    """Health (unchanged in Victory, where damage scores points instead)."""
    points: int = 0
    """Points scored (Victory, King of the Hill)."""
    is_out: bool = False
    """Whether the player has been eliminated."""
    winnings: int = 0
    """Stakes this player has claimed during the game (Bounty, Scavenger)."""

    @property
    def draw_pile_size(self) -> int:
        """Number of cards in the draw pile (public)."""
        return len(self.draw_pile)

    @property
    def discard_size(self) -> int:
        """Number of cards in the discard pile (public)."""
        return len(self.discard_known) + len(self.discard_hidden)

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card this player owns, wherever it is, sorted."""
        guard = (self.guard.card,) if self.guard is not None else ()
        return tuple(
            sorted(
                self.draw_pile
                + self.hand
                + guard
                + self.discard_known
                + self.discard_hidden
                + self.in_play
            )
        )


@attrs.frozen(cache_hash=True)
class PendingAttack:
    """An attack being resolved: one defender's reaction at a time (R17, R21)."""

    attacker: int
    """Who attacked."""
    cards: tuple[str, ...]
    """The attack cards."""
    defender: int
    """The player reacting now."""
    damage: int
    """Damage incoming to the current defender (after a broken guard, R18)."""
    waiting: tuple[tuple[int, int], ...] = ()
    """Defenders still to react, in order, with their incoming damage."""
    counter: int = 0
    """In the COUNTER phase: the damage the attacker faces."""
    defender_damage: int = 0
    """In the COUNTER phase: the damage the defender takes in this unit."""


class OutcomeReason(enum.StrEnum):
    """Why the game ended."""

    LAST_STANDING = "last-standing"
    """One player or team has anyone left (R22)."""
    ALL_OUT = "all-out"
    """The last players went out together: a draw (R22)."""
    TARGET_REACHED = "target-reached"
    """A player or team reached the point target (R23, R25)."""
    TURN_LIMIT = "turn-limit"
    """The turn limit was reached: a draw (R27)."""


@attrs.frozen
class Outcome:
    """The result of a finished game."""

    reason: OutcomeReason
    """Why the game ended."""
    winners: tuple[int, ...]
    """Players who won (all members of the winning team, R22); empty on a draw."""
    winning_team: int | None
    """Index in ``config.teams`` of the winning team, or None on a draw."""
    drawn: tuple[int, ...]
    """Players sharing a draw; empty when someone won."""
    health: tuple[int, ...]
    """Final health per player."""
    points: tuple[int, ...]
    """Final points per player."""
    payouts: tuple[int, ...]
    """Each player's net gain from the stakes (R26); all zero without stakes."""

    @property
    def is_draw(self) -> bool:
        """Whether the game ended without a winner."""
        return not self.winners


class EventLog:
    """The game's event log: a persistent list of events, only ever appended to.

    Each state shares its predecessor's log and adds one node, so applying an action
    copies nothing. Iterate it, or take ``len()``; equality compares the events.

    A node also carries caches that [guarda.view][guarda.view] fills (the log as each
    viewer may see it). They are not part of the value: equality, hashing, pickling and
    copying ignore them, and they die with the node.
    """

    __slots__ = ("_hash", "_seen", "_shown", "events", "previous", "size")

    events: tuple[Event, ...]
    previous: EventLog | None
    size: int
    _hash: int | None
    _shown: tuple[tuple[Event, ...], tuple[tuple[int, tuple[Event, ...]], ...]] | None
    """Cache of ``events`` as others see them, and as each owner of a secret sees them."""
    _seen: dict[int | None, tuple[Event, ...]] | None
    """Cache, on some nodes only, of the whole log up to here as each viewer sees it."""

    def __init__(self, events: tuple[Event, ...], previous: EventLog | None = None) -> None:
        setter = object.__setattr__
        setter(self, "events", events)
        setter(self, "previous", previous)
        setter(self, "size", len(events) + (previous.size if previous is not None else 0))
        setter(self, "_hash", None)
        setter(self, "_shown", None)
        setter(self, "_seen", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __len__(self) -> int:
        return self.size

    def __reduce__(self) -> tuple[object, tuple[list[tuple[Event, ...]]]]:
        # Pickle and deepcopy the chain as a flat list of chunks (no deep recursion).
        return (_rebuild_log, (self.chunks(),))

    def chunks(self) -> list[tuple[Event, ...]]:
        """The event groups in order, one per append."""
        chunks = []
        node: EventLog | None = self
        while node is not None:
            chunks.append(node.events)
            node = node.previous
        chunks.reverse()
        return chunks

    def __iter__(self) -> Iterator[Event]:
        return itertools.chain.from_iterable(self.chunks())

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        """An event (or a slice of events) by position, oldest first; ``log[-1]`` is the newest."""
        if isinstance(index, int) and -len(self.events) <= index < 0:
            return self.events[index]  # the newest events need no walk along the chain
        return self.to_tuple()[index]

    def to_tuple(self) -> tuple[Event, ...]:
        """Every event, oldest first."""
        return tuple(self)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, EventLog):
            return NotImplemented
        return self.size == other.size and self.to_tuple() == other.to_tuple()

    def __hash__(self) -> int:
        if self._hash is None:
            # Hash iteratively along the chain, caching on every node we pass.
            pending = []
            node: EventLog | None = self
            while node is not None and node._hash is None:
                pending.append(node)
                node = node.previous
            value = node._hash if node is not None else 0
            for item in reversed(pending):
                # Fold event by event, so equal logs hash equally however they are chunked.
                for event in item.events:
                    value = hash((value, event))
                object.__setattr__(item, "_hash", value)
        return self._hash  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"EventLog({self.size} events)"


_OPEN_EVENT_LOG = open_twin(EventLog)
"""Event log nodes with plain attribute setting: [`append_events`][guarda._state.append_events]
fills one and turns it into an [`EventLog`][guarda.EventLog], as [guarda._construct][]
makes frozen values."""


def append_events(log: EventLog, events: tuple[Event, ...]) -> EventLog:
    """``EventLog(events, log)``, made quickly: the engine adds a node on most steps."""
    node: EventLog = object.__new__(_OPEN_EVENT_LOG)
    node.events = events
    node.previous = log
    node.size = len(events) + log.size
    node._hash = None
    node._shown = None
    node._seen = None
    node.__class__ = EventLog
    return node


def _rebuild_log(chunks: list[tuple[Event, ...]]) -> EventLog:
    log: EventLog | None = None
    for chunk in chunks:
        log = EventLog(chunk, log)
    return log if log is not None else EventLog(())


# -- the rules every state is checked against when it is made ------------------------------


def players_fit_the_configuration(config: Config, players: tuple[PlayerState, ...]) -> None:
    """A game has as many players as its configuration says.

    Raises:
        PositionError: With ``path="players"``.
    """
    if len(players) != config.players:
        raise PositionError(
            f"a {config.players}-player game needs {config.players} players, not {len(players)}",
            path="players",
        )


def piece_is_on_the_field(config: Config, position: Cell | None, path: str) -> None:
    """A piece stands on a cell of the field, if it stands anywhere (R8).

    Raises:
        PositionError: With ``path`` naming the position.
    """
    if position is not None and not position.is_on(config.size):
        raise PositionError(
            f"{position} is not on the {config.size}x{config.size} field", path=path, rule="R8"
        )


def cards_are_one_deck(config: Config, player: PlayerState, path: str) -> None:
    """A player's cards, wherever they are, are exactly one deck (R3).

    Every card is a card of the deck, no card has more copies than the deck holds, and
    together they are as many as the deck.

    Raises:
        PositionError: With ``path`` naming the player (too many copies), the card
            (``players[0].hand[2]``, ``players[0].guard``) or the draw pile (a count that
            does not add up).
    """
    fit = _fit(config)
    copies = fit.copies
    zones: dict[str, tuple[str, ...]] = {
        "hand": player.hand,
        "discard_known": player.discard_known,
        "discard_hidden": player.discard_hidden,
        "in_play": player.in_play,
        "guard": () if player.guard is None else (player.guard.card,),
        "draw_pile": player.draw_pile,
    }
    used = Counter(itertools.chain.from_iterable(zones.values()))  # one count, in C
    if not used.keys() <= copies.keys():  # a card of no deck: find the first
        for zone, cards in zones.items():
            for place, card in enumerate(cards):
                if card not in copies:
                    where = f"{path}.{zone}" + ("" if zone == "guard" else f"[{place}]")
                    message = f"the deck has no card named {card!r}"
                    raise PositionError(message, path=where, rule="R3")
    for name, most in copies.items():
        if used[name] > most:
            raise PositionError(
                f"{used[name]} copies of {name}, but the deck holds {most}",
                path=path,
                rule="R3",
            )
    total = sum(used.values())
    deck = fit.copies_total
    if total != deck:
        raise PositionError(
            f"the player's cards add up to {total}, not the deck's {deck}",
            path=f"{path}.draw_pile",
            rule="R3",
        )


def check_fit(state: GameState) -> None:
    """Refuse a state that does not fit its configuration.

    Checks that the state has as many players as the configuration, that every piece stands
    on the field (R8) and that player 0's cards are one deck of the configuration (R3):
    every player holds a whole deck, so one player tells another game's deck apart. A
    [`GameState`][guarda.GameState] runs a quick form of this check whenever it is made.

    Raises:
        PositionError: Naming the field that does not fit (``path``) and the ruling.
    """
    config = state.config
    players = state.players
    players_fit_the_configuration(config, players)
    for index, player in enumerate(players):
        piece_is_on_the_field(config, player.position, f"players[{index}].position")
    cards_are_one_deck(config, players[0], "players[0]")


class _Fit:
    """What a state must match in its configuration, and the players of the last state
    made with it, for the quick form of `check_fit`."""

    __slots__ = (
        "config",
        "copies",
        "copies_total",
        "deck",
        "names",
        "pile",
        "players",
        "seen",
        "size",
    )

    def __init__(self, config: Config) -> None:
        self.config = config
        self.players = config.players
        self.size = config.size
        self.names = frozenset(config.card_names)
        self.deck = config.deck_size
        self.copies = {entry.card.name: entry.copies for entry in config.deck}
        """Copies of each card in a deck, by name, in deck order (read only)."""
        self.copies_total = sum(self.copies.values())
        self.seen: tuple[PlayerState, ...] = ()
        """The players of the last state made with this configuration object."""
        self.pile: tuple[str, ...] | None = None
        """Their player 0's draw pile, unless empty (an empty pile is the one empty tuple:
        it tells no game apart)."""


_FITS: dict[int, _Fit] = {}
"""The fit of recently used configuration objects, by ``id``; each holds its
configuration, so the ``id`` cannot be reused while the entry lives."""

_FITS_LIMIT = 256
"""How many configurations `_FITS` remembers before it starts again."""

_LAST_FIT: list[_Fit | None] = [None]
"""The fit of the configuration of the last state made (a game makes every state with the
same configuration)."""


def _fit(config: Config) -> _Fit:
    """The fit of a configuration, remembered."""
    fit = _FITS.get(id(config))
    if fit is None or fit.config is not config:
        if len(_FITS) >= _FITS_LIMIT:
            _FITS.clear()
        fit = _FITS[id(config)] = _Fit(config)
    return fit


def _continues(player: PlayerState, last: PlayerState) -> bool:
    """Whether ``player`` is ``last`` after some steps of the engine, by what they share.

    They share a zone that is not empty: the very same tuple object, never just an equal
    one, so a state read from a document or built anew is always counted in full.
    """
    return bool(
        (player.draw_pile and player.draw_pile is last.draw_pile)
        or (player.hand and player.hand is last.hand)
        or (player.discard_known and player.discard_known is last.discard_known)
        or (player.discard_hidden and player.discard_hidden is last.discard_hidden)
        or (player.in_play and player.in_play is last.in_play)
    )


def _check_fit_quickly(state: GameState) -> None:
    """`check_fit`, quickly; on any doubt, check_fit itself.

    Player 0's deck is taken to fit when player 0 continues player 0 of the last state
    made with the configuration ([`_continues`][guarda._state._continues]): the engine
    never changes what a deck holds, and a state of another game shares none of its tuples.
    Remembers the state's players for the next state.
    """
    fit = _fit(state.config)
    players = state.players
    if len(players) != fit.players:
        check_fit(state)
    size = fit.size
    for player in players:
        position = player.position
        if position is not None and (position.x >= size or position.y >= size):
            check_fit(state)
    first = players[0]
    pile = first.draw_pile
    if not fit.seen or not _continues(first, fit.seen[0]):
        hand = first.hand
        known = first.discard_known
        hidden = first.discard_hidden
        in_play = first.in_play
        guard = first.guard
        names = fit.names
        if (
            len(pile) + len(hand) + len(known) + len(hidden) + len(in_play) + (guard is not None)
            != fit.deck
            or not names.issuperset(pile)
            or not names.issuperset(hand)
            or not names.issuperset(known)
            or not names.issuperset(hidden)
            or not names.issuperset(in_play)
            or (guard is not None and guard.card not in names)
        ):
            check_fit(state)
    fit.seen = players
    fit.pile = pile or None
    _LAST_FIT[0] = fit


@attrs.frozen(cache_hash=True)
class GameState:
    """A complete game position: a frozen, hashable value.

    Start one with [`guarda.new_game`][guarda.new_game] or
    [`guarda.PositionBuilder`][guarda.PositionBuilder]; get the
    next with [`guarda.apply`][guarda.apply].

    Making a state checks that it fits its configuration
    (`check_fit`: the number of players, every piece on the
    field, player 0's cards one deck of it), so a state given another game's
    configuration, such as ``attrs.evolve(state, config=other)``, raises
    [`PositionError`][guarda.errors.PositionError] at once instead of tripping a rule
    later. [guarda.check_state][guarda.check_state] checks everything else.

    The engine makes a state on every step, so the check is quick. A state with the
    configuration object of the last state made, in which player 0 or player 1 still has
    the very draw pile they had there, is that state after a step of the engine and is
    not checked again: the engine never changes the players, moves a piece off the field
    or changes what a deck holds, and a state of another game shares none of its tuples.
    Any other state is checked, player 0's deck only when player 0 does not share a tuple
    with player 0 of the last state made (the same object, never an equal one). (The
    engine's own steps skip even that and only remember the state as the last made:
    each is made from a state that fits.)

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> state.phase, state.actor is not None
        (<Phase.SETUP: 'setup'>, True)
    """

    config: Config
    """The ruleset."""
    phase: Phase
    """What kind of decision is awaited."""
    turn: int
    """The turn player (during setup: the player placing)."""
    actor: int | None
    """Who must decide now (the turn player or a reacting player); None when over."""
    players: tuple[PlayerState, ...]
    """Each player's state, by player number."""
    rng: int
    """The random state (secret from everyone, R28)."""
    turn_number: int = 0
    """Turns started so far (0 during setup)."""
    turns_ended: int = 0
    """Turns ended so far (R27)."""
    has_moved: bool = False
    """In the Move phase: whether the turn player already moved (R13)."""
    attack: PendingAttack | None = None
    """The attack being resolved, in the REACT, NEW_GUARD and COUNTER phases."""
    loot: tuple[tuple[Cell, int], ...] = ()
    """Stakes lying on cells (Scavenger), sorted by cell."""
    pot: int = 0
    """Stakes nobody has claimed yet (paid out at the end, R26)."""
    first_placed: int | None = None
    """The first player to place a piece: that player moves first (R11)."""
    outcome: Outcome | None = None
    """The result, once the game is over."""
    log: EventLog = attrs.field(factory=lambda: EventLog(()), repr=False)
    """Every event so far."""

    def __attrs_post_init__(self) -> None:
        # check_fit, quickly (see the class docstring): a state of the configuration of the
        # last state made, in which player 0 or player 1 still has the draw pile they had
        # there, is that state after a step of the engine and is not checked again. Values
        # of the wrong kind are left to check_state. (The engine's own steps make their
        # states with make_state and note_fit: the same end, without the check.)
        try:
            fit = _LAST_FIT[0]
            if fit is not None and fit.config is self.config:
                players = self.players
                if players[0].draw_pile is fit.pile:
                    fit.seen = players
                    return
                pile = players[1].draw_pile
                if pile and pile is fit.seen[1].draw_pile:
                    fit.seen = players
                    fit.pile = players[0].draw_pile or None
                    return
            _check_fit_quickly(self)
        except (AttributeError, TypeError):
            return
        except IndexError:  # fewer players than the configuration has, here or there
            _check_fit_quickly(self)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is PHASE_OVER

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, oldest first (the full, unredacted log)."""
        return self.log.to_tuple()

    _repr_svg_ = repr_svg


# -- the engine's own constructors -----------------------------------------------------------


make_state = maker(GameState)
"""``GameState(...)`` for the states the engine makes from a state that fits its
configuration: the same value, without the configuration check
([`check_fit`][guarda._state.check_fit]); every field given, in order. Pass the state to
[`note_fit`][guarda._state.note_fit] next, as the check would have."""


def note_fit(state: GameState) -> None:
    """Remember ``state`` as the last state made with its configuration, as making it with
    ``GameState(...)`` does once its check passes (a state the engine made from a state
    that fits, fits).

    Whatever way that check goes for such a state, it ends remembering the fit of the
    configuration as the last one, with the state's players and player 0's draw pile
    (unless empty); so a state made next from this one by changing a little (say with
    ``attrs.evolve``) is checked, or not, exactly as after ``GameState(...)``.
    """
    fit = _LAST_FIT[0]
    if fit is None or fit.config is not state.config:
        fit = _LAST_FIT[0] = _fit(state.config)
    players = state.players
    fit.seen = players
    fit.pile = players[0].draw_pile or None


make_player = maker(PlayerState)
"""``PlayerState(...)`` for the engine, every field given, in order."""
