"""``/evolution language``: the host chooses the language of the game's channel posts (docs/rulings.md,
"Languages")."""

from __future__ import annotations

import logging

from discord import app_commands

from bot.cogs import EvolutionSubcommands, language_choices
from bot.interactions import Interaction, channel_id_of, defer_private, is_admin, say, user_id_of
from bot.languages import GAME_LANGUAGE, language_of
from bot.translator import text
from texts.languages import AUTONYMS
from texts.messages import message

logger = logging.getLogger(__name__)


class LanguageCog(EvolutionSubcommands):
    @app_commands.command(name=text("command_name.language"), description=text("command.language"))
    @app_commands.rename(language=text("option_name.language"))
    @app_commands.describe(language=text("option.game_language"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: Interaction, language: app_commands.Choice[str]) -> None:
        """The host (or a channel admin) changes the language of the game's posts."""
        await defer_private(interaction)
        chosen = language.value
        info = await self.service.change_settings(
            channel_id=channel_id_of(interaction),
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
            settings={GAME_LANGUAGE: chosen},
        )
        logger.info("game %s: language set to %s", info.game_id, chosen)
        await self.announcer.notice(info, "language.changed", language=AUTONYMS[chosen])
        if info.status == "lobby":
            await self.announcer.lobby_changed(info)
        await say(interaction, message("language.changed_reply", language_of(interaction), language=AUTONYMS[chosen]))
