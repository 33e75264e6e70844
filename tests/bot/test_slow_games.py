"""Slow games through the bot: reminders by DM (or a mention when DMs are closed), timeouts announced without
private facts, a seat handed to a computer, the host's pause / resume / extend / settings, votes, catch-up after a
restart, and mygames with deadlines. The service's clock is moved by hand; the scheduler is polled directly. Shown on
the toy game (``tests/toy``) without resigning: both players owe their secret pick at the start, then the round's
caller the call."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.bot.conftest import ADA, BEA, CY, Clock, World, close_world, integer, open_world, string
from tests.bot.driver import menu_items
from tests.bot.fakes import CHANNEL_ID, Interaction, User, settle
from tests.bot.test_play import QUIET, dm_prompt, first_choice
from texts.messages import catalogue, message

pytestmark = pytest.mark.usefixtures("toy")

HOUR = timedelta(hours=1)


def player(user: User) -> tuple[dict[str, Any], dict[str, Any]]:
    """A user option and the ``resolved`` data Discord sends with it."""
    return {"name": "player", "type": 6, "value": str(user.id)}, {"users": {str(user.id): user.payload()}}


async def evo_with_player(world: World, actor: User, sub: str, target: User, *options: dict[str, Any]) -> Interaction:
    option, resolved = player(target)
    return await world.fake.command(world.bot, actor, "evolution", *options, option, sub=sub, resolved=resolved)


def posts_since(world: World, count: int) -> list[str]:
    return [m.text() for m in world.fake.channel_posts(CHANNEL_ID)[count:]]


def template_pattern(key: str) -> re.Pattern[str]:
    """A catalogue template as a pattern: every placeholder matches anything."""
    template = catalogue()[key]
    assert isinstance(template, str), f"{key} has plural forms"
    parts = re.split(r"\{[a-z_]+\}", template)
    return re.compile(".*?".join(re.escape(p) for p in parts), re.S)


def replied(world: World, interaction: Interaction) -> str:
    reply = world.fake.reply(interaction)
    assert reply.audience == str(interaction.user.id), "the answer is not private"
    return reply.text()


async def started(world: World, *others: User, **settings: Any) -> None:
    await world.lobby(ADA, *others, options=QUIET)
    if settings:
        options = [string(k, v) if isinstance(v, str) else integer(k, v) for k, v in settings.items()]
        await world.evo(ADA, "settings", *options)
    await world.evo(ADA, "start")
    await settle()


async def poll(world: World) -> int:
    done = await world.bot.scheduler.run_once()
    await settle()
    return done


async def test_a_slow_game_shows_its_deadline_in_the_prompts_dm_and_in_mygames(world: World) -> None:
    await started(world, BEA)
    dm = dm_prompt(world, ADA)
    assert template_pattern("deadline.your_turn").search(dm.text())
    assert "<t:" in dm.text()
    text = replied(world, await world.evo(ADA, "mygames"))
    assert template_pattern("mygames.one_due").search(text)


async def test_reminders_go_by_dm_or_as_a_mention_when_dms_are_closed(world: World) -> None:
    world.fake.closed_dms.add(BEA.id)
    await started(world, BEA)
    ada_dms = len(world.fake.dms(ADA))
    posts = len(world.fake.channel_posts(CHANNEL_ID))
    world.clock.now += 12 * HOUR
    assert await poll(world) == 2
    reminder = world.fake.dms(ADA)[-1]
    assert len(world.fake.dms(ADA)) == ada_dms + 1
    assert template_pattern("deadline.reminder").search(reminder.text())
    assert menu_items(reminder), "the reminder carries the prompt itself"
    (mention,) = [t for t in posts_since(world, posts) if f"<@{BEA.id}>" in t]
    assert template_pattern("deadline.reminder_channel").search(mention)
    assert await poll(world) == 0, "a reminder is never repeated"


async def test_a_timeout_is_announced_without_the_pick_and_strikes_hand_the_seat_to_a_computer(world: World) -> None:
    await started(world, BEA, strikes=1)
    posts = len(world.fake.channel_posts(CHANNEL_ID))
    await world.fake.dispatch(world.bot, first_choice(world, ADA, dm_prompt(world, ADA)))
    await settle()
    world.clock.now += 25 * HOUR
    assert await poll(world) == 1  # only Bea: Ada has picked
    texts = posts_since(world, posts)
    assert any(template_pattern("deadline.timed_out").search(t) and f"<@{BEA.id}>" in t for t in texts)
    assert any(template_pattern("deadline.handed_over").search(t) for t in texts)
    info = await world.info()
    assert info.players[1].is_computer
    await world.check_privacy()


async def test_the_host_pauses_resumes_and_extends_and_others_are_refused(world: World) -> None:
    await started(world, BEA)
    assert replied(world, await world.evo(BEA, "time pause")) == message("refusal.not_host")
    posts = len(world.fake.channel_posts(CHANNEL_ID))
    assert replied(world, await world.evo(ADA, "time pause")) == message("deadline.done")
    assert any(template_pattern("deadline.paused").search(t) for t in posts_since(world, posts))
    assert replied(world, await world.evo(ADA, "time pause")) == message("refusal.already_paused")
    world.clock.now += 3 * 24 * HOUR
    assert await poll(world) == 0, "a paused game neither reminds nor times out"
    status = replied(world, await world.evo(BEA, "status"))
    assert message("info.paused") in status
    assert replied(world, await world.evo(ADA, "time resume")) == message("deadline.done")
    assert replied(world, await world.evo(ADA, "time resume")) == message("refusal.not_paused")
    before = {p.seat: p.due_at for p in (await world.info()).to_decide}
    assert replied(world, await world.evo(ADA, "time extend", string("by", "soon"))) == message("refusal.bad_duration")
    assert replied(world, await evo_with_player(world, ADA, "time extend", BEA, string("by", "2h"))) == message(
        "deadline.done"
    )
    after = {p.seat: p.due_at for p in (await world.info()).to_decide}
    assert after[0] == before[0] and after[1] == before[1] + 2 * HOUR  # type: ignore[operator]
    assert any(template_pattern("deadline.extended_one").search(t) for t in posts_since(world, posts))


async def test_settings_are_checked_and_announced(world: World) -> None:
    await world.lobby(ADA, BEA, options=QUIET)
    text = replied(world, await world.evo(ADA, "settings", string("decision_time", "2m")))
    assert text == message("refusal.bad_settings.decision_time_range")
    assert replied(world, await world.evo(ADA, "settings")) == message("refusal.nothing_to_change")
    assert replied(world, await world.evo(BEA, "settings", string("decision_time", "2h"))) == message(
        "refusal.not_host"
    )
    posts = len(world.fake.channel_posts(CHANNEL_ID))
    await world.evo(ADA, "settings", string("decision_time", "2h"), string("reminders", "none"))
    (notice,) = posts_since(world, posts)
    assert notice == message("settings.changed", time="2 hours", reminders=message("settings.no_reminders"), strikes=3)
    assert (await world.info()).settings["decision_time"] == 7200


async def test_a_new_game_takes_its_deadline_settings_at_creation(world: World) -> None:
    toy = string("game", "toy")
    bad = await world.evo(ADA, "new", toy, string("reminders", "soon"))
    assert replied(world, bad) == message("refusal.bad_settings.bad_reminders")
    await world.evo(ADA, "new", toy, string("decision_time", "3d"), string("reminders", "none"), integer("strikes", 5))
    settings = (await world.service.game_info(channel_id=str(CHANNEL_ID))).settings
    assert (settings["decision_time"], settings["reminders"], settings["strikes"]) == (3 * 24 * 3600, [], 5)


async def test_votes_hand_a_silent_seat_over_and_end_a_game(world: World) -> None:
    await started(world, BEA, CY)
    posts = len(world.fake.channel_posts(CHANNEL_ID))
    assert replied(world, await evo_with_player(world, CY, "vote replace", CY)) == message(
        "refusal.cannot_vote_on_self"
    )
    assert replied(world, await evo_with_player(world, ADA, "vote replace", CY)) == message("vote.counted")
    assert replied(world, await evo_with_player(world, ADA, "vote replace", CY)) == message("refusal.already_voted")
    await evo_with_player(world, BEA, "vote replace", CY)
    texts = posts_since(world, posts)
    assert message("vote.cast_replace", voter=f"<@{ADA.id}>", player=f"<@{CY.id}>", votes=1, needed=2) in texts
    assert message("vote.carried_replace", player=f"<@{CY.id}>") in texts
    assert (await world.info()).players[2].is_computer
    await world.evo(ADA, "vote end")
    await world.evo(BEA, "vote end")
    assert message("vote.carried_end") in posts_since(world, posts)
    assert (await world.info()).status == "abandoned"


async def test_deadlines_that_passed_while_the_bot_was_down_are_applied_at_start(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = Clock()
    first = await open_world(path, clock=clock)
    try:
        await first.lobby(ADA, BEA, options=QUIET)
        await first.evo(ADA, "start")
        await settle()
        fake, game_id = first.fake, first.game_id
    finally:
        await close_world(first)
    clock.now += 2 * 24 * HOUR
    second = await open_world(path, fake, clock=clock)
    second.game_id = game_id
    try:
        posts = len(fake.channel_posts(CHANNEL_ID))
        assert await poll(second) == 2
        texts = posts_since(second, posts)
        assert sum(1 for t in texts if template_pattern("deadline.timed_out").search(t)) == 2
        assert [d.kind for d in (await second.info()).to_decide] == ["call"], "both picks were made"
        await second.check_privacy()
    finally:
        await close_world(second)
