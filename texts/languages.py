"""The six languages of the project and how a Discord locale (or a code typed in the console) maps onto them.

Every front end and every text module asks here, so that "pt-BR", "es-419" and "EN-us" mean the same thing
everywhere. Discord's locales for the six languages are ``en-US``/``en-GB``, ``hu``, ``pt-BR``, ``uk``, ``pl`` and
``es-ES``/``es-419``; any other locale (``fr``, ``de``, ``zh-CN``...) gets the caller's default.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

LANGUAGES: tuple[str, ...] = ("en", "hu", "pt", "uk", "pl", "es")
DEFAULT_LANGUAGE = "en"
#: The key of a board's translated labels (``texts.board_labels``) that names their language: the board breaks a word
#: too long for its line where that language hyphenates it (``renderer.labels.Labels.language``).
LANGUAGE_LABEL = "language"

#: Each language's Discord locales (the values of ``discord.Locale``).
DISCORD_LOCALES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "en": ("en-US", "en-GB"),
        "hu": ("hu",),
        "pt": ("pt-BR",),
        "uk": ("uk",),
        "pl": ("pl",),
        "es": ("es-ES", "es-419"),
    }
)

#: Each language's name in itself (what a language choice shows, whatever the reader's own language).
AUTONYMS: Mapping[str, str] = MappingProxyType(
    {"en": "English", "hu": "Magyar", "pt": "Português", "uk": "Українська", "pl": "Polski", "es": "Español"}
)

_BY_LOCALE: dict[str, str] = {
    **{code: code for code in LANGUAGES},
    **{locale.lower(): code for code, locales in DISCORD_LOCALES.items() for locale in locales},
}


def known_language(locale: object) -> str | None:
    """The language of a code or a Discord locale (a ``discord.Locale`` or its value), case- and ``_``/``-``
    insensitive; None for any other locale."""
    value = getattr(locale, "value", locale)
    if not isinstance(value, str):
        return None
    return _BY_LOCALE.get(value.strip().lower().replace("_", "-"))


def language_code(locale: object, default: str = DEFAULT_LANGUAGE) -> str:
    """One of LANGUAGES for a code or a Discord locale; ``default`` for any other."""
    found = known_language(locale)
    return default if found is None else found


def is_known_language(locale: str) -> bool:
    """A code of LANGUAGES or a Discord locale of one of them ("pt-BR", "es-419", "en-GB")."""
    return known_language(locale) is not None
