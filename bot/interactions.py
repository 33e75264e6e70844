"""Small helpers every command and component uses: who acted, where, and answering them privately.

Every interaction is deferred before the first service call (a database under load or a board image may take longer
than Discord's 3 seconds), and every answer to the user is ephemeral (or lives in their DMs); public posts are the
announcer's. Every answer goes through :func:`bot.limits.fitted`, or is a card built within Discord's limits
(:func:`bot.prompts.private_card`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import BotRefusal
from bot.languages import language_of, player_languages
from bot.limits import fitted
from game_service import GameInfo, GameService
from texts.messages import message

Interaction = discord.Interaction[Any]


def user_id_of(interaction: Interaction) -> str:
    return str(interaction.user.id)


def typed_option(interaction: Interaction, name_key: str) -> Any:
    """The value of another option of the command being typed, for an autocomplete. Discord names an option by
    its renamed name (``option_name.ruleset`` is "game"), not by the function's parameter name."""
    return getattr(interaction.namespace, message(name_key), None)


def in_dm(interaction: Interaction) -> bool:
    return interaction.guild_id is None


def on_private_message(interaction: Interaction) -> bool:
    """The component was used on a message only its user sees: one in their DMs with the bot, or an ephemeral
    answer to them. Only such a message may be edited to show a player's own side of the game."""
    if in_dm(interaction):
        return True
    return interaction.message is not None and interaction.message.flags.ephemeral


def is_admin(interaction: Interaction) -> bool:
    """Manage Channels in this channel: may act as the host of any game here."""
    return interaction.guild_id is not None and interaction.permissions.manage_channels


def channel_id_of(interaction: Interaction) -> str:
    """The channel whose game a command or a component is about: a server channel (a DM has no game of its own)."""
    if in_dm(interaction):
        raise BotRefusal("games live in server channels", code="guild_only")
    if interaction.channel_id is None:
        raise BotRefusal("no channel", code="no_channel")
    return str(interaction.channel_id)


async def game_channel_of(service: GameService, interaction: Interaction) -> str:
    """The channel whose game a table button or command is about: a server channel, or a DM that holds games of
    its own (a tutorial's: docs/rulings.md, "Tutorial"); any other DM has none."""
    if in_dm(interaction) and interaction.channel_id is not None:
        channel_id = str(interaction.channel_id)
        if await service.recent_games(channel_id=channel_id, limit=1):
            return channel_id
    return channel_id_of(interaction)


async def defer_private(interaction: Interaction) -> None:
    """A new ephemeral answer will follow ("thinking..." meanwhile)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def defer_update(interaction: Interaction) -> None:
    """The component's own message will be edited."""
    if not interaction.response.is_done():
        await interaction.response.defer()


async def say(interaction: Interaction, text: str) -> None:
    await interaction.followup.send(**fitted(content=text), ephemeral=True)


async def present(interaction: Interaction, card: discord.ui.LayoutView, *, edit: bool) -> None:
    """Show a player's private card (:func:`bot.prompts.private_card`): in place of the component's message, or as a
    new ephemeral message. An edited message loses the text and embeds it may have had (a prompt sent before
    prompts were cards): a message of layout components may have neither."""
    if edit:
        await interaction.edit_original_response(content=None, embeds=[], view=card)
    else:
        await interaction.followup.send(view=card, ephemeral=True)


async def noted_language(service: GameService, interaction: Interaction, info: GameInfo) -> GameInfo:
    """Keep the language of a seated user as now seen, for their direct messages (written only on a change, and
    never for a game that is over)."""
    user_id = user_id_of(interaction)
    language = language_of(interaction)
    if info.status not in ("lobby", "running") or info.seat_of(user_id) is None:
        return info
    if player_languages(info.settings).get(user_id) == language:
        return info
    return await service.remember_player_language(game_id=info.game_id, user_id=user_id, language=language)
