"""On Guard behind the game protocol: [`ON_GUARD`][guarda.games.on_guard.ON_GUARD].

Examples:
    >>> import random
    >>> from guarda.games.on_guard import ON_GUARD
    >>> state = ON_GUARD.new_game(ON_GUARD.make_config(2, {"jokers": "on"}), seed=5)
    >>> rng = random.Random(5)
    >>> while not ON_GUARD.is_over(state):
    ...     state, _ = ON_GUARD.apply(state, rng.choice(ON_GUARD.legal_actions(state)))
    >>> sorted(ON_GUARD.scores(state))
    [0.0, 1.0]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from guarda.errors import ArgumentError

from ._actions import Action, Add, Done
from ._cards import CARD_NAMES, CARDS, JACK, JOKER, KING, QUEEN
from ._config import TIERS, OnGuardConfig
from ._describe import describe_event
from ._determinize import determinize
from ._documents import dumps, loads
from ._events import Event
from ._heuristic import OnGuardHeuristic
from ._legal import legal_actions
from ._notation import format_action, parse_action
from ._pictures import svg, text
from ._records import OnGuardRecord, replay
from ._space import ActionSpace
from ._state import PHASES, OnGuardState
from ._transaction import apply, new_game
from ._views import OnGuardView, view, visible_events

__all__ = ["ON_GUARD", "OnGuardGame"]

_OPTIONS: Final[dict[str, str]] = {
    "tier": "the rules: mezzo (Mezzo tempo, default) or stesso (Stesso tempo, no techniques)",
    "jokers": "on or off (default): each player holds a Joker (Appel)",
}
_SWITCH: Final[dict[str, bool]] = {"on": True, "yes": True, "true": True, "off": False,
                                   "no": False, "false": False}  # fmt: skip
_TECHNIQUES: Final[dict[int, str]] = {
    JACK: "the Jack (Double)",
    QUEEN: "the Queen (Riposte)",
    KING: "the King (Increased tempo)",
    JOKER: "the Joker (Appel)",
}
_HITS_SCALE: Final = 60.0


def _check_position(position: object) -> OnGuardState | OnGuardView:
    if not isinstance(position, OnGuardState | OnGuardView):
        raise ArgumentError(f"not an On Guard state or view: {position!r}", path="position")
    return position


def _check_state(state: object) -> OnGuardState:
    if not isinstance(state, OnGuardState):
        raise ArgumentError(f"not an On Guard state: {state!r}", path="state")
    return state


def _check_config(config: object) -> OnGuardConfig:
    if not isinstance(config, OnGuardConfig):
        raise ArgumentError(f"not an On Guard configuration: {config!r}", path="config")
    return config


def _counts(cards: Iterable[int]) -> list[float]:
    counts = [0.0] * len(CARDS)
    for card in cards:
        counts[card - 1] += 0.5
    return counts


@attrs.frozen
class OnGuardGame:
    """On Guard's [`Game`][guarda.game.Game]; use [`ON_GUARD`][guarda.games.on_guard.ON_GUARD].

    It also satisfies [`Observable`][guarda.game.Observable],
    [`HasHeuristic`][guarda.game.HasHeuristic] and [`Narrated`][guarda.game.Narrated].

    Examples:
        >>> ON_GUARD.players(ON_GUARD.default_config()), ON_GUARD.title
        (2, 'On Guard')
    """

    name: str = "on-guard"
    """The name the CLI takes."""
    title: str = "On Guard"
    """The game's name for people."""
    min_players: int = 2
    """On Guard is a duel."""
    max_players: int = 2
    """On Guard is a duel."""

    # Configuration

    def default_config(self, players: int | None = None) -> OnGuardConfig:
        """Mezzo tempo without Jokers.

        Raises:
            ArgumentError: If ``players`` is not None or 2.

        Examples:
            >>> ON_GUARD.default_config()
            OnGuardConfig(tier='mezzo', jokers=False)
        """
        if players is not None and (type(players) is not int or players != 2):
            raise ArgumentError(f"On Guard is for 2 players, not {players!r}", path="players")
        return OnGuardConfig()

    def make_config(
        self, players: int | None = None, options: Mapping[str, str] | None = None
    ) -> OnGuardConfig:
        """A configuration from [`options`][guarda.games.on_guard.OnGuardGame.options] as text.

        Raises:
            ArgumentError: For an unknown option or a bad value.
            ConfigurationError: For a value the rules refuse (``tier=dui``, OG13; Jokers in
                Stesso tempo, OG12).

        Examples:
            >>> ON_GUARD.make_config(2, {"tier": "stesso"})
            OnGuardConfig(tier='stesso', jokers=False)
        """
        self.default_config(players)
        given = dict(options or {})
        for key, value in given.items():
            if key not in _OPTIONS:
                raise ArgumentError(
                    f"On Guard has no option {key!r} (options: {', '.join(_OPTIONS)})", path=key
                )
            if not isinstance(value, str):
                raise ArgumentError(f"option {key} must be text, not {value!r}", path=key)
        tier = given.get("tier", "mezzo")
        if tier not in (*TIERS, "dui"):
            raise ArgumentError(
                f"tier must be one of {', '.join(TIERS)}, not {tier!r}", path="tier"
            )
        jokers = given.get("jokers", "off").lower()
        if jokers not in _SWITCH:
            raise ArgumentError(f"jokers must be on or off, not {jokers!r}", path="jokers")
        return OnGuardConfig(tier=tier, jokers=_SWITCH[jokers])

    def options(self) -> Mapping[str, str]:
        """The options [`make_config`][guarda.games.on_guard.OnGuardGame.make_config] takes."""
        return dict(_OPTIONS)

    def is_config(self, value: object) -> bool:
        """Whether ``value`` is an [`OnGuardConfig`][guarda.games.on_guard.OnGuardConfig]."""
        return isinstance(value, OnGuardConfig)

    def players(self, config: OnGuardConfig) -> int:
        """Always 2."""
        return _check_config(config).players

    # Playing

    def new_game(self, config: OnGuardConfig, seed: int, *, salt: str = "") -> OnGuardState:
        """[`new_game`][guarda.games.on_guard.new_game]."""
        return new_game(config, seed, salt=salt)

    def legal_actions(self, state: OnGuardState) -> Sequence[Action]:
        """[`legal_actions`][guarda.games.on_guard.legal_actions]."""
        return legal_actions(_check_state(state))

    def apply(self, state: OnGuardState, action: Action) -> tuple[OnGuardState, tuple[Event, ...]]:
        """[`apply`][guarda.games.on_guard.apply]."""
        return apply(state, action)

    def actor(self, state: OnGuardState) -> int | None:
        """``state.actor``."""
        return _check_state(state).actor

    def is_over(self, state: OnGuardState) -> bool:
        """``state.is_over``."""
        return _check_state(state).is_over

    def scores(self, state: OnGuardState) -> tuple[float, ...] | None:
        """1 for the winner, 0 for the loser; None before the end (never a draw, OG16)."""
        winner = _check_state(state).winner
        if winner is None:
            return None
        return (1.0, 0.0) if winner == 0 else (0.0, 1.0)

    def turn(self, state: OnGuardState) -> int:
        """``state.turns``: the selections revealed so far."""
        return _check_state(state).turns

    # What players know

    def view(self, state: OnGuardState, player: int | None) -> OnGuardView:
        """[`view`][guarda.games.on_guard.view]."""
        return view(state, player)

    def visible_events(self, events: Iterable[Event], player: int | None) -> tuple[Event, ...]:
        """[`visible_events`][guarda.games.on_guard.visible_events]."""
        return visible_events(events, player)

    def determinize(self, view: OnGuardView, rng: random.Random) -> OnGuardState:
        """[`determinize`][guarda.games.on_guard.determinize]."""
        return determinize(view, rng)

    # Formats

    def dumps(self, value: Any) -> str:
        """[`dumps`][guarda.games.on_guard.dumps]."""
        return dumps(value)

    def loads(self, text: str | bytes) -> Any:
        """[`loads`][guarda.games.on_guard.loads]."""
        return loads(text)

    def format_action(self, action: Action) -> str:
        """[`format_action`][guarda.games.on_guard.format_action]."""
        return format_action(action)

    def parse_action(self, text: str, position: OnGuardState | OnGuardView) -> Action:
        """[`parse_action`][guarda.games.on_guard.parse_action] (the position is not needed)."""
        _check_position(position)
        return parse_action(text)

    def describe_action(self, action: Action, position: OnGuardState | OnGuardView) -> str:
        """A sentence saying what ``action`` does in ``position``.

        Examples:
            >>> from guarda.games.on_guard import Add
            >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
            >>> ON_GUARD.describe_action(Add(13), state)
            'add the King (Increased tempo) to your selection'
        """
        position = _check_position(position)
        if isinstance(action, Add):
            if action.card in _TECHNIQUES:
                return f"add {_TECHNIQUES[action.card]} to your selection"
            name = CARD_NAMES[action.card]
            if position.phase == "barrage":
                return f"play the {name} in the Barrage"
            if position.phase == "final":
                return f"add the {name} to your Final Attack"
            return f"add the {name} to your selection"
        if isinstance(action, Done):
            if position.phase == "final":
                actor = position.actor
                empty = actor is not None and not (
                    position.selections[actor]
                    if isinstance(position, OnGuardState)
                    else position.selection
                )
                return "decline the Final Attack" if empty else "make the Final Attack"
            return "close your selection"
        raise ArgumentError(f"not an On Guard action: {action!r}", path="action")

    def describe_event(self, event: Event, names: Sequence[str]) -> str:
        """[`describe_event`][guarda.games.on_guard.describe_event]: one line for an event.

        Examples:
            >>> from guarda.games.on_guard import SelectionMade
            >>> ON_GUARD.describe_event(SelectionMade(player=1), ("You", "Bot"))
            'Bot made a selection, face down'
        """
        return describe_event(event, names)

    def action_space(self, config: OnGuardConfig) -> ActionSpace:
        """The [`ActionSpace`][guarda.games.on_guard.ActionSpace] of ``config``."""
        return ActionSpace(config)

    def svg(self, position: OnGuardState | OnGuardView) -> str:
        """[`svg`][guarda.games.on_guard.svg]."""
        return svg(position)

    def text(self, position: OnGuardState | OnGuardView) -> str:
        """[`text`][guarda.games.on_guard.text]."""
        return text(position)

    # Records

    def record(
        self,
        config: OnGuardConfig,
        seed: int,
        actions: Iterable[Action] = (),
        *,
        salt: str = "",
        names: Iterable[str] = (),
    ) -> OnGuardRecord:
        """An [`OnGuardRecord`][guarda.games.on_guard.OnGuardRecord]."""
        return OnGuardRecord(config, seed, tuple(actions), salt, tuple(names))

    def replay(self, record: OnGuardRecord) -> Iterator[OnGuardState]:
        """[`replay`][guarda.games.on_guard.replay]."""
        return replay(record)

    # Learning agents and bots

    def observation_size(self, config: OnGuardConfig) -> int:
        """115 numbers for every configuration.

        Examples:
            >>> ON_GUARD.observation_size(ON_GUARD.default_config())
            115
        """
        _check_config(config)
        return 7 * len(CARDS) + 17

    def observe(self, view: OnGuardView) -> tuple[float, ...]:
        """The view as 115 numbers in [0, 1], from the viewer's side (seat 0's for a spectator).

        Card counts (halves: a hand holds at most two of a card) of the own hand, own
        selection, the opponent's unplayed cards, both discard piles and both last revealed
        selections; then chosen flags, the phase, who acts, hits, Barrage hits, odds, the
        turn, the seat and the options.

        Raises:
            ArgumentError: If ``view`` is not an On Guard view.

        Examples:
            >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
            >>> vector = ON_GUARD.observe(ON_GUARD.view(state, 0))
            >>> len(vector), min(vector) >= 0, max(vector) <= 1
            (115, True, True)
        """
        if not isinstance(view, OnGuardView):
            raise ArgumentError(f"not an On Guard view: {view!r}", path="view")
        me = 0 if view.player is None else view.player
        other = 1 - me
        vector = [
            *_counts(view.hand),
            *_counts(view.selection),
            *_counts(view.unplayed[other]),
            *_counts(view.discards[me]),
            *_counts(view.discards[other]),
            *_counts(view.revealed[me]),
            *_counts(view.revealed[other]),
            float(view.chosen[me]),
            float(view.chosen[other]),
            *(float(view.phase == phase) for phase in PHASES),
            float(view.actor == me),
            float(view.actor == other),
            min(view.hits[me] / _HITS_SCALE, 1.0),
            min(view.hits[other] / _HITS_SCALE, 1.0),
            view.barrage_hits[me] / 3,
            view.barrage_hits[other] / 3,
            float(view.odds == me),
            min(view.turns / 20, 1.0),
            float(me),
            float(view.config.techniques),
            float(view.config.jokers),
        ]
        return tuple(vector)

    def heuristic(self) -> OnGuardHeuristic:
        """A fresh [`OnGuardHeuristic`][guarda.games.on_guard.OnGuardHeuristic]."""
        return OnGuardHeuristic()


ON_GUARD: Final = OnGuardGame()
"""On Guard, the fencing card game, behind the [game protocol][guarda.game.Game]."""
