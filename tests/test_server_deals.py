"""The server deals with the cryptographic generator by default (a setting chooses).

Run by the ``server`` nox session; skipped without the extra. The server runs in
process, without a network.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import guarda
from guarda.errors import ArgumentError
from guarda.server import GameServer, Settings
from guarda.server import _cli as cli_module

_TWO_BOTS: dict[str, Any] = {
    "preset": "modern",
    "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
}


async def _created(settings: Settings, request: dict[str, Any]) -> tuple[guarda.GameState, Any]:
    server = GameServer(settings)
    await server.start()
    try:
        created = await server.create_game(request)
        game = server.games[created["game"]]
        return guarda.new_game(game.config, game.seed, salt=game.salt), game
    finally:
        await server.stop()


def test_games_are_dealt_by_sha256_by_default(tmp_path: Path) -> None:
    assert Settings().shuffle is guarda.Shuffle.SHA256
    dealt, game = asyncio.run(_created(Settings(database=str(tmp_path / "g.db")), _TWO_BOTS))
    assert game.config.shuffle is guarda.Shuffle.SHA256
    assert game.config == guarda.modern(shuffle="sha256")
    assert dealt.players == guarda.new_game(game.config, game.seed, salt=game.salt).players
    assert len(game.salt) == 32  # 128 bits from secrets key the deal with the seed
    assert guarda.new_game(guarda.modern(), game.seed, salt=game.salt).players != dealt.players


def test_the_setting_replaces_the_generator_a_request_names(tmp_path: Path) -> None:
    request = {
        "config": json.loads(guarda.dumps(guarda.grda(shuffle="sha256"))),
        "seats": _TWO_BOTS["seats"],
    }
    settings = Settings(database=str(tmp_path / "g.db"), shuffle="splitmix64")
    _, game = asyncio.run(_created(settings, request))
    assert game.config == guarda.grda()


def test_a_restarted_server_replays_sha256_games_exactly(tmp_path: Path) -> None:
    async def scenario() -> None:
        settings = Settings(database=str(tmp_path / "g.db"))
        server = GameServer(settings)
        await server.start()
        created = await server.create_game(_TWO_BOTS)
        game = server.games[created["game"]]
        while game.ply < 30 and not game.is_over:
            await asyncio.sleep(0.01)
        await server.stop()
        again = GameServer(Settings(database=str(tmp_path / "g.db"), shuffle="splitmix64"))
        await again.start()
        loaded = again.game(created["game"])
        assert loaded is not None
        assert loaded.config.shuffle is guarda.Shuffle.SHA256  # stored with its game
        assert loaded.ply >= 30 or loaded.is_over
        record = guarda.GameRecord(
            loaded.config, loaded.seed, tuple(loaded.actions), salt=loaded.salt
        )
        assert guarda.final_state(record) == loaded.state == game.state
        await again.stop()

    asyncio.run(scenario())


def test_a_bad_shuffle_setting_is_refused() -> None:
    with pytest.raises(ArgumentError) as caught:
        Settings(shuffle="md5")
    assert caught.value.path == "shuffle"


def test_serve_takes_the_shuffle_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Settings] = []
    monkeypatch.setattr(cli_module, "serve", lambda settings, **_: seen.append(settings))
    assert cli_module.main(["--database", ":memory:", "--shuffle", "splitmix64"]) == 0
    assert cli_module.main(["--database", ":memory:"]) == 0
    assert [settings.shuffle for settings in seen] == [
        guarda.Shuffle.SPLITMIX64,
        guarda.Shuffle.SHA256,
    ]
