"""``/evolution autopilot on | off | away | back`` and the prompt's autopilot buttons: what a player leaves to their
computer helper (docs/rulings.md, "The autopilot, and being away").

A player leaves a kind of their decisions to the autopilot (``on``, or the button under a prompt of that kind), which
makes each of them at once until they take it back (``off``, or the button under any later prompt); or hands their
whole seat to a computer while they are away (``away`` for a duration such as ``3d``, ``back`` to take it back). The
service checks and keeps it all; the status message shows who is on autopilot.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord
from discord import app_commands

from bot import prompts
from bot.cogs import EvolutionSubcommands
from bot.components import AUTOPILOT_COG, EVERY_KIND, AutopilotButton
from bot.errors import BotRefusal
from bot.interactions import (
    Interaction,
    defer_private,
    defer_update,
    game_channel_of,
    in_dm,
    on_private_message,
    present,
    say,
    user_id_of,
)
from bot.languages import language_of
from bot.limits import BUTTON_LABEL, CHOICE_NAME, CHOICES
from bot.translator import text
from game_service import GameInfo
from game_service.deadlines import parse_duration
from rules_core.registry import find_ruleset
from texts.menus import clip
from texts.messages import message
from texts.registry import words_for


class AutopilotCog(EvolutionSubcommands, name=AUTOPILOT_COG):
    autopilot = app_commands.Group(name=text("command_name.autopilot"), description=text("command.autopilot"))

    @autopilot.command(name=text("command_name.autopilot_on"), description=text("command.autopilot_on"))
    @app_commands.rename(decision=text("option_name.decision"))
    @app_commands.describe(decision=text("option.autopilot_decision"))
    async def on(self, interaction: Interaction, decision: str) -> None:
        await defer_private(interaction)
        info = await self.service.autopilot(
            channel_id=await game_channel_of(self.service, interaction), user_id=user_id_of(interaction),
            decision_kind=decision, on=True,
        )  # fmt: skip
        await say(interaction, self._on_text(info, decision, language_of(interaction)))

    @autopilot.command(name=text("command_name.autopilot_off"), description=text("command.autopilot_off"))
    @app_commands.rename(decision=text("option_name.decision"))
    @app_commands.describe(decision=text("option.autopilot_off_decision"))
    async def off(self, interaction: Interaction, decision: str | None = None) -> None:
        await defer_private(interaction)
        channel_id = await game_channel_of(self.service, interaction)
        await self._take_back(channel_id=channel_id, game_id=None, interaction=interaction, kind=decision)
        await say(interaction, message("autopilot.off_done", language_of(interaction)))

    @on.autocomplete("decision")
    @off.autocomplete("decision")
    async def decision_kinds(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The kinds of decisions of the channel's game, in the reader's words."""
        try:
            info = await self.service.game_info(channel_id=await game_channel_of(self.service, interaction))
        except Exception:
            return []
        language = language_of(interaction)
        words = words_for(info.ruleset)
        typed = current.casefold()
        return [
            app_commands.Choice(name=clip(words.decision(kind, language), CHOICE_NAME), value=kind)
            for kind in find_ruleset(info.ruleset).decision_kinds
            if typed in words.decision(kind, language).casefold()
        ][:CHOICES]

    @autopilot.command(name=text("command_name.autopilot_away"), description=text("command.autopilot_away"))
    @app_commands.rename(length=text("option_name.length"))
    @app_commands.describe(length=text("option.away_length"))
    async def away(self, interaction: Interaction, length: str) -> None:
        await defer_private(interaction)
        try:
            span = parse_duration(length)
        except ValueError:
            raise BotRefusal("not a duration", code="bad_duration") from None
        if span < timedelta(minutes=1):
            raise BotRefusal("not a duration", code="bad_duration")
        until = discord.utils.utcnow() + span
        await self.service.away(
            channel_id=await game_channel_of(self.service, interaction), user_id=user_id_of(interaction), until=until
        )
        lang = language_of(interaction)
        await say(interaction, message("autopilot.away_done", lang, until=discord.utils.format_dt(until, "f")))

    @autopilot.command(name=text("command_name.autopilot_back"), description=text("command.autopilot_back"))
    async def back(self, interaction: Interaction) -> None:
        await defer_private(interaction)
        await self.service.away(channel_id=await game_channel_of(self.service, interaction),
                                user_id=user_id_of(interaction), until=None)  # fmt: skip
        await say(interaction, message("autopilot.back_done", language_of(interaction)))

    # The prompt's buttons.

    async def autopilot_button(self, interaction: Interaction, *, on: bool, game_id: int, kind: str) -> None:
        """A click under a prompt: leave its kind of decision to the autopilot (which then makes this one at once),
        or take every kind back. The prompt lives in a DM or an ephemeral answer and is replaced by the answer; a
        click on a public message (a copied custom id) is answered in a new ephemeral message."""
        private = on_private_message(interaction)
        await (defer_update if private else defer_private)(interaction)
        # In a DM (where the bot sends prompts), any game where the player holds a seat; else the channel's.
        channel_id = None if in_dm(interaction) else await game_channel_of(self.service, interaction)
        lang = language_of(interaction)
        user_id = user_id_of(interaction)
        buttons: list[discord.ui.Item[Any]] = []
        if on:
            info = await self.service.autopilot(
                channel_id=channel_id, game_id=game_id, user_id=user_id, decision_kind=kind, on=True
            )
            done = self._on_text(info, kind, lang)
            label = clip(message("button.autopilot_off", lang), BUTTON_LABEL)
            buttons.append(AutopilotButton(False, game_id, kind, label=label))
        else:
            await self._take_back(channel_id=channel_id, game_id=game_id, interaction=interaction,
                                  kind=None if kind == EVERY_KIND else kind)  # fmt: skip
            done = message("autopilot.off_done", lang)
        info = await self.service.game_info(game_id=game_id)
        if private and in_dm(interaction) and interaction.message is not None:
            # The DM no longer shows a prompt: its head stops naming the decision.
            header = await self.announcer.dm_edited(info, user_id, interaction.message, lang, None)
        else:
            header = prompts.dm_header(info, lang)
        card = prompts.private_card(
            prompts.player_colour(info, user_id), header=header, body=[done], rows=prompts.in_rows(buttons)
        )
        await present(interaction, card, edit=private)

    async def _take_back(
        self, *, channel_id: str | None, game_id: int | None, interaction: Interaction, kind: str | None
    ) -> None:
        """Take back one kind of decision from the autopilot, or (``kind`` None) every kind the player left to it."""
        user_id = user_id_of(interaction)
        if kind is None:
            if game_id is not None:
                info = await self.service.game_info(game_id=game_id)
            else:
                info = await self.service.game_info(channel_id=channel_id)
            kinds = sorted(prompts.left_to_autopilot(info, user_id))
        else:
            kinds = [kind]
        for each in kinds:
            await self.service.autopilot(channel_id=channel_id, game_id=game_id, user_id=user_id,
                                         decision_kind=each, on=False)  # fmt: skip

    @staticmethod
    def _on_text(info: GameInfo, kind: str, language: str) -> str:
        return message("autopilot.on_done", language, kind=words_for(info.ruleset).decision(kind, language))
