"""Any game of guarda's protocol as an OpenSpiel game: registration, the game, its states.

[`register`][guarda.openspiel.register] makes OpenSpiel know a
[`Game`][guarda.game.Game]; [`ProtocolGame`][guarda.openspiel.ProtocolGame] explains how
its chance, decisions, returns and length appear to OpenSpiel.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any, Final

import pyspiel

from guarda.errors import (
    ActionSpaceError,
    ArgumentError,
    ConfigurationError,
    IllegalActionError,
)
from guarda.game import ActionSpace, Game, GameView, Observable
from guarda.games import GUARDA, get_game
from guarda.openspiel._game import CHANCE_OUTCOMES, GAME_NAME, SEED_BYTES
from guarda.openspiel._protocol_observer import ProtocolObserver

__all__ = [
    "MAX_GAME_LENGTH",
    "ProtocolGame",
    "ProtocolState",
    "encode_options",
    "register",
    "registered",
]

MAX_GAME_LENGTH: Final = 1000
"""The default of the ``max_game_length`` parameter: decisions before a game is a draw."""

_BUILT_IN: Final = ("players", "max_game_length")

_NAME: Final = re.compile(r"[a-z][a-z0-9_]*")

_REGISTERED: dict[str, Game] = {}
"""The games this module registered with OpenSpiel, by short name."""


def _options(text: object) -> dict[str, str]:
    """The options of an ``options`` parameter: ``"name:value;name:value"``."""
    if not isinstance(text, str):
        raise ConfigurationError(
            f"options must be text like 'name:value;name:value', not {text!r}", path="options"
        )
    options: dict[str, str] = {}
    for item in filter(None, text.split(";")):
        name, colon, value = item.partition(":")
        if not colon or not name.strip():
            raise ConfigurationError(
                f"an option is written name:value, not {item!r}", path="options"
            )
        options[name.strip()] = value.strip()
    return options


def encode_options(options: Mapping[str, str]) -> str:
    """The ``options`` game parameter of a mapping of options, as ``make_config`` takes them.

    OpenSpiel reads a number in a game string as a number, so the options of a game
    travel in one text parameter, ``"name:value;name:value"``, which stays text.

    Args:
        options: Option names and their values, as text.

    Returns:
        The parameter's text.

    Raises:
        ArgumentError: If a name or value is not text, or holds ``:`` ``;`` ``,`` ``=``
            or a parenthesis (which game strings or this form cannot hold).

    Examples:
        >>> encode_options({"edition": "grda", "turn_limit": "8"})
        'edition:grda;turn_limit:8'
    """
    if not isinstance(options, Mapping):
        raise ArgumentError(f"options must be a mapping, not {options!r}", path="options")
    items = []
    for name, value in options.items():
        for part in (name, value):
            if not isinstance(part, str) or any(mark in part for mark in ":;,=()"):
                raise ArgumentError(
                    f"option {name!r}: names and values are text without : ; , = ( ), "
                    f"not {part!r}",
                    path=f"options.{name}",
                )
        items.append(f"{name}:{value}")
    return ";".join(items)


def _integer(parameters: Mapping[str, object], name: str, least: int) -> int:
    value = parameters[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigurationError(
            f"{name} must be an integer of at least {least}, not {value!r}", path=name
        )
    return value


def _specification(game: Game) -> dict[str, Any]:
    """The game parameters and their defaults."""
    return {
        "players": game.players(game.default_config()),
        "options": "",
        "max_game_length": MAX_GAME_LENGTH,
    }


def _game_type(game: Game, name: str, utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=name,
        long_name=game.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=isinstance(game, Observable),
        parameter_specification=_specification(game),
    )


def register(game: Game | str, *, name: str | None = None) -> str:
    """Register a game with OpenSpiel; the short name ``pyspiel.load_game`` takes.

    The short name is the game's [`name`][guarda.game.Game.name] with ``-`` written
    ``_`` (``"on-guard"`` is ``"on_guard"``), or ``name``. Registering the same game
    under the same name again does nothing. Guarda itself, without ``name``, is the
    dedicated game [`GAME_NAME`][guarda.openspiel.GAME_NAME] (``"guarda"``), registered
    when the package is imported; every game of [`GAMES`][guarda.games.GAMES] is too.

    Args:
        game: A [`Game`][guarda.game.Game], or the name of one in
            [`GAMES`][guarda.games.GAMES].
        name: The short name (lowercase letters, digits and ``_``, a letter first).

    Returns:
        The short name.

    Raises:
        ArgumentError: If the game is unknown, or the name malformed or taken by another
            game.

    Examples:
        >>> import pyspiel
        >>> from guarda.games import GUARDA
        >>> register(GUARDA)
        'guarda'
        >>> register(GUARDA, name="guarda_generic")
        'guarda_generic'
        >>> game = pyspiel.load_game("guarda_generic", {"options": "edition:grda;turn_limit:8"})
        >>> game.num_distinct_actions(), game.max_game_length()
        (2562, 1000)
    """
    found = get_game(game)
    if name is None and found is GUARDA:
        return GAME_NAME
    short = found.name.replace("-", "_") if name is None else name
    if not isinstance(short, str) or not _NAME.fullmatch(short):
        raise ArgumentError(
            f"a short name is lowercase letters, digits and _, a letter first, not {short!r}",
            path="name",
        )
    if short in _REGISTERED:
        if _REGISTERED[short] == found:
            return short
        raise ArgumentError(
            f"{short!r} is taken by {_REGISTERED[short].title}: give another name", path="name"
        )
    if short in {registered.short_name for registered in pyspiel.registered_games()}:
        raise ArgumentError(f"OpenSpiel already has a game called {short!r}", path="name")
    kind = _game_type(found, short, pyspiel.GameType.Utility.GENERAL_SUM)
    pyspiel.register_game(kind, _creator(found, short))
    _REGISTERED[short] = found
    return short


def registered() -> dict[str, Game]:
    """The games [`register`][guarda.openspiel.register] registered, by short name.

    Examples:
        >>> from guarda.games import GAMES
        >>> all(game in registered().values() for name, game in GAMES.items() if name != "guarda")
        True
    """
    return dict(_REGISTERED)


class ProtocolGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """Any game of guarda's protocol in OpenSpiel: made by ``pyspiel.load_game(name, ...)``
    once [`register`][guarda.openspiel.register] gave it a name.

    **Parameters.** ``players`` (the game's usual number by default), ``options`` (the
    game's [`options`][guarda.game.Game.options] as ``"name:value;name:value"``, see
    [`encode_options`][guarda.openspiel.encode_options]; empty by default) and
    ``max_game_length`` (below). The configuration is
    ``game.make_config(players, options)``.

    **Chance.** As in Guarda's own OpenSpiel game, every deal comes from a 64-bit seed:
    the game opens with **eight explicit chance nodes**, each drawing one byte of the
    seed uniformly (256 outcomes), then deals with
    [`new_game(config, seed)`][guarda.game.Game.new_game]; every later step is a
    player's decision. No player observes the seed bytes. States follow from their
    history, so they clone and replay exactly.

    **Decisions.** ``current_player()`` is the game's
    [`actor`][guarda.game.Game.actor], whoever must decide now, in turn or out of it.
    Action ids are the numbers of the game's
    [`action_space`][guarda.game.Game.action_space] (the same numbers as in
    ``guarda.rl``); ``num_distinct_actions`` is its size.

    **Returns.** At the end each player gets ``2 * score - 1`` of the game's
    [`scores`][guarda.game.Game.scores]: 1 for a win, 0 for a shared draw, -1 for a loss.
    Two players make a zero-sum game (their scores add up to 1), more a general-sum one.

    **Length.** OpenSpiel needs a longest game, and the protocol bounds no game's
    length, so a game that has not ended after ``max_game_length`` decisions (1000 by
    default) ends there as a draw for everyone (all returns 0). Set it above the game's
    own longest game to keep the rules unchanged, or use a configuration's own turn
    limit where the game has one.

    **Serialization.** OpenSpiel serializes a Python state by pickling it; a state
    pickles as the game's own document of the current position,
    [`dumps`][guarda.game.Game.dumps], read back with
    [`loads`][guarda.game.Game.loads], with the seed bytes and the players' past
    observations.

    Args:
        game: The game.
        name: Its short name in OpenSpiel.
        params: Game parameters (missing ones take their defaults).

    Raises:
        ConfigurationError: If ``players`` or ``max_game_length`` is not a positive
            integer.
        ArgumentError: If the game refuses the options (its own error, naming the option).

    Examples:
        >>> import pyspiel
        >>> from guarda.games import GUARDA
        >>> from guarda.openspiel import register
        >>> name = register(GUARDA, name="guarda_generic")  # Guarda through the protocol
        >>> game = pyspiel.load_game(name, {"options": "edition:grda;turn_limit:8"})
        >>> game.config.turn_limit, game.num_players(), game.get_type().utility.name
        (8, 2, 'ZERO_SUM')
    """

    def __init__(self, game: Game, name: str, params: Mapping[str, Any] | None = None) -> None:
        parameters = {**_specification(game), **(params or {})}
        players = _integer(parameters, "players", 1)
        length = _integer(parameters, "max_game_length", 1)
        config = game.make_config(players, _options(parameters["options"]))
        players = game.players(config)
        space = game.action_space(config)
        zero_sum = players == 2
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=length,
        )
        super().__init__(_game_type(game, name, utility), info, parameters)
        self._game = game
        self._name = name
        self._config = config
        self._space = space
        self._length = length

    @property
    def game(self) -> Game:
        """The game, guarda's protocol."""
        return self._game

    @property
    def config(self) -> Any:
        """The game's configuration."""
        return self._config

    @property
    def action_index(self) -> ActionSpace:
        """The action ids: the game's [`action_space`][guarda.game.Game.action_space]."""
        return self._space

    def new_initial_state(self) -> ProtocolState:
        """The first state: the first chance node of the seed."""
        return ProtocolState(self)

    def make_py_observer(
        self, iig_obs_type: Any | None = None, params: dict[str, Any] | None = None
    ) -> ProtocolObserver:
        """An observer for OpenSpiel (see
        [`ProtocolObserver`][guarda.openspiel.ProtocolObserver])."""
        return ProtocolObserver(self._game, self._config, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """Chance nodes in any history: the seed's bytes."""
        return SEED_BYTES


def _restore(
    name: str,
    players: int,
    seed: tuple[int, ...],
    document: str | None,
    moves: int,
    texts: dict[int | None, str] | None,
) -> _Board:
    """A board read back from its pickle: the position from the game's own document."""
    game = _REGISTERED.get(name)
    if game is None:
        raise ArgumentError(f"no game registered as {name!r} in this process", path="name")
    position = None if document is None else game.loads(document)
    return _Board(name, game, players, seed, position, moves=moves, texts=texts)


def _creator(game: Game, name: str) -> type[ProtocolGame]:
    """The class OpenSpiel makes the games of ``name`` with: ``creator(params)``.

    A class, not a closure or a ``functools.partial``: OpenSpiel's registry keeps its
    creator until the process exits, after the interpreter has stopped, and a creator
    freed then aborts the process; a class lives on in its own reference cycle.
    """

    class Registered(ProtocolGame):
        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            super().__init__(game, name, params)

    Registered.__name__ = Registered.__qualname__ = f"ProtocolGame_{name}"
    Registered.__doc__ = f"{game.title} in OpenSpiel, registered as {name!r}."
    return Registered


class _Board:
    """The immutable part of a state: the seed bytes, the position, how it came about.

    OpenSpiel clones a Python state by deep-copying its attributes; a board is a value
    (its caches only grow), so its copy is itself. ``parent`` and ``events`` link every
    position to the one before and the events between, from which a player's past
    observations are written (and kept in ``texts``) only when asked for.
    """

    __slots__ = (
        "events",
        "game",
        "legal",
        "moves",
        "name",
        "parent",
        "players",
        "position",
        "seed",
        "texts",
    )

    def __init__(
        self,
        name: str,
        game: Game,
        players: int,
        seed: tuple[int, ...],
        position: Any,
        *,
        parent: _Board | None = None,
        events: tuple[Any, ...] = (),
        moves: int = 0,
        texts: dict[int | None, str] | None = None,
    ) -> None:
        self.name = name
        self.game = game
        self.players = players
        self.seed = seed
        self.position = position
        self.parent = parent
        self.events = events
        self.moves = moves
        """Decisions made since the deal."""
        self.legal: tuple[int, ...] | None = None
        self.texts: dict[int | None, str] = {} if texts is None else texts

    def __deepcopy__(self, memo: dict[int, object]) -> _Board:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        document = None if self.position is None else self.game.dumps(self.position)
        texts = None
        if self.position is not None:
            texts = {viewer: self.text(viewer) for viewer in [None, *range(self.players)]}
        return _restore, (self.name, self.players, self.seed, document, self.moves, texts)

    def text(self, viewer: int | None) -> str:
        """The viewer's view at the deal, then every event they saw, one per line."""
        known = self.texts.get(viewer)
        if known is not None:
            return known
        chain: list[_Board] = []
        board: _Board | None = self
        while board is not None and viewer not in board.texts:
            chain.append(board)
            board = board.parent
        if board is None:  # the deal: the first board of the chain
            first = chain.pop()
            text = f"deal: {self.game.view(first.position, viewer)!r}"
            first.texts[viewer] = text
        else:
            text = board.texts[viewer]
        lines = [text]
        for step in reversed(chain):
            lines.extend(repr(event) for event in self.game.visible_events(step.events, viewer))
        text = "\n".join(lines)
        self.texts[viewer] = text
        return text


class ProtocolState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """A state of a [`ProtocolGame`][guarda.openspiel.ProtocolGame]: the seed's chance
    nodes, then the game.

    Besides OpenSpiel's methods, it shows the game's state inside
    ([`game_state`][guarda.openspiel.ProtocolState.game_state]), what one player may know
    of it ([`view`][guarda.openspiel.ProtocolState.view]), and samples states a player
    cannot tell from it ([`resample`][guarda.openspiel.ProtocolState.resample]).

    Examples:
        >>> import pyspiel
        >>> from guarda.games import GUARDA
        >>> from guarda.openspiel import register
        >>> name = register(GUARDA, name="guarda_generic")
        >>> game = pyspiel.load_game(name, {"options": "edition:grda"})
        >>> state = game.new_initial_state()
        >>> state.is_chance_node(), len(state.chance_outcomes())
        (True, 256)
        >>> for byte in range(8):
        ...     state.apply_action(byte)
        >>> state.current_player(), state.action_to_string(state.legal_actions()[0])
        (0, 'place a2')
    """

    def __init__(self, game: ProtocolGame) -> None:
        super().__init__(game)
        self._game = game.game
        self._config = game.config
        self._space = game.action_index
        self._length = game.max_game_length()
        self._board = _Board(game.get_type().short_name, game.game, game.num_players(), (), None)

    @property
    def game_state(self) -> Any:
        """The game's state; None until the seed is dealt.

        It holds every player's secrets: show a player only their
        [`view`][guarda.openspiel.ProtocolState.view].
        """
        return self._board.position

    @property
    def action_index(self) -> ActionSpace:
        """The action ids: the game's [`action_space`][guarda.game.Game.action_space]."""
        return self._space

    @property
    def seed_bytes_drawn(self) -> int:
        """How many of the seed's chance nodes are behind (8 once dealt)."""
        return len(self._board.seed)

    @property
    def truncated(self) -> bool:
        """Whether the game ended at ``max_game_length`` decisions, unfinished (a draw)."""
        board = self._board
        return (
            board.position is not None
            and board.moves >= self._length
            and not self._game.is_over(board.position)
        )

    def view(self, player: int | None) -> GameView:
        """What ``player`` (None: a spectator) may know: the game's
        [`view`][guarda.game.Game.view].

        Raises:
            ArgumentError: If the seed is not dealt yet.
        """
        position = self._board.position
        if position is None:
            raise ArgumentError("the cards are not dealt yet: this is a chance node", path="state")
        return self._game.view(position, player)

    def history_text(self, player: int | None) -> str:
        """What ``player`` saw so far: their view at the deal, then every event as
        [`visible_events`][guarda.game.Game.visible_events] showed it, one per line.

        Raises:
            ArgumentError: If the seed is not dealt yet.
        """
        if self._board.position is None:
            raise ArgumentError("the cards are not dealt yet: this is a chance node", path="state")
        return self._board.text(player)

    # -- OpenSpiel's state API ---------------------------------------------------------

    def current_player(self) -> int:
        """Whoever must decide now; ``CHANCE`` before the deal, ``TERMINAL`` at the end."""
        position = self._board.position
        if position is None:
            return int(pyspiel.PlayerId.CHANCE)
        actor = self._game.actor(position)
        if actor is None or self.truncated:
            return int(pyspiel.PlayerId.TERMINAL)
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        board = self._board
        if board.legal is None:
            board.legal = tuple(sorted(self._space.legal_indices(board.position)))
        return list(board.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next seed byte: 256 outcomes, each with probability 1/256."""
        if self._board.position is not None:
            raise ArgumentError("not a chance node: the seed is dealt", path="state")
        return [(byte, 1.0 / CHANCE_OUTCOMES) for byte in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        board = self._board
        if board.position is None:
            if isinstance(action, bool) or not 0 <= action < CHANCE_OUTCOMES:
                raise ArgumentError(f"a seed byte is 0 to 255, not {action!r}", path="action")
            seed = (*board.seed, int(action))
            position = None
            if len(seed) == SEED_BYTES:
                position = self._game.new_game(self._config, int.from_bytes(bytes(seed)))
            self._board = _Board(board.name, self._game, board.players, seed, position)
            return
        if isinstance(action, bool) or not 0 <= action < self._space.size:
            raise ActionSpaceError(
                f"action {action!r} is outside 0..{self._space.size - 1}", path="action"
            )
        if action not in self._legal_actions(self.current_player()):
            raise IllegalActionError(f"action {action} is not legal now", path="action")
        played, events = self._game.apply(board.position, self._space.action_at(action))
        self._board = _Board(
            board.name,
            self._game,
            board.players,
            board.seed,
            played,
            parent=board,
            events=tuple(events),
            moves=board.moves + 1,
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return self._game.format_action(self._space.action_at(action))

    def is_terminal(self) -> bool:
        """Whether the game is over, or ended at ``max_game_length`` decisions."""
        position = self._board.position
        return position is not None and (self._game.is_over(position) or self.truncated)

    def returns(self) -> list[float]:
        """1 for a win, 0 for a shared draw (or a truncated game), -1 for a loss; 0 for
        all until the end."""
        position = self._board.position
        players = self.num_players()
        if position is None:
            return [0.0] * players
        scores = self._game.scores(position)
        if scores is None:
            return [0.0] * players
        return [2.0 * float(score) - 1.0 for score in scores]

    def rewards(self) -> list[float]:
        """The returns at the end (the only rewards), else 0 for all."""
        return self.returns()

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Refused: the game declares no information state tensor.

        Raises:
            pyspiel.SpielError: Always.
        """
        raise pyspiel.SpielError(
            f"{self._game.name} provides no information state tensor "
            "(provides_information_state_tensor=False): use information_state_string() "
            "or observation_tensor()"
        )

    def __str__(self) -> str:
        position = self._board.position
        if position is None:
            return f"dealing: {len(self._board.seed)} of {SEED_BYTES} seed bytes drawn"
        return self._game.text(position)

    # -- sampling what a player cannot see -----------------------------------------------

    def resample(self, player: int, rng: random.Random) -> ProtocolState:
        """A state ``player`` cannot tell from this one, hidden information sampled.

        The game inside is [`determinize`][guarda.game.Game.determinize] of the player's
        view, so the player's view and information state are the same. The copy keeps
        this state's OpenSpiel history (the true one), and every player's past
        observations become the player's own, so it is for searching, not for
        replaying. Before the deal nothing is known, and the seed bytes drawn so far are
        sampled anew.

        Args:
            player: The player whose information is kept.
            rng: The random source of the sample.

        Returns:
            A new state.

        Raises:
            ArgumentError: If ``player`` is not a player of the game or ``rng`` not a
                `random.Random`.
        """
        if isinstance(player, bool) or not isinstance(player, int):
            raise ArgumentError(f"not a player number: {player!r}", path="player")
        if not 0 <= player < self.num_players():
            raise ArgumentError(f"no player {player} in this game", path="player")
        if not isinstance(rng, random.Random):
            raise ArgumentError(f"not a random.Random: {rng!r}", path="rng")
        board = self._board
        sample: ProtocolState = self.clone()
        if board.position is None:
            seed = tuple(rng.randrange(CHANCE_OUTCOMES) for _ in board.seed)
            sample._board = _Board(board.name, self._game, board.players, seed, None)
        else:
            position = self._game.determinize(self._game.view(board.position, player), rng)
            known = board.text(player)
            texts: dict[int | None, str] = dict.fromkeys([None, *range(self.num_players())], known)
            sample._board = _Board(
                board.name,
                self._game,
                board.players,
                board.seed,
                position,
                moves=board.moves,
                texts=texts,
            )
        return sample

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ProtocolState:
        """OpenSpiel's name for [`resample`][guarda.openspiel.ProtocolState.resample].

        The random source is seeded from one draw of ``probability_sampler`` (a callable
        returning a number in [0, 1), such as ``pyspiel.UniformProbabilitySampler``).
        """
        draw = float(probability_sampler())
        return self.resample(player_id, random.Random(int(draw * (1 << 53))))
