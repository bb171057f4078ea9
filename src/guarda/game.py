"""The game protocol: the one interface every game in guarda satisfies.

guarda holds more than one game. Guarda itself, On Guard and Garrison each keep their own
rules, states, actions and events, but each is also reachable through one object, a
[`Game`][guarda.game.Game], so the layers above the rules (bots, the arena, statistics,
the CLI, the PettingZoo and OpenSpiel adapters) are written once for every game.

A game object is stateless: every method takes the values it works on and returns new
ones. States, views, actions and events are the game's own frozen, hashable values. What
the generic layers may rely on about them is written here, in the protocol, and nowhere
else:

- a *position* is a state or a view;
- a view has ``player`` (the viewer, or None for a spectator), ``actor`` (who must
  decide, or None) and ``legal_actions`` (the viewer's legal actions, in the game's fixed
  order; empty unless the viewer decides);
- [`legal_actions`][guarda.game.Game.legal_actions] lists every legal action of the
  player who decides, always in the same order for the same state, so a seeded random
  choice replays;
- every game is sequential: simultaneous choices (On Guard's secret selections) are
  made one after the other by the engine, and each view shows only that the other
  player has chosen;
- [`scores`][guarda.game.Game.scores] of a finished game gives each player 1 for a win,
  1/2 for a shared draw and 0 for a loss (the arena and the search read nothing else).

The registry of the games that ship with guarda is [`guarda.games`][guarda.games]; a game
written elsewhere only has to satisfy this protocol to be played by the same bots.

Four optional protocols add what a layer uses when a game has it, checked with
``isinstance``: [`Observable`][guarda.game.Observable] (views as vectors of numbers, for
learning agents), [`HasHeuristic`][guarda.game.HasHeuristic] (a simple player, for bots
to play against and search with), [`HasValue`][guarda.game.HasValue] (a judge of
unfinished positions, for searches that stop early) and
[`Narrated`][guarda.game.Narrated] (each event in words, for the CLI's play loop and
replay).

Examples:
    >>> import random
    >>> from guarda.games import get_game
    >>> game = get_game("guarda")
    >>> state = game.new_game(game.default_config(players=2), seed=7)
    >>> rng = random.Random(7)
    >>> while not game.is_over(state):
    ...     state, events = game.apply(state, rng.choice(game.legal_actions(state)))
    >>> sum(game.scores(state))
    1.0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from guarda.errors import ArgumentError

__all__ = [
    "ActionSpace",
    "Game",
    "GameView",
    "HasHeuristic",
    "HasValue",
    "Narrated",
    "Observable",
    "seat_names",
]


@runtime_checkable
class GameView(Protocol):
    """What every game's view has: who looks, who decides, and what the viewer may do.

    Examples:
        >>> import guarda
        >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=1), 0)
        >>> isinstance(view, GameView)
        True
    """

    @property
    def player(self) -> int | None:
        """The viewer, or None for a spectator."""
        ...  # pragma: no cover - protocol

    @property
    def actor(self) -> int | None:
        """The player who must decide, or None when the game is over."""
        ...  # pragma: no cover - protocol

    @property
    def legal_actions(self) -> Sequence[Any]:
        """The viewer's legal actions in the game's fixed order; empty unless they decide."""
        ...  # pragma: no cover - protocol


@runtime_checkable
class ActionSpace(Protocol):
    """A fixed numbering of every action a configuration can ever allow, for learning agents.

    Examples:
        >>> import guarda
        >>> index = guarda.ActionIndex(guarda.modern(players=2))
        >>> isinstance(index, ActionSpace)
        True
    """

    @property
    def size(self) -> int:
        """How many numbers there are: every index is in ``range(size)``."""
        ...  # pragma: no cover - protocol

    def index_of(self, action: Any) -> int:
        """The number of ``action``."""
        ...  # pragma: no cover - protocol

    def action_at(self, index: int) -> Any:
        """The action numbered ``index``."""
        ...  # pragma: no cover - protocol

    def legal_indices(self, position: Any) -> tuple[int, ...]:
        """The numbers of the legal actions of a state or view, ascending."""
        ...  # pragma: no cover - protocol


@runtime_checkable
class Game(Protocol):
    """A game's rules behind one interface (see the module's docs for the contract).

    Type parameters are left to each game: a method documented to take a state takes that
    game's state class, and so on. Every method validates its input and raises a
    [`GuardaError`][guarda.GuardaError] subclass naming the field on bad input.

    Examples:
        >>> from guarda.games import get_game
        >>> isinstance(get_game("guarda"), Game)
        True
    """

    @property
    def name(self) -> str:
        """The game's short name, as the CLI takes it: ``"guarda"``, ``"on-guard"``, ..."""
        ...  # pragma: no cover - protocol

    @property
    def title(self) -> str:
        """The game's name for people: ``"Guarda"``, ``"On Guard"``, ..."""
        ...  # pragma: no cover - protocol

    @property
    def min_players(self) -> int:
        """The fewest players any configuration seats."""
        ...  # pragma: no cover - protocol

    @property
    def max_players(self) -> int:
        """The most players any configuration seats."""
        ...  # pragma: no cover - protocol

    # Configuration

    def default_config(self, players: int | None = None) -> Any:
        """The standard configuration for ``players`` players (None: the game's usual number)."""
        ...  # pragma: no cover - protocol

    def make_config(
        self, players: int | None = None, options: Mapping[str, str] | None = None
    ) -> Any:
        """A configuration from options written as text, as the CLI passes them.

        ``options`` maps names of [`options`][guarda.game.Game.options] to values; an
        unknown name or a bad value raises [`ArgumentError`][guarda.ArgumentError].
        """
        ...  # pragma: no cover - protocol

    def options(self) -> Mapping[str, str]:
        """Each option [`make_config`][guarda.game.Game.make_config] takes, with its help text."""
        ...  # pragma: no cover - protocol

    def is_config(self, value: object) -> bool:
        """Whether ``value`` is a configuration of this game."""
        ...  # pragma: no cover - protocol

    def players(self, config: Any) -> int:
        """How many players ``config`` seats."""
        ...  # pragma: no cover - protocol

    # Playing

    def new_game(self, config: Any, seed: int, *, salt: str = "") -> Any:
        """The first state: every shuffle decided by ``seed`` and ``salt``."""
        ...  # pragma: no cover - protocol

    def legal_actions(self, state: Any) -> Sequence[Any]:
        """Every legal action of the player who decides, in a fixed order."""
        ...  # pragma: no cover - protocol

    def apply(self, state: Any, action: Any) -> tuple[Any, tuple[Any, ...]]:
        """The state after ``action`` and the events it caused; an illegal action raises."""
        ...  # pragma: no cover - protocol

    def actor(self, state: Any) -> int | None:
        """The player who must decide, or None when the game is over."""
        ...  # pragma: no cover - protocol

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""
        ...  # pragma: no cover - protocol

    def scores(self, state: Any) -> tuple[float, ...] | None:
        """Each player's score of a finished game (1 win, 1/2 draw, 0 loss), else None."""
        ...  # pragma: no cover - protocol

    def turn(self, state: Any) -> int:
        """How many turns the game has had: the measure a turn limit counts."""
        ...  # pragma: no cover - protocol

    # What players know

    def view(self, state: Any, player: int | None) -> GameView:
        """What ``player`` (None: a spectator) may know of ``state``, and nothing more."""
        ...  # pragma: no cover - protocol

    def visible_events(self, events: Iterable[Any], player: int | None) -> tuple[Any, ...]:
        """The events as ``player`` may see them: other players' secrets redacted."""
        ...  # pragma: no cover - protocol

    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A full state consistent with ``view``, hidden information sampled with ``rng``.

        ``view(determinize(v, rng), v.player) == v`` holds for every view ``v``.
        """
        ...  # pragma: no cover - protocol

    # Formats

    def dumps(self, value: Any) -> str:
        """The versioned JSON document of a configuration, state, view, action or record."""
        ...  # pragma: no cover - protocol

    def loads(self, text: str | bytes) -> Any:
        """The value of a document written by [`dumps`][guarda.game.Game.dumps]."""
        ...  # pragma: no cover - protocol

    def format_action(self, action: Any) -> str:
        """The action in the game's notation."""
        ...  # pragma: no cover - protocol

    def parse_action(self, text: str, position: Any) -> Any:
        """The action written ``text`` in a position; malformed text raises."""
        ...  # pragma: no cover - protocol

    def describe_action(self, action: Any, position: Any) -> str:
        """A sentence in plain English saying what ``action`` does in ``position``."""
        ...  # pragma: no cover - protocol

    def action_space(self, config: Any) -> ActionSpace:
        """The fixed numbering of every action ``config`` can allow."""
        ...  # pragma: no cover - protocol

    def svg(self, position: Any) -> str:
        """An SVG picture of a state or view."""
        ...  # pragma: no cover - protocol

    def text(self, position: Any) -> str:
        """A plain-text picture of a state or view, for terminals."""
        ...  # pragma: no cover - protocol

    # Records

    def record(
        self,
        config: Any,
        seed: int,
        actions: Iterable[Any] = (),
        *,
        salt: str = "",
        names: Iterable[str] = (),
    ) -> Any:
        """A replayable record of a game: configuration, seed, salt, actions, names."""
        ...  # pragma: no cover - protocol

    def replay(self, record: Any) -> Iterator[Any]:
        """Every state of a recorded game, the first state first."""
        ...  # pragma: no cover - protocol


@runtime_checkable
class Observable(Protocol):
    """A game that encodes views as flat vectors of numbers, for learning agents.

    Guarda's encoder needs numpy and lives in [`guarda.rl`][guarda.rl]; the other games
    encode their views themselves with this protocol.
    """

    def observation_size(self, config: Any) -> int:
        """The length of every vector [`observe`][guarda.game.Observable.observe] returns."""
        ...  # pragma: no cover - protocol

    def observe(self, view: Any) -> tuple[float, ...]:
        """The view as numbers in [0, 1], ``observation_size`` of them."""
        ...  # pragma: no cover - protocol


@runtime_checkable
class HasHeuristic(Protocol):
    """A game that ships a simple heuristic player, for bots to play against and search with.

    The agent it returns follows the agents' protocol of [`guarda.bots`][guarda.bots]: a
    ``name`` and ``act(view, rng)`` returning one of ``view.legal_actions``. Search bots
    may use it as their rollout policy. (Guarda's heuristic, `GreedyBot`, lives in
    [`guarda.bots`][guarda.bots] itself.)
    """

    def heuristic(self) -> Any:
        """A fresh heuristic agent for this game."""
        ...  # pragma: no cover - protocol


@runtime_checkable
class Narrated(Protocol):
    """A game that puts each of its events in words, for the people who play or watch it.

    The CLI's play loop and replay print every event a player sees with it (a game that
    is not `Narrated` shows only who decided). Every game of [`guarda.games`][guarda.games]
    is `Narrated`.

    Examples:
        >>> from guarda.games import get_game
        >>> isinstance(get_game("garrison"), Narrated)
        True
    """

    def describe_event(self, event: Any, names: Sequence[str]) -> str:
        """One line of plain English for ``event``, naming player ``i`` ``names[i]``.

        ``event`` is described as it is given: pass the events a player may see
        ([`visible_events`][guarda.game.Game.visible_events]) and the line tells nothing
        that player may not know (another player's hidden card stays hidden). A value that
        is not one of the game's events, or ``names`` not naming every seat, raises
        [`ArgumentError`][guarda.ArgumentError] (``path="event"``, ``path="names"``).
        """


@runtime_checkable
class HasValue(Protocol):
    """A game that can judge an unfinished position, for searches that stop early.

    [`ISMCTSBot`][guarda.bots.ISMCTSBot] scores a rollout it cuts off (its ``cutoff``)
    with this value instead of a draw for everybody.
    """

    def values(self, state: Any) -> tuple[float, ...]:
        """How well each player stands in ``state``, in [0, 1], as a score would (1 a
        sure win, 1/2 even, 0 a sure loss); a finished game's values are its scores."""
        ...  # pragma: no cover - protocol


def seat_names(names: object, fewest: int, most: int, *, game: str) -> tuple[str, ...]:
    """Check the players' ``names`` given to a [`Narrated`][guarda.game.Narrated] game.

    Args:
        names: One name per seat, a sequence of strings.
        fewest: The fewest seats the game has.
        most: The most seats the game has.
        game: The game's title, for the error message.

    Returns:
        The names, as a tuple.

    Raises:
        ArgumentError: If ``names`` is not a sequence of strings, or names fewer or more
            seats than the game has (``path="names"``).

    Examples:
        >>> seat_names(["Ann", "Bo"], 2, 6, game="Garrison")
        ('Ann', 'Bo')
        >>> seat_names(["Ann"], 2, 2, game="On Guard")
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: names: On Guard seats 2 players: names must name 2, not 1
    """
    if (
        isinstance(names, str | bytes)
        or not isinstance(names, Sequence)
        or not all(isinstance(name, str) for name in names)
    ):
        raise ArgumentError(f"names must be a sequence of str, not {names!r}", path="names")
    if not fewest <= len(names) <= most:
        seats = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        raise ArgumentError(
            f"{game} seats {seats} players: names must name {seats}, not {len(names)}",
            path="names",
        )
    return tuple(names)
