"""The bot layer's privacy check (``tests/bot/privacy.py``) asks the game what is secret; for North Star it still
finds every kind of secret it found when it knew North Star's cards: a card of a hand by its label or by its trait's
name alone, in a channel message, in a message to another player, or in a log line."""

from __future__ import annotations

import logging

import discord
import pytest

from rules_core.north_star.cards import trait_of
from rules_core.north_star.view import SeatView
from tests.bot.conftest import ADA, BEA, World, check_logs
from tests.bot.fakes import CHANNEL_ID
from texts.messages import message
from texts.north_star.choices import card_name


async def adas_first_card(world: World) -> int:
    await world.lobby(ADA, BEA, game="north_star")
    await world.evo(ADA, "start")
    await world.check_privacy()
    mine = await world.service.private_view(channel_id=str(CHANNEL_ID), user_id=str(ADA.id))
    assert isinstance(mine, SeatView)
    theirs = await world.service.private_view(channel_id=str(CHANNEL_ID), user_id=str(BEA.id))
    assert isinstance(theirs, SeatView)
    # A card whose trait Bea holds none of, so that neither its label nor its name is hers to read.
    return next(c for c in mine.hand if trait_of(c) not in {trait_of(t) for t in theirs.hand})


async def test_a_hand_card_in_a_channel_message_fails_the_check(world: World) -> None:
    card = await adas_first_card(world)
    await world.bot.get_partial_messageable(CHANNEL_ID).send(f"Ada holds {card_name(card)}.")
    with pytest.raises(AssertionError, match="a secret"):
        await world.check_privacy()
    world.checked = len(world.fake.sent)  # the planted message is not the world's teardown's concern


async def test_a_hand_cards_trait_alone_in_a_channel_message_fails_the_check(world: World) -> None:
    card = await adas_first_card(world)
    name = message(f"north_star.trait.{trait_of(card).value}")
    await world.bot.get_partial_messageable(CHANNEL_ID).send(f"Someone might play {name} soon.")
    with pytest.raises(AssertionError, match="a secret"):
        await world.check_privacy()
    world.checked = len(world.fake.sent)


async def test_a_hand_card_in_a_message_to_another_player_fails_the_check(world: World) -> None:
    card = await adas_first_card(world)
    dm = await world.bot.create_dm(discord.Object(id=BEA.id))
    await dm.send(f"Ada holds {card_name(card)}.")
    with pytest.raises(AssertionError, match="another player's secret"):
        await world.check_privacy()
    world.checked = len(world.fake.sent)


async def test_a_hand_card_in_a_log_line_fails_the_check(world: World) -> None:
    card = await adas_first_card(world)
    record = logging.LogRecord("bot", logging.DEBUG, __file__, 1, "dealt %s", (card_name(card),), None)
    with pytest.raises(AssertionError, match="in a log line"):
        check_logs([record], world)
