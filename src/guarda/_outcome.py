"""Deciding when a game ends, who won, and the stake payouts (R22-R27)."""

from __future__ import annotations

from collections.abc import Sequence

from guarda._config import Config, StakesKind
from guarda._state import Outcome, OutcomeReason, PlayerState
from guarda._tables import Tables

__all__ = ["find_outcome", "payouts", "turn_limit_outcome"]


def _members(config: Config, teams: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(player for team in teams for player in config.teams[team]))


def find_outcome(
    tables: Tables,
    players: Sequence[PlayerState],
    went_out: Sequence[int],
    pot: int,
    loot: int,
) -> Outcome | None:
    """The outcome if the game has ended now, else None.

    Called after every unit (R21), exhaustion and turn end. ``went_out`` lists the
    players who went out in the step just finished (for the draw of R22).
    """
    config = tables.config
    alive_teams = sorted({tables.team[i] for i, player in enumerate(players) if not player.is_out})
    if len(alive_teams) == 1:
        return _finish(tables, players, OutcomeReason.LAST_STANDING, alive_teams, pot, loot)
    if not alive_teams:
        drawn_teams = sorted({tables.team[player] for player in went_out})
        return _finish(tables, players, OutcomeReason.ALL_OUT, drawn_teams, pot, loot)
    if tables.target is not None:
        totals = [0] * len(config.teams)
        for index, player in enumerate(players):
            totals[tables.team[index]] += player.points
        if max(totals) >= tables.target:
            best = max(totals)
            leaders = [team for team, total in enumerate(totals) if total == best]
            return _finish(tables, players, OutcomeReason.TARGET_REACHED, leaders, pot, loot)
    return None


def turn_limit_outcome(
    tables: Tables, players: Sequence[PlayerState], pot: int, loot: int
) -> Outcome:
    """The draw between everyone still in when the turn limit is reached (R27, P19).

    With teams, the draw is shared by every member of each team that has anyone left.
    """
    teams = sorted({tables.team[i] for i, player in enumerate(players) if not player.is_out})
    drawn = _members(tables.config, teams)
    return _outcome(tables, players, OutcomeReason.TURN_LIMIT, (), None, drawn, pot, loot)


def _finish(
    tables: Tables,
    players: Sequence[PlayerState],
    reason: OutcomeReason,
    teams: Sequence[int],
    pot: int,
    loot: int,
) -> Outcome:
    members = _members(tables.config, teams)
    if len(teams) == 1:
        return _outcome(tables, players, reason, members, teams[0], (), pot, loot)
    return _outcome(tables, players, reason, (), None, members, pot, loot)


def _outcome(
    tables: Tables,
    players: Sequence[PlayerState],
    reason: OutcomeReason,
    winners: tuple[int, ...],
    winning_team: int | None,
    drawn: tuple[int, ...],
    pot: int,
    loot: int,
) -> Outcome:
    return Outcome(
        reason=reason,
        winners=winners,
        winning_team=winning_team,
        drawn=drawn,
        health=tuple(player.health for player in players),
        points=tuple(player.points for player in players),
        payouts=payouts(tables.config, players, winners or drawn, pot + loot),
    )


def payouts(
    config: Config, players: Sequence[PlayerState], takers: Sequence[int], unclaimed: int
) -> tuple[int, ...]:
    """Each player's net gain from the stakes (R26).

    Unclaimed stakes are split evenly between ``takers`` (the winners, or the drawn
    players); an indivisible remainder goes, whole, to the taker in the earliest seat
    (the lowest player number).

    Examples:
        >>> from guarda._config import modern
        >>> from guarda._state import PlayerState
        >>> config = modern(players=3, win="victory", stakes="spoils-of-war", ante=5)
        >>> players = [PlayerState((), (), None, (), (), (), None, 10)] * 3
        >>> payouts(config, players, (0, 2), 15)
        (3, -5, 2)
    """
    ante = config.stakes.ante
    if config.stakes.kind is StakesKind.NONE:
        return (0,) * len(players)
    gains = [player.winnings - ante for player in players]
    if takers:
        share, remainder = divmod(unclaimed, len(takers))
        for player in takers:
            gains[player] += share
        gains[min(takers)] += remainder
    return tuple(gains)
