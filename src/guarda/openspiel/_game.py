"""Guarda as an OpenSpiel game: the game type, its parameters, the game and its states.

[`GuardaGame`][guarda.openspiel.GuardaGame] explains how Guarda's chance, decisions,
returns and length appear to OpenSpiel.
"""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable, Mapping
from typing import Any, Final

import pyspiel

import guarda
from guarda.bots import outcome_scores
from guarda.errors import ArgumentError, ConfigurationError, GuardaError
from guarda.openspiel._observer import GuardaObserver

__all__ = [
    "CHANCE_OUTCOMES",
    "CONFIG_PREFIX",
    "GAME_NAME",
    "PARAMETERS",
    "SEED_BYTES",
    "GuardaGame",
    "GuardaState",
    "config_from_parameters",
    "encode_config",
]

GAME_NAME: Final = "guarda"
"""The short name Guarda is registered under: ``pyspiel.load_game("guarda")``."""

SEED_BYTES: Final = 8
"""Chance nodes at the start of every game: one per byte of the 64-bit seed."""

CHANCE_OUTCOMES: Final = 256
"""Outcomes of each chance node (one byte)."""

PARAMETERS: Final[dict[str, str | int]] = {
    "config": "",
    "preset": "modern",
    "players": 2,
    "win": "elimination",
    "teams": 0,
    "turn_limit": 200,
}
"""The game parameters and their defaults.

- ``preset``: the edition, ``"classic"``, ``"modern"`` or ``"grda"``;
- ``players``: 2 to 8;
- ``win``: ``"elimination"``, ``"victory"``, ``"exhaustion"`` or ``"king-of-the-hill"``,
  with the edition's numbers;
- ``teams``: 0 for everyone alone, or a number of teams (2 or more), players dealt to
  them in turn (with 2 teams of 4: players 0, 2, 4, 6 against 1, 3, 5, 7);
- ``turn_limit``: the turns that may end before the game is a draw (R27), at least 1.
- ``config``: a whole ruleset as a configuration document, the text of
  ``guarda.dumps(config)`` (empty: build it from the parameters above). Any field, deck,
  stakes, seats, first player or draw rule loads this way. With a config, ``preset``,
  ``players``, ``win`` and ``teams`` must keep their defaults; the turn limit is the
  config's own, or ``turn_limit`` when it has none (a ``turn_limit`` other than the
  default must then agree with the config's own limit). OpenSpiel's game strings cannot
  hold JSON (they split parameters at commas), so a game keeps its ``config`` as
  ``"base64:"`` and the document in unpadded URL-safe base64, which this parameter
  accepts too: ``str(game)`` and serialized games load back.
"""

CONFIG_PREFIX: Final = "base64:"
"""How a ``config`` parameter in base64 starts (the form a game keeps, see
[`PARAMETERS`][guarda.openspiel.PARAMETERS])."""

_BUILT_FROM_PRESET: Final = ("preset", "players", "win", "teams")

_PRESETS: Final[dict[str, Callable[..., guarda.Config]]] = {
    "classic": guarda.classic,
    "modern": guarda.modern,
    "grda": guarda.grda,
}


def _integer(parameters: Mapping[str, object], name: str) -> int:
    value = parameters[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigurationError(f"{name} must be an integer, not {value!r}", path=name)
    return value


def config_from_parameters(parameters: Mapping[str, object]) -> guarda.Config:
    """The ruleset of a set of game parameters (missing ones take their defaults).

    Args:
        parameters: Parameters as [`PARAMETERS`][guarda.openspiel.PARAMETERS] names them.

    Returns:
        The configuration, with its turn limit.

    Raises:
        ConfigurationError: If a parameter is unknown or its value invalid (``path`` names
            it).

    Examples:
        >>> config = config_from_parameters({"preset": "classic", "players": 4, "teams": 2})
        >>> config.name, config.teams, config.turn_limit
        ('Classic', ((0, 2), (1, 3)), 200)
    """
    if not isinstance(parameters, Mapping):
        raise ConfigurationError(f"not a mapping of parameters: {parameters!r}", path="params")
    unknown = sorted(str(name) for name in parameters if name not in PARAMETERS)
    if unknown:
        raise ConfigurationError(
            f"unknown parameters {unknown}: use {', '.join(PARAMETERS)}", path=unknown[0]
        )
    merged = {**PARAMETERS, **parameters}
    document = merged["config"]
    if not isinstance(document, str):
        raise ConfigurationError(
            f"config must be the text of guarda.dumps(config), not {document!r}", path="config"
        )
    if document:
        return _config_from_document(document, merged)
    preset = merged["preset"]
    if not isinstance(preset, str) or preset not in _PRESETS:
        raise ConfigurationError(
            f"unknown preset {preset!r}: use {', '.join(_PRESETS)}", path="preset"
        )
    players = _integer(merged, "players")
    teams = _integer(merged, "teams")
    limit = _integer(merged, "turn_limit")
    win = merged["win"]
    if not isinstance(win, str):
        raise ConfigurationError(f"win must be a name, not {win!r}", path="win")
    if teams == 1 or teams < 0:
        raise ConfigurationError(
            f"teams must be 0 (everyone alone) or 2 or more, not {teams!r}", path="teams"
        )
    dealt = None
    if teams > 1:
        if teams > players:
            raise ConfigurationError(
                f"{teams} teams need at least {teams} players, not {players}", path="teams"
            )
        dealt = [list(range(team, players, teams)) for team in range(teams)]
    if limit < 1:
        raise ConfigurationError(
            f"turn_limit must be at least 1, not {limit} (OpenSpiel needs a longest game)",
            path="turn_limit",
            rule="R27",
        )
    return _PRESETS[preset](players=players, win=win, teams=dealt, turn_limit=limit)


def _config_from_document(document: str, merged: Mapping[str, object]) -> guarda.Config:
    """The ruleset of a ``config`` parameter, with the turn limit OpenSpiel needs."""
    for name in _BUILT_FROM_PRESET:
        if merged[name] != PARAMETERS[name]:
            raise ConfigurationError(
                f"{name} cannot be given with config: the config document says it all",
                path=name,
            )
    try:
        document = _document_text(document)
        config = guarda.loads(document, guarda.Config)
    except GuardaError as error:
        raise ConfigurationError(
            f"config is not a configuration document: {error}", path="config"
        ) from error
    limit = _integer(merged, "turn_limit")
    if config.turn_limit is None:
        if limit < 1:
            raise ConfigurationError(
                f"turn_limit must be at least 1, not {limit} (OpenSpiel needs a longest game)",
                path="turn_limit",
                rule="R27",
            )
        return guarda.loads(_with_turn_limit(document, limit), guarda.Config)
    if limit not in (config.turn_limit, PARAMETERS["turn_limit"]):
        raise ConfigurationError(
            f"turn_limit {limit} disagrees with the config's own limit of {config.turn_limit}",
            path="turn_limit",
            rule="R27",
        )
    return config


def _document_text(document: str) -> str:
    """The JSON text of a ``config`` parameter, decoding the base64 form."""
    if not document.startswith(CONFIG_PREFIX):
        return document
    encoded = document.removeprefix(CONFIG_PREFIX)
    try:
        return base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
    except (ValueError, UnicodeDecodeError) as error:
        raise ConfigurationError(
            f"config is not valid base64 after {CONFIG_PREFIX!r}: {error}", path="config"
        ) from error


def encode_config(config: guarda.Config) -> str:
    """A ``config`` game parameter in the form games keep: ``"base64:"`` and the document.

    Plain ``guarda.dumps(config)`` works as well when loading a game; this form also
    survives OpenSpiel's game strings, which split parameters at commas.

    Args:
        config: The ruleset.

    Returns:
        The parameter's text.

    Raises:
        ArgumentError: If ``config`` is not a [`Config`][guarda.Config].

    Examples:
        >>> import guarda
        >>> text = encode_config(guarda.custom(7))
        >>> text.startswith("base64:"), "," in text
        (True, False)
        >>> config_from_parameters({"config": text}).size
        7
    """
    if not isinstance(config, guarda.Config):
        raise ArgumentError(f"not a Config: {config!r}", path="config")
    return _encoded(guarda.dumps(config))


def _encoded(document: str) -> str:
    if not document or document.startswith(CONFIG_PREFIX):
        return document
    return CONFIG_PREFIX + base64.urlsafe_b64encode(document.encode()).decode().rstrip("=")


def _with_turn_limit(document: str, limit: int) -> str:
    """A configuration document with its turn limit set."""
    parsed = json.loads(document)
    parsed["data"]["turn_limit"] = limit
    return json.dumps(parsed)


def _zero_sum(config: guarda.Config) -> bool:
    sizes = {len(team) for team in config.teams}
    return len(config.teams) == 2 and len(sizes) == 1


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Guarda",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


GAME_TYPE: Final = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
"""The game type registered under [`GAME_NAME`][guarda.openspiel.GAME_NAME]; a game of two
equal teams reports itself zero-sum."""


class _Board:
    """The immutable part of a state: the seed bytes drawn and the game once dealt.

    OpenSpiel clones a Python state by deep-copying its attributes; a board is a value,
    so its copy is itself and a clone costs nothing. It also keeps what was computed
    from it: the ids of the legal actions, and the event lines of the information state
    strings (which a board made by a step takes over from the board before, the log
    only growing).
    """

    __slots__ = ("legal", "lines", "position", "seed")

    def __init__(
        self,
        seed: tuple[int, ...],
        position: guarda.GameState | None,
        lines: dict[int | None, tuple[int, str]] | None = None,
    ) -> None:
        self.seed = seed
        self.position = position
        self.legal: dict[int, int] | None = None
        """The ids of the legal actions, each with its place in ``legal_actions``."""
        self.lines: dict[int | None, tuple[int, str]] = {} if lines is None else lines

    def __deepcopy__(self, memo: dict[int, object]) -> _Board:
        return self

    def __reduce__(self) -> tuple[type[_Board], tuple[tuple[int, ...], guarda.GameState | None]]:
        return _Board, (self.seed, self.position)


class GuardaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """Guarda in OpenSpiel: made by ``pyspiel.load_game("guarda", parameters)``.

    [`PARAMETERS`][guarda.openspiel.PARAMETERS] lists the parameters.

    **Chance.** Guarda draws every card from one seed: [`guarda.new_game`][guarda.new_game]
    shuffles the decks, and the state carries the random source of every later reshuffle,
    so after the seed the game has no chance left. The OpenSpiel game therefore opens with
    **eight explicit chance nodes**, each drawing one byte of the 64-bit seed uniformly
    (256 outcomes, probability 1/256 each), and deals with that seed once the eighth byte is
    drawn; every later step is a player's decision. This is guarda's own distribution of
    deals (a seed is reduced to 64 bits anyway), written so OpenSpiel can see it: states
    follow from their history, so they clone, serialize and replay exactly, and algorithms
    that sample chance (MCTS, outcome-sampling MCCFR, ``evaluate_bots``) sample it here.
    Algorithms that enumerate chance (CFR, exact best responses) would have to visit 2**64
    deals: they accept the game but cannot finish it. No player observes the seed bytes.

    **Decisions.** ``current_player()`` is whoever must decide now (``state.actor``): the
    turn player, a player reacting to an attack, or an attacker answering a counter. Action
    ids are the numbers of guarda's [`ActionIndex`][guarda.ActionIndex] of the ruleset
    (the same numbers as in ``guarda.rl``), and ``num_distinct_actions`` is its size.

    **Returns.** At the end, each player gets 1 for a win, 0 for a shared draw and -1 for a
    loss: every member of a winning team wins, and when the turn limit ends the game the
    draw is shared by the teams with anyone left, whose members score 0 (R22, R27, P19).
    Stakes are not counted. The game is zero-sum when exactly two teams of equal size play
    (two players alone included), else general-sum. Rewards come only at the end.

    **Length.** OpenSpiel needs a longest game, so every game has a turn limit (the
    ``turn_limit`` parameter, R27). A turn holds at most ``2 * players + 4`` decisions
    (discard down, move, push or end the move, set the guard, act, each defender's reaction
    and their new guard or the attacker's answer to a counter, settle), the setup one per
    player, so ``max_game_length`` is ``players + turn_limit * (2 * players + 4)``.

    Args:
        params: Game parameters (missing ones take their defaults).

    Raises:
        ConfigurationError: If a parameter is invalid.

    Examples:
        >>> import pyspiel
        >>> game = pyspiel.load_game("guarda", {"preset": "grda", "turn_limit": 40})
        >>> game.num_distinct_actions(), game.max_game_length(), game.max_chance_outcomes()
        (2562, 322, 256)
        >>> game.config.name
        'Grda'
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        parameters = {**PARAMETERS, **(params or {})}
        config = config_from_parameters(parameters)
        if isinstance(parameters["config"], str):  # kept in a form game strings can hold
            parameters["config"] = _encoded(parameters["config"])
        index = guarda.ActionIndex(config)
        zero_sum = _zero_sum(config)
        utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else GAME_TYPE.utility
        players = config.players
        limit = config.turn_limit
        assert limit is not None
        info = pyspiel.GameInfo(
            num_distinct_actions=index.size,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=players + limit * (2 * players + 4),
        )
        super().__init__(_game_type(utility), info, parameters)
        self._index = index

    @property
    def config(self) -> guarda.Config:
        """The ruleset of this game."""
        return self._index.config

    @property
    def action_index(self) -> guarda.ActionIndex:
        """The action ids of this game: guarda's [`ActionIndex`][guarda.ActionIndex]."""
        return self._index

    def new_initial_state(self) -> GuardaState:
        """The first state: the first chance node of the seed."""
        return GuardaState(self)

    def make_py_observer(
        self, iig_obs_type: Any | None = None, params: dict[str, Any] | None = None
    ) -> GuardaObserver:
        """An observer for OpenSpiel (see [`GuardaObserver`][guarda.openspiel.GuardaObserver])."""
        return GuardaObserver(self.config, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """Chance nodes in any history: the seed's bytes."""
        return SEED_BYTES


class GuardaState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """A state of Guarda in OpenSpiel: the seed's chance nodes, then a guarda game.

    Besides OpenSpiel's methods, it shows the guarda game inside
    ([`game_state`][guarda.openspiel.GuardaState.game_state]) and what one player may
    know of it ([`view`][guarda.openspiel.GuardaState.view]), and samples states a player
    cannot tell from it ([`resample`][guarda.openspiel.GuardaState.resample]).

    Examples:
        >>> import pyspiel
        >>> state = pyspiel.load_game("guarda", {"preset": "grda"}).new_initial_state()
        >>> state.is_chance_node(), len(state.chance_outcomes())
        (True, 256)
        >>> for byte in range(8):
        ...     state.apply_action(byte)
        >>> state.current_player(), state.game_state.phase.name
        (0, 'SETUP')
        >>> state.action_to_string(state.legal_actions()[0])
        'place a2'
    """

    def __init__(self, game: GuardaGame) -> None:
        super().__init__(game)
        self._index = game.action_index
        self._board = _Board((), None)

    @property
    def game_state(self) -> guarda.GameState | None:
        """The guarda game; None until the seed is dealt.

        It holds every player's secrets: show a player only their
        [`view`][guarda.openspiel.GuardaState.view].
        """
        return self._board.position

    @property
    def action_index(self) -> guarda.ActionIndex:
        """The action ids of the game: guarda's [`ActionIndex`][guarda.ActionIndex]."""
        return self._index

    @property
    def seed_bytes_drawn(self) -> int:
        """How many of the seed's chance nodes are behind (8 once dealt)."""
        return len(self._board.seed)

    @property
    def event_lines(self) -> dict[int | None, tuple[int, str]]:
        """A cache for the observer: per viewer, the lines of their first events.

        Each entry is the number of events and their lines, joined; the board of the
        next step starts with a copy, so each event is written once per viewer.
        """
        return self._board.lines

    def view(self, player: int | None) -> guarda.PlayerView:
        """What ``player`` (None: a spectator) may know: [`guarda.view`][guarda.view].

        Raises:
            ArgumentError: If the seed is not dealt yet, or there is no such player.
        """
        position = self._board.position
        if position is None:
            raise ArgumentError("the cards are not dealt yet: this is a chance node", path="state")
        return guarda.view(position, player)

    # -- OpenSpiel's state API ---------------------------------------------------------

    def current_player(self) -> int:
        """Whoever must decide now; ``CHANCE`` before the deal, ``TERMINAL`` at the end."""
        position = self._board.position
        if position is None:
            return int(pyspiel.PlayerId.CHANCE)
        if position.actor is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return position.actor

    def _legal_actions(self, player: int) -> list[int]:
        board = self._board
        if board.legal is None:
            assert board.position is not None and player == board.position.actor
            numbers = self._index.legal_indices(board.position)
            board.legal = {number: place for place, number in enumerate(numbers)}
        return sorted(board.legal)

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
                position = guarda.new_game(self._index.config, int.from_bytes(bytes(seed)))
            self._board = _Board(seed, position)
            return
        place = None if board.legal is None else board.legal.get(action)
        if place is None:  # guarda.apply says why, should it be illegal
            chosen = self._index.action_at(action)
        else:  # the listed action itself, which the engine trusts
            chosen = guarda.legal_actions(board.position)[place]
        played, _ = guarda.apply(board.position, chosen)
        self._board = _Board(board.seed, played, dict(board.lines))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return guarda.format_action(self._index.action_at(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        position = self._board.position
        return position is not None and position.is_over

    def returns(self) -> list[float]:
        """1 for a win, 0 for a shared draw, -1 for a loss; 0 for all until the end."""
        position = self._board.position
        config = self._index.config
        if position is None or position.outcome is None:
            return [0.0] * config.players
        return [2.0 * score - 1.0 for score in outcome_scores(config, position.outcome)]

    def rewards(self) -> list[float]:
        """The returns at the end (the only rewards), else 0 for all."""
        return self.returns()

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Refused: Guarda declares no information state tensor.

        The game type says ``provides_information_state_tensor=False`` (a perfect-recall
        history has no fixed size), so this raises, as OpenSpiel's C++ games do, rather
        than return an empty list that a learner would silently train on. Use
        ``information_state_string`` or ``observation_tensor``.

        Raises:
            pyspiel.SpielError: Always.
        """
        raise pyspiel.SpielError(
            "guarda provides no information state tensor "
            "(provides_information_state_tensor=False): use information_state_string() "
            "or observation_tensor()"
        )

    def __str__(self) -> str:
        position = self._board.position
        if position is None:
            return f"dealing: {len(self._board.seed)} of {SEED_BYTES} seed bytes drawn"
        return guarda.format_position(position)

    # -- sampling what a player cannot see -----------------------------------------------

    def resample(self, player: int, rng: random.Random) -> GuardaState:
        """A state ``player`` cannot tell from this one, hidden cards sampled.

        The guarda game inside is [`guarda.determinize`][guarda.determinize] of the
        player's view, so the player's information state is the same, and the future
        draws are fresh. The copy keeps this state's OpenSpiel history (the true one: the
        sampled hidden past has none), so it is for searching, not for replaying. Before
        the deal nothing is known, and the seed bytes drawn so far are sampled anew.

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
        if not isinstance(rng, random.Random):
            raise ArgumentError(f"not a random.Random: {rng!r}", path="rng")
        board = self._board
        sample: GuardaState = self.clone()
        if board.position is None:
            seed = tuple(rng.randrange(CHANCE_OUTCOMES) for _ in board.seed)
            sample._board = _Board(seed, None)
        else:
            position = guarda.determinize(guarda.view(board.position, player), rng)
            sample._board = _Board(board.seed, position)
        return sample

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GuardaState:
        """OpenSpiel's name for [`resample`][guarda.openspiel.GuardaState.resample].

        The random source is seeded from one draw of ``probability_sampler`` (a callable
        returning a number in [0, 1), such as ``pyspiel.UniformProbabilitySampler``).
        """
        draw = float(probability_sampler())
        return self.resample(player_id, random.Random(int(draw * (1 << 53))))
