"""Garrison behind the game protocol: [`GARRISON`][guarda.games.garrison.GARRISON].

Examples:
    >>> from guarda.games.garrison import GARRISON
    >>> config = GARRISON.make_config(3, {"length": "long"})
    >>> config.target, GARRISON.players(config)
    (50, 3)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from guarda.errors import ArgumentError
from guarda.games.garrison._actions import GarrisonAction
from guarda.games.garrison._config import LENGTHS, GarrisonConfig
from guarda.games.garrison._deal import new_game
from guarda.games.garrison._describe import describe_action, describe_event
from guarda.games.garrison._determinize import determinize
from guarda.games.garrison._documents import dumps, loads
from guarda.games.garrison._events import GarrisonEvent
from guarda.games.garrison._heuristic import GarrisonHeuristic
from guarda.games.garrison._legal import legal_actions
from guarda.games.garrison._notation import format_action, parse_action
from guarda.games.garrison._observe import observation_size, observe
from guarda.games.garrison._pictures import svg, text
from guarda.games.garrison._records import GarrisonRecord, replay
from guarda.games.garrison._space import ActionSpace
from guarda.games.garrison._state import GarrisonState
from guarda.games.garrison._transaction import apply
from guarda.games.garrison._views import GarrisonView, view, visible_events

__all__ = ["GARRISON", "GarrisonGame"]

_OPTIONS: Final = {
    "length": "quick (default), medium or long: sets the target keep value",
    "turn_limit": "end the game as a draw after this many turns (GA20; default 300)",
}


def _state(state: object) -> GarrisonState:
    if not isinstance(state, GarrisonState):
        raise ArgumentError(f"not a Garrison state: {type(state).__name__}", path="state")
    return state


@attrs.frozen
class GarrisonGame:
    """The [`Game`][guarda.game.Game] of Garrison; use the instance
    [`GARRISON`][guarda.games.garrison.GARRISON].

    Also [`Observable`][guarda.game.Observable],
    [`HasHeuristic`][guarda.game.HasHeuristic] and [`Narrated`][guarda.game.Narrated].
    """

    name: str = "garrison"
    """The name the CLI takes."""
    title: str = "Garrison"
    """The game's name for people."""
    min_players: int = 2
    """The fewest players."""
    max_players: int = 6
    """The most players."""

    def default_config(self, players: int | None = None) -> GarrisonConfig:
        """A quick game for ``players`` players (None: 2).

        Raises:
            ConfigurationError: For a number of players outside 2 to 6.
        """
        return GarrisonConfig(players=2 if players is None else players)

    def make_config(
        self, players: int | None = None, options: Mapping[str, str] | None = None
    ) -> GarrisonConfig:
        """A configuration from options written as text (``length``, ``turn_limit``).

        Raises:
            ArgumentError: For an unknown option or a bad value.
            ConfigurationError: For a value the rules refuse.

        Examples:
            >>> GARRISON.make_config(2, {"turn_limit": "ten"})
            Traceback (most recent call last):
            ...
            guarda.errors.ArgumentError: turn_limit: option turn_limit must be an integer, ...
        """
        given = dict(options or {})
        unknown = sorted(set(given) - set(_OPTIONS))
        if unknown:
            raise ArgumentError(
                f"Garrison has no option {unknown[0]!r} (options: {', '.join(_OPTIONS)})",
                path=unknown[0],
            )
        length = given.get("length", "quick")
        if length not in LENGTHS:
            raise ArgumentError(
                f"length must be one of {', '.join(LENGTHS)}, not {length!r}", path="length"
            )
        limit = 300
        if "turn_limit" in given:
            try:
                limit = int(given["turn_limit"])
            except ValueError:
                raise ArgumentError(
                    f"option turn_limit must be an integer, not {given['turn_limit']!r}",
                    path="turn_limit",
                ) from None
        return GarrisonConfig(2 if players is None else players, length, limit)

    def options(self) -> Mapping[str, str]:
        """The options [`make_config`][guarda.games.garrison.GarrisonGame.make_config] takes."""
        return dict(_OPTIONS)

    def is_config(self, value: object) -> bool:
        """Whether ``value`` is a [`GarrisonConfig`][guarda.games.garrison.GarrisonConfig]."""
        return isinstance(value, GarrisonConfig)

    def players(self, config: GarrisonConfig) -> int:
        """``config.players``."""
        if not isinstance(config, GarrisonConfig):
            raise ArgumentError(f"not a Garrison configuration: {config!r}", path="config")
        return config.players

    def new_game(self, config: GarrisonConfig, seed: int, *, salt: str = "") -> GarrisonState:
        """[`new_game`][guarda.games.garrison.new_game]."""
        return new_game(config, seed, salt=salt)

    # The two calls of every step are the engine's own functions, which check their input,
    # not methods that forward to them: a playout saves a call per step and action.
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)

    def actor(self, state: GarrisonState) -> int | None:
        """``state.actor``."""
        return _state(state).actor

    def is_over(self, state: GarrisonState) -> bool:
        """``state.is_over``."""
        if not isinstance(state, GarrisonState):
            raise ArgumentError(f"not a Garrison state: {type(state).__name__}", path="state")
        return state.phase == "over"

    def scores(self, state: GarrisonState) -> tuple[float, ...] | None:
        """1 for the winner and 0 for the others; 1/2 each at the turn limit; None until over."""
        return _state(state).scores

    def values(self, state: GarrisonState) -> tuple[float, ...]:
        """How well each player stands (the [`HasValue`][guarda.game.HasValue] protocol):
        a finished game's scores, else for each player 1/2 plus half the lead of their
        keep's value over the best other keep's, as shares of the target (each capped at
        the target).

        Examples:
            >>> state = GARRISON.new_game(GARRISON.default_config(), seed=1)
            >>> [round(v, 3) for v in GARRISON.values(state)]
            [0.467, 0.533]
        """
        state = _state(state)
        if state.scores is not None:
            return state.scores
        target = state.config.target
        shares = [min(keep.value, target) / target for keep in state.keeps]
        return tuple(
            0.5 + (share - max(shares[:seat] + shares[seat + 1 :])) / 2
            for seat, share in enumerate(shares)
        )

    def turn(self, state: GarrisonState) -> int:
        """``state.turns``: the turns ended, which the turn limit counts."""
        return _state(state).turns

    def view(self, state: GarrisonState, player: int | None) -> GarrisonView:
        """[`view`][guarda.games.garrison.view]."""
        return view(state, player)

    def visible_events(
        self, events: Iterable[GarrisonEvent], player: int | None
    ) -> tuple[GarrisonEvent, ...]:
        """[`visible_events`][guarda.games.garrison.visible_events]."""
        return visible_events(events, player)

    def determinize(self, view: GarrisonView, rng: random.Random) -> GarrisonState:
        """[`determinize`][guarda.games.garrison.determinize]."""
        return determinize(view, rng)

    def dumps(self, value: Any) -> str:
        """[`dumps`][guarda.games.garrison.dumps]."""
        return dumps(value)

    def loads(self, text: str | bytes) -> Any:
        """[`loads`][guarda.games.garrison.loads]."""
        return loads(text)

    def format_action(self, action: GarrisonAction) -> str:
        """[`format_action`][guarda.games.garrison.format_action]."""
        return format_action(action)

    def parse_action(self, text: str, position: Any) -> GarrisonAction:
        """[`parse_action`][guarda.games.garrison.parse_action]."""
        return parse_action(text, position)

    def describe_action(self, action: GarrisonAction, position: Any) -> str:
        """[`describe_action`][guarda.games.garrison.describe_action]."""
        return describe_action(action, position)

    def describe_event(self, event: GarrisonEvent, names: Sequence[str]) -> str:
        """[`describe_event`][guarda.games.garrison.describe_event]: one line for an event.

        Examples:
            >>> from guarda.games.garrison import Passed
            >>> GARRISON.describe_event(Passed(0), ("You", "Player 1"))
            'You passed'
        """
        return describe_event(event, names)

    def action_space(self, config: GarrisonConfig) -> ActionSpace:
        """[`ActionSpace`][guarda.games.garrison.ActionSpace] of ``config``."""
        return ActionSpace(config)

    def svg(self, position: GarrisonState | GarrisonView) -> str:
        """[`svg`][guarda.games.garrison.svg]."""
        return svg(position)

    def text(self, position: GarrisonState | GarrisonView) -> str:
        """[`text`][guarda.games.garrison.text]."""
        return text(position)

    def record(
        self,
        config: GarrisonConfig,
        seed: int,
        actions: Iterable[GarrisonAction] = (),
        *,
        salt: str = "",
        names: Iterable[str] = (),
    ) -> GarrisonRecord:
        """A [`GarrisonRecord`][guarda.games.garrison.GarrisonRecord].

        Raises:
            ArgumentError: For a configuration, seed or salt of the wrong type.
        """
        if not isinstance(config, GarrisonConfig):
            raise ArgumentError(f"not a Garrison configuration: {config!r}", path="config")
        if type(seed) is not int:
            raise ArgumentError(f"seed must be an integer, not {seed!r}", path="seed")
        if not isinstance(salt, str):
            raise ArgumentError(f"salt must be a string, not {salt!r}", path="salt")
        return GarrisonRecord(config, seed, tuple(actions), salt, tuple(names))

    def replay(self, record: GarrisonRecord) -> Iterator[GarrisonState]:
        """[`replay`][guarda.games.garrison.replay]."""
        return replay(record)

    def observation_size(self, config: GarrisonConfig) -> int:
        """[`observation_size`][guarda.games.garrison.observation_size]."""
        return observation_size(config)

    def observe(self, view: GarrisonView) -> tuple[float, ...]:
        """[`observe`][guarda.games.garrison.observe]."""
        return observe(view)

    def heuristic(self) -> GarrisonHeuristic:
        """A fresh [`GarrisonHeuristic`][guarda.games.garrison.GarrisonHeuristic]."""
        return GarrisonHeuristic()


GARRISON: Final = GarrisonGame()
"""Garrison, the castle-building card game, behind the game protocol."""
