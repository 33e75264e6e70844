"""Who may act, and where: every component acts only on the game of the channel it was used in (a DM only on the
clicker's own seat), only for a player of that game, only on their turn and only with what they hold. Each case is
tried as a modified client would send it (any custom id, from any channel of any server), and each must end in a
specific private refusal with the game unchanged. Shown on the toy game (``tests/toy``) without resigning, so the
secret pick is all a player has to answer at the start."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass

import pytest

from tests.bot.conftest import ADA, BEA, CY, MOD, STRANGER, World
from tests.bot.driver import menu_items
from tests.bot.fakes import CHANNEL_ID, OTHER_CHANNEL_ID, Interaction, Message, User, text_of
from tests.bot.test_play import QUIET
from tests.toy.rules import ToySeat
from texts.messages import message

pytestmark = pytest.mark.usefixtures("toy")

#: A channel of another server, where MOD manages channels too.
FOREIGN_GUILD_ID = 2_000_000_000_000_009
FOREIGN_CHANNEL_ID = 3_000_000_000_000_009


@dataclass(frozen=True)
class Place:
    """Where a click comes from: a channel (of this server or another) or the clicker's DM with the bot."""

    name: str
    channel_id: int | None = None
    guild_id: int | None = None

    def channel(self, world: World, user: User) -> int:
        return world.fake.dm_channel_id(user) if self.channel_id is None else self.channel_id


ELSEWHERE = (
    Place("another channel", OTHER_CHANNEL_ID),
    Place("another server", FOREIGN_CHANNEL_ID, FOREIGN_GUILD_ID),
    Place("a direct message"),
)


async def forged(
    world: World, user: User, post: Message, custom_id: str, place: Place, values: list[str] | None = None
) -> Interaction:
    kwargs = {} if place.guild_id is None else {"guild_id": place.guild_id}
    return await world.fake.forged(
        world.bot, user, post, custom_id, values=values, channel_id=place.channel(world, user), **kwargs
    )


async def unchanged(world: World, act: Awaitable[Interaction], user: User, *keys: str) -> str:
    """Await ``act`` (a coroutine runs only when awaited, so after the snapshot): the answer is private to ``user``
    and is one of the refusals ``keys``, and the game, its channel and everybody's DMs are as they were."""
    before = await world.info()
    posts = [(m.id, len(m.versions)) for m in world.fake.channel_posts()]
    dms = {u.id: len(world.fake.dms(u)) for u in (ADA, BEA, CY, MOD, STRANGER)}
    reply = world.fake.reply(await act)
    assert reply.audience == str(user.id), reply.text()
    assert any(message(key).split("{")[0] in reply.text() for key in keys), (reply.text(), keys)
    after = await world.info()
    assert (after.version, after.status, after.players) == (before.version, before.status, before.players)
    assert [(m.id, len(m.versions)) for m in world.fake.channel_posts()] == posts
    assert {u.id: len(world.fake.dms(u)) for u in (ADA, BEA, CY, MOD, STRANGER)} == dms
    return reply.text()


async def started(world: World) -> None:
    """Ada's and Bea's toy game, started: each owes their secret pick, prompted by DM."""
    await world.lobby(ADA, BEA, options=QUIET)
    await world.evo(ADA, "start")


def secret_prompt(world: World, user: User) -> Message:
    """``user``'s DM prompt of their secret pick."""
    (dm,) = [m for m in world.fake.dms(user) if menu_items(m)]
    return dm


@pytest.mark.parametrize("place", ELSEWHERE, ids=lambda p: p.name)
@pytest.mark.parametrize(("verb", "user"), [("join", CY), ("leave", BEA), ("bot", MOD), ("start", MOD), ("start", ADA)])
async def test_a_lobby_button_used_elsewhere_acts_on_nothing(world: World, place: Place, verb: str, user: User) -> None:
    lobby = await world.lobby(ADA, BEA, options=QUIET)
    custom_id = f"evo:l:{verb}:{world.game_id}"
    await unchanged(
        world,
        forged(world, user, lobby, custom_id, place),
        user,
        "refusal.no_game_here",
        "refusal.guild_only",
    )
    assert [p.name for p in (await world.info()).players] == ["Ada", "Bea"]


@pytest.mark.parametrize("place", ELSEWHERE[:2], ids=lambda p: p.name)
@pytest.mark.parametrize("verb", ["hand", "board"])
async def test_a_table_button_used_in_another_channel_shows_nothing(world: World, place: Place, verb: str) -> None:
    await started(world)
    status = [m for m in world.fake.channel_posts() if m.files][-1]
    text = await unchanged(
        world,
        forged(world, ADA, status, f"evo:t:{verb}:{world.game_id}", place),
        ADA,
        "refusal.no_game_here",
    )
    assert "Game" not in text


async def test_the_hand_button_in_a_direct_message_shows_no_hand(world: World) -> None:
    """The "My hand" button is the channel's way to a hand; a DM has the prompt itself."""
    await started(world)
    status = [m for m in world.fake.channel_posts() if m.files][-1]
    for user in (STRANGER, MOD, ADA):
        await unchanged(
            world,
            forged(world, user, status, f"evo:t:hand:{world.game_id}", ELSEWHERE[2]),
            user,
            "refusal.guild_only",
        )


async def test_a_prompt_used_by_another_or_elsewhere_or_forged_is_refused(world: World) -> None:
    await started(world)
    ada_dm = secret_prompt(world, ADA)
    custom_id = menu_items(ada_dm)[0]["custom_id"]
    # Bea (who owes her own pick), a stranger and an admin, each in their own DM, with Ada's first stone.
    for user, key in ((BEA, "prompt.unavailable"), (STRANGER, "refusal.not_a_player"), (MOD, "refusal.not_a_player")):
        await unchanged(world, forged(world, user, ada_dm, custom_id, ELSEWHERE[2]), user, key)
    # Ada herself, from another channel or server: that channel has no game.
    for place in ELSEWHERE[:2]:
        await unchanged(world, forged(world, ADA, ada_dm, custom_id, place), ADA, "refusal.no_game_here")
    # A stone Ada does not hold, and a menu path that is no move at all, on her prompt's own game and version: as
    # a button of that path, and as a select of her prompt's first menu with that value.
    head = custom_id.rsplit(":", 1)[0]
    paths = {str(item["custom_id"]).rsplit(":", 1)[1] for item in menu_items(ada_dm)}
    not_hers = next(f"s{n}" for n in range(1, 200) if f"s{n}" not in paths)
    longest = "/".join([not_hers] * ((100 - len(head)) // (len(not_hers) + 1)))
    for path in (not_hers, longest):
        await unchanged(world, forged(world, ADA, ada_dm, f"{head}:{path}", ELSEWHERE[2]), ADA, "prompt.unavailable")
    _, _, game, version, _, _ = custom_id.split(":")
    select = f"evo:s:c:{game}:{version}:"
    for value in (not_hers, "zz", "c" * 90):
        await unchanged(world, forged(world, ADA, ada_dm, select, ELSEWHERE[2], [value]), ADA, "prompt.unavailable")
    # The real choice still works afterwards.
    await world.fake.click(world.bot, ADA, ada_dm, custom_id)
    assert not menu_items(world.fake.messages[ada_dm.id])
    assert (await world.info()).version == 1


async def test_a_prompt_used_on_a_public_message_is_answered_privately(world: World) -> None:
    """Discord delivers a prompt's click on a message of the game channel (a copied custom id): the answer is a
    new ephemeral message, and the public message is left as it was, never showing the clicker's hand."""
    await started(world)
    ada_dm = secret_prompt(world, ADA)
    choice = menu_items(ada_dm)[0]
    status = [m for m in world.fake.channel_posts() if m.files][-1]
    shown = len(status.versions)
    # The prompt's first menu, from a button that only shows it.
    since = (await world.info()).to_decide[0].since_version
    reply = world.fake.reply(await world.fake.forged(world.bot, ADA, status, f"evo:m:{world.game_id}:{since}:0:"))
    assert reply.audience == str(ADA.id) and reply.ephemeral
    assert message("hand.title") in reply.text() and menu_items(reply)
    assert len(world.fake.messages[status.id].versions) == shown, "the status post was not edited"
    # The pick itself, from its button: played by its seat's holder, answered privately.
    interaction = await world.fake.forged(world.bot, ADA, status, choice["custom_id"])
    reply = world.fake.reply(interaction)
    assert reply.audience == str(ADA.id) and reply.ephemeral
    mine = await world.service.private_view(channel_id=str(CHANNEL_ID), user_id=str(ADA.id))
    assert isinstance(mine, ToySeat) and mine.pick is not None
    picked = message("toy.stone", n=mine.pick)
    assert message("prompt.done", action=picked) in reply.text(), "her pick, told to her alone"
    assert [d.user_id for d in (await world.info()).to_decide] == [str(BEA.id)]
    for version in world.fake.messages[status.id].versions:
        text = text_of(version)
        assert message("hand.title") not in text and picked not in text and "evo:m:" not in text
    await world.check_privacy()


async def test_a_forged_button_of_no_known_form_is_refused(world: World) -> None:
    await started(world)
    ada_dm = secret_prompt(world, ADA)
    head = str(menu_items(ada_dm)[0]["custom_id"]).rsplit(":", 1)[0]
    await unchanged(world, forged(world, ADA, ada_dm, f"{head}:zz", ELSEWHERE[2]), ADA, "prompt.unavailable")
