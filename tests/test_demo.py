"""The demo: ``python -m guarda`` plays one seeded game and prints it."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

import guarda
from guarda.__main__ import main
from guarda.__main__ import run as run_demo
from guarda.render import field_text, seat_names


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    return code, capsys.readouterr().out.splitlines()


def test_demo_prints_every_turn_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "--seed", "4", "--edition", "classic")
    assert code == 0
    turns = [int(m.group(1)) for line in lines if (m := re.match(r"Turn (\d+): ", line))]
    assert turns == list(range(1, len(turns) + 1))
    assert len(turns) >= 2
    results = [line for line in lines if line.startswith("Result: ")]
    assert len(results) == 1
    assert lines.index(results[0]) == len(lines) - 3  # then one line per player
    over = next(line for line in lines if line.startswith("  Game over: "))
    winner = over.removeprefix("  Game over: ").removesuffix(" won")
    assert results[0].startswith(f"Result: {winner} wins (")
    # the result counts turns as the headers do: the game ends in the last turn started,
    # which never ends (R21, R22)
    assert results[0].endswith(f"(last-standing) in turn {turns[-1]}")
    # a board picture of the 6x6 field comes before each turn, then the status lines,
    # where * marks the player whose turn begins
    assert lines.count("  a b c d e f") == len(turns) + 1
    for index, line in enumerate(lines):
        if (m := re.match(r"Turn \d+: (\w+)$", line)) is not None:
            marked = [row for row in lines[index - 2 : index] if row.startswith("* ")]
            assert [row.split()[2] for row in marked] == [m.group(1)]
    assert [line.split(":")[0].strip() for line in lines[-2:]] == ["South", "North"]


def test_demo_turn_limit_ends_in_a_draw_r27(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(
        capsys, "--seed", "2", "--players", "3", "--edition", "grda", "--max-turns", "4"
    )
    assert code == 0
    assert any(line.startswith("Turn 4: ") for line in lines)
    assert not any(line.startswith("Turn 5: ") for line in lines)
    # Grda health is 20; four turns of random play cannot eliminate anyone.
    assert "Result: draw between South and West and North (turn-limit) in turn 4" in lines


def test_demo_quiet_prints_the_result_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "--quiet", "--seed", "5", "--players", "4", "--win", "victory")
    assert code == 0
    assert lines[0].startswith("Result: ")
    assert len(lines) == 1 + 4
    assert not any(line.startswith("Turn ") for line in lines)


def test_demo_rejects_an_invalid_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "9"]) == 2
    assert "players" in capsys.readouterr().err


def test_demo_seat_names_and_board() -> None:
    assert seat_names(guarda.classic(players=4)) == ("South", "West", "North", "East")
    assert seat_names(guarda.classic(players=8))[6:] == ("East 1", "East 2")
    state = guarda.new_game(guarda.grda(players=2), seed=1)
    while state.phase is guarda.Phase.SETUP:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    picture = field_text(state).splitlines()
    assert picture[-1] == "  a b c d"
    for mark, player in zip("SN", state.players, strict=True):
        assert player.position is not None
        row = picture[3 - player.position.y]
        assert row.split()[1 + player.position.x] == mark


def test_demo_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "guarda", "--quiet", "--seed", "1"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Result: ")
    assert "Turn " not in done.stdout


def test_demo_ends_quietly_when_its_reader_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``python -m guarda | head``: the pipe closes while the demo still prints.
    read_end, write_end = os.pipe()
    os.close(read_end)
    with os.fdopen(write_end, "w") as pipe:
        monkeypatch.setattr(sys, "stdout", pipe)
        monkeypatch.setattr(sys, "argv", ["guarda", "--seed", "1"])
        assert run_demo() == 1


@pytest.mark.parametrize(
    "arguments",
    [
        ["--seed", "1"],
        ["--seed", "3", "--win", "victory", "--players", "3"],
        ["--seed", "2", "--win", "exhaustion", "--edition", "grda"],
        ["--seed", "4", "--win", "king-of-the-hill", "--players", "4"],
        ["--seed", "5", "--max-turns", "7"],
    ],
)
def test_the_result_names_the_turn_of_the_last_header(
    capsys: pytest.CaptureFixture[str], arguments: list[str]
) -> None:
    """The result's turn is the last "Turn N" header's, whatever the win condition (P9).

    The game ends inside its last turn (an elimination, a target reached, a player out
    of cards) or after it (the turn limit); either way that turn had a header.
    """
    code, lines = run(capsys, *arguments)
    assert code == 0
    headers = [int(m.group(1)) for line in lines if (m := re.match(r"Turn (\d+): ", line))]
    (result,) = [line for line in lines if line.startswith("Result: ")]
    assert result.endswith(f" in turn {headers[-1]}"), (result, headers[-1])
    assert "after" not in result
