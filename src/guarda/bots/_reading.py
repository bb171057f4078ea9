"""Reading the table: what the reference bots ask about a position, on guarda.rules only.

Everything here is a question a player at the table can answer from what they see: which
cards hit whom, which defend, where a piece is exposed. [`GreedyBot`][guarda.bots.GreedyBot]
weighs its options with these, and [`ISMCTSBot`][guarda.bots.ISMCTSBot] scores the
positions where it stops looking ahead with [`evaluate`][guarda.bots._reading.evaluate].
The card geometry always comes from
[`guarda.rules.covered_cells`][guarda.rules.covered_cells].
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import guarda
from guarda import Cell, GameState, GuardStatus, Orientation, PlayerView, rules

__all__ = [
    "Geometry",
    "attacks",
    "check_turn",
    "defends",
    "evaluate",
    "exposure",
    "geometry",
    "keep_value",
    "opponents",
]

Position = GameState | PlayerView


def check_turn(view: object) -> None:
    """Refuse anything but the view of a player who must decide now.

    Raises:
        ArgumentError: If ``view`` is not a [`PlayerView`][guarda.PlayerView] or its
            player has nothing to decide.
    """
    if not isinstance(view, PlayerView):
        raise guarda.ArgumentError(f"not a PlayerView: {view!r}", path="view")
    if not view.must_act or not view.legal_actions:
        raise guarda.ArgumentError(
            f"player {view.player} has nothing to decide in this view", path="view"
        )


class Geometry:
    """Per ruleset: the cells every card covers from every seat, as sets of ``(x, y)``.

    Built once per configuration from [`guarda.rules.covered_cells`][guarda.rules.covered_cells]
    (see [`geometry`][guarda.bots._reading.geometry]); the bots ask it millions of
    times, so a lookup is one dictionary access.
    """

    __slots__ = ("attack", "deck", "defence", "teams", "threats")

    def __init__(self, config: guarda.Config) -> None:
        self.attack: dict[tuple[int, str], frozenset[tuple[int, int]]] = {}
        self.defence: dict[tuple[int, str], frozenset[tuple[int, int]]] = {}
        for player in range(config.players):
            for name in config.card_names:
                for orientation, table in (
                    (Orientation.OFFENSIVE, self.attack),
                    (Orientation.DEFENSIVE, self.defence),
                ):
                    cells = rules.covered_cells(config, player, name, orientation)
                    table[player, name] = frozenset((cell.x, cell.y) for cell in cells)
        self.teams = tuple(config.team_of(player) for player in range(config.players))
        self.deck = tuple(
            (entry.card.name, entry.copies / config.deck_size) for entry in config.deck
        )
        self.threats: dict[tuple[int, int, int], float] = {}

    def threat(self, attacker: int, cell: Cell) -> float:
        """The share of ``attacker``'s deck that, played in attack, covers ``cell``."""
        key = (attacker, cell.x, cell.y)
        share = self.threats.get(key)
        if share is None:
            spot = (cell.x, cell.y)
            share = self.threats[key] = sum(
                part for name, part in self.deck if spot in self.attack[attacker, name]
            )
        return share


@functools.lru_cache(maxsize=64)
def _geometry(config: guarda.Config) -> Geometry:
    return Geometry(config)


_BY_IDENTITY: dict[int, tuple[guarda.Config, Geometry]] = {}
"""The geometries of the configuration objects asked about lately, by identity. A search
asks hundreds of thousands of times about the same few objects; comparing an equal copy
with the cached key field by field (as ``lru_cache`` does) cost a fifth of its time. Each
entry holds its configuration, so the identity it is filed under is never reused."""


def geometry(config: guarda.Config) -> Geometry:
    """The [`Geometry`][guarda.bots._reading.Geometry] of a ruleset, kept for the last 64."""
    entry = _BY_IDENTITY.get(id(config))
    if entry is not None and entry[0] is config:
        return entry[1]
    table = _geometry(config)
    if len(_BY_IDENTITY) >= 256:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[id(config)] = (config, table)
    return table


def attacks(config: guarda.Config, player: int, card: str, cell: Cell | None) -> bool:
    """Whether ``player``'s ``card``, played in attack, covers ``cell`` (R5, R15).

    Examples:
        >>> import guarda
        >>> attacks(guarda.modern(players=2), 0, "V2", guarda.Cell.parse("b4"))
        True
    """
    return cell is not None and (cell.x, cell.y) in geometry(config).attack[player, card]


def defends(config: guarda.Config, player: int, card: str, cell: Cell | None) -> bool:
    """Whether ``card``, turned around, covers ``player``'s ``cell``: it can defend there
    (R19), and a guard of it blocks critically there (R20).

    Examples:
        >>> import guarda
        >>> defends(guarda.modern(players=2), 0, "V4", guarda.Cell.parse("b1"))
        True
    """
    return cell is not None and (cell.x, cell.y) in geometry(config).defence[player, card]


def opponents(position: Position, player: int) -> list[int]:
    """The opponents of ``player`` still in the game (teammates are never hit, R15)."""
    teams = geometry(position.config).teams
    team = teams[player]
    players: Sequence[guarda.PlayerState | guarda.PublicPlayer] = position.players
    return [
        other for other, public in enumerate(players) if not public.is_out and teams[other] != team
    ]


def exposure(position: Position, player: int, cell: Cell, others: Sequence[int]) -> float:
    """How many attack cards the opponents ``others`` can be expected to hold against ``cell``.

    Each opponent's hand is unknown, so each hand card counts with the share of that
    opponent's deck that would hit the cell ("it cuts both ways": standing where an
    opponent's own defence cards attack is dangerous, R6).
    """
    table = geometry(position.config)
    total = 0.0
    for other in others:
        if other != player:
            public = position.players[other]
            size = (
                public.hand_size if isinstance(public, guarda.PublicPlayer) else len(public.hand)
            )
            total += table.threat(other, cell) * size
    return total


def keep_value(
    config: guarda.Config,
    player: int,
    card: str,
    cell: Cell | None,
    targets: Iterable[Cell | None],
) -> float:
    """How much a hand card is worth keeping where ``player`` stands on ``cell``.

    An attack card is worth 3 per opponent it hits now, a card that defends the cell
    (and would make a critical guard there) 2; other cards are fodder to burn for moves
    or to discard (the "hand management" tip of the source texts).
    """
    hits = sum(1 for target in targets if attacks(config, player, card, target))
    return 3.0 * hits + (2.0 if defends(config, player, card, cell) else 0.0)


def _guard_worth(position: GameState, player: int) -> float:
    state = position
    guard = state.players[player].guard
    if guard is None:
        return 0.0
    cell = state.players[player].position
    config = state.config
    if guard.status is GuardStatus.PREPARING:
        return 1.0 + (1.5 if defends(config, player, guard.card, cell) else 0.0)
    if guard.orientation is Orientation.DEFENSIVE:
        return 2.0 + (2.0 if defends(config, player, guard.card, cell) else 0.0)
    return 2.0


_POINTS: dict[type, float] = {guarda.Victory: 3.0, guarda.KingOfTheHill: 6.0}
_POINTS.update(dict.fromkeys((guarda.Elimination, guarda.Exhaustion), 0.0))


def evaluate(state: GameState, player: int) -> float:
    """A score in [0, 1] of how well ``player`` stands: 1 won, 0 lost, 1/2 a draw.

    For a game still going, each player still in is worth: 3 per health point (none in
    Victory), their points (3 each in Victory, 6 in King of the Hill), their guard (a
    defensive guard on a cell it covers blocks critically, R20), attack cards that hit
    now, defence cards that cover their own cell, minus the expected exposure of their
    cell to the opponents' hands; a player who is out is worth their points only. A team
    is worth the sum of its members, and the score compares the player's team with the
    average of the other teams, so damage to any opponent counts.
    """
    outcome = state.outcome
    if outcome is not None:
        return 1.0 if player in outcome.winners else 0.5 if player in outcome.drawn else 0.0
    config = state.config
    table = geometry(config)
    teams = [0.0] * len(config.teams)
    points = _POINTS[type(config.win)]
    exhaustion = isinstance(config.win, guarda.Exhaustion)
    for index, public in enumerate(state.players):
        team = table.teams[index]
        teams[team] += points * public.points
        if public.is_out:
            continue
        others = opponents(state, index)
        cell = public.position
        spots = [
            (target.x, target.y)
            for other in others
            if (target := state.players[other].position) is not None
        ]
        spot = None if cell is None else (cell.x, cell.y)
        attack = 0
        defence = 0
        for card in public.hand:
            covered = table.attack[index, card]
            attack += sum(1 for target in spots if target in covered)
            defence += spot in table.defence[index, card]
        score = 3.0 * public.health if config.has_health else 0.0
        if exhaustion:
            score += 0.3 * len(public.draw_pile)
        score += _guard_worth(state, index) + 0.8 * attack + 0.6 * min(defence, 2)
        if cell is not None:
            score -= 0.8 * exposure(state, index, cell, others)
        teams[team] += score
    mine = config.team_of(player)
    theirs = sum(value for team, value in enumerate(teams) if team != mine) / (len(teams) - 1)
    return float(1.0 / (1.0 + 2.0 ** ((theirs - teams[mine]) / 4.0)))
