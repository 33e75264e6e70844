"""``/rules trait:<name> | topic:<name> [language:<language>]``: a rule text, with autocomplete over the traits and
topics (``texts.rules``), in the chosen language or else the user's own."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import language_choices
from bot.errors import BotRefusal
from bot.languages import language_of
from bot.panels import COLOUR, EMBED_DESCRIPTION_LIMIT, EMBED_FIELD_LIMIT, EMBED_TITLE_LIMIT
from bot.translator import text
from texts import rules
from texts.choices import clip
from texts.languages import known_language
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


def answer_language(interaction: Interaction) -> str:
    """The ``language`` option when given (also while the user is still typing another option), else theirs."""
    chosen = getattr(interaction.namespace, "language", None)
    return known_language(getattr(chosen, "value", chosen)) or language_of(interaction)


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=text("command_name.rules"), description=text("command.rules"))
    @app_commands.rename(
        trait=text("option_name.trait"),
        topic=text("option_name.topic"),
        share=text("option_name.share"),
        language=text("option_name.language"),
    )
    @app_commands.describe(
        trait=text("option.rules_trait"),
        topic=text("option.rules_topic"),
        share=text("option.rules_share"),
        language=text("option.rules_language"),
    )
    @app_commands.choices(language=language_choices())
    async def rules(
        self,
        interaction: Interaction,
        trait: str | None = None,
        topic: str | None = None,
        share: bool = False,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        # Looking a text up is quick local work: answer at once, so a refusal stays private even when sharing.
        language_code = language_of(interaction) if language is None else language.value
        if (trait is None) == (topic is None):
            raise BotRefusal("name a trait or a topic", code="rules_query")
        kind: rules.Kind = "trait" if trait is not None else "topic"
        query = trait if trait is not None else topic
        assert query is not None
        key = find(query, kind, language_code)
        if key is None:
            suggestions = [title for _, title in rules.autocomplete(query, language_code, 5, kinds=(kind,))]
            reply = message("rules.not_found", language_code, query=clip(query, 100))
            if suggestions:
                reply += "\n" + message("rules.did_you_mean", language_code, names=", ".join(suggestions))
            await interaction.response.send_message(reply, ephemeral=True)
            return
        embed = entry_embed(rules.render(key, language_code))
        await interaction.response.send_message(embed=embed, ephemeral=not share)

    @rules.autocomplete("trait")
    async def trait_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(current, "trait", answer_language(interaction))

    @rules.autocomplete("topic")
    async def topic_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(current, "topic", answer_language(interaction))
