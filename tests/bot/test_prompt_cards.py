"""A player's prompt is one card of Discord's layout components (issue 30), wherever it is shown: the DM, "My hand"
(also the fallback of a player whose DMs are closed) and every menu step after a click. The card is edged in the
player's own seat colour and holds the header (which game, the decision and its deadline), the hand, the question
with its choices' effects, and the selects and buttons. A prompt sent as an embed by an older bot still works, and
becomes a card when it is edited (the fake Discord refuses an edit that leaves it text or embeds). Shown on the toy
game (``tests/toy``), as ``tests/bot/test_play.py`` plays it."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from renderer.theme import SEAT_COLOURS
from tests.bot.conftest import ADA, BEA, World
from tests.bot.driver import menu_items
from tests.bot.fakes import Message, User
from tests.bot.test_play import choose, dm_prompt, open_hand, pick, started
from tests.discord_api.limits import IS_COMPONENTS_V2
from texts.messages import message
from texts.registry import words_for

CONTAINER = 17
TEXT_DISPLAY = 10
ACTION_ROW = 1

pytestmark = pytest.mark.usefixtures("toy")


async def assert_prompt_card(world: World, user: User, card: Message) -> None:
    """``card`` is ``user``'s prompt as one card: no text or embeds beside it, edged in their seat's colour, its
    header naming the decision they owe and its deadline, their hand, the question, and every select and button in
    an action row inside the card."""
    info = await world.info()
    assert card.data["flags"] & IS_COMPONENTS_V2 and not card.content and not card.embeds, card.data
    (container,) = card.components
    assert container["type"] == CONTAINER
    seat = info.seat_of(str(user.id))
    # The seat's colour as the board draws it.
    assert seat is not None and container["accent_color"] == discord.Colour.from_rgb(*SEAT_COLOURS[seat]).value
    (due,) = [d for d in info.to_decide if d.user_id == str(user.id)]
    assert due.due_at is not None
    kind = words_for(info.ruleset).decision(due.kind, "en")
    header, *texts = [c["content"] for c in container["components"] if c["type"] == TEXT_DISPLAY]
    assert message("dm.header", game=info.game_id, channel=f"<#{info.channel_id}>") in header
    deadline = discord.utils.format_dt(due.due_at, "R")
    assert message("deadline.your_turn", channel=f"<#{info.channel_id}>", kind=kind, due=deadline) in header
    assert any(text.startswith(f"### {message('hand.title')}") for text in texts)
    assert any(message("prompt.title", kind=kind) in text for text in texts), "the body names the same decision"
    rows = [c for c in container["components"] if c["type"] == ACTION_ROW]
    assert menu_items(card) and sum(len(row["components"]) for row in rows) == len(card.items())


async def test_the_dm_prompt_is_one_card_in_the_players_colour(world: World) -> None:
    await started(world, BEA)
    for user in (ADA, BEA):
        await assert_prompt_card(world, user, dm_prompt(world, user))


async def test_my_hand_shows_the_prompt_as_the_same_card(world: World) -> None:
    await started(world, BEA)
    hand = await open_hand(world, ADA)
    assert hand.ephemeral and hand.audience == str(ADA.id)
    await assert_prompt_card(world, ADA, hand)


async def test_the_card_stays_a_card_and_current_after_a_step(world: World) -> None:
    await started(world, BEA)
    await pick(world, ADA)
    await pick(world, BEA)
    (turn,) = (await world.info()).to_decide
    user = ADA if turn.user_id == str(ADA.id) else BEA
    # The player whose move it is now: their live prompt (the DM edited after their pick, or a new one) is the card
    # of that decision, head and body.
    (prompt,) = [m for m in world.fake.dms(user) if menu_items(m)]
    await assert_prompt_card(world, user, prompt)
    # Every DM either player has, answered or not, is a card.
    for dm in [*world.fake.dms(ADA), *world.fake.dms(BEA)]:
        assert dm.data["flags"] & IS_COMPONENTS_V2 and not dm.content and not dm.embeds, dm.data


def as_sent_by_an_older_bot(prompt: Message) -> None:
    """``prompt`` as the bot sent prompts before they were cards: its header as the message's text, the prompt in an
    embed, and the same selects and buttons (the same custom ids) in plain action rows."""
    rows = [{"type": ACTION_ROW, "components": [item]} for item in prompt.items()]
    old: dict[str, Any] = {
        "content": "Evolution, game 1: your move",
        "embeds": [{"title": "Your move: picking a stone", "description": "Which stone?"}],
        "components": rows,
        "flags": 0,
    }
    prompt.data = old
    prompt.versions.append(old)


async def test_an_embed_prompt_from_before_the_update_still_works_and_becomes_a_card(world: World) -> None:
    await started(world, BEA)
    dm = dm_prompt(world, ADA)
    as_sent_by_an_older_bot(dm)
    version = (await world.info()).version
    # Its select, posted before the update (and the restart that brought it), still plays.
    edited = await pick(world, ADA)
    assert (await world.info()).version == version + 1
    assert edited.id == dm.id and edited.data["flags"] & IS_COMPONENTS_V2
    assert not edited.content and not edited.embeds, "a layout message keeps no text or embeds"
    assert message("prompt.done", action="").rstrip(".") in edited.text()


async def test_an_embed_prompt_retired_from_my_hand_becomes_a_card_that_says_so(world: World) -> None:
    await started(world, BEA)
    dm = dm_prompt(world, ADA)
    as_sent_by_an_older_bot(dm)
    hand = await open_hand(world, ADA)
    await choose(world, ADA, hand)
    retired = world.fake.messages[dm.id]
    assert retired.data["flags"] & IS_COMPONENTS_V2 and not retired.content and not retired.embeds
    assert message("prompt.retired") in retired.text() and not retired.items()
    assert message("hand.title") not in retired.text(), "a retired prompt no longer shows the hand"
