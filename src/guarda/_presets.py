"""Rulesets by name: a preset and the keyword arguments that rebuild a configuration.

Documents write a configuration that one of the presets makes as that preset's call
(``{"preset": "modern", "players": 2}``) instead of every field and card pattern, which
is most of a short record. `preset_call` finds the call that
rebuilds a configuration exactly, if there is one;
`from_preset_call` makes the configuration of a call.

Examples:
    >>> import guarda
    >>> preset_call(guarda.classic(players=4, win="victory", turn_limit=60))
    {'preset': 'classic', 'players': 4, 'win': 'victory', 'turn_limit': 60}
    >>> preset_call(guarda.custom(5)) is None
    True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

from guarda._config import (
    Config,
    Elimination,
    PresetOptions,
    Shuffle,
    Stakes,
    StakesKind,
    WinCondition,
    classic,
    default_seats,
    grda,
    modern,
)
from guarda.errors import ConfigurationError

__all__ = ["OPTIONS", "PRESETS", "WIN_NAMES", "from_preset_call", "preset_call"]

PRESETS: Final[dict[str, Callable[..., Config]]] = {
    "classic": classic,
    "modern": modern,
    "grda": grda,
}
"""The preset functions by the name a document gives them."""

WIN_NAMES: Final = ("elimination", "victory", "exhaustion", "king-of-the-hill")
"""The win conditions a preset takes by name (each edition fills in its numbers)."""

OPTIONS: Final = (
    "win",
    "stakes",
    "ante",
    "seats",
    "teams",
    "first_player",
    "turn_limit",
    "shuffle",
)
"""The keyword arguments of a preset besides ``players``, in the order documents write."""


def _win(edition: Callable[..., Config], config: Config) -> WinCondition | str:
    """The win condition by name when the edition's default for that name is it."""
    for name in WIN_NAMES:
        if edition(players=config.players, win=name).win == config.win:
            return name
    return config.win


@functools.lru_cache(maxsize=64)
def preset_call(config: Config) -> dict[str, Any] | None:
    """The preset and keyword arguments that make exactly ``config``, or None.

    Options equal to the preset's defaults are left out; a win condition a preset knows by
    name (``"victory"``) is given by name.
    """
    preset = config.name.lower()
    edition = PRESETS.get(preset)
    if edition is None or config.name != preset.capitalize():
        return None
    call: dict[str, Any] = {"preset": preset, "players": config.players}
    try:
        if config.win != Elimination():
            call["win"] = _win(edition, config)
        if config.stakes != Stakes():
            call["stakes"] = config.stakes.kind.value
            if config.stakes.ante:
                call["ante"] = config.stakes.ante
        if config.seats != default_seats(config.players):
            call["seats"] = config.seats
        if config.teams != tuple((player,) for player in range(config.players)):
            call["teams"] = config.teams
        if config.first_player:
            call["first_player"] = config.first_player
        if config.turn_limit is not None:
            call["turn_limit"] = config.turn_limit
        if config.shuffle is not Shuffle.SPLITMIX64:
            call["shuffle"] = config.shuffle.value
        options = {key: value for key, value in call.items() if key in OPTIONS}
        if edition(players=config.players, **options) != config:
            return None
    except ConfigurationError:  # pragma: no cover - every Config is valid
        return None
    return call


def from_preset_call(preset: str, players: int, options: PresetOptions) -> Config:
    """The configuration a preset call makes.

    Raises:
        ConfigurationError: If the preset is unknown or an option invalid (``path`` names
            it, as the preset functions do).
    """
    edition = PRESETS.get(preset)
    if edition is None:
        raise ConfigurationError(
            f"unknown preset {preset!r}: use {', '.join(PRESETS)}", path="preset"
        )
    return edition(players=players, **options)


def stakes_kind(value: str) -> StakesKind | None:
    """The stakes variant of a name, or None."""
    try:
        return StakesKind(value)
    except ValueError:
        return None
