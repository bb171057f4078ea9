"""The web table in a real browser: a person creates a game against bots and plays it to
the end by clicks through the action builder's steps (a kind, then cards, cells,
directions...), reading what each action does before playing it, in headless Chromium
driven by Playwright; at the end the page checks the revealed seed against the deal
commitment it was shown. The game is played on a 1280-pixel screen and on a 390-pixel
phone: nothing may stick out sideways, and the cards show their pictures.

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
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
playwright_api = pytest.importorskip("playwright.sync_api")

import guarda  # noqa: E402
from guarda.server import Settings  # noqa: E402
from server_support import Running, serving  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

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


SCREENS: dict[str, dict[str, Any]] = {
    "wide": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
"""The screens a game is played on: a laptop's and a phone's."""

FITS = "document.documentElement.scrollWidth <= window.innerWidth"
"""Whether the page fits the screen's width (no sideways scrolling)."""


def fits(page: Page, where: str) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert page.evaluate(FITS), f"{where}: the page is {widths[0]} px wide, the screen {widths[1]}"


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_person_plays_a_whole_game_against_bots_by_clicks(
    running: Running, artefacts: Path, screen: str
) -> None:
    rng = random.Random(7)
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_context(**SCREENS[screen]).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            # The Content Security Policy (no inline script or style) blocks nothing.
            page.on(
                "console",
                lambda message: (
                    errors.append(message.text)
                    if "Content Security Policy" in message.text
                    else None
                ),
            )
            page.goto(running.base + "/")
            page.wait_for_selector("#preset option[value=grda]", state="attached")
            page.fill("input[name=name]", "Ana")
            page.select_option("#preset", "grda")
            page.select_option("select[name=players]", "3")
            page.fill("input[name=bot_delay]", "0")
            page.fill("input[name=turn_limit]", "6")
            fits(page, "the lobby")
            page.screenshot(path=str(artefacts / f"{screen}-1-lobby.png"))
            page.click("#create")
            page.wait_for_url("**/table#game=*")
            page.wait_for_selector("#field svg")
            assert page.inner_text("#status").startswith("Grda · turn")
            # The deck's pictures arrive: the players table gets each seat's side.
            page.wait_for_function(
                "document.querySelector('#players .who .hint')?.textContent.includes('·')"
            )
            # The board, the players table and the log call everyone by name.
            assert "Ana (player 0)" in page.inner_html("#field")
            assert page.inner_text("#players tbody tr[data-seat='0'] .who").startswith("Ana (you)")
            fits(page, "the table")
            page.screenshot(path=str(artefacts / f"{screen}-2-table.png"))
            commitment = page.inner_text("#commitment")
            plays = steps = backs = cancels = 0
            depths: list[int] = []  # the choices made for each action played
            described: list[str] = []
            pictures = 0  # the most card pictures seen in the hand
            titles: set[str] = set()  # the words of the cards in the hand
            deadline = time.monotonic() + 180
            while page.get_attribute("body", "data-status") != "over":
                assert time.monotonic() < deadline, "the game did not end"
                if (
                    page.get_attribute("body", "data-building") != "0"
                    or not page.locator("#builder").is_visible()
                ):
                    page.wait_for_timeout(20)
                    continue
                chosen = int(page.get_attribute("body", "data-steps") or "0")
                choices = page.locator("#choices button.choice:enabled")
                count = choices.count()
                playable = page.locator("#confirm:not([hidden]) #play:enabled").count() == 1
                if chosen >= 2 and cancels == 0:
                    page.click("#cancel")  # start again: nothing is sent
                    assert page.get_attribute("body", "data-steps") == "0"
                    cancels += 1
                    continue
                if chosen >= 1 and backs == 0:
                    page.click("#back")  # one step back: the earlier choices again
                    assert page.get_attribute("body", "data-steps") == str(chosen - 1)
                    backs += 1
                    continue
                in_hand = page.locator("#hand .card img.card-picture").count()
                if in_hand > pictures:
                    pictures = in_hand
                    titles |= set(
                        page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.title)")
                    )
                shot = artefacts / f"{screen}-3-building.png"
                if playable and not shot.exists() and (count > 0 or len(described) >= 4):
                    fits(page, "the action builder")
                    page.screenshot(path=str(shot))  # a complete action that may take more
                if playable and (count == 0 or rng.random() < 0.4):
                    described.append(page.inner_text("#describe"))
                    ply = page.get_attribute("body", "data-ply")
                    page.click("#play")
                    plays += 1
                    depths.append(chosen)
                    page.wait_for_function(
                        "ply => document.body.dataset.ply !== ply", arg=ply, timeout=15_000
                    )
                    assert page.inner_text("#refused") == ""  # only legal actions were made
                    continue
                assert count > 0, "neither a choice nor an action to play"
                choices.nth(rng.randrange(count)).click()
                steps += 1
                page.wait_for_function(
                    "n => document.body.dataset.steps === n"
                    " && document.body.dataset.building === '0'",
                    arg=str(chosen + 1),
                    timeout=15_000,
                )
            page.wait_for_selector("#result:not([hidden])")
            page.wait_for_selector("body[data-fair]")
            fair = page.get_attribute("body", "data-fair")
            fair_text = page.inner_text("#fair-check")
            fits(page, "the result")
            logged_pictures = page.locator("#log .card.small img.card-picture").count()
            page.screenshot(path=str(artefacts / f"{screen}-4-result.png"), full_page=True)
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
    # Actions were built choice by choice: some in two steps or more, and the steps
    # counted cover every action played (a one-choice action, such as Pass, takes one,
    # so the deal decides how many steps a game needs).
    assert hosted.is_over and plays > 0 and len(depths) == plays
    assert max(depths) >= 2 and sum(depths) <= steps
    assert backs == cancels == 1
    assert all(text.endswith(".") for text in described), described
    assert sum(1 for seat in hosted.seats if seat.kind == "person") == 1
    record = hosted.record()
    assert guarda.final_state(record).outcome == hosted.state.outcome
    assert guarda.loads(record_text, guarda.GameRecord) == record  # its seed revealed
    assert log_lines == hosted.state.log.size
    # The deal commitment shown from the start, and the seed and salt that give it.
    assert commitment == record.commitment == guarda.view(hosted.state, 0).commitment
    assert fair == "yes", fair_text
    assert str(record.seed) in fair_text and "verify_fair passed" in fair_text
    # The cards were drawn with their pattern, with their code and their words beside.
    assert pictures > 0 and logged_pictures > 0
    assert all(" covers " in title for title in titles) and titles, titles
    for name in ("1-lobby.png", "2-table.png", "3-building.png", "4-result.png"):
        assert (artefacts / f"{screen}-{name}").stat().st_size > 10_000
