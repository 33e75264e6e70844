"""The one place where a failed interaction is answered.

* A refusal (the rules', the service's, or the bot's own for input it cannot read) becomes an ephemeral, specific
  message worded from the catalogue by its stable ``code``; it is logged at DEBUG with the code only.
* Anything unexpected is logged (the exception, the command or component, never a hand or a choice) and answered
  with a short apology. No traceback ever reaches a user.
* A Discord failure while answering (the interaction expired, the network) is logged and dropped: by then the
  game's state is already committed by the service, so nothing is left half done.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.languages import language_of
from rules_core.errors import Refusal
from texts.messages import message
from texts.refusals import refusal_text

logger = logging.getLogger(__name__)

#: Discord's code for an interaction whose token has expired (not answered within 3 seconds).
UNKNOWN_INTERACTION = 10062


class BotRefusal(Refusal):
    """Input the bot cannot turn into a request (an unknown move, a missing permission...), worded like any
    other refusal by its code."""

    code = "bot_refusal"


def unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ if isinstance(error, app_commands.TransformerError) else error.original
        if inner is None:
            break
        error = inner
    return error


def where(interaction: discord.Interaction[Any]) -> str:
    """What was used, for a log line: the command's name or the component's verb (never its values)."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", "")) if isinstance(data, dict) else ""
    return "component " + ":".join(custom_id.split(":")[:2]) if custom_id else "interaction"


async def reply_privately(interaction: discord.Interaction[Any], text: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        logger.warning("could not answer %s: HTTP %s (code %s)", where(interaction), exc.status, exc.code)


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer a failed interaction (and log what needs logging)."""
    error = unwrap(error)
    language = language_of(interaction)
    if isinstance(error, Refusal):
        logger.debug("%s refused: %s", where(interaction), error.code)
        await reply_privately(interaction, refusal_text(error, language))
        return
    if isinstance(error, app_commands.NoPrivateMessage):
        await reply_privately(interaction, message("refusal.guild_only", language))
        return
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        # Discord still shows commands from an older sync: `evolution-bot sync` brings them up to date.
        logger.warning("%s: the command tree is out of sync with Discord", where(interaction))
        await reply_privately(interaction, message("error.unknown_command", language))
        return
    if isinstance(error, app_commands.TransformerError):
        # A value Discord would not send: outside an option's choices, or of another type (a forged request).
        logger.debug("%s: an option's value could not be read", where(interaction))
        await reply_privately(interaction, message("refusal.bad_argument", language))
        return
    if isinstance(error, app_commands.CheckFailure):
        await reply_privately(interaction, message("refusal.check_failed", language))
        return
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        logger.warning("%s: the interaction expired before it was answered", where(interaction))
        return
    if isinstance(error, discord.HTTPException):
        logger.warning("%s: Discord answered HTTP %s (code %s)", where(interaction), error.status, error.code)
        await reply_privately(interaction, message("error.discord", language))
        return
    logger.error("unexpected error in %s", where(interaction), exc_info=(type(error), error, error.__traceback__))
    await reply_privately(interaction, message("error.unexpected", language))
