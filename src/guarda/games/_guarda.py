"""Guarda through the game protocol: its own API, unchanged, behind one object.

[`GUARDA`][guarda.games.GUARDA] forwards every method of [`Game`][guarda.game.Game] to the
function of guarda's core that already does it, so a layer written for the protocol plays
Guarda at the core's own speed (each call is one attribute lookup more).

Examples:
    >>> import random
    >>> from guarda.games import GUARDA
    >>> state = GUARDA.new_game(GUARDA.make_config(2, {"edition": "grda"}), seed=3)
    >>> GUARDA.actor(state), GUARDA.is_over(state)
    (0, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

import guarda
from guarda import render
from guarda.errors import ArgumentError
from guarda.game import seat_names

__all__ = ["GUARDA", "GuardaGame"]

_EDITIONS: Final[dict[str, Callable[..., guarda.Config]]] = {
    "modern": guarda.modern,
    "classic": guarda.classic,
    "grda": guarda.grda,
}

_OPTIONS: Final[dict[str, str]] = {
    "edition": "the preset: modern (default), classic or grda",
    "win": "the win condition: elimination (default), exhaustion, victory or king-of-the-hill",
    "turn_limit": "end the game as a draw after this many turns (R27); none for no limit",
    "first_player": "the player who places first (default 0)",
}


_SEAT_FIELDS: Final = frozenset({"player", "pusher", "source", "against"})
"""The fields of Guarda's events that hold one player."""


def _seats(event: guarda.Event) -> Iterator[int]:
    """Every player ``event`` names."""
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if field.name in _SEAT_FIELDS:
            yield value
        elif field.name in ("winners", "drawn"):
            yield from value
        elif field.name == "targets":
            yield from (target for target, _ in value)


def _integer(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ArgumentError(f"option {name} must be an integer, not {text!r}", path=name) from None


@attrs.frozen
class GuardaGame:
    """The [`Game`][guarda.game.Game] of Guarda; use the instance [`GUARDA`][guarda.games.GUARDA].

    It is also [`Narrated`][guarda.game.Narrated], by [`guarda.describe`][guarda.describe].

    Examples:
        >>> from guarda.games import GUARDA
        >>> GUARDA.players(GUARDA.default_config()), GUARDA.title
        (2, 'Guarda')
    """

    name: str = "guarda"
    """The name the CLI takes."""
    title: str = "Guarda"
    """The game's name for people."""
    min_players: int = 2
    """The fewest players."""
    max_players: int = 8
    """The most players (eight, the rules' limit)."""

    def default_config(self, players: int | None = None) -> guarda.Config:
        """Modern for ``players`` players (None: 2)."""
        return guarda.modern(players=2 if players is None else players)

    def make_config(
        self, players: int | None = None, options: Mapping[str, str] | None = None
    ) -> guarda.Config:
        """A preset with the options of [`options`][guarda.games.GuardaGame.options].

        Raises:
            ArgumentError: For an unknown option or a bad value.
            ConfigurationError: For a value the rules refuse.

        Examples:
            >>> from guarda.games import GUARDA
            >>> GUARDA.make_config(4, {"edition": "classic", "turn_limit": "50"}).turn_limit
            50
        """
        given = dict(options or {})
        unknown = sorted(set(given) - set(_OPTIONS))
        if unknown:
            raise ArgumentError(
                f"Guarda has no option {unknown[0]!r} (options: {', '.join(_OPTIONS)})",
                path=unknown[0],
            )
        edition = given.pop("edition", "modern")
        if edition not in _EDITIONS:
            raise ArgumentError(
                f"edition must be one of {', '.join(_EDITIONS)}, not {edition!r}", path="edition"
            )
        keywords: dict[str, Any] = {"players": 2 if players is None else players}
        if "win" in given:
            keywords["win"] = given["win"]
        if "turn_limit" in given:
            limit = given["turn_limit"]
            keywords["turn_limit"] = None if limit == "none" else _integer("turn_limit", limit)
        if "first_player" in given:
            keywords["first_player"] = _integer("first_player", given["first_player"])
        return _EDITIONS[edition](**keywords)

    def options(self) -> Mapping[str, str]:
        """The options [`make_config`][guarda.games.GuardaGame.make_config] takes."""
        return dict(_OPTIONS)

    def is_config(self, value: object) -> bool:
        """Whether ``value`` is a [`guarda.Config`][guarda.Config]."""
        return isinstance(value, guarda.Config)

    def players(self, config: guarda.Config) -> int:
        """``config.players``."""
        return config.players

    def new_game(self, config: guarda.Config, seed: int, *, salt: str = "") -> guarda.GameState:
        """[`guarda.new_game`][guarda.new_game]."""
        return guarda.new_game(config, seed, salt=salt)

    def legal_actions(self, state: guarda.GameState) -> Sequence[guarda.Action]:
        """[`guarda.legal_actions`][guarda.legal_actions]."""
        return guarda.legal_actions(state)

    def apply(
        self, state: guarda.GameState, action: guarda.Action
    ) -> tuple[guarda.GameState, tuple[guarda.Event, ...]]:
        """[`guarda.apply`][guarda.apply]."""
        return guarda.apply(state, action)

    def actor(self, state: guarda.GameState) -> int | None:
        """``state.actor``."""
        return state.actor

    def is_over(self, state: guarda.GameState) -> bool:
        """``state.is_over``."""
        return state.is_over

    def scores(self, state: guarda.GameState) -> tuple[float, ...] | None:
        """1 for every winner (a whole winning team), 1/2 for a shared draw, 0 otherwise."""
        outcome = state.outcome
        if outcome is None:
            return None
        return tuple(
            1.0 if seat in outcome.winners else 0.5 if seat in outcome.drawn else 0.0
            for seat in range(state.config.players)
        )

    def turn(self, state: guarda.GameState) -> int:
        """``state.turns_ended``: the turns R27's limit counts."""
        return state.turns_ended

    def view(self, state: guarda.GameState, player: int | None) -> guarda.PlayerView:
        """[`guarda.view`][guarda.view]."""
        return guarda.view(state, player)

    def visible_events(
        self, events: Iterable[guarda.Event], player: int | None
    ) -> tuple[guarda.Event, ...]:
        """[`guarda.visible_events`][guarda.visible_events]."""
        return guarda.visible_events(events, player)

    def determinize(self, view: guarda.PlayerView, rng: random.Random) -> guarda.GameState:
        """[`guarda.determinize`][guarda.determinize]."""
        return guarda.determinize(view, rng)

    def dumps(self, value: Any) -> str:
        """[`guarda.dumps`][guarda.dumps] with the secrets a state holds."""
        return guarda.dumps(value, secrets=True)

    def loads(self, text: str | bytes) -> Any:
        """[`guarda.loads`][guarda.loads]."""
        return guarda.loads(text)

    def format_action(self, action: guarda.Action) -> str:
        """[`guarda.format_action`][guarda.format_action]."""
        return guarda.format_action(action)

    def parse_action(
        self, text: str, position: guarda.GameState | guarda.PlayerView
    ) -> guarda.Action:
        """[`guarda.parse_action`][guarda.parse_action] against the position's deck."""
        return guarda.parse_action(text, position.config)

    def describe_action(
        self, action: guarda.Action, position: guarda.GameState | guarda.PlayerView
    ) -> str:
        """[`guarda.describe_action`][guarda.describe_action]."""
        return guarda.describe_action(action, position)

    def describe_event(self, event: guarda.Event, names: Sequence[str]) -> str:
        """[`guarda.describe`][guarda.describe]: one line for an event.

        Raises:
            ArgumentError: If ``event`` is not one of Guarda's events or names a player
                ``names`` has not (``path="event"``), or ``names`` is not 2 to 8 names
                (``path="names"``).

        Examples:
            >>> import guarda
            >>> from guarda.games import GUARDA
            >>> GUARDA.describe_event(guarda.CardsDrawn(1, 2, None), ("You", "North"))
            'North drew 2 cards'
        """
        if not isinstance(event, guarda.Event):
            raise ArgumentError(f"not a Guarda event: {event!r}", path="event")
        names = seat_names(names, self.min_players, self.max_players, game="Guarda")
        if any(not 0 <= seat < len(names) for seat in _seats(event)):
            raise ArgumentError(
                f"not a Guarda event of {len(names)} players: {event!r}", path="event"
            )
        return guarda.describe(event, names)

    def action_space(self, config: guarda.Config) -> guarda.ActionIndex:
        """[`guarda.ActionIndex`][guarda.ActionIndex] of ``config``."""
        return guarda.ActionIndex(config)

    def svg(self, position: guarda.GameState | guarda.PlayerView) -> str:
        """[`guarda.render.svg`][guarda.render.svg]."""
        return render.svg(position)

    def text(self, position: guarda.GameState | guarda.PlayerView) -> str:
        """[`guarda.render.text`][guarda.render.text]."""
        return render.text(position)

    def record(
        self,
        config: guarda.Config,
        seed: int,
        actions: Iterable[guarda.Action] = (),
        *,
        salt: str = "",
        names: Iterable[str] = (),
    ) -> guarda.GameRecord:
        """A [`guarda.GameRecord`][guarda.GameRecord]."""
        return guarda.GameRecord(config, seed, tuple(actions), tuple(names), salt=salt)

    def replay(self, record: guarda.GameRecord) -> Iterator[guarda.GameState]:
        """[`guarda.replay`][guarda.replay]."""
        return guarda.replay(record)


GUARDA: Final = GuardaGame()
"""Guarda, the game this library is named for."""
