"""The autopilot through the bot: the button under a prompt and ``/evolution autopilot on | off | away | back``, the
status message that shows it, and clear refusals, on the toy game. (North Star's lobby advice for a slow game:
tests/north_star/ui/test_lobby.py.)"""

from __future__ import annotations

import dataclasses

import pytest

from tests.bot.conftest import ADA, BEA, World, string
from tests.bot.fakes import Message, settle
from texts.languages import DISCORD_LOCALES
from texts.messages import message

AUTOPILOT_ON = "evo:a:on:"
AUTOPILOT_OFF = "evo:a:off:"

pytestmark = pytest.mark.usefixtures("toy")


def autopilot_button(panel: Message, prefix: str) -> dict[str, object]:
    (button,) = [i for i in panel.items() if str(i.get("custom_id", "")).startswith(prefix)]
    return button


async def started(world: World, **settings: str) -> None:
    await world.lobby(ADA, BEA, game="toy")
    if settings:
        await world.evo(ADA, "settings", *(string(k, v) for k, v in settings.items()))
    await world.evo(ADA, "start")
    await settle()


async def test_the_button_under_a_prompt_leaves_its_kind_to_the_autopilot_which_makes_it_at_once(world: World) -> None:
    await started(world, decision_time="1d")
    # Both owe their secret pick, prompted by DM, with the autopilot's button under it.
    prompt = world.fake.dms(BEA)[-1]
    kind = message("toy.decision.pick")
    button = autopilot_button(prompt, AUTOPILOT_ON)
    assert button["label"] == message("button.autopilot_on", kind=kind)
    await world.fake.click(world.bot, BEA, prompt, str(button["custom_id"]))
    await settle()
    # The prompt says so, with a button to take it back; the autopilot made Bea's pick meanwhile.
    answered = world.fake.messages[prompt.id]
    assert message("autopilot.on_done", kind=kind) in answered.text()
    autopilot_button(answered, AUTOPILOT_OFF)
    info = await world.info()
    assert [d.user_id for d in info.to_decide] == [str(ADA.id)]
    assert info.autopilots[str(BEA.id)].kinds == {"pick"}
    history = await world.service.history(game_id=info.game_id)
    assert [(e.seat, e.played_by) for e in history.entries if e.kind == "action"] == [(1, "autopilot")]
    # The status message shows it; nothing private went anywhere.
    assert message("autopilot.line", parts=f"<@{BEA.id}> ({kind})") in (await world.status_message()).text()
    await world.check_privacy()
    # Taken back from the answer's button: Bea picks her stones herself again.
    await world.fake.click(world.bot, BEA, answered, str(autopilot_button(answered, AUTOPILOT_OFF)["custom_id"]))
    assert message("autopilot.off_done") in world.fake.messages[prompt.id].text()
    assert str(BEA.id) not in (await world.info()).autopilots


async def test_autopilot_commands_in_the_readers_words_and_their_refusals(world: World) -> None:
    await started(world, decision_time="1d")
    reader = dataclasses.replace(BEA, locale=DISCORD_LOCALES["pl"][0])
    kinds = await world.fake.autocomplete(
        world.bot, reader, "evolution", string("decision", "", focused=True), sub="autopilot on"
    )
    assert [(c["name"], c["value"]) for c in kinds] == [
        (message(f"toy.decision.{kind}", "pl"), kind) for kind in ("pick", "call", "answer")
    ]
    on = world.reply_text(await world.evo(BEA, "autopilot on", string("decision", "answer")))
    assert on == message("autopilot.on_done", kind=message("toy.decision.answer"))
    refused = world.reply_text(await world.evo(BEA, "autopilot on", string("decision", "develop")))
    assert refused == message("refusal.unknown_decision_kind")
    assert world.reply_text(await world.evo(BEA, "autopilot off")) == message("autopilot.off_done")
    assert str(BEA.id) not in (await world.info()).autopilots
    # Away: a duration the game allows (14 days unless the host says otherwise), and back.
    assert world.reply_text(await world.evo(BEA, "autopilot away", string("length", "soon"))) == message(
        "refusal.bad_duration"
    )
    too_long = world.reply_text(await world.evo(BEA, "autopilot away", string("length", "15d")))
    assert too_long == message("refusal.bad_away.too_long", n=14)
    away = world.reply_text(await world.evo(BEA, "autopilot away", string("length", "3d")))
    assert away.startswith(message("autopilot.away_done", until="UNTIL").split("UNTIL")[0])
    await settle()
    info = await world.info()
    assert info.autopilots[str(BEA.id)].away_until is not None
    assert all(d.user_id != str(BEA.id) for d in info.to_decide), "a computer made Bea's pick"
    assert world.reply_text(await world.evo(BEA, "autopilot back")) == message("autopilot.back_done")
    assert str(BEA.id) not in (await world.info()).autopilots
