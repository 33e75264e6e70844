"""Slash commands in six languages: the synced payload carries a name and a description of every command, option
and group in every Discord locale of hu, pt, uk, pl and es, and each name is one Discord accepts."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot import cli_sync
from bot.translator import TRANSLATED_LOCALES, CatalogueTranslator
from evolution_bot.config import Settings
from tests.bot.fakes import FakeDiscord
from texts.languages import AUTONYMS, DISCORD_LOCALES
from texts.messages import message

NAME_LIMIT = 32
DESCRIPTION_LIMIT = 100
SUBCOMMAND = 1
LOCALES = sorted(TRANSLATED_LOCALES)


def discord_name_ok(name: str) -> bool:
    """Discord's rule for command and option names, ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, and lower
    case (where the letter has cases)."""

    def allowed(char: str) -> bool:
        script = unicodedata.name(char, "").split(" ")[0]
        return char in "-_" or unicodedata.category(char)[0] in "LN" or script in ("DEVANAGARI", "THAI")

    return 1 <= len(name) <= NAME_LIMIT and all(allowed(c) for c in name) and name == name.lower()


@pytest.fixture
async def payload(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    """What ``evolution-bot sync`` sends to Discord."""
    fake = FakeDiscord()

    async def request(self: Any, route: Any, **kwargs: Any) -> Any:
        return await fake.http_request(route, **kwargs)

    monkeypatch.setattr(discord.http.HTTPClient, "request", request)
    await cli_sync.sync(Settings(token="t", database=tmp_path / "unused.db"), 42)
    (_, body) = fake.synced[-1]
    commands: list[dict[str, Any]] = body
    return commands


def walk(items: list[dict[str, Any]], path: str = "") -> Iterator[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """Every command, subcommand and option: (its path, itself, its siblings)."""
    for item in items:
        where = f"{path}/{item['name']}"
        yield where, item, items
        yield from walk(item.get("options") or [], where)


async def test_every_command_and_option_is_named_and_described_in_every_language(
    payload: list[dict[str, Any]],
) -> None:
    seen = 0
    for where, item, _ in walk(payload):
        seen += 1
        assert set(item["name_localizations"]) == set(LOCALES), where
        assert set(item["description_localizations"]) == set(LOCALES), where
        for locale in LOCALES:
            assert item["description_localizations"][locale] != item["description"], f"{where} in {locale}"
    assert seen >= 25, "every command and option is walked"


async def test_every_localised_name_is_one_discord_accepts(payload: list[dict[str, Any]]) -> None:
    for where, item, siblings in walk(payload):
        assert discord_name_ok(item["name"]), where
        assert 1 <= len(item["description"]) <= DESCRIPTION_LIMIT, where
        for locale in LOCALES:
            name = item["name_localizations"][locale]
            assert discord_name_ok(name), f"{where} in {locale}: {name!r}"
            description = item["description_localizations"][locale]
            assert 1 <= len(description) <= DESCRIPTION_LIMIT, f"{where} in {locale}: {len(description)} characters"
            others = [s["name_localizations"][locale] for s in siblings if s is not item]
            assert name not in others, f"{where}: two options are called {name!r} in {locale}"


async def test_both_spanish_locales_get_the_same_words(payload: list[dict[str, Any]]) -> None:
    for where, item, _ in walk(payload):
        for field in ("name_localizations", "description_localizations"):
            assert item[field]["es-ES"] == item[field]["es-419"], where


async def test_the_language_choices_are_each_languages_own_name(payload: list[dict[str, Any]]) -> None:
    evolution = next(c for c in payload if c["name"] == "evolution")
    new = next(o for o in evolution["options"] if o["name"] == "new" and o["type"] == SUBCOMMAND)
    language = next(o for o in new["options"] if o["name"] == "language")
    assert [(c["name"], c["value"]) for c in language["choices"]] == list(
        (name, code) for code, name in AUTONYMS.items()
    )
    assert all(not c.get("name_localizations") for c in language["choices"])


@pytest.mark.parametrize(
    ("locale", "language"),
    [(discord.Locale(value), code) for code, values in DISCORD_LOCALES.items() for value in values],
)
async def test_the_translator_answers_from_the_catalogues(locale: discord.Locale, language: str) -> None:
    translator = CatalogueTranslator()
    context: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None
    )
    found = await translator.translate(app_commands.locale_str("new", key="command.new"), locale, context)
    assert found == (None if language == "en" else message("command.new", language))
    assert await translator.translate(app_commands.locale_str("Magyar"), locale, context) is None


async def test_other_locales_keep_the_english() -> None:
    translator = CatalogueTranslator()
    context: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None
    )
    text = app_commands.locale_str("new", key="command.new")
    assert await translator.translate(text, discord.Locale.french, context) is None


@pytest.mark.parametrize(
    ("name", "ok"),
    [("új", True), ("нова", True), ("nowa_gra", True), ("Nowa", False), ("nowa gra", False), ("a" * 33, False)],
)
def test_the_name_rule(name: str, ok: bool) -> None:
    assert discord_name_ok(name) is ok
