"""What a player observes in OpenSpiel: strings and a tensor made from their view alone.

Every observation is computed from the observing player's
[`PlayerView`][guarda.PlayerView] (or a spectator's, for OpenSpiel's public
observation), never from the full state, so nothing a player may not know can leak into
what an OpenSpiel algorithm learns from (R28).

- The **information state string** (perfect recall) is the view in
  [notation][guarda.format_view] on the first line, then every event of the view's log
  (the game's whole history as the player saw it), one per line. The opening
  [`DealCommitted`][guarda.DealCommitted] is left out: its hash is a function of the seed,
  so keeping it would tell every deal apart, though no player can read a card from it.
- The **observation string** is the first line alone: the present facts.
- The **observation tensor** holds the present facts as numbers (see
  [`GuardaObserver`][guarda.openspiel.GuardaObserver] for its pieces). There is no
  information state tensor: a perfect-recall history has no fixed size, and the
  present facts already hold every card a player has seen that is still face up.

Before the seed is dealt (the chance nodes) every player observes the same text, the
number of seed bytes drawn, and a tensor of zeros.
"""

from __future__ import annotations

import functools
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt
import pyspiel

import guarda
from guarda.errors import ArgumentError

__all__ = ["GuardaObserver", "information_state_string", "observation_string"]

_PHASES: Final = tuple(guarda.Phase)
_STATUSES: Final = (guarda.GuardStatus.PREPARING, guarda.GuardStatus.SET)
_ORIENTATIONS: Final = (guarda.Orientation.OFFENSIVE, guarda.Orientation.DEFENSIVE)
_NUMBERS: Final = ("health", "points", "winnings", "hand_size", "draw_pile_size", "discard_size")


class Observed(Protocol):
    """What the observer reads of an OpenSpiel state: the game, once dealt."""

    @property
    def game_state(self) -> guarda.GameState | None:
        """The game; None until the seed is dealt."""
        ...

    @property
    def seed_bytes_drawn(self) -> int:
        """How many chance nodes of the deal are behind."""
        ...

    @property
    def event_lines(self) -> dict[int | None, tuple[int, str]]:
        """A cache of the event lines of each viewer's information state string."""
        ...


@functools.lru_cache(maxsize=1 << 16)
def _event_line(event: guarda.Event) -> str:
    return repr(event)


def observation_string(view: guarda.PlayerView) -> str:
    """The observation string of a view: the present facts, in notation.

    Args:
        view: A player's (or a spectator's) view.

    Returns:
        [`guarda.format_view`][guarda.format_view] of the view.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.grda(), seed=1)
        >>> observation_string(guarda.view(state, 0)).split()[:2]
        ['v0', 'setup']
    """
    return guarda.format_view(view)


def information_state_string(
    view: guarda.PlayerView, cache: dict[int | None, tuple[int, str]] | None = None
) -> str:
    """The information state string of a view: the present facts, then the history.

    The first line is [`observation_string`][guarda.openspiel.observation_string]; then
    comes every event of the view's log but the opening commitment, one per line, as the
    viewer saw it. Two views give the same string exactly when they are equal apart from
    that commitment.

    Args:
        view: A player's (or a spectator's) view.
        cache: Per viewer, the number of events already written and their lines: the
            lines of a view's log so far, kept so that a later view of the same game
            writes only its new events. Updated in place.

    Returns:
        The string.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.grda(), seed=1)
        >>> information_state_string(guarda.view(state, 0)).splitlines()[1]
        "SetupCardDrawn(player=0, card='H3')"
    """
    events = view.events
    written, text = (0, "") if cache is None else cache.get(view.player, (0, ""))
    if written > len(events):
        written, text = 0, ""
    if written < len(events):
        lines = [text] if written else []
        lines.extend(
            _event_line(event)
            for event in events[written:]
            if not isinstance(event, guarda.DealCommitted)
        )
        text = "\n".join(lines)
        if cache is not None:
            cache[view.player] = (len(events), text)
    return f"{guarda.format_view(view)}\n{text}"


def _pieces(config: guarda.Config) -> list[tuple[str, tuple[int, ...]]]:
    players, cells, types = config.players, config.size * config.size, len(config.deck)
    return [
        ("observer", (players,)),
        ("phase", (len(_PHASES),)),
        ("turn", (players,)),
        ("actor", (players,)),
        ("progress", (2,)),
        ("position", (players, cells)),
        ("numbers", (players, len(_NUMBERS))),
        ("out", (players,)),
        ("guard_status", (players, len(_STATUSES))),
        ("discard_known", (players, types)),
        ("in_play", (players, types)),
        ("hand", (types,)),
        ("guard_card", (types,)),
        ("guard_orientation", (len(_ORIENTATIONS),)),
        ("discard_hidden", (types,)),
        ("draw_pile", (types,)),
        ("attack_roles", (2, players)),
        ("attack_cards", (types,)),
        ("attack_damage", (3,)),
        ("waiting", (players,)),
        ("loot", (cells,)),
        ("pot", (1,)),
        ("first_placed", (players,)),
        ("result", (2, players)),
    ]


class GuardaObserver:
    """OpenSpiel's observer of a Guarda game (the ``PyObserver`` interface).

    OpenSpiel makes one through ``game.make_py_observer`` (or
    ``open_spiel.python.observation.make_observation``): with ``perfect_recall`` it
    writes information state strings, without it observation strings and the tensor.
    ``private_info`` ``SINGLE_PLAYER`` (the default) observes as the given player,
    ``NONE`` as a spectator (the public information only); ``ALL_PLAYERS`` is refused,
    since every observation comes from a [`PlayerView`][guarda.PlayerView].

    The tensor (``float32``, without perfect recall only) is one flat array; ``dict``
    holds named views into it, with ``P`` players, ``C`` cells and ``T`` card types:

    | piece | shape | holds |
    | --- | --- | --- |
    | `observer` | `P` | 1 for the observing player (all 0 for a spectator) |
    | `phase` | 10 | the phase, one-hot in the order of [`Phase`][guarda.Phase] |
    | `turn`, `actor` | `P` | the turn player; who must decide (none once over) |
    | `progress` | 2 | turns ended divided by the turn limit; whether the turn player moved |
    | `position` | `P x C` | each piece's cell, one-hot (`y * size + x`) |
    | `numbers` | `P x 6` | health, points, winnings, hand size, draw pile size, discard size |
    | `out` | `P` | 1 for each player who is out |
    | `guard_status` | `P x 2` | preparing, set |
    | `discard_known`, `in_play` | `P x T` | face-up discards; face-up cards on the table |
    | `hand`, `guard_card` | `T` | the observer's hand and guard card (counts) |
    | `guard_orientation` | 2 | offensive, defensive (the observer's set guard) |
    | `discard_hidden`, `draw_pile` | `T` | the observer's face-down discards, draw pile cards |
    | `attack_roles` | `2 x P` | the attacker and the defender reacting now |
    | `attack_cards` | `T` | the attack cards |
    | `attack_damage` | 3 | incoming damage, counter damage, the defender's damage |
    | `waiting` | `P` | the incoming damage of each defender still to react |
    | `loot` | `C` | stakes lying on each cell; `pot`: stakes unclaimed |
    | `first_placed` | `P` | the first player to place a piece |
    | `result` | `2 x P` | the winners; the players sharing a draw |

    Args:
        config: The ruleset.
        iig_obs_type: OpenSpiel's ``IIGObservationType``, or None for the default
            observation (no perfect recall, public and the player's private information).
        params: Observer parameters; there are none.

    Raises:
        ArgumentError: If ``params`` is given or the observation type asks for every
            player's private information, or no public information.

    Examples:
        >>> import guarda
        >>> observer = GuardaObserver(guarda.grda(), None, None)
        >>> observer.tensor.shape, observer.dict["position"].shape
        ((174,), (2, 16))
    """

    def __init__(
        self, config: guarda.Config, iig_obs_type: Any | None, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ArgumentError(
                f"a Guarda observer takes no parameters, not {params!r}", path="params"
            )
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not iig_obs_type.public_info:
            raise ArgumentError(
                "a Guarda observation shows what one player (or a spectator) may know "
                "(R28): every player's private information, or no public information, "
                "cannot be observed",
                path="iig_obs_type",
            )
        self.config = config
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        self.spectator: bool = private == pyspiel.PrivateInfoType.NONE
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if not self.perfect_recall:
            pieces = _pieces(config)
            sizes = [int(np.prod(shape)) for _, shape in pieces]
            self.tensor = np.zeros(sum(sizes), np.float32)
            start = 0
            for (name, shape), size in zip(pieces, sizes, strict=True):
                self.dict[name] = self.tensor[start : start + size].reshape(shape)
                start += size

    def _view(self, state: Observed, player: int) -> guarda.PlayerView | None:
        position = state.game_state
        if position is None:
            return None
        return guarda.view(position, None if self.spectator else player)

    def set_from(self, state: Observed, player: int) -> None:
        """Write what ``player`` observes of ``state`` into ``tensor``."""
        if self.tensor is None:
            return
        self.tensor.fill(0.0)
        view = self._view(state, player)
        if view is not None:
            _write(self.dict, self.config, view)

    def string_from(self, state: Observed, player: int) -> str:
        """What ``player`` observes of ``state``, as a string."""
        view = self._view(state, player)
        if view is None:
            return f"dealing: {state.seed_bytes_drawn} of 8 seed bytes drawn"
        if self.perfect_recall:
            return information_state_string(view, state.event_lines)
        return observation_string(view)


def _count(row: npt.NDArray[np.float32], index: dict[str, int], cards: tuple[str, ...]) -> None:
    for card in cards:
        row[index[card]] += 1.0


def _write(
    pieces: dict[str, npt.NDArray[np.float32]], config: guarda.Config, view: guarda.PlayerView
) -> None:
    size = config.size
    index = {name: number for number, name in enumerate(config.card_names)}
    if view.player is not None:
        pieces["observer"][view.player] = 1.0
    pieces["phase"][_PHASES.index(view.phase)] = 1.0
    pieces["turn"][view.turn] = 1.0
    if view.actor is not None:
        pieces["actor"][view.actor] = 1.0
    limit = config.turn_limit
    pieces["progress"][:] = (view.turns_ended / limit if limit else 0.0, float(view.has_moved))
    for number, public in enumerate(view.players):
        if public.position is not None:
            pieces["position"][number, public.position.index(size)] = 1.0
        pieces["numbers"][number] = [getattr(public, name) for name in _NUMBERS]
        pieces["out"][number] = float(public.is_out)
        if public.guard is not None:
            pieces["guard_status"][number, _STATUSES.index(public.guard)] = 1.0
        _count(pieces["discard_known"][number], index, public.discard_known)
        _count(pieces["in_play"][number], index, public.in_play)
    _count(pieces["hand"], index, view.hand)
    if view.guard is not None:
        pieces["guard_card"][index[view.guard.card]] = 1.0
        if view.guard.orientation is not None:
            pieces["guard_orientation"][_ORIENTATIONS.index(view.guard.orientation)] = 1.0
    _count(pieces["discard_hidden"], index, view.discard_hidden)
    _count(pieces["draw_pile"], index, view.draw_pile_cards)
    attack = view.attack
    if attack is not None:
        pieces["attack_roles"][0, attack.attacker] = 1.0
        pieces["attack_roles"][1, attack.defender] = 1.0
        _count(pieces["attack_cards"], index, attack.cards)
        pieces["attack_damage"][:] = (attack.damage, attack.counter, attack.defender_damage)
        for defender, damage in attack.waiting:
            pieces["waiting"][defender] = damage
    for cell, stake in view.loot:
        pieces["loot"][cell.index(size)] = stake
    pieces["pot"][0] = view.pot
    if view.first_placed is not None:
        pieces["first_placed"][view.first_placed] = 1.0
    if view.outcome is not None:
        pieces["result"][0, list(view.outcome.winners)] = 1.0
        pieces["result"][1, list(view.outcome.drawn)] = 1.0
