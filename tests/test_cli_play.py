"""``guarda play`` step by step: actions built as the web table builds them
(``guarda.ActionBuilder``), notation at any step, bad input, colour, a real terminal.

The old numbered list (``--flat``), saving and resuming are tested in ``test_cli.py``.
"""

from __future__ import annotations

import builtins
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("rich")

import guarda
from cli_support import RUN, SMALL
from cli_support import answers as _answers
from guarda.cli import main

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")


# -- step by step, in process ---------------------------------------------------------------


CHOICES = re.compile(
    r"^  (Action|Card|Add a card|Direction|Destination|Cell|Distance|Orientation)  +(.*)$",
    re.MULTILINE,
)
"""A line of choices at a step: ``  Card  1 ALL  2 H2``."""


def _choices(shown: str) -> dict[int, str]:
    """The numbered choices of the last step in ``shown``."""
    last = max(shown.rfind("Choose what to do:"), shown.rfind("Your only action:"))
    last = max(last, shown.rfind("\n> "), 0)
    found = {}
    for match in CHOICES.finditer(shown[last:]):
        for item in re.split(r"\s{2,}", match.group(2).strip()):
            number, _, label = item.partition(" ")
            found[int(number)] = label
    return found


class Person:
    """Answers ``guarda play`` as a person clicking through the steps: reads what was
    shown since the last prompt, chooses a numbered choice at random, sometimes goes
    back, and presses Enter on a complete action."""

    def __init__(self, capsys: pytest.CaptureFixture[str], seed: int) -> None:
        self.capsys = capsys
        self.rng = random.Random(seed)
        self.shown = ""
        self.sent: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        new = self.capsys.readouterr().out
        self.shown += new
        if "Game over" in new or len(self.sent) > 3000:
            raise EOFError
        assert "error:" not in new, new
        open_now = _choices(new)
        complete = "Enter plays " in new
        if "(back goes up a step)" in new and self.rng.random() < 0.15:
            answer = "back"
        elif complete and (not open_now or self.rng.random() < 0.5):
            answer = ""
        else:
            assert open_now, new
            answer = str(self.rng.choice(sorted(open_now)))
        self.sent.append(answer)
        return answer


def test_a_whole_game_played_by_steps_reaches_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    person = Person(capsys, seed=7)
    monkeypatch.setattr(builtins, "input", person)
    # the same game each run: the salt that keys the bots' random sources is fixed
    monkeypatch.setattr("guarda.cli._play.secrets.token_hex", lambda size: "5a" * size)
    assert main(["play", "--edition", "grda", "--turn-limit", "4", "--seed", "3"]) == 0
    shown = person.shown + capsys.readouterr().out
    assert "Game over" in shown and "\nResult: " in shown
    assert "Traceback" not in shown and "error:" not in shown
    assert "back" in person.sent and "" in person.sent
    assert all(answer in ("", "back") or answer.isdigit() for answer in person.sent)
    assert "Your legal actions:" not in shown  # no flat list unless asked for
    # the kind first, then a breadcrumb of the steps, choices by kind, the action to play
    assert "\nChoose what to do:\n  Action  1 Place piece\n" in shown
    assert "\nPlace piece\n  Cell  1 b1  2 b4\n" in shown
    assert re.search(r"\nPlace piece > b[14]\n  Enter plays place b[14]: Place your ", shown)
    assert re.search(r"\n[A-Z][a-z ]+ > \S+\n  Add a card +1 ", shown)
    # a move by its destination, then the cards that take it there
    assert re.search(r"\nMove > [a-d][1-4]\n  Card +1 [A-Z]", shown)
    assert re.search(r"\n  Enter plays move [NESW] [A-Z0-9 ]+: Move \d cells? ", shown)


def test_notation_typed_at_a_step_plays_that_action(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "saved.json"
    prompts = _answers(monkeypatch, ["1", "place b4", f"save {saved}", "quit"])
    assert main(["play", *SMALL]) == 0
    out = capsys.readouterr().out
    # the first step offers the kind, the second the cells: notation skips the rest
    assert "\nChoose what to do:\n  Action  1 Place piece\n" in out
    assert "\nPlace piece\n  Cell  1 b1  2 b4\n  (back goes up a step)\n" in out
    assert "South (You) placed their piece on b4" in out
    assert len(prompts) == 4 and "error:" not in out
    record = guarda.loads(saved.read_text(), guarda.GameRecord)
    assert guarda.format_action(record.actions[0]) == "place b4"


def test_choices_by_name_explain_and_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "saved.json"
    _answers(monkeypatch, ["place piece", "B1", "explain", "play", f"save {saved}", "quit"])
    assert main(["play", *SMALL]) == 0
    out = capsys.readouterr().out
    assert "\nPlace piece > b1\n  Enter plays place b1: Place your piece on b1.\n" in out
    assert "\nPlace your piece on b1.\n" in out  # explain: the action made so far
    assert "error:" not in out
    record = guarda.loads(saved.read_text(), guarda.GameRecord)
    assert guarda.format_action(record.actions[0]) == "place b1"


def test_a_single_legal_action_waits_for_enter(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Modern, seed 1: South's setup cards allow one cell. The action is shown whole and
    # played on Enter, as the web table waits for its Play button; nothing is auto-played.
    _answers(monkeypatch, ["1", "back", "", "quit"])
    assert main(["play", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    only = "\nYour only action:\n  Enter plays place c5: Place your piece on c5.\n"
    before, _, after = out.partition(only)
    assert after and "placed their piece" not in before
    lines = after.splitlines()
    assert lines[0].startswith("error: no choice 1 at this step: Enter plays the action")
    assert lines[1].startswith("error: this is the first step")
    assert "South (You) placed their piece on c5" in after
    assert "\nChoose what to do:\n  Action  1 Move  2 End move\n" in after


def test_bad_input_at_a_step_is_explained_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = ["back", "play", "9", "zz", "1", "c3", "attack V1", "explain 7", "explain 1"]
    answers += ["", "back", "back", "quit"]
    prompts = _answers(monkeypatch, answers)
    assert main(["play", *SMALL]) == 0
    out = capsys.readouterr().out
    assert len(prompts) == len(answers) and "Traceback" not in out
    errors = [line for line in out.splitlines() if "error:" in line]
    expected = [
        "this is the first step: there is nothing to go back to",
        "choose a step first: the steps so far make no action yet",
        "no choice 9 at this step: choose 1 to 1",
        "'zz' is not a choice at this step (1 to 1)",
        "'c3' is not a choice at this step (1 to 2)",
        # an action in notation is refused with its ruling, checked from the view
        "action: Attack is not a decision of the setup phase (it takes PlacePiece) (R9)",
        "no choice 7 at this step (1 to 2)",
        "this is the first step: there is nothing to go back to",
    ]
    assert len(errors) == len(expected), errors
    for line, needle in zip(errors, expected, strict=True):
        assert line == f"error: {needle} (help lists the commands)"
    assert "\nPlace your piece on b1.\n" in out  # explain 1: the action choice 1 makes
    # Enter before the steps make an action shows the step again
    assert out.count("\nPlace piece\n  Cell  1 b1  2 b4\n  (back goes up a step)\n") == 2


def test_flat_keeps_the_numbered_list_and_list_shows_every_action(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _answers(monkeypatch, ["list", "quit"])
    assert main(["play", "--flat", *SMALL]) == 0
    out = capsys.readouterr().out
    assert "Your legal actions:\n  1. place b1   Place your piece on b1.\n  2. place b4" in out
    assert "Choose what to do" not in out
    _answers(monkeypatch, ["list", "quit"])
    assert main(["play", *SMALL]) == 0
    out = capsys.readouterr().out
    assert "Your legal actions:\n  place b1   Place your piece on b1.\n  place b4" in out
    assert "(type one to play it, or go on choosing step by step)" in out


def test_colour_when_forced_and_none_with_no_color(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("COLORTERM", raising=False)
    _answers(monkeypatch, ["1", "quit"])
    assert main(["play", *SMALL]) == 0
    out = capsys.readouterr().out
    colours = re.findall(r"\x1b\[[0-9;]*38;5;[0-9]+[0-9;]*m(.)", out)
    assert "S" in colours and "N" in colours  # the pieces and marks in their seats' colours
    assert re.search(r"\x1b\[1;36mPlace piece", out)  # the choices
    plain = ANSI.sub("", out)
    assert "Choose what to do:\n  Action  1 Place piece" in plain

    monkeypatch.setenv("NO_COLOR", "1")
    _answers(monkeypatch, ["1", "quit"])
    assert main(["play", *SMALL]) == 0
    out = capsys.readouterr().out
    assert not re.search(r"\x1b\[[0-9;]*(3[0-9]|9[0-7])(;[0-9;]*)?m", out), out
    commitment = re.compile(r"committed: [0-9a-f]+")  # each game has its own salt
    assert commitment.sub("", ANSI.sub("", out)) == commitment.sub("", plain)


# -- play, in a real terminal (tmux) --------------------------------------------------------


class Tmux:
    """``guarda play`` in a tmux window of its own server: keys typed, the screen read."""

    def __init__(self, socket: str, *arguments: str) -> None:
        self.base = ["tmux", "-L", socket]
        command = [sys.executable, "-c", RUN, "play", *arguments]
        env = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
        env.update(TERM="xterm-256color", COLUMNS="100")
        window = [*self.base, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "60"]
        plain = ["env", "-u", "NO_COLOR", "-u", "COLUMNS"]  # colour on, the window's width
        subprocess.run([*window, *plain, *command], check=True, env=env)

    def screen(self, *, escapes: bool = False) -> str:
        """What the window shows now (with its colours as escape codes, if asked); tmux
        drops the spaces at the end of a line, so the prompt reads ``>``."""
        flags = ["-e"] if escapes else []
        done = subprocess.run(
            [*self.base, "capture-pane", "-p", *flags, "-S", "-60"],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def wait_for(self, pattern: str, timeout: float = 20.0) -> str:
        """The screen once ``pattern`` is on it."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if re.search(pattern, shown):
                return shown
            assert time.monotonic() < deadline, f"no {pattern!r} on the screen:\n{shown}"
            time.sleep(0.1)

    def keys(self, *keys: str) -> None:
        """Type keys (tmux key names: ``Enter``...)."""
        subprocess.run([*self.base, "send-keys", *keys], check=True)

    def kill(self) -> None:
        """End the server, and the game in it."""
        subprocess.run([*self.base, "kill-server"], check=False, capture_output=True)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_play_step_by_step_in_a_real_terminal(tmp_path: Path) -> None:
    window = Tmux(f"guarda-test-{os.getpid()}", *SMALL)
    try:
        shown = window.wait_for(r"Choose what to do:\n  Action  1 Place piece\n>\n")
        assert "S South" in shown
        colours = window.screen(escapes=True)
        assert re.search(r"\x1b\[[0-9;]*(3[0-7]|38;[25];[0-9;]+)m", colours)  # in colour
        window.keys("1", "Enter")
        window.wait_for(r"\nPlace piece\n  Cell  1 b1  2 b4\n  \(back goes up a step\)\n>\n")
        window.keys("back", "Enter")
        window.wait_for(r"\n> back\nChoose what to do:\n  Action  1 Place piece\n>\n")
        window.keys("1", "Enter", "b4", "Enter")
        window.wait_for(r"Place piece > b4\n  Enter plays place b4: Place your piece on b4\.")
        window.keys("Enter")
        shown = window.wait_for(r"South \(You\) placed their piece on b4")
        window.keys("quit", "Enter")
        window.wait_for(r"Bye\.")
    finally:
        window.kill()
