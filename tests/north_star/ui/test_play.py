"""North Star's menus played through the bot: a card played step by step with a way back, ``/evolution move``
offering its legal moves with what each trait does, and the quick game: offered in the lobby, silent while the cards
are played, announced when the phase ends."""

from __future__ import annotations

from rules_core.north_star.cards import Trait
from tests.bot.conftest import ADA, BEA, World, string
from tests.bot.fakes import User
from tests.bot.test_play import open_hand, public_posts
from texts.messages import message


async def started(world: World, *others: User, computers: int = 0, quick: bool = False) -> None:
    options = "quick_game" if quick else None
    await world.lobby(ADA, *others, computers=computers, game="north_star", options=options)
    await world.evo(ADA, "start")


async def pick_food(world: World, user: User) -> None:
    (dm,) = [m for m in world.fake.dms(user) if m.selects()]
    select = dm.selects()[0]
    await world.fake.select(world.bot, user, dm, select["custom_id"], [select["options"][0]["value"]])


async def card_play_turn(world: World) -> tuple[User, User]:
    """Both humans pick their food card and play on until a card play is due; returns (whose card-play turn it
    is, the other)."""
    for user in (ADA, BEA):
        if any(d.user_id == str(user.id) and d.kind == "food_card" for d in (await world.info()).to_decide):
            await pick_food(world, user)
    (decision,) = [d for d in (await world.info()).to_decide if d.kind == "play_cards"]
    return (ADA, BEA) if decision.user_id == str(ADA.id) else (BEA, ADA)


async def test_card_play_shows_choices_step_by_step_with_back(world: World) -> None:
    await started(world, BEA)
    turn, _ = await card_play_turn(world)
    panel = await open_hand(world, turn)
    assert panel.audience == str(turn.id)
    select = panel.selects()[0]
    assert message("north_star.choice.f") in [b["label"] for b in panel.buttons()]
    card = select["options"][0]["value"]
    await world.fake.select(world.bot, turn, panel, select["custom_id"], [card])
    panel = world.fake.messages[panel.id]
    labels = [b["label"] for b in panel.buttons()]
    assert message("north_star.choice.L") in labels and message("north_star.choice.R") in labels
    assert message("button.back") in labels
    await world.fake.click(world.bot, turn, panel, panel.button(message("button.back"))["custom_id"])
    panel = world.fake.messages[panel.id]
    assert panel.selects(), "back at the card choice"
    await world.fake.select(world.bot, turn, panel, select["custom_id"], [card])
    panel = world.fake.messages[panel.id]
    version = (await world.info()).version
    await world.fake.click(world.bot, turn, panel, panel.button(message("north_star.choice.L"))["custom_id"])
    assert (await world.info()).version == version + 1
    panel = world.fake.messages[panel.id]
    new = message("north_star.species.of", player=turn.name, n=2)  # their second species, named so for good
    told = message("north_star.event.SpeciesCreated_left", player=turn.name, species=new)
    assert any(told in m.text() for m in public_posts(world))
    assert "Done: discard" in panel.text() and panel.selects(), "the next prompt follows at once"


async def test_move_autocomplete_offers_only_legal_moves_filtered_by_typing(world: World) -> None:
    await started(world, BEA)
    turn, _ = await card_play_turn(world)
    everything = await world.fake.autocomplete(
        world.bot, turn, "evolution", string("action", "", focused=True), sub="move"
    )
    assert 0 < len(everything) <= 25
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in everything)
    # A move that plays a trait says what the trait does (menus that explain, issue 30).
    effects = [message(f"north_star.effect.{trait.value}") for trait in Trait]
    assert any(effect in c["name"] for c in everything for effect in effects), everything
    finish = await world.fake.autocomplete(
        world.bot, turn, "evolution", string("action", "FINISH", focused=True), sub="move"
    )
    assert [c["name"] for c in finish] == [message("north_star.action.FinishCardPlay")]
    reply = world.fake.reply(await world.evo(turn, "move", string("action", finish[0]["value"])))
    assert message("prompt.done", action=message("north_star.action.FinishCardPlay")) in reply.text()
    bad = world.fake.reply(await world.evo(turn, "move", string("action", "finish please")))
    assert bad.text() == message("refusal.unknown_move")


async def test_the_quick_game_announces_the_card_plays_when_the_phase_ends(world: World) -> None:
    await started(world, BEA, quick=True)
    await pick_food(world, ADA)
    await pick_food(world, BEA)
    posts = len(public_posts(world))
    sent = len(world.fake.sent)
    for user in (ADA, BEA):
        for _ in range(2):
            choices = await world.fake.autocomplete(
                world.bot, user, "evolution", string("action", "discard", focused=True), sub="move"
            )
            assert choices
            await world.evo(user, "move", string("action", choices[0]["value"]))
    assert len(public_posts(world)) == posts
    assert all(s.audience != "public" for s in world.fake.sent[sent:]), "nothing public during the phase"
    during = len(world.fake.sent)
    for user in (ADA, BEA):
        await world.evo(
            user,
            "move",
            string(
                "action",
                (
                    await world.fake.autocomplete(
                        world.bot, user, "evolution", string("action", "finish", focused=True), sub="move"
                    )
                )[0]["value"],
            ),
        )
    assert len(public_posts(world)) > posts, "the phase's end is announced"
    told = "\n".join(s.message.text() for s in world.fake.sent[during:] if s.audience == "public")
    # The discards of both players are told together once both have finished (docs/rulings.md, "Quick game").
    assert told.count(message("north_star.phase.feeding")) >= 1 or "revealed" in told
    grown = [line for line in told.split("\n") if " grew to " in line or "created a new species" in line]
    assert len(grown) >= 4, told


async def test_a_new_lobby_offers_the_quick_game(world: World) -> None:
    await world.evo(ADA, "new", string("options", "quick_game"))
    assert message("north_star.option.quick_game") in public_posts(world)[-1].text()
