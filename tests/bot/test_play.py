"""Playing through the bot: prompts in DMs and ephemeral panels, /evolution move, refusals, stale buttons, closed
DMs, and Discord failures that must not touch the game, shown on the toy game (``tests/toy``): a secret pick both
players owe at once (prompted by DM), then the round's call, one player's. Played without resigning unless told, so
a player who owes nothing has nothing to do, as in a game without opportunities. The helpers find whose move it is
and play the first choice offered, so no test here follows any rule system's phase order. North Star's own menus
through the bot: tests/north_star/ui/test_play.py."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.panels import COLOUR, waiting_line
from renderer.theme import SEAT_COLOURS
from rules_core.engine import PublicView
from tests.bot.conftest import ADA, BEA, CY, STRANGER, World, integer, string
from tests.bot.driver import Driver, menu_items, menu_version
from tests.bot.fakes import CHANNEL_ID, GUILD_ID, Message, User, http_error, settle
from tests.discord_api.limits import IS_COMPONENTS_V2
from tests.toy.rules import ToySeat
from texts.messages import message

pytestmark = pytest.mark.usefixtures("toy")

#: The toy game's options here: nobody may resign, so nothing is open to a player who owes no decision.
QUIET = "resigning=off"
PLAYERS = (ADA, BEA, CY)


async def started(world: World, *others: User, computers: int = 0, options: str = QUIET) -> None:
    await world.lobby(ADA, *others, computers=computers, game="toy", options=options)
    await world.evo(ADA, "start")


def dm_prompt(world: World, user: User) -> Message:
    """``user``'s DM that offers choices now (the prompt of the secret pick, after the deal)."""
    (dm,) = [m for m in world.fake.dms(user) if menu_items(m)]
    return dm


def first_choice(world: World, user: User, panel: Message) -> dict[str, Any]:
    """The interaction of ``user`` making the first choice ``panel`` offers (a select's first option, or a button)."""
    item = menu_items(panel)[0]
    if item["type"] == 3:
        return world.fake.selection(user, panel, item["custom_id"], [item["options"][0]["value"]])
    return world.fake.press(user, panel, item["custom_id"])


async def choose(world: World, user: User, panel: Message) -> Message:
    """``user`` makes the first choice ``panel`` offers; the panel after."""
    await world.fake.dispatch(world.bot, first_choice(world, user, panel))
    return world.fake.messages[panel.id]


async def pick(world: World, user: User) -> Message:
    """``user`` makes their secret pick from the prompt in their DMs; the DM after it."""
    return await choose(world, user, dm_prompt(world, user))


async def after_the_picks(world: World) -> tuple[User, User]:
    """Both humans make their secret pick; returns (who owes the decision that follows, the other)."""
    for user in (ADA, BEA):
        await pick(world, user)
    (decision,) = (await world.info()).to_decide
    assert not decision.uses_secrets, "the secret pick is over"
    return (ADA, BEA) if decision.user_id == str(ADA.id) else (BEA, ADA)


async def open_hand(world: World, user: User) -> Message:
    interaction = await world.evo(user, "hand")
    return world.fake.reply(interaction)


def public_posts(world: World) -> list[Message]:
    return world.fake.channel_posts(CHANNEL_ID)


def status_title(round: int, phase: str) -> str:
    return message("toy.status.title", round=round, phase=message(f"toy.phase.{phase}"))


async def play(world: World, user: User, typed: str = "") -> str:
    """The first move the autocomplete of ``/evolution move`` offers for ``typed``, made; the answer's text."""
    choices = await world.fake.autocomplete(world.bot, user, "evolution", string("action", typed, focused=True),
                                            sub="move")  # fmt: skip
    assert choices, f"no move offered to {user.name}"
    return world.reply_text(await world.evo(user, "move", string("action", choices[0]["value"])))


async def until_due_to(world: World, user: User) -> None:
    """The others make the first move offered to them until a decision falls due to ``user`` (whatever the game's
    order of phases)."""
    players = {str(u.id): u for u in PLAYERS}
    for _ in range(50):
        info = await world.info()
        if any(d.user_id == str(user.id) for d in info.to_decide):
            return
        await play(world, players[str(info.to_decide[0].user_id)])
    raise AssertionError(f"no decision fell due to {user.name}")


async def test_a_secret_pick_is_made_from_the_prompt_in_the_dm(world: World) -> None:
    await started(world, BEA)
    status = public_posts(world)[-1]
    posts = len(public_posts(world))
    dm = await pick(world, ADA)
    mine = await world.service.private_view(channel_id=str(CHANNEL_ID), user_id=str(ADA.id))
    assert isinstance(mine, ToySeat)
    assert message("prompt.done", action=message("toy.stone", n=mine.pick)) in dm.text(), "her pick, in her DM"
    assert not menu_items(dm), "nothing more to choose until the others have picked"
    # The status post is edited (no new post, nobody pinged: Bea's pick is still the same decision).
    assert len(public_posts(world)) == posts
    assert message("toy.event.Picked", player="Ada") in world.fake.messages[status.id].text()
    assert len(world.fake.dms(ADA)) == 1, "the answer lives in the DM itself"


async def test_the_answer_to_a_pick_stays_when_the_player_may_still_resign(world: World) -> None:
    await started(world, BEA, options="")
    dm = await pick(world, ADA)
    assert message("prompt.done", action="").rstrip(".") in dm.text()
    assert message("prompt.retired") not in dm.text()


async def test_a_simultaneous_pick_does_not_make_the_other_prompt_stale(world: World) -> None:
    await started(world, BEA)
    bea_prompt = dm_prompt(world, BEA)
    await pick(world, ADA)
    dm = await pick(world, BEA)
    assert message("prompt.out_of_date") not in dm.text()
    assert (await world.info()).version == 2, "both picks landed"
    assert bea_prompt.id == dm.id


async def test_a_player_whose_turn_it_is_not_is_told_so(world: World) -> None:
    await started(world, BEA)
    turn, other = await after_the_picks(world)
    assert (
        await world.fake.autocomplete(world.bot, other, "evolution", string("action", "", focused=True), sub="move")
        == []
    )
    theirs = await world.fake.autocomplete(world.bot, turn, "evolution", string("action", "", focused=True), sub="move")
    version = (await world.info()).version
    reply = world.fake.reply(await world.evo(other, "move", string("action", theirs[0]["value"])))
    assert reply.audience == str(other.id)
    assert message("prompt.not_your_move") in reply.text()
    assert f"<@{turn.id}>" in reply.text()
    assert (await world.info()).version == version, "another player's move, typed, plays nothing"
    hand = await open_hand(world, other)
    assert not menu_items(hand) and f"<@{turn.id}>" in hand.text()


async def test_someone_without_a_seat_cannot_look_or_act(world: World) -> None:
    await started(world, BEA)
    post = public_posts(world)[-1]
    reply = world.fake.reply(await world.fake.click(world.bot, STRANGER, post, "evo:t:hand:1"))
    assert reply.text() == message("refusal.not_a_player") and reply.audience == str(STRANGER.id)
    reply = world.fake.reply(await world.evo(STRANGER, "move", string("action", "0:s1")))
    assert reply.text() == message("refusal.not_a_player")
    # The board is public: anyone may look.
    reply = world.fake.reply(await world.fake.click(world.bot, STRANGER, post, "evo:t:board:1"))
    assert reply.files and reply.audience == str(STRANGER.id)


async def test_a_button_from_an_older_version_says_so_and_shows_the_current_prompt(world: World) -> None:
    await started(world, BEA)
    turn, _ = await after_the_picks(world)
    panel = await open_hand(world, turn)
    old = world.fake.messages[panel.id].at(-1)
    # The player moves by command meanwhile; a decision of theirs falls due again.
    await play(world, turn)
    await until_due_to(world, turn)
    since = next(d.since_version for d in (await world.info()).to_decide if d.user_id == str(turn.id))
    version = (await world.info()).version
    await world.fake.click(world.bot, turn, old, menu_items(old)[-1]["custom_id"])
    assert (await world.info()).version == version, "a stale button plays nothing"
    now = world.fake.messages[panel.id]
    assert message("prompt.out_of_date") in now.text()
    assert {menu_version(i) for i in menu_items(now)} == {since}


async def test_hand_and_board_are_private_answers(world: World) -> None:
    await started(world, BEA)
    hand = await open_hand(world, ADA)
    assert hand.audience == str(ADA.id)
    assert message("hand.title") in hand.text()
    assert message("prompt.title", kind=message("toy.decision.pick")) in hand.text()
    reply = world.fake.reply(await world.evo(BEA, "board"))
    assert reply.audience == str(BEA.id) and reply.files[0][0] == "board.png"
    assert world.rendered, "the board was drawn"
    # Drawn for Bea's eyes (seat 1); a spectator's is the channel's.
    assert world.readers[-1] == 1
    await world.evo(STRANGER, "board")
    assert world.readers[-1] is None


async def test_mygames_lists_the_games_waiting_for_you(world: World) -> None:
    await started(world, BEA)
    text = world.fake.reply(await world.evo(ADA, "mygames")).text()
    assert f"<#{CHANNEL_ID}>" in text and message("toy.decision.pick") in text
    await pick(world, ADA)
    text = world.fake.reply(await world.evo(STRANGER, "mygames")).text()
    assert text == message("mygames.none")


async def test_mygames_lists_every_running_game_you_play_with_whose_move_and_a_link(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(world, BEA)
    await pick(world, ADA)
    info = await world.info()
    reply = world.fake.reply(await world.evo(ADA, "mygames"))
    waiting = waiting_line(info, info.to_decide, "en")
    line = message("mygames.other", channel=f"<#{CHANNEL_ID}>", game=info.game_id, waiting=waiting)
    assert reply.text() == "\n".join([message("mygames.title"), line]), "Ada owes nothing: whose move it is"
    assert reply.data["allowed_mentions"]["parse"] == [], "a list pings nobody"
    # Where the bot knows the channel's server, each game links to its status message.
    status = (await world.bot.announcer.posts(info.game_id)).status
    assert status is not None
    monkeypatch.setattr(world.bot, "get_channel", lambda _: SimpleNamespace(guild=SimpleNamespace(id=GUILD_ID)))
    text = world.fake.reply(await world.evo(BEA, "mygames")).text()
    url = f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{status}"
    assert text.endswith(message("mygames.jump", url=url))
    assert message("toy.decision.pick") in text.split("\n")[1], "Bea's own move"


async def test_in_the_bots_dms_mygames_answers_and_a_channel_command_says_where_it_works(world: World) -> None:
    await started(world, BEA)
    dm_channel = world.fake.dm_channel_of[ADA.id]

    async def in_dm(sub: str) -> str:
        interaction = await world.fake.command(world.bot, ADA, "evolution", sub=sub, channel_id=dm_channel)
        return world.fake.reply(interaction).text()

    assert f"<#{CHANNEL_ID}>" in await in_dm("mygames")
    for sub in ("status", "new", "history", "hand", "time pause"):
        assert await in_dm(sub) == message("refusal.guild_only"), sub


async def test_closed_dms_fall_back_to_my_hand_and_are_not_retried_until_the_player_returns(world: World) -> None:
    world.fake.closed_dms.add(BEA.id)
    await started(world, BEA, CY)
    notice = message("dm.closed", player=f"<@{BEA.id}>")
    # The phase's status message tells her where to play, and mentions her (she could not be told in her DMs).
    (status,) = [m for m in public_posts(world) if notice in m.text()]
    assert [b["custom_id"] for b in status.buttons()] == ["evo:t:hand:1", "evo:t:board:1"]
    assert status.data["allowed_mentions"]["users"] == [BEA.id]

    def dm_attempts() -> int:
        channel = world.fake.dm_channel_of[BEA.id]
        return sum(1 for r in world.fake.requests if r[1] == "POST" and r[2] == f"/channels/{channel}/messages")

    assert dm_attempts() == 1
    # Bea plays from "My hand" (its answer shows her pick: no DM for it) and so comes back to the bot.
    hand = world.fake.reply(await world.fake.click(world.bot, BEA, status, "evo:t:hand:1"))
    await choose(world, BEA, hand)
    assert dm_attempts() == 1
    await pick(world, ADA)
    await pick(world, CY)
    # A decision falls due to her in a later phase: she has used the bot since, so her DMs are tried once more.
    await until_due_to(world, BEA)
    assert dm_attempts() == 2
    assert world.fake.dms(CY) and all(m.audience == str(CY.id) for m in world.fake.dms(CY))
    await world.evo(BEA, "hand")
    await world.evo(BEA, "move", string("action", "x"))  # refused, but an interaction all the same
    world.fake.closed_dms.discard(BEA.id)
    choices = await world.fake.autocomplete(world.bot, BEA, "evolution", string("action", "", focused=True), sub="move")
    played = world.reply_text(await world.evo(BEA, "move", string("action", choices[0]["value"])))
    assert message("prompt.done", action=choices[0]["name"]) in played, "the answer to her move records it"
    assert dm_attempts() == 2, "no DM tells her own move again, and no decision fell due to her"


def refused_dms(world: World, user: User) -> int:
    """How many messages to ``user``'s DMs Discord refused with 403."""
    path = f"/channels/{world.fake.dm_channel_of[user.id]}/messages"
    return sum(1 for _, called, status, _ in world.fake.errors if called == path and status == 403)


async def test_closed_dms_are_tried_again_once_a_phase_however_often_the_player_plays(world: World) -> None:
    """Every move is a use of the bot: closed DMs are tried again once in a phase in which a decision falls due to
    the player, not at every move, and a refused try keeps them closed. (Three picks a round: a player owes three
    decisions in a row in one phase.)"""
    world.fake.closed_dms.add(BEA.id)
    await started(world, BEA, options=f"{QUIET} picks=3")
    assert refused_dms(world, BEA) == 1, "the deal and her pick's prompt"
    hand = await open_hand(world, BEA)
    await choose(world, BEA, hand)
    assert refused_dms(world, BEA) == 1, "her next pick is in the answer to it"
    # She is done picking and the others play on until a decision falls due to her in a later phase.
    while any(d.user_id == str(BEA.id) for d in (await world.info()).to_decide):
        await play(world, BEA)
    await until_due_to(world, BEA)
    assert refused_dms(world, BEA) == 2, "that decision's prompt: she had used the bot since"
    due = next(d for d in (await world.info()).to_decide if d.user_id == str(BEA.id))
    await play(world, BEA)
    again = next(d for d in (await world.info()).to_decide if d.user_id == str(BEA.id))
    assert (again.kind, again.since_version) == (due.kind, due.since_version + 1), "a new decision of hers"
    await play(world, BEA)
    assert refused_dms(world, BEA) == 2, "once in the phase, not at each of her moves"
    # She opens her DMs: nothing more is tried in this phase; in the next one that has a decision for her, it is,
    # and from then on every DM goes out.
    world.fake.closed_dms.discard(BEA.id)
    await play(world, BEA)
    assert not world.fake.dms(BEA)
    driver = Driver(world, [ADA, BEA], seed=2)
    while not world.fake.dms(BEA) and await driver.running():
        info = await world.info()
        await driver.turn(driver.users[str(info.to_decide[0].user_id)], "hand")
    assert world.fake.dms(BEA) and refused_dms(world, BEA) == 2
    assert not await world.bot.announcer.dms_closed(str(BEA.id))
    assert await world.service.dms_closed(user_id=str(BEA.id)) is None


async def test_closed_dms_are_tried_again_once_a_phase_also_when_her_decisions_fall_due_on_their_own(
    world: World,
) -> None:
    """Her decisions may fall due without a move of hers that answers with the next prompt (here her picks time
    out, one after another, four picks a round): her closed DMs are not tried until she uses the bot again, and then
    once in the phase however often she comes back."""
    world.fake.closed_dms.add(BEA.id)
    await world.lobby(ADA, BEA, game="toy", options=f"{QUIET} picks=4")
    await world.evo(ADA, "settings", string("decision_time", "1h"), integer("strikes", 5))
    await world.evo(ADA, "start")
    assert refused_dms(world, BEA) == 1, "the deal and her pick's prompt"
    for back, tried in ((False, 1), (True, 2), (True, 2)):
        if back:
            await open_hand(world, BEA)  # she uses the bot: her DMs may have been opened since
        world.clock.now += timedelta(hours=2)
        await world.bot.scheduler.run_once()
        await settle()
        view = await world.service.public_view(channel_id=str(CHANNEL_ID))
        assert (view.round, view.phase) == (1, "pick"), "her next pick fell due in the same phase"
        assert refused_dms(world, BEA) == tried


async def test_an_unexpected_error_is_logged_and_answered_with_an_apology(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(world, BEA)

    async def broken(**kwargs: Any) -> Any:
        raise RuntimeError("the database is on fire")

    monkeypatch.setattr(world.service, "prompt", broken)
    reply = world.fake.reply(await world.evo(ADA, "hand"))
    assert reply.text() == message("error.unexpected") and reply.audience == str(ADA.id)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is not None
    assert "/evolution hand" in errors[0].getMessage()
    caplog.clear()


async def test_discord_failures_never_change_or_stall_the_game(world: World) -> None:
    await started(world, BEA)
    channel_path = f"/channels/{CHANNEL_ID}/messages"
    world.fake.failures.append(
        lambda method, path: http_error(503, 0, "unavailable") if path.startswith(channel_path) else None
    )
    dm = await pick(world, ADA)
    assert message("prompt.done", action="").rstrip(".") in dm.text(), "answered although the channel is down"
    info = await world.info()
    assert [d.user_id for d in info.to_decide] == [str(BEA.id)]
    world.fake.failures.clear()
    # The status message was deleted meanwhile: the next update posts a new one.
    status = next(m for m in reversed(public_posts(world)) if m.files)
    del world.fake.messages[status.id]
    await pick(world, BEA)
    assert any(m.files for m in public_posts(world)), "a new status post with the board"
    assert (await world.info()).version == 2 and public_posts(world)[-1].id != status.id


async def test_rate_limited_dms_are_logged_not_fatal(world: World, caplog: pytest.LogCaptureFixture) -> None:
    world.fake.failures.append(
        lambda method, path: (
            http_error(429, 0, "rate limited")
            if re.fullmatch(r"/channels/\d+/messages", path) and not path.startswith(f"/channels/{CHANNEL_ID}")
            else None
        )
    )
    await started(world, BEA)
    assert (await world.info()).status == "running"
    assert any("direct message failed" in r.getMessage() for r in caplog.records)


async def test_a_pick_racing_another_pick_is_accepted_not_refused(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(world, BEA)
    original = world.service.submit
    calls: list[str] = []

    async def racing(**kwargs: Any) -> Any:
        calls.append(kwargs["user_id"])
        if len(calls) == 1:
            # Bea's pick lands between Ada reading the game and Ada submitting.
            legal = await world.service.legal_actions(channel_id=str(CHANNEL_ID), user_id=str(BEA.id))
            await original(
                channel_id=str(CHANNEL_ID), user_id=str(BEA.id), action=legal.actions[0], expected_version=legal.version
            )
        return await original(**kwargs)

    monkeypatch.setattr(world.service, "submit", racing)
    dm = await pick(world, ADA)
    # The prompt carries the version at which the pick fell due: still current after Bea's pick, so the service
    # takes it at once.
    assert calls == [str(ADA.id)]
    assert message("prompt.out_of_date") not in dm.text()
    assert (await world.info()).version == 2


async def test_a_failing_renderer_costs_the_image_not_the_post(world: World, caplog: pytest.LogCaptureFixture) -> None:
    def broken(view: PublicView, /, *, labels: Mapping[str, str] | None = None, reader: int | None = None) -> bytes:
        raise ValueError("no font")

    world.bot.announcer.render = broken
    await started(world, BEA)
    post = public_posts(world)[-1]
    assert not post.files and f"<@{ADA.id}>" in post.text()
    assert status_title(1, "pick") in post.text()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == ["drawing the board failed"]
    caplog.clear()


async def test_a_click_that_plays_costs_two_service_calls(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    await started(world, BEA)
    await pick(world, BEA)
    calls: list[str] = []
    for name in ("game_info", "prompt", "submit", "legal_actions", "public_view", "private_view", "history"):
        original = getattr(world.service, name)

        async def counted(*args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Any:
            calls.append(_name)
            return await _original(*args, **kwargs)

        monkeypatch.setattr(world.service, name, counted)
    await pick(world, ADA)
    # One call reads Ada's prompt, one plays; the answer, the channel's post and the next DMs come from the result.
    assert calls == ["prompt", "submit"]


async def test_simultaneous_picks_under_latency_both_land_and_the_channel_shows_the_latest(world: World) -> None:
    """Both players make their secret pick at the same moment, on a network where every request takes 0.3 s and the
    first answer to a pick 0.5 s more (delays vary): the first pick's answer finishes after the second's, so its
    announcement comes second. Both picks land, both are answered in time, and the channel shows the phase that
    began, not the table from between the picks (one pick seemingly lost)."""
    await started(world, BEA)
    answers: list[str] = []

    def latency(method: str, path: str) -> float:
        if method == "PATCH" and path.endswith("/messages/@original"):
            answers.append(path)
            if len(answers) == 1:
                return 0.8
        return 0.3

    world.fake.latency = latency
    prompts = [dm_prompt(world, user) for user in (ADA, BEA)]
    picks = [first_choice(world, user, dm) for user, dm in zip((ADA, BEA), prompts, strict=True)]
    await world.fake.dispatch_together(world.bot, picks)
    assert len(answers) == 2
    for dm in prompts:
        assert message("prompt.done", action="").rstrip(".") in world.fake.messages[dm.id].text()
    (decision,) = (await world.info()).to_decide
    status = public_posts(world)[-1]
    assert status_title(1, "call") in status.text()
    assert message("toy.decision.pick") not in status.text()
    assert f"<@{decision.user_id}>" in status.text()


async def test_the_status_message_is_one_card_with_the_board_the_moves_and_the_buttons(world: World) -> None:
    """Discord's layout components (issue 30): the phase, whose move it is, the board, the phase's moves and the
    table's buttons in one container, edited in place as the phase goes on."""
    await started(world, BEA)
    (status,) = [p for p in public_posts(world) if p.data.get("flags", 0) & IS_COMPONENTS_V2]
    # Both pick at once: the bot's own colour on the card's edge; then only Bea (seat 1): hers, as the board draws it.
    assert status.components[0]["accent_color"] == COLOUR.value
    await pick(world, ADA)
    (status,) = [p for p in public_posts(world) if p.data.get("flags", 0) & IS_COMPONENTS_V2]
    assert not status.content and not status.embeds
    (container,) = status.components
    assert container["type"] == 17 and container["accent_color"] == discord.Colour.from_rgb(*SEAT_COLOURS[1]).value
    kinds = [c["type"] for c in container["components"]]
    assert kinds == [10, 10, 12, 10, 10, 1], "title, whose move, board, moves, notes, buttons"
    title, waiting, _, moves, notes = (c.get("content") for c in container["components"][:5])
    assert title == "## " + status_title(1, "pick")
    assert f"<@{BEA.id}>" in (waiting or "") and f"<@{ADA.id}>" not in (waiting or "")
    assert (moves or "").endswith(message("toy.event.Picked", player="Ada"))
    assert (notes or "").startswith("-# " + message("footer.game", game=(await world.info()).game_id))
    assert container["components"][2]["items"][0]["media"]["url"] == "attachment://board.png"
    assert status.files and status.files[0][0] == "board.png"
    assert [b["label"] for b in status.buttons()] == [message("button.hand"), message("button.board")]
