"""``/evolution leaderboard`` and ``/evolution stats`` (bot/cogs/ratings.py) through the fake Discord: the server's
finished games only, people as mentions and computer levels among them, numbers in the reader's language, private
unless shared. Ratings are kept by a rule system's name and replay no game: the games here are written straight to
the database, most of them the toy game's (``tests/toy``), one of another rule system (whichever is shipped first by
name: any would do)."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.cogs.ratings import PAGE, leaderboard_embed, rating_text
from game_service import PlayerRating, RulesetRatings
from game_service.storage import open_repository
from rules_core.registry import RULESETS
from tests.bot.conftest import ADA, BEA, CY, DEE, World, boolean, integer, string
from tests.bot.fakes import CHANNEL_ID, GUILD_ID, OTHER_CHANNEL_ID, User
from tests.bot.test_slow_games import replied
from tests.service.helpers import Seat, write_game
from texts.languages import LANGUAGES
from texts.messages import message
from texts.registry import words_for

pytestmark = pytest.mark.usefixtures("toy")

#: The rule system of the one game that is not the toy game's.
OTHER = min(name for name in RULESETS if name != "toy")

#: A channel of another server the bot is in.
ELSEWHERE = 3_000_000_000_000_099


@pytest.fixture
async def played(world: World) -> AsyncIterator[World]:
    """The server (its two channels in the bot's cache) with three finished games, and another server's game."""
    channels = [
        {"id": str(c), "type": 0, "name": f"evolution-{c}", "position": 0, "permission_overwrites": []}
        for c in (CHANNEL_ID, OTHER_CHANNEL_ID)
    ]
    guild = {"id": str(GUILD_ID), "name": "the server", "channels": channels, "roles": [], "member_count": 4}
    world.bot._connection._add_guild_from_data(guild)  # type: ignore[arg-type]
    repo = await open_repository(world.path)
    try:
        ada, bea, cy, dee = (str(u.id) for u in (ADA, BEA, CY, DEE))
        here, server = str(CHANNEL_ID), str(GUILD_ID)
        await write_game(repo, [Seat(9, ada), Seat(5, bea), Seat(7, level="hard")], finished=1, channel=here,
                         server=server, ruleset="toy")  # fmt: skip
        # A game from before games recorded their server, in a channel of the server.
        await write_game(
            repo,
            [Seat(3, ada), Seat(8, cy)],
            finished=2,
            channel=str(OTHER_CHANNEL_ID),
            server=None,
            ruleset="toy",
        )
        await write_game(repo, [Seat(4, bea), Seat(4, ada)], finished=3, channel=here, server=server, ruleset=OTHER)
        await write_game(
            repo,
            [Seat(9, dee), Seat(1, ada)],
            finished=4,
            channel=str(ELSEWHERE),
            server=str(ELSEWHERE),
            ruleset="toy",
        )
    finally:
        await repo.close()
    yield world


def user_option(name: str, user: User) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"name": name, "type": 6, "value": str(user.id)}, {"users": {str(user.id): user.payload()}}


async def server_ratings(world: World) -> tuple[RulesetRatings, ...]:
    return await world.service.ratings(server_id=str(GUILD_ID))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_leaderboard_lists_the_servers_players_and_computer_levels(played: World, language: str) -> None:
    reader = dataclasses.replace(CY, locale=language)
    text = replied(played, await played.evo(reader, "leaderboard"))
    toy, _ = await server_ratings(played)
    assert toy.ruleset == "toy", "the game finished most often here comes first"
    assert message("ratings.title", language, game=words_for("toy").title(language)) in text
    for place, player in enumerate(toy.players, start=1):
        name = (
            f"<@{player.user_id}>"
            if player.user_id
            else message("ratings.computer", language, level=message("computer_level.hard", language))
        )
        line = message("ratings.line", language, place=place, player=name, rating=rating_text(player, language),
                       played=message("ratings.played", language, n=player.played),
                       won=message("ratings.won", language, n=player.won))  # fmt: skip
        assert line in text
    assert [p.played for p in toy.players if p.user_id == str(ADA.id)] == [2]
    assert f"<@{DEE.id}>" not in text, "another server's game does not count"
    games = message("ratings.games", language, n=2)
    assert message("ratings.footer", language, page=1, pages=1, games=games) in text


async def test_a_chosen_game_its_ties_and_a_shared_answer(played: World) -> None:
    interaction = await played.evo(BEA, "leaderboard", string("game", OTHER), integer("page", 3),
                                   boolean("share", True))  # fmt: skip
    reply = played.fake.reply(interaction)
    assert reply.audience == "public" and not reply.ephemeral
    text = reply.text()
    assert message("ratings.title", game=words_for(OTHER).title("en")) in text
    # A shared first place: both won, and neither is rated above the other.
    _, other = await server_ratings(played)
    assert other.ruleset == OTHER and {(p.played, p.won) for p in other.players} == {(1, 1)}
    assert other.players[0].ordinal == other.players[1].ordinal
    assert message("ratings.footer", page=1, pages=1, games=message("ratings.games", n=1)) in text


@pytest.mark.parametrize("language", ["pl", "uk"])
async def test_stats_give_a_players_games_rating_and_place_in_each_game(played: World, language: str) -> None:
    option, resolved = user_option("player", BEA)
    reader = dataclasses.replace(ADA, locale=language)
    interaction = await played.fake.command(played.bot, reader, "evolution", option, sub="stats", resolved=resolved)
    text = replied(played, interaction)
    assert message("stats.who", language, player=f"<@{BEA.id}>") in text
    for table in await server_ratings(played):
        place = table.rank_of(str(BEA.id))
        assert place is not None
        bea = table.players[place - 1]
        line = message("stats.line", language, game=words_for(table.ruleset).title(language),
                       played=message("ratings.played", language, n=1), won=message("ratings.won", language, n=bea.won),
                       rating=rating_text(bea, language), place=place, players=len(table.players))  # fmt: skip
        assert line in text
    assert f"<@{ADA.id}>" not in text


async def test_a_server_without_finished_games_is_told_so(world: World) -> None:
    assert replied(world, await world.evo(ADA, "leaderboard")) == message("ratings.none")
    none_of = message("ratings.none_of", game=words_for("toy").title("en"))
    assert replied(world, await world.evo(ADA, "leaderboard", string("game", "toy"))) == none_of
    assert replied(world, await world.evo(ADA, "leaderboard", string("game", "chess"))) == message(
        "refusal.unknown_ruleset"
    )
    assert message("stats.none", player=f"<@{ADA.id}>") in replied(world, await world.evo(ADA, "stats"))


def test_the_leaderboard_goes_on_page_by_page() -> None:
    players = tuple(PlayerRating(str(n), None, f"P{n}", 1, 0, 30.0 - n / 10, 5.0) for n in range(PAGE + 5))
    second = leaderboard_embed(RulesetRatings("toy", 3, players), 2, "en").to_dict()
    lines = second["description"].split("\n")
    assert len(lines) == 5 and lines[0].startswith(f"{PAGE + 1}. <@{PAGE}>")
    games = message("ratings.games", n=3)
    assert second["footer"]["text"] == message("ratings.footer", page=2, pages=2, games=games)


async def test_a_lobby_opened_on_a_server_records_the_server_its_game_counts_for(world: World) -> None:
    await world.evo(ADA, "new")
    with sqlite3.connect(world.path) as db:
        assert db.execute("SELECT channel_id, server_id FROM games").fetchall() == [(str(CHANNEL_ID), str(GUILD_ID))]
