"""On Guard's configuration: the rule tier and the Jokers.

Examples:
    >>> from guarda.games.on_guard import OnGuardConfig
    >>> OnGuardConfig()
    OnGuardConfig(tier='mezzo', jokers=False)
    >>> OnGuardConfig(tier="stesso").techniques
    False
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from guarda.errors import ConfigurationError

__all__ = ["TIERS", "OnGuardConfig"]

TIERS: Final[dict[str, str]] = {
    "stesso": "Stesso tempo, the simple rules: action cards only, no technique cards",
    "mezzo": "Mezzo tempo, the general rules: action and technique cards",
}
"""The rule tiers guarda plays, by name (Dui tempi is out of scope, OG13)."""


def _check_tier(instance: Any, attribute: attrs.Attribute[str], value: object) -> None:
    if value == "dui":
        raise ConfigurationError(
            "Dui tempi needs custom combination cards the rules do not define",
            rule="OG13",
            path="tier",
        )
    if not isinstance(value, str) or value not in TIERS:
        raise ConfigurationError(
            f"tier must be one of {', '.join(TIERS)}, not {value!r}", path="tier"
        )


def _check_jokers(instance: Any, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise ConfigurationError(f"jokers must be True or False, not {value!r}", path="jokers")


@attrs.frozen
class OnGuardConfig:
    """The rules a game of On Guard is played by.

    Attributes:
        tier: ``"mezzo"`` (Mezzo tempo, the general rules, the default) or ``"stesso"``
            (Stesso tempo: no technique cards, OG12).
        jokers: Whether each player holds a Joker (*Appel*); only with technique cards.

    Raises:
        ConfigurationError: For an unknown tier, ``"dui"`` (OG13), or Jokers in Stesso
            tempo (OG12).

    Examples:
        >>> OnGuardConfig(jokers=True).jokers
        True
        >>> OnGuardConfig(tier="stesso", jokers=True)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        guarda.errors.ConfigurationError: jokers: Stesso tempo plays no technique cards, ...
    """

    tier: str = attrs.field(default="mezzo", validator=_check_tier)
    jokers: bool = attrs.field(default=False, validator=_check_jokers)

    def __attrs_post_init__(self) -> None:
        if self.jokers and self.tier == "stesso":
            raise ConfigurationError(
                "Stesso tempo plays no technique cards, so no Jokers", rule="OG12", path="jokers"
            )

    @property
    def techniques(self) -> bool:
        """Whether technique cards are played (every tier but Stesso tempo)."""
        return self.tier != "stesso"

    @property
    def players(self) -> int:
        """Always 2: On Guard is a duel."""
        return 2
