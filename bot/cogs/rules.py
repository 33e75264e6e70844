"""``/rules trait:<name> | topic:<name> [ruleset:<game>] [language:<language>]``: a rule text of any rule system the
bot plays, with autocomplete over its traits and topics (``texts.rules``), in the chosen language or else the
user's own. Without a ``ruleset``, every rule system is searched (a name both have, like Carnivore, is listed once
for each, named with its game)."""

from __future__ import annotations

from collections import Counter

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import language_choices
from bot.errors import BotRefusal
from bot.interactions import Interaction, typed_option
from bot.languages import language_of
from bot.limits import CHOICE_NAME, CHOICES, fit_embed
from bot.panels import COLOUR
from bot.translator import text
from texts import rules
from texts.languages import known_language
from texts.menus import clip
from texts.messages import message
from texts.registry import RULE_BOOKS


def entry_embed(entry: rules.RenderedEntry) -> discord.Embed:
    embed = discord.Embed(title=entry.title, description=entry.text, colour=COLOUR)
    embed.set_author(name=entry.ruleset_title)
    if entry.aliases:
        embed.add_field(name=entry.aliases_label, value=", ".join(entry.aliases), inline=False)
    if entry.ruling:
        embed.add_field(name=entry.ruling_label, value=entry.ruling, inline=False)
    embed.set_footer(text=f"{entry.source_label}: {entry.source}")
    return fit_embed(embed)


def ruleset_choices(typed: str, language: str) -> list[app_commands.Choice[str]]:
    """The rule systems with a rule book, by its title in the reader's language, filtered by what was typed."""
    folded = typed.casefold()
    found = []
    for name in rules.searched():
        title = rules.book(language, name).title
        if folded in title.casefold() or folded in name:
            found.append(app_commands.Choice(name=clip(title, CHOICE_NAME), value=name))
    return found[:CHOICES]


def find(query: str, kind: rules.Kind, language: str, chosen: str | None) -> tuple[str, str] | None:
    """(ruleset, key) of an entry chosen from the autocomplete list (``ruleset:key``), or the one a typed name
    finds (in the first rule system where it finds one)."""
    ruleset, _, key = query.partition(":")
    if ruleset in RULE_BOOKS and key in rules.keys(kind, ruleset) and ruleset in rules.searched(chosen):
        return ruleset, key
    found = rules.lookup_anywhere(query, language, kinds=(kind,), chosen=chosen)
    return None if found is None else (found[0], found[1].key)


def choices(current: str, kind: rules.Kind, language: str, chosen: str | None) -> list[app_commands.Choice[str]]:
    """The entries a typed name may mean; a title found in several rule systems is named with its game."""
    found = [
        (name, key, title)
        for name in rules.searched(chosen)
        for key, title in rules.autocomplete(current, language, CHOICES, kinds=(kind,), ruleset=name)
    ]
    titles = Counter(rules.normalize(title) for _, _, title in found)
    return [
        app_commands.Choice(
            name=clip(
                title if titles[rules.normalize(title)] == 1 else f"{title} ({rules.book(language, name).title})",
                CHOICE_NAME,
            ),
            value=f"{name}:{key}",
        )
        for name, key, title in found[:CHOICES]
    ]


def suggestions(query: str, kind: rules.Kind, language: str, chosen: str | None) -> list[str]:
    return [c.name for c in choices(query, kind, language, chosen)[:5]]


def chosen_ruleset(interaction: Interaction) -> str | None:
    chosen = typed_option(interaction, "option_name.ruleset")
    return chosen if isinstance(chosen, str) else None


def answer_language(interaction: Interaction) -> str:
    """The ``language`` option when given (also while the user is still typing another option), else theirs."""
    chosen = typed_option(interaction, "option_name.language")
    return known_language(getattr(chosen, "value", chosen)) or language_of(interaction)


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @app_commands.command(name=text("command_name.rules"), description=text("command.rules"))
    @app_commands.rename(
        trait=text("option_name.trait"),
        topic=text("option_name.topic"),
        ruleset=text("option_name.ruleset"),
        share=text("option_name.share"),
        language=text("option_name.language"),
    )
    @app_commands.describe(
        trait=text("option.rules_trait"),
        topic=text("option.rules_topic"),
        ruleset=text("option.rules_ruleset"),
        share=text("option.rules_share"),
        language=text("option.rules_language"),
    )
    @app_commands.choices(language=language_choices())
    async def rules(
        self,
        interaction: Interaction,
        trait: str | None = None,
        topic: str | None = None,
        ruleset: str | None = None,
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
        chosen = ruleset
        found = find(query, kind, language_code, chosen)
        if found is None:
            names = suggestions(query, kind, language_code, chosen)
            reply = message("rules.not_found", language_code, query=clip(query, 100))
            if names:
                reply += "\n" + message("rules.did_you_mean", language_code, names=", ".join(names))
            await interaction.response.send_message(reply, ephemeral=True)
            return
        embed = entry_embed(rules.render(found[1], language_code, found[0]))
        await interaction.response.send_message(embed=embed, ephemeral=not share)

    @rules.autocomplete("ruleset")
    async def ruleset_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return ruleset_choices(current, answer_language(interaction))

    @rules.autocomplete("trait")
    async def trait_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(current, "trait", answer_language(interaction), chosen_ruleset(interaction))

    @rules.autocomplete("topic")
    async def topic_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(current, "topic", answer_language(interaction), chosen_ruleset(interaction))
