"""The original "Evolution" played to the end through the service, the console and the fake Discord, offered by
``/evolution new``; a defender who lets the deadline pass.

The front ends are generic (docs/engine.md): nothing here is special to them but the rule system's words."""

from __future__ import annotations

import dataclasses
import itertools
import logging
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.cogs.lobby import option_choices
from console import cli
from console.session import Session, Setup, channel_id
from game_service import GameService
from rules_core.origin.actions import Action, Attack, DropTrait, JoinPack, OrderAction, PlayTrait, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.state import AttackFrame, GameState, PackFrame
from rules_core.origin.view import SeatView
from tests.bot.channel_log import check, played
from tests.bot.conftest import ADA, BEA, CY, World, check_logs, close_world, open_world, string
from tests.bot.driver import Driver
from tests.bot.fakes import CHANNEL_ID, User, settle, text_of
from tests.console.helpers import Script
from tests.origin.ui.games import RULES, defender_must_choose, played_until
from tests.origin.ui.privacy import check_privacy
from tests.service.helpers import FakeClock
from texts.languages import DISCORD_LOCALES, LANGUAGES
from texts.menus import path_text
from texts.messages import message
from texts.origin import WORDS
from texts.origin.choices import action_path, trait_name

HOUR = timedelta(hours=1)


@pytest.fixture
async def world(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[World]:
    """The fake Discord with the real bot (tests/bot/conftest.py), checked for the original game's secrets."""
    caplog.set_level(logging.DEBUG, logger="bot")
    opened = await open_world(tmp_path / "games.db")
    try:
        yield opened
        await check_privacy(opened)
    finally:
        await close_world(opened)
    check_logs(caplog.records, opened)


async def test_a_game_through_the_service(tmp_path: Path) -> None:
    async with await GameService.open(database=tmp_path / "games.sqlite3") as service:
        await service.create_game(channel_id="c", host_id="ann", host_name="Ann", ruleset="origin")
        await service.join(channel_id="c", user_id="bob", user_name="Bob")
        await service.add_computer(channel_id="c", actor_id="ann", name="Computer 1")
        started = await service.start(channel_id="c", actor_id="ann", seed=4)
        kinds: dict[str, set[bool]] = {}
        moves = 0
        while True:
            await service.idle()
            info = await service.game_info(game_id=started.game_id)
            if info.status != "running":
                break
            (due,) = [d for d in info.to_decide if d.user_id is not None]
            kinds.setdefault(due.kind, set()).add(due.uses_secrets)
            user = due.user_id
            assert user is not None
            seat = await service.prompt(channel_id="c", user_id=user)
            assert seat.prompt is not None
            action = seat.prompt.actions[moves % len(seat.prompt.actions)]
            await service.submit(channel_id="c", user_id=user, action=action, expected_version=due.since_version)
            moves += 1
        assert info.status == "finished" and info.outcome is not None
        # Card play shows the hand, so it is asked privately; feeding and answering an attack are not.
        assert kinds["develop"] == {True} and kinds["feed"] == {False}
        history = await service.history(game_id=info.game_id)
        assert len([e for e in history.entries if e.kind == "action"]) >= moves


@pytest.mark.parametrize("language", ["en", "uk"])
async def test_a_game_through_the_console(tmp_path: Path, language: str) -> None:
    script = Script()
    async with await GameService.open(database=tmp_path / "games.sqlite3") as service:
        session = Session(service, script.terminal(), channel_id(None), language=language)
        assert await session.run(Setup(("Ann",), 1, seed=5, ruleset="origin")) == 0
    output = script.output
    assert message("origin.decision.develop", language) in output
    assert message("origin.status.title_over", language) in output and message("standings.title", language) in output
    assert message("origin.question.develop", language) in output


@pytest.mark.parametrize("language", ["en", "pl"])
async def test_a_game_with_both_expansions_through_the_console(tmp_path: Path, language: str) -> None:
    script = Script()
    options = {"time_to_fly": True, "darwins_day": True}
    async with await GameService.open(database=tmp_path / "games.sqlite3") as service:
        session = Session(service, script.terminal(), channel_id(None), language=language)
        assert await session.run(Setup(("Ann", "Bob"), 1, seed=5, ruleset="origin", options=options)) == 0
    output = script.output
    assert message("origin.status.title_over", language) in output and message("standings.title", language) in output
    # Every prompt offers the standing orders beside the duty.
    assert message("origin.choice.lure_off", language, trait=trait_name(Trait.ANGLERFISH, language)) in output


@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_console_plays_with_the_tie_break_discards(tmp_path: Path, language: str) -> None:
    """``--option tie_break=discards`` on the command line: the game notes its tie-break in words and is played to
    its final scores with it."""
    args = cli.parser().parse_args(
        ["--database", str(tmp_path / "g.sqlite3"), "--ruleset", "origin", "--option", "tie_break=discards",
         "--players", "Ann", "--computers", "1", "--seed", "5", "--language", language]
    )  # fmt: skip
    script = Script()
    assert cli.main(args, script.terminal()) == 0
    assert message("origin.footer.tie_break_discards", language) in script.output
    assert message("standings.title", language) in script.output


async def test_a_lobby_with_the_tie_break_discards_through_discord(world: World) -> None:
    """The host chooses the tie-break in ``options:``; the lobby says it in words and the game keeps it."""
    await world.evo(ADA, "new", string("game", "origin"), string("options", "tie_break=discards"))
    lobby = world.fake.channel_posts()[-1].text()
    assert WORDS.option_value("tie_break", "discards", "en") in lobby
    world.game_id = (await world.info()).game_id
    await world.evo(ADA, "addbot")
    await world.evo(ADA, "start")
    info = await world.info()
    assert info.status == "running" and info.options["tie_break"] == "discards"
    view = await world.service.public_view(channel_id=str(CHANNEL_ID))
    assert view.options.tie_break == "discards"  # type: ignore[attr-defined]
    assert message("origin.footer.tie_break_discards") in (await world.status_message()).text()
    # A value the option does not have is refused by name, and nothing is opened.
    refused = world.fake.reply(
        await world.evo(BEA, "new", string("game", "origin"), string("options", "tie_break=coin"))
    ).text()
    assert refused == message("refusal.bad_option", option="tie_break")


async def test_a_whole_game_through_discord(world: World) -> None:
    await world.evo(ADA, "new", string("game", "origin"))
    lobby = world.fake.channel_posts()[-1]
    assert WORDS.title("en") in lobby.text()
    world.game_id = (await world.info()).game_id
    await world.evo(BEA, "join")
    await world.evo(CY, "join")
    await world.evo(ADA, "addbot")
    await world.evo(ADA, "start")
    await check_privacy(world)
    driver = Driver(world, [ADA, BEA, CY], seed=7, check_privacy=lambda: check_privacy(world))
    moves = await driver.play_to_end()
    assert moves > 30
    assert all(count > 0 for count in driver.routes_used.values()), driver.routes_used
    final = world.fake.channel_posts()[-1].text()
    assert message("origin.status.title_over") in final and message("standings.title") in final
    # The discard pile, which the players may look through (seed 003), a click away on the table's card.
    status = next(p for p in reversed(world.fake.channel_posts()) if p.buttons())
    button = status.button(message("button.discard"))
    pile = world.reply_text(await world.fake.click(world.bot, CY, status, button["custom_id"]))
    view = await world.service.public_view(channel_id=str(CHANNEL_ID), game_id=world.game_id)
    assert pile == WORDS.discard_pile(view, "en") and " ×" in pile


@pytest.mark.parametrize("language", LANGUAGES)
async def test_my_hand_offers_the_discard_pile_in_the_readers_language(world: World, language: str) -> None:
    reader = dataclasses.replace(BEA, locale=DISCORD_LOCALES[language][0])
    await world.evo(ADA, "new", string("game", "origin"))
    world.game_id = (await world.info()).game_id
    await world.evo(reader, "join")
    await world.evo(ADA, "start")
    hand = world.fake.reply(await world.evo(reader, "hand"))
    button = hand.button(message("button.discard", language))
    pile = world.reply_text(await world.fake.click(world.bot, reader, hand, button["custom_id"]))
    assert pile == message("origin.discard.empty", language)


def attack_then_resumes(state: GameState) -> bool:
    """An attack on another player's animal waits for its defender, who has a choice; the move made when time runs
    out leaves the attacker's go to go on."""
    if not defender_must_choose(state):
        return False
    top = state.interrupts.top
    assert top is not None and isinstance(top.context, AttackFrame)
    if top.seat == top.context.attacker:
        return False
    after, _ = RULES.apply(state, RULES.timeout_action(state, top.seat))
    return RULES.decisions(after)[0].seat == top.context.attacker


async def play_moves(world: World, users: dict[int, User], moves: list[Action]) -> None:
    """Each move by its player, with ``/evolution move`` as the autocomplete list gives it."""
    for action in moves:
        info = await world.info()
        (due,) = [d for d in info.to_decide if d.seat == action.seat]
        value = f"{due.since_version}:{path_text(action_path(action))}"
        await world.evo(users[action.seat], "move", string("action", value))
        await check_privacy(world)


async def test_a_defender_who_lets_the_deadline_pass(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    seed, moves, state = played_until(2, attack_then_resumes, names=(ADA.name, BEA.name))
    assert isinstance(moves[-1], Attack)
    clock = FakeClock()
    world = await open_world(tmp_path / "games.db", seeds=itertools.repeat(seed), clock=clock)
    try:
        await world.evo(ADA, "new", string("game", "origin"), string("decision_time", "1h"))
        world.game_id = (await world.info()).game_id
        await world.evo(BEA, "join")
        await world.evo(ADA, "start")
        await settle()
        await play_moves(world, {0: ADA, 1: BEA}, moves)
        top = state.interrupts.top
        assert top is not None and isinstance(top.context, AttackFrame)
        defender = {0: ADA, 1: BEA}[top.seat]
        info = await world.info()
        (due,) = info.to_decide
        assert (due.seat, due.kind, due.uses_secrets) == (top.seat, "defend", False) and due.due_at is not None
        # The channel names the defender and what they owe; their "My hand" panel tells the attack.
        ping = world.fake.channel_posts()[-1].text()
        assert f"<@{defender.id}>" in ping and message("origin.decision.defend") in ping
        panel = await Driver(world, [ADA, BEA]).open_hand(defender)
        table = WORDS.table(RULES.public_view(state), mine=RULES.seat_view(state, top.seat))
        assert table.attack_question(top.context) in panel.text()
        assert {b["label"] for b in panel.buttons()} >= {message("origin.choice.G")}
        # Time runs out: the move that loses least is made and told, and the attacker's go goes on.
        posts = len(world.fake.channel_posts())
        clock.now += 2 * HOUR
        await world.bot.scheduler.run_once()
        await settle()
        told = "\n".join(m.text() for m in world.fake.channel_posts()[posts:])
        assert f"<@{defender.id}>" in told
        # What the rules did is in the phase's status message.
        told += (await world.status_message()).text()
        timeout = RULES.timeout_action(state, top.seat)
        assert isinstance(timeout, DropTrait | Yield)
        after, events = RULES.apply(state, timeout)
        for line in WORDS.public_lines(events, WORDS.table(RULES.public_view(after))):
            assert line in told
        info = await world.info()
        assert [(d.seat, d.kind) for d in info.to_decide] == [(top.context.attacker, "feed")]
        await check_privacy(world)
    finally:
        await close_world(world)
    check_logs(caplog.records, world)


async def autocomplete(world: World, *options: dict[str, Any]) -> list[dict[str, Any]]:
    return await world.fake.autocomplete(world.bot, ADA, "evolution", *options, sub="new")


OPTIONS = ("two_decks", "time_to_fly", "darwins_day")


async def test_new_offers_the_original_game_its_two_decks_its_expansions_and_its_tie_breaks(world: World) -> None:
    games = await autocomplete(world, string("game", "", focused=True))
    assert {"name": WORDS.title("en"), "value": "origin"} in games
    # Every set of the options (the switches, each with either tie-break), each named in the reader's language.
    for language in LANGUAGES:
        choices = option_choices("origin", "", language)
        assert len(choices) == 2 ** len(OPTIONS) * 2 - 1
        for option in OPTIONS:
            alone = next(c for c in choices if c.value == option)
            assert alone.name == WORDS.option_name(option, language)
        discards = next(c for c in choices if c.value == "tie_break=discards")
        assert discards.name == (
            f"{WORDS.option_name('tie_break', language)}: {WORDS.option_value('tie_break', 'discards', language)}"
        )
        assert len({c.name for c in choices}) == len(choices)
    assert option_choices("origin", "quick", "en") == []
    # Through Discord, once the game is chosen in the same command.
    offered = await autocomplete(world, string("game", "origin"), string("options", "fly", focused=True))
    with_fly = (
        "time_to_fly",
        "time_to_fly, darwins_day",
        "two_decks, time_to_fly",
        "two_decks, time_to_fly, darwins_day",
    )
    assert {c["value"] for c in offered} == {*with_fly, *(f"tie_break=discards, {v}" for v in with_fly)}


@pytest.mark.parametrize("options", [("two_decks",), ()])
async def test_eight_players_play_with_two_decks(world: World, options: tuple[str, ...]) -> None:
    """Seed 003: two sets mixed let up to eight play; five to eight always mix them (docs/rulings.md), so an eight
    seat lobby starts with the option or without it, and its deck holds both sets."""
    await world.evo(ADA, "new", string("game", "origin"), *[string("options", o) for o in options])
    lobby = world.fake.channel_posts()[-1]
    world.game_id = (await world.info()).game_id
    if options:
        assert WORDS.option_name("two_decks", "en") in lobby.text()
    for _ in range(7):
        await world.evo(ADA, "addbot")
    assert len((await world.info()).players) == 8
    refused = world.fake.reply(await world.evo(ADA, "addbot")).text()
    assert refused == message("refusal.game_full", max_players=8)
    await world.evo(ADA, "start")
    info = await world.info()
    assert info.status == "running"
    view = await world.service.public_view(channel_id=str(CHANNEL_ID))
    assert view.deck_size == 2 * 84 - 8 * 6  # type: ignore[attr-defined]
    assert message("origin.footer.two_decks") in (await world.status_message()).text()


BOTH = "time_to_fly, darwins_day"
#: The traits of seed 001's expansions: the rules list them after the base game's, from Shell on.
EXPANSION_TRAITS = frozenset(list(Trait)[list(Trait).index(Trait.SHELL) :])
CHANNEL = str(CHANNEL_ID)


async def started_with(world: World, options: str, *others: User, computers: int = 0) -> None:
    await world.evo(ADA, "new", string("game", "origin"), string("options", options))
    lobby = world.fake.channel_posts()[-1].text()
    assert all(WORDS.option_name(o.strip(), "en") in lobby for o in options.split(","))
    world.game_id = (await world.info()).game_id
    for user in others:
        await world.evo(user, "join")
    for _ in range(computers):
        await world.evo(ADA, "addbot")
    await world.evo(ADA, "start")
    await check_privacy(world)


async def test_a_whole_game_with_both_expansions_through_discord(world: World) -> None:
    await started_with(world, BOTH, BEA, CY)
    await world.evo(ADA, "addbot")
    driver = Driver(world, [ADA, BEA, CY], seed=11, check_privacy=lambda: check_privacy(world))
    moves = await driver.play_to_end()
    assert moves > 30
    final = world.fake.channel_posts()[-1].text()
    assert message("origin.status.title_over") in final and message("standings.title") in final
    # The expansions were played: their traits went on animals, and standing orders were set through the prompts.
    history = await world.service.history(game_id=(await world.info()).game_id)
    done = [e.action for e in history.entries if e.kind == "action"]
    assert any(isinstance(a, PlayTrait) and a.trait in EXPANSION_TRAITS for a in done)
    assert any(isinstance(a, OrderAction) for a in done)


async def test_eight_players_play_both_expansions_to_the_end_through_discord(world: World) -> None:
    """Issue 16's measure of done: a table of eight plays the original game with both expansions to the end in
    Discord (three people and five computers), every message and image checked for secrets."""
    await started_with(world, BOTH, BEA, CY, computers=5)
    assert len((await world.info()).players) == 8
    driver = Driver(world, [ADA, BEA, CY], seed=8, check_privacy=lambda: check_privacy(world))
    await driver.play_to_end()
    info = await world.info()
    assert info.status == "finished" and info.outcome is not None and len(info.outcome.standings) == 8
    assert message("standings.title") in world.fake.channel_posts()[-1].text()


def told_to(world: World, user: User, since: int) -> tuple[str, str]:
    """What the channel and what ``user`` alone were shown since ``since`` messages."""
    public = [text_of(s.data) for s in world.fake.sent[since:] if s.audience == "public"]
    private = [text_of(s.data) for s in world.fake.sent[since:] if s.audience == str(user.id)]
    return "\n".join(public), "\n".join(private)


async def test_an_order_changed_through_discord_by_a_player_whose_turn_it_is_not(world: World) -> None:
    await started_with(world, "time_to_fly", BEA)
    info = await world.info()
    (owed,) = info.to_decide
    waiting = BEA if owed.user_id == str(ADA.id) else ADA
    offered = await world.service.prompt(channel_id=CHANNEL, user_id=str(waiting.id))
    assert offered.prompt is not None and offered.prompt.decision.opportunity
    assert isinstance(offered.view, SeatView) and offered.view.orders.anglerfish
    # The "My hand" panel of a player who owes nothing offers their orders, and says what they are.
    panel = await Driver(world, [ADA, BEA]).open_hand(waiting)
    trait = trait_name(Trait.ANGLERFISH)
    assert message("origin.orders.anglerfish_on", trait=trait) in panel.text()
    hidden = message("origin.choice.lure_off", trait=trait)
    button = next(b for b in panel.buttons() if b.get("label") == hidden)
    sent = len(world.fake.sent)
    await world.fake.click(world.bot, waiting, panel, button["custom_id"])
    await settle()
    after = await world.service.prompt(channel_id=CHANNEL, user_id=str(waiting.id))
    assert isinstance(after.view, SeatView) and not after.view.orders.anglerfish
    public, private = told_to(world, waiting, sent)
    assert message("origin.private.AnglerfishOrderSet_disarmed", trait=trait) not in public
    assert message("origin.private.AnglerfishOrderSet_disarmed", trait=trait) in private
    # Nobody waited: the same player owes the same decision.
    assert [(d.seat, d.kind) for d in (await world.info()).to_decide] == [(owed.seat, owed.kind)]
    await check_privacy(world)


def pack_asked(state: GameState) -> bool:
    """A carnivore invited another player's carnivore to hunt in its pack: that player is asked."""
    return any(d.kind == "join_pack" for d in RULES.duties(state))


def keen_on_packs(state: GameState, action: Action) -> bool:
    """A move towards a pack hunt with a rival's carnivore."""
    if isinstance(action, Attack):
        return action.helper is not None and state.locate(action.helper)[0] != action.seat
    return isinstance(action, PlayTrait) and action.trait in (Trait.PACK, Trait.CARNIVORE)


async def test_a_pack_hunt_consented_to_through_discord(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    seed, moves, state = played_until(
        2, pack_asked, options={"darwins_day": True}, names=(ADA.name, BEA.name), keen=keen_on_packs
    )
    world = await open_world(tmp_path / "games.db", seeds=itertools.repeat(seed))
    try:
        await started_with(world, "darwins_day", BEA)
        await play_moves(world, {0: ADA, 1: BEA}, moves)
        top = state.interrupts.top
        assert top is not None and isinstance(top.context, PackFrame)
        asked = {0: ADA, 1: BEA}[top.seat]
        info = await world.info()
        assert [(d.seat, d.kind) for d in info.to_decide] == [(top.seat, "join_pack")]
        # The helper's owner reads the whole hunt in their "My hand" panel, and joins it.
        panel = await Driver(world, [ADA, BEA]).open_hand(asked)
        table = WORDS.table(RULES.public_view(state), mine=RULES.seat_view(state, top.seat))
        assert table.pack_question(top.context.hunt) in panel.text()
        join = message("origin.choice.J1", trait=trait_name(Trait.PACK))
        button = next(b for b in panel.buttons() if b.get("label") == join)
        sent = len(world.fake.sent)
        await world.fake.click(world.bot, asked, panel, button["custom_id"])
        await settle()
        after, events = RULES.apply(state, JoinPack(top.seat, True))
        public, _ = told_to(world, asked, sent)
        lines = WORDS.public_lines(events, WORDS.table(RULES.public_view(after)))
        assert lines and all(line in public for line in lines), (lines, public)
        assert (await world.info()).version == RULES.version(after)
        await check_privacy(world)
    finally:
        await close_world(world)
    check_logs(caplog.records, world)


async def test_a_whole_game_reads_like_a_log_in_the_channel_with_one_notice_per_decision(world: World) -> None:
    await world.evo(ADA, "new", string("game", "origin"), string("options", BOTH))
    world.game_id = (await world.info()).game_id
    await world.evo(BEA, "join")
    await world.evo(ADA, "addbot")
    check(await played(world, [ADA, BEA], seed=7, check_privacy=lambda: check_privacy(world)))


async def test_the_console_shows_the_discard_pile_on_d(tmp_path: Path) -> None:
    answers = iter(["d"])
    script = Script(chooser=lambda prompt, transcript: next(answers, "1"), quit_after=2)
    async with await GameService.open(database=tmp_path / "g.sqlite3", computer_level="easy") as service:
        session = Session(service, script.terminal(), channel_id(None))
        assert await session.run(Setup(("Ann",), 1, seed=5, ruleset="origin")) == 0
    assert message("console.help_discard") in script.output
    assert message("origin.discard.empty") in script.output
    # North Star's discard pile lies face down: no such key there.
    script = Script(quit_after=1)
    async with await GameService.open(database=tmp_path / "n.sqlite3", computer_level="easy") as service:
        session = Session(service, script.terminal(), channel_id(None))
        assert await session.run(Setup(("Ann",), 1, seed=5)) == 0
    assert message("console.help_discard") not in script.output
