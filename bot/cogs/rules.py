"""``/rules trait:<name> | topic:<name>``: a rule text, with autocomplete over the traits and topics in the
user's language (``texts.rules``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.choices import clip
from bot.errors import BotRefusal, language_of
from bot.panels import COLOUR, EMBED_DESCRIPTION_LIMIT, EMBED_FIELD_LIMIT, EMBED_TITLE_LIMIT
from texts import rules
from texts.messages import message

Interaction = discord.Interaction[Any]
CHOICE_LIMIT = 25


def entry_embed(entry: rules.RenderedEntry) -> discord.Embed:
    embed = discord.Embed(
        title=clip(entry.title, EMBED_TITLE_LIMIT), description=clip(entry.text, EMBED_DESCRIPTION_LIMIT), colour=COLOUR
    )
    embed.set_author(name=clip(entry.ruleset_title, EMBED_TITLE_LIMIT))
    if entry.aliases:
        embed.add_field(name=entry.aliases_label, value=clip(", ".join(entry.aliases), EMBED_FIELD_LIMIT), inline=False)
    if entry.ruling:
        embed.add_field(name=entry.ruling_label, value=clip(entry.ruling, EMBED_FIELD_LIMIT), inline=False)
    embed.set_footer(text=clip(f"{entry.source_label}: {entry.source}", 2048))
    return embed


def find(query: str, kind: rules.Kind, language: str) -> str | None:
    """A key chosen from the autocomplete list, or the entry a typed name finds."""
    if query in rules.keys(kind):
        return query
    return rules.lookup_trait(query, language) if kind == "trait" else rules.lookup_topic(query, language)


def choices(current: str, kind: rules.Kind, language: str) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=clip(title, 100), value=key)
        for key, title in rules.autocomplete(current, language, CHOICE_LIMIT, kinds=(kind,))
    ]


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description=message("command.rules"))
    @app_commands.describe(
        trait=message("option.rules_trait"), topic=message("option.rules_topic"), share=message("option.rules_share")
    )
    async def rules(
        self, interaction: Interaction, trait: str | None = None, topic: str | None = None, share: bool = False
    ) -> None:
        # Looking a text up is quick local work: answer at once, so a refusal stays private even when sharing.
        language = language_of(interaction)
        if (trait is None) == (topic is None):
            raise BotRefusal("name a trait or a topic", code="rules_query")
        kind: rules.Kind = "trait" if trait is not None else "topic"
        query = trait if trait is not None else topic
        assert query is not None
        key = find(query, kind, language)
        if key is None:
            suggestions = [title for _, title in rules.autocomplete(query, language, 5, kinds=(kind,))]
            text = message("rules.not_found", language, query=clip(query, 100))
            if suggestions:
                text += "\n" + message("rules.did_you_mean", language, names=", ".join(suggestions))
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.send_message(embed=entry_embed(rules.render(key, language)), ephemeral=not share)

    @rules.autocomplete("trait")
    async def trait_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(current, "trait", language_of(interaction))

    @rules.autocomplete("topic")
    async def topic_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(current, "topic", language_of(interaction))
