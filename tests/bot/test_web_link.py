"""The live board's link on the status message, and its renewal by the host (issue 31), on the toy game."""

from __future__ import annotations

from pathlib import Path

import pytest

from evolution_bot.config import Settings, WebSettings
from tests.bot.conftest import ADA, BEA, World, close_world, open_world
from tests.bot.test_play import pick, public_posts, started
from tests.discord_api.limits import IS_COMPONENTS_V2
from texts.messages import message
from web import link_for

pytestmark = pytest.mark.usefixtures("toy")

# This process makes the links only (a bot that serves none, as a shard beside the one that serves).
WEB = WebSettings(base_url="https://board.example/evo/", secret=b"s" * 32, serve=False)


def status_link(world: World) -> str:
    (status,) = [p for p in public_posts(world) if p.data.get("flags", 0) & IS_COMPONENTS_V2]
    (button,) = [b for b in status.buttons() if b.get("url")]
    assert button["label"] == message("web.link_button") and button["style"] == 5
    return str(button["url"])


async def test_the_status_message_links_the_live_board_and_the_host_renews_it(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    world = await open_world(path, settings=Settings(database=path, web=WEB))
    try:
        await started(world, BEA)
        await pick(world, ADA)
        first = status_link(world)
        assert first == link_for(WEB, await world.info()) and first.startswith(WEB.base_url)
        # Only the host (or a channel admin) may cut the old link off.
        assert world.reply_text(await world.evo(BEA, "newlink")) == message("refusal.not_host")
        assert status_link(world) == first
        assert world.reply_text(await world.evo(ADA, "newlink")) == message("web.link_renewed")
        renewed = status_link(world)
        assert renewed != first and renewed == link_for(WEB, await world.info())
    finally:
        await close_world(world)


async def test_without_a_web_board_there_is_no_link_to_renew(world: World) -> None:
    await started(world, BEA)
    await pick(world, ADA)
    (status,) = [p for p in public_posts(world) if p.data.get("flags", 0) & IS_COMPONENTS_V2]
    assert not [b for b in status.buttons() if b.get("url")]
    assert world.reply_text(await world.evo(ADA, "newlink")) == message("refusal.no_web_board")
