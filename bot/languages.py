"""Which language the bot speaks to whom (docs/rulings.md, "Languages").

* A reply only the user sees (an ephemeral answer, an error) is in the user's own Discord language
  (``interaction.locale``).
* A channel post is in the game's language: the ``language`` setting, chosen by the host with ``/evolution new``
  or ``/evolution language``, else the server's language as it was when the game was created (stored then as the
  game's setting, so that posts made later from the background know it too).
* A direct message is in the player's language as last seen: each seated player's Discord language is kept in
  the game's ``player_languages`` setting whenever it changes, so DMs after a restart are right too.

A locale that is none of the six languages gets the configured default (``[games] default_language``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from game_service import PLAYER_LANGUAGES, GameInfo
from texts.languages import known_language

#: The game setting of the language of channel posts (a language code).
GAME_LANGUAGE = "language"


def language_of(interaction: discord.Interaction[Any]) -> str:
    """The language of a user's own replies: their Discord client's, else the configured default."""
    found = known_language(interaction.locale)
    return found if found is not None else str(interaction.client.settings.default_language)


def server_language(interaction: discord.Interaction[Any]) -> str | None:
    """The language of the server the interaction comes from, when it is one of the six."""
    return known_language(interaction.guild_locale) if interaction.guild_id is not None else None


def game_language(info: GameInfo, default: str) -> str:
    """The language of a game's channel posts."""
    return known_language(info.settings.get(GAME_LANGUAGE)) or default


def player_languages(settings: Mapping[str, Any]) -> Mapping[str, str]:
    chosen = settings.get(PLAYER_LANGUAGES)
    return chosen if isinstance(chosen, dict) else {}


def player_language(info: GameInfo, user_id: str, default: str) -> str:
    """The language of a player's direct messages: theirs as last seen, else the game's."""
    return known_language(player_languages(info.settings).get(user_id)) or game_language(info, default)
