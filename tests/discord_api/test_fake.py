"""The fake Discord refuses what real Discord would refuse, keeps the refusal, and answers a reference to something
that is not there with Discord's error."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import Route

import bot.cogs.rules
from tests.bot.conftest import ADA, close_world, open_world, string
from tests.bot.fakes import BOT_ID, CHANNEL_ID, EPHEMERAL, OTHER_CHANNEL_ID, FakeDiscord, Interaction
from tests.discord_api.limits import IS_COMPONENTS_V2
from tests.discord_api.validate import Refused

MESSAGE = "/channels/{channel_id}/messages/{message_id}"


def channel_post(**values: Any) -> Route:
    return Route("POST", "/channels/{channel_id}/messages", **{"channel_id": CHANNEL_ID, **values})


async def posted(fake: FakeDiscord, content: str = "hello") -> int:
    return int((await fake.http_request(channel_post(), json={"content": content}))["id"])


def opened(fake: FakeDiscord) -> Interaction:
    """An interaction the fake has handed the bot (a slash command in the channel)."""
    payload = fake._base(2, ADA, {"id": "1", "name": "evolution", "type": 1})
    return fake.interactions[payload["token"]]


def webhook(method: str, path: str, interaction: Interaction, **values: Any) -> Route:
    return Route(method, path, webhook_id=BOT_ID, webhook_token=interaction.token, **values)


async def test_a_request_discord_would_refuse_raises_and_is_kept() -> None:
    fake = FakeDiscord()
    with pytest.raises(Refused) as raised:
        await fake.http_request(channel_post(), json={"content": "c" * 2001})
    assert isinstance(raised.value, AssertionError)
    assert "content: at most 2000 characters [docs]" in str(raised.value)
    assert [v.where for v in fake.refused] == [v.where for v in raised.value.violations] and fake.refused
    assert not fake.messages, "nothing was posted"


async def test_a_route_the_fake_does_not_answer_fails_plainly() -> None:
    fake = FakeDiscord()
    with pytest.raises(AssertionError, match="the fake Discord does not answer GET /channels/"):
        await fake.http_request(Route("GET", "/channels/{channel_id}/pins", channel_id=CHANNEL_ID))


async def test_an_unknown_message_is_10008() -> None:
    fake = FakeDiscord()
    message_id = await posted(fake)
    for method, channel, target in [
        ("PATCH", CHANNEL_ID, message_id + 1),
        ("DELETE", CHANNEL_ID, message_id + 1),
        ("PATCH", OTHER_CHANNEL_ID, message_id),
    ]:
        route = Route(method, MESSAGE, channel_id=channel, message_id=target)
        with pytest.raises(discord.NotFound) as raised:
            await fake.http_request(route, json={"content": "edited"} if method == "PATCH" else None)
        assert raised.value.code == 10008
    await fake.http_request(Route("DELETE", MESSAGE, channel_id=CHANNEL_ID, message_id=message_id))
    assert message_id not in fake.messages


async def test_an_ephemeral_reply_is_out_of_reach_of_the_channel_routes() -> None:
    fake = FakeDiscord()
    interaction = opened(fake)
    callback = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    answer = {"type": 4, "data": {"content": "only you", "flags": EPHEMERAL}}
    await fake.webhook_request(callback, answer, None, params={"with_response": "1"})
    reply = fake.messages[interaction.original or 0]
    assert reply.ephemeral and reply.audience == str(ADA.id)
    with pytest.raises(discord.NotFound) as raised:
        await fake.http_request(Route("PATCH", MESSAGE, channel_id=CHANNEL_ID, message_id=reply.id), json={})
    assert raised.value.code == 10008
    edit = webhook("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", interaction)
    await fake.webhook_request(edit, {"content": "still only you"}, None)
    assert reply.content == "still only you"
    with pytest.raises(discord.HTTPException) as again:
        await fake.webhook_request(callback, answer, None)
    assert again.value.code == 40060


async def test_an_unknown_channel_is_10003() -> None:
    with pytest.raises(discord.NotFound) as raised:
        await FakeDiscord().http_request(channel_post(channel_id=CHANNEL_ID + 99), json={"content": "x"})
    assert raised.value.code == 10003


async def test_a_token_reaches_only_its_own_interaction_and_messages() -> None:
    fake = FakeDiscord()
    interaction = opened(fake)
    stranger = interaction.token + "0"
    unknown = Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=BOT_ID, webhook_token=stranger)
    with pytest.raises(discord.NotFound) as raised:
        await fake.webhook_request(unknown, {"content": "x"}, None)
    assert raised.value.code == 10015
    callback = Route(
        "POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=1, webhook_token=stranger
    )
    with pytest.raises(discord.NotFound) as raised:
        await fake.webhook_request(callback, {"type": 5}, None)
    assert raised.value.code == 10062
    other = await posted(fake)
    edit = webhook(
        "PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", interaction, message_id=other
    )
    with pytest.raises(discord.NotFound) as raised:
        await fake.webhook_request(edit, {"content": "not mine"}, None)
    assert raised.value.code == 10008


async def test_a_bot_that_catches_the_refusal_is_still_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's error handler swallows the failed reply, but the fake keeps what Discord would have refused."""
    original = bot.cogs.rules.entry_embed

    def one_over(entry: Any) -> discord.Embed:
        embed = original(entry)
        embed.description = "d" * 4097
        return embed

    monkeypatch.setattr(bot.cogs.rules, "entry_embed", one_over)
    world = await open_world(tmp_path / "games.db")
    try:
        await world.fake.command(world.bot, ADA, "rules", string("trait", "long_neck"))
    finally:
        await close_world(world)
    found = {(v.where, v.rule.split(" [")[0]) for v in world.fake.refused}
    assert found == {("data.embeds[0].description", "at most 4096 characters")}


def callback_route(interaction: Interaction) -> Route:
    return Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )


async def test_an_initial_response_after_three_seconds_is_10062_and_kept_as_refused() -> None:
    fake = FakeDiscord()
    interaction = opened(fake)
    interaction.created -= 3.2  # made 3.2 s ago by the event loop's clock (a loaded machine may add a little)
    with pytest.raises(discord.NotFound) as raised:
        await fake.webhook_request(callback_route(interaction), {"type": 5}, None)
    assert raised.value.code == 10062
    assert [(v.where, re.sub(r"3\.\d\d s", "3.2x s", v.rule.split(" (")[0])) for v in fake.refused] == [
        ("interaction", "the initial response came 3.2x s after the interaction")
    ]
    assert interaction.response_type is None, "nothing was answered"
    # Within 3 seconds it is taken (2.5 s ago: room for a loaded machine's pause before the request).
    fake.refused.clear()
    prompt = opened(fake)
    prompt.created -= 2.5
    await fake.webhook_request(callback_route(prompt), {"type": 5}, None)
    assert prompt.response_type == 5 and not fake.refused


async def test_follow_ups_and_edits_work_for_fifteen_minutes_then_get_401() -> None:
    fake = FakeDiscord()
    interaction = opened(fake)
    await fake.webhook_request(callback_route(interaction), {"type": 5, "data": {"flags": EPHEMERAL}}, None)
    interaction.created -= 14 * 60
    followup = webhook("POST", "/webhooks/{webhook_id}/{webhook_token}", interaction)
    await fake.webhook_request(followup, {"content": "in time"}, None)
    interaction.created -= 2 * 60
    edit = webhook("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", interaction)
    with pytest.raises(discord.HTTPException) as raised:
        await fake.webhook_request(edit, {"content": "too late"}, None)
    assert (raised.value.status, raised.value.code) == (401, 50027)
    assert [v.where for v in fake.refused] == ["interaction"]
    assert fake.messages[interaction.original or 0].content == "in time"


async def test_latency_delays_every_request_on_the_event_loops_clock_and_errors_are_kept() -> None:
    fake = FakeDiscord()
    fake.latency = 0.2
    loop = asyncio.get_running_loop()
    start = loop.time()
    await posted(fake)
    with pytest.raises(discord.NotFound):
        await fake.http_request(channel_post(channel_id=CHANNEL_ID + 99), json={"content": "x"})
    assert loop.time() - start >= 0.4
    assert fake.errors == [("POST", f"/channels/{CHANNEL_ID + 99}/messages", 404, 10003)]
    # Each request its own delay, by method and path.
    asked: list[tuple[str, str]] = []

    def latency(method: str, path: str) -> float:
        asked.append((method, path))
        return 0.3 if method == "POST" else 0.0

    fake.latency = latency
    start = loop.time()
    await posted(fake)
    assert loop.time() - start >= 0.3 and asked == [("POST", f"/channels/{CHANNEL_ID}/messages")]
    # A defer that takes longer to reach Discord than its 3 seconds is late, however quickly the bot sent it.
    fake.latency = 0.0
    interaction = opened(fake)
    interaction.created -= 2.95
    fake.latency = 0.1
    with pytest.raises(discord.NotFound):
        await fake.webhook_request(callback_route(interaction), {"type": 5}, None)
    assert [v.where for v in fake.refused] == ["interaction"]


async def test_the_bot_defers_in_time_under_latency(tmp_path: Path) -> None:
    """With every request taking a second to reach Discord, the bot's first answer (its defer) still comes in time
    and the slow work follows."""
    world = await open_world(tmp_path / "games.db")
    try:
        world.fake.latency = 1.0
        interaction = await world.fake.command(world.bot, ADA, "evolution", sub="new")
        assert interaction.response_type == 5 and world.fake.reply(interaction).audience == str(ADA.id)
        assert world.fake.channel_posts(), "the lobby was posted"
    finally:
        await close_world(world)
    assert not world.fake.refused


async def test_an_edit_to_layout_components_must_clear_the_text_and_embeds_and_keeps_the_flag() -> None:
    fake = FakeDiscord()
    message_id = await posted(fake, "an old prompt")
    edit = Route("PATCH", MESSAGE, channel_id=CHANNEL_ID, message_id=message_id)
    card = {"flags": IS_COMPONENTS_V2, "components": [{"type": 10, "content": "a card"}]}
    with pytest.raises(Refused, match="keeps no content or embeds"):
        await fake.http_request(edit, json=card)
    await fake.http_request(edit, json={**card, "content": None, "embeds": []})
    assert fake.messages[message_id].layout_text() == ["a card"] and not fake.messages[message_id].content
    with pytest.raises(Refused, match="IS_COMPONENTS_V2 cannot be removed"):
        await fake.http_request(edit, json={"flags": 0, "content": "back to text", "components": []})
    assert len(fake.refused) == 2
