"""A game's page by its link: what it shows, who may open it, and how it keeps up with the game."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from pathlib import Path

import aiohttp
import pytest

from computer_players.simple import first_legal
from game_service import BadSettings, GameInfo, GameService, NotHost
from tests.web.conftest import CHANNEL, GUEST, HOST, SECRET, SiteMaker, Web, new_game, play_out
from texts.messages import message
from web import live
from web.links import Links


async def test_a_game_page_shows_the_table_and_every_name_as_text(site: Web) -> None:
    info = await new_game(site.service, host_name="<script>alert(1)</script>")
    status, html = await site.get(site.page_url(info))
    assert status == 200
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>alert(1)" not in html
    # The table in words: the phase, who must decide, the log. (North Star's: tests/north_star/ui/test_web.py.)
    assert f"<h1>{message('toy.status.title', round=1, phase=message('toy.phase.pick'))}</h1>" in html
    assert f"<strong>Guest 1</strong>: {message('toy.decision.pick')}" in html
    assert message("toy.event.Picked", player="Computer 1") in html


async def test_a_page_speaks_the_readers_language(site: Web) -> None:
    info = await new_game(site.service)
    _, html = await site.get(site.page_url(info), headers={"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"})
    assert 'lang="uk"' in html and message("web.log", "uk") in html
    _, html = await site.get(site.page_url(info) + "?lang=hu")
    assert 'lang="hu"' in html and message("web.log", "hu") in html
    # Chosen on the page, the language is remembered.
    _, html = await site.get(site.page_url(info))
    assert 'lang="hu"' in html and message("web.log", "hu") in html


async def test_a_link_that_opens_nothing_looks_like_no_game(site: Web) -> None:
    info = await new_game(site.service)
    real = site.links.token(info.game_id, info.settings)
    forged = ("B" if real[0] == "A" else "A") + real[1:]
    answers = {
        await site.get(f"{site.base}g/{info.game_id}/{forged}/"),
        await site.get(f"{site.base}g/{info.game_id + 1}/{real}/"),
        await site.get(f"{site.base}g/{info.game_id}/short/"),
        await site.get(site.base + Links(b"another server's secret, 32 bytes+").path(info.game_id, info.settings)),
    }
    assert len(answers) == 1
    status, html = answers.pop()
    assert status == 404 and "There is no game at this address" in html


async def test_renewing_the_link_cuts_every_old_link_and_open_page_off(site: Web) -> None:
    info = await new_game(site.service)
    old = site.page_url(info)
    async with site.http.get(old + "events") as stream:
        first = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 5)
        assert b"event: table" in first
        renewed = await site.service.renew_link(channel_id=CHANNEL, actor_id=HOST)
        gone = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 5)
        assert gone.startswith(b"event: gone")
    assert (await site.get(old))[0] == 404
    assert (await site.get(site.page_url(renewed)))[0] == 200
    assert site.page_url(renewed) != old


async def test_only_the_host_or_an_admin_renews_a_link(service: GameService) -> None:
    info = await new_game(service)
    with pytest.raises(NotHost):
        await service.renew_link(channel_id=CHANNEL, actor_id=GUEST)
    assert (await service.game_info(game_id=info.game_id)).settings == info.settings
    by_admin = await service.renew_link(channel_id=CHANNEL, actor_id=GUEST, actor_is_admin=True)
    assert Links(SECRET).token(info.game_id, by_admin.settings) != Links(SECRET).token(info.game_id, info.settings)


async def test_the_links_salt_is_the_games_own(service: GameService) -> None:
    await new_game(service)
    with pytest.raises(BadSettings) as refused:
        await service.change_settings(channel_id=CHANNEL, actor_id=HOST, settings={"link": "chosen"})
    assert refused.value.params["reason"] == "reserved"


async def read_event(stream: aiohttp.ClientResponse, timeout: float) -> dict[str, object]:
    """The next ``table`` event of a live stream (its data), skipping heartbeats."""
    while True:
        chunk = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), timeout)
        fields = dict(line.split(": ", 1) for line in chunk.decode().strip().splitlines() if ": " in line)
        if fields.get("event") == "table":
            parsed: dict[str, object] = json.loads(fields["data"])
            return parsed


async def moved_and_seen(service: GameService, info: GameInfo, stream: aiohttp.ClientResponse) -> dict[str, object]:
    """The host's first move, made through ``service``, and the page's live update that follows within a second."""
    side = await service.prompt(user_id=HOST, game_id=info.game_id)
    assert side.prompt is not None
    moved = time.monotonic()
    await service.submit(channel_id=CHANNEL, user_id=HOST, action=side.prompt.actions[0],
                         expected_version=side.prompt.decision.since_version)  # fmt: skip
    event = await read_event(stream, 1.0)
    assert time.monotonic() - moved < 1.0
    assert int(str(event["version"])) > info.version
    return event


async def test_a_move_reaches_an_open_page_within_a_second(site: Web) -> None:
    info = await new_game(site.service)
    async with site.http.get(site.page_url(info) + "events") as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        assert (await read_event(stream, 5))["version"] == info.version
        event = await moved_and_seen(site.service, info, stream)
        assert message("toy.event.Picked", player="Ann") in str(event["html"])


async def test_a_move_this_process_makes_wakes_the_page_without_waiting_for_a_poll(
    site: Web, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move made through this process's service (as the bot makes a Discord player's) wakes the pages open on its
    game at once: with the regular look slowed to once a minute, the move still arrives within a second."""
    info = await new_game(site.service)
    async with site.http.get(site.page_url(info) + "events") as stream:
        await read_event(stream, 5)
        monkeypatch.setattr(live, "POLL_SECONDS", 60.0)
        await asyncio.sleep(0.5)  # the poller now waits on the slow look
        await moved_and_seen(site.service, info, stream)


async def test_a_move_made_by_another_process_reaches_the_page_too(site: Web, tmp_path: Path) -> None:
    """The console plays in its own process: the page sees its moves by looking at the game regularly."""
    info = await new_game(site.service)
    async with site.http.get(site.page_url(info) + "events") as stream:
        await read_event(stream, 5)
        # The same file, opened as another process opens it: nothing tells this server of the move.
        async with await GameService.open(database=tmp_path / "games.db", computer_policy=first_legal) as other:
            side = await other.prompt(user_id=HOST, game_id=info.game_id)
            assert side.prompt is not None
            await other.submit(channel_id=CHANNEL, user_id=HOST, action=side.prompt.actions[0],
                               expected_version=side.prompt.decision.since_version)  # fmt: skip
            moved = time.monotonic()
        event = await read_event(stream, 1.0)
        assert time.monotonic() - moved < 1.0
        assert int(str(event["version"])) > info.version


async def test_a_finished_game_has_a_replay_of_every_move(site: Web) -> None:
    info = await play_out(site.service, await new_game(site.service))
    history = await site.service.history(game_id=info.game_id)
    steps = sum(1 for e in history.entries if e.kind in ("started", "action"))
    status, html = await site.get(site.page_url(info))
    assert status == 200 and 'href="replay"' in html
    status, html = await site.get(site.page_url(info) + "replay")
    assert status == 200 and f"Step 1 of {steps}" in html
    status, frame = await site.get(site.page_url(info) + f"replay/{steps - 1}")
    assert status == 200 and f"Step {steps} of {steps}" in frame
    assert (await site.get(site.page_url(info) + f"replay/{steps}"))[0] == 404


async def test_a_running_game_has_no_replay_yet(site: Web) -> None:
    info = await new_game(site.service)
    assert (await site.get(site.page_url(info) + "replay"))[0] == 404


async def test_the_board_picture_is_the_public_views(site: Web) -> None:
    info = await new_game(site.service)
    async with site.http.get(site.page_url(info) + "board.png") as answer:
        assert answer.status == 200 and answer.content_type == "image/png"
        assert (await answer.read()).startswith(b"\x89PNG")


async def test_no_game_link_reaches_a_log(site: Web, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    info = await new_game(site.service)
    token = site.links.token(info.game_id, info.settings)
    await site.get(site.page_url(info))
    async with site.http.get(site.page_url(info) + "board.png") as picture:
        assert picture.status == 200
    await site.get(site.page_url(info) + "nothing-here")
    assert not [r for r in caplog.records if token in r.getMessage()]


async def test_every_answer_carries_the_security_headers(site: Web) -> None:
    info = await new_game(site.service)
    async with site.http.get(site.page_url(info)) as answer:
        headers = answer.headers
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["Cache-Control"] == "no-store"
    assert headers["X-Content-Type-Options"] == "nosniff"


async def test_the_front_page_lists_only_what_it_is_told_to(make_site: SiteMaker) -> None:
    hidden = await make_site()
    info = await new_game(hidden.service)
    status, _ = await hidden.get(hidden.base)
    assert status == 404
    listing = await make_site(listed_channels=CHANNEL)
    status, html = await listing.get(listing.base)
    assert status == 200 and listing.links.path(info.game_id, info.settings) in html
