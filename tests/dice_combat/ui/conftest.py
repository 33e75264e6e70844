"""Games through the bot here run on the bot layer's test world: the fake Discord fails the test on any request
real Discord would refuse, or an interaction left unanswered (``tests/bot/conftest.py``)."""

from tests.bot.conftest import discord_accepts_every_request

__all__ = ["discord_accepts_every_request"]
