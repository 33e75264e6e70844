"""A game survives Discord's failures: a move is announced whatever happened to the mover's answer, a game whose
announcement was lost is posted afresh once Discord answers again, a player whose DMs are closed always has a way
to act, and closed DMs are pointed out at most once a phase (issue 21, "Discord"). Shown on the toy game
(``tests/toy``), as ``tests/bot/test_play.py`` plays it."""

from __future__ import annotations

import logging
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.bot.channel_log import pings
from tests.bot.conftest import ADA, BEA, World, close_world, open_world
from tests.bot.driver import Driver, menu_items, menu_version
from tests.bot.fakes import CHANNEL_ID, FakeDiscord, http_error, settle
from tests.bot.test_play import QUIET, after_the_picks, choose, pick, play, public_posts, started
from texts.messages import message

pytestmark = pytest.mark.usefixtures("toy")


async def world_lobby_started(world: World, options: str) -> None:
    await world.lobby(ADA, BEA, game="toy", options=options)
    await world.evo(ADA, "start")


def prompt_title(kind: str) -> str:
    """The head of the prompt of a decision of ``kind``."""
    return message("prompt.title", kind=message(f"toy.decision.{kind}"))


async def test_a_move_is_announced_even_when_the_answer_to_its_player_fails(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    await started(world, BEA)
    await pick(world, BEA)
    posts = len(public_posts(world))
    # Discord refuses every answer to an interaction from now on (the edit of Ada's prompt, the apology too).
    world.fake.failures.append(lambda method, path: http_error(500, 0, "down") if "/webhooks/" in path else None)
    await pick(world, ADA)
    info = await world.info()
    assert info.version == 2, "the move was made"
    # The channel heard of it, and the player whose move it now is got their prompt by DM.
    assert len(public_posts(world)) > posts
    turn = info.to_decide[0].user_id
    assert any(m.selects() or m.buttons() for m in world.fake.dms(ADA if turn == str(ADA.id) else BEA)[1:])
    assert any("could not answer" in r.getMessage() for r in caplog.records)


async def test_a_game_whose_posts_were_lost_is_posted_afresh_when_discord_recovers(world: World) -> None:
    await started(world, BEA)
    turn, other = await after_the_picks(world)
    # Discord is down for every post and DM: the next move is committed, its announcement lost, and with it the
    # other player's prompt of the secret decision that fell due to them.
    world.fake.failures.append(
        lambda method, path: (
            http_error(503, 0, "unavailable") if re.fullmatch(r"/channels/\d+/messages.*", path) else None
        )
    )
    posts, dms = len(public_posts(world)), len(world.fake.dms(other))
    await play(world, turn)
    assert len(public_posts(world)) == posts and len(world.fake.dms(other)) == dms
    info = await world.info()
    due = next(d for d in info.to_decide if d.user_id == str(other.id))
    assert due.uses_secrets and due.since_version == info.version, "a secret decision fell due to the other player"
    # Discord is back: the scheduler's next poll posts the table afresh, with "My hand" and the prompt by DM.
    world.fake.failures.clear()
    await world.bot.scheduler.run_once()
    fresh = public_posts(world)[posts:]
    assert fresh and any(b["custom_id"].startswith("evo:t:hand:") for m in fresh for b in m.buttons())
    (prompt,) = world.fake.dms(other)[dms:]
    assert prompt_title(due.kind) in prompt.text()
    assert {menu_version(i) for i in menu_items(prompt)} == {due.since_version}
    # Once posted, nothing is posted again by the next poll.
    await world.bot.scheduler.run_once()
    assert len(public_posts(world)) == posts + len(fresh)


async def test_a_player_with_closed_dms_can_act_after_every_post_was_deleted(world: World) -> None:
    world.fake.closed_dms.add(BEA.id)
    await started(world, BEA)
    # Somebody deletes every message of the channel.
    for posted in public_posts(world):
        del world.fake.messages[posted.id]
    # /evolution hand needs no post: Bea makes her pick from it.
    hand = world.fake.reply(await world.evo(BEA, "hand"))
    await choose(world, BEA, hand)
    assert all(d.user_id != str(BEA.id) for d in (await world.info()).to_decide)
    # The status message is gone: the next announcement posts a fresh one, with its "My hand" button.
    await pick(world, ADA)
    latest = world.fake.channel_posts(CHANNEL_ID)[-1]
    assert any(b["custom_id"].startswith("evo:t:hand:") for b in latest.buttons())


async def test_closed_dms_are_pointed_out_and_tried_again_at_most_once_a_phase(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A whole game in which Bea's DMs stay closed and she plays every move from "My hand": the channel tells her at
    most once a phase, and her DMs are tried again at most once a phase (each refusal counts against the bot's
    invalid-request limit; each of her moves used to clear the mark). Two picks a round, so she owes several
    decisions in some phases."""
    caplog.set_level(logging.DEBUG, logger="bot")
    world.fake.closed_dms.add(BEA.id)
    await world.lobby(ADA, BEA, game="toy", options=f"{QUIET} rounds=6 picks=2")
    await world.evo(ADA, "start")
    driver = Driver(world, [ADA, BEA], seed=5)
    refused_in: Counter[tuple[int, str]] = Counter()
    while await driver.running():
        info = await world.info()
        humans = [d for d in info.to_decide if d.user_id is not None]
        decision = driver.rng.choice(humans)
        before = len(world.fake.errors)
        await driver.turn(driver.users[str(decision.user_id)], "hand")
        view = await world.service.public_view(channel_id=str(CHANNEL_ID), game_id=info.game_id)
        refused_in[(view.round, view.phase)] += sum(1 for e in world.fake.errors[before:] if e[2] == 403)
    history = await world.service.history(game_id=info.game_id)
    phases = {(e.public_view.round, e.public_view.phase) for e in history.entries if e.public_view is not None}
    notice = message("dm.closed", player=f"<@{BEA.id}>")
    notices = [m for m in world.fake.channel_posts() if notice in m.text()]
    assert 1 <= len(notices) <= len(phases), (len(notices), len(phases))
    assert max(refused_in.values()) == 1, refused_in
    assert sum(refused_in.values()) <= len(phases)
    assert not world.fake.dms(BEA)


CRASHES = [
    pytest.param(f"{QUIET} picks=2", id="a secret decision"),
    pytest.param(QUIET, id="another decision"),
]


async def moved_but_never_told(path: Path, options: str) -> tuple[FakeDiscord, int]:
    """A game on ``path`` where Bea has picked and Ada's pick reaches the service, then the process dies before the
    bot says anything of it: the fake Discord and the game's id, for the next process."""
    first = await open_world(path)
    await world_lobby_started(first, options)
    await pick(first, BEA)
    fake, game_id = first.fake, first.game_id
    legal = await first.service.legal_actions(channel_id=str(CHANNEL_ID), user_id=str(ADA.id))
    await first.service.submit(channel_id=str(CHANNEL_ID), user_id=str(ADA.id), action=legal.actions[0],
                               expected_version=legal.version)  # fmt: skip
    await close_world(first)
    assert game_id is not None
    return fake, game_id


@pytest.mark.parametrize("options", CRASHES)
async def test_a_move_committed_but_never_told_before_a_crash_is_posted_after_the_restart(
    tmp_path: Path, options: str
) -> None:
    """The process stopped between a move's commit and its announcement: the next process finds the game ahead of
    what was told, and its scheduler's first poll posts the table afresh, with the prompt to whoever now owes it:
    Ada, after her pick (with two picks a round, her second; with one, the call, which uses no secret)."""
    path = tmp_path / "games.db"
    fake, game_id = await moved_but_never_told(path, options)
    posts, dms = len(fake.channel_posts(CHANNEL_ID)), len(fake.dms(ADA))
    second = await open_world(path, fake)
    second.game_id = game_id
    try:
        await settle()  # the restart's resume and catch-up
        await second.bot.scheduler.run_once()
        fresh = fake.channel_posts(CHANNEL_ID)[posts:]
        assert fresh and any(b["custom_id"].startswith("evo:t:hand:") for m in fresh for b in m.buttons())
        assert (await second.info()).version == 2
        due = next(d for d in (await second.info()).to_decide if d.user_id == str(ADA.id))
        (prompt,) = fake.dms(ADA)[dms:]
        assert prompt_title(due.kind) in prompt.text()
        await second.check_privacy()
    finally:
        await close_world(second)
    # A third process finds nothing behind: it posts nothing.
    third = await open_world(path, fake)
    try:
        await settle()
        await third.bot.scheduler.run_once()
        assert len(fake.channel_posts(CHANNEL_ID)) == posts + len(fresh)
    finally:
        await close_world(third)


async def test_after_a_crash_a_player_with_closed_dms_who_owes_a_decision_is_mentioned(tmp_path: Path) -> None:
    """As above, the call (no secret) falls due to Ada in a move never told; her DMs are closed by the time the next
    process recovers the game: the channel mentions her, and notifies her, once."""
    path = tmp_path / "games.db"
    fake, game_id = await moved_but_never_told(path, QUIET)
    fake.closed_dms.add(ADA.id)
    posts = len(fake.channel_posts(CHANNEL_ID))
    second = await open_world(path, fake)
    second.game_id = game_id
    try:
        await settle()
        await second.bot.scheduler.run_once()
        fresh = fake.channel_posts(CHANNEL_ID)[posts:]
        assert [m for m in fresh if pings(m.data, str(ADA.id))], [m.text() for m in fresh]
        assert not [m for m in fresh if pings(m.data, str(BEA.id))], "Bea owes nothing"
        await second.check_privacy()
    finally:
        await close_world(second)


@pytest.mark.parametrize("status", [500, 404])
async def test_a_mover_whose_answer_failed_gets_their_next_prompt_by_dm(world: World, status: int) -> None:
    """The last secret pick is made by the player who calls next (the round's caller, Ada in round 1): her next
    prompt would have been in the answer to the pick. Discord refuses that answer (a 5xx, or a 404 for a message
    deleted meanwhile): the prompt comes by DM, and the channel says the phase began and whose move it is."""
    await started(world, BEA)
    await pick(world, BEA)
    # Ada's pick ends the picking, and the call is hers.
    world.fake.failures.append(
        lambda method, path: (
            http_error(status, 0 if status == 500 else 10008, "refused")
            if method == "PATCH" and "/webhooks/" in path
            else None
        )
    )
    dms, sent = len(world.fake.dms(ADA)), len(world.fake.sent)
    await pick(world, ADA)
    info = await world.info()
    (decision,) = info.to_decide
    assert decision.user_id == str(ADA.id)
    assert message("prompt.done", action="").rstrip(".") not in world.fake.dms(ADA)[0].text(), "her answer was refused"
    (prompt,) = world.fake.dms(ADA)[dms:]
    assert prompt_title(decision.kind) in prompt.text()
    assert {menu_version(i) for i in menu_items(prompt)} == {decision.since_version}
    status_post = public_posts(world)[-1]
    assert message("toy.phase.call") in status_post.text() and f"<@{ADA.id}>" in status_post.text()
    # Her click was answered with an apology in its place (the follow-up worked).
    assert [s.message.text() for s in world.fake.sent[sent:] if s.message.kind == "followup"] == [
        message("error.discord")
    ]
    # The prompt that came by DM plays.
    world.fake.failures.clear()
    await Driver(world, [ADA, BEA]).walk(ADA, prompt)
    assert (await world.info()).version > info.version
