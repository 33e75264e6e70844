"""The fake Discord refuses what real Discord would refuse, keeps the refusal, and answers a reference to something
that is not there with Discord's error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import Route

import bot.cogs.rules
from tests.bot.conftest import ADA, close_world, open_world, string
from tests.bot.fakes import BOT_ID, CHANNEL_ID, EPHEMERAL, OTHER_CHANNEL_ID, FakeDiscord, Interaction
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
