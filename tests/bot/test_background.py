"""Nobody waits for a computer: while hard computers think (in worker processes), every click and every
``/evolution move`` autocomplete of a person is answered at once, well within Discord's 3 seconds (the fake Discord
refuses any initial response later than that, and the test fails on it), and the game moves on once they have
moved. Played on North Star, named: the hard computers think in the service's worker processes, which know the
shipped rule systems only, not the tests' toy game. Nothing here follows its phase order: its first decision is a
secret pick everybody owes at once, and the computers' part is over when the game waits for Ada alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.conftest import ADA, close_world, open_world, string
from tests.bot.fakes import CHANNEL_ID, settle


async def test_clicks_and_autocompletes_are_answered_while_hard_computers_think(tmp_path: Path) -> None:
    world = await open_world(tmp_path / "games.db", computer_workers=2)
    try:
        await world.service.warm_up()
        fake, bot = world.fake, world.bot
        await world.evo(ADA, "new", string("game", "north_star"))
        world.game_id = (await world.service.game_info(channel_id=str(CHANNEL_ID))).game_id
        for _ in range(3):
            await fake.command(bot, ADA, "evolution", string("level", "hard"), sub="addbot")
        # The start is answered while the three hard computers think about their secret picks.
        start = fake.deliver(bot, fake.command_payload(ADA, "evolution", sub="start"))
        # Autocompletes come in meanwhile (at once: how long the computers think depends on the machine).
        typed = string("action", "", focused=True)
        asked = [
            fake.deliver(bot, fake.command_payload(ADA, "evolution", typed, sub="move", typing=True)) for _ in range(10)
        ]
        while start.response_type is None or any(a.choices is None for a in asked):
            await asyncio.sleep(0.01)
        info = await world.info()
        assert info.status == "running" and any(d.is_computer for d in info.to_decide), "the computers still think"
        assert all(a.choices for a in asked), "Ada's own pick is offered meanwhile"
        await settle()
        info = await world.info()
        assert info.to_decide and {d.user_id for d in info.to_decide} == {str(ADA.id)}, "then the computers moved"
        assert fake.refused == []
    finally:
        await close_world(world)
