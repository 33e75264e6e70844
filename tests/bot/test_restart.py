"""Buttons survive a restart: a new client on the same SQLite file answers the old process's buttons and selects
(Discord is the same; only the bot process changed)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.bot.conftest import ADA, BEA, check_logs, close_world, open_world
from tests.bot.driver import menu_items
from texts.messages import message


async def test_a_new_process_answers_the_old_buttons(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    path = tmp_path / "games.db"
    first = await open_world(path)
    try:
        await first.lobby(ADA, BEA)
        await first.evo(ADA, "start")
        status = first.fake.channel_posts()[-1]
        (ada_dm,) = first.fake.dms(ADA)
        fake, game_id = first.fake, first.game_id
    finally:
        await close_world(first)

    second = await open_world(path, fake)
    second.game_id = game_id
    try:
        assert second.bot is not first.bot and second.service is not first.service
        # The food-card select in Ada's DM, sent by the old process.
        select = ada_dm.selects()[0]
        await fake.select(second.bot, ADA, ada_dm, select["custom_id"], [select["options"][0]["value"]])
        assert "Your food card this round" in fake.messages[ada_dm.id].text()
        # The "My hand" button of the old status post.
        reply = fake.reply(await fake.click(second.bot, BEA, status, "evo:t:hand:1"))
        assert reply.audience == str(BEA.id) and menu_items(reply)
        select = reply.selects()[0]
        await fake.select(second.bot, BEA, reply, select["custom_id"], [select["options"][0]["value"]])
        info = await second.info()
        assert info.to_decide[0].kind == "play_cards" and info.version == 2
        # The first process's status message is not known to the second: it posts a fresh one.
        assert fake.channel_posts()[-1].files
        await second.check_privacy()
    finally:
        await close_world(second)
    check_logs(caplog.records)


async def test_an_old_prompt_after_a_restart_is_out_of_date_when_the_game_moved_on(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    first = await open_world(path)
    await first.lobby(ADA, BEA)
    await first.evo(ADA, "start")
    fake, game_id = first.fake, first.game_id
    (ada_dm,) = fake.dms(ADA)
    old = fake.messages[ada_dm.id].at(-1)
    select = ada_dm.selects()[0]
    await fake.select(first.bot, ADA, ada_dm, select["custom_id"], [select["options"][0]["value"]])
    await close_world(first)
    second = await open_world(path, fake)
    second.game_id = game_id
    try:
        version = (await second.info()).version
        await fake.select(second.bot, ADA, old, select["custom_id"], [select["options"][1]["value"]])
        assert (await second.info()).version == version
        assert message("prompt.not_your_move") in fake.messages[ada_dm.id].text()
    finally:
        await close_world(second)
