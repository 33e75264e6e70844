"""The page in a real browser: headless Chromium (Debian's ``chromium`` and ``chromium-driver``, driven by Selenium)
opens a game's page, sees a move made through the service appear without a reload, signs in through the fake
Discord and plays a move from the page (these on the toy game, ``tests/toy``), and fits a phone's 360 px for every
rule system with up to eight players, whatever its first moves are.

Screenshots go to ``$EVOLUTION_SCREENSHOTS`` (else the test's temporary folder), to be looked at. Without the
browser these tests skip, unless ``EVOLUTION_REQUIRE_BROWSER=1`` (CI), where they fail.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from game_service import GameService
from tests.web.conftest import CHANNEL, HOST, Web, new_game
from texts.messages import message

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")
PHONE = (360, 800)
DESKTOP = (1280, 900)
T = TypeVar("T")


def browser_missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed"
    if not CHROMIUM.exists() or not DRIVER.exists():
        return "Debian's chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)"
    return None


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("EVOLUTION_SCREENSHOTS", tmp_path / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def browser() -> Iterator[Any]:
    missing = browser_missing()
    if missing is not None:
        if os.environ.get("EVOLUTION_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser tests must run here: {missing}")
        pytest.skip(missing)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={PHONE[0]},{PHONE[1]}", "--lang=en-US"):  # fmt: skip
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    emulate(driver, *PHONE)
    try:
        yield driver
    finally:
        driver.quit()


async def run(call: Callable[..., T], *args: Any) -> T:
    """A browser call off the event loop (the server under test runs on it)."""
    return await asyncio.to_thread(call, *args)


async def until(check: Callable[[], Any], timeout: float) -> Any:
    """Poll ``check`` in a thread until it returns something true, or fail after ``timeout`` seconds."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    deadline = time.monotonic() + timeout
    while True:
        try:
            found = await run(check)
        except (NoSuchElementException, StaleElementReferenceException):
            # The live page redrew what was being read, or a form's answer is still loading: look again.
            found = None
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError("the page did not show it in time")
        await asyncio.sleep(0.05)


def shown_version(driver: Any) -> int:
    return int(driver.execute_script("return document.querySelector('#table .table').dataset.version"))


def fits(driver: Any, width: int) -> bool:
    """The page laid out at ``width`` with nothing wider (no sideways scrolling) and body text of at least 16 px:
    read without zooming."""
    shown, wide, size = driver.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth,"
        " parseFloat(getComputedStyle(document.body).fontSize)]"
    )
    return bool(shown == width and wide <= width and size >= 16)


def emulate(driver: Any, width: int, height: int) -> None:
    """The page as a screen ``width`` CSS pixels wide shows it (a headless window is never narrower than 500 px, so
    a phone's width is emulated; a phone's at 2 device pixels per CSS pixel, as phones draw)."""
    phone = width < 600
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1, "mobile": phone},
    )


async def shoot(driver: Any, shots: Path, name: str, size: tuple[int, int]) -> Path:
    """A screenshot of the whole page at ``size`` (then the screen is left at that size)."""
    await run(emulate, driver, *size)
    height = await run(driver.execute_script, "return document.documentElement.scrollHeight")
    await run(emulate, driver, size[0], min(max(size[1], height), 8000))
    path = shots / f"{name}-{size[0]}.png"
    await run(driver.save_screenshot, str(path))
    await run(emulate, driver, *size)
    return path


async def test_a_move_made_through_the_service_appears_without_a_reload(site: Web, browser: Any, shots: Path) -> None:
    info = await new_game(site.service, host_name="<script>alert(1)</script>")
    await run(browser.get, site.page_url(info))
    assert await run(shown_version, browser) == info.version
    await run(browser.execute_script, "window.notReloaded = true")
    assert "<script>alert(1)</script>" in await run(lambda: browser.find_element("css selector", "#table").text)
    side = await site.service.prompt(user_id=HOST, game_id=info.game_id)
    assert side.prompt is not None
    await site.service.submit(channel_id=CHANNEL, user_id=HOST, action=side.prompt.actions[0],
                              expected_version=side.prompt.decision.since_version)  # fmt: skip
    moved = time.monotonic()
    await until(lambda: shown_version(browser) > info.version, 2.0)
    assert time.monotonic() - moved < 1.0
    assert await run(browser.execute_script, "return window.notReloaded === true")
    picked = message("toy.event.Picked", player="<script>alert(1)</script>")
    assert picked in await run(lambda: browser.find_element("css selector", "#table").text)
    assert await run(fits, browser, PHONE[0])
    await shoot(browser, shots, "spectator", PHONE)
    await shoot(browser, shots, "spectator", DESKTOP)


async def test_a_player_signs_in_through_discord_and_moves_from_the_page(site: Web, browser: Any, shots: Path) -> None:
    info = await new_game(site.service)
    site.discord.user_id, site.discord.name = HOST, "Ann"
    await run(browser.get, site.page_url(info))
    await run(lambda: browser.find_element("css selector", "footer.who button").click())
    await until(lambda: "Signed in as Ann" in browser.page_source, 5.0)
    assert browser.current_url == site.page_url(info)
    assert message("toy.hand") in await run(lambda: browser.find_element("css selector", "#mine").text)
    await shoot(browser, shots, "player", PHONE)
    buttons = await run(lambda: browser.find_elements("css selector", "#mine form button.choice"))
    assert buttons
    await run(buttons[0].click)
    # The page comes back with the stone picked among Ann's secrets.
    await until(lambda: message("toy.pick") in browser.find_element("css selector", "#mine").text, 5.0)
    await site.service.idle()
    history = await site.service.history(game_id=info.game_id)
    assert [e for e in history.entries if e.kind == "action" and e.user_id == HOST and e.played_by == "player"]
    await shoot(browser, shots, "player-moved", PHONE)


async def test_a_trait_shows_its_effect_on_tap(site: Web, browser: Any, shots: Path) -> None:
    info = await new_game(site.service, ruleset="dice_combat")
    await site.service.idle()
    await run(browser.get, site.page_url(info))

    def tap_a_trait() -> str | None:
        """The effect a tap on the table's first trait shows (``until`` taps again if a live update redraws the
        table under it: the page draws the table again when its stream opens)."""
        trait = browser.find_element("css selector", "#table button.trait")
        target = trait.get_attribute("popovertarget")
        trait.click()
        popup = browser.find_element("id", target)
        return str(popup.text) if popup.is_displayed() else None

    assert len(await until(tap_a_trait, 5.0)) > 10
    await shoot(browser, shots, "trait-dice_combat", PHONE)


@pytest.mark.parametrize(
    ("ruleset", "players", "options"),
    [("north_star", 6, {}), ("origin", 8, {"time_to_fly": True, "darwins_day": True}), ("dice_combat", 6, {})],
)
async def test_every_rule_system_fits_a_phone(
    service: GameService, site: Web, browser: Any, shots: Path, ruleset: str, players: int, options: dict[str, Any]
) -> None:
    info = await new_game(service, ruleset=ruleset, guests=1, computers=players - 2, options=options)
    for _ in range(12):
        # Some moves in, so the table has species, traits and a log.
        info = await service.game_info(game_id=info.game_id)
        user = next((d.user_id for d in info.to_decide if d.user_id is not None), None)
        if user is None or info.status != "running":
            break
        side = await service.prompt(user_id=user, game_id=info.game_id)
        assert side.prompt is not None
        await service.submit(channel_id=CHANNEL, user_id=user, action=side.prompt.actions[0],
                             expected_version=side.prompt.decision.since_version)  # fmt: skip
        await service.idle()
    await run(browser.get, site.page_url(info))
    assert await run(fits, browser, PHONE[0])
    await shoot(browser, shots, f"table-{ruleset}-{players}", PHONE)
    await shoot(browser, shots, f"table-{ruleset}-{players}", DESKTOP)


async def test_a_finished_games_replay_plays_through_every_move(site: Web, browser: Any, shots: Path) -> None:
    from tests.web.conftest import play_out

    info = await play_out(site.service, await new_game(site.service, ruleset="dice_combat"))
    await run(browser.get, site.page_url(info) + "replay")
    counter = await run(lambda: browser.find_element("css selector", ".counter").text)
    total = int(counter.split()[-1])
    await run(lambda: browser.find_element("css selector", 'a[data-go="next"]').click())
    await until(lambda: browser.find_element("css selector", ".counter").text.startswith("Step 2 "), 3.0)
    await run(lambda: browser.find_element("css selector", 'a[data-go="last"]').click())
    await until(lambda: browser.find_element("css selector", ".counter").text == f"Step {total} of {total}", 3.0)
    assert await run(fits, browser, PHONE[0])
    await shoot(browser, shots, "replay-dice_combat", PHONE)
