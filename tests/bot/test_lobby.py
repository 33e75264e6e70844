"""The lobby through the real command tree and the lobby message's buttons: happy paths and refusals. The games
it starts are the toy game's (``tests/toy``); a lobby opened without naming a game is of the bot's default."""

from __future__ import annotations

import dataclasses

import pytest

from computer_players.registry import OFFERED_LEVELS
from tests.bot.conftest import ADA, BEA, CY, MOD, STRANGER, World, integer, string
from tests.bot.driver import menu_items
from tests.bot.fakes import CHANNEL_ID, Interaction, Message, User
from tests.toy.rules import RULES as TOY
from texts.messages import message
from texts.options import option_form

pytestmark = pytest.mark.usefixtures("toy")


async def toy_lobby(world: World, host: User, *others: User, computers: int = 0) -> Message:
    return await world.lobby(host, *others, computers=computers, game="toy")


def ephemeral_reply(world: World, interaction: Interaction) -> Message:
    reply = world.fake.reply(interaction)
    assert reply.audience == str(interaction.user.id), "the answer is not private"
    return reply


def refused_with(world: World, interaction: Interaction, key: str, **params: object) -> None:
    reply = ephemeral_reply(world, interaction)
    assert reply.text() == message(key, **params)


async def test_new_posts_a_lobby_with_join_leave_computer_and_start_buttons(world: World) -> None:
    interaction = await world.evo(ADA, "new")
    assert ephemeral_reply(world, interaction).text() == message("lobby.created")
    lobby = world.fake.channel_posts()[-1]
    assert lobby.audience == "public"
    ids = [item["custom_id"] for item in lobby.items()]
    assert ids == ["evo:l:join:1", "evo:l:leave:1", "evo:l:bot:1", "evo:l:start:1"]
    assert [b["label"] for b in lobby.buttons()] == [
        message("button.join"),
        message("button.leave"),
        message("button.add_computer"),
        message("button.start"),
    ]
    assert f"<@{ADA.id}>" in lobby.text()


async def test_a_second_game_in_the_same_channel_is_refused(world: World) -> None:
    await world.evo(ADA, "new")
    refused_with(world, await world.evo(BEA, "new"), "refusal.game_exists")


async def test_new_is_refused_where_the_bot_cannot_post_images(world: World) -> None:
    world.fake.app_permissions = 1 << 11  # send messages only
    refused_with(world, await world.evo(ADA, "new"), "refusal.missing_permissions")
    refused_with(world, await world.evo(ADA, "status"), "refusal.no_game_here")


async def test_join_by_command_updates_the_lobby_message(world: World) -> None:
    lobby = await world.lobby(ADA)
    interaction = await world.evo(BEA, "join")
    assert ephemeral_reply(world, interaction).text() == message("lobby.joined", n=2, max=6)
    assert f"<@{BEA.id}>" in world.fake.messages[lobby.id].text()
    refused_with(world, await world.evo(BEA, "join"), "refusal.already_joined")


async def test_join_and_leave_by_button_edit_the_lobby_in_place(world: World) -> None:
    lobby = await world.lobby(ADA)
    posts = len(world.fake.channel_posts())
    interaction = await world.fake.click(world.bot, BEA, lobby, "evo:l:join:1")
    assert interaction.response_type == 6 and interaction.original == lobby.id
    assert f"<@{BEA.id}>" in world.fake.messages[lobby.id].text()
    await world.fake.click(world.bot, BEA, world.fake.messages[lobby.id], "evo:l:leave:1")
    assert f"<@{BEA.id}>" not in world.fake.messages[lobby.id].text()
    assert len(world.fake.channel_posts()) == posts
    refused_with(world, await world.fake.click(world.bot, CY, lobby, "evo:l:leave:1"), "refusal.not_a_player")


async def test_only_the_host_or_an_admin_adds_a_computer_or_starts(world: World) -> None:
    lobby = await toy_lobby(world, ADA, BEA)
    refused_with(world, await world.evo(BEA, "addbot"), "refusal.not_host")
    refused_with(world, await world.fake.click(world.bot, BEA, lobby, "evo:l:bot:1"), "refusal.not_host")
    refused_with(world, await world.evo(BEA, "start"), "refusal.not_host")
    refused_with(world, await world.fake.click(world.bot, BEA, lobby, "evo:l:start:1"), "refusal.not_host")
    # Manage Channels is enough, without a seat.
    await world.evo(MOD, "addbot")
    info = await world.info()
    assert [p.is_computer for p in info.players] == [False, False, True]
    assert "Computer 1" in world.fake.messages[lobby.id].text()


async def test_the_host_chooses_how_well_a_computer_plays(world: World) -> None:
    lobby = await toy_lobby(world, ADA, BEA)
    await world.evo(ADA, "addbot", string("level", "hard"))
    await world.evo(ADA, "addbot")
    info = await world.info()
    assert [p.level for p in info.players] == [None, None, "hard", "normal"]
    shown = world.fake.messages[lobby.id].text()
    assert message("player.computer_at_level", name="Computer 1", level=message("computer_level.hard")) in shown
    assert message("player.computer_at_level", name="Computer 2", level=message("computer_level.normal")) in shown
    # A value typed past the offered choices changes nothing.
    reply = world.reply_text(await world.evo(ADA, "addbot", string("level", "brutal")))
    assert reply == message("refusal.unknown_level") and len((await world.info()).players) == 4
    offered = await world.fake.autocomplete(
        world.bot, ADA, "evolution", string("level", "", focused=True), sub="addbot"
    )
    assert [c["value"] for c in offered] == ["easy", "normal", "hard"]
    assert offered[2]["name"] == message("computer_level.hard")


async def test_a_game_offers_only_the_levels_its_computer_honours(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game that offers easy alone (as the dice game does, docs/benchmarks.md): the list shows it, a level typed
    # past it is refused.
    monkeypatch.setitem(OFFERED_LEVELS, TOY.name, ("easy",))
    await world.evo(ADA, "new", string("game", "toy"))
    world.game_id = (await world.info()).game_id
    offered = await world.fake.autocomplete(
        world.bot, ADA, "evolution", string("level", "", focused=True), sub="addbot"
    )
    assert offered == [{"name": message("computer_level.easy"), "value": "easy"}]
    refused_with(world, await world.evo(ADA, "addbot", string("level", "hard")), "refusal.level_not_offered",
                 level=message("computer_level.hard"), levels=message("computer_level.easy"))  # fmt: skip
    await world.evo(ADA, "addbot")
    assert [p.level for p in (await world.info()).players] == [None, "easy"]


async def test_starting_alone_is_refused_with_the_numbers(world: World) -> None:
    await toy_lobby(world, ADA)
    refused_with(world, await world.evo(ADA, "start"), "refusal.too_few_players", players=1, min_players=2)


async def test_start_by_button_closes_the_lobby_posts_the_board_and_deals_by_dm(world: World) -> None:
    lobby = await toy_lobby(world, ADA, BEA)
    await world.fake.click(world.bot, ADA, lobby, "evo:l:start:1")
    closed = world.fake.messages[lobby.id]
    assert closed.components == [] and message("lobby.started") in closed.text()
    post = world.fake.channel_posts()[-1]
    assert post.files and post.files[0][0] == "board.png"
    assert f"<@{ADA.id}>" in post.text() and f"<@{BEA.id}>" in post.text()
    assert [b["custom_id"] for b in post.buttons()] == ["evo:t:hand:1", "evo:t:board:1"]
    for user in (ADA, BEA):
        (dm,) = world.fake.dms(user)
        assert dm.audience == str(user.id)
        assert message("prompt.title", kind=message("toy.decision.pick")) in dm.text()
        assert menu_items(dm), "the secret pick is chosen in the DM"
    # The old lobby button now says the game has started.
    old = world.fake.messages[lobby.id].at(0)
    refused_with(world, await world.fake.click(world.bot, CY, old, "evo:l:join:1"), "refusal.already_started")


async def test_start_by_command(world: World) -> None:
    await toy_lobby(world, ADA, BEA)
    interaction = await world.evo(ADA, "start")
    assert ephemeral_reply(world, interaction).text() == message("lobby.started_reply")
    assert (await world.info()).status == "running"
    refused_with(world, await world.evo(ADA, "start"), "refusal.already_started")
    refused_with(world, await world.evo(CY, "join"), "refusal.already_started")


async def test_kick_a_player_or_a_computer_seat(world: World) -> None:
    lobby = await toy_lobby(world, ADA, BEA, CY, computers=1)
    refused_with(world, await world.kick_user(BEA, CY), "refusal.not_host")
    refused_with(world, await world.kick_user(ADA, ADA), "refusal.cannot_kick_self")
    refused_with(world, await world.kick_user(ADA, STRANGER), "refusal.not_a_player")
    refused_with(world, await world.evo(ADA, "kick"), "refusal.kick_target")
    await world.kick_user(ADA, CY)
    assert f"<@{CY.id}>" not in world.fake.messages[lobby.id].text()
    await world.evo(ADA, "kick", integer("seat", 3))
    info = await world.info()
    assert [p.name for p in info.players] == ["Ada", "Bea"]


async def test_leaving_a_running_game_hands_the_seat_to_a_computer(world: World) -> None:
    await toy_lobby(world, ADA, BEA, CY)
    await world.evo(ADA, "start")
    await world.evo(CY, "leave")
    info = await world.info()
    assert info.players[2].is_computer
    assert message("player.left", player="Cy") in world.fake.channel_posts()[-1].text() or any(
        message("player.left", player="Cy") in m.text() for m in world.fake.channel_posts()
    )


async def test_the_host_leaving_passes_the_lobby_on_and_the_last_one_out_abandons_it(world: World) -> None:
    lobby = await world.lobby(ADA, BEA)
    await world.evo(ADA, "leave")
    assert (await world.info()).host_id == str(BEA.id)
    await world.evo(BEA, "leave")
    assert message("lobby.abandoned") in world.fake.messages[lobby.id].text()
    refused_with(world, await world.evo(BEA, "status"), "refusal.no_game_here")


async def test_abandon_is_for_the_host_or_an_admin(world: World) -> None:
    await toy_lobby(world, ADA, BEA)
    await world.evo(ADA, "start")
    refused_with(world, await world.evo(BEA, "abandon"), "refusal.not_host")
    interaction = await world.evo(MOD, "abandon")
    assert ephemeral_reply(world, interaction).text() == message("game.abandoned_reply")
    assert world.fake.channel_posts()[-1].text() == message("game.abandoned", player=f"<@{MOD.id}>")
    refused_with(world, await world.evo(ADA, "hand"), "refusal.no_game_here")


async def test_status_in_the_lobby_and_in_a_running_game(world: World) -> None:
    refused_with(world, await world.evo(ADA, "status"), "refusal.no_game_here")
    await toy_lobby(world, ADA, BEA)
    text = ephemeral_reply(world, await world.evo(STRANGER, "status")).text()
    assert message("info.title_lobby") in text and f"<@{BEA.id}>" in text
    await world.evo(ADA, "start")
    text = ephemeral_reply(world, await world.evo(STRANGER, "status")).text()
    assert message("info.title_running") in text
    assert message("toy.status.title", round=1, phase=message("toy.phase.pick")) in text


async def test_lobby_commands_in_another_channel_see_no_game(world: World) -> None:
    await world.lobby(ADA)
    from tests.bot.fakes import OTHER_CHANNEL_ID

    interaction = await world.fake.command(world.bot, BEA, "evolution", sub="join", channel_id=OTHER_CHANNEL_ID)
    refused_with(world, interaction, "refusal.no_game_here")
    assert CHANNEL_ID != OTHER_CHANNEL_ID


async def test_an_old_lobby_button_never_reaches_the_channels_next_game(world: World) -> None:
    old = await world.lobby(ADA)
    await world.evo(ADA, "abandon")
    await world.lobby(BEA)
    refused_with(world, await world.fake.click(world.bot, CY, old.at(0), "evo:l:join:1"), "refusal.game_closed")
    info = await world.service.game_info(channel_id=str(CHANNEL_ID))
    assert [p.name for p in info.players] == ["Bea"]


async def test_a_command_from_an_older_sync_is_answered_not_crashed(world: World) -> None:
    interaction = await world.fake.command(world.bot, ADA, "evolve")
    assert world.fake.reply(interaction).text() == message("error.unknown_command")


async def test_new_offers_the_rule_systems_and_their_options_in_the_readers_language(world: World) -> None:
    hungarian = dataclasses.replace(ADA, locale="hu")
    games = await world.fake.autocomplete(
        world.bot, hungarian, "evolution", string("game", "", focused=True), sub="new"
    )
    assert {"name": message("toy.title", "hu"), "value": "toy"} in games
    options = await world.fake.autocomplete(
        world.bot, hungarian, "evolution", string("game", "toy"), string("options", "", focused=True), sub="new"
    )
    assert options and all(o["value"].split("=")[0] in {spec.name for spec in TOY.option_specs} for o in options)
    # The options are those of the game chosen in the same command (Discord names that option "game"): another
    # game's are not among them.
    others = await world.fake.autocomplete(world.bot, ADA, "evolution", string("options", "", focused=True), sub="new")
    assert not {o["value"] for o in options} & {o["value"] for o in others}
    # An option the rule system does not have is refused by name, and nothing is opened.
    reply = world.fake.reply(await world.evo(hungarian, "new", string("game", "toy"), string("options", "gyors")))
    valid = ", ".join(option_form(spec) for spec in TOY.option_specs)
    assert reply.text() == message("refusal.unknown_option", "hu", option="gyors", valid=valid)
    assert not world.fake.channel_posts()
    # The chosen options are the game's, and the lobby says them.
    await world.evo(ADA, "new", string("game", "toy"), string("options", "rounds=3"))
    info = await world.info()
    assert info.ruleset == "toy" and info.options["rounds"] == 3
    assert message("toy.option.rounds") in world.fake.channel_posts()[-1].text()


async def test_a_forged_button_with_a_game_id_out_of_range_is_answered_no_such_game(world: World) -> None:
    """The custom id's pattern takes 19 digits; the service refuses an id past 2**63 - 1 as a bad id, which the
    player reads as a game that does not exist (no traceback, nothing changed)."""
    lobby = await world.lobby(ADA)
    for custom_id in (f"evo:t:board:{'9' * 19}", f"evo:l:join:{'9' * 19}", f"evo:t:board:{2**63}"):
        interaction = await world.fake.forged(world.bot, BEA, lobby.at(0), custom_id)
        refused_with(world, interaction, "refusal.bad_id")
        assert message("refusal.bad_id") == message("refusal.unknown_game")
    assert [p.name for p in (await world.info()).players] == ["Ada"]


async def test_a_rule_system_without_words_is_not_offered_and_refused_by_name(world: World) -> None:
    from texts.registry import WORDS

    WORDS.unregister(TOY.name)
    try:
        games = await world.fake.autocomplete(world.bot, ADA, "evolution", string("game", "", focused=True), sub="new")
        assert TOY.name not in [game["value"] for game in games]
        refused_with(world, await world.evo(ADA, "new", string("game", TOY.name)), "refusal.unknown_ruleset")
        assert not world.fake.channel_posts()
    finally:
        from tests.toy import words

        WORDS.register(TOY.name, words.WORDS)
