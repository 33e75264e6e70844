"""``/evolution tutorial`` through the fake Discord (issue 20; docs/rulings.md, "Tutorial"): a whole game in the
user's DMs against computer players for each playable rule system, each decision kind explained once, in six
languages, nothing posted in a server channel, and one tutorial per user. The tutorial's own mechanics are shown on
the toy game (``tests/toy``), whose decisions are explained in its words as a shipped rule system's are."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.cogs.tutorial import EASIEST
from bot.languages import GAME_LANGUAGE
from bot.replays import Replays
from bot.tutorial import TUTORIAL, explanation, finished_line
from game_service import PLAYER_LANGUAGES, NoGameHere
from rules_core.engine import PublicView
from tests.bot.conftest import ADA, BEA, World, string
from tests.bot.driver import Driver
from tests.bot.fakes import CHANNEL_ID, OTHER_CHANNEL_ID, Message, User
from texts.messages import message
from texts.registry import playable_rulesets, words_for

pytestmark = pytest.mark.usefixtures("toy")

#: A Discord locale of each of the six languages.
LOCALES = {"en": "en-US", "hu": "hu", "pt": "pt-BR", "uk": "uk", "pl": "pl", "es": "es-ES"}


@pytest.fixture(autouse=True)
def public_boards_only(world: World) -> None:
    """The privacy check kept from the world's (North Star's) is the one every rule system shares: the renderer gets
    public views only. A tutorial has one human, so no other player's secrets can reach anybody. (Set on the
    instance for good: the world's teardown checks once more, after a monkeypatch would have been undone.)"""

    async def check() -> None:
        assert all(isinstance(view, PublicView) for view in world.rendered)
        world.rendered.clear()

    vars(world)["check_privacy"] = check


def seen(messages: list[Message], needle: str) -> list[Message]:
    """The messages that showed ``needle`` in any of their versions."""
    return [m for m in messages if any(needle in m.at(v).text() for v in range(len(m.versions)))]


async def tutorial(world: World, user: User, ruleset: str = "toy") -> str:
    """Run ``/evolution tutorial`` of ``ruleset`` (the toy game unless told, never the bot's own default, so a test
    that plays a shipped rule system names it) in the server channel; the game is the world's from then on."""
    reply = world.reply_text(await world.evo(user, "tutorial", string("game", ruleset)))
    channel = world.fake.dm_channel_id(user)
    world.game_id = (await world.service.game_info(channel_id=str(channel))).game_id
    return reply


def assert_no_server_post(world: World) -> None:
    assert not world.fake.channel_posts(CHANNEL_ID) and not world.fake.channel_posts(OTHER_CHANNEL_ID)


@pytest.mark.parametrize("ruleset", playable_rulesets())
async def test_a_whole_tutorial_game_is_played_in_the_dms_and_explains_each_decision_kind_once(
    world: World, ruleset: str
) -> None:
    assert await tutorial(world, ADA, ruleset) == message("tutorial.started")
    info = await world.info()
    assert info.channel_id == str(world.fake.dm_channel_id(ADA))
    assert info.ruleset == ruleset and [s.is_computer for s in info.players] == [False, True]
    driver = Driver(world, [ADA], seed=7)
    kinds: set[str] = set()
    for _ in range(2000):
        if not await driver.running():
            break
        due = await driver.pending(ADA)
        assert due is not None, "the game waits for nobody"
        kinds.add(due.kind)
        prompt = driver.latest_dm_prompt(ADA, due.since_version)
        assert prompt is not None, f"no prompt in the DMs for {due.kind}"
        await driver.walk(ADA, prompt)
    assert not await driver.running()
    dms = world.fake.dms(ADA)
    for kind in kinds:
        assert len(seen(dms, explanation(ruleset, kind, "en"))) == 1, kind
    assert message("standings.title") in "\n".join(m.text() for m in dms)
    assert sum(bool(m.files) for m in dms) > 1, "the board images came to the DM, phase after phase"
    assert dms[-1].text() == finished_line("en")
    assert_no_server_post(world)


@pytest.mark.parametrize("language", list(LOCALES))
async def test_the_tutorial_speaks_the_players_language(world: World, language: str) -> None:
    user = User(ADA.id, ADA.name, locale=LOCALES[language])
    ruleset = "toy"
    assert await tutorial(world, user, ruleset) == message("tutorial.started", language)
    info = await world.info()
    dms = world.fake.dms(user)
    title = words_for(ruleset).title(language)
    assert dms[0].text() == message("tutorial.welcome", language, game=title, n=1)
    # One computer is one ("against 1 computer players" read wrong).
    singular = {
        "en": "1 computer player.",
        "hu": "1 gépi játékos",
        "pt": "1 jogador do computador.",
        "uk": "1 комп'ютерного гравця.",
        "pl": "1 komputerowemu graczowi.",
        "es": "1 jugador del ordenador.",
    }
    assert singular[language] in dms[0].text()
    due = next(d for d in info.to_decide if d.user_id == str(user.id))
    assert seen(dms, explanation(ruleset, due.kind, language))
    # The DM that brings the prompt says where the game is as a DM may: no mention of the DM channel itself.
    header = message("dm.header.tutorial", language, game=info.game_id)
    (prompt,) = [m for m in dms if m.text().startswith(header)]
    kind = words_for(ruleset).decision(due.kind, language)
    notice = message("deadline.your_turn.tutorial", language, kind=kind, due="")
    assert notice.split(kind)[0] in prompt.text() and kind in prompt.text()
    assert f"<#{info.channel_id}>" not in "\n".join(m.text() for m in dms)
    assert_no_server_post(world)


async def test_a_second_tutorial_call_sends_the_prompt_again_and_says_where_the_game_is(world: World) -> None:
    await tutorial(world, ADA)
    first = await world.info()
    before = len(world.fake.dms(ADA))
    again = await world.evo(ADA, "tutorial", channel_id=world.fake.dm_channel_id(ADA))
    assert world.reply_text(again) == message("tutorial.running", game=first.game_id)
    assert (await world.info()).game_id == first.game_id
    resent = world.fake.dms(ADA)[before:]
    assert (len(resent) == 1 and resent[0].selects()) or resent[0].buttons()
    assert_no_server_post(world)


async def test_the_table_buttons_of_a_tutorials_posts_work_in_the_dm(world: World) -> None:
    await tutorial(world, ADA)
    post = next(m for m in world.fake.dms(ADA) if m.files)
    for verb in ("board", "hand"):
        button = next(i for i in post.items() if str(i.get("custom_id", "")).startswith(f"evo:t:{verb}:"))
        reply = world.reply_text(await world.fake.click(world.bot, ADA, post, button["custom_id"]))
        assert message("refusal.guild_only") not in reply and message("refusal.no_game_here") not in reply, verb
    assert_no_server_post(world)


async def test_a_tutorial_can_be_abandoned_in_its_dm_and_another_started(world: World) -> None:
    await tutorial(world, ADA)
    first = await world.info()
    await world.evo(ADA, "abandon", channel_id=world.fake.dm_channel_id(ADA))
    assert (await world.service.game_info(game_id=first.game_id)).status == "abandoned"
    assert await tutorial(world, ADA) == message("tutorial.started")
    assert (await world.info()).game_id != first.game_id
    assert_no_server_post(world)


async def test_no_tutorial_opens_for_a_user_whose_dms_are_closed(world: World) -> None:
    world.fake.closed_dms.add(ADA.id)
    reply = world.reply_text(await world.evo(ADA, "tutorial", string("game", "toy")))
    assert reply == message("refusal.tutorial_dms_closed")
    with pytest.raises(NoGameHere):
        await world.service.game_info(channel_id=str(world.fake.dm_channel_id(ADA)))
    assert_no_server_post(world)


async def test_a_tutorial_a_stop_left_without_its_computers_is_seated_and_started_by_the_next_call(
    world: World,
) -> None:
    """A stop between the tutorial's lobby and its computers' seats leaves a lobby with the user alone; the next
    ``/evolution tutorial`` seats the computers it lacks and starts it (docs/rulings.md, "Tutorial")."""
    dm = str(world.fake.dm_channel_id(ADA))
    half = await world.service.create_game(
        ruleset="toy",
        channel_id=dm,
        host_id=str(ADA.id),
        host_name="Ada",
        settings={TUTORIAL: True, PLAYER_LANGUAGES: {str(ADA.id): "en"}, GAME_LANGUAGE: "en"},
    )
    assert len(half.players) == 1 and half.status == "lobby"
    world.game_id = half.game_id
    again = await world.evo(ADA, "tutorial")
    assert world.reply_text(again) == message("tutorial.running", game=half.game_id)
    info = await world.info()
    assert info.status == "running" and info.game_id == half.game_id
    assert [p.level for p in info.players] == [None, EASIEST]
    assert [p.name for p in info.players][1:] == [message("player.computer_name", n=1)]
    assert any(m.files for m in world.fake.dms(ADA)), "the table, posted in the DM"
    assert_no_server_post(world)


async def test_mygames_names_a_tutorial_by_its_dm_not_a_channel_mention(world: World) -> None:
    await tutorial(world, ADA)
    info = await world.info()
    listed = world.reply_text(await world.evo(ADA, "mygames"))
    assert message("mygames.tutorial") in listed and f"<#{info.channel_id}>" not in listed


async def test_a_finished_tutorial_is_replayed_in_its_dm(world: World) -> None:
    """Issue 30: /evolution replay was refused in a DM, so a tutorial could not be replayed. (The toy game's replay
    is built in a thread of this process, where it is registered.)"""
    world.bot.replays = Replays(executor=ThreadPoolExecutor(1))
    await tutorial(world, ADA)
    dm_channel = world.fake.dm_channel_id(ADA)
    reply = world.fake.reply(await world.evo(ADA, "replay", channel_id=dm_channel))
    assert reply.text() == message("refusal.replay_none"), "not over yet"
    driver = Driver(world, [ADA], seed=3)
    while await driver.running():
        due = await driver.pending(ADA)
        assert due is not None
        prompt = driver.latest_dm_prompt(ADA, due.since_version)
        assert prompt is not None
        await driver.walk(ADA, prompt)
    game_id = (await world.info()).game_id
    reply = world.fake.reply(await world.evo(ADA, "replay", channel_id=dm_channel))
    assert reply.embeds[0]["title"] == message("replay.title", game=game_id)
    assert [name for name, _ in reply.files] == ["replay.gif"]
    # A DM without games of its own has none to replay.
    other = world.fake.reply(await world.evo(BEA, "replay", channel_id=world.fake.dm_channel_id(BEA)))
    assert other.text() == message("refusal.guild_only")
    assert_no_server_post(world)
