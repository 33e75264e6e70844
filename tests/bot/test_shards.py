"""Two bot processes share one database, each running one of the bot's two Discord shards: each applies and
announces the deadlines of the games in its own guilds' channels only (the service's side, computer turns
included, over both backends: tests/service/test_shares.py). Shown on the toy game (``tests/toy``) without resigning:
both players owe their secret pick at the start, then the round's caller the call."""

from __future__ import annotations

import logging
import re
from datetime import timedelta
from pathlib import Path

import pytest

from bot.client import EvolutionBot
from evolution_bot.config import Settings
from tests.bot.conftest import ADA, BEA, CY, DEE, Clock, World, close_world, open_world, string
from tests.bot.fakes import CHANNEL_ID, OTHER_CHANNEL_ID, settle
from tests.bot.test_play import QUIET, dm_prompt, first_choice, play
from tests.bot.test_slow_games import poll, template_pattern
from texts.messages import message

pytestmark = pytest.mark.usefixtures("toy")

#: Two guilds, one game channel each (the fake's interactions name one guild; the shards' caches hold these).
GUILDS = {0: (2_000_000_000_000_010, CHANNEL_ID), 1: (2_000_000_000_000_011, OTHER_CHANNEL_ID)}


def hold(bot: EvolutionBot, shard: int) -> None:
    """What the gateway's GUILD_CREATE gives the process that runs ``shard``: its guild and the guild's channels."""
    guild_id, channel_id = GUILDS[shard]
    channel = {"id": str(channel_id), "type": 0, "name": "evolution", "position": 0, "permission_overwrites": []}
    guild = {"id": str(guild_id), "name": f"guild {shard}", "channels": [channel], "roles": [], "member_count": 2}
    bot._connection._add_guild_from_data(guild)  # type: ignore[arg-type]
    bot._handle_ready()  # the gateway's READY: the process knows its guilds


async def shard_process(path: Path, world: World, shard: int) -> World:
    settings = Settings(database=path, shard_ids=(shard,), shard_count=2)
    process = await open_world(path, world.fake, clock=world.clock, settings=settings)
    process.bot.scheduler.loop.cancel()  # the test polls by hand, one process after the other
    hold(process.bot, shard)
    return process


async def test_each_process_runs_and_announces_only_its_guilds_deadlines(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    path = tmp_path / "games.db"
    setup = await open_world(path, clock=Clock())
    try:
        await setup.lobby(ADA, BEA, options=QUIET)
        await setup.evo(ADA, "start")
        await setup.evo(CY, "new", string("game", "toy"), string("options", QUIET), channel_id=OTHER_CHANNEL_ID)
        await setup.evo(DEE, "join", channel_id=OTHER_CHANNEL_ID)
        await setup.evo(CY, "start", channel_id=OTHER_CHANNEL_ID)
        await settle()
    finally:
        await close_world(setup)
    setup.clock.now += timedelta(days=2)
    fake = setup.fake
    timed_out = template_pattern("deadline.timed_out")

    def timeouts_posted(channel: int) -> int:
        return sum(1 for m in fake.channel_posts(channel) if timed_out.search(m.text()))

    zero, one = await shard_process(path, setup, 0), await shard_process(path, setup, 1)
    try:
        assert await zero.bot.held_channels() == [str(CHANNEL_ID)]
        assert await poll(zero) == 2
        (health,) = [r.getMessage() for r in caplog.records if r.getMessage().startswith("health:")]
        line = r"health: ok; shards 0 of 2, 1 guilds, gateway latency \w+ ms; database poll \d+ ms, 2 due"
        assert re.fullmatch(line, health), health
        assert timeouts_posted(CHANNEL_ID) == 2, "the two picks' deadlines of shard 0's game"
        assert timeouts_posted(OTHER_CHANNEL_ID) == 0
        other = await zero.service.game_info(channel_id=str(OTHER_CHANNEL_ID))
        assert [d.kind for d in other.to_decide] == ["pick", "pick"], "shard 1's game is left to shard 1"
        assert await poll(zero) == 0
        assert await one.bot.held_channels() == [str(OTHER_CHANNEL_ID)]
        assert await poll(one) == 2
        assert (timeouts_posted(CHANNEL_ID), timeouts_posted(OTHER_CHANNEL_ID)) == (2, 2)
        assert await poll(one) == 0 and await poll(zero) == 0
        for channel in (CHANNEL_ID, OTHER_CHANNEL_ID):
            assert [d.kind for d in (await one.service.game_info(channel_id=str(channel))).to_decide] == ["call"]
    finally:
        await close_world(zero)
        await close_world(one)


async def test_a_process_running_every_shard_holds_every_game(tmp_path: Path) -> None:
    world = await open_world(tmp_path / "games.db", settings=Settings(database=tmp_path / "games.db", shard_count=2))
    try:
        assert await world.bot.held_channels() is None
    finally:
        await close_world(world)


async def test_a_process_announces_from_the_posts_another_process_made(tmp_path: Path) -> None:
    """Discord hands DM interactions to shard 0's process whatever the game's guild: the process that holds the
    game, announcing its next move, builds on the posts the other process made (no second phase post)."""
    path = tmp_path / "games.db"
    starter = await open_world(path, clock=Clock())
    one = await shard_process(path, starter, 1)
    zero = await shard_process(path, starter, 0)
    fake = starter.fake
    try:
        await close_world(starter)
        await zero.lobby(ADA, BEA, options=QUIET)  # in CHANNEL_ID, shard 0's guild
        await zero.evo(ADA, "start")  # zero announced the start: it has the game's posts in memory
        for user in (ADA, BEA):
            await fake.dispatch(one.bot, first_choice(one, user, dm_prompt(one, user)))
        boards = [m for m in fake.channel_posts(CHANNEL_ID) if m.files]
        assert len(boards) == 2, "the start's post (zero's) and the call's phase post (one's)"
        # The round's caller challenges by command in the game's channel, which zero's process answers: the call is
        # still on (the challenged player must answer), so zero edits the phase's post one made.
        (call,) = (await zero.info()).to_decide
        caller = next(user for user in (ADA, BEA) if str(user.id) == call.user_id)
        await play(zero, caller, message("toy.choice.X"))
        assert [m for m in fake.channel_posts(CHANNEL_ID) if m.files] == boards, "no second post for the phase"
        assert message("toy.event.Challenged", player=caller.name) in fake.messages[boards[-1].id].text()
    finally:
        await close_world(zero)
        await close_world(one)


async def test_the_process_running_shard_0_holds_the_tutorials_played_in_dms(tmp_path: Path) -> None:
    """A tutorial is played in the user's DMs, which belong to no guild; Discord sends DM interactions to shard 0, so
    shard 0's process resumes, catches up and applies the deadlines of every running tutorial, wherever it was
    started, and the other processes leave it alone (docs/deployment.md)."""
    path = tmp_path / "games.db"
    setup = await open_world(path, clock=Clock())
    try:
        await setup.evo(ADA, "tutorial", string("game", "toy"), channel_id=OTHER_CHANNEL_ID)  # from shard 1's guild
        await settle()
        dm = str(setup.fake.dm_channel_id(ADA))
        info = await setup.service.game_info(channel_id=dm)
        # A move committed, and the process stops before the bot tells it.
        legal = await setup.service.legal_actions(channel_id=dm, user_id=str(ADA.id))
        await setup.service.submit(channel_id=dm, user_id=str(ADA.id), action=legal.actions[0],
                                   expected_version=legal.version)  # fmt: skip
    finally:
        await close_world(setup)
    fake = setup.fake
    told = len(fake.dms(ADA))
    one = await shard_process(path, setup, 1)
    try:
        await settle()  # its resume and catch-up
        assert dm not in (await one.bot.held_channels() or ())
        one.clock.now += timedelta(days=2)
        assert await poll(one) == 0
        assert len(fake.dms(ADA)) == told, "shard 1's process leaves the DM game alone"
    finally:
        await close_world(one)
    zero = await shard_process(path, setup, 0)
    try:
        await settle()
        assert await zero.bot.held_channels() == [str(CHANNEL_ID), dm]
        await zero.bot.scheduler.run_once()  # the first poll posts afresh what was never told
        await settle()
        fresh = fake.dms(ADA)[told:]
        assert fresh and any(m.files for m in fresh), "the table, posted afresh in the DM"
        # The deadline of the decision Ada now owes passes: shard 0's process applies it and says so in the DM.
        owed = await zero.service.game_info(channel_id=dm)
        assert owed.version > info.version and owed.to_decide
        zero.clock.now += timedelta(days=2)
        assert await poll(zero) >= 1
        timed_out = template_pattern("deadline.timed_out")
        assert any(timed_out.search(m.text()) for m in fake.dms(ADA)[told:])
        assert (await zero.service.game_info(game_id=owed.game_id)).version > owed.version
    finally:
        await close_world(zero)
