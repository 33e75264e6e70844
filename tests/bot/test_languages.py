"""The bot speaks each player's language: ephemeral replies and errors in the user's Discord language, direct
messages in the player's language as last seen (also after a restart), channel posts and board images in the game's
language (chosen by the host, else the server's), and the board of ``/evolution board`` in the reader's language.
Games are the toy game's (``tests/toy``), whose own words are English only: what tells the languages apart is the
bot's own words around them (the prompt's head, the hand, whose move it is) and the board's labels. ``/rules`` in
each language: tests/north_star/ui/test_rules_command.py."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.panels import waiting_line
from evolution_bot.config import Settings
from tests.bot.conftest import ADA, World, check_logs, close_world, open_world, string
from tests.bot.driver import menu_items
from tests.bot.fakes import CHANNEL_ID, Message, User
from tests.bot.test_play import QUIET, choose
from texts.board_labels import board_labels
from texts.messages import message

pytestmark = pytest.mark.usefixtures("toy")

OLENA = User(4_000_000_000_000_021, "Olena", locale="uk")
ZSOFI = User(4_000_000_000_000_022, "Zsófi", locale="hu")
PIERRE = User(4_000_000_000_000_023, "Pierre", locale="fr")


def said(key: str, language: str, /, **params: Any) -> str:
    """The message in ``language``, which must be a translation (else these tests could not tell languages apart)."""
    text = message(key, language, **params)
    assert text != message(key, "en", **params), f"{key} is not translated into {language}"
    return text


def title(post: Message) -> str:
    """An embed's title, or a layout's heading (its first text display, "## ...")."""
    if post.embeds:
        return str(post.embeds[0]["title"])
    return post.layout_text()[0].removeprefix("## ")


def shows_hand(post: Message, language: str) -> bool:
    """A player's private card that shows their hand under its heading in ``language``."""
    return f"### {said('hand.title', language)}" in post.layout_text()[1].split("\n")


async def polish_server_game(world: World) -> None:
    """A game on a Polish server between a Ukrainian-speaking host and a Hungarian-speaking player."""
    world.fake.guild_locale = "pl"
    await world.lobby(OLENA, ZSOFI, game="toy", options=QUIET)


def kind(decision: str, language: str) -> str:
    """The prompt's head for a decision of the toy game's (whose own words are English), in ``language``."""
    return said("prompt.title", language, kind=message(f"toy.decision.{decision}", language))


async def whose_move(world: World, language: str) -> str:
    """Whose move it is, in ``language``, which must be a translation."""
    info = await world.info()
    line = waiting_line(info, info.to_decide, language)
    assert line != waiting_line(info, info.to_decide, "en")
    return line


async def test_a_ukrainian_and_a_hungarian_player_each_get_their_language(world: World) -> None:
    await polish_server_game(world)
    (lobby,) = world.fake.channel_posts()
    assert title(lobby) == said("lobby.title", "pl")
    assert {"name": said("lobby.language", "pl"), "value": "Polski", "inline": True} in lobby.embeds[0]["fields"]

    reply = world.fake.reply(await world.evo(OLENA, "start"))
    assert reply.audience == str(OLENA.id) and reply.text() == said("lobby.started_reply", "uk")
    # The channel: the game's language, words and board.
    status = world.fake.channel_posts()[-1]
    assert await whose_move(world, "pl") in status.text()
    assert world.board_labels[-1] == board_labels("pl", "toy") != board_labels("en", "toy")
    # Direct messages: each player's own language.
    (olena_dm,) = world.fake.dms(OLENA)
    (zsofi_dm,) = world.fake.dms(ZSOFI)
    assert said("dm.header", "uk", game=world.game_id, channel=f"<#{CHANNEL_ID}>") in olena_dm.layout_text()[0]
    assert shows_hand(olena_dm, "uk") and shows_hand(zsofi_dm, "hu")
    assert kind("pick", "uk") in olena_dm.text()
    assert kind("pick", "hu") in zsofi_dm.text()

    # Ephemeral answers: the hand, the board (its image too) and a refusal, each in the asker's language.
    hand = world.fake.reply(await world.evo(ZSOFI, "hand"))
    assert hand.audience == str(ZSOFI.id) and shows_hand(hand, "hu")
    board = world.fake.reply(await world.fake.click(world.bot, OLENA, status, f"evo:t:board:{world.game_id}"))
    assert board.audience == str(OLENA.id)
    assert await whose_move(world, "uk") in board.text()
    assert world.board_labels[-1] == board_labels("uk", "toy") != board_labels("pl", "toy")
    refusal = world.fake.reply(await world.evo(ZSOFI, "start"))
    assert refusal.text() == said("refusal.already_started", "hu")

    # A move from the DM prompt: the answer stays Ukrainian; the channel's update stays Polish.
    await choose(world, OLENA, olena_dm)
    done_before_the_action = said("prompt.done", "uk", action="\0").split("\0")[0]
    assert done_before_the_action in world.fake.messages[olena_dm.id].text()
    edited = world.fake.messages[status.id]
    assert message("toy.event.Picked", player="Olena") in edited.text(), "the status message told her move"
    assert await whose_move(world, "pl") in edited.text()


async def test_direct_messages_after_a_restart_are_in_the_players_language(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    path = tmp_path / "games.db"
    first = await open_world(path)
    try:
        await polish_server_game(first)
        await first.evo(OLENA, "start")
        (olena_dm,) = first.fake.dms(OLENA)
        await choose(first, OLENA, olena_dm)
        fake, game_id = first.fake, first.game_id
    finally:
        await close_world(first)

    second = await open_world(path, fake)
    second.game_id = game_id
    try:
        # Zsófi moves in the channel until a decision falls to Olena, who has not been seen by this process: she is
        # told by DM, in Ukrainian.
        dms_before = len(fake.dms(OLENA))
        for _ in range(20):
            info = await second.info()
            if any(d.user_id == str(OLENA.id) for d in info.to_decide):
                break
            option = string("action", "", focused=True)
            choices = await fake.autocomplete(second.bot, ZSOFI, "evolution", option, sub="move")
            await fake.command(second.bot, ZSOFI, "evolution", string("action", choices[-1]["value"]), sub="move")
        new_dms = fake.dms(OLENA)[dms_before:]
        assert new_dms and all(shows_hand(dm, "uk") for dm in new_dms)
        assert any(menu_items(dm) for dm in new_dms)
        (due,) = [d for d in (await second.info()).to_decide if d.user_id == str(OLENA.id)]
        assert kind(due.kind, "uk") in new_dms[-1].text()
        await second.check_privacy()
    finally:
        await close_world(second)
    check_logs(caplog.records, first, second)


async def test_a_player_whose_client_changes_language_is_written_to_in_the_new_one(world: World) -> None:
    await polish_server_game(world)
    seen_in_hungarian = User(OLENA.id, OLENA.name, locale="hu")
    await world.evo(seen_in_hungarian, "status")
    await world.evo(seen_in_hungarian, "hand")  # refused (not started): nothing is noted
    assert (await world.info()).settings["player_languages"][str(OLENA.id)] == "uk", "status alone does not count"
    await world.fake.click(world.bot, seen_in_hungarian, world.fake.channel_posts()[0], f"evo:l:join:{world.game_id}")
    await world.evo(OLENA, "start")
    await world.evo(seen_in_hungarian, "hand")
    assert (await world.info()).settings["player_languages"][str(OLENA.id)] == "hu"


async def test_the_host_chooses_the_language_at_creation_and_later(world: World) -> None:
    world.fake.guild_locale = "pl"
    await world.evo(ADA, "new", string("language", "hu"))
    (lobby,) = world.fake.channel_posts()
    assert title(lobby) == said("lobby.title", "hu")
    assert (await world.info()).settings["language"] == "hu"

    refusal = world.fake.reply(await world.evo(OLENA, "language", string("language", "es")))
    assert refusal.text() == said("refusal.not_host", "uk")
    reply = world.fake.reply(await world.evo(ADA, "language", string("language", "uk")))
    assert reply.audience == str(ADA.id) and reply.text() == message("language.changed_reply", language="Українська")
    notice = world.fake.channel_posts()[-1]
    assert notice.content == said("language.changed", "uk", language="Українська")
    assert title(world.fake.messages[lobby.id]) == said("lobby.title", "uk")
    assert (await world.info()).settings["language"] == "uk"


async def test_a_lobby_button_keeps_the_lobby_in_the_games_language(world: World) -> None:
    world.fake.guild_locale = "es-419"
    await world.evo(ADA, "new")
    (lobby,) = world.fake.channel_posts()
    game_id = (await world.info()).game_id
    await world.fake.click(world.bot, ZSOFI, lobby, f"evo:l:join:{game_id}")
    edited = world.fake.messages[lobby.id]
    assert title(edited) == said("lobby.title", "es")
    assert edited.button(said("button.join", "es"))
    # Computer seats are named in the game's language too, by button or by command.
    await world.fake.click(world.bot, ADA, lobby, f"evo:l:bot:{game_id}")
    await world.evo(ADA, "addbot")
    names = [seat.name for seat in (await world.info()).players]
    assert names[2:] == [said("player.computer_name", "es", n=1), said("player.computer_name", "es", n=2)]


async def test_an_unknown_locale_gets_the_configured_language(world: World) -> None:
    world.bot.settings = world.bot.announcer.settings = Settings(database=world.path, default_language="pl")
    world.fake.guild_locale = "fr"
    reply = world.fake.reply(await world.evo(PIERRE, "new"))
    assert reply.text() == said("lobby.created", "pl")
    info = await world.info()
    assert "language" not in info.settings, "a server language the bot does not speak is not kept"
    assert title(world.fake.channel_posts()[-1]) == said("lobby.title", "pl")
    # The configured default applies to the game's posts until the host chooses.
    world.bot.settings = world.bot.announcer.settings = Settings(database=world.path, default_language="es")
    await world.evo(ADA, "join")
    assert title(world.fake.messages[world.fake.channel_posts()[-1].id]) == said("lobby.title", "es")
