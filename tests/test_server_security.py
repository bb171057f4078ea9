"""Hostile clients: nobody acts for another seat, reads another seat's cards, guesses a
token, replays a stale action or crashes the server; spectators never see a hand; the
seed never leaves the server before the end.

Run by the ``server`` nox session; skipped without the extra.
"""

from __future__ import annotations

import hmac
import json
import random
import re
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import attrs
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import guarda
from guarda.server import Settings
from guarda.server._app import STATIC
from server_support import (
    Player,
    Running,
    document,
    free_port,
    http_request,
    serving,
    start_subprocess,
    upgrade,
)

LIMIT = 4096
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    settings = Settings(database=str(tmp_path / "games.db"), max_message_bytes=LIMIT)
    with serving(settings) as server:
        yield server


def _two_people(running: Running, preset: str = "modern") -> tuple[str, list[Player]]:
    created = running.create({"preset": preset, "seats": [{"kind": "person"}] * 2})
    players = [Player(running, created["game"], seat["token"]) for seat in created["seats"]]
    return created["game"], players


def _step(players: list[Player], rng: random.Random) -> None:
    """The seat that must decide plays a random legal action; both see the update."""
    actor = players[0].position()["actor"]
    mover = players[actor]
    answer = mover.act(rng.choice(mover.position()["legal"]))
    assert answer["type"] == "accepted", answer
    for player in players:
        player.until(lambda m: m["type"] == "update")


def test_a_client_cannot_act_for_another_seat(running: Running) -> None:
    game, players = _two_people(running)
    actor = players[0].position()["actor"]
    other = players[1 - actor]
    # The other seat sends the actor's own legal action: refused, the seat is the token's.
    action = players[actor].position()["legal"][0]
    answer = other.act(action)
    assert answer["type"] == "refused"
    assert answer["error"]["class"] == "IllegalActionError"
    # An act message cannot name a seat at all.
    other.send({"type": "act", "ply": 0, "action": action, "seat": actor})
    error = other.until(lambda m: m["type"] == "error")
    assert error["error"]["path"] == "seat"
    assert running.server is not None and running.server.games[game].ply == 0


def test_a_client_reads_only_its_own_cards(running: Running) -> None:
    game, players = _two_people(running)
    rng = random.Random(1)
    for _ in range(40):
        _step(players, rng)
    assert running.server is not None
    state = running.server.games[game].state
    for seat, player in enumerate(players):
        # Every event this seat was sent is the event as this seat may see it.
        sent = [e for m in player.received if "events" in m for e in m["events"]]
        assert sent == [document(event) for event in guarda.view(state, seat).events]
        # The view is this seat's own, never the other's.
        view = player.position()["view"]
        assert view == document(attrs.evolve(guarda.view(state, seat), events=()))
        other = state.players[1 - seat]
        assert view["data"]["player"] == seat
        hidden = [
            e for e in sent if e["data"]["type"] == "CardsDrawn" and e["data"]["player"] != seat
        ]
        assert hidden and all(e["data"]["cards"] is None for e in hidden)
        assert view["data"]["players"][1 - seat]["hand_size"] == len(other.hand)


def test_tokens_cannot_be_guessed(running: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    created = running.create({"preset": "modern", "seats": [{"kind": "person"}] * 2})
    tokens = [seat["token"] for seat in created["seats"]]
    # 256 random bits, URL-safe base64; distinct.
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{43}", token) for token in tokens)
    assert len(set(tokens)) == 2
    compared: list[tuple[str, str]] = []
    real = hmac.compare_digest

    def counting(a: str, b: str) -> bool:
        compared.append((a, b))
        return bool(real(a, b))

    monkeypatch.setattr(hmac, "compare_digest", counting)  # what the server calls
    near = tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B")
    for guess in (near, tokens[0].upper(), "x" * 43, tokens[0][:20]):
        attempt = Player(running, created["game"], guess)
        assert attempt.welcome["type"] == "error"
        assert attempt.welcome["error"]["path"] == "token"
        attempt.close()
    # Every seat is compared, in constant time, on digests of equal length.
    assert len(compared) == 4 * 2 and all(len(a) == len(b) == 64 for a, b in compared)
    # A seat's token opens no seat of another game.
    second = running.create({"preset": "grda", "seats": [{"kind": "person"}] * 2})
    attempt = Player(running, second["game"], tokens[0])
    assert attempt.welcome["type"] == "error" and attempt.welcome["error"]["path"] == "token"
    attempt.close()
    # A client that keeps guessing on one connection is disconnected.
    with connect(running.ws_url) as socket_, pytest.raises(ConnectionClosed):
        for number in range(100):
            hello = {"type": "hello", "protocol": 1, "game": created["game"]}
            socket_.send(json.dumps(hello | {"token": f"guess{number}"}))
            socket_.recv(timeout=5)


def test_a_stale_or_replayed_action_is_refused(running: Running) -> None:
    game, players = _two_people(running)
    actor = players[0].position()["actor"]
    mover = players[actor]
    action = mover.position()["legal"][0]
    assert mover.act(action, ply=0)["type"] == "accepted"
    # The same message again (a replay): made for ply 0, the game is at ply 1.
    answer = mover.act(action, ply=0)
    assert answer["type"] == "refused"
    assert answer["error"]["class"] == "MessageError" and answer["error"]["path"] == "ply"
    answer = mover.act(action, ply=5)  # made for a position that does not exist yet
    assert answer["type"] == "refused" and answer["error"]["path"] == "ply"
    assert running.server is not None and running.server.games[game].ply == 1


MALFORMED: list[str | bytes] = [
    "",
    "not json",
    "[1, 2, 3]",
    "null",
    '"hello"',
    '{"type": 7}',
    '{"type": "launch"}',
    '{"type": "hello"}',
    '{"type": "hello", "protocol": 1, "game": "../../etc/passwd"}',
    '{"type": "hello", "protocol": 99, "game": "abc"}',
    '{"type": "hello", "protocol": 1, "game": "abc", "since": -1}',
    '{"type": "hello", "protocol": 1, "game": "abc", "token": {"$gt": ""}}',
    '{"type": "act", "ply": 0, "action": "pass"}',
    '{"type": "act", "ply": 1e308, "action": []}',
    '{"type": "ack", "events": "all"}',
    "[" * 1500 + "]" * 1500,  # deeper than any parser should follow
    '{"type": "ping", "ref": "' + "x" * 100 + '"}',
    b"\xff\xfe\x00binary",
    '{"type": "hello", "protocol": 1, "game": "abc", "type": "act"}',
]


def test_malformed_messages_are_refused_and_the_server_goes_on(running: Running) -> None:
    game, players = _two_people(running)
    with connect(running.ws_url) as socket_:
        for message in MALFORMED:
            socket_.send(message)
            answer = json.loads(socket_.recv(timeout=5))
            assert answer["type"] == "error", message
            assert answer["error"]["class"] == "MessageError"
    # Joined, then the same garbage: refused one by one, the game unchanged.
    player = players[0]
    for message in MALFORMED:
        player.socket.send(message)
        answer = player.until(lambda m: m["type"] in ("error", "refused"))
        assert answer["error"]["class"] in (
            "MessageError",
            "NotationError",
            "DocumentError",
            "IllegalActionError",  # a well-formed "pass" in the setup
        )
    _step(players, random.Random(2))
    assert running.server is not None and running.server.games[game].ply == 1


def test_a_huge_message_closes_only_its_connection(running: Running) -> None:
    game, players = _two_people(running)
    with connect(running.ws_url, max_size=None) as socket_:
        socket_.send(json.dumps({"type": "ping", "ref": "x" * (LIMIT * 4)}))
        with pytest.raises(ConnectionClosed) as closed:
            socket_.recv(timeout=5)
            socket_.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    status, answer = running.request("POST", "/api/games", raw=b"{" + b" " * 300_000 + b"}")
    assert status == 413 and answer["error"]["path"] == "request"
    status, answer = running.request("POST", "/api/games", raw=b"{not json")
    assert status == 400 and answer["error"]["class"] == "MessageError"
    status, answer = running.request("POST", "/api/games", {"preset": "modern", "x": 1})
    assert status == 400 and answer["error"]["path"] == "x"
    status, answer = running.request("POST", "/api/games", {"options": {"players": 9}})
    assert status == 400 and answer["error"]["class"] == "ConfigurationError"
    wide = guarda.custom(5, deck=guarda.modern().deck, hand_size=14, opening_hand=5)
    status, answer = running.request("POST", "/api/games", {"config": document(wide)})
    assert status == 400 and answer["error"]["path"] == "config.hand_size"
    status, _ = running.request("GET", "/api/games/" + "z" * 500)
    assert status == 404
    _step(players, random.Random(3))  # the games go on
    assert running.server is not None and running.server.games[game].ply == 1


def test_spectators_never_see_a_hand(running: Running) -> None:
    game, players = _two_people(running)
    watcher = Player(running, game)
    rng = random.Random(4)
    for _ in range(60):
        _step(players, rng)
        if players[0].position()["status"] == "over":
            break
    watcher.send({"type": "ping"})
    watcher.until(lambda m: m["type"] == "pong")
    assert running.server is not None
    state = running.server.games[game].state
    for message in watcher.received:
        if "view" not in message:
            continue
        data = message["view"]["data"]
        assert data["player"] is None and data["hand"] == [] and data["guard"] is None
        assert data["draw_pile_cards"] == [] and data["discard_hidden"] == []
        assert data["legal_actions"] == [] and message["legal"] == []
    sent = [e for m in watcher.received if "events" in m for e in m["events"]]
    assert sent == [document(event) for event in guarda.view(state, None).events]
    private = [e for e in sent if e["data"]["type"] in ("CardsDrawn", "GuardSet", "CardsBurned")]
    assert private and all(
        e["data"].get("cards") is None and e["data"].get("card") is None for e in private
    )


def test_the_seed_never_leaves_the_server_before_the_end(running: Running) -> None:
    created = running.create(
        {
            "preset": "grda",
            "options": {"turn_limit": 3},
            "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
        }
    )
    game = created["game"]
    assert running.server is not None
    seed = str(running.server.games[game].seed)
    salt = running.server.games[game].salt
    assert len(salt) == 32  # a random salt, so the commitment says nothing of the seed (P23)
    player = Player(running, game, created["seats"][0]["token"])
    watcher = Player(running, game)
    texts: list[str] = [json.dumps(created)]
    rng = random.Random(5)
    while player.position()["status"] != "over":
        position = player.position()
        if position["actor"] == 0 and position["legal"]:
            player.act(rng.choice(position["legal"]))
        player.until(lambda m: m["type"] == "update")
        paths = ("/api/games", f"/api/games/{game}", f"/api/games/{game}/record", "/api/info")
        answers = [running.text(path)[1] for path in paths]
        if not running.server.games[game].is_over:  # so it was not over during the requests
            texts.extend(answers)
    over_at = next(i for i, m in enumerate(player.received) if m.get("status") == "over")
    assert len(texts) > 4
    before = player.texts[:over_at] + texts
    assert all(seed not in text and '"seed"' not in text for text in before)
    assert all(salt not in text for text in before)
    watcher.until(lambda m: m.get("status") == "over")
    assert all(seed not in text for text in watcher.texts[:-1])
    # Once the game is over, the record (with its seed) is public.
    record = guarda.loads(json.dumps(player.received[over_at]["record"]), guarda.GameRecord)
    assert str(record.seed) == seed and record.salt == salt
    # The player kept the commitment from the first event it was sent; the revealed record
    # proves the deals (P23).
    first = next(m for m in player.received if m.get("events"))["events"][0]
    opening = guarda.loads(json.dumps(first))
    assert isinstance(opening, guarda.DealCommitted)
    guarda.verify_fair(record, opening.commitment)
    with pytest.raises(guarda.FairnessError):
        guarda.verify_fair(attrs.evolve(record, salt=""), opening.commitment)
    status, text = running.text(f"/api/games/{game}/record")
    assert status == 200 and seed in text


def _events(player: Player) -> list[Any]:
    return [event for m in player.received if "events" in m for event in m["events"]]


def test_every_acknowledged_action_survives_a_killed_server(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    port = free_port()
    process = start_subprocess(database, port)
    try:
        running = Running(port)
        created = running.create(
            {"preset": "modern", "options": {"turn_limit": 12}, "seats": [{"kind": "person"}] * 2}
        )
        game = created["game"]
        tokens = [seat["token"] for seat in created["seats"]]
        players = [Player(running, game, token) for token in tokens]
        rng = random.Random(6)
        acknowledged: dict[int, str] = {}
        for _ in range(25):
            mover = players[players[0].position()["actor"]]
            action = rng.choice(mover.position()["legal"])
            answer = mover.act(action)
            assert answer["type"] == "accepted"
            acknowledged[answer["ply"]] = action
            for player in players:
                player.until(lambda m: m["type"] == "update")
        # One more action on its way, and the server killed before anyone hears of it.
        mover = players[players[0].position()["actor"]]
        mover.send({"type": "act", "ply": 25, "action": mover.position()["legal"][0]})
        process.send_signal(signal.SIGKILL)
        process.wait()
        held = [_events(player) for player in players]
        process = start_subprocess(database, port)
        resumed = [Player(running, game, token, since=0) for token in tokens]
        assert resumed[0].welcome["ply"] in (25, 26)  # the last one was not acknowledged
        for events, player in zip(held, resumed, strict=True):
            assert player.welcome["events"][: len(events)] == events
        while resumed[0].position()["status"] != "over":
            _step(resumed, rng)
        status, text = running.text(f"/api/games/{game}/record")
        assert status == 200
        record = guarda.loads(text, guarda.GameRecord)
        assert guarda.final_state(record).is_over
        for ply, action in acknowledged.items():
            assert record.actions[ply - 1] == guarda.parse_action(action)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()


def test_names_chosen_by_clients_reach_pictures_only_escaped(running: Running) -> None:
    hostile = "<script>alert(1)</script>"
    config = guarda.custom(5, deck=guarda.modern().deck, name=hostile)
    created = running.create(
        {"config": document(config), "seats": [{"kind": "person", "name": hostile}] * 2}
    )
    player = Player(running, created["game"], created["seats"][0]["token"], svg=True)
    assert "<script" not in player.welcome["svg"]  # the table shows it as HTML
    assert player.welcome["seats"][0]["name"] == hostile  # as text, shown with textContent
    player.close()


# -- strangers on the web: hosts, origins, content types, headers, malformed bodies ------


def test_malformed_bodies_are_400_never_503(tmp_path: Path) -> None:
    # Every request counts against the address's creation rate: a burst of 20 here.
    settings = Settings(database=str(tmp_path / "games.db"), create_burst=20)
    with serving(settings) as running:
        _malformed_bodies_are_refused(running)


def _malformed_bodies_are_refused(running: Running) -> None:
    bodies = [b"null", b"[]", b'"x"', b"1", b"{not json", b"", b'{"preset": 3}']
    bodies += [b'{"seats": "two"}', b'{"bot_delay": "soon"}', b'{"options": []}']
    for body in bodies:
        status, _headers, answer = http_request(
            running, "POST", "/api/games", body=body, headers=JSON
        )
        assert status == 400, (body, answer)
        assert json.loads(answer)["error"]["class"] in ("MessageError", "DocumentError")
    status, _headers, _answer = http_request(
        running, "POST", "/api/games", body=b"[" + b" " * 300_000 + b"]", headers=JSON
    )
    assert status == 413


def test_a_post_needs_json_as_its_content_type(running: Running) -> None:
    body = json.dumps({"preset": "grda"}).encode()
    for headers in (
        {},
        {"Content-Type": "text/plain"},
        {"Content-Type": "application/x-www-form-urlencoded"},
    ):
        status, _headers, _answer = http_request(
            running, "POST", "/api/games", body=body, headers=headers
        )
        assert status == 415, headers
    status, _headers, _answer = http_request(
        running,
        "POST",
        "/api/games",
        body=body,
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert status == 201


def test_foreign_hosts_are_refused_on_every_request(running: Running) -> None:
    foreign = {"Host": "rebound.example:80"}
    for method, path in (("GET", "/"), ("GET", "/api/games"), ("GET", "/api/info")):
        status, headers, _answer = http_request(running, method, path, headers=foreign)
        assert status == 400 and "content-security-policy" in headers
    status, _headers, _answer = http_request(
        running, "POST", "/api/games", body=b"{}", headers={**JSON, **foreign}
    )
    assert status == 400
    assert upgrade(running, foreign)[0] == 403
    for host in ("localhost", f"127.0.0.1:{running.port}", f"[::1]:{running.port}"):
        status, _headers, _answer = http_request(
            running, "GET", "/api/info", headers={"Host": host}
        )
        assert status == 200, host
    assert upgrade(running, {"Host": f"localhost:{running.port}"})[0] == 101


def test_foreign_origins_cannot_create_games_or_connect(running: Running) -> None:
    body = json.dumps({"preset": "grda"}).encode()
    evil = {"Origin": "https://evil.example"}
    status, _headers, _answer = http_request(
        running, "POST", "/api/games", body=body, headers={**JSON, **evil}
    )
    assert status == 403
    assert upgrade(running, evil)[0] == 403
    assert upgrade(running, {"Origin": "null"})[0] == 403
    own = {"Origin": f"http://127.0.0.1:{running.port}"}
    status, _headers, _answer = http_request(
        running, "POST", "/api/games", body=body, headers={**JSON, **own}
    )
    assert status == 201
    assert upgrade(running, own)[0] == 101
    assert running.server is not None and len(running.server.games) == 1


def test_an_allowed_origin_and_host_are_accepted(tmp_path: Path) -> None:
    settings = Settings(
        database=str(tmp_path / "games.db"),
        allowed_hosts=("games.example",),
        allowed_origins=("https://lobby.example",),
    )
    with serving(settings) as running:
        host = {"Host": "games.example"}
        status, _headers, _answer = http_request(running, "GET", "/api/info", headers=host)
        assert status == 200
        status, _headers, _answer = http_request(running, "GET", "/api/info")
        assert status == 400  # 127.0.0.1 is no longer a name of this server
        origin = {"Origin": "https://lobby.example", **host}
        assert upgrade(running, origin)[0] == 101
        status, _headers, _answer = http_request(
            running, "POST", "/api/games", body=b'{"preset": "grda"}', headers={**JSON, **origin}
        )
        assert status == 201


def test_pages_and_answers_carry_the_security_headers(running: Running) -> None:
    paths = ["/", "/table", "/static/table.js", "/api/info", "/api/games", "/api/games/none"]
    for path in paths:
        _status, headers, _body = http_request(running, "GET", path)
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy, path
        assert "unsafe-inline" not in policy
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] in ("no-referrer", "same-origin")
    for page in ("index.html", "table.html"):
        html = (STATIC / page).read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), page  # no inline script
        assert not re.search(r"\son[a-z]+\s*=", html), page  # no inline event handler
        assert "style=" not in html, page


def test_an_admin_token_is_needed_to_create_games_when_set(tmp_path: Path) -> None:
    token = "a-private-server-token"
    settings = Settings(database=str(tmp_path / "games.db"), admin_token=token)
    body = json.dumps({"preset": "grda"}).encode()
    with serving(settings) as running:
        for authorization in (None, "Bearer wrong-token", f"Basic {token}", token):
            headers = (
                dict(JSON) if authorization is None else {**JSON, "Authorization": authorization}
            )
            status, answer_headers, _answer = http_request(
                running, "POST", "/api/games", body=body, headers=headers
            )
            assert status == 401 and answer_headers["www-authenticate"] == "Bearer"
        status, _headers, _answer = http_request(
            running,
            "POST",
            "/api/games",
            body=body,
            headers={**JSON, "Authorization": f"Bearer {token}"},
        )
        assert status == 201
        assert running.server is not None and len(running.server.games) == 1
