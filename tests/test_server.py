"""The game server over a real WebSocket: creating games, playing, bots, resuming.

Run by the ``server`` nox session (the extra's dependencies); skipped without them.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import attrs
import jsonschema

import guarda
from guarda.bots import RandomBot
from guarda.server import (
    CLIENT_MESSAGES,
    MESSAGES,
    SERVER_MESSAGES,
    GameServer,
    Settings,
    load_schema,
)
from guarda.server._pictures import card_pictures
from server_support import Player, Running, document, serving, validator

CHECK = {name: validator(name) for name in MESSAGES}


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    with serving(Settings(database=str(tmp_path / "games.db"))) as server:
        yield server


def _versus_bot(running: Running, **request: Any) -> tuple[dict[str, Any], str]:
    created = running.create(
        {"preset": "modern", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}
        | request
    )
    CHECK["game-created"](created)
    token = created["seats"][0]["token"]
    assert isinstance(token, str)
    return created, token


def _play_out(player: Player, rng: random.Random, *, documents: bool = False) -> dict[str, Any]:
    """Play random legal actions until the game is over; return the last position."""
    while True:
        position = player.position()
        if position["status"] == "over":
            return position
        if position["actor"] == player.welcome["seat"] and position["legal"]:
            index = rng.randrange(len(position["legal"]))
            if documents:
                action: object = {
                    "format": "guarda",
                    "version": 1,
                    "kind": "action",
                    "data": position["view"]["data"]["legal_actions"][index],
                }
            else:
                action = position["legal"][index]
            answer = player.act(action, ref=f"r{position['ply']}")
            assert answer["type"] == "accepted", answer
            assert answer["ref"] == f"r{position['ply']}"
            assert answer["ply"] == position["ply"] + 1
        player.until(lambda m: m["type"] == "update")


def test_every_message_has_a_schema_and_the_schemas_are_valid() -> None:
    assert set(CLIENT_MESSAGES) | set(SERVER_MESSAGES) <= set(MESSAGES)
    for name in MESSAGES:
        schema = load_schema(name)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"] == f"urn:guarda:server:{name}:v1"


def test_info_and_pages_are_served(running: Running) -> None:
    status, info = running.request("GET", "/api/info")
    assert status == 200
    assert info["protocol"] == 1 and "random" in info["bots"] and "modern" in info["presets"]
    for path in ("/", "/table", "/static/table.js", "/static/lobby.js", "/static/table.css"):
        status, text = running.text(path)
        assert status == 200 and len(text) > 100, path
    status, schema = running.request("GET", "/api/schemas/act.json")
    assert status == 200 and schema == load_schema("act")
    created, _ = _versus_bot(running)
    status, listed = running.request("GET", "/api/games")
    assert status == 200 and [game["game"] for game in listed["games"]] == [created["game"]]
    CHECK["game-summary"](listed["games"][0])


def test_pictures_of_the_field_are_sent_to_clients_that_ask(running: Running) -> None:
    created, token = _versus_bot(running)
    plain = Player(running, created["game"], token)
    assert "svg" not in plain.welcome
    pictured = Player(running, created["game"], token, svg=True)
    CHECK["welcome"](pictured.welcome)
    assert pictured.welcome["svg"].startswith("<svg")
    assert "Seen by South (player 0)" in pictured.welcome["svg"]
    watcher = Player(running, created["game"], svg=True)
    assert "Seen by a spectator" in watcher.welcome["svg"]
    for connection in (plain, pictured, watcher):
        connection.close()


def test_the_field_picture_names_the_players_by_their_names(running: Running) -> None:
    created = running.create(
        {
            "preset": "grda",
            "seats": [{"kind": "person", "name": "Ana"}, {"kind": "bot", "bot": "random"}],
        }
    )
    token = created["seats"][0]["token"]
    player = Player(running, created["game"], token, svg=True)
    picture = player.welcome["svg"]
    bot = player.welcome["seats"][1]["name"]
    assert "Seen by Ana (player 0)" in picture and f"{bot} (player 1)" in picture
    assert "South (player 0)" not in picture
    ElementTree.fromstring(picture)  # well-formed with the names in it
    player.close()


SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("preset", ["modern", "classic", "grda"])
def test_every_card_of_a_games_deck_has_its_picture_and_words(
    running: Running, preset: str
) -> None:
    created, _ = _versus_bot(running, preset=preset)
    game = created["game"]
    with urllib.request.urlopen(f"{running.base}/api/cards/{game}.json", timeout=30) as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"] == "application/json"
        assert "max-age" in answer.headers["Cache-Control"]
        assert "img-src 'self' data:" in answer.headers["Content-Security-Policy"]
        body = answer.read()
    config = running.server.games[game].config if running.server else None
    assert config is not None
    pictures = json.loads(body)
    assert pictures["config"] == config.name
    assert pictures["sides"] == ["South", "North"]
    deck = {entry.card.name: entry.card for entry in config.deck}
    assert set(pictures["cards"]) == set(deck)
    for name, card in pictures["cards"].items():
        root = ElementTree.fromstring(card["svg"])  # valid XML, an SVG document
        assert root.tag == f"{SVG}svg"
        assert root.findtext(f"{SVG}title") == f"Card {name}"
        # As many cells filled with the card's colour as the pattern covers.
        filled = [rect for rect in root.iter(f"{SVG}rect") if rect.get("fill") == "#0072B2"]
        assert len(filled) == len(deck[name].cells), name
        # Nothing that could run: no script, no event handler attribute.
        assert not list(root.iter(f"{SVG}script"))
        assert not [key for node in root.iter() for key in node.attrib if key.startswith("on")]
        assert card["words"].startswith(f"{name} covers ") and card["words"].endswith(".")
        assert f"({len(deck[name].cells)} cells)" in card["words"]
    words = {name: card["words"] for name, card in pictures["cards"].items()}
    assert "the row nearest you" in words["H1"] and "1st column from your left" in words["V1"]
    # Written once per ruleset: the next game of the same ruleset gets the same bytes.
    hits = card_pictures.cache_info().hits
    again, _ = _versus_bot(running, preset=preset)
    status, same = running.text(f"/api/cards/{again['game']}.json")
    assert status == 200 and same.encode() == body
    assert card_pictures.cache_info().hits == hits + 1
    assert card_pictures(config) is card_pictures(config)


def test_the_card_pictures_of_an_unknown_game_are_not_found(running: Running) -> None:
    status, answer = running.request("GET", "/api/cards/nosuchgame.json")
    assert status == 404 and answer["error"]["path"] == "game"
    status, _ = running.request("GET", "/api/cards/" + "x" * 65 + ".json")
    assert status == 404


def test_a_person_plays_a_whole_game_against_a_bot(running: Running) -> None:
    created, token = _versus_bot(running)
    player = Player(running, created["game"], token)
    welcome = player.welcome
    CHECK["welcome"](welcome)
    assert welcome["seat"] == 0 and welcome["protocol"] == 1
    assert welcome["view"]["data"]["player"] == 0
    assert welcome["view"]["data"]["events"] == []
    assert welcome["first"] == 0 and len(welcome["events"]) == len(welcome["log"]) > 0
    status, _ = running.request("GET", f"/api/games/{created['game']}/record")
    assert status == 409  # the record holds the seed: not before the end
    last = _play_out(player, random.Random(1))
    # Every kind of message, and updates all through the game (checking all is slow).
    for index, message in enumerate(player.received):
        if message["type"] != "update" or index % 8 == 0 or message is last:
            CHECK[message["type"]](message)
    record = guarda.loads(json.dumps(last["record"]), guarda.GameRecord)
    final = guarda.final_state(record)
    assert final.outcome is not None and last["view"]["data"]["outcome"] is not None
    assert guarda.loads(json.dumps(last["view"]), guarda.PlayerView) == attrs.evolve(
        guarda.view(final, 0), events=()
    )
    # The events the client collected are the game's log as seat 0 saw it.
    events = [
        event for message in player.received if "events" in message for event in message["events"]
    ]
    assert events == [document(event) for event in guarda.view(final, 0).events]
    status, text = running.text(f"/api/games/{created['game']}/record")
    assert status == 200 and guarda.loads(text, guarda.GameRecord) == record
    status, summary = running.request("GET", f"/api/games/{created['game']}")
    CHECK["game-summary"](summary)
    assert summary["status"] == "over" and summary["ply"] == record.plies
    player.close()


def test_actions_as_documents_are_played_too(running: Running) -> None:
    created, token = _versus_bot(running, preset="grda", options={"turn_limit": 6})
    player = Player(running, created["game"], token)
    last = _play_out(player, random.Random(2), documents=True)
    assert last["view"]["data"]["outcome"] is not None
    player.close()


def test_an_illegal_action_is_refused_with_the_guarda_error_and_changes_nothing(
    running: Running,
) -> None:
    created = running.create({"preset": "modern", "seats": [{"kind": "person"}] * 2})
    # The seat to decide first depends on the setup draw (R9).
    first = Player(running, created["game"]).welcome["actor"]
    token = created["seats"][first]["token"]
    player = Player(running, created["game"], token)
    before = player.position()
    answer = player.act("move N V1", ref=7)  # setup: not a decision of this phase
    CHECK["refused"](answer)
    assert answer["ref"] == 7
    assert answer["error"]["class"] == "IllegalActionError"
    assert answer["error"]["rule"] is not None
    answer = player.act("teleport a1")
    assert answer["type"] == "refused"
    assert answer["error"]["class"] == "NotationError" and answer["error"]["path"].startswith(
        "action"
    )
    bad_document = {"format": "guarda", "version": 1, "kind": "action", "data": {"type": "Fly"}}
    answer = player.act(bad_document)
    assert answer["error"]["class"] == "DocumentError"
    assert answer["error"]["path"].startswith("action")
    again = Player(running, created["game"], token)
    assert again.welcome["ply"] == before["ply"] == 0
    assert again.welcome["view"] == before["view"]
    assert running.server is not None
    assert running.server.games[created["game"]].ply == 0
    for connection in (player, again):
        connection.close()


def test_spectators_follow_the_game_and_cannot_act(running: Running) -> None:
    created, token = _versus_bot(running, preset="grda", options={"turn_limit": 4})
    watcher = Player(running, created["game"])
    assert watcher.welcome["seat"] is None
    data = watcher.welcome["view"]["data"]
    assert data["player"] is None and data["hand"] == [] and data["guard"] is None
    answer = watcher.act("place a1")
    assert answer["type"] == "refused" and answer["error"]["class"] == "MessageError"
    player = Player(running, created["game"], token)
    _play_out(player, random.Random(3))
    last = watcher.until(lambda m: m.get("status") == "over")
    assert last["view"]["data"]["outcome"] == player.position()["view"]["data"]["outcome"]
    for connection in (watcher, player):
        connection.close()


def test_a_reconnecting_client_gets_its_view_and_the_events_since_it_last_acknowledged(
    running: Running,
) -> None:
    created, token = _versus_bot(running)
    player = Player(running, created["game"], token)
    rng = random.Random(4)
    for _ in range(6):
        position = player.position()
        if position["actor"] == 0 and position["legal"]:
            player.act(rng.choice(position["legal"]))
        player.until(lambda m: m["type"] == "update")
    held = player.position()["first"] + len(player.position()["events"])
    player.send({"type": "ack", "events": held})
    player.send({"type": "ping", "ref": "sync"})
    player.until(lambda m: m["type"] == "pong")
    player.close()
    time.sleep(0.2)
    resumed = Player(running, created["game"], token)  # no since: the last ack is used
    assert resumed.welcome["first"] == held
    explicit = Player(running, created["game"], token, since=2)
    assert explicit.welcome["first"] == 2
    fresh = Player(running, created["game"], token, since=0)
    assert fresh.welcome["events"][2:] == explicit.welcome["events"]
    assert fresh.welcome["events"][held:] == resumed.welcome["events"]
    assert fresh.welcome["view"] == resumed.welcome["view"]
    too_far = Player(running, created["game"], token, since=10**6)
    assert too_far.welcome["type"] == "error" and too_far.welcome["error"]["path"] == "since"
    for connection in (resumed, explicit, fresh, too_far):
        connection.close()


class CrashingBot:
    """Raises on every decision."""

    name = "crashing"

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        raise RuntimeError("a bug in the bot")


class LyingBot:
    """Answers with something that is not an action, then with an illegal action."""

    name = "lying"

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        if rng.random() < 0.5:
            return "pass"  # type: ignore[return-value]
        return guarda.Move(guarda.Direction.NORTH, ("NOPE",))


class SlowBot:
    """Takes longer than the time budget."""

    name = "slow"

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        time.sleep(0.8)
        return view.legal_actions[0]


def test_faulty_bots_never_stop_the_game_or_the_server(tmp_path: Path) -> None:
    bots = {"random": RandomBot, "crashing": CrashingBot, "lying": LyingBot, "slow": SlowBot}
    settings = Settings(database=str(tmp_path / "games.db"), bot_time_budget=0.4)
    with serving(settings, bots=bots) as running:
        games = []
        for bad in ("crashing", "lying", "slow"):
            created = running.create(
                {
                    "preset": "grda",
                    "options": {"turn_limit": 3},
                    "seats": [{"kind": "bot", "bot": bad}, {"kind": "bot", "bot": "random"}],
                }
            )
            games.append((bad, created["game"]))
        assert running.server is not None
        deadline = time.monotonic() + 60
        while not all(running.server.games[game].is_over for _, game in games):
            assert time.monotonic() < deadline, "bot games did not finish"
            time.sleep(0.05)
        for bad, game in games:
            faults = running.server.games[game].faults
            assert faults and all(fault.seat == 0 for fault in faults)
            kinds = {fault.kind for fault in faults}
            expected = {"crashing": {"crash"}, "lying": {"non-action", "illegal"}}.get(
                bad, {"late"}
            )
            assert kinds <= expected and kinds
            status, record = running.text(f"/api/games/{game}/record")
            assert status == 200
            assert guarda.final_state(guarda.loads(record, guarda.GameRecord)).is_over
        status, _ = running.request("GET", "/api/info")  # still serving
        assert status == 200


def test_a_restarted_server_resumes_every_game_exactly(tmp_path: Path) -> None:
    settings = Settings(database=str(tmp_path / "games.db"))
    with serving(settings) as running:
        created, token = _versus_bot(running)
        watched = running.create(
            {"preset": "grda", "seats": [{"kind": "person"}, {"kind": "person"}]}
        )
        player = Player(running, created["game"], token)
        rng = random.Random(5)
        for _ in range(10):
            position = player.position()
            if position["actor"] == 0 and position["legal"]:
                assert player.act(rng.choice(position["legal"]))["type"] == "accepted"
            player.until(lambda m: m["type"] == "update")
        time.sleep(0.3)  # let the bot finish its answer
        before = Player(running, created["game"], token, since=0).welcome
        spectator_before = Player(running, watched["game"]).welcome
        player.close()
    with serving(settings) as running:
        after = Player(running, created["game"], token, since=0).welcome
        spectator_after = Player(running, watched["game"]).welcome
        for key in ("ply", "view", "events", "log", "legal", "actor"):
            assert after[key] == before[key], key
        assert spectator_after["view"] == spectator_before["view"]
        # The game goes on where it stopped.
        player = Player(running, created["game"], token)
        last = _play_out(player, random.Random(6))
        assert last["view"]["data"]["outcome"] is not None
        player.close()


def test_the_server_rebuilds_games_by_replay(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, int]:
        server = GameServer(Settings(database=str(tmp_path / "g.db")))
        await server.start()
        created = await server.create_game(
            {"preset": "modern", "seats": [{"kind": "bot", "bot": "random"}] * 2}
        )
        game = server.games[created["game"]]
        while not game.is_over:
            await asyncio.sleep(0.01)
        plies = game.ply
        await server.stop()
        again = GameServer(Settings(database=str(tmp_path / "g.db")))
        await again.start()
        loaded = again.game(created["game"])
        assert loaded is not None and loaded.state == game.state
        await again.stop()
        return plies, loaded.ply

    plies, loaded = asyncio.run(scenario())
    assert plies == loaded > 0


def test_the_guide_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``py`` blocks of the guide (they need the extra, so the default docs test
    skips them)."""
    page = Path(__file__).resolve().parent.parent / "docs" / "server.md"
    blocks = re.findall(r"^```py\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)
    assert blocks
    monkeypatch.chdir(tmp_path)
    for number, code in enumerate(blocks, start=1):
        namespace: dict[str, object] = {"__name__": "__guide__"}
        exec(compile(code, f"<server.md example {number}>", "exec"), namespace)
    server = namespace["server"]
    assert isinstance(server, GameServer) and "first" in server.bots
    server.store.close()


class SleepyBot:
    """Takes a second and a half for every decision (within the time budget)."""

    name = "sleepy"

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        time.sleep(1.5)
        return rng.choice(view.legal_actions)


def test_a_slow_bot_never_blocks_the_other_games(tmp_path: Path) -> None:
    bots = {"random": RandomBot, "sleepy": SleepyBot}
    settings = Settings(database=str(tmp_path / "games.db"), bot_time_budget=10.0)
    with serving(settings, bots=bots) as running:
        for _ in range(3):
            running.create({"preset": "grda", "seats": [{"kind": "bot", "bot": "sleepy"}] * 2})
        created = running.create({"preset": "grda", "seats": [{"kind": "person"}] * 2})
        players = [Player(running, created["game"], s["token"]) for s in created["seats"]]
        rng = random.Random(8)
        waits = []
        assert running.server is not None
        sleepy = [g for g in running.server.games.values() if g.seats[0].bot == "sleepy"]
        deadline = time.monotonic() + 30
        # Play on while the bots think, until each has decided twice.
        while (
            not all(game.ply >= 2 for game in sleepy) and players[0].position()["status"] != "over"
        ):
            assert time.monotonic() < deadline
            time.sleep(0.05)
            mover = players[players[0].position()["actor"]]
            start = time.perf_counter()
            answer = mover.act(rng.choice(mover.position()["legal"]))
            waits.append(time.perf_counter() - start)
            assert answer["type"] == "accepted"
            for player in players:
                player.until(lambda m: m["type"] == "update")
        assert len(waits) >= 8
        assert max(waits) < 1.0, waits  # never waited for a bot's second and a half
        for player in players:
            player.close()


def _build(player: Player, chosen: list[dict[str, Any]], ply: int | None = None) -> dict[str, Any]:
    """Send a build message; return the answer (``choices``, ``refused`` or ``error``)."""
    position = player.position()
    player.send(
        {"type": "build", "ply": position["ply"] if ply is None else ply, "chosen": chosen}
    )
    return player.until(lambda m: m["type"] in ("choices", "refused", "error"))


_STEP_KEYS = {
    "kinds": "kind",
    "cards": "card",
    "directions": "direction",
    "cells": "cell",
    "distances": "distance",
    "orientations": "orientation",
}


def _pick_by_steps(player: Player, rng: random.Random) -> tuple[str, int]:
    """Choose an action the way the web table does: step by step from the server's
    choices, until the steps make an action; return it and the number of steps."""
    chosen: list[dict[str, Any]] = []
    while True:
        answer = _build(player, chosen)
        CHECK["choices"](answer)
        assert answer["type"] == "choices" and answer["chosen"] == chosen
        open_now = [
            {_STEP_KEYS[group]: value}
            for group, values in answer["open"].items()
            for value in values
        ]
        assert answer["completions"] >= 1
        if answer["action"] is not None:
            assert answer["describe"].endswith(".")
            if not open_now or rng.random() < 0.4:
                return answer["action"], len(chosen)
        else:
            assert open_now and answer["describe"] is None
        chosen.append(rng.choice(open_now))


def test_a_person_plays_a_whole_game_by_building_actions_step_by_step(running: Running) -> None:
    created, token = _versus_bot(running, options={"turn_limit": 12})
    player = Player(running, created["game"], token)
    rng = random.Random(11)
    steps = 0
    kinds: set[str] = set()
    while True:
        position = player.position()
        if position["status"] == "over":
            break
        if position["actor"] == 0 and position["legal"]:
            action, taken = _pick_by_steps(player, rng)
            assert action in position["legal"]  # only legal completions are offered
            steps += taken
            kinds.add(action.split()[0])
            assert player.act(action)["type"] == "accepted"
        player.until(lambda m: m["type"] == "update")
    assert steps > 0 and len(kinds) >= 3
    player.close()


def test_the_first_choices_are_the_kinds_of_the_legal_actions(running: Running) -> None:
    created = running.create({"preset": "modern", "seats": [{"kind": "person"}] * 2})
    actor = Player(running, created["game"]).welcome["actor"]
    player = Player(running, created["game"], created["seats"][actor]["token"])
    position = player.position()
    view = guarda.loads(json.dumps(position["view"]), guarda.PlayerView)
    answer = _build(player, [])
    assert answer["open"]["kinds"] == [
        kind.__name__ for kind in guarda.ActionBuilder.from_view(view).choices().kinds
    ]
    assert answer["action"] is None and answer["completions"] == len(position["legal"])
    kind = answer["open"]["kinds"][0]
    cells = _build(player, [{"kind": kind}])
    assert cells["completions"] == len(position["legal"]) == len(cells["open"]["cells"])
    done = _build(player, [{"kind": kind}, {"cell": cells["open"]["cells"][0]}])
    assert done["action"] == f"place {cells['open']['cells'][0]}"
    assert done["describe"].startswith("Place your piece on")
    player.close()


def test_steps_that_are_not_open_are_refused_with_the_guarda_error(running: Running) -> None:
    created = running.create({"preset": "modern", "seats": [{"kind": "person"}] * 2})
    actor = Player(running, created["game"]).welcome["actor"]
    player = Player(running, created["game"], created["seats"][actor]["token"])
    other = Player(running, created["game"], created["seats"][1 - actor]["token"])
    cases: list[tuple[Player, list[dict[str, Any]], int | None, str, str]] = [
        (player, [{"kind": "Attack"}], None, "IllegalActionError", "chosen[0]"),
        (
            player,
            [{"kind": "PlacePiece"}, {"cell": "z9"}],
            None,
            "IllegalActionError",
            "chosen[1]",
        ),
        (
            player,
            [{"kind": "PlacePiece"}, {"cell": "99"}],
            None,
            "ParseError",
            "chosen[1].cell",
        ),
        (player, [{"kind": "Fly"}], None, "MessageError", "chosen[0].kind"),
        (
            player,
            [{"kind": "PlacePiece"}, {"direction": "Q"}],
            None,
            "MessageError",
            "chosen[1].direction",
        ),
        (player, [], 5, "MessageError", "ply"),
        (other, [{"kind": "PlacePiece"}], None, "IllegalActionError", "chosen[0]"),
    ]
    for client, chosen, ply, error_class, path in cases:
        answer = _build(client, chosen, ply)
        CHECK["refused"](answer)
        assert answer["type"] == "refused", (chosen, answer)
        assert (answer["error"]["class"], answer["error"]["path"]) == (error_class, path), answer
    assert cases[0][0] is player and _build(player, [{"kind": "Attack"}])["error"]["rule"]
    # Malformed steps are not read at all.
    malformed: tuple[tuple[object, str], ...] = (
        ([{"kind": "PlacePiece", "cell": "a1"}], "chosen[0]"),
        ([{"colour": "red"}], "chosen[0]"),
        ([{"distance": 0}], "chosen[0].distance"),
        ([{"card": ""}], "chosen[0].card"),
        ("PlacePiece", "chosen"),
    )
    for steps, path in malformed:
        player.send({"type": "build", "ply": 0, "chosen": steps})
        error = player.until(lambda m: m["type"] == "error")
        CHECK["error"](error)
        assert error["error"]["path"] == path
    watcher = Player(running, created["game"])
    answer = _build(watcher, [])
    assert answer["type"] == "refused" and answer["error"]["path"] == "type"
    assert running.server is not None and running.server.games[created["game"]].ply == 0
    for connection in (player, other, watcher):
        connection.close()


def test_the_commitment_is_shown_first_and_the_end_proves_the_deals_fair(
    running: Running,
) -> None:
    created, token = _versus_bot(running, preset="grda", options={"turn_limit": 6})
    player = Player(running, created["game"], token)
    commitment = player.welcome["commitment"]
    assert re.fullmatch(r"[0-9a-f]{64}", commitment)
    assert player.welcome["events"][0]["data"] == {
        "type": "DealCommitted",
        "commitment": commitment,
    }
    assert "fairness" not in player.welcome
    watcher = Player(running, created["game"])
    assert watcher.welcome["commitment"] == commitment
    last = _play_out(player, random.Random(12))
    fairness = last["fairness"]
    assert fairness["verified"] is True and fairness["error"] is None
    assert fairness["commitment"] == commitment
    text = f"guarda-deal-v1\n{fairness['seed']}\n{fairness['salt']}".encode()
    assert hashlib.sha256(text).hexdigest() == commitment
    record = guarda.loads(json.dumps(last["record"]), guarda.GameRecord)
    assert str(record.seed) == fairness["seed"] and record.salt == fairness["salt"]
    seen = watcher.until(lambda m: m.get("status") == "over")
    assert seen["fairness"]["verified"] is True
    for connection in (player, watcher):
        connection.close()
