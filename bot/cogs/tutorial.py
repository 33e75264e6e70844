"""``/evolution tutorial [game:]``: a newcomer's first game (issue 20; docs/rulings.md, "Tutorial").

The game lives in the user's direct messages with the bot (the DM channel is the game's channel, so it never posts
in a server channel), with computer players at the easiest level, and starts at once; any rule system the bot
plays, with its default options and its fewest players. One tutorial per user at a time: a second call sends the
running one's current prompt again and says where it is. The explanations are the announcer's
(:meth:`bot.announce.Announcer.explain`).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands
from bot.cogs.lobby import ruleset_choices
from bot.errors import BotRefusal
from bot.interactions import Interaction, defer_private, say
from bot.languages import GAME_LANGUAGE, language_of
from bot.translator import text
from bot.tutorial import TUTORIAL
from game_service import LEVELS, PLAYER_LANGUAGES, GameInfo, NoGameHere
from rules_core.registry import find_ruleset
from texts.languages import DEFAULT_LANGUAGE
from texts.messages import message
from texts.registry import DEFAULT_RULESET, check_playable, words_for

logger = logging.getLogger(__name__)

TUTORIAL_COG = "TutorialCog"
#: The computer players' easiest level (the levels are listed easiest first).
EASIEST = next(iter(LEVELS))


def seats(ruleset: str) -> int:
    """How many players a tutorial of ``ruleset`` seats: its fewest, at least two (the user and a computer)."""
    rules = find_ruleset(ruleset)
    return max(2, rules.player_range(rules.read_options({}))[0])


class TutorialCog(EvolutionSubcommands, name=TUTORIAL_COG):
    @app_commands.command(name=text("command_name.tutorial"), description=text("command.tutorial"))
    @app_commands.rename(ruleset=text("option_name.ruleset"))
    @app_commands.describe(ruleset=text("option.ruleset"))
    async def tutorial(self, interaction: Interaction, ruleset: str | None = None) -> None:
        await defer_private(interaction)
        lang = language_of(interaction)
        rules = find_ruleset(check_playable(ruleset or DEFAULT_RULESET))
        user = interaction.user
        user_id = str(user.id)
        try:
            dm = await user.create_dm()
        except discord.HTTPException:
            raise BotRefusal("the bot cannot open a DM with you", code="tutorial_dms_closed") from None
        channel_id = str(dm.id)
        try:
            running = await self.service.game_info(channel_id=channel_id)
        except NoGameHere:
            running = None
        if running is not None:
            await self.resume(running, user_id)
            await say(interaction, message("tutorial.running", lang, game=running.game_id))
            return
        welcome = message("tutorial.welcome", lang, game=words_for(rules.name).title(lang), n=seats(rules.name) - 1)
        try:
            await dm.send(content=welcome)
        except discord.Forbidden:
            raise BotRefusal("the bot cannot write to you", code="tutorial_dms_closed") from None
        info = await self.service.create_game(
            channel_id=channel_id,
            host_id=user_id,
            host_name=user.display_name,
            ruleset=rules.name,
            settings={
                **self.host.settings.deadline_settings(),
                PLAYER_LANGUAGES: {user_id: lang},
                GAME_LANGUAGE: lang,
                TUTORIAL: True,
            },
        )
        await self.start(info, user_id)
        await say(interaction, message("tutorial.started", lang))

    @tutorial.autocomplete("ruleset")
    async def tutorial_ruleset(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return ruleset_choices(current, language_of(interaction))

    async def start(self, info: GameInfo, user_id: str) -> None:
        """Seat the computers the table still lacks (all of them, or those a stop kept from their seats), then
        start."""
        lang = info.settings.get(GAME_LANGUAGE, DEFAULT_LANGUAGE)
        for number in range(len(info.players), seats(info.ruleset)):
            await self.service.add_computer(
                channel_id=info.channel_id,
                actor_id=user_id,
                actor_is_admin=False,
                name=message("player.computer_name", lang, n=number),
                level=EASIEST,
                game_id=info.game_id,
            )
        result = await self.service.start(
            channel_id=info.channel_id, actor_id=user_id, actor_is_admin=False, seed=self.host.next_seed()
        )
        logger.info("game %s: tutorial started", info.game_id)
        await self.announcer.result(result, started=True)

    async def resume(self, info: GameInfo, user_id: str) -> None:
        """The user's tutorial goes on: a lobby left by a stop before its start is started now, with the computers
        it may lack; else the prompt the user owes is sent again."""
        if info.status == "lobby":
            await self.start(info, user_id)
        else:
            await self.announcer.prompt_privately(info, user_id)
