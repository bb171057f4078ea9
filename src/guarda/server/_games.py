"""A game the server hosts: its state, seats, connections, and what each one is shown.

A [`LiveGame`][guarda.server._games.LiveGame] holds the full state (secrets included)
and never sends it: every message to a client is built from that client's own
[`guarda.view`][guarda.view] and [`guarda.visible_events`][guarda.visible_events]. The
view is sent without its event log (``data.events`` is empty); the events travel beside
it, numbered from the start of the game, so a client keeps its own log and a client
that reconnects is sent only the events it does not hold.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import Any, Final, Literal, Protocol

import attrs
import orjson

import guarda
from guarda import render
from guarda.bots import Agent, Fault
from guarda.errors import GuardaError
from guarda.server._protocol import error_data

__all__ = [
    "TOKEN_BYTES",
    "Client",
    "LiveGame",
    "Seat",
    "new_game_id",
    "new_token",
    "notation",
    "token_digest",
]

TOKEN_BYTES: Final = 32
"""Random bytes in a seat token (256 bits, from ``secrets``)."""


def new_token() -> str:
    """A new secret seat token: 256 random bits, URL-safe base64 (43 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_game_id() -> str:
    """A new game identifier: 72 random bits, URL-safe base64 (12 characters)."""
    return secrets.token_urlsafe(9)


def token_digest(token: str) -> str:
    """The SHA-256 digest (hex) of a token: the database stores digests, never tokens.

    Examples:
        >>> len(token_digest("abc"))
        64
    """
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


_EVENTS_KEPT: Final = 4096
"""Events whose document and text a game keeps written, at most."""

_NOTATION: dict[guarda.Action, str] = {}
"""Actions in notation, as written before (bounded by ``_NOTATION_KEPT``)."""

_NOTATION_KEPT: Final = 65_536


def notation(action: guarda.Action) -> str:
    """An action in notation, from a bounded cache (listed actions are shared objects).

    Examples:
        >>> notation(guarda.Pass())
        'pass'
    """
    text = _NOTATION.get(action)
    if text is None:
        if len(_NOTATION) >= _NOTATION_KEPT:
            _NOTATION.clear()
        text = _NOTATION[action] = guarda.format_action(action)
    return text


class Client(Protocol):
    """One connection, as the game server sees it: it can be sent text and be closed."""

    def send(self, text: str) -> None:
        """Queue a message; never waits (a client that falls behind is disconnected)."""
        ...

    def close(self, code: int, reason: str) -> None:
        """Close the connection."""
        ...


@attrs.define(eq=False)
class Seat:
    """A seat of a game: a person (known by a token's digest) or a bot."""

    kind: Literal["person", "bot"]
    """``"person"`` or ``"bot"``."""
    name: str
    """The display name."""
    digest: str | None = None
    """For a person: the SHA-256 digest of the seat's token."""
    bot: str | None = None
    """For a bot: its name in the server's list of bots."""
    agent: Agent | None = None
    """For a bot: the agent that plays."""

    def public(self) -> dict[str, Any]:
        """What everyone may know about the seat."""
        return {"kind": self.kind, "name": self.name, "bot": self.bot}


class LiveGame:
    """A hosted game: the state, the record so far, the seats and the connections."""

    def __init__(
        self,
        identifier: str,
        created: str,
        config: guarda.Config,
        seed: int,
        seats: Sequence[Seat],
        *,
        bot_delay: float,
        state: guarda.GameState,
        actions: Sequence[guarda.Action] = (),
        salt: str = "",
    ) -> None:
        self.id = identifier
        self.created = created
        self.config = config
        self.seed = seed
        self.salt = salt
        """Mixed into the commitment the game published (P23); secret like the seed."""
        self.seats = tuple(seats)
        self.names = tuple(seat.name for seat in self.seats)
        self.bot_delay = bot_delay
        self.state = state
        self.actions = list(actions)
        self.lock = asyncio.Lock()
        self.clients: dict[Client, tuple[int | None, bool]] = {}
        """Each connected client: its seat (None for a spectator) and whether it asked
        for pictures (``svg``)."""
        self.acked = [0] * config.players
        """The events each seat last acknowledged (kept in memory only)."""
        self.faults: list[Fault] = []
        self.bot_ply = -1
        """The ply a bot is deciding for, or -1."""
        self.config_fragment = orjson.Fragment(guarda.dumps(config))
        self._event_texts: dict[int, tuple[guarda.Event, orjson.Fragment, str]] = {}
        self._views_of: guarda.GameState | None = None
        """The state the views and builders below were made from."""
        self._views: dict[int | None, guarda.PlayerView] = {}
        self._builders: dict[int, guarda.ActionBuilder] = {}
        self._fairness: dict[int | None, dict[str, Any]] = {}

    @property
    def ply(self) -> int:
        """Actions played so far."""
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_over

    @property
    def spectators(self) -> int:
        """Spectators connected now."""
        return sum(1 for seat, _ in self.clients.values() if seat is None)

    def seat_of(self, token: str) -> int | None:
        """The person's seat that a token opens, or None; every seat is compared in
        constant time, so the answer's timing tells nothing about the token."""
        digest = token_digest(token)
        found = None
        for index, seat in enumerate(self.seats):
            if seat.digest is not None and hmac.compare_digest(seat.digest, digest):
                found = index
        return found

    def record(self) -> guarda.GameRecord:
        """The full record so far (secret until the game ends: it holds the seed and salt)."""
        return guarda.GameRecord(
            self.config,
            self.seed,
            tuple(self.actions),
            names=self.names,
            site="guarda.server",
            result=self.state.outcome,
            salt=self.salt,
        )

    def summary(self) -> dict[str, Any]:
        """What anyone may know about the game (for the lobby)."""
        outcome = self.state.outcome
        return {
            "game": self.id,
            "created": self.created,
            "config": self.config.name,
            "players": self.config.players,
            "seats": [seat.public() for seat in self.seats],
            "ply": self.ply,
            "turn": self.state.turn_number,
            "actor": self.state.actor,
            "status": "over" if outcome is not None else "running",
            "winners": None if outcome is None else list(outcome.winners),
            "spectators": self.spectators,
        }

    # -- what a client is sent -----------------------------------------------------------

    def view(self, seat: int | None, state: guarda.GameState | None = None) -> guarda.PlayerView:
        """The seat's view (None: a spectator's) of the current position, made once per
        position and shared by every message about it, or of an earlier ``state``."""
        if state is not None and state is not self.state:
            return guarda.view(state, seat)
        if self._views_of is not self.state:
            self._views.clear()
            self._builders.clear()
            self._views_of = self.state
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = guarda.view(self.state, seat)
        return found

    def builder(self, seat: int) -> guarda.ActionBuilder:
        """The action builder of the seat's decision now (no choices if it must not
        decide), made from its view once per position."""
        view = self.view(seat)
        found = self._builders.get(seat)
        if found is None:
            found = self._builders[seat] = guarda.ActionBuilder.from_view(view)
        return found

    def fairness(self, seat: int | None) -> dict[str, Any]:
        """Once the game is over: the seed and salt it revealed, the commitment it
        published at the start, and whether [`guarda.verify_fair`][guarda.verify_fair]
        passes for the record and everything the seat was shown (``error`` says why
        not)."""
        found = self._fairness.get(seat)
        if found is None:
            view = self.view(seat)
            error = None
            try:
                guarda.verify_fair(self.record(), view)
            except GuardaError as failed:
                error = error_data(failed)
            found = self._fairness[seat] = {
                "commitment": view.commitment,
                "seed": str(self.seed),
                "salt": self.salt,
                "verified": error is None,
                "error": error,
            }
        return found

    def _event(self, event: guarda.Event) -> tuple[guarda.Event, orjson.Fragment, str]:
        """An event as some viewer sees it: its document and its text, written once."""
        cached = self._event_texts.get(id(event))
        if cached is None or cached[0] is not event:
            cached = (
                event,
                orjson.Fragment(guarda.dumps(event)),
                guarda.describe(event, self.names),
            )
            if len(self._event_texts) >= _EVENTS_KEPT:
                self._event_texts.clear()
            self._event_texts[id(event)] = cached
        return cached

    def position(
        self,
        seat: int | None,
        first: int,
        *,
        welcome: bool = False,
        svg: bool = False,
        at: tuple[guarda.GameState, int] | None = None,
    ) -> dict[str, Any]:
        """An ``update`` (or ``welcome``) message for a seat (None: a spectator), about
        the current position or the one ``at`` (a state and its ply).

        ``first`` is the number of the first event to send: the events the client holds
        already are left out. With ``svg``, the message holds a picture of the field as
        the seat sees it ([`guarda.render.field_svg`][guarda.render.field_svg]), with the
        players' names. Once the
        game is over, it holds the record (seed included) and
        [`fairness`][guarda.server._games.LiveGame.fairness].
        """
        state, ply = (self.state, self.ply) if at is None else at
        view = self.view(seat, state)
        events = [self._event(event) for event in view.events[first:]]
        message: dict[str, Any] = {
            "type": "welcome" if welcome else "update",
            "game": self.id,
            "ply": ply,
            "actor": view.actor,
            "status": "over" if view.is_over else "running",
            "view": orjson.Fragment(guarda.dumps(attrs.evolve(view, events=()))),
            "first": first,
            "events": [fragment for _, fragment, _ in events],
            "log": [text for _, _, text in events],
            "legal": [notation(action) for action in view.legal_actions],
        }
        if svg:
            message["svg"] = render.field_svg(view, names=self.names)
        if view.is_over:
            # The seed and every action are public once the game has ended.
            message["record"] = orjson.Fragment(guarda.dumps(self.record(), secrets=True))
            message["fairness"] = self.fairness(seat)
        return message
