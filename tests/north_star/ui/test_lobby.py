"""North Star's lobby through the bot: a slow game (a day per decision) is advised to play the quick game instead,
and the advice goes once the decision time is short or the quick game is chosen."""

from __future__ import annotations

from tests.bot.conftest import ADA, BEA, World, string
from texts.messages import message


async def test_the_lobby_of_a_slow_north_star_game_suggests_the_quick_game(world: World) -> None:
    lobby = await world.lobby(ADA, BEA, game="north_star")
    tip = message("north_star.slow_game_tip")
    assert tip in lobby.text(), "a day per decision: a slow game"
    await world.evo(ADA, "settings", string("decision_time", "30m"))
    assert tip not in world.fake.messages[lobby.id].text(), "half an hour per decision: a game played live"
    await world.evo(ADA, "abandon")
    quick = await world.lobby(ADA, BEA, game="north_star", options="quick_game")
    assert tip not in quick.text(), "the quick game already"
