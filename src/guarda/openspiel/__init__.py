"""guarda.openspiel: Guarda and guarda's other games as games of OpenSpiel (extra ``openspiel``).

Importing this package registers Guarda with OpenSpiel under the name ``"guarda"``, so
``pyspiel.load_game("guarda", {"preset": "classic", "players": 4})`` makes a game that
every OpenSpiel algorithm can play: an imperfect-information, turn-based game whose
chance is the seed's eight bytes, drawn at the start
([`GuardaGame`][guarda.openspiel.GuardaGame]), with
one fixed id per action of the ruleset (guarda's own [`ActionIndex`][guarda.ActionIndex])
and observations built from [`guarda.view`][guarda.view] alone
([`GuardaObserver`][guarda.openspiel.GuardaObserver]).
[`AgentBot`][guarda.openspiel.AgentBot] plays guarda's own bots there, and
[`DeterminizedBot`][guarda.openspiel.DeterminizedBot] keeps a perfect-information
search such as OpenSpiel's MCTS to what its player may know.

Every other game of guarda's [protocol][guarda.game.Game] plays in OpenSpiel too:
[`register`][guarda.openspiel.register] registers one (importing the package registers
every game of [`GAMES`][guarda.games.GAMES], On Guard as ``"on_guard"`` for instance)
as a [`ProtocolGame`][guarda.openspiel.ProtocolGame], with the same eight chance bytes of
the deal, the game's own action numbers, and observations made from its views
([`ProtocolObserver`][guarda.openspiel.ProtocolObserver]).

This package uses only guarda's public API. See the [OpenSpiel guide](../openspiel.md).

Examples:
    >>> import numpy as np, pyspiel
    >>> import guarda.openspiel
    >>> game = pyspiel.load_game("guarda", {"preset": "grda", "turn_limit": 30})
    >>> state = game.new_initial_state()
    >>> choose = np.random.RandomState(0)
    >>> while not state.is_terminal():
    ...     if state.is_chance_node():
    ...         state.apply_action(choose.randint(256))
    ...     else:
    ...         state.apply_action(choose.choice(state.legal_actions()))
    >>> state.returns()
    [0.0, 0.0]
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401 - checked here, to say which extra is missing
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "guarda.openspiel needs OpenSpiel and numpy: install guarda with the openspiel "
        "extra (pip install 'guarda[openspiel]')"
    ) from error

from typing import Final

from guarda.games import GAMES
from guarda.openspiel._bots import AgentBot, DeterminizedBot, resampler
from guarda.openspiel._game import (
    CHANCE_OUTCOMES,
    CONFIG_PREFIX,
    GAME_NAME,
    GAME_TYPE,
    PARAMETERS,
    SEED_BYTES,
    GuardaGame,
    GuardaState,
    config_from_parameters,
    encode_config,
)
from guarda.openspiel._observer import (
    GuardaObserver,
    information_state_string,
    observation_string,
)
from guarda.openspiel._protocol_game import (
    MAX_GAME_LENGTH,
    ProtocolGame,
    ProtocolState,
    encode_options,
    register,
    registered,
)
from guarda.openspiel._protocol_observer import ProtocolObserver

__all__ = [  # noqa: RUF022 - grouped by topic
    # Guarda
    "GAME_NAME",
    "GAME_TYPE",
    "PARAMETERS",
    "CONFIG_PREFIX",
    "GuardaGame",
    "GuardaState",
    "GuardaObserver",
    "config_from_parameters",
    "encode_config",
    "information_state_string",
    "observation_string",
    # Every other game
    "register",
    "registered",
    "MAX_GAME_LENGTH",
    "ProtocolGame",
    "ProtocolState",
    "ProtocolObserver",
    "encode_options",
    # The deal
    "CHANCE_OUTCOMES",
    "SEED_BYTES",
    # Bots
    "AgentBot",
    "DeterminizedBot",
    "resampler",
]

if GAME_NAME not in {game.short_name for game in pyspiel.registered_games()}:
    pyspiel.register_game(GAME_TYPE, GuardaGame)

_SHIPPED: Final = tuple(register(game) for game in GAMES.values())
"""The short names of every game of [`GAMES`][guarda.games.GAMES], registered at import."""
