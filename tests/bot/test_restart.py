"""Buttons survive a restart: a new client on the same SQLite file answers the old process's buttons and selects
(Discord is the same; only the bot process changed). Shown on the toy game (``tests/toy``), as
``tests/bot/test_play.py`` plays it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.bot.conftest import ADA, BEA, CY, check_logs, close_world, open_world
from tests.bot.driver import menu_items
from tests.bot.test_play import QUIET, dm_prompt, first_choice
from texts.messages import message

pytestmark = pytest.mark.usefixtures("toy")


async def test_a_new_process_answers_the_old_buttons(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    path = tmp_path / "games.db"
    first = await open_world(path)
    try:
        await first.lobby(ADA, BEA, options=QUIET)
        await first.evo(ADA, "start")
        status = first.fake.channel_posts()[-1]
        ada_dm = dm_prompt(first, ADA)
        fake, game_id = first.fake, first.game_id
    finally:
        await close_world(first)

    second = await open_world(path, fake)
    second.game_id = game_id
    try:
        assert second.bot is not first.bot and second.service is not first.service
        # The secret pick's prompt in Ada's DM, sent by the old process.
        await fake.dispatch(second.bot, first_choice(second, ADA, ada_dm))
        assert message("prompt.done", action="").rstrip(".") in fake.messages[ada_dm.id].text()
        assert not menu_items(fake.messages[ada_dm.id]), "she owes nothing more until Bea has picked"
        # The "My hand" button of the old status post.
        reply = fake.reply(await fake.click(second.bot, BEA, status, "evo:t:hand:1"))
        assert reply.audience == str(BEA.id) and menu_items(reply)
        await fake.dispatch(second.bot, first_choice(second, BEA, reply))
        info = await second.info()
        assert info.version == 2 and [d.kind for d in info.to_decide] == ["call"], "both picks were made"
        # The picks' phase ended: its phase post is new, with the board.
        assert fake.channel_posts()[-1].files and fake.channel_posts()[-1].id != status.id
        await second.check_privacy()
    finally:
        await close_world(second)
    check_logs(caplog.records, first, second)


async def test_an_old_prompt_after_a_restart_is_out_of_date_when_the_game_moved_on(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    first = await open_world(path)
    await first.lobby(ADA, BEA, options=QUIET)
    await first.evo(ADA, "start")
    fake, game_id = first.fake, first.game_id
    ada_dm = dm_prompt(first, ADA)
    old = fake.messages[ada_dm.id].at(-1)
    await fake.dispatch(first.bot, first_choice(first, ADA, ada_dm))
    await close_world(first)
    second = await open_world(path, fake)
    second.game_id = game_id
    try:
        version = (await second.info()).version
        # Another stone of the prompt as it was before her pick.
        await fake.click(second.bot, ADA, old, menu_items(old)[1]["custom_id"])
        assert (await second.info()).version == version
        assert message("prompt.not_your_move") in fake.messages[ada_dm.id].text()
    finally:
        await close_world(second)


async def test_a_restart_keeps_the_status_message_and_the_closed_dms(tmp_path: Path) -> None:
    """What the announcer keeps is the service's: after a restart the phase's status message is edited, not posted
    again, and a player whose DMs were found closed is neither written to nor pointed out again in that phase."""
    path = tmp_path / "games.db"
    first = await open_world(path)
    fake = first.fake
    fake.closed_dms.add(CY.id)
    await first.lobby(ADA, BEA, CY)
    await first.evo(ADA, "start")
    game_id = first.game_id
    status = [m for m in fake.channel_posts() if m.files][-1]
    versions = len(status.versions)
    notice = message("dm.closed", player=f"<@{CY.id}>")
    posts = len(fake.channel_posts())
    await close_world(first)

    def dm_attempts() -> int:
        channel = fake.dm_channel_of[CY.id]
        return sum(1 for r in fake.requests if r[1] == "POST" and r[2] == f"/channels/{channel}/messages")

    attempts = dm_attempts()
    second = await open_world(path, fake)
    second.game_id = game_id
    try:
        (ada_dm,) = [m for m in fake.dms(ADA) if m.buttons()]
        stone = next(b for b in ada_dm.buttons() if str(b["label"]).startswith(message("toy.stone", n=0)[:-1]))
        await fake.click(second.bot, ADA, ada_dm, str(stone["custom_id"]))
        # Same phase (Bea and Cy still pick): the old status message is edited with Ada's news, nothing new posted.
        assert len(fake.channel_posts()) == posts
        assert len(fake.messages[status.id].versions) == versions + 1
        assert message("toy.event.Picked", player="Ada") in fake.messages[status.id].text()
        assert sum(notice in m.text() for m in fake.channel_posts()) == 1
        assert dm_attempts() == attempts
        await second.check_privacy()
    finally:
        await close_world(second)
