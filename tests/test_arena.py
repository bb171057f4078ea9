"""guarda.arena: schedules, seeds, executors, results, ratings, records files and failures."""

from __future__ import annotations

import functools
import importlib.util
import io
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from arena_agents import KILL_BELOW, Closing, CrashingBot, FirstBot, KillerBot, Unpicklable
from guarda import arena
from guarda.arena import (
    AgentSpec,
    ArenaResult,
    Comparison,
    GameResult,
    SerialExecutor,
    bradley_terry,
    gauntlet,
    match,
    read_arena,
    read_records,
    round_robin,
)
from guarda.arena import _progress as progress_module
from guarda.arena import _run as arena_run
from guarda.bots import RandomBot, deal_for, outcome_scores, seat_rng

MODERN = guarda.modern(players=2, turn_limit=40)
T = TypeVar("T")
SERIAL = SerialExecutor()


def same_games(first: ArenaResult, second: ArenaResult) -> bool:
    """Equal apart from the decision times, which are measured."""

    def key(game: GameResult) -> tuple[object, ...]:
        return (
            game.game,
            game.table,
            game.seed,
            game.seats,
            game.scores,
            game.outcome,
            game.faults,
            game.forfeited,
            game.turns,
            game.record,
            game.error,
        )

    return [key(game) for game in first.games] == [key(game) for game in second.games]


# -- schedule -------------------------------------------------------------------------------


def test_a_match_rotates_seats_and_gives_each_game_its_seed() -> None:
    result = match(MODERN, [RandomBot(), FirstBot()], 6, seed=11, executor=SERIAL)
    assert result.entrants == ("random", "first")
    assert [game.seats for game in result.games] == [("random", "first"), ("first", "random")] * 3
    assert [game.seed for game in result.games] == [arena.game_seed(11, 0, k) for k in range(6)]
    assert len({game.seed for game in result.games}) == 6
    assert all(0 <= game.seed < 2**53 for game in result.games)
    for game in result.games:
        assert game.record is not None
        assert game.record.seed == deal_for(game.seed, result.key).seed != game.seed
        assert game.record.salt == deal_for(game.seed, result.key).salt
        assert game.record.names == game.seats
        final = guarda.final_state(game.record)
        assert final.outcome == game.outcome is not None
        assert final.outcome is not None
        assert game.scores == outcome_scores(game.record.config, final.outcome)
        assert game.turns == final.turns_ended


def test_the_same_master_seed_gives_the_same_games_on_any_executor() -> None:
    agents: list[AgentSpec] = [RandomBot(), CrashingBot(after=20)]
    serial = match(MODERN, agents, 4, seed=3, executor=SERIAL)
    pooled = match(MODERN, agents, 4, seed=3, key=serial.key, workers=2)
    assert same_games(serial, pooled)
    assert serial.faults  # the crashing bot's faults are the same too
    other = match(MODERN, agents, 4, seed=4, key=serial.key, executor=SERIAL)
    assert other.records != serial.records


def test_each_game_gets_fresh_agents_that_are_closed_afterwards() -> None:
    # CrashingBot counts its decisions: a copy shared between games would crash sooner.
    result = match(MODERN, [CrashingBot(after=10), RandomBot()], 4, seed=1, executor=SERIAL)
    for game in result.games:
        seat = game.seats.index("crashing")
        assert game.record is not None
        first = min(fault.ply for fault in game.faults if fault.seat == seat)
        decisions = sum(
            True
            for ply, state in enumerate(guarda.replay(game.record))
            if state.actor == seat and ply < first
        )
        assert decisions == 10
    Closing.closed.clear()
    match(MODERN, [Closing(), RandomBot()], 3, seed=1, executor=SERIAL)
    assert len(Closing.closed) == 3


def test_factories_and_mappings_name_the_entrants() -> None:
    result = match(
        MODERN,
        {"alice": RandomBot, "bob": functools.partial(RandomBot, name="ignored")},
        2,
        seed=2,
        executor=SERIAL,
    )
    assert result.entrants == ("alice", "bob")
    twins = match(MODERN, [RandomBot, RandomBot], 2, seed=2, key=result.key, executor=SERIAL)
    assert twins.entrants == ("random", "random#2")
    # A mapping plays the same games as the same agents given in a list.
    assert [game.record.actions for game in result.games if game.record] == [
        game.record.actions for game in twins.games if game.record
    ]


def test_round_robin_tables_for_two_and_three_players() -> None:
    agents: dict[str, AgentSpec] = {"a": RandomBot, "b": RandomBot, "c": FirstBot}
    result = round_robin(MODERN, agents, 2, seed=1, executor=SERIAL)
    assert [game.seats for game in result.games] == [
        ("a", "b"),
        ("b", "a"),
        ("a", "c"),
        ("c", "a"),
        ("b", "c"),
        ("c", "b"),
    ]
    assert [game.table for game in result.games] == [0, 0, 1, 1, 2, 2]
    three = guarda.classic(players=3, turn_limit=12)
    result = round_robin(three, {**agents, "d": RandomBot}, 3, seed=1, executor=SERIAL)
    assert len(result.games) == 4 * 3  # C(4, 3) tables of 3 games
    assert result.games[0].seats == ("a", "b", "c")
    assert result.games[1].seats == ("b", "c", "a")
    assert result.games[2].seats == ("c", "a", "b")
    seats = Counter(seat for game in result.games for seat in game.seats)
    assert seats == {"a": 9, "b": 9, "c": 9, "d": 9}


def test_gauntlet_puts_the_challenger_against_each_opponent() -> None:
    result = gauntlet(MODERN, FirstBot(), [RandomBot(), RandomBot()], 2, seed=1, executor=SERIAL)
    assert result.entrants == ("first", "random", "random#2")
    assert [game.seats for game in result.games] == [
        ("first", "random"),
        ("random", "first"),
        ("first", "random#2"),
        ("random#2", "first"),
    ]
    four = guarda.modern(players=4, turn_limit=8)
    result = gauntlet(four, FirstBot(), {"r": RandomBot}, 4, seed=1, executor=SERIAL)
    assert [game.seats.index("first") for game in result.games] == [0, 3, 2, 1]
    assert all(game.seats.count("r") == 3 for game in result.games)
    assert {pair.second for pair in result.head_to_head()} == {"r"}


# -- results ----------------------------------------------------------------------------------


def test_standings_add_up_and_the_stronger_bot_rates_higher() -> None:
    result = match(
        guarda.modern(players=2), [RandomBot(), FirstBot()], 10, seed=5, executor=SERIAL
    )
    rows = {row.name: row for row in result.standings()}
    for row in rows.values():
        assert row.games == 10
        assert row.wins.count + row.draws.count + row.losses.count == 10
        assert row.score.count == row.wins.count + row.draws.count / 2
        assert row.wins.low <= row.wins.rate <= row.wins.high
        assert row.decision_times.count > 0
    assert rows["random"].wins.count == rows["first"].losses.count
    # The first legal action is a poor plan: the random bot wins this seed's games.
    assert rows["random"].score.count > rows["first"].score.count
    ratings = result.ratings()
    assert ratings["random"] > 1500 > ratings["first"]
    assert [row.name for row in result.standings()] == ["random", "first"]
    (pair,) = result.head_to_head()
    assert (pair.first, pair.second) == ("random", "first")
    assert (pair.wins, pair.draws, pair.losses) == (
        rows["random"].wins.count,
        rows["random"].draws.count,
        rows["random"].losses.count,
    )
    text = result.to_markdown()
    assert "| 1    |" in text and "random" in text and "first" in text


def test_faults_are_counted_per_entrant() -> None:
    result = match(MODERN, [CrashingBot(after=5), RandomBot()], 4, seed=8, executor=SERIAL)
    rows = {row.name: row for row in result.standings()}
    assert rows["crashing"].faults == len(result.faults) > 0
    assert rows["random"].faults == 0
    assert all(fault.kind == "crash" for _, fault in result.faults)
    assert all(game.ok and game.outcome is not None for game in result.games)


def test_match_options_reach_the_runner() -> None:
    result = match(
        guarda.modern(),
        [CrashingBot(after=2), RandomBot()],
        2,
        seed=8,
        executor=SERIAL,
        on_fault="forfeit",
        max_turns=5,
    )
    for game in result.games:
        crashing = game.seats.index("crashing")
        assert game.forfeited == crashing
        assert game.outcome is None
        assert game.scores[crashing] == 0.0 and game.scores[1 - crashing] == 1.0
        assert game.record is not None and game.record.config.turn_limit == 5
    assert {row.name: row.wins.count for row in result.standings()} == {
        "random": 2,
        "crashing": 0,
    }
    limited = match(
        guarda.modern(), [RandomBot(), RandomBot()], 2, seed=8, executor=SERIAL, max_turns=3
    )
    assert all(game.turns <= 3 for game in limited.games)


def test_comparisons_of_multiplayer_games() -> None:
    assert arena.comparisons(("a", "b", "c"), (0.0, 1.0, 0.0)) == [
        Comparison("a", "b", 0.0),
        Comparison("b", "c", 1.0),
    ]
    assert arena.comparisons(("a", "b", "c"), (0.5, 0.5, 0.0)) == [
        Comparison("a", "b", 0.5),
        Comparison("a", "c", 1.0),
        Comparison("b", "c", 1.0),
    ]
    # Team mates who both won, and entrants against themselves, are not compared.
    assert arena.comparisons(("a", "b", "a", "b"), (1.0, 0.0, 1.0, 0.0)) == [
        Comparison("a", "b", 1.0),
        Comparison("a", "b", 1.0),
        Comparison("b", "a", 0.0),
        Comparison("a", "b", 1.0),
    ]


@settings(max_examples=40)
@given(
    st.lists(
        st.tuples(
            st.sampled_from("abcd"), st.sampled_from("abcd"), st.sampled_from([0.0, 0.5, 1.0])
        ),
        max_size=30,
    )
)
def test_bradley_terry_matches_expected_and_actual_scores(
    games: list[tuple[str, str, float]],
) -> None:
    """At the maximum, each entrant's expected score equals its actual score (with the
    phantom's virtual draw): the likelihood equations of the model."""
    results = [Comparison(a, b, score) for a, b, score in games if a != b]
    names = ("a", "b", "c", "d")
    ratings = bradley_terry(names, results)
    strength = {
        name: 10 ** ((rating - arena.BASE_RATING) / 400) for name, rating in ratings.items()
    }
    for name in names:
        actual = 0.5 + sum(
            r.score if r.first == name else 1 - r.score
            for r in results
            if name in (r.first, r.second)
        )
        expected = strength[name] / (strength[name] + 1) + sum(
            strength[name] / (strength[r.first] + strength[r.second])
            for r in results
            if name in (r.first, r.second)
        )
        assert math.isclose(actual, expected, rel_tol=1e-6, abs_tol=1e-6)


def test_bradley_terry_known_values() -> None:
    assert bradley_terry(("a", "b"), []) == {"a": 1500.0, "b": 1500.0}
    # Unbeaten stays finite; symmetric records give symmetric ratings.
    ratings = bradley_terry(("a", "b"), [Comparison("a", "b", 1.0)] * 50)
    assert 1500 < ratings["a"] < 3000
    assert math.isclose(ratings["a"] - 1500, 1500 - ratings["b"])
    draws = bradley_terry(("a", "b"), [Comparison("a", "b", 0.5)] * 10)
    assert draws == pytest.approx({"a": 1500.0, "b": 1500.0})
    # Transitive: a beats b, b beats c -> a > b > c.
    chain = bradley_terry(
        ("a", "b", "c"), [Comparison("a", "b", 1.0)] * 3 + [Comparison("b", "c", 1.0)] * 3
    )
    assert chain["a"] > chain["b"] > chain["c"]


# -- records files ----------------------------------------------------------------------------


def test_every_game_is_written_to_the_records_file(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    result = round_robin(
        MODERN,
        [RandomBot(), FirstBot(), CrashingBot(after=8)],
        2,
        seed=6,
        executor=SERIAL,
        records=path,
        event="test cup",
    )
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    header, games = lines[0], lines[1:]
    assert header["kind"] == "arena" and header["tournament"] == "round-robin"
    assert header["entrants"] == list(result.entrants)
    assert header["seed"] == 6 and header["games"] == 6
    assert guarda.loads(json.dumps(header["config"]), guarda.Config) == MODERN
    assert [line["game"] for line in games] == list(range(6))
    for line, game in zip(games, result.games, strict=True):
        assert guarda.loads(json.dumps(line["record"]), guarda.GameRecord) == game.record
        assert game.record is not None and game.record.event == "test cup"
    again = read_arena(path)
    assert again == result  # decision times survive the round trip exactly
    assert read_records(path) == list(result.records)


def test_read_records_also_reads_bare_record_documents(tmp_path: Path) -> None:
    result = match(MODERN, [RandomBot(), RandomBot()], 2, seed=1, executor=SERIAL)
    path = tmp_path / "records.jsonl"
    path.write_text(
        "".join(guarda.dumps(record, secrets=True) + "\n" for record in result.records),
        encoding="utf-8",
    )
    assert read_records(path) == list(result.records)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("not json\n", guarda.DocumentError, "line 1: not JSON"),
        ("[1, 2]\n", guarda.DocumentError, "line 1: expected a JSON object"),
        ('{"format": "other"}\n', guarda.DocumentError, "line 1: not an arena records line"),
        (
            '{"format": "guarda-arena", "version": 9, "kind": "game"}\n',
            guarda.UnsupportedVersionError,
            "version 9",
        ),
        (
            '{"format": "guarda-arena", "version": 1, "kind": "game", "record": {"format": '
            '"guarda", "version": 1, "kind": "record", "data": {"seed": "x"}}}\n',
            guarda.DocumentError,
            "line 1:",
        ),
    ],
)
def test_a_broken_records_file_is_a_clear_error(
    tmp_path: Path, text: str, error: type[guarda.GuardaError], message: str
) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(error, match=message):
        read_records(path)
    with pytest.raises(guarda.DocumentError):
        read_arena(path)


def test_read_arena_needs_the_header(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    match(MODERN, [RandomBot(), RandomBot()], 2, seed=1, executor=SERIAL, records=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    (tmp_path / "headless.jsonl").write_text("\n".join(lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(guarda.DocumentError, match="header"):
        read_arena(tmp_path / "headless.jsonl")
    with pytest.raises(guarda.ArgumentError):
        read_records(tmp_path / "missing.jsonl")
    broken = [*lines[:2], lines[2].replace('"seed":', '"seed":"x","was":', 1)]
    (tmp_path / "bad-game.jsonl").write_text("\n".join(broken) + "\n", encoding="utf-8")
    with pytest.raises(guarda.DocumentError, match="line 3: seed"):
        read_arena(tmp_path / "bad-game.jsonl")


# -- failures ---------------------------------------------------------------------------------


class _BrokenAfterTwo(SerialExecutor):
    """The first pool made takes two games, then refuses the rest as broken, as a process
    pool does when a worker has died and its futures are not collected yet."""

    made = 0

    def __init__(self) -> None:
        super().__init__()
        _BrokenAfterTwo.made += 1
        self.first = _BrokenAfterTwo.made == 1
        self.taken = 0

    def submit(self, fn: Callable[..., T], /, *args: object, **kwargs: object) -> Future[T]:
        if self.first and self.taken >= 2:
            raise BrokenProcessPool("a child process terminated abruptly")
        self.taken += 1
        return super().submit(fn, *args, **kwargs)


def test_games_a_broken_pool_refused_are_played_in_a_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A worker can die between two submissions: the pool then refuses new games before
    # the dead worker's futures are collected. Those games never ran; none is lost.
    monkeypatch.setattr(_BrokenAfterTwo, "made", 0)
    monkeypatch.setattr(arena_run._Pool, "new", lambda self: _BrokenAfterTwo())
    result = match(MODERN, [RandomBot(), RandomBot()], 6, seed=5, workers=2)
    assert _BrokenAfterTwo.made >= 2  # the broken pool was renewed
    assert not result.errors
    served = match(MODERN, [RandomBot(), RandomBot()], 6, seed=5, key=result.key, executor=SERIAL)
    assert same_games(result, served)


KILLING_KEY = "some die"
"""A match key under which some of KillerBot's games kill their worker, not all."""


def _doomed(result: ArenaResult) -> set[int]:
    """The games in which KillerBot kills its worker."""
    return {
        game.game
        for game in result.games
        if seat_rng(game.seed, game.seats.index("killer"), key=result.key).random() < KILL_BELOW
    }


def test_a_dying_worker_loses_no_other_game(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    result = match(
        MODERN, [KillerBot(), RandomBot()], 8, seed=21, key=KILLING_KEY, workers=2, records=path
    )
    doomed = _doomed(result)
    assert 0 < len(doomed) < 8  # the seed and key were chosen so that some games die, not all
    assert {game.game for game in result.errors} == doomed
    for game in result.games:
        if game.game in doomed:
            assert game.error is not None and "worker process died" in game.error
            assert game.record is None
        else:
            assert game.ok and game.record is not None
            assert guarda.final_state(game.record).outcome == game.outcome
    assert sum(row.games for row in result.standings()) == 2 * (8 - len(doomed))
    assert "worker process died" in result.to_markdown()
    assert read_arena(path) == result


def test_a_worker_dying_in_the_callers_pool_loses_no_other_game() -> None:
    # The caller's pool breaks for good when a worker dies: the games it was running and
    # the games not yet started go on in a pool of the arena's own, and the caller's pool
    # is left to the caller.
    with (
        ProcessPoolExecutor(max_workers=2) as pool,
        pytest.warns(RuntimeWarning, match="goes on in a process pool of its own"),
    ):
        result = match(
            MODERN, [KillerBot(), RandomBot()], 24, seed=21, key=KILLING_KEY, executor=pool
        )
        with pytest.raises(BrokenProcessPool):
            pool.submit(sum, [1, 2]).result()
    doomed = _doomed(result)
    assert 0 < len(doomed) < 24
    assert {game.game for game in result.errors} == doomed
    assert all(game.ok for game in result.games if game.game not in doomed)


def test_duplicate_deals_keep_the_cards_when_the_seats_rotate() -> None:
    three = guarda.modern(players=3, turn_limit=6)
    result = match(
        three, [RandomBot(), FirstBot(), RandomBot()], 6, seed=8, duplicate=True, executor=SERIAL
    )
    seeds = [game.seed for game in result.games]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]
    assert [game.seats[0] for game in result.games[:3]] == ["random", "first", "random#2"]
    for first, later in ((0, 1), (0, 2), (3, 4)):
        one, other = result.games[first].record, result.games[later].record
        assert one is not None and other is not None
        assert (one.seed, one.salt) == (other.seed, other.salt)
        opening = guarda.new_game(three, one.seed, salt=one.salt)
        assert opening.players == guarda.new_game(three, other.seed, salt=other.salt).players
    plain = match(three, [RandomBot(), FirstBot(), RandomBot()], 6, seed=8, executor=SERIAL)
    assert len({game.seed for game in plain.games}) == 6
    with pytest.raises(guarda.ArgumentError) as error:
        match(three, [RandomBot()] * 3, 4, seed=8, duplicate=True, executor=SERIAL)
    assert error.value.path == "games"
    with pytest.raises(guarda.ArgumentError) as error:
        match(three, [RandomBot()] * 3, 3, seed=8, duplicate=True, keep_agents=True)
    assert error.value.path == "keep_agents"  # a kept agent would remember the deal
    with pytest.raises(guarda.ArgumentError) as error:
        match(three, [RandomBot()] * 3, 3, seed=8, duplicate="yes", executor=SERIAL)  # type: ignore[arg-type]
    assert error.value.path == "duplicate"


def test_the_arena_key_is_checked_and_reported() -> None:
    for bad in ("", 7, "x" * 257):
        with pytest.raises(guarda.ArgumentError) as error:
            match(MODERN, [RandomBot(), RandomBot()], 2, seed=1, key=bad, executor=SERIAL)  # type: ignore[arg-type]
        assert error.value.path == "key"
    first = match(MODERN, [RandomBot(), RandomBot()], 2, seed=1, executor=SERIAL)
    second = match(MODERN, [RandomBot(), RandomBot()], 2, seed=1, executor=SERIAL)
    assert len(first.key) == 32 and first.key != second.key
    assert first.records != second.records  # a fresh key deals other cards


def test_a_game_that_cannot_be_set_up_is_an_error_and_the_rest_play() -> None:
    result = gauntlet(MODERN, RandomBot(), [Unpicklable(), FirstBot()], 2, seed=1, executor=SERIAL)
    assert [game.ok for game in result.games] == [False, False, True, True]
    assert "cannot be rebuilt" in (result.games[0].error or "")
    assert {row.name: row.games for row in result.standings()} == {
        "random": 2,
        "unpicklable": 0,
        "first": 2,
    }


# -- progress and callbacks -------------------------------------------------------------------


def test_progress_bar_and_callback(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[int] = []
    match(
        MODERN,
        [RandomBot(), RandomBot()],
        3,
        seed=1,
        executor=SERIAL,
        progress=True,
        on_game=lambda game: seen.append(game.game),
    )
    assert seen == [0, 1, 2]
    assert "3/3" in capsys.readouterr().err


def test_the_plain_progress_line_without_tqdm(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(progress_module, "tqdm_module", None)
    match(MODERN, [RandomBot(), Unpicklable()], 2, seed=1, executor=SERIAL, progress=True)
    err = capsys.readouterr().err
    assert err.endswith("\rmatch: 2/2 games (2 errors)\n")
    stream = io.StringIO()
    bar = progress_module.TextBar(2, "x", stream)
    bar.update()
    bar.close()
    assert stream.getvalue() == "\rx: 0/2 games\rx: 1/2 games\n"


# -- bad input --------------------------------------------------------------------------------


def test_bad_arguments_are_argument_errors() -> None:
    agents = [RandomBot(), RandomBot()]
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: match("modern", agents, 2, seed=1), "config"),
        (lambda: match(MODERN, agents, 0, seed=1), "games"),
        (lambda: match(MODERN, agents, 2, seed="1"), "seed"),  # type: ignore[arg-type]
        (lambda: match(MODERN, [RandomBot()], 2, seed=1), "agents"),
        (lambda: match(MODERN, [RandomBot(), "bot"], 2, seed=1), "agents[1]"),  # type: ignore[list-item]
        (lambda: match(MODERN, agents, 2, seed=1, executor="pool"), "executor"),  # type: ignore[arg-type]
        (lambda: match(MODERN, agents, 2, seed=1, workers=0), "workers"),
        (lambda: match(MODERN, agents, 2, seed=1, on_fault="ignore"), "on_fault"),  # type: ignore[arg-type]
        (lambda: match(MODERN, agents, 2, seed=1, time_budget=-1), "time_budget"),
        (lambda: match(MODERN, agents, 2, seed=1, timer="sundial"), "timer"),  # type: ignore[arg-type]
        (lambda: match(MODERN, agents, 2, seed=1, progress=1), "progress"),  # type: ignore[arg-type]
        (lambda: match(MODERN, agents, 2, seed=1, records=5), "records"),  # type: ignore[arg-type]
        (lambda: match(MODERN, {"": RandomBot}, 2, seed=1), "agents"),
        (lambda: round_robin(guarda.modern(players=3), [RandomBot()], 2, seed=1), "agents"),
        (lambda: gauntlet(MODERN, RandomBot(), [], 2, seed=1), "opponents"),
        (lambda: gauntlet(MODERN, RandomBot(), {"random": FirstBot}, 2, seed=1), "opponents"),
    ]
    for call, path in cases:
        with pytest.raises(guarda.ArgumentError) as caught:
            call()
        assert caught.value.path == path


def test_an_agent_that_cannot_be_pickled_asks_for_a_factory() -> None:
    class Local:
        name = "local"

        def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
            return view.legal_actions[0]

    with pytest.raises(guarda.ArgumentError, match="zero-argument factory") as caught:
        match(MODERN, [Local(), RandomBot()], 2, seed=1, executor=SERIAL)
    assert caught.value.path == "agents[0]"


def test_the_scaling_benchmark_runs(tmp_path: Path) -> None:
    """The benchmark script runs end to end; its figures are not checked (never timed tests)."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "arena_scaling.py"
    spec = importlib.util.spec_from_file_location("arena_scaling", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figures = module.main(["--quick", "--json", str(tmp_path / "scaling.json")])
    assert json.loads((tmp_path / "scaling.json").read_text()) == figures
    assert {"rate_1", "rate_2", "cpu_ms_1", "cpu_ms_2", "speedup_wall", "speedup_cpu"} <= set(
        figures
    )
    assert all(math.isfinite(value) and value > 0 for value in figures.values())
