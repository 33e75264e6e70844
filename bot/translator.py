"""Slash-command names and descriptions in the six languages, from the message catalogues.

Every command, group and option is declared with :func:`text`: a ``locale_str`` whose message is the English
(what Discord sends back and discord.py dispatches on) and whose ``key`` names the catalogue entry. At sync,
discord.py asks :class:`CatalogueTranslator` for each Discord locale; it answers for the locales of hu, pt, uk, pl
and es and leaves the rest (English, and languages the bot does not speak) to the English default. Strings without
a key (the language choices, which are every language's own name) stay as they are everywhere.
"""

from __future__ import annotations

import discord
from discord import app_commands

from texts.languages import DEFAULT_LANGUAGE, DISCORD_LOCALES
from texts.messages import message

#: Discord locale value -> language, for the locales the catalogues translate into.
TRANSLATED_LOCALES: dict[str, str] = {
    locale: language
    for language, locales in DISCORD_LOCALES.items()
    if language != DEFAULT_LANGUAGE
    for locale in locales
}


def text(key: str) -> app_commands.locale_str:
    """A command, option or description text: English by default, translated at sync."""
    return app_commands.locale_str(message(key), key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        language = TRANSLATED_LOCALES.get(locale.value)
        if not isinstance(key, str) or language is None:
            return None
        return message(key, language)
