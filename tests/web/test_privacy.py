"""The privacy scan: over whole games of every rule system, nothing a spectator can fetch (the page's HTML, the live
stream's JSON, the replay) ever holds a hand, a secret pick or a face-down card, nor the seed or the link's salt;
and a signed-in player's page holds their own secrets only.

A seat's secrets, at each point of the game, are the lines of its own panel (``secret_sections``) and the lines by
which its board differs from the channel's (``board_text(..., mine=...)`` names its face-down cards), less what the
table may see anyway: the channel's board, every public line so far and the rule book's texts, wherever in them (a
card revealed on the table is worded as a copy of it still in a hand).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from markupsafe import escape

from game_service import GameInfo, GameService
from tests.web.conftest import CHANNEL, HOST, Web
from texts.registry import words_for
from texts.rules import book
from web.words import step_lines, told_entries

SEED = 8_234_719_823_749_123
LANGUAGE = "en"
VARIANTS = [
    ("north_star", {}),
    ("north_star", {"quick_game": True}),
    ("origin", {}),
    ("origin", {"time_to_fly": True, "darwins_day": True}),
    ("dice_combat", {}),
]


async def four_people(service: GameService, ruleset: str, options: dict[str, Any]) -> GameInfo:
    await service.create_game(channel_id=CHANNEL, host_id=HOST, host_name="Ann", ruleset=ruleset, options=options)
    for n, name in enumerate(("Bob", "Cid", "Dee"), start=1):
        await service.join(channel_id=CHANNEL, user_id=f"{HOST}{n}", user_name=name)
    result = await service.start(channel_id=CHANNEL, actor_id=HOST, seed=SEED)
    return await service.game_info(game_id=result.game_id)


async def secrets_now(service: GameService, info: GameInfo) -> dict[str, set[str]]:
    """Each person's secrets now, as their own pages word them, less what the table may see anyway."""
    words = words_for(info.ruleset)
    view = await service.public_view(channel_id=CHANNEL, game_id=info.game_id)
    history = await service.history(game_id=info.game_id)
    public = set(words.board_text(view, LANGUAGE).splitlines())
    public.update(line for entry in told_entries(history) for line in step_lines(entry, words, LANGUAGE))
    rule_book = " ".join(entry.text for entry in book(LANGUAGE, info.ruleset).traits.values())
    # What the table was told, as one text: a card in a hand may be worded as a revealed copy of it was ("Food cards
    # revealed: Carnivore (+4), ..."), which tells nothing of the hand.
    told = "\n".join(public)
    found: dict[str, set[str]] = {}
    for seat in info.players:
        assert seat.user_id is not None
        side = await service.prompt(user_id=seat.user_id, game_id=info.game_id)
        mine = side.view
        table = words.table(mine.table, mine=mine, language=LANGUAGE)
        lines = {line for section in words.secret_sections(mine, table) for line in section.lines}
        lines |= set(words.board_text(mine.table, LANGUAGE, mine=mine).splitlines()) - public
        lines = {line.strip() for line in lines}
        found[seat.user_id] = {line for line in lines if len(line) > 3 and line not in told and line not in rule_book}
    return found


def leaks(text: str, secrets: dict[str, set[str]], *, but: str | None = None) -> list[str]:
    """The secrets (of everybody but ``but``, and none that ``but`` has as well: "No cards.") that ``text``
    holds, as the page escapes them."""
    own = secrets.get(but, set()) if but is not None else set()
    return [
        line
        for user, lines in secrets.items()
        if user != but
        for line in lines - own
        if line in text or str(escape(line)) in text
    ]


@pytest.mark.parametrize(("ruleset", "options"), VARIANTS, ids=lambda v: v if isinstance(v, str) else "+".join(v))
async def test_no_spectator_ever_sees_a_secret(site: Web, ruleset: str, options: dict[str, Any]) -> None:
    info = await four_people(site.service, ruleset, options)
    url = site.page_url(info)
    salt = str(info.settings.get("link", ""))
    streamed: list[bytes] = []

    async def listen() -> None:
        async with site.http.get(url + "events") as stream:
            async for line in stream.content:
                streamed.append(line)

    listening = asyncio.create_task(listen())
    by_version: dict[int, dict[str, set[str]]] = {}
    checked = 0
    while True:
        await site.service.idle()
        info = await site.service.game_info(game_id=info.game_id)
        secrets = await secrets_now(site.service, info)
        by_version[info.version] = secrets
        assert any(secrets.values()) or info.status != "running"
        site.http.cookie_jar.clear()
        _, html = await site.get(url)
        assert not leaks(html, secrets), f"a spectator's page at version {info.version}"
        assert str(SEED) not in html
        # A player sees their own secrets, and nobody else's.
        site.sign_in_as(HOST, "Ann")
        _, own = await site.get(url)
        assert not leaks(own, secrets, but=HOST), f"Ann's page at version {info.version}"
        checked += 1
        if info.status != "running":
            break
        user = next(d.user_id for d in info.to_decide if d.user_id is not None)
        side = await site.service.prompt(user_id=user, game_id=info.game_id)
        assert side.prompt is not None
        await site.service.submit(channel_id=CHANNEL, user_id=user, action=side.prompt.actions[0],
                                  expected_version=side.prompt.decision.since_version)  # fmt: skip
    assert checked > 20
    await asyncio.sleep(0.6)
    listening.cancel()
    # The live stream: each event checked against the secrets of its version.
    events = [json.loads(line[6:]) for line in streamed if line.startswith(b"data: {")]
    assert len(events) > 5
    for event in events:
        text = json.dumps(event, ensure_ascii=False) + event["html"]
        assert str(SEED) not in text and (not salt or salt not in text)
        if event["version"] in by_version:
            assert not leaks(event["html"], by_version[event["version"]]), f"the stream at {event['version']}"
    # The replay: each step against the secrets of its version.
    history = await site.service.history(game_id=info.game_id)
    for step, entry in enumerate(told_entries(history)):
        _, frame = await site.get(url + f"replay/{step}")
        assert str(SEED) not in frame
        if entry.version in by_version:
            assert not leaks(frame, by_version[entry.version]), f"the replay's step {step}"
