"""Reading a request for a new game: the configuration, the seats and the options.

A request is a JSON object. The configuration is a preset with options
(``{"preset": "modern", "options": {"players": 3, "win": "victory"}}``) or a whole
configuration document (``{"config": {...}}``); ``seats`` says, seat by seat, who plays:
a person (who gets a secret token) or a bot by name. Everything is checked: a bad
request raises a [`GuardaError`][guarda.GuardaError] whose ``path`` names the field,
and nothing is created.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal

import attrs
import orjson

import guarda
from guarda.bots import Agent, RandomBot
from guarda.errors import GuardaError, MessageError

__all__ = ["BOTS", "PRESETS", "GameRequest", "SeatRequest", "read_game_request", "seat_names"]

PRESETS: Final[Mapping[str, Callable[..., guarda.Config]]] = {
    "classic": guarda.classic,
    "modern": guarda.modern,
    "grda": guarda.grda,
}
"""The presets a request may name."""

BOTS: Final[Mapping[str, Callable[[], Agent]]] = {
    "random": RandomBot,
}
"""The bots a seat may name, each a factory of a ``guarda.bots`` agent."""

_OPTION_TYPES: Final[Mapping[str, tuple[type, ...]]] = {
    "players": (int,),
    "win": (str,),
    "stakes": (str,),
    "ante": (int,),
    "first_player": (int,),
    "turn_limit": (int, type(None)),
    "teams": (list,),
}
"""The options a preset request may give, with their JSON types."""

MAX_NAME: Final = 40
"""The longest player name, in characters."""


@attrs.frozen
class SeatRequest:
    """Who plays one seat."""

    kind: Literal["person", "bot"]
    name: str
    bot: str | None


@attrs.frozen
class GameRequest:
    """A checked request for a new game."""

    config: guarda.Config
    seats: tuple[SeatRequest, ...]
    bot_delay: float


def seat_names(config: guarda.Config) -> tuple[str, ...]:
    """A name per seat from its side, numbered when several players share a side.

    Examples:
        >>> seat_names(guarda.modern(players=2))
        ('South', 'North')
        >>> seat_names(guarda.modern(players=8))[:3]
        ('South 1', 'South 2', 'West 1')
    """
    sides = [side.name.title() for side in config.seats]
    return tuple(
        side if sides.count(side) == 1 else f"{side} {sides[: index + 1].count(side)}"
        for index, side in enumerate(sides)
    )


def _name(value: object, path: str) -> str:
    if type(value) is not str:
        raise MessageError("a name is a string", path=path)
    cleaned = "".join(c for c in value if unicodedata.category(c)[0] not in "CZ" or c == " ")
    cleaned = " ".join(cleaned.split())
    if not cleaned or len(cleaned) > MAX_NAME:
        raise MessageError(f"a name has 1 to {MAX_NAME} visible characters", path=path)
    return cleaned


def _config(request: Mapping[str, Any], max_hand_size: int) -> guarda.Config:
    if "config" in request:
        if "preset" in request or "options" in request:
            raise MessageError("give a config document or a preset, not both", path="config")
        try:
            config = guarda.loads(orjson.dumps(request["config"]), guarda.Config)
        except GuardaError as error:
            error.path = "config" if error.path is None else f"config.{error.path}"
            raise
    else:
        preset = request.get("preset", "modern")
        if type(preset) is not str or preset not in PRESETS:
            raise MessageError(
                f"unknown preset {preset!r}: expected one of {', '.join(PRESETS)}", path="preset"
            )
        options = request.get("options", {})
        if type(options) is not dict:
            raise MessageError("options are a JSON object", path="options")
        for key, value in options.items():
            types = _OPTION_TYPES.get(key)
            if types is None:
                raise MessageError(
                    f"unknown option: expected some of {', '.join(_OPTION_TYPES)}",
                    path=f"options.{key}",
                )
            if type(value) not in types:
                raise MessageError(f"wrong type: {value!r}", path=f"options.{key}")
        if "teams" in options and not all(
            type(team) is list and all(type(member) is int for member in team)
            for team in options["teams"]
        ):
            raise MessageError("teams are lists of player numbers", path="options.teams")
        try:
            config = PRESETS[preset](**options)
        except GuardaError as error:
            error.path = "options" if error.path is None else f"options.{error.path}"
            raise
    if config.hand_size > max_hand_size:
        raise MessageError(
            f"this server plays hands of at most {max_hand_size} cards", path="config.hand_size"
        )
    return config


def _seats(
    request: Mapping[str, Any], config: guarda.Config, bots: Mapping[str, Callable[[], Agent]]
) -> tuple[SeatRequest, ...]:
    defaults = seat_names(config)
    seats = request.get("seats")
    if seats is None:
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * (config.players - 1)
    if type(seats) is not list or len(seats) != config.players:
        raise MessageError(f"give one seat per player ({config.players})", path="seats")
    result = []
    for index, seat in enumerate(seats):
        path = f"seats[{index}]"
        if type(seat) is not dict:
            raise MessageError("a seat is a JSON object", path=path)
        unknown = sorted(seat.keys() - {"kind", "name", "bot"})
        if unknown:
            raise MessageError("unknown field of a seat", path=f"{path}.{unknown[0]}")
        kind = seat.get("kind")
        if kind not in ("person", "bot"):
            raise MessageError('a seat\'s kind is "person" or "bot"', path=f"{path}.kind")
        bot = seat.get("bot")
        if kind == "bot":
            if type(bot) is not str or bot not in bots:
                raise MessageError(
                    f"unknown bot {bot!r}: expected one of {', '.join(bots)}", path=f"{path}.bot"
                )
        elif bot is not None:
            raise MessageError("only a bot seat names a bot", path=f"{path}.bot")
        if "name" in seat:
            name = _name(seat["name"], f"{path}.name")
        else:
            name = defaults[index] if kind == "person" else f"{defaults[index]} ({bot})"
        result.append(SeatRequest(kind=kind, name=name, bot=bot))
    return tuple(result)


def read_game_request(
    request: object,
    *,
    max_hand_size: int,
    max_bot_delay: float,
    bots: Mapping[str, Callable[[], Agent]] = BOTS,
) -> GameRequest:
    """Check a request for a new game.

    Args:
        request: The request, as parsed JSON.
        max_hand_size: The largest hand the server plays.
        max_bot_delay: The longest pause before a bot's decision the server allows.
        bots: The bots a seat may name.

    Returns:
        The configuration, the seats and the bots' delay.

    Raises:
        GuardaError: A [`MessageError`][guarda.MessageError] for a malformed request,
            a [`ConfigurationError`][guarda.ConfigurationError] or a
            [`DocumentError`][guarda.DocumentError] for a bad configuration; ``path``
            names the field.

    Examples:
        >>> request = read_game_request(
        ...     {"preset": "grda", "seats": [{"kind": "person", "name": "Ana"},
        ...                                  {"kind": "bot", "bot": "random"}]},
        ...     max_hand_size=10, max_bot_delay=5.0)
        >>> request.config.name, [seat.name for seat in request.seats]
        ('Grda', ['Ana', 'North (random)'])
        >>> read_game_request({"preset": "chess"}, max_hand_size=10, max_bot_delay=5.0)
        Traceback (most recent call last):
        ...
        guarda.errors.MessageError: preset: unknown preset 'chess': expected one of classic, modern, grda
    """  # noqa: E501
    if type(request) is not dict:
        raise MessageError("a request is a JSON object", path="request")
    unknown = sorted(request.keys() - {"preset", "options", "config", "seats", "bot_delay"})
    if unknown:
        raise MessageError("unknown field of a game request", path=unknown[0])
    config = _config(request, max_hand_size)
    seats = _seats(request, config, bots)
    delay = request.get("bot_delay", 0)
    if (
        type(delay) not in (int, float)
        or not math.isfinite(delay)
        or not 0 <= delay <= max_bot_delay
    ):
        raise MessageError(f"bot_delay is from 0 to {max_bot_delay:g} seconds", path="bot_delay")
    return GameRequest(config=config, seats=seats, bot_delay=float(delay))
