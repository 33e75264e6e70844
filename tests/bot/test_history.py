"""``/evolution history``: what the channel saw happen in its game, with the moves a computer or the timeout chose
marked, page by page, in the reader's language, and nothing private. Shown on the toy game (``tests/toy``), without
resigning (so the games are played to their end)."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

import pytest

from tests.bot.conftest import ADA, BEA, CY, World, integer, string
from tests.bot.driver import Driver
from tests.bot.fakes import User, settle
from tests.bot.test_play import QUIET
from tests.bot.test_slow_games import poll, replied
from texts.messages import message

pytestmark = pytest.mark.usefixtures("toy")


async def started(world: World, *others: User, options: str = QUIET, computers: int = 0, **settings: Any) -> None:
    await world.lobby(ADA, *others, computers=computers, game="toy", options=options)
    if settings:
        await world.evo(
            ADA, "settings", *(string(k, v) if isinstance(v, str) else integer(k, v) for k, v in settings.items())
        )
    await world.evo(ADA, "start")
    await settle()


async def test_timeouts_handovers_and_settings_are_in_the_history_without_secrets(world: World) -> None:
    await started(world, BEA, decision_time="1h", strikes=1)
    world.clock.now += timedelta(hours=2)
    assert await poll(world) >= 2
    text = replied(world, await world.evo(CY, "history"))  # anybody in the channel may look
    assert message("history.created", player=f"<@{ADA.id}>") in text
    assert message("history.joined", player=f"<@{BEA.id}>") in text
    assert message("history.settings_changed", host=f"<@{ADA.id}>") in text
    assert message("history.started") in text
    # Both secret picks were the timeout's, and with one strike allowed both seats went to computers.
    assert "⏰ " + message("toy.event.Picked", player="Ada") in text
    assert "⏰ " + message("toy.event.Picked", player="Bea") in text
    assert message("history.timed_out", player=f"<@{BEA.id}>") in text
    assert message("history.seat_to_computer", player=f"<@{BEA.id}>") in text
    assert text.index(message("history.created", player=f"<@{ADA.id}>")) < text.index(message("history.started"))
    await world.check_privacy()


def page_count(world: World, reply_footer: str, game_id: int) -> int:
    return next(n for n in range(1, 1000) if reply_footer == message("history.footer", game=game_id, page=1, pages=n))


async def all_pages(world: World) -> tuple[int, list[str]]:
    """Every page of the channel's history (page 1, the latest, first)."""
    game_id = (await world.info()).game_id
    first = world.fake.reply(await world.evo(ADA, "history"))
    count = page_count(world, first.embeds[0]["footer"]["text"], game_id)
    pages = [first.text()]
    for n in range(2, count + 1):
        pages.append(replied(world, await world.evo(ADA, "history", integer("page", n))))
    return count, pages


async def test_a_finished_game_reads_page_by_page_from_the_latest(world: World) -> None:
    await started(world, BEA, computers=4, options=f"{QUIET} rounds=9 picks=3")
    await Driver(world, [ADA, BEA], seed=2).play_to_end()
    info = await world.info()
    assert info.status == "finished"
    count, pages = await all_pages(world)
    assert count >= 2, "a whole game does not fit on one page"
    # The latest page tells the game's last move (the stones shown, or a concession); the earliest its start.
    last = [line for line in pages[0].split("\n") if line and not line.startswith("**<t:")][-2]
    shown, conceded = (message(f"toy.event.{e}", stones="", player="").rstrip(".") for e in ("Shown", "Conceded"))
    assert shown in last or last.endswith(conceded), pages[0]
    assert message("history.created", player=f"<@{ADA.id}>") in pages[-1]
    started_at = pages[-1].index(message("history.started"))
    assert message("toy.event.Picked", player="Ada") in pages[-1][started_at:], "the first moves follow the start"
    assert message("history.footer", game=info.game_id, page=count, pages=count) in pages[-1]
    beyond = replied(world, await world.evo(ADA, "history", integer("page", 1000)))
    assert beyond == pages[-1], "a page past the end shows the earliest"
    everything = "".join(pages)
    assert "🤖 " + message("toy.event.Picked", player=message("player.computer_name", n=1)) in everything
    assert message("toy.event.Picked", player="Ada") in everything
    await world.check_privacy()


async def test_the_history_speaks_the_readers_language_and_an_empty_channel_is_told(world: World) -> None:
    refused = replied(world, await world.evo(ADA, "history"))
    assert refused == message("refusal.no_game_here")
    await world.lobby(ADA)
    uk_reader = dataclasses.replace(BEA, locale="uk")
    text = replied(world, await world.evo(uk_reader, "history"))
    assert message("history.title", "uk") in text
    assert message("history.created", "uk", player=f"<@{ADA.id}>") in text
    assert message("history.footer", "uk", game=(await world.info()).game_id, page=1, pages=1) in text


def test_every_page_starts_with_its_time_and_fits_discord() -> None:
    from datetime import UTC, datetime

    from bot.limits import EMBED_DESCRIPTION as EMBED_DESCRIPTION_LIMIT
    from bot.panels import HISTORY_PAGE_SIZE, history_pages

    start = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
    lines = [(start, f"line {n:03d} " + "x" * 40) for n in range(150)]
    lines += [(start + timedelta(hours=5), f"later {n:03d}") for n in range(3)]
    pages = history_pages(lines)
    assert len(pages) >= 2
    for page in pages:
        assert page[0].startswith("**<t:"), page[0]
        assert len("\n".join(page)) <= HISTORY_PAGE_SIZE < EMBED_DESCRIPTION_LIMIT
    assert pages[0][-1].startswith("later 002") and pages[-1][1].startswith("line 000")
    told = [line for page in reversed(pages) for line in page if not line.startswith("**<t:")]
    assert told == [line for _, line in lines], "every line once, in order"
