"""The dice-combat game played to the end through the service, the console and the fake Discord, with every message
and board image checked for private facts; population bought through Discord by a player whose turn it is not; a
slow game where the prey's roller lets the deadline pass (the rules roll, the channel is told, the hunt resolves);
and ``/evolution new`` offering the game.

Privacy here is the dice game's: the only secrets are the hands (the other players' cards, received, exchanged or
discarded). A hand's card is named in public only if its kind is on the table (a species' card, or one on the prey)
or printed in an environment's text, and another player's card reaches a player privately only if that player could
know its name."""

from __future__ import annotations

import dataclasses
import logging
import random
import re
from collections.abc import AsyncIterator, Mapping
from datetime import timedelta
from pathlib import Path

import pytest

from console.session import Session, Setup, channel_id
from game_service import GameService, PendingDecision
from game_service.errors import NoGameHere
from rules_core.dice_combat.actions import BuyPopulation
from rules_core.dice_combat.cards import ENVIRONMENTS, KINDS, kind_of
from rules_core.dice_combat.effects import kinds as species_kinds
from rules_core.dice_combat.events import EvolutionPlayed
from rules_core.dice_combat.view import SeatView, TableView
from rules_core.engine import PublicView
from tests.bot.channel_log import check, played
from tests.bot.conftest import ADA, BEA, CY, World, check_logs, close_world, open_world, string
from tests.bot.driver import Driver
from tests.bot.fakes import CHANNEL_ID, settle, text_of
from tests.console.helpers import Script
from tests.service.helpers import FakeClock
from texts.dice_combat.cards import environment_effect, kind_name
from texts.messages import message

CHANNEL = str(CHANNEL_ID)
MENU_ID = re.compile(r"evo:[ms]:")
#: Kinds an environment's text names: their names are public whatever the hands hold.
IN_ENVIRONMENTS = frozenset(
    k for k in KINDS for e in ENVIRONMENTS if kind_name(k, "en") in environment_effect(e.id, "en")
)


def named(kind_names: set[str], text: str) -> set[str]:
    return {n for n in kind_names if re.search(rf"\b{re.escape(n)}\b", text)}


@dataclasses.dataclass
class Privacy:
    """Checks every message sent and every board drawn since the last check (after every move)."""

    world: World
    checked: int = 0
    #: Kind names the table has shown (on a species or the prey), and those each user has held.
    public: set[str] = dataclasses.field(default_factory=lambda: {kind_name(k, "en") for k in IN_ENVIRONMENTS})
    held: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    drawn: list[PublicView] = dataclasses.field(default_factory=list)

    def render(
        self, view: PublicView, /, *, labels: Mapping[str, str] | None = None, reader: int | None = None
    ) -> bytes:
        self.drawn.append(view)
        return self.world.renderer(view, labels=labels)

    async def check(self) -> None:
        hands = await self.hands()
        try:
            view = await self.world.service.public_view(channel_id=CHANNEL)
        except NoGameHere:
            view = None
        views = [view]
        if self.world.game_id is not None:
            # A card played in public, or a prey shown, may be gone from the table by now (once the hunt ended: the
            # moves after a hunt's dice may all have been made at once), and its name rightly in the lines told of
            # the hunt while another copy of it is still in a hand.
            history = await self.world.service.history(game_id=self.world.game_id)
            played = (e for entry in history.entries for e in entry.public_events if isinstance(e, EvolutionPlayed))
            self.public.update(kind_name(kind_of(e.card), "en") for e in played)
            views += [entry.public_view for entry in history.entries]
        for seen in views:
            if isinstance(seen, TableView):
                shown = [p.species for p in seen.players] + ([seen.hunt.prey] if seen.hunt else [])
                self.public.update(kind_name(k, "en") for species in shown for k in species_kinds(species))
        for user, names in hands.items():
            self.held.setdefault(user, set()).update(names)
        for sent in self.world.fake.sent[self.checked :]:
            text = text_of(sent.data)
            if sent.audience == "public":
                assert not MENU_ID.search(text), f"a private prompt in public: {text!r}"
                for names in hands.values():
                    assert not named(names - self.public, text), f"a card in a hand named in public: {text!r}"
                continue
            for user, names in hands.items():
                if user != sent.audience:
                    hidden = names - self.public - self.held.get(sent.audience, set())
                    assert not named(hidden, text), f"{user}'s card shown to {sent.audience}: {text!r}"
        self.checked = len(self.world.fake.sent)
        for drawn in self.drawn:
            assert isinstance(drawn, TableView) and not isinstance(drawn, SeatView)
        self.drawn.clear()

    async def hands(self) -> dict[str, set[str]]:
        """Each human's hand now, as the names of its cards (none outside a running game)."""
        try:
            info = await self.world.info()
        except NoGameHere:
            return {}
        if info.status != "running":
            return {}
        found = {}
        for seat in info.players:
            if seat.user_id is None:
                continue
            mine = await self.world.service.private_view(channel_id=CHANNEL, user_id=seat.user_id)
            assert isinstance(mine, SeatView)
            found[seat.user_id] = {kind_name(kind_of(card), "en") for card in mine.hand}
        return found


@pytest.fixture
async def world(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[World]:
    caplog.set_level(logging.DEBUG, logger="bot")
    opened = await open_world(tmp_path / "games.db")
    privacy = Privacy(opened)
    monkeypatch.setattr(opened, "check_privacy", privacy.check)
    opened.bot.announcer.render = privacy.render
    try:
        yield opened
        await privacy.check()
    finally:
        await close_world(opened)
    check_logs(caplog.records, opened)
    dice_names = {kind_name(k, "en") for k in KINDS}
    for record in caplog.records:
        assert not named(dice_names, record.getMessage()), f"a card in a log line: {record.getMessage()!r}"


async def started(world: World, *others: object, options: str = "") -> None:
    chosen = [string("options", options)] if options else []
    await world.evo(ADA, "new", string("game", "dice_combat"), *chosen)
    assert message("dice_combat.title") in world.fake.channel_posts()[-1].text()
    world.game_id = (await world.service.game_info(channel_id=CHANNEL)).game_id
    for user in others:
        await world.evo(user, "join")  # type: ignore[arg-type]
    await world.evo(ADA, "start")
    info = await world.info()
    assert info.ruleset == "dice_combat" and info.status == "running"
    await world.check_privacy()


async def test_new_offers_the_dice_game_in_the_readers_language(world: World) -> None:
    for language in ("en", "uk", "es"):
        reader = dataclasses.replace(ADA, locale=language)
        focused = string("game", "", focused=True)
        games = await world.fake.autocomplete(world.bot, reader, "evolution", focused, sub="new")
        assert {"name": message("dice_combat.title", language), "value": "dice_combat"} in games


async def test_a_whole_game_through_discord(world: World) -> None:
    await started(world, BEA, CY)
    driver = Driver(world, [ADA, BEA, CY], seed=4)
    moves = await driver.play_to_end()
    assert moves > 20
    final = world.fake.channel_posts()[-1].text()
    assert message("standings.title") in final
    assert driver.routes_used["hand"] and driver.routes_used["move"]


async def test_population_bought_through_discord_by_a_player_whose_turn_it_is_not(world: World) -> None:
    # The seeded moves below come to a purchase with the first edition's cards (the newest end two-player games
    # sooner); the buying is the same in every edition.
    await started(world, BEA, options="edition=1")
    driver = Driver(world, [ADA, BEA], seed=4)
    for _ in range(300):
        info = await world.info()
        owing = {d.user_id for d in info.to_decide}
        for seat in info.players:
            if seat.user_id is None or seat.user_id in owing:
                continue
            offered = await world.service.prompt(channel_id=CHANNEL, user_id=seat.user_id)
            if offered.prompt is None or not offered.prompt.decision.opportunity:
                continue
            user = ADA if seat.user_id == str(ADA.id) else BEA
            table = offered.view.table
            assert isinstance(table, TableView)
            before = table.players[offered.seat]
            panel = await driver.open_hand(user)
            buy = message("dice_combat.choice.B", n=0).split("(")[0].strip()
            button = next(b for b in panel.buttons() if str(b.get("label", "")).startswith(buy))
            sent = len(world.fake.sent)
            await world.fake.click(world.bot, user, panel, button["custom_id"])
            await settle()
            view = await world.service.public_view(channel_id=CHANNEL)
            assert isinstance(view, TableView)
            assert view.players[offered.seat].population == before.population + 1
            # The channel's status post (edited in place) tells it.
            told = "\n".join(text_of(s.data) for s in world.fake.sent[sent:] if s.audience == "public")
            bought = message(
                "dice_combat.event.PopulationBought",
                player=seat.name,
                population=before.population + 1,
                food=view.players[offered.seat].food,
            )
            assert bought in told
            return
        pending = [d for d in info.to_decide if d.user_id]
        await driver.turn(ADA if pending[0].user_id == str(ADA.id) else BEA, "hand")
        await world.check_privacy()
    raise AssertionError("nobody waiting could ever buy population")


async def prey_to_roll(world: World) -> PendingDecision | None:
    """Play a new game until a person owes the prey's dice roll (a choice: they could also buy population first;
    a roll that is their only move is made at once), or until it ends (None). The seeded moves come to a roll
    with the first edition's cards; the roll is the same in every edition."""
    await started(world, BEA, options="edition=1")
    driver = Driver(world, [ADA, BEA], seed=4)
    for _ in range(300):
        info = await world.info()
        if info.status != "running":
            await world.check_privacy()  # what the game's end told, while it is the world's game
            return None
        (due,) = [d for d in info.to_decide if d.user_id]
        if due.kind == "roll_prey":
            return due
        await driver.turn(ADA if due.user_id == str(ADA.id) else BEA, "hand")
    raise AssertionError("the game did not end")


async def test_the_prey_roller_lets_the_deadline_pass(world: World) -> None:
    for _ in range(10):
        due = await prey_to_roll(world)
        if due is not None:
            break
    else:
        raise AssertionError("no hunt came to the prey's dice")
    roller = ADA if due.user_id == str(ADA.id) else BEA
    posts = len(world.fake.channel_posts())
    pairs_told = len(re.findall(r"\d[<>=]\d", "\n".join(m.text() for m in world.fake.channel_posts())))
    world.clock.now += timedelta(hours=25)
    assert await world.bot.scheduler.run_once() == 1
    await settle()
    told = "\n".join(m.text() for m in world.fake.channel_posts()[posts:])
    timed_out = message("deadline.timed_out", player=f"<@{roller.id}>", kind=message("dice_combat.decision.roll_prey"))
    assert timed_out in told
    # In a new post, or in the game's log post edited to tell more.
    now_told = "\n".join(m.text() for m in world.fake.channel_posts())
    assert len(re.findall(r"\d[<>=]\d", now_told)) > pairs_told, "the hunt's pairs of dice were not told"
    view = await world.service.public_view(channel_id=CHANNEL)
    assert isinstance(view, TableView) and view.hunt is None


async def test_a_whole_game_through_the_service(tmp_path: Path) -> None:
    chooser = random.Random(5)
    async with await GameService.open(database=tmp_path / "games.sqlite3", clock=FakeClock()) as service:
        await service.create_game(channel_id="c", host_id="ann", host_name="Ann", ruleset="dice_combat")
        for user in ("bob", "cy", "dee"):
            await service.join(channel_id="c", user_id=user, user_name=user.title())
        game_id = (await service.start(channel_id="c", actor_id="ann", seed=5)).game_id
        bought = 0
        while (info := await service.game_info(game_id=game_id)).status == "running":
            owing = [d.user_id for d in info.to_decide if d.user_id]
            # A player who owes nothing buys population whenever the service offers it; else a duty is done.
            for user in [p.user_id for p in info.players if p.user_id and p.user_id not in owing] + owing:
                seat = await service.prompt(channel_id="c", user_id=user)
                if seat.prompt is not None:
                    break
            assert seat.prompt is not None
            if user not in owing:
                assert seat.prompt.decision.opportunity and seat.prompt.actions == (BuyPopulation(seat.seat),)
                bought += 1
            action = chooser.choice(seat.prompt.actions)
            await service.submit(
                channel_id="c", user_id=user, action=action, expected_version=seat.prompt.decision.since_version
            )
        assert info.status == "finished" and bought
        history = await service.history(game_id=info.game_id)
        assert len([e for e in history.entries if e.kind == "action"]) > 20


async def test_a_whole_game_through_the_console(tmp_path: Path) -> None:
    script = Script()
    async with await GameService.open(database=tmp_path / "games.sqlite3") as service:
        session = Session(service, script.terminal(), channel_id(None))
        assert await session.run(Setup(("Ann", "Bob"), 1, seed=5, ruleset="dice_combat")) == 0
    output = script.output
    assert message("dice_combat.title") in output or message("dice_combat.decision.hunt") in output
    assert message("standings.title") in output
    assert "--- Ann, your turn:" in output and "--- Bob, your turn:" in output
    assert re.search(r"\d[<>=]\d", output), "no fight's pairs in the console"


async def test_a_whole_game_reads_like_a_log_in_the_channel_with_one_notice_per_decision(world: World) -> None:
    await world.evo(ADA, "new", string("game", "dice_combat"))
    world.game_id = (await world.info()).game_id
    await world.evo(BEA, "join")
    await world.evo(ADA, "addbot")
    check(await played(world, [ADA, BEA], seed=4))
