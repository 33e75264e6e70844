"""The bot layer's test world: the real bot on a real SQLite file, a fake Discord, and checks that nothing private
reaches a channel message, an embed, the renderer or a log line."""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.client import EvolutionBot
from computer_players.simple import first_legal
from evolution_bot.config import Settings
from game_service import ActionResult, GameInfo, GameService, MembershipResult
from rules_core.engine import PublicView
from rules_core.north_star.cards import Trait, trait_of
from rules_core.north_star.view import SeatView, TableView
from tests.bot.fakes import CHANNEL_ID, FakeDiscord, Interaction, Message, Sent, User, png_bytes, text_of
from tests.service.helpers import FakeClock
from texts.messages import message
from texts.north_star.choices import card_name

#: The service's clock, moved by hand (each reading one second after the last).
Clock = FakeClock


class SpyService(GameService):
    """The real service, noting every public event it hands out (what the table may know by now)."""

    public_cards: set[int]
    #: Every card each user has held (dealt to them): a message may show a user a card they held at the time.
    held: dict[str, set[int]]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Before the bot listens: what computers did in the background is noted before it is announced.
        self.listen(self._heard)

    async def _heard(self, result: ActionResult) -> None:
        self._note(result)

    def _note(self, result: ActionResult | None) -> None:
        if not hasattr(self, "public_cards"):
            self.public_cards = set()
            self.held = {}
        if result is None:
            return
        for user, events in result.private_events.items():
            for event in events:
                cards = getattr(event, "cards", None)
                if isinstance(cards, tuple):
                    self.held.setdefault(user, set()).update(c for c in cards if isinstance(c, int))
        for event in result.public_events:
            for name in ("card", "cards", "replaced", "discards", "discarded"):
                value = getattr(event, name, None)
                if isinstance(value, int):
                    self.public_cards.add(value)
                elif isinstance(value, tuple):
                    self.public_cards.update(v for v in value if isinstance(v, int))

    async def start(self, **kwargs: Any) -> ActionResult:
        result = await super().start(**kwargs)
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

    async def lobby(self, host: User, *others: User, computers: int = 0, quick: bool = False) -> Message:
        await self.evo(host, "new", *([string("options", "quick_game")] if quick else []))
        lobby = self.fake.channel_posts()[-1]
        self.game_id = (await self.service.game_info(channel_id=str(CHANNEL_ID))).game_id
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
        """Every message sent since the last check: nothing private in public ones, nothing of another player's
        in private ones; every renderer input a public view without hidden traits."""
        secrets = await self.secrets()
        public_names = await self.public_trait_names()
        public_labels = {card_name(c) for c in self.service.public_cards}
        held = {user: {card_name(c) for c in cards} for user, cards in self.service.held.items()}
        for sent in self.fake.sent[self.checked :]:
            check_sent(sent, secrets, public_names, public_labels | held.get(sent.audience, set()))
        self.checked = len(self.fake.sent)
        for view in self.rendered:
            check_rendered(view, secrets)
        self.rendered.clear()

    async def secrets(self) -> dict[str, set[int]]:
        """Each human's private cards now: hand, secret food-card pick, face-down traits."""
        try:
            info = await self.info()
        except Exception:
            return {}
        if info.status != "running":
            return {}
        found: dict[str, set[int]] = {}
        for seat in info.players:
            if seat.user_id is None:
                continue
            mine = await self.service.private_view(channel_id=info.channel_id, user_id=seat.user_id)
            assert isinstance(mine, SeatView)
            cards = set(mine.hand)
            if mine.food_card is not None:
                cards.add(mine.food_card)
            for _, hidden in mine.hidden_traits:
                cards.update(hidden)
            found[seat.user_id] = cards
        return found

    async def public_trait_names(self) -> set[str]:
        names = {message(f"north_star.trait.{trait_of(c).value}") for c in getattr(self.service, "public_cards", set())}
        try:
            info = await self.info()
            view = await self.service.public_view(channel_id=info.channel_id)
            assert isinstance(view, TableView)
        except Exception:
            return names
        for player in view.players:
            for species in player.species:
                names.update(
                    message(f"north_star.trait.{t.trait.value}") for t in species.traits if t.trait is not None
                )
        return names


TRAIT_NAMES = frozenset(message(f"north_star.trait.{t.value}") for t in Trait)
MENU_ID = re.compile(r"evo:[ms]:")


def check_sent(sent: Sent, secrets: dict[str, set[int]], public_names: set[str], public_labels: set[str]) -> None:
    text = text_of(sent.data)
    if sent.audience == "public":
        for cards in secrets.values():
            for card in cards:
                label = card_name(card)
                # Labels are not unique: one that a card revealed to the table bears too (a food card turned
                # over, issue 30) may be that card's.
                if label not in public_labels:
                    assert label not in text, f"a private card ({label}) in a public message: {text!r}"
                name = message(f"north_star.trait.{trait_of(card).value}")
                if name not in public_names:
                    assert not re.search(rf"\b{re.escape(name)}\b", text), f"hidden trait {name} in public: {text!r}"
        assert not MENU_ID.search(text), f"a private prompt in a public message: {text!r}"
        for name, _ in sent.message.files:
            assert name in ("board.png", "replay.gif")
        return
    # Labels are not unique (three cards read "Carnivore (+1)"): a label is a leak only when the reader neither
    # holds such a card nor could have seen one played.
    mine = {card_name(c) for c in secrets.get(sent.audience, set())} | public_labels
    for user, cards in secrets.items():
        if user == sent.audience:
            continue
        for card in cards:
            label = card_name(card)
            if label not in mine:
                assert label not in text, f"another player's card ({label}) shown to {sent.audience}: {text!r}"


def check_rendered(view: Any, secrets: dict[str, set[int]]) -> None:
    assert isinstance(view, TableView), f"the renderer got a {type(view).__name__}"
    private = set().union(*secrets.values()) if secrets else set()
    for player in view.players:
        for species in player.species:
            for trait in species.traits:
                assert trait.card not in private, "a private card reached the renderer"
                if trait.card is None:
                    assert trait.trait is None


def check_logs(records: list[logging.LogRecord]) -> None:
    """No error was logged, and no log line names a trait or a card (what a hand or a face-down card holds)."""
    errors = [r for r in records if r.levelno >= logging.ERROR]
    assert not errors, f"unexpected errors logged: {[r.getMessage() for r in errors]}"
    for record in records:
        text = record.getMessage()
        for name in TRAIT_NAMES:
            assert not re.search(rf"\b{re.escape(name)}\b", text), f"a trait name in a log line: {text!r}"
        assert not re.search(r"\([+-]\d\)", text), f"a card in a log line: {text!r}"


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
    service._note(None)
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


@pytest.fixture
async def world(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[World]:
    caplog.set_level(logging.DEBUG, logger="bot")
    opened = await open_world(tmp_path / "games.db")
    try:
        yield opened
        await opened.check_privacy()
    finally:
        await close_world(opened)
    check_logs(caplog.records)
