"""Observations: one player's view as a flat vector of numbers.

An [`ObservationEncoder`][guarda.rl.ObservationEncoder] turns a
[`PlayerView`][guarda.PlayerView], and nothing else, into a ``float32`` vector of a size
fixed by the configuration. It never sees a state, so it cannot leak what the viewer may
not know: two states the viewer cannot tell apart give equal views (R29), hence equal
observations.

The vector is a run of **sections**, in this order (``P`` players, ``C`` card types in
name order, ``N = size * size`` cells by index ``y * size + x``; sections "per player"
list the players by player number, not from the viewer):

- `viewer` (`P`): one-hot of the viewer (all 0 for a spectator);
- `phase` (10): one-hot of the phase, in the order of [`Phase`][guarda.Phase];
- `turn`, `actor`, `first_placed` (`P` each): one-hot of the turn player, of who must
  decide (all 0 once the game is over), of the first player to place (all 0 before);
- `counters` (4): turns started, turns ended, whether the turn player moved, the pot;
- `position` (`P x N`): per player, one-hot of the piece's cell (all 0 off the field);
- `health`, `points`, `is_out`, `winnings`, `hand_size`, `draw_pile_size`,
  `discard_size` (`P` each): per player;
- `guard_status` (`P x 2`): per player, 1 for a preparing guard, then 1 for a set one;
- `discard_known`, `in_play` (`P x C` each): per player, copies of each card face up in
  the discard pile, and on the table;
- `hand`, `guard_card` (one-hot), `discard_hidden`, `draw_pile_cards` (`C` each), and
  `guard_orientation` (2: defensive, offensive): the viewer's own cards;
- `attack` (4): whether an attack is being resolved, its incoming damage, the counter
  damage and the defender's damage in a counter; `attacker`, `defender` (`P` each,
  one-hot); `attack_cards` (`C`); `waiting_order` (`P`: place in the queue of defenders
  still to react, 1 next, else 0) and `waiting_damage` (`P`);
- `loot` (`N`): stakes lying on each cell (Scavenger);
- `outcome_reason` (4, one-hot of [`OutcomeReason`][guarda.OutcomeReason]), `winners`,
  `drawn` and `payouts` (`P` each), once the game is over.

By default numbers are plain counts, not scaled, and numbers without a limit of their own
(turns, points, the pot) are bounded by the float32 maximum. With ``normalize=True`` every
entry is scaled to a finite range: a count with a limit of its own (health, cards, stakes,
queue places) is divided by that limit, so it lies in [0, 1]; a count without one (turns
started and ended in `counters`, `points`) becomes ``x / (1 + x)``, also in [0, 1) and still
order-preserving; `payouts` are divided by the total stakes, so they lie in [-1, 1];
one-hot entries stay 0 or 1. What the encoding leaves out: the configuration
(fixed for an encoder), the legal actions (the action mask carries them), the event log
(the history; a policy that needs memory keeps its own), the order of face-up cards on the
table, and the outcome's final health and points (the same as the players').
"""

from __future__ import annotations

from typing import Final

import attrs
import gymnasium
import numpy as np
import numpy.typing as npt

from guarda import Config, GuardStatus, Orientation, OutcomeReason, Phase, PlayerView
from guarda.errors import ArgumentError

__all__ = ["ObservationEncoder", "Section"]

_PHASES: Final = tuple(Phase)
_REASONS: Final = tuple(OutcomeReason)
_ORIENTATIONS: Final = (Orientation.DEFENSIVE, Orientation.OFFENSIVE)
_BIG: Final = float(np.finfo(np.float32).max)
"""The bound of numbers without a limit of their own (turns, points)."""


@attrs.frozen
class Section:
    """One section of an observation: ``vector[start:stop]``, reshaped to ``shape``.

    Examples:
        >>> import guarda
        >>> from guarda.rl import ObservationEncoder
        >>> section = ObservationEncoder(guarda.modern()).section("position")
        >>> section.shape, section.stop - section.start
        ((2, 25), 50)
    """

    name: str
    """The section's name, as in the layout table."""
    start: int
    """Where the section starts in the vector."""
    stop: int
    """One past where it ends."""
    shape: tuple[int, ...]
    """Its shape: ``(P, N)`` for a plane per player, ``(C,)`` for card counts, ..."""
    low: float
    """The smallest value an entry may take."""
    high: float
    """The largest value an entry may take (the float32 maximum where nothing smaller
    is certain, such as turns and points; 1 or 0 when normalized)."""


class ObservationEncoder:
    """Turns the views of one configuration into vectors of a fixed size.

    Args:
        config: The ruleset.
        normalize: Scale every entry to a finite range ([0, 1], payouts [-1, 1]) instead
            of plain counts (see the module's description).

    Raises:
        ArgumentError: If ``config`` is not a [`Config`][guarda.Config] or ``normalize``
            not a bool.

    Examples:
        >>> import guarda
        >>> from guarda.rl import ObservationEncoder
        >>> scaled = ObservationEncoder(guarda.modern(), normalize=True)
        >>> float(scaled.high.max()), float(scaled.low.min())
        (1.0, 0.0)
        >>> encoder = ObservationEncoder(guarda.modern())
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> vector = encoder.encode(guarda.view(state, 0))
        >>> vector.shape == (encoder.size,), vector.dtype
        (True, dtype('float32'))
        >>> encoder.read(vector, "viewer").tolist(), encoder.read(vector, "phase")[0]
        ([1.0, 0.0], np.float32(1.0))
    """

    __slots__ = (
        "_at",
        "_cards",
        "_scale",
        "_sections",
        "_unbounded",
        "config",
        "high",
        "low",
        "normalize",
        "sections",
        "size",
        "space",
    )

    config: Config
    normalize: bool
    sections: tuple[Section, ...]
    size: int
    low: npt.NDArray[np.float32]
    high: npt.NDArray[np.float32]
    space: gymnasium.spaces.Box

    def __init__(self, config: Config, *, normalize: bool = False) -> None:
        if not isinstance(config, Config):
            raise ArgumentError(f"not a Config: {config!r}", path="config")
        if not isinstance(normalize, bool):
            raise ArgumentError(f"normalize must be a bool, not {normalize!r}", path="normalize")
        self.config = config
        """The ruleset of the views."""
        self.normalize = normalize
        """Whether entries are scaled to a finite range rather than plain counts."""
        names = tuple(sorted(config.card_names))
        self._cards = {name: i for i, name in enumerate(names)}
        players, cards, cells = config.players, len(names), config.size * config.size
        deck = float(config.deck_size)
        stakes = float(config.stakes.ante * config.players)
        copies = max(config.copies(name) for name in names)
        layout: list[tuple[str, tuple[int, ...], float, float]] = [
            ("viewer", (players,), 0, 1),
            ("phase", (len(_PHASES),), 0, 1),
            ("turn", (players,), 0, 1),
            ("actor", (players,), 0, 1),
            ("first_placed", (players,), 0, 1),
            ("counters", (4,), 0, _BIG),
            ("position", (players, cells), 0, 1),
            ("health", (players,), 0, float(config.max_health)),
            ("points", (players,), 0, _BIG),
            ("is_out", (players,), 0, 1),
            ("winnings", (players,), 0, stakes),
            ("hand_size", (players,), 0, deck),
            ("draw_pile_size", (players,), 0, deck),
            ("discard_size", (players,), 0, deck),
            ("guard_status", (players, 2), 0, 1),
            ("discard_known", (players, cards), 0, copies),
            ("in_play", (players, cards), 0, copies),
            ("hand", (cards,), 0, copies),
            ("guard_card", (cards,), 0, 1),
            ("guard_orientation", (2,), 0, 1),
            ("discard_hidden", (cards,), 0, copies),
            ("draw_pile_cards", (cards,), 0, copies),
            ("attack", (4,), 0, deck),
            ("attacker", (players,), 0, 1),
            ("defender", (players,), 0, 1),
            ("attack_cards", (cards,), 0, copies),
            ("waiting_order", (players,), 0, players),
            ("waiting_damage", (players,), 0, deck),
            ("loot", (cells,), 0, stakes),
            ("outcome_reason", (len(_REASONS),), 0, 1),
            ("winners", (players,), 0, 1),
            ("drawn", (players,), 0, 1),
            ("payouts", (players,), -stakes, stakes),
        ]
        sections = []
        start = 0
        scale: list[float] = []
        unbounded: list[bool] = []
        for name, shape, low, high in layout:
            stop = start + int(np.prod(shape))
            if name == "counters":  # turns started, turns ended: free; a flag; the pot
                scale.extend([1.0, 1.0, 1.0, 1.0 / stakes if stakes else 1.0])
                unbounded.extend([True, True, False, False])
            else:
                scale.extend([1.0 / high if 0 < high < _BIG else 1.0] * (stop - start))
                unbounded.extend([high == _BIG] * (stop - start))
            if normalize:
                bounds = (-1.0 if low < 0 else 0.0, 1.0 if high > 0 else 0.0)
            else:
                bounds = (float(low), float(high))
            sections.append(Section(name, start, stop, shape, *bounds))
            start = stop
        self._scale = np.asarray(scale, dtype=np.float32)
        self._unbounded = np.asarray(unbounded, dtype=bool)
        self.sections = tuple(sections)
        """Every section, in vector order."""
        self._sections = {section.name: section for section in sections}
        self._at = {section.name: section.start for section in sections}
        self.size = start
        """The length of every vector."""
        self.low = np.zeros(start, dtype=np.float32)
        """The smallest value of each entry."""
        self.high = np.zeros(start, dtype=np.float32)
        """The largest value of each entry."""
        for section in sections:
            self.low[section.start : section.stop] = section.low
            self.high[section.start : section.stop] = section.high
        self.space = gymnasium.spaces.Box(self.low, self.high, dtype=np.float32)
        """The vectors as a gymnasium ``Box``."""

    def __repr__(self) -> str:
        scaled = ", normalized" if self.normalize else ""
        return f"<ObservationEncoder of {self.config.name}: {self.size} numbers{scaled}>"

    def section(self, name: str) -> Section:
        """The section of that name, such as ``"hand"``.

        Raises:
            ArgumentError: If no section has that name.
        """
        found = self._sections.get(name)
        if found is None:
            raise ArgumentError(
                f"no section named {name!r}: the sections are {', '.join(self._sections)}",
                path="name",
            )
        return found

    def read(self, vector: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
        """The section ``name`` of an encoded vector, in its shape.

        Raises:
            ArgumentError: If no section has that name or ``vector`` is not of this size.
        """
        section = self.section(name)
        array = np.asarray(vector)
        if array.shape != (self.size,):
            raise ArgumentError(
                f"an observation has shape ({self.size},), not {array.shape}", path="vector"
            )
        return array[section.start : section.stop].reshape(section.shape)

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The observation of a view: what the viewer may know, as numbers.

        Raises:
            ArgumentError: If ``view`` is not a [`PlayerView`][guarda.PlayerView] of this
                encoder's configuration.
        """
        if not isinstance(view, PlayerView):
            raise ArgumentError(f"not a PlayerView: {view!r}", path="view")
        if view.config is not self.config and view.config != self.config:
            raise ArgumentError(
                f"a view of {view.config.name}, but this encoder is for {self.config.name}",
                path="view.config",
            )
        out = np.zeros(self.size, dtype=np.float32)
        at = self._at
        cards = self._cards
        count = len(cards)
        players = len(view.players)
        cells = self.config.size * self.config.size

        def one(name: str, place: int | None) -> None:
            if place is not None:
                out[at[name] + place] = 1

        def tally(start: int, zone: tuple[str, ...]) -> None:
            for card in zone:
                out[start + cards[card]] += 1

        one("viewer", view.player)
        one("phase", _PHASES.index(view.phase))
        one("turn", view.turn)
        one("actor", view.actor)
        one("first_placed", view.first_placed)
        counters = at["counters"]
        out[counters : counters + 4] = (
            view.turn_number,
            view.turns_ended,
            view.has_moved,
            view.pot,
        )
        size = self.config.size
        for index, player in enumerate(view.players):
            if player.position is not None:
                cell = player.position
                out[at["position"] + index * cells + cell.y * size + cell.x] = 1
            out[at["health"] + index] = player.health
            out[at["points"] + index] = player.points
            out[at["is_out"] + index] = player.is_out
            out[at["winnings"] + index] = player.winnings
            out[at["hand_size"] + index] = player.hand_size
            out[at["draw_pile_size"] + index] = player.draw_pile_size
            out[at["discard_size"] + index] = player.discard_size
            if player.guard is not None:
                status = 0 if player.guard is GuardStatus.PREPARING else 1
                out[at["guard_status"] + 2 * index + status] = 1
            tally(at["discard_known"] + index * count, player.discard_known)
            tally(at["in_play"] + index * count, player.in_play)
        tally(at["hand"], view.hand)
        guard = view.guard
        if guard is not None:
            one("guard_card", cards[guard.card])
            if guard.orientation is not None:
                one("guard_orientation", _ORIENTATIONS.index(guard.orientation))
        tally(at["discard_hidden"], view.discard_hidden)
        tally(at["draw_pile_cards"], view.draw_pile_cards)
        attack = view.attack
        if attack is not None:
            start = at["attack"]
            out[start : start + 4] = (1, attack.damage, attack.counter, attack.defender_damage)
            one("attacker", attack.attacker)
            one("defender", attack.defender)
            tally(at["attack_cards"], attack.cards)
            for place, (player_number, damage) in enumerate(attack.waiting, start=1):
                out[at["waiting_order"] + player_number] = place
                out[at["waiting_damage"] + player_number] = damage
        for cell, amount in view.loot:
            out[at["loot"] + cell.y * size + cell.x] += amount
        outcome = view.outcome
        if outcome is not None:
            one("outcome_reason", _REASONS.index(outcome.reason))
            for player_number in outcome.winners:
                one("winners", player_number)
            for player_number in outcome.drawn:
                one("drawn", player_number)
            start = at["payouts"]
            out[start : start + players] = outcome.payouts
        if self.normalize:
            out *= self._scale
            free = self._unbounded
            out[free] = out[free] / (1.0 + out[free])
        return out
