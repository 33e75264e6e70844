"""Prompts that are always current (issue 30): a DM prompt's head and body name the same decision and deadline, also
once it was edited to the player's next decision, and a prompt that no longer applies says so and has no buttons.
Shown on a toy game (``tests/toy``) of several rounds of two picks each, without resigning, so a live prompt is always
a decision owed."""

from __future__ import annotations

import discord
import pytest

from tests.bot.conftest import ADA, BEA, World
from tests.bot.driver import Driver, menu_items, menu_version
from tests.bot.fakes import User
from tests.discord_api.limits import IS_COMPONENTS_V2
from texts.messages import message
from texts.registry import words_for

pytestmark = pytest.mark.usefixtures("toy")


async def check_prompts(world: World, users: list[User]) -> int:
    """Every DM that still offers a prompt's choices is the one of its player's decision due now, and its head names
    that decision and its deadline; every DM prompt retired says so. Returns how many were retired."""
    info = await world.info()
    words = words_for(info.ruleset)
    retired = 0
    for user in users:
        due = next((d for d in info.to_decide if d.user_id == str(user.id)), None)
        for dm in world.fake.dms(user):
            versions = {menu_version(item) for item in menu_items(dm)}
            # One card of layout components, its text in text displays (none left over from an older message).
            assert dm.data["flags"] & IS_COMPONENTS_V2 and not dm.content and not dm.embeds, dm.data
            if message("prompt.retired") in dm.text():
                retired += 1
                assert not dm.items() and not any(message("hand.title") in text for text in dm.layout_text())
                continue
            if not versions:
                continue
            assert due is not None and versions == {due.since_version}, (dm.text(), due)
            assert due.due_at is not None
            head = message(
                "deadline.your_turn",
                channel=f"<#{info.channel_id}>",
                kind=words.decision(due.kind, "en"),
                due=discord.utils.format_dt(due.due_at, "R"),
            )
            assert head in dm.layout_text()[0], (dm.layout_text(), head)
            # And its body is the prompt of that same decision.
            assert message("prompt.title", kind=words.decision(due.kind, "en")) in dm.text(), dm.text()
    return retired


class CheckingDriver(Driver):
    retired = 0

    async def turn(self, user: User, route: str) -> str:
        done = await super().turn(user, route)
        if await self.running():
            self.retired = max(self.retired, await check_prompts(self.world, list(self.users.values())))
        return done


async def test_every_live_dm_prompt_is_the_current_one_and_its_head_names_its_decision(world: World) -> None:
    await world.lobby(ADA, BEA, computers=1, options="resigning=off, rounds=4, picks=2")
    await world.evo(ADA, "start")
    driver = CheckingDriver(world, [ADA, BEA], seed=3)
    await driver.play_to_end()
    assert driver.retired > 0, "some decisions were made from My hand or /evolution move, and their DMs retired"
    for user in (ADA, BEA):
        assert all(not menu_items(dm) for dm in world.fake.dms(user)), "the game is over: no prompt is live"
