"""SubprocessAgent: bots in any language over JSON Lines; broken bots are faults, never hangs."""

from __future__ import annotations

import json
import pickle
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest

import guarda
from guarda.arena import PROTOCOL_VERSION, SerialExecutor, SubprocessAgent, match
from guarda.bots import RandomBot, play_match

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = [sys.executable, str(ROOT / "examples" / "subprocess_bot.py")]
BROKEN = str(Path(__file__).resolve().parent / "broken_bot.py")
MODERN = guarda.modern(players=2, turn_limit=40)


def broken(mode: str, *, timeout: float = 5.0, start_timeout: float = 5.0) -> SubprocessAgent:
    return SubprocessAgent(
        [sys.executable, BROKEN, mode], name=mode, timeout=timeout, start_timeout=start_timeout
    )


def test_the_example_bot_plays_full_games() -> None:
    with SubprocessAgent(EXAMPLE) as bot:
        for seed in (1, 2):
            result = play_match(guarda.modern(players=2), [bot, RandomBot()], seed=seed)
            assert result.outcome is not None
            assert result.faults == ()
            assert result.agent_names == ("subprocess_bot", "random")
            assert len(result.decision_times[0]) > 10
            assert guarda.final_state(result.record).outcome == result.outcome
        assert bot.bot_name == "random-subprocess"
        assert bot.is_running


def test_the_example_bot_plays_three_players_and_every_seat() -> None:
    bots = [SubprocessAgent(EXAMPLE, name=f"sub{seat}") for seat in range(3)]
    try:
        result = play_match(guarda.classic(players=3, turn_limit=30), bots, seed=4)
    finally:
        for bot in bots:
            bot.close()
    assert result.outcome is not None
    assert result.faults == ()
    assert all(len(times) > 0 for times in result.decision_times)


def test_the_runner_seed_makes_subprocess_games_repeatable() -> None:
    def play() -> guarda.GameRecord:
        with SubprocessAgent(EXAMPLE) as bot:
            record: guarda.GameRecord = play_match(
                MODERN, [RandomBot(), bot], seed=9, key="repeat"
            ).record
            return record

    assert play() == play()


def test_the_view_document_and_legal_actions_are_what_the_bot_reads(tmp_path: Path) -> None:
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
        "    elif message['type'] == 'act':\n"
        "        print(json.dumps({'type': 'action', 'id': message['id'],"
        " 'action': message['legal'][-1]}), flush=True)\n",
        encoding="utf-8",
    )
    state = guarda.new_game(MODERN, seed=3)
    view = guarda.view(state, state.actor)
    with SubprocessAgent([sys.executable, str(script)]) as bot:
        action = bot.act(view, random.Random(1))
    assert action is view.legal_actions[-1]
    hello, act, quit_ = (json.loads(line) for line in log.read_text().splitlines())
    assert hello == {
        "type": "hello",
        "protocol": "guarda-bot",
        "version": PROTOCOL_VERSION,
        "guarda": guarda.__version__,
        "game": "guarda",
    }
    assert act["id"] == 1 and isinstance(act["seed"], int) and act["game"] == "guarda"
    assert act["legal"] == [guarda.format_action(action) for action in view.legal_actions]
    assert guarda.loads(json.dumps(act["view"]), guarda.PlayerView) == view
    assert quit_ == {"type": "quit"}


def documented_schemas() -> dict[str, dict[str, object]]:
    """The JSON Schemas of the protocol page, by message name."""
    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    found = re.findall(r"<!-- schema: ([a-z-]+) -->\n```json\n(.*?)```", page, re.DOTALL)
    return {name: json.loads(text) for name, text in found}


def test_messages_match_the_documented_json_schemas() -> None:
    schemas = documented_schemas()
    state = guarda.new_game(MODERN, seed=3)
    view = guarda.view(state, state.actor)
    act = {
        "type": "act",
        "id": 1,
        "seed": 5,
        "game": "guarda",
        "view": json.loads(guarda.dumps(view)),
        "legal": [guarda.format_action(a) for a in view.legal_actions],
    }
    examples = {
        "runner-hello": {
            "type": "hello",
            "protocol": "guarda-bot",
            "version": 1,
            "guarda": "1",
            "game": "guarda",
        },
        "bot-hello": {"type": "hello", "protocol": "guarda-bot", "version": 1, "name": "x"},
        "act": act,
        "action": {"type": "action", "id": 1, "action": "place c1"},
        "error": {"type": "error", "message": "no"},
        "quit": {"type": "quit"},
    }
    assert set(schemas) == set(examples)
    for name, example in examples.items():
        jsonschema.Draft202012Validator.check_schema(schemas[name])
        jsonschema.validate(example, schemas[name])
    # Another game's view is its own document; Guarda's must be a guarda view document.
    jsonschema.validate({**act, "game": "toy", "view": {"kind": "view"}}, schemas["act"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**act, "view": {"kind": "view"}}, schemas["act"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "action", "id": "1", "action": "pass"}, schemas["action"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**examples["bot-hello"], "version": 2}, schemas["bot-hello"])


def test_the_example_bot_answers_match_the_schemas(tmp_path: Path) -> None:
    """What the example bot writes is valid, checked on a recorded conversation."""
    schemas = documented_schemas()
    state = guarda.new_game(MODERN, seed=3)
    view = guarda.view(state, state.actor)
    hello = {"type": "hello", "protocol": "guarda-bot", "version": 1, "guarda": "1"}
    act = {
        "type": "act",
        "id": 7,
        "seed": 1,
        "view": json.loads(guarda.dumps(view)),
        "legal": [guarda.format_action(a) for a in view.legal_actions],
    }
    text = "\n".join(json.dumps(message) for message in (hello, act, {"type": "quit"}))
    answers = subprocess.run(
        EXAMPLE, input=text + "\n", capture_output=True, text=True, timeout=30, check=True
    ).stdout.splitlines()
    assert len(answers) == 2
    jsonschema.validate(json.loads(answers[0]), schemas["bot-hello"])
    jsonschema.validate(json.loads(answers[1]), schemas["action"])
    assert json.loads(answers[1])["action"] in act["legal"]


# -- broken bots: each is a fault, and the game finishes ----------------------------------


@pytest.mark.parametrize(
    ("mode", "detail"),
    [
        ("crash-at-start", "exited with code 2; its last error output: cannot load my weights"),
        ("crash-mid-game", "exited with code 1; its last error output: Traceback"),
        ("garbage", 'expected a JSON object as the action, got "e2e4 please"'),
        ("wrong-version", "speaks protocol version 2; this runner speaks 1"),
        ("no-name", "must give a name"),
        ("not-notation", '"castle kingside" is not action notation'),
        (
            "wrong-id",
            'expected {"type": "action", "id": 1, "action": ...}, got {"type": "action", "id": 2',
        ),
        ("gives-up", 'gave up: "I resign this decision"'),
        ("huge", "longer than the limit"),
    ],
)
def test_a_broken_bot_is_a_fault_and_the_game_finishes(mode: str, detail: str) -> None:
    started = time.monotonic()
    with broken(mode) as bot:
        result = play_match(MODERN, [bot, RandomBot()], seed=5)
    assert time.monotonic() - started < 30
    assert result.outcome is not None  # the runner played the fallback for the bot
    assert result.faults
    assert {fault.seat for fault in result.faults} == {0}
    assert {fault.kind for fault in result.faults} == {"crash"}
    assert detail in result.faults[0].detail
    # After the first failure the bot is not asked again: later faults come at once.
    assert all("failed earlier" in fault.detail for fault in result.faults[1:])


@pytest.mark.parametrize("mode", ["silent", "silent-at-start"])
def test_a_silent_bot_times_out(mode: str) -> None:
    started = time.monotonic()
    with broken(mode, timeout=0.5, start_timeout=0.5) as bot:
        result = play_match(MODERN, [RandomBot(), bot], seed=5)
        assert not bot.is_running
    assert time.monotonic() - started < 20
    assert result.outcome is not None
    assert result.faults[0].seat == 1 and result.faults[0].kind == "crash"
    assert "AgentTimeoutError" in result.faults[0].detail
    assert "within 0.5 s" in result.faults[0].detail


def test_a_broken_bot_forfeits_when_asked_to() -> None:
    with broken("crash-mid-game") as bot:
        result = play_match(MODERN, [bot, RandomBot()], seed=5, on_fault="forfeit")
    assert result.forfeited == 0
    assert result.scores == (0.0, 1.0)


def test_an_illegal_answer_is_returned_for_the_runner_to_judge() -> None:
    with broken("illegal") as bot:
        result = play_match(MODERN, [bot, RandomBot()], seed=5)
    assert [fault.kind for fault in result.faults] == ["illegal"]
    assert result.outcome is not None


def test_the_errors_are_guarda_errors() -> None:
    state = guarda.new_game(MODERN, seed=3)
    view = guarda.view(state, state.actor)
    with broken("silent-at-start", start_timeout=0.3) as bot:
        with pytest.raises(guarda.AgentTimeoutError) as caught:
            bot.act(view, random.Random(1))
        assert isinstance(caught.value, guarda.AgentError)
        assert isinstance(caught.value, guarda.GuardaError)
        assert caught.value.path == "hello"
        # Failed: the next decision fails at once, without starting the bot again.
        started = time.monotonic()
        with pytest.raises(guarda.AgentTimeoutError, match="failed earlier"):
            bot.act(view, random.Random(1))
        assert time.monotonic() - started < 0.2
    with broken("garbage") as bot:
        for _ in range(2):
            bot.act(view, random.Random(1))
        with pytest.raises(guarda.AgentMessageError) as protocol:
            bot.act(view, random.Random(1))
        assert protocol.value.path == "action"
    with pytest.raises(guarda.AgentError, match="could not start"):
        SubprocessAgent(["/nonexistent/bot"]).act(view, random.Random(1))


def test_close_starts_afresh_and_stops_a_bot_that_ignores_quit() -> None:
    state = guarda.new_game(MODERN, seed=3)
    view = guarda.view(state, state.actor)
    bot = broken("crash-at-start")
    with pytest.raises(guarda.AgentError):
        bot.act(view, random.Random(1))
    bot.close()
    bot.command = (sys.executable, BROKEN, "fine")
    assert bot.act(view, random.Random(1)) in view.legal_actions  # started anew
    stubborn = broken("ignores-quit")
    stubborn.act(view, random.Random(1))
    running = stubborn._running
    assert running is not None
    started = time.monotonic()
    stubborn.close()
    assert time.monotonic() - started < 5
    assert running.process.poll() is not None  # killed after the grace period, and reaped
    stubborn.close()  # twice is fine
    bot.close()


def test_the_agent_pickles_as_its_settings_and_starts_lazily() -> None:
    bot = SubprocessAgent(EXAMPLE, name="sub", timeout=3)
    state = guarda.new_game(MODERN, seed=3)
    bot.act(guarda.view(state, state.actor), random.Random(1))
    assert bot.is_running
    copy = pickle.loads(pickle.dumps(bot))
    assert not copy.is_running and copy.bot_name is None
    assert (copy.name, copy.command, copy.timeout) == ("sub", bot.command, 3.0)
    bot.close()
    assert not bot.is_running


def test_subprocess_bots_in_the_arena(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    bot = SubprocessAgent(EXAMPLE, name="sub")
    serial = match(MODERN, [bot, RandomBot()], 4, seed=2, executor=SerialExecutor())
    pooled = match(
        MODERN, [bot, RandomBot()], 4, seed=2, key=serial.key, workers=2, records=records
    )
    assert serial.records == pooled.records
    assert not serial.faults
    assert [game.seats for game in serial.games][:2] == [("sub", "random"), ("random", "sub")]
    assert len(records.read_text().splitlines()) == 5


def test_bad_settings_are_argument_errors() -> None:
    for bad in ("python bot.py", [], [1], None):
        with pytest.raises(guarda.ArgumentError) as caught:
            SubprocessAgent(bad)  # type: ignore[arg-type]
        assert caught.value.path == "command"
    for option, value in [
        ("timeout", 0),
        ("timeout", float("nan")),
        ("start_timeout", -1),
        ("max_line", 10),
        ("name", ""),
        ("env", {"A": 1}),
    ]:
        with pytest.raises(guarda.ArgumentError) as caught:
            SubprocessAgent(EXAMPLE, **{option: value})  # type: ignore[arg-type]
        assert caught.value.path == option
    bot = SubprocessAgent(EXAMPLE)
    state = guarda.new_game(MODERN, seed=3)
    with pytest.raises(guarda.ArgumentError):
        bot.act(guarda.view(state, None), random.Random(1))
    with pytest.raises(guarda.ArgumentError):
        bot.act(guarda.view(state, state.actor), 5)  # type: ignore[arg-type]
    assert not bot.is_running
