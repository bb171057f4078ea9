"""Collecting game statistics from records, by replaying them with the public API.

Examples:
    >>> import guarda
    >>> from guarda.stats import summarize
    >>> record = guarda.record_game(guarda.modern(), 3, [])
    >>> summarize([record]).games
    1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs

import guarda
from guarda.errors import ArgumentError
from guarda.game import Game
from guarda.stats._cards import CardUse, CardUses
from guarda.stats._markdown import SUMMARY_HEADERS, summary_row, table
from guarda.stats._summary import Rate, Summary

__all__ = [
    "UNFINISHED",
    "AgentCards",
    "AgentResults",
    "GameStats",
    "PhaseBranching",
    "SeatResults",
    "format_markdown",
    "summarize_guarda",
]

UNFINISHED = "unfinished"
"""The ending of a record whose game is not over (see
[`GameStats.endings`][guarda.stats.GameStats.endings])."""


@attrs.frozen
class SeatResults:
    """How one seat (player number) did over the finished games.

    A player of a winning team wins (R22); a player sharing a draw draws; anyone else
    loses.
    """

    seat: int
    """The player number."""
    wins: Rate
    """Games won, out of the finished games."""
    draws: Rate
    """Games drawn."""
    losses: Rate
    """Games lost."""


@attrs.frozen
class AgentResults:
    """How one agent (a player name of the records) did over its games.

    A game in which the agent holds two seats counts twice, once per seat.
    """

    name: str
    """The agent's name (the records' [`names`][guarda.GameRecord.names])."""
    games: int
    """How many games (seats) it played, finished or not."""
    wins: Rate
    """Games won, out of its finished games."""
    draws: Rate
    """Games drawn."""
    losses: Rate
    """Games lost."""
    first: int
    """How many of its games it went first (took the first turn, R11)."""
    first_wins: Rate
    """Games won out of its finished games in which it went first."""


@attrs.frozen
class AgentCards:
    """How often one agent played each card, and how."""

    name: str
    """The agent's name."""
    card_uses: tuple[CardUses, ...]
    """Its card uses, in deck order (as
    [`GameStats.card_uses`][guarda.stats.GameStats.card_uses])."""

    @property
    def total(self) -> int:
        """Copies the agent played, all cards and ways together."""
        return sum(row.total for row in self.card_uses)


@attrs.frozen
class PhaseBranching:
    """How many legal actions a decision of one phase offered (the branching factor)."""

    phase: guarda.Phase | str
    """The phase; for a game other than Guarda, ``"all"`` (every decision)."""
    actions: Summary
    """Legal actions per decision of this phase."""


@attrs.frozen
class GameStats:
    """Statistics over a set of games of one ruleset, for designers balancing it.

    Build it with [`summarize`][guarda.stats.summarize]; show it with
    [`to_markdown`][guarda.stats.GameStats.to_markdown] or plot it with ``guarda.plot``.
    """

    config: guarda.Config
    """The ruleset every game was played with."""
    games: int
    """How many games."""
    turns: tuple[int, ...]
    """Each game's length in turns started (setup excluded), in the order given."""
    plies: tuple[int, ...]
    """Each game's length in decisions (actions), in the order given."""
    branching: tuple[PhaseBranching, ...]
    """The branching factor per phase, in the order of [`Phase`][guarda.Phase]."""
    first_player: tuple[int | None, ...]
    """Each game's first player to take a turn (R11), or None if no turn started."""
    first_player_results: SeatResults
    """How the first player did (``seat`` is -1: it stands for whoever went first)."""
    seats: tuple[SeatResults, ...]
    """How each seat did, by player number."""
    card_uses: tuple[CardUses, ...]
    """How often each card of the deck was played, and how, in deck order."""
    damage_per_turn: tuple[int, ...]
    """Damage dealt in each turn of every game (an attack's and a counter's), in order."""
    points_per_turn: tuple[int, ...]
    """Points scored in each turn of every game (Victory, King of the Hill), in order."""
    endings: tuple[tuple[str, int], ...]
    """How the games ended: each [`OutcomeReason`][guarda.OutcomeReason] value (or
    ``"unfinished"``) and how many games ended so, most common first."""
    eliminations: tuple[tuple[str, int], ...]
    """Players eliminated, by [`EliminationReason`][guarda.EliminationReason] value."""
    draws: int = 0
    """How many finished games ended without a winner (a draw)."""
    agents: tuple[AgentResults, ...] = ()
    """How each agent did, in order of first appearance (records with player names
    only)."""
    agent_cards: tuple[AgentCards, ...] = ()
    """How often each agent played each card, in order of first appearance (records with
    player names only)."""
    game: Game | None = None
    """The game of a set of games other than Guarda's, or None for Guarda. Card use,
    damage, points and eliminations are Guarda's: empty for another game, whose
    ``branching`` has one row, ``"all"``, and whose ``endings`` are ``"finished"`` and
    ``"unfinished"``."""

    @property
    def title(self) -> str:
        """What the games were: the configuration's name (Guarda) or the game's title,
        and the number of players.

        Examples:
            >>> import guarda
            >>> from guarda.stats import summarize
            >>> summarize([guarda.record_game(guarda.grda(), 1, [])]).title
            'Grda, 2 players'
        """
        if self.game is None:
            return f"{self.config.name}, {self.config.players} players"
        return f"{self.game.title}, {self.game.players(self.config)} players"

    @property
    def finished(self) -> int:
        """How many games are over."""
        return self.games - dict(self.endings).get(UNFINISHED, 0)

    def to_markdown(self) -> str:
        """These statistics as Markdown tables (plain text that reads well as is).

        Examples:
            >>> import guarda
            >>> from guarda.stats import summarize
            >>> text = summarize([guarda.record_game(guarda.grda(), 1, [])]).to_markdown()
            >>> text.splitlines()[0]
            '# Game statistics: Grda, 2 players, 1 game'
        """
        return format_markdown(self)


def _check_records(records: Iterable[guarda.GameRecord]) -> list[guarda.GameRecord]:
    if isinstance(records, (str, bytes)) or not isinstance(records, Iterable):
        raise ArgumentError(f"expected an iterable of GameRecord, not {records!r}", path="records")
    checked = list(records)
    for index, record in enumerate(checked):
        if not isinstance(record, guarda.GameRecord):
            raise ArgumentError(f"not a GameRecord: {record!r}", path=f"records[{index}]")
    if not checked:
        raise ArgumentError("give at least one record", path="records")
    config = checked[0].config
    for index, record in enumerate(checked):
        if record.config != config:
            field = _first_difference(config, record.config)
            raise ArgumentError(
                f"every record must use one ruleset: its {field} is "
                f"{_short(getattr(record.config, field))}, the first record's "
                f"{_short(getattr(config, field))}",
                path=f"records[{index}].config.{field}",
            )
    return checked


def _first_difference(first: guarda.Config, other: guarda.Config) -> str:
    """The name of the first configuration field in which ``other`` differs from ``first``."""
    for field in attrs.fields(type(first)):
        name: str = field.name
        if getattr(first, name) != getattr(other, name):
            return name
    raise AssertionError("configurations that differ differ in a field")  # pragma: no cover


def _short(value: object) -> str:
    """A value for an error message, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _action_uses(action: guarda.Action) -> tuple[CardUse, tuple[str, ...]] | None:
    match action:
        case guarda.Attack(cards=cards):
            return CardUse.ATTACK, cards
        case guarda.Defend(cards=cards):
            return CardUse.DEFENCE, cards
        case guarda.DefendCounter(cards=cards):
            return CardUse.ANSWER, cards
        case guarda.PrepareGuard(card=card) | guarda.PrepareNewGuard(card=card):
            return CardUse.GUARD, (card,)
        case guarda.Move(cards=cards):
            return CardUse.MOVE, cards
        case guarda.Push(cards=cards):
            return CardUse.PUSH, cards
        case guarda.DiscardDown(cards=cards):
            return CardUse.DISCARD, cards
        case guarda.Settle(cards=cards):
            return CardUse.SETTLE, cards
    return None


@attrs.define
class _Tally:
    """Everything counted so far, game by game."""

    players: int
    seat_results: list[Counter[str]]
    turns: list[int] = attrs.Factory(list)
    plies: list[int] = attrs.Factory(list)
    branching: dict[guarda.Phase, list[int]] = attrs.Factory(dict)
    first_player: list[int | None] = attrs.Factory(list)
    first_results: Counter[str] = attrs.Factory(Counter)
    cards: dict[str, Counter[CardUse]] = attrs.Factory(dict)
    damage: list[int] = attrs.Factory(list)
    points: list[int] = attrs.Factory(list)
    endings: Counter[str] = attrs.Factory(Counter)
    eliminations: Counter[str] = attrs.Factory(Counter)
    agent_results: dict[str, Counter[str]] = attrs.Factory(dict)
    draws: int = 0
    agent_cards: dict[str, dict[str, Counter[CardUse]]] = attrs.Factory(dict)

    def play(self, cards: Iterable[str], use: CardUse, agent: str | None = None) -> None:
        for card in cards:
            self.cards.setdefault(card, Counter())[use] += 1
            if agent is not None:
                self.agent_cards.setdefault(agent, {}).setdefault(card, Counter())[use] += 1

    def add(self, record: guarda.GameRecord) -> None:
        names = record.names
        for name in names:
            self.agent_results.setdefault(name, Counter())
            self.agent_cards.setdefault(name, {})
        state = None
        for index, state in enumerate(guarda.replay(record)):
            if index == len(record.actions):
                break
            self.branching.setdefault(state.phase, []).append(len(guarda.legal_actions(state)))
            played = _action_uses(record.actions[index])
            if played is not None:
                self.play(played[1], played[0], _name(names, state.actor))
        assert state is not None
        self.plies.append(len(record.actions))
        first = self.add_events(state.log, names)
        self.add_outcome(state.outcome, first, names)

    def add_events(
        self, events: Iterable[guarda.Event], names: tuple[str, ...] = ()
    ) -> int | None:
        """Count one game's events; return its first player to take a turn."""
        turns = 0
        first: int | None = None
        for event in events:
            match event:
                case guarda.TurnStarted(player=player):
                    turns += 1
                    first = player if first is None else first
                    self.damage.append(0)
                    self.points.append(0)
                case guarda.DamageTaken(amount=amount) if turns:
                    self.damage[-1] += amount
                case guarda.PointsScored(amount=amount) if turns:
                    self.points[-1] += amount
                case guarda.GuardActivated(player=player, card=card, orientation=orientation):
                    use = (
                        CardUse.BLOCK
                        if orientation is guarda.Orientation.DEFENSIVE
                        else CardUse.COUNTER
                    )
                    self.play((card,), use, _name(names, player))
                case guarda.PlayerEliminated(reason=reason):
                    self.eliminations[reason.value] += 1
        self.turns.append(turns)
        self.first_player.append(first)
        return first

    def add_outcome(
        self, outcome: guarda.Outcome | None, first: int | None, names: tuple[str, ...] = ()
    ) -> None:
        for seat, name in enumerate(names):
            counts = self.agent_results[name]
            counts["games"] += 1
            counts["first"] += seat == first
            if outcome is not None:
                result = _result(outcome, seat)
                counts[result] += 1
                if seat == first:
                    counts["first finished"] += 1
                    counts["first win"] += result == "win"
        if outcome is None:
            self.endings[UNFINISHED] += 1
            return
        self.endings[outcome.reason.value] += 1
        self.draws += outcome.is_draw
        for seat in range(self.players):
            self.seat_results[seat][_result(outcome, seat)] += 1
        if first is not None:
            self.first_results[_result(outcome, first)] += 1


def _name(names: tuple[str, ...], seat: int | None) -> str | None:
    """The agent name of a seat, or None for records without names."""
    return names[seat] if names and seat is not None else None


def _agent_results(name: str, counts: Counter[str]) -> AgentResults:
    finished = counts["win"] + counts["draw"] + counts["loss"]
    return AgentResults(
        name,
        counts["games"],
        Rate.of(counts["win"], finished),
        Rate.of(counts["draw"], finished),
        Rate.of(counts["loss"], finished),
        counts["first"],
        Rate.of(counts["first win"], counts["first finished"]),
    )


def _card_uses(deck: Iterable[str], cards: dict[str, Counter[CardUse]]) -> tuple[CardUses, ...]:
    return tuple(
        CardUses(
            card,
            tuple((use, cards[card][use]) for use in CardUse if cards.get(card, Counter())[use]),
        )
        for card in deck
    )


def _result(outcome: guarda.Outcome, seat: int) -> str:
    if seat in outcome.winners:
        return "win"
    return "draw" if seat in outcome.drawn else "loss"


def _seat_results(seat: int, results: Counter[str]) -> SeatResults:
    finished = results.total()
    return SeatResults(
        seat,
        Rate.of(results["win"], finished),
        Rate.of(results["draw"], finished),
        Rate.of(results["loss"], finished),
    )


def summarize_guarda(records: Iterable[guarda.GameRecord]) -> GameStats:
    """[`summarize`][guarda.stats.summarize] of Guarda's records.

    Raises:
        ArgumentError: As [`summarize`][guarda.stats.summarize].
    """
    checked = _check_records(records)
    config = checked[0].config
    tally = _Tally(config.players, seat_results=[Counter() for _ in range(config.players)])
    for record in checked:
        tally.add(record)
    deck = [entry.card.name for entry in config.deck]
    return GameStats(
        config=config,
        games=len(checked),
        turns=tuple(tally.turns),
        plies=tuple(tally.plies),
        branching=tuple(
            PhaseBranching(phase, Summary.of(tally.branching[phase]))
            for phase in guarda.Phase
            if phase in tally.branching
        ),
        first_player=tuple(tally.first_player),
        first_player_results=_seat_results(-1, tally.first_results),
        seats=tuple(
            _seat_results(seat, results) for seat, results in enumerate(tally.seat_results)
        ),
        card_uses=_card_uses(deck, tally.cards),
        damage_per_turn=tuple(tally.damage),
        points_per_turn=tuple(tally.points),
        endings=tuple(tally.endings.most_common()),
        eliminations=tuple(tally.eliminations.most_common()),
        draws=tally.draws,
        agents=tuple(_agent_results(name, counts) for name, counts in tally.agent_results.items()),
        agent_cards=tuple(
            AgentCards(name, _card_uses(deck, cards)) for name, cards in tally.agent_cards.items()
        ),
    )


def format_markdown(stats: GameStats) -> str:
    """The statistics as Markdown: a heading and one table per topic.

    Raises:
        ArgumentError: If ``stats`` is not a [`GameStats`][guarda.stats.GameStats].

    Examples:
        >>> import guarda
        >>> from guarda.stats import format_markdown, summarize
        >>> text = format_markdown(summarize([guarda.record_game(guarda.grda(), 1, [])]))
        >>> "## How games end" in text
        True
    """
    if not isinstance(stats, GameStats):
        raise ArgumentError(f"not a GameStats: {stats!r}", path="stats")
    return _render(stats)


def _render(stats: GameStats) -> str:
    """The statistics as Markdown (``stats`` checked by the caller)."""
    plural = "" if stats.games == 1 else "s"
    if stats.game is not None:
        return _render_game(stats, plural)
    lines = [
        f"# Game statistics: {stats.title}, {stats.games} game{plural}",
        "",
        *_length_and_results(stats),
        "## Cards played",
        "",
        *table(
            ("card", "total", *(use.value for use in CardUse)),
            [
                (row.card, row.total, *(row.count(use) for use in CardUse))
                for row in stats.card_uses
            ],
        ),
        "",
        *_agent_lines(stats),
        "## Damage and points per turn",
        "",
        *table(
            SUMMARY_HEADERS,
            [
                summary_row("damage", Summary.of(stats.damage_per_turn)),
                summary_row("points", Summary.of(stats.points_per_turn)),
            ],
        ),
        "",
        "## How games end",
        "",
        *table(
            ("ending", "games", "share"),
            [(ending, count, f"{count / stats.games:.1%}") for ending, count in stats.endings],
        ),
    ]
    if stats.eliminations:
        lines += [
            "",
            *table(("elimination", "players"), stats.eliminations),
        ]
    return "\n".join(lines) + "\n"


def _length_and_results(stats: GameStats) -> list[str]:
    """The game length, branching and results tables, which hold for every game."""
    return [
        "## Game length",
        "",
        *table(
            SUMMARY_HEADERS,
            [
                summary_row("turns", Summary.of(stats.turns)),
                summary_row("decisions", Summary.of(stats.plies)),
            ],
        ),
        "",
        "## Branching factor (legal actions per decision)",
        "",
        *table(
            ("phase", *SUMMARY_HEADERS[1:]),
            [summary_row(str(item.phase), item.actions) for item in stats.branching],
        ),
        "",
        f"## Results ({stats.finished} finished games, 95% Wilson intervals)",
        "",
        *table(
            ("seat", "wins", "draws", "losses"),
            [
                (
                    "first player" if row.seat < 0 else str(row.seat),
                    row.wins,
                    row.draws,
                    row.losses,
                )
                for row in (stats.first_player_results, *stats.seats)
            ],
        ),
        "",
    ]


def _render_game(stats: GameStats, plural: str) -> str:
    """The statistics of a game other than Guarda: what every game has."""
    lines = [
        f"# Game statistics: {stats.title}, {stats.games} game{plural}",
        "",
        *_length_and_results(stats),
        *_agent_result_lines(stats),
        "## How games end",
        "",
        *table(
            ("ending", "games", "share"),
            [(ending, count, f"{count / stats.games:.1%}") for ending, count in stats.endings],
        ),
    ]
    return "\n".join(lines) + "\n"


def _agent_result_lines(stats: GameStats) -> list[str]:
    """The results by agent (none for records without player names)."""
    if not stats.agents:
        return []
    return [
        "## Results by agent (finished games, 95% Wilson intervals)",
        "",
        *table(
            ("agent", "games", "wins", "draws", "losses", "went first", "wins when first"),
            [
                (row.name, row.games, row.wins, row.draws, row.losses, row.first, row.first_wins)
                for row in stats.agents
            ],
        ),
        "",
    ]


def _agent_lines(stats: GameStats) -> list[str]:
    """The tables by agent (none for records without player names)."""
    if not stats.agents:
        return []
    return [
        *_agent_result_lines(stats),
        "## Cards played by agent",
        "",
        *table(
            ("card", *(row.name for row in stats.agent_cards)),
            [
                (card, *(row.card_uses[index].total for row in stats.agent_cards))
                for index, card in enumerate(item.card for item in stats.card_uses)
            ],
        ),
        "",
    ]
