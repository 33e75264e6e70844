"""North Star's games through the bot use the bot layer's test world: the real bot on a real SQLite file and a fake
Discord that fails the test on any request real Discord would refuse (``tests/bot/conftest.py``)."""

from tests.bot.conftest import discord_accepts_every_request, world

__all__ = ["discord_accepts_every_request", "world"]
