"""Whole games played through the bot layer to the end, with every message scanned for private facts."""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.engine import PublicView
from tests.bot.channel_log import check, played
from tests.bot.conftest import ADA, BEA, CY, World
from tests.bot.driver import Driver
from texts.messages import message


async def test_a_whole_game_with_three_players_and_a_computer(world: World) -> None:
    await world.lobby(ADA, BEA, CY, computers=1, game="north_star")
    await world.evo(ADA, "start")
    await world.check_privacy()
    driver = Driver(world, [ADA, BEA, CY], seed=3)
    moves = await driver.play_to_end()
    assert moves > 20
    final = world.fake.channel_posts()[-1]
    assert message("north_star.status.title_over") in final.text()
    assert message("standings.title") in final.text()
    assert all(count > 0 for count in driver.routes_used.values()), driver.routes_used


async def test_a_quick_two_player_game_with_closed_dms_and_the_real_renderer(world: World) -> None:
    from renderer import render_board

    drawn: list[bytes] = []

    def render(view: PublicView, /, *, labels: Mapping[str, str] | None = None, reader: int | None = None) -> bytes:
        world.rendered.append(view)
        png = render_board(view, labels=labels)
        drawn.append(png)
        return png

    world.bot.announcer.render = render
    world.fake.closed_dms.add(BEA.id)
    await world.lobby(ADA, BEA, game="north_star", options="quick_game")
    await world.evo(BEA, "start")  # not the host
    await world.evo(ADA, "start")
    driver = Driver(world, [ADA, BEA], seed=5)
    await driver.play_to_end()
    assert drawn and all(png.startswith(b"\x89PNG") for png in drawn)
    assert not world.fake.dms(BEA), "Bea's DMs stayed closed: nothing private reached her through them"
    notices = [m for m in world.fake.channel_posts() if message("dm.closed", player=f"<@{BEA.id}>") in m.text()]
    assert notices, "the channel was told, without private content"
    assert message("north_star.status.title_over") in world.fake.channel_posts()[-1].text()


async def test_a_whole_game_with_four_players(world: World) -> None:
    from tests.bot.conftest import DEE

    await world.lobby(ADA, BEA, CY, DEE, game="north_star")
    await world.evo(ADA, "start")
    driver = Driver(world, [ADA, BEA, CY, DEE], seed=11)
    await driver.play_to_end()
    assert message("standings.title") in world.fake.channel_posts()[-1].text()


async def test_a_whole_game_reads_like_a_log_in_the_channel_with_one_notice_per_decision(world: World) -> None:
    await world.lobby(ADA, BEA, computers=1, game="north_star")
    check(await played(world, [ADA, BEA], seed=3))
