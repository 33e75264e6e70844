"""The bot layer's test world: the real bot on a real SQLite file, a fake Discord, and checks that nothing private
reaches a channel message, an embed, the renderer or a log line."""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bot.client import EvolutionBot
from computer_players.simple import first_legal
from evolution_bot.config import Settings
from game_service import (
    ActionResult,
    DueWork,
    GameHistory,
    GameInfo,
    GameService,
    MembershipResult,
    NoGameHere,
    TimedOut,
    VoteResult,
)
from rules_core.engine import PublicView
from tests.bot.fakes import CHANNEL_ID, FakeDiscord, Interaction, Message, User, png_bytes, text_of
from tests.bot.privacy import Knowledge, mentions
from tests.service.helpers import FakeClock
from tests.test_layout import played_by_name
from tests.toy import registered

#: The service's clock, moved by hand (each reading one second after the last).
Clock = FakeClock


class SpyService(GameService):
    """The real service, noting what each result tells the table and each player (``knowledge``), and the rule
    systems of the games it started (``started``)."""

    #: Every service opened in the current test (:func:`plays_only_the_rule_systems_it_names` reads them).
    opened: ClassVar[list[SpyService]] = []
    knowledge: Knowledge
    started: set[str]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.knowledge = Knowledge()
        self.started = set()
        SpyService.opened.append(self)
        # Before the bot listens: what computers did in the background is noted before it is announced.
        self.listen(self._heard)

    async def _heard(self, result: ActionResult) -> None:
        self._note(result)

    def _note(self, result: ActionResult | None) -> None:
        if result is None or result.info is None:
            return
        ruleset = result.info.ruleset
        self.knowledge.note_public(ruleset, result.public_view, result.public_events)
        for user, mine in result.views.items():
            self.knowledge.note_seat(ruleset, user, mine)

    async def start(self, **kwargs: Any) -> ActionResult:
        result = await super().start(**kwargs)
        if result.info is not None:
            self.started.add(result.info.ruleset)
        self._note(result)
        return result

    async def submit(self, **kwargs: Any) -> ActionResult:
        result = await super().submit(**kwargs)
        self._note(result)
        return result

    async def leave(self, **kwargs: Any) -> MembershipResult:
        done = await super().leave(**kwargs)
        self._note(done.played)
        return done

    async def kick(self, **kwargs: Any) -> MembershipResult:
        done = await super().kick(**kwargs)
        self._note(done.played)
        return done

    async def vote(self, **kwargs: Any) -> VoteResult:
        done = await super().vote(**kwargs)
        self._note(done.played)
        return done

    async def run_due(self, **kwargs: Any) -> tuple[DueWork, ...]:
        done = await super().run_due(**kwargs)
        for work in done:
            if isinstance(work, TimedOut):
                self._note(work.result)
        return done

    async def resume_computer_turns(self, **kwargs: Any) -> list[ActionResult]:
        done = await super().resume_computer_turns(**kwargs)
        for result in done:
            self._note(result)
        return done

    async def public_view(self, **kwargs: Any) -> PublicView:
        view = await super().public_view(**kwargs)
        self.knowledge.note_view(view)
        return view

    async def history(self, **kwargs: Any) -> GameHistory:
        found = await super().history(**kwargs)
        for entry in found.entries:
            self.knowledge.note_view(entry.public_view)
        return found


ADA = User(4_000_000_000_000_001, "Ada")
BEA = User(4_000_000_000_000_002, "Bea")
CY = User(4_000_000_000_000_003, "Cy")
DEE = User(4_000_000_000_000_004, "Dee")
MOD = User(4_000_000_000_000_009, "Mod", admin=True)
STRANGER = User(4_000_000_000_000_010, "Eve")


def string(name: str, value: str, *, focused: bool = False) -> dict[str, Any]:
    option: dict[str, Any] = {"name": name, "type": 3, "value": value}
    if focused:
        option["focused"] = True
    return option


def boolean(name: str, value: bool) -> dict[str, Any]:
    return {"name": name, "type": 5, "value": value}


def integer(name: str, value: int) -> dict[str, Any]:
    return {"name": name, "type": 4, "value": value}


@dataclass
class World:
    fake: FakeDiscord
    bot: EvolutionBot
    service: SpyService
    path: Path
    #: The service's clock: move ``clock.now`` to let deadlines pass.
    clock: Clock
    rendered: list[Any] = field(default_factory=list)
    #: The labels each board image was drawn with (empty: the renderer's English).
    board_labels: list[Mapping[str, str]] = field(default_factory=list)
    #: The reader's seat each board was drawn for (None: the channel's).
    readers: list[int | None] = field(default_factory=list)
    checked: int = 0
    game_id: int | None = None

    async def evo(self, user: User, sub: str, *options: dict[str, Any], **kwargs: Any) -> Interaction:
        return await self.fake.command(self.bot, user, "evolution", *options, sub=sub, **kwargs)

    async def kick_user(self, actor: User, target: User) -> Interaction:
        resolved = {"users": {str(target.id): target.payload()}}
        option = {"name": "player", "type": 6, "value": str(target.id)}
        return await self.fake.command(self.bot, actor, "evolution", option, sub="kick", resolved=resolved)

    def reply_text(self, interaction: Interaction) -> str:
        return self.fake.reply(interaction).text()

    async def info(self) -> GameInfo:
        """The channel's game (the latest one, even once it is over)."""
        if self.game_id is not None:
            info = await self.service.game_info(game_id=self.game_id)
            if info.status in ("lobby", "running"):
                return info
            try:
                return await self.service.game_info(channel_id=str(CHANNEL_ID))
            except Exception:
                return info
        return await self.service.game_info(channel_id=str(CHANNEL_ID))

    async def status_message(self) -> Message:
        """The game's status message (the latest phase post, edited as the phase goes on)."""
        status = (await self.bot.announcer.posts((await self.info()).game_id)).status
        assert status is not None, "the game has no status message"
        return self.fake.messages[status]

    async def lobby(
        self,
        host: User,
        *others: User,
        computers: int = 0,
        game: str = "toy",
        options: str | None = None,
    ) -> Message:
        """A lobby of ``game`` with ``options`` as typed. The toy game unless told, never the bot's own default: a
        test that plays a shipped rule system names it, so ``tests/test_layout.py`` sees a layer test doing so (the
        toy game must be registered: the ``toy`` fixture)."""
        typed = [string("options", options)] if options is not None else []
        created = await self.evo(host, "new", string("game", game), *typed)
        try:
            self.game_id = (await self.service.game_info(channel_id=str(CHANNEL_ID))).game_id
        except NoGameHere:
            raise AssertionError(f"no lobby of {game} was opened: {self.reply_text(created)}") from None
        lobby = self.fake.channel_posts()[-1]
        for user in others:
            await self.evo(user, "join")
        for _ in range(computers):
            await self.evo(host, "addbot")
        return self.fake.messages[lobby.id]

    def renderer(
        self, view: PublicView, /, *, labels: Mapping[str, str] | None = None, reader: int | None = None
    ) -> bytes:
        self.rendered.append(view)
        self.board_labels.append(dict(labels or {}))
        self.readers.append(reader)
        return png_bytes()

    async def check_privacy(self) -> None:
        """Every message sent since the last check: no secret in public ones, nothing of another player's in
        private ones; every board drawn from a public view the service handed out (``tests/bot/privacy.py``)."""
        knowledge = self.service.knowledge
        secrets = await self.secrets()
        ever = knowledge.ever_secret()
        for sent in self.fake.sent[self.checked :]:
            text = text_of(sent.data)
            if sent.audience == "public":
                check_public(text, ever, knowledge)
                for name, _ in sent.message.files:
                    assert name in ("board.png", "replay.gif")
            else:
                check_private(text, sent.audience, secrets, knowledge)
        self.checked = len(self.fake.sent)
        for view in self.rendered:
            assert knowledge.was_public_view(view), f"the renderer got a view nobody was shown: {type(view).__name__}"
        self.rendered.clear()

    async def secrets(self) -> dict[str, set[str]]:
        """Each human's secret terms now (their seat view's private panel: hand, secret picks, face-down cards)."""
        try:
            info = await self.info()
        except Exception:
            return {}
        if info.status != "running":
            return {}
        found: dict[str, set[str]] = {}
        for seat in info.players:
            if seat.user_id is not None:
                mine = await self.service.private_view(channel_id=info.channel_id, user_id=seat.user_id)
                found[seat.user_id] = self.service.knowledge.note_seat(info.ruleset, seat.user_id, mine)
        return found


MENU_ID = re.compile(r"evo:[ms]:")


def check_public(text: str, secret: set[str], knowledge: Knowledge) -> None:
    """A channel message names no term that was a secret and has not been told to the table."""
    for term in secret:
        if mentions(text, term):
            assert knowledge.is_public(term), f"a secret ({term}) in a public message: {text!r}"
    assert not MENU_ID.search(text), f"a private prompt in a public message: {text!r}"


def check_private(text: str, reader: str, secrets: dict[str, set[str]], knowledge: Knowledge) -> None:
    """A message to one player names no other player's secret that the reader neither holds (nor held: a label is
    not unique) nor was told."""
    theirs = knowledge.held.get(reader, set()) | secrets.get(reader, set())
    for user, terms in secrets.items():
        if user == reader:
            continue
        for term in terms - theirs:
            if mentions(text, term):
                assert knowledge.is_public(term), f"another player's secret ({term}) shown to {reader}: {text!r}"


def check_logs(records: list[logging.LogRecord], *worlds: World) -> None:
    """No error was logged, and no log line names anything that was a secret of a game in ``worlds`` (what a
    hand, a secret pick or a face-down card held)."""
    errors = [r for r in records if r.levelno >= logging.ERROR]
    assert not errors, f"unexpected errors logged: {[r.getMessage() for r in errors]}"
    secret = set().union(*(world.service.knowledge.ever_secret() for world in worlds))
    for record in records:
        text = record.getMessage()
        for term in secret:
            assert not mentions(text, term), f"a secret ({term}) in a log line: {text!r}"


async def open_world(
    path: Path,
    fake: FakeDiscord | None = None,
    *,
    seeds: Iterator[int] | None = None,
    clock: Clock | None = None,
    settings: Settings | None = None,
    computer_workers: int | None = None,
) -> World:
    """The real bot on the fake Discord, over a service on ``path`` whose computers play the first legal move at
    once, or, with ``computer_workers``, think at their levels in that many worker processes."""
    clock = clock or Clock()
    if computer_workers is None:
        service = await SpyService.open(database=path, clock=clock, computer_policy=first_legal)
    else:
        service = await SpyService.open(database=path, clock=clock, computer_workers=computer_workers)
    assert isinstance(service, SpyService)
    fake = fake or FakeDiscord()
    world = World(fake, None, service, path, clock)  # type: ignore[arg-type]
    bot = EvolutionBot(
        settings=settings or Settings(database=path),
        service=service,
        render=world.renderer,
        seeds=seeds if seeds is not None else itertools.count(11),
    )
    world.bot = bot
    fake.attach(bot)
    await bot.login("fake-token")
    return world


async def close_world(world: World) -> None:
    await world.bot.close()
    await world.service.close()


@pytest.fixture(autouse=True)
def discord_accepts_every_request() -> Iterator[None]:
    """Fail the test if the bot sent anything real Discord would refuse (an answer later than 3 seconds included),
    even where the bot caught the error, or left an interaction unanswered (the user sees "This interaction
    failed")."""
    FakeDiscord.made.clear()
    yield
    refused = [str(violation) for fake in FakeDiscord.made for violation in fake.refused]
    refused += [
        f"interaction {i.id} was never answered"
        for fake in FakeDiscord.made
        for i in fake.interactions.values()
        if i.response_type is None
    ]
    FakeDiscord.made.clear()
    assert not refused, "requests real Discord would refuse:\n" + "\n".join(refused)


@pytest.fixture(autouse=True)
def plays_only_the_rule_systems_it_names(request: pytest.FixtureRequest) -> Iterator[None]:
    """A layer test plays the toy game; one that starts a game of a shipped rule system names it, in its module (so
    ``tests/test_layout.py`` lists the module with its reason) or as a parameter (a test run for each rule system of
    a registry). No test falls back silently to the bot's own default game, whose phase order is no generic
    mechanic's."""
    SpyService.opened.clear()
    yield
    started = set().union(*(service.started for service in SpyService.opened))
    SpyService.opened.clear()
    callspec = getattr(request.node, "callspec", None)
    parameters = set(callspec.params.values()) if callspec is not None else set()
    unnamed = started - {"toy"} - played_by_name(Path(request.node.path)) - parameters
    assert not unnamed, f"the test played {sorted(unnamed)} without naming it: play the toy game, or name it"


@pytest.fixture
def toy() -> Iterator[None]:
    """The toy game (``tests/toy``) is playable: the bot's generic mechanics are shown on it."""
    with registered():
        yield


@pytest.fixture
async def world(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[World]:
    caplog.set_level(logging.DEBUG, logger="bot")
    opened = await open_world(tmp_path / "games.db")
    try:
        yield opened
        await opened.check_privacy()
    finally:
        await close_world(opened)
    check_logs(caplog.records, opened)
