"""Whole games played through the bot layer to the end, with every message scanned for private facts."""

from __future__ import annotations

from tests.bot.conftest import ADA, BEA, CY, World
from tests.bot.driver import Driver
from texts.messages import message


async def test_a_whole_game_with_three_players_and_a_computer(world: World) -> None:
    await world.lobby(ADA, BEA, CY, computers=1)
    await world.evo(ADA, "start")
    await world.check_privacy()
    driver = Driver(world, [ADA, BEA, CY], seed=3)
    moves = await driver.play_to_end()
    assert moves > 20
    final = world.fake.channel_posts()[-1]
    assert message("status.title_over") in final.text()
    assert message("standings.title") in final.text()
    assert all(count > 0 for count in driver.routes_used.values()), driver.routes_used
