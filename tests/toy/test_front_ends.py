"""A second rule system plays a whole game through the service, the console and the fake Discord, without one line of
North Star in its path (issue "One engine, many rule systems": a new rule system is its own packages plus one line
in each registry).

The toy game (``tests/toy/rules.py``) has what the real rule systems need of the front ends: a secret simultaneous
pick (prompted by DM), a call, an out-of-turn answer through the interrupt stack (a duty of the other seat, with a
deadline and a timeout move), an opportunity nobody waits for (resigning), chance, and an outcome. While it plays, a
profiler records every Python function called; none may come from a ``north_star`` package.
"""

from __future__ import annotations

import io
import logging
import re
import sys
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from PIL import Image

from bot.limits import UPLOAD
from bot.replays import Replays
from console.export import game_record
from console.session import Session, Setup, channel_id
from game_service import GameService, TimedOut
from renderer import render_board
from renderer.animation import animate, phase_boards
from rules_core.engine import PublicView
from tests.bot.conftest import ADA, BEA, World, check_logs, close_world, open_world, string
from tests.bot.fakes import CHANNEL_ID, Message
from tests.console.helpers import Script
from tests.console.test_export import replayed
from tests.service.helpers import FakeClock
from tests.toy import registered
from tests.toy.rules import Answer, Call, Pick, Resign, ToyTable
from texts.board_labels import board_labels
from texts.messages import message

NORTH_STAR = re.compile(r"[\\/]north_star[\\/]")


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered():
        yield


class Watch:
    """Every Python function called while active, in this thread and in the threads it is told of."""

    def __init__(self) -> None:
        self.files: set[str] = set()

    def profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_name != "<module>":
            self.files.add(frame.f_code.co_filename)

    @contextmanager
    def active(self) -> Iterator[None]:
        sys.setprofile(self.profile)
        try:
            yield
        finally:
            sys.setprofile(None)

    def north_star(self) -> list[str]:
        return sorted(f for f in self.files if NORTH_STAR.search(f))


@pytest.fixture
def watch() -> Watch:
    return Watch()


async def test_a_toy_game_through_the_service(tmp_path: Path, watch: Watch) -> None:
    clock = FakeClock()
    async with await GameService.open(database=tmp_path / "games.sqlite3", clock=clock) as service:
        await service.create_game(
            channel_id="c", host_id="ann", host_name="Ann", ruleset="toy", settings={"decision_time": "1h"}
        )
        await service.join(channel_id="c", user_id="bob", user_name="Bob")
        with watch.active():
            result = await service.start(channel_id="c", actor_id="ann", seed=3)
            # The secret pick: both owe it at once, it shows their stones, so it is asked privately.
            assert sorted(d.user_id for d in result.to_decide if d.user_id) == ["ann", "bob"]
            assert all(d.uses_secrets and d.kind == "pick" for d in result.to_decide)
            # Resigning is offered to both, but nobody waits for it: no deadline, not among the duties.
            assert all(Resign(p.decision.seat) in p.actions for p in result.prompts.values())
            assert all(d.due_at is not None for d in result.to_decide)
            for user in ("ann", "bob"):
                seat = await service.prompt(channel_id="c", user_id=user)
                assert seat.prompt is not None
                pick = next(a for a in seat.prompt.actions if isinstance(a, Pick))
                result = await service.submit(
                    channel_id="c", user_id=user, action=pick, expected_version=seat.prompt.decision.since_version
                )
            # Ann calls and challenges: Bob must answer out of turn, and nothing else is owed.
            (call,) = result.to_decide
            assert (call.user_id, call.kind) == ("ann", "call")
            result = await service.submit(
                channel_id="c", user_id="ann", action=Call(0, True), expected_version=call.since_version
            )
            (answer,) = result.to_decide
            assert (answer.user_id, answer.kind, answer.uses_secrets) == ("bob", "answer", False)
            assert {type(a) for a in result.prompts["bob"].actions} == {Answer, Resign}
            # Bob lets the deadline pass: the timeout move concedes.
            clock.now += timedelta(hours=2)
            (timed_out,) = [w for w in await service.run_due() if isinstance(w, TimedOut)]
            assert timed_out.kind == "answer" and timed_out.result.steps[0].action == Answer(1, False)
            # Round 2: Bob calls; both pass quickly; Bob passes the call.
            info = await service.game_info(channel_id="c")
            for user in ("ann", "bob"):
                seat = await service.prompt(channel_id="c", user_id=user)
                assert seat.prompt is not None
                pick = next(a for a in seat.prompt.actions if isinstance(a, Pick))
                await service.submit(
                    channel_id="c", user_id=user, action=pick, expected_version=seat.prompt.decision.since_version
                )
            info = await service.game_info(channel_id="c")
            assert [(d.user_id, d.kind) for d in info.to_decide] == [("bob", "call")]
            done = await service.submit(
                channel_id="c", user_id="bob", action=Call(1, False), expected_version=info.version
            )
            assert done.status == "finished" and done.outcome is not None
            history = await service.history(game_id=info.game_id)
        assert len([e for e in history.entries if e.kind == "action"]) == 7
    assert watch.north_star() == []


async def test_a_toy_game_through_the_console(tmp_path: Path, watch: Watch) -> None:
    script = Script()
    async with await GameService.open(database=tmp_path / "games.sqlite3") as service:
        session = Session(service, script.terminal(), channel_id(None))
        with watch.active():
            assert await session.run(Setup(("Ann",), 1, seed=5, ruleset="toy")) == 0
            assert session.game_id is not None
            record = await game_record(service, game_id=session.game_id)
    assert record["ruleset"] == "toy" and replayed(record) == record["final_state"]
    output = script.output
    assert message("toy.decision.pick") in output and message("standings.title") in output
    assert "--- Ann, your turn:" in output
    assert watch.north_star() == []


def stone_labels(text: str) -> list[str]:
    return re.findall(r"stone \d", text)


async def test_a_toy_game_through_discord(tmp_path: Path, watch: Watch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    world = await open_world(tmp_path / "games.db")
    drawn: list[PublicView] = []

    def render(view: PublicView, /, *, labels: Mapping[str, str] | None = None, reader: int | None = None) -> bytes:
        # The board is drawn in a worker thread: watch it there too.
        with watch.active():
            drawn.append(view)
            return render_board(view, labels=labels)

    world.bot.announcer.render = render
    # The toy's drawer is registered in this process only: its replay is built in a thread here.
    world.bot.replays = Replays(executor=ThreadPoolExecutor(1))
    try:
        with watch.active():
            await play_toy_game(world)
            # Its replay: the toy's boards, phase by phase, as an animated image (docs/rulings.md, "Replays").
            replay = world.fake.reply(await world.evo(BEA, "replay"))
        assert drawn and all(isinstance(v, ToyTable) for v in drawn)
        (finished,) = await world.service.recent_games(channel_id=str(CHANNEL_ID), limit=1)
        history = await world.service.history(game_id=finished.game_id)
        boards = phase_boards([e.public_view for e in history.entries if e.public_view is not None])
        assert all(isinstance(v, ToyTable) for v in boards) and boards[-1].outcome is not None
        [(name, gif)] = replay.files
        assert name == "replay.gif" and Image.open(io.BytesIO(gif)).format == "GIF"
        labels = board_labels("en", "toy")
        assert gif == animate(boards, render=render_board, labels=labels, max_bytes=UPLOAD), "the toy's boards"
    finally:
        await close_world(world)
    assert watch.north_star() == []
    check_logs(caplog.records, world)


async def play_toy_game(world: World) -> None:
    fake, bot = world.fake, world.bot
    await world.evo(ADA, "new", string("game", "toy"))
    lobby = fake.channel_posts()[-1]
    assert message("toy.title") in lobby.text()
    await world.evo(BEA, "join")
    await world.evo(ADA, "start")
    info = await world.service.game_info(channel_id=str(CHANNEL_ID))
    assert info.ruleset == "toy" and info.status == "running"
    # The picks are secret: each player's prompt came by DM, with their stones; the channel shows no stone.
    for user in (ADA, BEA):
        (dm,) = [m for m in fake.dms(user) if m.buttons()]
        assert stone_labels(dm.text())
        pick = next(b for b in dm.buttons() if stone_labels(b["label"]))
        await fake.click(bot, user, dm, pick["custom_id"])
    # Ada challenges from the channel's "My hand" button; Bea answers out of turn the same way.
    await click_first(world, ADA, message("toy.choice.X"))
    pinged = fake.channel_posts()[-1]
    assert f"<@{BEA.id}>" in pinged.text(), "the answering player is called by name"
    await click_first(world, BEA, message("toy.choice.Y"))
    # Round 2, from "My hand" this time (Bea's new prompt was in the answer to her move, not in a DM).
    for user in (ADA, BEA):
        await click_first(world, user, message("toy.stone", n=0).replace("0", ""))
    await click_first(world, BEA, message("toy.choice.P"))
    info = await world.service.game_info(game_id=info.game_id)
    assert info.status == "finished"
    over = fake.channel_posts()[-1].text()
    assert message("standings.title") in over
    for sent in fake.sent:
        if sent.audience == "public":
            assert not stone_labels(sent.message.text()), "a stone in a public message"


async def click_first(world: World, user: Any, label: str) -> None:
    """Open "My hand" from the latest status post and click the first choice whose label starts with ``label``."""
    fake, bot = world.fake, world.bot
    post = next(
        m for m in reversed(fake.channel_posts()) if any("evo:t:hand:" in str(i.get("custom_id")) for i in m.items())
    )
    hand = next(i for i in post.items() if "evo:t:hand:" in str(i.get("custom_id")))
    panel: Message = fake.reply(await fake.click(bot, user, post, hand["custom_id"]))
    button = next(b for b in panel.buttons() if str(b.get("label", "")).startswith(label))
    await fake.click(bot, user, panel, button["custom_id"])
