"""Running an arena's games through an executor: matches, round robins and gauntlets.

Examples:
    >>> import guarda
    >>> from guarda.arena import SerialExecutor
    >>> from guarda.bots import RandomBot
    >>> result = match(guarda.grda(turn_limit=20), [RandomBot(), RandomBot()], 2, seed=1,
    ...                executor=SerialExecutor())
    >>> [game.seats for game in result.games]
    [('random', 'random#2'), ('random#2', 'random')]
"""

from __future__ import annotations

import itertools
import math
import os
import warnings
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from typing import Any, Literal, TypeVar

import attrs

import guarda
from guarda.arena._jsonl import RecordsWriter
from guarda.arena._play import failed_game, play_game, release
from guarda.arena._progress import Bar, progress_bar
from guarda.arena._results import ArenaResult, GameResult
from guarda.arena._schedule import (
    AgentSpec,
    Entrant,
    GameTask,
    MatchOptions,
    entrants_of,
    schedule,
)
from guarda.arena._sprt import SPRT, SPRTWatch
from guarda.bots import deal_for, new_key
from guarda.errors import ArgumentError
from guarda.game import Game
from guarda.games import GUARDA, GuardaGame, game_of, get_game

__all__ = ["gauntlet", "match", "round_robin"]

T = TypeVar("T")

GameCallback = Callable[[GameResult], None]
"""A callback that sees every game's result as it comes in (in completion order)."""

_DIED = (
    "a worker process died while playing this game (an agent may have killed it); "
    "the game was played again alone and its worker died again"
)


class _Pool:
    """The executor the games go to; once it breaks, a new process pool of the arena's own.

    A pool of the arena's own is shut down and made anew. A broken executor the caller
    passed in is left to the caller (never shut down here): the arena goes on in a
    process pool of its own instead.
    """

    def __init__(self, executor: Executor | None, workers: int) -> None:
        self.own = executor is None
        self.workers = workers
        self.executor = executor if executor is not None else self.new()

    def new(self) -> Executor:
        return ProcessPoolExecutor(max_workers=self.workers)

    def renew(self) -> None:
        if self.own:
            self.executor.shutdown(wait=True, cancel_futures=True)
        else:
            warnings.warn(
                f"the executor {type(self.executor).__name__} broke (a worker died): the "
                f"arena goes on in a process pool of its own ({self.workers} workers); "
                "the broken executor is left to the caller",
                RuntimeWarning,
                stacklevel=2,
            )
        self.executor = self.new()
        self.own = True

    def close(self) -> None:
        if self.own:
            self.executor.shutdown(wait=True, cancel_futures=True)


def _is_broken(error: BaseException) -> bool:
    """Whether an executor broke (a worker process died): ``BrokenProcessPool`` and the
    like, from the arena's own pool or the caller's."""
    return isinstance(error, BrokenExecutor)


class _Runner:
    """Keeps a window of games in flight, collects the results, survives dying workers.

    When a worker dies, every game in flight fails with its pool, the arena's own or the
    caller's. Those games are played again one at a time in a new pool of the arena's
    own: a game whose worker dies again is reported with an error, the others count as
    usual; the games not yet started go on in the new pool.
    """

    def __init__(
        self,
        pool: _Pool,
        window: int,
        on_result: Callable[[GameResult], None],
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.pool = pool
        self.window = window
        self.on_result = on_result
        self.stop = stop
        """When it returns True, no new game is sent (those in flight are collected)."""
        self.pending: dict[Future[GameResult], GameTask] = {}
        self.refused: deque[GameTask] = deque()
        """Games our own pool refused because a worker had just died: played again."""

    def submit(self, task: GameTask, *, again: bool = True) -> None:
        """Send a game to the pool; if the pool broke before it could take it (a worker
        died, its futures not yet collected), keep it to play ``again`` after the renewal."""
        try:
            future = self.pool.executor.submit(play_game, task)
        except Exception as error:  # a broken or shut down executor
            if again and _is_broken(error):
                self.refused.append(task)
                return
            self.on_result(failed_game(task, f"the executor refused the game: {error!r}"))
            return
        self.pending[future] = task

    def collect(self, future: Future[GameResult], suspects: deque[GameTask]) -> None:
        task = self.pending.pop(future)
        try:
            result = future.result()
        except BaseException as error:
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            if _is_broken(error):
                suspects.append(task)
                return
            result = failed_game(task, f"the executor failed the game: {error!r}")
        self.on_result(result)

    def run(self, tasks: Sequence[GameTask]) -> None:
        queue = deque(tasks)
        try:
            while queue or self.pending or self.refused:
                if self.stop is not None and self.stop():
                    queue.clear()
                while queue and len(self.pending) < self.window and not self.refused:
                    self.submit(queue.popleft())
                suspects: deque[GameTask] = deque()
                if self.pending:
                    done, _ = wait(list(self.pending), return_when=FIRST_COMPLETED)
                    for future in sorted(done, key=lambda future: self.pending[future].game):
                        self.collect(future, suspects)
                if suspects or self.refused:  # the pool broke: every game in flight ends with it
                    wait(list(self.pending))
                    for future in list(self.pending):
                        self.collect(future, suspects)
                    suspects.extend(self.refused)
                    self.refused.clear()
                    self.isolate(suspects)
        finally:
            for future in self.pending:
                future.cancel()

    def isolate(self, suspects: deque[GameTask]) -> None:
        """Play the games a dead worker took down again, one at a time, in new pools."""
        self.pool.renew()
        while suspects:
            task = suspects.popleft()
            self.submit(task, again=False)  # a fresh pool: a refusal now is the game's end
            for future in list(self.pending):
                wait([future])
                again: deque[GameTask] = deque()
                self.collect(future, again)
                if again:
                    self.on_result(failed_game(task, _DIED))
                    self.pool.renew()


def _check_number(value: object, path: str, *, integer: bool = False) -> None:
    """Refuse anything but a positive number (a positive integer with ``integer``)."""
    number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    if (
        number is None
        or (integer and not isinstance(number, int))
        or not math.isfinite(number)
        or number <= 0
    ):
        kind = "a positive integer" if integer else "a positive number"
        raise ArgumentError(f"{path} must be {kind}, not {value!r}", path=path)


def _options(
    time_budget: float | None,
    clock: float | None,
    on_fault: object,
    max_turns: int | None,
    timer: object,
    event: str | None,
    game: Game,
) -> MatchOptions:
    for label, value in (("time_budget", time_budget), ("clock", clock)):
        if value is not None:
            _check_number(value, label)
    if max_turns is not None:
        _check_number(max_turns, "max_turns", integer=True)
    if on_fault not in ("fallback", "forfeit"):
        raise ArgumentError(
            f'on_fault must be "fallback" or "forfeit", not {on_fault!r}', path="on_fault"
        )
    if timer not in ("wall", "cpu"):
        raise ArgumentError(f'timer must be "wall" or "cpu", not {timer!r}', path="timer")
    if event is not None and not isinstance(event, str):
        raise ArgumentError(f"event must be a string, not {event!r}", path="event")
    # Guarda's games are played as they always were: no game in the options.
    played = None if isinstance(game, GuardaGame) else game
    return MatchOptions(time_budget, clock, on_fault, max_turns, timer, event, game=played)


def _run(
    tournament: str,
    config: Any,
    entrants: list[Entrant],
    tables: list[tuple[Entrant, ...]],
    games: int,
    seed: int,
    *,
    key: str | None,
    duplicate: bool,
    keep_agents: bool,
    executor: Executor | None,
    workers: int | None,
    options: MatchOptions,
    records: str | os.PathLike[str] | None,
    progress: bool,
    on_game: GameCallback | None,
    sprt: SPRT | None = None,
) -> ArenaResult:
    _check_number(games, "games", integer=True)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(f"the seed must be an integer, not {seed!r}", path="seed")
    if executor is not None and not isinstance(executor, Executor):
        raise ArgumentError(f"not a concurrent.futures.Executor: {executor!r}", path="executor")
    if workers is not None:
        _check_number(workers, "workers", integer=True)
    if records is not None and not isinstance(records, (str, os.PathLike)):
        raise ArgumentError(f"records must be a path, not {records!r}", path="records")
    if not isinstance(progress, bool):
        raise ArgumentError(f"progress must be True or False, not {progress!r}", path="progress")
    if on_game is not None and not callable(on_game):
        raise ArgumentError(f"on_game must be callable, not {on_game!r}", path="on_game")
    if sprt is not None and not isinstance(sprt, SPRT):
        raise ArgumentError(f"sprt must be a guarda.arena.SPRT, not {sprt!r}", path="sprt")
    if not isinstance(duplicate, bool):
        raise ArgumentError(
            f"duplicate must be True or False, not {duplicate!r}", path="duplicate"
        )
    if not isinstance(keep_agents, bool):
        raise ArgumentError(
            f"keep_agents must be True or False, not {keep_agents!r}", path="keep_agents"
        )
    if duplicate and keep_agents:
        raise ArgumentError(
            "duplicate deals play each deal again with the seats rotated: an agent kept "
            "across games would remember the cards it saw (keep_agents=True)",
            path="keep_agents",
        )
    players = len(tables[0]) if tables else 0
    if duplicate and games % players:
        raise ArgumentError(
            f"duplicate deals play each deal once per seating: give a multiple of "
            f"{players} games, not {games}",
            path="games",
        )
    key = new_key() if key is None else key
    deal_for(seed, key)  # checks the key
    options = attrs.evolve(options, key=key, keep_agents=keep_agents, run=new_key())
    tasks = schedule(config, tables, games, seed, options, duplicate=duplicate)
    names = tuple(entrant.name for entrant in entrants)
    results: dict[int, GameResult] = {}
    writer = (
        None
        if records is None
        else RecordsWriter(
            records,
            tournament=tournament,
            entrants=names,
            seed=seed,
            games=len(tasks),
            config=config,
            game=options.game,
        )
    )
    bar: Bar | None = progress_bar(len(tasks), tournament) if progress else None
    errors = 0
    watch = None if sprt is None else SPRTWatch(sprt, entrants[0].name, entrants[1].name)

    def on_result(result: GameResult) -> None:
        nonlocal errors
        results[result.game] = result
        if watch is not None:
            watch.add(result.game, result.seats, result.scores)
        if writer is not None:
            writer.add(result)
        if bar is not None:
            bar.update(1)
            if not result.ok:
                errors += 1
                bar.set_postfix_str(f"{errors} error{'s' if errors > 1 else ''}")
        if on_game is not None:
            on_game(result)

    count = workers if workers is not None else os.cpu_count() or 1
    pool = _Pool(executor, count)
    try:
        stop = None if watch is None else lambda: watch.decided
        _Runner(pool, 2 * count, on_result, stop).run(tasks)
    finally:
        pool.close()
        if keep_agents:
            release(options.run)  # the agents this process kept (a serial executor's)
        if writer is not None:
            writer.close()
        if bar is not None:
            bar.close()
    return ArenaResult(
        names,
        tuple(results[number] for number in sorted(results)),
        sprt=None if watch is None else watch.result,
        key=key,
    )


def _check_config(config: object, game: object) -> tuple[Any, Game, int]:
    """The configuration, the game it is played with and its number of players."""
    if game is None and isinstance(config, guarda.Config):
        return config, GUARDA, config.players
    if game is not None:
        chosen = get_game(game)  # type: ignore[arg-type]  # checked there
        if not chosen.is_config(config):
            raise ArgumentError(
                f"not a configuration of {chosen.title}: {config!r:.200}", path="config"
            )
    else:
        try:
            chosen = game_of(config)
        except ArgumentError:
            raise ArgumentError(
                f"not a Config (nor a configuration of a game in guarda.games; give game= "
                f"for a game of your own): {config!r:.200}",
                path="config",
            ) from None
    return config, chosen, chosen.players(config)


def match(
    config: Any,
    agents: Sequence[AgentSpec] | Mapping[str, AgentSpec],
    games: int,
    *,
    seed: int,
    key: str | None = None,
    duplicate: bool = False,
    keep_agents: bool = False,
    executor: Executor | None = None,
    workers: int | None = None,
    time_budget: float | None = None,
    clock: float | None = None,
    on_fault: Literal["fallback", "forfeit"] = "fallback",
    max_turns: int | None = 1000,
    timer: Literal["wall", "cpu"] = "wall",
    event: str | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: bool = False,
    on_game: GameCallback | None = None,
    sprt: SPRT | None = None,
    game: Game | None = None,
) -> ArenaResult:
    """Play ``games`` games of any game between the same agents, one per seat, rotating
    the seats.

    Game ``k`` seats the agents rotated by ``k`` places (with two players the seats swap
    every game); each game has its own seed, derived from ``seed`` (with ``duplicate``,
    each set of ``players`` games shares one), and is dealt from it under a secret match
    ``key``, so no agent can learn the cards from the seed. The games run
    through ``executor`` (by default a process pool of ``workers`` processes, one per
    core), each with fresh copies of the agents (see ``guarda.arena``).

    Args:
        config: The ruleset: a configuration of Guarda or of another game.
        agents: One agent (or zero-argument factory) per seat, or a mapping from
            names to them; repeated names get ``#2``, ``#3``, ... added.
        games: How many games.
        seed: The master seed: with the key, the same seed gives the same games.
        key: The match key every game is dealt with (see
            [`deal_for`][guarda.bots.deal_for]), or None for a fresh random one; the
            result reports it ([`ArenaResult.key`][guarda.arena.ArenaResult.key]). Keep
            it from the agents: with it, a game's seed gives its cards away.
        duplicate: Duplicate deals: every deal is played once per seating of the
            rotation (``games`` must be a multiple of the number of players), so a seat
            swap keeps the cards and luck of the deal cancels out between entrants. Not
            with ``keep_agents``: a kept agent would remember the cards it saw. Agents
            that keep what they saw elsewhere (a global, a file) can still remember a
            deal: duplicate deals are for agents that play each game afresh.
        keep_agents: Keep one agent object per entrant (and per copy of it in a game)
            in each worker process, across every game that worker plays, for agents that
            learn; by default each game gets fresh copies. Kept agents see each game's
            ``start`` and ``end`` hooks; their ``close`` is called when the run ends (in
            this process) or when a worker holds more than
            64 (``KEPT_AGENTS``). What a learning agent
            plays depends on which games its worker played before, so the results are the
            same on every executor only with one worker.
        executor: Where the games run: any ``concurrent.futures.Executor`` (a
            [`SerialExecutor`][guarda.arena.SerialExecutor], a process pool, dask's
            ``Client.get_executor()``); not shut down here. None for a process pool of
            the arena's own. If it breaks (a worker process dies), the arena goes on in
            a process pool of its own, with a ``RuntimeWarning``.
        workers: The size of the arena's own pool (default: the number of cores); with
            an ``executor``, how many games to keep in flight is twice this.
        time_budget: Seconds per decision (`guarda.bots.play_match`).
        clock: Seconds per seat for a whole game (chess clock).
        on_fault: ``"fallback"`` or ``"forfeit"`` for an agent's faults.
        max_turns: The turn limit of a configuration that has none.
        timer: ``"wall"`` or ``"cpu"``: what the budgets and decision times measure.
        event: The ``event`` written in every record.
        records: A path to write every game to as JSON Lines (see
            [`read_arena`][guarda.arena.read_arena]); an existing file is replaced.
        progress: Whether to show a progress bar on stderr (tqdm if installed).
        on_game: A callback called with each game's result as it comes in.
        sprt: A sequential test ([`SPRT`][guarda.arena.SPRT]) of the first agent against
            the second, fed their results in game order: once it decides, no new game
            starts (games in flight are collected) and ``games`` is only the most to
            play. The result's ``sprt`` says where the test stands.
        game: The game played (a [`Game`][guarda.game.Game]); by default the game of
            [`guarda.games`][guarda.games] that owns ``config``. Give it for a game of
            your own: it must pickle to reach worker processes (a module-level instance
            of a frozen attrs class does).

    Returns:
        The [`ArenaResult`][guarda.arena.ArenaResult].

    Raises:
        ArgumentError: For a malformed argument, agents that are not one per seat, or an
            agent that cannot be pickled (give a factory).
    """
    config, rules, players = _check_config(config, game)
    entrants = entrants_of(agents)
    if len(entrants) != players:
        raise ArgumentError(
            f"a {players}-player match needs {players} agents, not {len(entrants)}",
            path="agents",
        )
    return _run(
        "match",
        config,
        entrants,
        [tuple(entrants)],
        games,
        seed,
        key=key,
        duplicate=duplicate,
        keep_agents=keep_agents,
        executor=executor,
        workers=workers,
        options=_options(time_budget, clock, on_fault, max_turns, timer, event, rules),
        records=records,
        progress=progress,
        on_game=on_game,
        sprt=sprt,
    )


def round_robin_tables(entrants: Sequence[T], players: int) -> list[tuple[T, ...]]:
    """The tables of a round robin: every group of ``players`` entrants; with fewer
    entrants than seats, every table that seats each entrant at least once.

    Examples:
        >>> round_robin_tables("abc", 2)
        [('a', 'b'), ('a', 'c'), ('b', 'c')]
        >>> round_robin_tables("abc", 4)
        [('a', 'a', 'b', 'c'), ('a', 'b', 'b', 'c'), ('a', 'b', 'c', 'c')]
    """
    if len(entrants) >= players:
        return list(itertools.combinations(entrants, players))
    return [
        table
        for table in itertools.combinations_with_replacement(entrants, players)
        if len(set(table)) == len(entrants)
    ]


def round_robin(
    config: Any,
    agents: Sequence[AgentSpec] | Mapping[str, AgentSpec],
    games: int,
    *,
    seed: int,
    key: str | None = None,
    duplicate: bool = False,
    keep_agents: bool = False,
    executor: Executor | None = None,
    workers: int | None = None,
    time_budget: float | None = None,
    clock: float | None = None,
    on_fault: Literal["fallback", "forfeit"] = "fallback",
    max_turns: int | None = 1000,
    timer: Literal["wall", "cpu"] = "wall",
    event: str | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: bool = False,
    on_game: GameCallback | None = None,
    game: Game | None = None,
) -> ArenaResult:
    """Every group of ``players`` entrants plays ``games`` games, seats rotating.

    With two players that is every pair; with more, every combination of entrants
    (in the order given) forms a table. With fewer entrants than seats (three bots in
    four-player games), every table seats each entrant at least once and fills the
    other seats with copies (``a a b c``, ``a b b c``, ``a b c c``): each entrant has
    the same number of copies over the tables. Tables are numbered in that order, games table
    by table. The other arguments are those of [`match`][guarda.arena.match].

    Raises:
        ArgumentError: As for [`match`][guarda.arena.match], or fewer than two
            entrants.

    Examples:
        >>> import guarda
        >>> from guarda.arena import SerialExecutor
        >>> from guarda.bots import RandomBot
        >>> result = round_robin(guarda.grda(turn_limit=10), {"a": RandomBot, "b": RandomBot,
        ...                      "c": RandomBot}, 2, seed=5, executor=SerialExecutor())
        >>> sorted({game.seats for game in result.games})
        [('a', 'b'), ('a', 'c'), ('b', 'a'), ('b', 'c'), ('c', 'a'), ('c', 'b')]
    """
    config, rules, players = _check_config(config, game)
    entrants = entrants_of(agents)
    if len(entrants) < 2:
        raise ArgumentError(
            f"a round robin needs at least two entrants, not {len(entrants)}", path="agents"
        )
    return _run(
        "round-robin",
        config,
        entrants,
        round_robin_tables(entrants, players),
        games,
        seed,
        key=key,
        duplicate=duplicate,
        keep_agents=keep_agents,
        executor=executor,
        workers=workers,
        options=_options(time_budget, clock, on_fault, max_turns, timer, event, rules),
        records=records,
        progress=progress,
        on_game=on_game,
    )


def gauntlet(
    config: Any,
    challenger: AgentSpec,
    opponents: Sequence[AgentSpec] | Mapping[str, AgentSpec],
    games: int,
    *,
    seed: int,
    key: str | None = None,
    duplicate: bool = False,
    keep_agents: bool = False,
    executor: Executor | None = None,
    workers: int | None = None,
    time_budget: float | None = None,
    clock: float | None = None,
    on_fault: Literal["fallback", "forfeit"] = "fallback",
    max_turns: int | None = 1000,
    timer: Literal["wall", "cpu"] = "wall",
    event: str | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: bool = False,
    on_game: GameCallback | None = None,
    game: Game | None = None,
) -> ArenaResult:
    """The challenger plays ``games`` games against each opponent, seats rotating.

    The challenger takes one seat and the opponent every other seat (with three or
    more players, several copies of the opponent; they are compared with the
    challenger only). The challenger is the first entrant; the other arguments are
    those of [`match`][guarda.arena.match].

    Raises:
        ArgumentError: As for [`match`][guarda.arena.match], or without opponents.

    Examples:
        >>> import guarda
        >>> from guarda.arena import SerialExecutor
        >>> from guarda.bots import RandomBot
        >>> result = gauntlet(guarda.grda(players=3, turn_limit=6), RandomBot,
        ...                   {"x": RandomBot, "y": RandomBot}, 3, seed=2,
        ...                   executor=SerialExecutor())
        >>> result.entrants, result.games[1].seats
        (('random', 'x', 'y'), ('x', 'x', 'random'))
    """
    config, rules, players = _check_config(config, game)
    if isinstance(opponents, Mapping):
        (champion,) = entrants_of([challenger], path="challenger")
        others = entrants_of(opponents, path="opponents")
        if champion.name in {other.name for other in others}:
            raise ArgumentError(
                f"the challenger's name {champion.name!r} is also an opponent's", path="opponents"
            )
        entrants = [champion, *others]
    else:
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            raise ArgumentError(
                f"give the opponents as a sequence or a mapping, not {opponents!r}",
                path="opponents",
            )
        entrants = entrants_of([challenger, *opponents])
    if len(entrants) < 2:
        raise ArgumentError("a gauntlet needs at least one opponent", path="opponents")
    champion, others = entrants[0], entrants[1:]
    return _run(
        "gauntlet",
        config,
        entrants,
        [(champion,) + (other,) * (players - 1) for other in others],
        games,
        seed,
        key=key,
        duplicate=duplicate,
        keep_agents=keep_agents,
        executor=executor,
        workers=workers,
        options=_options(time_budget, clock, on_fault, max_turns, timer, event, rules),
        records=records,
        progress=progress,
        on_game=on_game,
    )
