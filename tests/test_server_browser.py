"""The web table in a real browser: a person creates a game against bots and plays it to
the end by clicks, in headless Chromium driven by Playwright.

Needs the ``server`` extra, Playwright for Python and Debian's ``chromium`` (at
``/usr/bin/chromium``, or the path in ``GUARDA_CHROMIUM``); never downloads a browser.
Screenshots are saved under ``GUARDA_ARTIFACTS`` (default: the test's temporary
directory).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
playwright_api = pytest.importorskip("playwright.sync_api")

import guarda  # noqa: E402
from guarda.server import Settings  # noqa: E402
from server_support import Running, serving  # noqa: E402

CHROMIUM = os.environ.get("GUARDA_CHROMIUM", "/usr/bin/chromium")

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"
)


@pytest.fixture
def artefacts(tmp_path: Path) -> Path:
    directory = Path(os.environ.get("GUARDA_ARTIFACTS", tmp_path)) / "browser"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    with serving(Settings(database=str(tmp_path / "games.db"))) as server:
        yield server


def test_a_person_plays_a_whole_game_against_bots_by_clicks(
    running: Running, artefacts: Path
) -> None:
    rng = random.Random(7)
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(running.base + "/")
            page.wait_for_selector("#preset option[value=grda]", state="attached")
            page.fill("input[name=name]", "Ana")
            page.select_option("#preset", "grda")
            page.select_option("select[name=players]", "3")
            page.fill("input[name=bot_delay]", "0")
            page.fill("input[name=turn_limit]", "6")
            page.screenshot(path=str(artefacts / "1-lobby.png"))
            page.click("#create")
            page.wait_for_url("**/table#game=*")
            page.wait_for_selector("#field svg")
            page.screenshot(path=str(artefacts / "2-table.png"))
            clicks = 0
            deadline = time.monotonic() + 120
            while page.get_attribute("body", "data-status") != "over":
                assert time.monotonic() < deadline, "the game did not end"
                buttons = page.locator("#legal button.action:enabled")
                if buttons.count() == 0:
                    page.wait_for_timeout(30)
                    continue
                ply = page.get_attribute("body", "data-ply")
                buttons.nth(rng.randrange(buttons.count())).click()
                clicks += 1
                page.wait_for_function(
                    "ply => document.body.dataset.ply !== ply", arg=ply, timeout=15_000
                )
                if clicks == 3:
                    page.screenshot(path=str(artefacts / "3-mid-game.png"))
            page.wait_for_selector("#result:not([hidden])")
            page.screenshot(path=str(artefacts / "4-result.png"), full_page=True)
            assert "wins" in page.inner_text("#result") or "draw" in page.inner_text("#result")
            log_lines = page.locator("#log li").count()
            game = page.url.split("game=")[1].split("&")[0]
            href = page.locator("#result a").get_attribute("href") or ""
            downloaded = page.request.get(running.base + href)
            record_text = downloaded.text()
            assert not errors, errors
        finally:
            browser.close()
    assert running.server is not None
    hosted = running.server.games[game]
    assert hosted.is_over and clicks > 0
    assert sum(1 for seat in hosted.seats if seat.kind == "person") == 1
    record = hosted.record()
    assert guarda.final_state(record).outcome == hosted.state.outcome
    assert guarda.loads(record_text, guarda.GameRecord) == record  # its seed revealed
    assert log_lines == hosted.state.log.size
    for name in ("1-lobby.png", "2-table.png", "4-result.png"):
        assert (artefacts / name).stat().st_size > 10_000
