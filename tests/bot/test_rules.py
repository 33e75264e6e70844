"""``/rules``: autocomplete over traits and topics, the rule as an embed, refusals."""

from __future__ import annotations

import dataclasses

from tests.bot.conftest import ADA, World, boolean, string
from texts import rules
from texts.languages import DISCORD_LOCALES
from texts.messages import message


async def test_trait_autocomplete_and_lookup(world: World) -> None:
    choices = await world.fake.autocomplete(world.bot, ADA, "rules", string("trait", "long", focused=True))
    assert choices[0] == {"name": "Long Neck", "value": "north_star:long_neck"}
    assert len(await world.fake.autocomplete(world.bot, ADA, "rules", string("trait", "", focused=True))) <= 25
    reply = world.fake.reply(await world.fake.command(world.bot, ADA, "rules", string("trait", "long_neck")))
    assert reply.audience == str(ADA.id)
    assert reply.embeds[0]["title"] == "Long Neck" and reply.embeds[0]["description"]


async def test_a_typed_name_is_found_too_and_a_topic_can_be_shared(world: World) -> None:
    reply = world.fake.reply(await world.fake.command(world.bot, ADA, "rules", string("trait", "lng neck")))
    assert reply.embeds[0]["title"] == "Long Neck"
    topics = await world.fake.autocomplete(world.bot, ADA, "rules", string("topic", "feed", focused=True))
    assert "north_star:feeding" in [c["value"] for c in topics]
    shared = world.fake.command(world.bot, ADA, "rules", string("topic", "feeding"), boolean("share", True))
    assert world.fake.reply(await shared).audience == "public"


async def test_rules_refusals_are_private(world: World) -> None:
    reply = world.fake.reply(await world.fake.command(world.bot, ADA, "rules"))
    assert reply.text() == message("refusal.rules_query") and reply.audience == str(ADA.id)
    reply = world.fake.reply(
        await world.fake.command(world.bot, ADA, "rules", string("trait", "qqqqqq"), boolean("share", True))
    )
    assert reply.audience == str(ADA.id)
    assert reply.text().startswith(message("rules.not_found", query="qqqqqq"))


async def test_every_rule_book_is_searched_and_a_shared_name_is_told_apart_by_its_game(world: World) -> None:
    """The original game's rule book is read before its game is offered; Scavenger is in both books."""
    choices = await world.fake.autocomplete(world.bot, ADA, "rules", string("trait", "scaven", focused=True))
    named = {c["value"]: c["name"] for c in choices}
    assert named["north_star:scavenger"] == f"Scavenger ({rules.book('en', 'north_star').title})"
    assert named["origin:scavenger"] == f"Scavenger ({rules.book('en', 'origin').title})"
    choices = await world.fake.autocomplete(world.bot, ADA, "rules", string("trait", "carniv", focused=True))
    assert {"name": "Carnivorous", "value": "origin:carnivore"} in choices
    reply = world.fake.reply(await world.fake.command(world.bot, ADA, "rules", string("trait", "origin:piracy")))
    assert reply.embeds[0]["title"] == rules.render("piracy", "en", "origin").title
    assert reply.embeds[0]["author"]["name"] == rules.book("en", "origin").title
    games = await world.fake.autocomplete(world.bot, ADA, "rules", string("ruleset", "orig", focused=True))
    assert games == [{"name": rules.book("en", "origin").title, "value": "origin"}]


async def test_the_tie_break_house_rule_has_its_own_rule_in_six_languages(world: World) -> None:
    """The option ``tie_break`` of the original game (docs/rulings.md, "Tie-break: discards"): its /rules topic is
    found by its own words in the reader's language, and shown in that language with its ruling and source."""
    for language, locales in DISCORD_LOCALES.items():
        reader = dataclasses.replace(ADA, locale=locales[0])
        entry = rules.entry("house_tie_break", language, "origin")
        typed = entry.aliases[0]
        found = await world.fake.autocomplete(world.bot, reader, "rules", string("topic", typed, focused=True))
        assert found[0]["value"] == "origin:house_tie_break", (language, found)
        reply = world.fake.reply(
            await world.fake.command(world.bot, reader, "rules", string("topic", "origin:house_tie_break"))
        )
        shown = rules.render("house_tie_break", language, "origin")
        assert reply.embeds[0]["title"] == shown.title == entry.name
        assert reply.embeds[0]["description"].startswith(entry.text[:40])
        # The footer cites the rule book by its title in the reader's language, never a seed's file name.
        footer = reply.embeds[0]["footer"]["text"]
        assert footer == f"{shown.source_label}: {shown.source}" and ".txt" not in footer
        assert message("rule_book.origin", language) in footer
        assert shown.ruling is not None and "Evolution: The Origin of Species" in shown.ruling
