"""The ``guarda`` command with ``--game``: the toy game (``generic_games:TOY_GAME``) through
play, simulate, tournament, replay and stats, and Guarda's flags refused for it."""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path

import pytest

pytest.importorskip("rich")

from cli_support import answers
from generic_games import TOY_GAME
from guarda.arena import read_arena
from guarda.cli import main

TOY = ["--game", "generic_games:TOY_GAME"]
QUIET = ["--games", "4", "--workers", "1", "--quiet", "--seed", "3"]


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")


def _error(err: str, *needles: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in lines[0], lines[0]


def test_simulate_plays_the_toy_and_writes_its_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "toy.jsonl"
    arguments = [*TOY, "--bots", "random,heuristic", *QUIET, "--records", str(records)]
    assert main(["simulate", *arguments]) == 0
    out = capsys.readouterr().out
    assert out.startswith("High card, 2 players: random, heuristic; seed 3")
    assert "highest" in out and "random" in out
    result = read_arena(records, game=TOY_GAME)
    assert len(result.games) == 4 and all(game.ok for game in result.games)
    assert json.loads(records.read_text().splitlines()[0])["game_name"] == "toy"


def test_tournament_of_random_heuristic_and_ismcts(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = [*TOY, "random", "heuristic", "ismcts", "--iterations", "10", *QUIET]
    assert main(["tournament", *arguments]) == 0
    out = capsys.readouterr().out
    assert "Round robin: High card, 2 players, 3 bots" in out and "Head to head" in out


def test_guarda_tournament_of_three_bots_at_four_seats(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["random", "heuristic", "ismcts", "--players", "4", "--turn-limit", "2"]
    assert main(["tournament", *arguments, "--iterations", "5", *QUIET[2:], "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "Modern, 4 players, 3 bots" in out and "greedy" in out


@pytest.mark.parametrize(
    ("arguments", "needles"),
    [
        (["simulate", *TOY, "--edition", "grda"], ("--edition is Guarda's", "High card")),
        (["simulate", *TOY, "--win", "victory"], ("--win is Guarda's",)),
        (["simulate", *TOY, "--option", "speed=3"], ("no option 'speed'",)),
        (["simulate", *TOY, "--option", "nonsense"], ("NAME=VALUE",)),
        (["simulate", "--game", "chess"], ("no game called 'chess'",)),
        (["simulate", "--game", "generic_games:NOTHING"], ("no 'NOTHING'",)),
        (["simulate", "--game", "generic_games:LowestBot"], ("is not a game",)),
        (["simulate", *TOY, "--bots", "greedy"], ("greedy is Guarda's bot",)),
        (["tournament", *TOY, "random", "greedy"], ("greedy is Guarda's bot",)),
        (["play", *TOY, "--flat"], ("--flat is Guarda's",)),
        (["play", *TOY, "--seat", "2"], ("no seat 2",)),
        (["simulate", "--option", "edition=grda", "--edition", "grda"], ("--option",)),
    ],
)
def test_guarda_flags_and_bad_games_are_usage_errors(
    capsys: pytest.CaptureFixture[str], arguments: list[str], needles: tuple[str, ...]
) -> None:
    assert main([*arguments, "--quiet"] if arguments[0] != "play" else arguments) == 2
    _error(capsys.readouterr().err, *needles)


def test_guarda_options_make_its_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["--option", "edition=grda", "--option", "turn_limit=2", *QUIET]
    assert main(["simulate", "--game", "guarda", *arguments]) == 0
    assert capsys.readouterr().out.startswith("Grda, 2 players: random, random")


def test_play_the_toy_by_number_and_by_notation(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "token_hex", lambda size: "b")  # deals (2, 4) to you
    prompts = answers(monkeypatch, ["help", "zzz", "9", "1", "list", "1"])
    assert main(["play", *TOY, "--bots", "heuristic", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("High card, 2 players, seed 3; you are player 0")
    assert "1. 2: lay the 2" in out and "2. 4: lay the 4" in out and "Answer with:" in out
    assert "error: action: not a card: 'zzz'" in out
    assert "error: 9 is not one of your legal actions" not in out  # 9 is no card at all
    assert out.count("You played") == 2 and "Game over" in out and "Result:" in out
    assert len(prompts) == 6


def test_play_the_toy_with_notation_and_quit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "token_hex", lambda size: "salt")
    state = TOY_GAME.new_game(TOY_GAME.default_config(), 3, salt="salt")
    assert TOY_GAME.view(state, 0).hand == (5, 6)  # numbers 1 and 2 pick; 3 to 6 are cards
    answers(monkeypatch, ["4", "6", "quit"])
    assert main(["play", *TOY, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "error: 4 is not one of your legal actions" in out
    assert "You played 6." in out and "Game over" not in out


def test_replay_and_stats_of_a_toy_records_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "toy.jsonl"
    assert main(["simulate", *TOY, *QUIET, "--records", str(records)]) == 0
    capsys.readouterr()
    assert main(["replay", str(records), *TOY, "--index", "1", "--seat", "1", "--all"]) == 0
    out = capsys.readouterr().out
    assert "Ply 4 of 4" in out and "Player 1 (random" in out and "played" in out
    assert "Player 0 (random" in out and "decided" in out
    assert main(["replay", str(records), "--all"]) == 1
    _error(capsys.readouterr().err, "give game=")
    assert main(["stats", str(records), *TOY, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "# Game statistics: High card, 2 players, 4 games" in out
    assert "Cards played" not in out
    assert main(["stats", str(records), *TOY, "--plots", str(tmp_path)]) == 2
    _error(capsys.readouterr().err, "the plots are Guarda's")


def test_replay_a_toy_record_document(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = TOY_GAME.record(TOY_GAME.default_config(), 5)
    path = tmp_path / "record.json"
    path.write_text(TOY_GAME.dumps(record), encoding="utf-8")
    assert main(["replay", str(path), *TOY, "--all"]) == 0
    assert "Start" in capsys.readouterr().out
    assert main(["replay", str(path), *TOY, "--index", "1"]) == 2
    _error(capsys.readouterr().err, "--index is for an arena's records file")


def test_play_garrison_tells_what_the_bot_did(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "token_hex", lambda size: "salt")  # the bot plays first
    answers(monkeypatch, [])
    assert main(["play", "--game", "garrison", "--bots", "heuristic", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    bot = "Player 1 (garrison-heuristic)"
    told = lines[1 : lines.index(next(line for line in lines if "Your turn" in line))]
    assert told == [
        f"  {bot} added the queen of clubs to the garrison, paying the queen of diamonds",
        f"  {bot} traded the 6 of diamonds for the ace of clubs",
        f"  {bot} ended the turn",
        f"  {bot} drew 2 cards",  # which cards is the bot's secret
        "  Turn 2: Player 0 (you)",
        "  The 5 of clubs was dealt to market space 1",
    ]
    assert not any("decided" in line for line in lines)


def test_play_on_guard_tells_the_reveal_but_not_the_bots_choices(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "token_hex", lambda size: "salt")
    answers(monkeypatch, ["7", "done"])  # 7 is the seventh action: the 4
    assert main(["play", "--game", "on-guard", "--bots", "heuristic", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    you, bot = "Player 0 (you)", "Player 1 (heuristic)"
    start = lines.index("You played done.")
    assert lines[lines.index("You played 4.") + 1] == f"  {you} selected the 4"
    assert lines[start + 1 : start + 4] == [
        f"  {you} made a selection, face down",
        f"  {bot} made a selection, face down",  # not the three cards it chose, one by one
        f"  Selections revealed: {you} 4, {bot} J 4 9",
    ]
    assert lines[start + 4].startswith(f"  {you} attacked 2 against a parry of 1, scoring 2;")
    assert not any(line.startswith(f"  {bot} selected") or "decided" in line for line in lines)


def test_play_the_toy_says_only_who_decided(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "token_hex", lambda size: "b")
    answers(monkeypatch, ["1", "1"])
    assert main(["play", *TOY, "--bots", "heuristic", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    decided = [line for line in lines if line.endswith(" decided.")]
    assert decided and all(line.startswith("Player 1 (") for line in decided)
    assert not any(line.startswith("  Player") for line in lines)  # no event is told


def test_replay_a_garrison_game_tells_each_ply_as_the_seat_saw_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "garrison.jsonl"
    bots = ["--bots", "random,heuristic", "--games", "1", "--workers", "1", "--quiet"]
    # a fixed seed and key: a fresh deal could end before seat 1 draws a card
    dealt = ["--seed", "3", "--key", "replay-test"]
    assert main(["simulate", "--game", "garrison", *bots, *dealt, "--records", str(records)]) == 0
    capsys.readouterr()
    assert main(["replay", str(records), "--seat", "1", "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    other, mine = "  Player 0 (random) drew ", "  Player 1 (garrison-heuristic) drew "
    assert any(line.startswith(other) for line in lines)
    assert all(
        re.fullmatch(r"\d cards?", line[len(other) :]) for line in lines if line.startswith(other)
    )
    assert any(line.startswith(mine + "the ") for line in lines)  # your own cards, by name
    assert any(line.startswith("Player 1 (garrison-heuristic) played ") for line in lines)
    assert not any("decided" in line for line in lines)
