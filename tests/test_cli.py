"""The ``guarda`` command (guarda.cli, extra ``cli``): every subcommand, bad input, exit codes.

``guarda play`` is also driven end to end through a pseudo-terminal, as a person would
play it. rich is in the ``test`` extra, so the default ``tests`` session runs this module.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("rich")

import guarda
from cli_support import RUN, SMALL
from cli_support import answers as _answers
from guarda import conformance, render
from guarda.arena import read_arena, read_records
from guarda.cli import COMMANDS, main

ROOT = Path(__file__).parent.parent
NO_RICH = "import sys; sys.modules['rich'] = None; " + RUN
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")


def _one_error_line(err: str, *needles: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], lines[0]


def _record(tmp_path: Path, plies: int = 40) -> Path:
    recorder = guarda.Recorder(guarda.grda(turn_limit=6), seed=5, names=("ann", "bob"))
    while not recorder.state.is_over and recorder.record().plies < plies:
        recorder.apply(guarda.legal_actions(recorder.state)[-1])
    path = tmp_path / "game.json"
    path.write_text(guarda.dumps(recorder.record(), secrets=True))
    return path


# -- the dispatcher -------------------------------------------------------------------------


def test_no_command_prints_the_usage_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    err = capsys.readouterr().err
    assert all(name in err for name in COMMANDS)


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "guarda COMMAND" in capsys.readouterr().out
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"guarda {guarda.__version__}"
    for name in COMMANDS:
        if name == "serve" and importlib.util.find_spec("starlette") is None:
            continue  # the server extra is tested in its own session
        assert main([name, "--help"]) == 0, name
        assert f"guarda {name}" in capsys.readouterr().out


def test_unknown_command_and_bad_option_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["dance"]) == 2
    _one_error_line(capsys.readouterr().err, "unknown command 'dance'")
    assert main(["simulate", "--games", "many"]) == 2
    _one_error_line(capsys.readouterr().err, "guarda simulate: error:", "--games")


def test_without_rich_a_command_says_which_extra_to_install() -> None:
    done = subprocess.run(
        [sys.executable, "-c", NO_RICH, "play"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    _one_error_line(done.stderr, "pip install 'guarda[cli]'")


def test_serve_without_its_extra_says_which_to_install() -> None:
    blocked = "import sys; sys.modules['starlette'] = None; " + RUN
    done = subprocess.run(
        [sys.executable, "-c", blocked, "serve"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    _one_error_line(done.stderr, "pip install 'guarda[server]'")


def test_verify_runs_without_rich() -> None:
    vector = str(conformance.vector_files()[0])
    command = f"{sys.executable} -m guarda.conformance run"
    done = subprocess.run(
        [sys.executable, "-c", NO_RICH, "verify", "--quiet", "--command", command, vector],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "1 vectors at level events: 1 passed, 0 failed" in done.stdout


def test_the_console_script_and_the_demo_are_declared() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert 'guarda = "guarda.cli:main"' in text
    demo = (
        "import runpy, sys; sys.modules['rich'] = None; runpy.run_module('guarda', {}, '__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", demo, "--quiet", "--seed", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr  # python -m guarda needs no extra
    assert done.stdout.startswith("Result:")


# -- configuration flags --------------------------------------------------------------------


def test_config_flags_errors_are_usage_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["simulate", "--players", "9"]) == 2
    _one_error_line(capsys.readouterr().err, "guarda simulate: error:", "players")
    config = tmp_path / "config.json"
    config.write_text(guarda.dumps(guarda.grda(players=3, turn_limit=2)))
    assert main(["simulate", "--config", str(config), "--edition", "modern"]) == 2
    _one_error_line(capsys.readouterr().err, "--config cannot be combined with --edition")
    assert main(["simulate", "--config", str(tmp_path / "none.json")]) == 2
    _one_error_line(capsys.readouterr().err, "cannot read")


def test_a_config_file_chooses_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "config.json"
    config.write_text(guarda.dumps(guarda.grda(players=3, turn_limit=2)))
    records = tmp_path / "games.jsonl"
    arguments = ["--config", str(config), "--games", "3", "--records", str(records)]
    assert main(["simulate", *arguments, "--seed", "1", "--quiet"]) == 0
    assert "3 players" in capsys.readouterr().out
    assert all(record.config.players == 3 for record in read_records(records))


# -- simulate and tournament ----------------------------------------------------------------


def test_simulate_writes_records_and_a_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "games.jsonl"
    arguments = [*SMALL, "--games", "4", "--records", str(records)]
    assert main(["simulate", *arguments]) == 0
    out, err = capsys.readouterr()
    assert "Standings after 4 games" in out and "random#2" in out
    assert "4/4" in err and "4/4" not in out  # the progress bar is on stderr
    result = read_arena(records)
    assert len(result.games) == 4 and all(game.ok for game in result.games)
    assert main(["simulate", *arguments, "--bots", "random,chess"]) == 2
    _one_error_line(capsys.readouterr().err, "unknown bot 'chess'")
    assert main(["simulate", *arguments, "--bots", "random,random,random"]) == 2
    _one_error_line(capsys.readouterr().err, "give 2 agents")


def test_tournament_round_robin_and_gauntlet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "games.jsonl"
    arguments = [*SMALL, "--games", "2", "--records", str(records), "--quiet"]
    assert main(["tournament", "random", "random", "random", *arguments]) == 0
    out = capsys.readouterr().out
    assert "Round robin" in out and "random#3" in out and "Head to head" in out
    assert len(read_arena(records).games) == 6  # three pairs, two games each
    assert main(["tournament", "random", "random", "random", "--gauntlet", *arguments]) == 0
    assert "Gauntlet" in capsys.readouterr().out
    assert len(read_arena(records).games) == 4  # two opponents, two games each
    assert main(["tournament", "random", *arguments]) == 2
    _one_error_line(capsys.readouterr().err, "needs at least 2 bots")


def test_entrants_by_factory_and_by_command(capsys: pytest.CaptureFixture[str]) -> None:
    command = f"cmd:{sys.executable} {ROOT / 'examples' / 'subprocess_bot.py'}"
    arguments = [*SMALL, "--games", "2", "--quiet"]
    assert main(["tournament", "guarda.bots:GreedyBot", f"sub={command}", *arguments]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "sub" in out and "Head to head" in out
    agents = ["--agent", "mine=guarda.bots:RandomBot", "--agent", "ismcts"]
    assert main(["simulate", *agents, "--iterations", "4", "--worlds", "2", *arguments]) == 0
    out = capsys.readouterr().out
    assert "mine" in out and "ismcts-4" in out
    assert main(["simulate", "--agent", "random", "--agent", "ismcts", "--fm-calls", "300",
                 *arguments]) == 0  # fmt: skip
    assert "ismcts-300fm" in capsys.readouterr().out
    for bad, words in (
        (["--agent", "nowhere.at.all:Bot"], "cannot import 'nowhere.at.all'"),
        (["--agent", "guarda.bots:NoSuchBot"], "no 'NoSuchBot'"),
        (["--agent", "cmd:"], "give the command after cmd:"),
        (["--agent", "random", "--bots", "random"], "not both"),
        (["--agent", "ismcts", "--iterations", "0"], "ismcts: iterations"),
    ):
        assert main(["simulate", *bad, *arguments]) == 2
        _one_error_line(capsys.readouterr().err, words)


def test_simulate_stops_when_the_sequential_test_decides(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["--edition", "modern", "--turn-limit", "60", "--quiet", "--seed", "1"]
    bots = ["--bots", "greedy,random", "--games", "400", "--sprt", "0,400,0.05,0.05"]
    assert main(["simulate", *arguments, *bots]) == 0
    out = capsys.readouterr().out
    played = int(re.search(r"Standings after (\d+) games", out).group(1))  # type: ignore[union-attr]
    assert played < 400 and "SPRT: the first is better" in out
    for sprt in ("0", "1,0", "0,10,2,0.05"):
        assert main(["simulate", *arguments, "--bots", "random", "--sprt", sprt]) == 2
        _one_error_line(capsys.readouterr().err, "--sprt")


def test_piped_tables_are_never_cut_and_budgets_reach_the_arena(
    capsys: pytest.CaptureFixture[str],
) -> None:
    names = [
        "--agent",
        "a-rather-long-name-for-a-bot=random",
        "--agent",
        "b=guarda.bots:RandomBot",
    ]
    arguments = [*SMALL, "--games", "2", "--quiet", "--time-budget", "5", "--clock", "60"]
    assert main(["simulate", *names, *arguments]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "a-rather-long-name-for-a-bot" in line)
    assert len(row.rstrip()) > 80 and "…" not in out  # wider than a terminal, whole
    assert "ms" in out and "rating [95%]" in out


# -- stats ----------------------------------------------------------------------------------


def test_stats_prints_tables_of_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "games.jsonl"
    arguments = ["--edition", "grda", "--turn-limit", "6", "--games", "3", "--quiet"]
    assert main(["simulate", *arguments, "--records", str(records)]) == 0
    capsys.readouterr()
    assert main(["stats", str(records), str(_record(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "Game statistics: Grda, 2 players, 4 games" in out and "Branching factor" in out
    assert main(["stats", str(records), "--markdown"]) == 0
    assert capsys.readouterr().out.startswith("# Game statistics")


def test_stats_plots_need_the_plot_extra(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "guarda.plot", None)
    assert main(["stats", str(_record(tmp_path)), "--plots", str(tmp_path / "plots")]) == 1
    _one_error_line(capsys.readouterr().err, "pip install 'guarda[plot]'")


def test_stats_of_a_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "guarda", "version": 1, "kind": "record", "data": {}}')
    assert main(["stats", str(bad)]) == 1
    _one_error_line(capsys.readouterr().err, "bad.json", "data")


# -- validate -------------------------------------------------------------------------------


def test_validate_accepts_every_kind_of_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = guarda.new_game(guarda.modern(), seed=4)
    documents = {
        "config.json": (guarda.dumps(guarda.classic(players=4)), "a config (Classic, 4"),
        "state.json": (guarda.dumps(state, secrets=True), "a state (turn 0"),
        "view.json": (guarda.dumps(guarda.view(state, 1)), "a view of seat 1"),
        "seat.json": (
            guarda.dumps(guarda.seat_record(guarda.GameRecord(guarda.grda(), seed=1), 0)),
            "a seat record of",
        ),
    }
    for name, (text, expected) in documents.items():
        (tmp_path / name).write_text(text)
        assert main(["validate", str(tmp_path / name)]) == 0
        assert expected in capsys.readouterr().out, name
    path = _record(tmp_path)
    plies = guarda.loads(path.read_text(), guarda.GameRecord).plies
    assert plies > 12
    assert main(["validate", str(path)]) == 0
    assert f"a record of {plies} plies, replayed" in capsys.readouterr().out


def test_validate_an_arena_file_replays_every_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "games.jsonl"
    simulate = ["simulate", *SMALL, "--games", "2", "--key", "k", "--records", str(records)]
    assert main([*simulate, "--quiet"]) == 0
    capsys.readouterr()
    assert main(["validate", str(records)]) == 0
    assert "an arena records file of 2 games, all replayed" in capsys.readouterr().out
    lines = records.read_text().splitlines()
    game = json.loads(lines[2])
    game["record"]["data"]["actions"][5] = "pass"
    lines[2] = json.dumps(game)
    records.write_text("\n".join(lines) + "\n")
    assert main(["validate", str(records)]) == 1
    _one_error_line(capsys.readouterr().err, "games.jsonl: record 1: ", "ply ")


def test_validate_reports_the_error_with_its_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _record(tmp_path)
    document = json.loads(path.read_text())
    document["data"]["seed"] = "seven"
    path.write_text(json.dumps(document))
    assert main(["validate", str(path)]) == 1
    _one_error_line(capsys.readouterr().err, "guarda validate: error:", "data.seed")
    path.write_text("{not json")
    assert main(["validate", str(path)]) == 1
    _one_error_line(capsys.readouterr().err, "game.json")
    assert main(["validate", str(tmp_path / "missing.json")]) == 2
    _one_error_line(capsys.readouterr().err, "cannot read", "missing.json")


def test_validate_replays_a_record_with_an_illegal_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _record(tmp_path)
    document = json.loads(path.read_text())
    document["data"]["actions"][10] = {"type": "Pass"}
    path.write_text(json.dumps(document))
    assert main(["validate", str(path)]) == 1
    _one_error_line(capsys.readouterr().err, "ply 11")


# -- render ---------------------------------------------------------------------------------


def test_render_a_record_as_svg_and_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _record(tmp_path)
    final = guarda.final_state(guarda.loads(path.read_text(), guarda.GameRecord))
    out = tmp_path / "final.svg"
    assert main(["render", str(path), "--svg", str(out)]) == 0
    assert out.read_text() == render.field_svg(final)
    assert main(["render", str(path), "--text", "--seat", "1"]) == 0
    text = capsys.readouterr().out
    assert "Seen by North (player 1)" in text
    assert "North's hand" in text and "South's hand" not in text
    assert main(["render", str(path), "--text", "--spectator"]) == 0
    assert "Seen by a spectator" in capsys.readouterr().out


def test_render_bad_requests(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _record(tmp_path)
    assert main(["render", str(path)]) == 2
    _one_error_line(capsys.readouterr().err, "give --svg OUT or --text")
    assert main(["render", str(path), "--text", "--seat", "7"]) == 2
    _one_error_line(capsys.readouterr().err, "no seat 7")
    config = tmp_path / "config.json"
    config.write_text(guarda.dumps(guarda.grda()))
    assert main(["render", str(config), "--text"]) == 2
    _one_error_line(capsys.readouterr().err, "has no position")
    view = tmp_path / "view.json"
    view.write_text(guarda.dumps(guarda.view(guarda.new_game(guarda.grda(), seed=1), 0)))
    assert main(["render", str(view), "--text", "--seat", "1"]) == 2
    _one_error_line(capsys.readouterr().err, "the view of seat 0")


# -- replay ---------------------------------------------------------------------------------


def test_replay_all_steps_as_a_spectator(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["replay", str(_record(tmp_path, plies=12)), "--all"]) == 0
    out = capsys.readouterr().out
    assert "Start" in out and "Ply 12 of 12" in out
    assert " played " not in out  # a spectator is not told who played which cards
    assert "Seen by a spectator" in out


def test_replay_steps_forward_back_and_jumps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _record(tmp_path, plies=12)
    prompts = _answers(monkeypatch, ["", "next", "back", "6", "99", "dance", "quit"])
    assert main(["replay", str(path), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    steps = [0, 1, 2, 1, 6, 6, 6]
    assert prompts == [f"[{step}/12] > " for step in steps]
    assert "error: no ply 99" in out and "error: unknown command 'dance'" in out
    assert "Ply 6 of 12 ─" in out and "\nSouth (ann) played settle" in out
    assert "Ply 7 of 12 ─" not in out  # never shown


def _steps(out: str) -> dict[int, list[str]]:
    """The output of ``replay --all`` by ply: the lines below each ply's rule."""
    steps: dict[int, list[str]] = {}
    lines: list[str] = []
    for line in out.splitlines():
        found = re.fullmatch(r"─* (Start|Ply (\d+) of \d+) ─*", line)
        if found:
            lines = []
            steps[int(found.group(2)) if found.group(2) else 0] = lines
        else:
            lines.append(line)
    return steps


def test_replay_as_a_seat_shows_what_that_seat_may_know(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    names = ("South (ann)", "North (bob)")
    recorder = guarda.Recorder(guarda.modern(turn_limit=10), seed=5, names=("ann", "bob"))
    choose = random.Random(3)
    while not recorder.state.is_over:
        recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
    record = recorder.record()
    path = tmp_path / "game.json"
    path.write_text(guarda.dumps(record, secrets=True))
    assert main(["replay", str(path), "--seat", "0", "--all"]) == 0
    steps = _steps(capsys.readouterr().out)
    states = list(guarda.replay(record))
    assert sorted(steps) == list(range(len(states)))
    hidden = 0
    for ply, lines in steps.items():
        seen = guarda.view(states[ply], 0)
        before = guarda.view(states[ply - 1], 0).events if ply else ()
        visible = [guarda.describe(event, names) for event in seen.events[len(before) :]]
        position = render.text(seen).splitlines()
        everything = states[ply].events[len(states[ply - 1].events) if ply else 0 :]
        for event in everything:
            secret = guarda.describe(event, names)
            if secret not in visible:  # a card South may not see: on no line
                hidden += 1
                assert all(secret not in line for line in lines)
        if not ply:
            assert lines == [f"  {line}" for line in visible] + position
            continue
        # the decision, then the other events South saw, then the position South sees
        decision, rest = lines[0], lines[1:]
        actor = states[ply - 1].actor
        if actor == 0:
            action = guarda.format_action(record.actions[ply - 1])
            assert decision == f"South (ann) played {action}"
            assert rest == [f"  {line}" for line in visible] + position
            continue
        # North's decision: only what South saw of it, never North's notation
        assert decision.startswith("North (bob) ") and " played " not in decision
        pieces = decision.removeprefix("North (bob) ").split("; ")
        told = [f"North (bob) {piece}" for piece in pieces]
        if told == visible[: len(told)]:
            assert rest == [f"  {line}" for line in visible[len(told) :]] + position
        else:  # a decision that made no event
            assert pieces in (["ended their Move phase"], ["prepared no new guard"]), ply
            assert rest == [f"  {line}" for line in visible] + position
    assert hidden > 10  # North drew, burned, discarded and prepared cards face down


def test_replay_bad_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _record(tmp_path)
    assert main(["replay", str(path), "--seat", "2"]) == 2
    _one_error_line(capsys.readouterr().err, "no seat 2")
    assert main(["replay", str(path), "--game", "1"]) == 2
    _one_error_line(capsys.readouterr().err, "--game is for an arena's records file")


# -- play, in process -----------------------------------------------------------------------


def _play_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], arguments: list[str]
) -> str:
    _answers(monkeypatch, ["1"] * 500)
    assert main(["play", "--flat", *arguments]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out
    return out.splitlines()[-1]


def test_a_resumed_game_goes_on_as_the_uninterrupted_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    whole = _play_to_the_end(monkeypatch, capsys, SMALL)
    assert whole.startswith("Result:") and "in turn" in whole
    saved = tmp_path / "saved.json"
    _answers(monkeypatch, ["1", "1", "1", f"save {saved}", "quit"])
    assert main(["play", "--flat", *SMALL]) == 0
    assert f"Saved to {saved}" in capsys.readouterr().out
    assert _play_to_the_end(monkeypatch, capsys, ["--resume", str(saved)]) == whole


def test_play_bad_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", *SMALL, "--seat", "2"]) == 2
    _one_error_line(capsys.readouterr().err, "no seat 2 in a 2-player game")
    saved = tmp_path / "saved.json"
    saved.write_text(guarda.dumps(guarda.GameRecord(guarda.grda(), seed=1), secrets=True))
    assert main(["play", "--resume", str(saved), "--seed", "4"]) == 2
    _one_error_line(capsys.readouterr().err, "--resume cannot be combined with --seed")
    saved.write_text(guarda.dumps(guarda.grda()))
    assert main(["play", "--resume", str(saved)]) == 1
    _one_error_line(capsys.readouterr().err, "guarda play: error:", "record")


# -- play, through a pseudo-terminal --------------------------------------------------------


class Terminal:
    """``guarda play`` in a pseudo-terminal, read and written as a person would."""

    def __init__(self, *arguments: str) -> None:
        master, slave = os.openpty()
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "TERM": "xterm"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", RUN, "play", *arguments],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.text = ""

    def expect(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        """Read until ``pattern`` matches the new output; returns the match."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            found = regex.search(self.text)
            if found:
                self.text = self.text[found.end() :]
                return found
            left = deadline - time.monotonic()
            assert left > 0, f"no {pattern!r} in {self.text[-2000:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the other side closed
                    chunk = b""
                assert chunk, f"the game ended without {pattern!r}: {self.text[-2000:]!r}"
                self.text += ANSI.sub("", chunk.decode("utf-8", "replace").replace("\r", ""))

    def send(self, line: str) -> None:
        """Type a line and Enter."""
        os.write(self.master, line.encode() + b"\n")

    def close(self) -> int:
        """Wait for the end; the exit status."""
        status = self.process.wait(timeout=20)
        os.close(self.master)
        return status


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for terminal in opened:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a POSIX pseudo-terminal")
def test_play_flat_through_a_pseudo_terminal(tmp_path: Path, terminals: list[Terminal]) -> None:
    saved = tmp_path / "saved.json"
    game = Terminal("--flat", *SMALL)
    terminals.append(game)
    game.expect(r"you are South \(seat 0\)")
    # a short list says what each action would do (guarda.describe_action)
    game.expect(r"Your legal actions:\n\s+1\. place [a-d][1-4]\s+Place your piece on ")
    game.expect(r"\n> ")
    game.send("1")  # by number
    first = game.expect(r"Your legal actions:\n\s+1\. (\S+(?: \S+)*?)(?:\s{2,}|\n)")
    game.expect(r"\n> ")
    game.send(first.group(1))  # the same action in notation
    # what happened since your last decision begins with that decision's own events
    game.expect(r"Since your last decision:\n  South \(You\) discarded ")
    game.expect(r"Your legal actions:")
    game.expect(r"\(explain N tells what action N would do\)")  # a long list: notation only
    game.expect(r"\n> ")
    game.send("attack Z9")
    game.expect(r"error: .*\(help lists the commands\)")
    # an illegal action is explained from the player's view, with the ruling
    game.send("attack V1")
    game.expect(r"error: action: Attack is not a decision of the move phase .*\(R13\)")
    game.send("explain 1")
    game.expect(r"(?:\n|> )Move 1 cell north from b1 to b2, burning \S+ face down\.")
    game.send("explain move W V9")
    game.expect(r"error: cards\[0\]: expected a card of the deck")
    game.send("help")
    game.expect(r"save FILE")
    game.send(f"save {saved}")
    game.expect(r"Saved to ")
    game.send("quit")
    game.expect("Bye.")
    assert game.close() == 0
    record = guarda.loads(saved.read_text(), guarda.GameRecord)
    assert record.names == ("You", "random")
    moves = [guarda.format_action(action) for action in record.actions]
    assert first.group(1) in moves

    resumed = Terminal("--flat", "--resume", str(saved))
    terminals.append(resumed)
    opening = resumed.expect(r"(?s)resumed after 3 decisions; you are South.*?Your legal actions:")
    # what happened since the last decision, not the whole game again
    assert "The deals are committed" not in opening.group(0)
    assert "Since your last decision:\n  South (You) discarded" in opening.group(0)
    while True:
        found = resumed.expect(r"\n> |Result: .*\n")
        if found.group(0).startswith("Result"):
            break
        resumed.send("1")
    assert "in turn" in found.group(0)
    assert resumed.close() == 0
