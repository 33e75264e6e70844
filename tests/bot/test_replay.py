"""``/evolution replay`` and the spectators' ``/evolution board`` through the fake Discord: a finished game as a real
animated GIF (frames, size limit), private or shared, in the game's language; clear refusals for a running game,
another channel's game, an unknown number and a channel without a finished game (docs/rulings.md, "Replays"). Shown
on the toy game (``tests/toy``), whose replays the bot builds in a thread of this process (it is registered here
only)."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from bot.limits import UPLOAD
from bot.panels import REPLAY_FILE
from bot.replays import Replays
from renderer import render_board
from renderer.animation import animate, phase_boards
from rules_core.engine import PublicView
from tests.bot.conftest import ADA, BEA, STRANGER, World, boolean, integer, string
from tests.bot.fakes import CHANNEL_ID, OTHER_CHANNEL_ID, Message
from tests.discord_api.limits import UPLOAD_LIMIT
from tests.renderer.test_animation import frames
from texts.board_labels import board_labels
from texts.languages import DISCORD_LOCALES, LANGUAGES
from texts.messages import message


class Noted(Replays):
    """The bot's replays, built in a thread of this process, noting the labels each was asked in (the toy game's
    board draws none of them, so its image cannot show which)."""

    def __init__(self) -> None:
        super().__init__(executor=ThreadPoolExecutor(1))
        self.labels: list[dict[str, str]] = []

    async def replay(
        self, game_id: int, language: str, views: Sequence[PublicView], labels: Mapping[str, str], max_bytes: int
    ) -> bytes:
        self.labels.append(dict(labels))
        return await super().replay(game_id, language, views, labels, max_bytes)


@pytest.fixture(autouse=True)
def toy(toy: None, world: World) -> Iterator[None]:
    """The toy game is playable, and the bot builds its replays where it is registered."""
    world.bot.replays = Noted()
    yield


async def finished(world: World, *, language: str | None = None) -> int:
    """A two-player game of the channel played to its end through the service (each seat's first legal move)."""
    await world.evo(ADA, "new", string("game", "toy"), *([string("language", language)] if language else []))
    world.game_id = (await world.service.game_info(channel_id=str(CHANNEL_ID))).game_id
    await world.evo(BEA, "join")
    await world.evo(ADA, "start")
    info = await world.info()
    while info.status == "running":
        due = next(d for d in info.to_decide if d.user_id is not None)
        assert due.user_id is not None
        seat = await world.service.prompt(channel_id=info.channel_id, user_id=due.user_id, game_id=info.game_id)
        assert seat.prompt is not None
        await world.service.submit(
            channel_id=info.channel_id,
            user_id=due.user_id,
            action=seat.prompt.actions[0],
            expected_version=seat.prompt.decision.since_version,
            game_id=info.game_id,
        )
        info = await world.service.game_info(game_id=info.game_id)
    assert info.status == "finished"
    return info.game_id


def gif_of(reply: Message) -> Image.Image:
    [(name, data)] = reply.files
    assert name == REPLAY_FILE
    assert len(data) <= UPLOAD_LIMIT
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    return image


def expected_replay(boards: list[PublicView], language: str) -> bytes:
    """The replay of these boards, drawn by the real renderer in ``language``, as the bot's worker builds it."""
    return animate(boards, render=render_board, labels=board_labels(language, "toy"), max_bytes=UPLOAD)


async def test_a_spectator_replays_the_finished_game_as_an_animated_board_with_the_scores(world: World) -> None:
    game_id = await finished(world)
    reply = world.fake.reply(await world.evo(STRANGER, "replay"))  # not a player: anybody in the channel may watch
    assert reply.ephemeral
    gif = gif_of(reply)
    history = await world.service.history(game_id=game_id)
    boards = phase_boards([e.public_view for e in history.entries if e.public_view is not None])
    assert boards[-1].outcome is not None, "the last board is the finished game's, with its scores"
    # The start, each phase's end and the final board, public views only, drawn by the renderer.
    assert reply.files[0][1] == expected_replay(boards, "en")
    # (The toy's boards draw the points only: equal boards in a row are one frame of the GIF.)
    assert len(boards) >= 4 and 2 <= frames(gif) <= len(boards)
    assert gif.info["loop"] == 0
    embed = reply.embeds[0]
    assert embed["title"] == message("replay.title", game=game_id)
    assert embed["image"]["url"] == f"attachment://{REPLAY_FILE}"
    assert message("standings.title") in embed["description"]


async def test_a_shared_replay_is_posted_to_the_channel_and_the_asker_told(world: World) -> None:
    game_id = await finished(world)
    asked = await world.evo(BEA, "replay", integer("game", game_id), boolean("share", True))
    private, public = world.fake.replies(asked)
    assert private.ephemeral and private.text() == message("replay.shared", game=game_id)
    assert not public.ephemeral and public.audience == "public"
    gif_of(public)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_replay_speaks_the_games_language_and_its_refusals_the_readers(world: World, language: str) -> None:
    game_id = await finished(world, language=language)
    reader = dataclasses.replace(STRANGER, locale=DISCORD_LOCALES[language][0])
    reply = world.fake.reply(await world.evo(STRANGER, "replay"))
    embed = reply.embeds[0]
    assert embed["title"] == message("replay.title", language, game=game_id)
    assert message("standings.title", language) in embed["description"]
    history = await world.service.history(game_id=game_id)
    boards = phase_boards([e.public_view for e in history.entries if e.public_view is not None])
    assert reply.files[0][1] == expected_replay(boards, language), "the boards in the game's words"
    # Asked again, the replay kept is given at once.
    again = world.fake.reply(await world.evo(reader, "replay", integer("game", game_id)))
    assert again.files[0][1] == reply.files[0][1]
    assert isinstance(world.bot.replays, Noted)
    assert world.bot.replays.labels == [dict(board_labels(language, "toy"))] * 2, (
        "the game's language, not the reader's"
    )
    refused = world.reply_text(await world.evo(reader, "replay", integer("game", game_id + 100)))
    assert refused == message("refusal.replay_unknown", language, game=game_id + 100)


async def test_refusals_a_running_game_another_channels_and_an_empty_channel(world: World) -> None:
    assert world.reply_text(await world.evo(ADA, "replay")) == message("refusal.replay_none")
    game_id = await finished(world)
    await world.lobby(ADA, BEA, game="toy")
    running = (await world.info()).game_id
    assert world.reply_text(await world.evo(ADA, "replay", integer("game", running))) == message(
        "refusal.replay_running", game=running
    )
    await world.evo(ADA, "start")
    assert world.reply_text(await world.evo(ADA, "replay", integer("game", running))) == message(
        "refusal.replay_running", game=running
    )
    # With a game running, the latest finished one is still the default.
    assert world.fake.reply(await world.evo(ADA, "replay")).embeds[0]["title"] == message("replay.title", game=game_id)
    elsewhere = await world.fake.command(
        world.bot, ADA, "evolution", integer("game", game_id), sub="replay", channel_id=OTHER_CHANNEL_ID
    )
    assert world.reply_text(elsewhere) == message("refusal.replay_elsewhere", game=game_id)
    await world.evo(ADA, "abandon")
    assert world.reply_text(await world.evo(ADA, "replay", integer("game", running))) == message(
        "refusal.replay_abandoned", game=running
    )


async def test_a_spectator_sees_the_finished_games_board_and_scores(world: World) -> None:
    await finished(world)
    reply = world.fake.reply(await world.evo(STRANGER, "board"))
    assert reply.ephemeral and [name for name, _ in reply.files] == ["board.png"]
    final = world.rendered[-1]
    assert final.outcome is not None, "the final board"
    assert message("standings.title") in reply.text()
    info = await world.info()
    assert info.outcome is not None
    history = world.reply_text(await world.evo(STRANGER, "history")).split("\n")
    # The latest page tells the end: the game's last move (each seat's first legal move: the stones are shown).
    assert history[-2].startswith(message("toy.event.Shown", stones="").removesuffix(".")), history


@pytest.mark.parametrize("language", LANGUAGES)
async def test_mygames_and_the_spectators_board_speak_the_readers_language(world: World, language: str) -> None:
    reader = dataclasses.replace(BEA, locale=DISCORD_LOCALES[language][0])
    await world.lobby(ADA, BEA, game="toy")
    await world.evo(ADA, "start")
    info = await world.info()
    text = world.reply_text(await world.evo(reader, "mygames"))
    assert text.startswith(message("mygames.title", language) + "\n")
    kind = message("toy.decision.pick", language)
    assert f"<#{CHANNEL_ID}>" in text and kind in text
    stranger = dataclasses.replace(STRANGER, locale=DISCORD_LOCALES[language][0])
    assert world.reply_text(await world.evo(stranger, "mygames")) == message("mygames.none", language)
    await world.evo(ADA, "abandon")
    assert (await world.service.game_info(game_id=info.game_id)).status == "abandoned"
    # The channel's latest game is still shown to an onlooker, in the onlooker's language.
    reply = world.fake.reply(await world.evo(stranger, "board"))
    assert reply.files and world.board_labels[-1] == dict(board_labels(language, "toy"))
