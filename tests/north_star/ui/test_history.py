"""North Star's quick game in ``/evolution history``: the card plays are told once the phase is over, by the move
that ended it (docs/rulings.md, "Quick game"); the history itself: tests/bot/test_history.py."""

from __future__ import annotations

from rules_core.north_star.events import CARD_PLAY_EVENTS, FoodCardsRevealed
from tests.bot.conftest import ADA, BEA, World
from tests.bot.driver import Driver
from tests.bot.test_history import all_pages
from texts.messages import message


async def test_the_quick_games_card_plays_are_in_the_history_once_the_phase_is_over(world: World) -> None:
    await world.lobby(ADA, BEA, game="north_star", options="quick_game")
    await world.evo(ADA, "start")
    await Driver(world, [ADA, BEA], seed=4).play_to_end()
    _, pages = await all_pages(world)
    everything = "".join(pages)
    for user in ("Ada", "Bea"):
        assert message("north_star.event.FoodCardChosen", player=user) in everything
    history = await world.service.history(game_id=(await world.info()).game_id)
    told = [e for e in history.entries if any(isinstance(x, CARD_PLAY_EVENTS) for x in e.public_events)]
    assert told, "the card plays are told"
    # Only by the move that ended the card play: the same move reveals the food cards (docs/rulings.md, "Quick game").
    assert all(any(isinstance(x, FoodCardsRevealed) for x in e.public_events) for e in told)
    await world.check_privacy()
