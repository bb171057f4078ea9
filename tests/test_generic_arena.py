"""The arena, its records file, the subprocess protocol and the statistics with any game."""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import guarda
from generic_games import TOY_GAME, HighestCard, LowestBot
from guarda import stats
from guarda.arena import (
    AgentSpec,
    SerialExecutor,
    SubprocessAgent,
    gauntlet,
    match,
    read_arena,
    read_records,
    round_robin,
    round_robin_tables,
)
from guarda.bots import RandomBot, play_match
from guarda.errors import ArgumentError, DocumentError
from toy_game import TOY, ToyConfig

CONFIG = ToyConfig()
EXAMPLE_BOT = [sys.executable, "examples/subprocess_bot.py"]


def _summary(result: object) -> list[tuple[object, ...]]:
    return [
        (game.seats, game.seed, game.record, game.scores, game.faults, game.turns)
        for game in result.games  # type: ignore[attr-defined]
    ]


def test_a_match_of_the_toy_is_the_same_serially_and_in_a_process_pool() -> None:
    agents: list[AgentSpec] = [RandomBot(), LowestBot()]
    serial = match(CONFIG, agents, 6, seed=3, key="k", executor=SerialExecutor(), game=TOY_GAME)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = match(CONFIG, agents, 6, seed=3, key="k", executor=pool, game=TOY_GAME)
    assert _summary(serial) == _summary(pooled)
    assert all(game.ok and game.outcome is None for game in serial.games)
    for game in serial.games:
        final = list(TOY_GAME.replay(game.record))[-1]
        assert TOY_GAME.scores(final) == game.scores
    assert [game.seats for game in serial.games[:2]] == [
        ("random", "lowest"),
        ("lowest", "random"),
    ]
    assert {row.name for row in serial.standings()} == {"random", "lowest"}


def test_round_robins_gauntlets_and_duplicate_deals_take_any_game() -> None:
    entrants: dict[str, AgentSpec] = {"a": RandomBot, "b": HighestCard, "c": LowestBot}
    robin = round_robin(CONFIG, entrants, 2, seed=1, executor=SerialExecutor(), game=TOY)
    assert len(robin.games) == 6 and not robin.errors
    gaunt = gauntlet(CONFIG, RandomBot, {"x": HighestCard, "y": LowestBot}, 2, seed=1,
                     executor=SerialExecutor(), game=TOY)  # fmt: skip
    assert gaunt.entrants == ("random", "x", "y") and len(gaunt.games) == 4
    duplicate = match(CONFIG, [RandomBot(), HighestCard()], 4, seed=1, duplicate=True,
                      executor=SerialExecutor(), game=TOY)  # fmt: skip
    seeds = [game.record.seed for game in duplicate.games]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    with pytest.raises(ArgumentError, match="give game="):
        match(CONFIG, [RandomBot(), RandomBot()], 2, seed=1, executor=SerialExecutor())
    with pytest.raises(ArgumentError, match="2-player match needs 2 agents"):
        match(CONFIG, [RandomBot()], 2, seed=1, executor=SerialExecutor(), game=TOY)


def test_round_robin_tables_fill_seats_with_copies_when_entrants_are_few() -> None:
    assert round_robin_tables(["a", "b"], 2) == [("a", "b")]
    tables = round_robin_tables(["a", "b", "c"], 4)
    assert tables == [("a", "a", "b", "c"), ("a", "b", "b", "c"), ("a", "b", "c", "c")]
    result = round_robin(guarda.grda(players=4, turn_limit=2), [RandomBot(), LowestBot()], 1,
                         seed=1, executor=SerialExecutor())  # fmt: skip
    assert [game.seats for game in result.games] == [
        ("random", "random", "random", "lowest"),
        ("random", "random", "lowest", "lowest"),
        ("random", "lowest", "lowest", "lowest"),
    ]
    with pytest.raises(ArgumentError, match="at least two entrants"):
        round_robin(CONFIG, [RandomBot()], 1, seed=1, game=TOY)


def test_the_records_file_names_the_game_and_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "toy.jsonl"
    result = match(CONFIG, [RandomBot(), HighestCard()], 4, seed=2, key="k",
                   executor=SerialExecutor(), records=path, game=TOY_GAME)  # fmt: skip
    header = json.loads(path.read_text().splitlines()[0])
    assert header["game_name"] == "toy" and header["config"] == {"kind": "config", "players": 2}
    back = read_arena(path, game=TOY_GAME)
    assert [game.record for game in back.games] == [game.record for game in result.games]
    assert [game.scores for game in back.games] == [game.scores for game in result.games]
    assert read_records(path, game=TOY_GAME) == list(result.records)
    with pytest.raises(DocumentError, match="give game="):
        read_arena(path)
    with pytest.raises(DocumentError, match="games of 'toy', not 'guarda'"):
        read_records(path, game=guarda.games.GUARDA)


def test_a_guarda_records_file_says_guarda(tmp_path: Path) -> None:
    path = tmp_path / "guarda.jsonl"
    match(guarda.grda(turn_limit=4), [RandomBot(), RandomBot()], 2, seed=2,
          executor=SerialExecutor(), records=path)  # fmt: skip
    assert json.loads(path.read_text().splitlines()[0])["game_name"] == "guarda"
    assert all(game.outcome is not None for game in read_arena(path).games)


def test_a_subprocess_bot_plays_the_toy_with_the_games_documents(tmp_path: Path) -> None:
    log = tmp_path / "messages.jsonl"
    script = tmp_path / "logging_bot.py"
    script.write_text(
        "import json, sys\n"
        f"log = open({str(log)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    log.write(line); log.flush()\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'hello', 'protocol': 'guarda-bot', 'version': 1,"
        " 'name': 'logger'}), flush=True)\n"
        "    elif message['type'] == 'act' and message['id'] == 1:\n"
        "        print(json.dumps({'type': 'action', 'id': 1, 'action': message['legal'][-1]}),"
        " flush=True)\n"
        "    elif message['type'] == 'act':\n"
        "        print(json.dumps({'type': 'action', 'id': message['id'],"
        " 'action': {'kind': 'lay', 'card': message['view']['data']['legal_actions'][0]}}),"
        " flush=True)\n",
        encoding="utf-8",
    )
    with SubprocessAgent([sys.executable, str(script)], game=TOY_GAME) as bot:
        result = play_match(CONFIG, [bot, LowestBot()], seed=4, game=TOY_GAME)
    assert result.faults == ()
    hello, first, second, *_ = (json.loads(line) for line in log.read_text().splitlines())
    assert hello["game"] == "toy" and first["game"] == second["game"] == "toy"
    view = first["view"]
    assert view["kind"] == "view" and view["data"]["player"] == 0
    assert first["legal"] == [str(card) for card in view["data"]["legal_actions"]]
    assert result.record.actions[0].card == view["data"]["legal_actions"][-1]
    assert result.record.actions[2].card == second["view"]["data"]["legal_actions"][0]


def test_a_subprocess_bot_finds_a_shipped_game_from_the_view_and_refuses_others() -> None:
    with SubprocessAgent(EXAMPLE_BOT) as bot:
        result = play_match(guarda.grda(turn_limit=3), [bot, RandomBot()], seed=1)
        assert result.faults == ()
        state = TOY.new_game(CONFIG, seed=1)
        with pytest.raises(ArgumentError, match="give game="):
            bot.act(TOY.view(state, 0), __import__("random").Random(1))
        with pytest.raises(ArgumentError, match="must decide now"):
            bot.act(TOY.view(state, 1), __import__("random").Random(1))


def test_statistics_of_the_toy_through_the_protocol() -> None:
    result = match(CONFIG, [RandomBot(), HighestCard()], 8, seed=5, key="k",
                   executor=SerialExecutor(), game=TOY)  # fmt: skip
    summary = stats.summarize(result.records, game=TOY)
    assert summary.games == summary.finished == 8 and summary.game is TOY
    assert summary.turns == summary.plies == (4,) * 8
    assert [str(row.phase) for row in summary.branching] == ["all"]
    assert summary.branching[0].actions.count == 32
    wins = sum(row.wins.count for row in summary.seats)
    draws = sum(1 for game in result.games if game.scores == (0.5, 0.5))
    assert wins == 8 - draws and summary.draws == draws
    assert {row.name: row.games for row in summary.agents} == {"random": 8, "highest": 8}
    scored = {name: 0.0 for name in ("random", "highest")}
    for game in result.games:
        for name, score in zip(game.seats, game.scores, strict=True):
            scored[name] += score
    for row in summary.agents:
        assert row.wins.count + row.draws.count / 2 == scored[row.name]
    assert summary.first_player == (0,) * 8
    assert summary.card_uses == () and summary.damage_per_turn == ()
    text = summary.to_markdown()
    assert text.startswith("# Game statistics: High card, 2 players, 8 games")
    assert "Cards played" not in text and "## Results by agent" in text
    compared = stats.compare(summary, summary).to_markdown()
    assert "High card" in compared and "damage" not in compared


def test_statistics_refuse_records_of_another_game_or_a_mix() -> None:
    record = TOY.record(CONFIG, 1)
    with pytest.raises(ArgumentError, match="give game="):
        stats.summarize([record])
    with pytest.raises(ArgumentError, match="not a record of High card"):
        stats.summarize([record, guarda.record_game(guarda.grda(), 1, [])], game=TOY)
    with pytest.raises(ArgumentError, match="give at least one record"):
        stats.summarize([], game=TOY)
    unfinished = stats.summarize([record], game=TOY)
    assert unfinished.finished == 0 and dict(unfinished.endings) == {"unfinished": 1}


def test_the_plots_refuse_another_games_statistics() -> None:
    pytest.importorskip("matplotlib")
    plot = pytest.importorskip("guarda.plot")
    summary = stats.summarize([TOY.record(CONFIG, 1, ())], game=TOY)
    with pytest.raises(ArgumentError, match="the plots are Guarda's") as caught:
        plot.plot_branching(summary)
    assert caught.value.path == "stats.game"
