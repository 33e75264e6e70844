"""``/rules`` through the bot for North Star's rule book: the answer in the user's Discord language or the one they
choose, and its autocomplete finding a trait from any language (moved from tests/bot/test_languages.py: the rule
book and its trait names are North Star's own)."""

from __future__ import annotations

import pytest

from tests.bot.conftest import ADA, World, string
from tests.bot.fakes import User
from tests.bot.test_languages import OLENA, ZSOFI, said
from texts import rules


async def test_rules_answer_in_the_users_language_or_the_chosen_one(world: World) -> None:
    reply = world.fake.reply(await world.fake.command(world.bot, OLENA, "rules", string("trait", "long_neck")))
    assert reply.embeds[0]["title"] == rules.render("long_neck", "uk", "north_star").title == "Довга шия"
    reply = world.fake.reply(
        await world.fake.command(world.bot, OLENA, "rules", string("trait", "long neck"), string("language", "hu"))
    )
    assert reply.embeds[0]["title"] == rules.render("long_neck", "hu", "north_star").title
    assert reply.embeds[0]["author"]["name"] == rules.book("hu", "north_star").title
    # Autocomplete follows the chosen language while the user types.
    choices = await world.fake.autocomplete(
        world.bot, OLENA, "rules", string("trait", "neck", focused=True), string("language", "pl")
    )
    assert choices[0] == {"name": rules.render("long_neck", "pl", "north_star").title, "value": "north_star:long_neck"}
    refusal = world.fake.reply(await world.fake.command(world.bot, ZSOFI, "rules"))
    assert refusal.text() == said("refusal.rules_query", "hu")


@pytest.mark.parametrize("query", ["hosszu nyak", "pescoço longo", "довга шия", "long neck", "Hosszú nyak"])
@pytest.mark.parametrize("user", [ADA, OLENA, ZSOFI])
async def test_rules_autocomplete_finds_long_neck_from_any_language(world: World, query: str, user: User) -> None:
    choices = await world.fake.autocomplete(world.bot, user, "rules", string("trait", query, focused=True))
    language = rules.language_code(user.locale)
    assert choices[0] == {
        "name": rules.render("long_neck", language, "north_star").title,
        "value": "north_star:long_neck",
    }
