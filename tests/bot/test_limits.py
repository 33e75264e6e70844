"""Every text the bot sends fits Discord's limits (``bot.limits.fitted``): at the limits, past them, and with the
panels the bot builds in each of the six languages, checked by the same documented limits the fake Discord applies
to every request (``tests/discord_api/limits.py``)."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import panels
from bot.limits import EMBED_DESCRIPTION, EMBEDS_TOTAL, FIELD_VALUE, fitted, lines_text
from game_service import GameInfo, PendingDecision, SeatInfo
from rules_core.north_star import NorthStar
from tests.discord_api.limits import IS_COMPONENTS_V2, check_limits
from tests.discord_api.request import Request
from texts.languages import LANGUAGES
from texts.north_star import WORDS

RULES = NorthStar()
NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
#: Discord display names are up to 32 characters.
LONG_NAMES = tuple(f"Jogadora número {seat} com nome longo"[:32] for seat in range(6))


def violations(**message: Any) -> list[str]:
    """What real Discord would refuse in a channel post of ``message`` (as discord.py would send it)."""
    body: dict[str, Any] = {}
    if message.get("content") is not None:
        body["content"] = message["content"]
    embeds = message.get("embeds") or ([message["embed"]] if message.get("embed") is not None else [])
    body["embeds"] = [e.to_dict() for e in embeds]
    if message.get("view") is not None:
        body["components"] = message["view"].to_components()
        if message["view"].has_components_v2():
            body["flags"] = IS_COMPONENTS_V2
    return [str(v) for v in check_limits(Request("POST", "/channels/1/messages", body))]


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.text(min_size=0, max_size=5000), max_size=40), limit=st.integers(10, EMBED_DESCRIPTION))
def test_lines_text_never_passes_its_limit_and_keeps_the_latest_lines(lines: list[str], limit: int) -> None:
    text = lines_text(lines, limit)
    assert len(text) <= limit
    if len("\n".join(lines)) <= limit:
        assert text == "\n".join(lines)
    elif lines and len(lines[-1]) < limit - 2:
        assert text.endswith(lines[-1])


def test_a_description_at_the_limit_is_kept_and_one_past_it_is_cut() -> None:
    exact = ["a" * 10, "b" * (EMBED_DESCRIPTION - 11)]
    assert lines_text(exact) == "\n".join(exact)
    # The case testers found: the latest line fills the description exactly, and the ellipsis on top made 4,097.
    over = ["a" * 10, "b" * (EMBED_DESCRIPTION - 1)]
    cut = lines_text(over)
    assert len(cut) <= EMBED_DESCRIPTION and cut.startswith("…\nbbb")


@settings(max_examples=100, deadline=None)
@given(
    title=st.text(max_size=400),
    description=st.text(max_size=6000),
    fields=st.lists(st.tuples(st.text(min_size=1, max_size=400), st.text(min_size=1, max_size=1500)), max_size=30),
    footer=st.text(max_size=3000),
    count=st.integers(1, 12),
    content=st.text(max_size=2500),
)
def test_any_message_is_fitted_within_every_limit(
    title: str, description: str, fields: list[tuple[str, str]], footer: str, count: int, content: str
) -> None:
    embeds = []
    for _ in range(count):
        embed = discord.Embed(title=title or None, description=description or None)
        for name, value in fields:
            embed.add_field(name=name, value=value)
        if footer:
            embed.set_footer(text=footer)
        embeds.append(embed)
    sent = fitted(content=content, embeds=embeds)
    assert violations(**sent) == []
    assert sum(len(e) for e in sent["embeds"]) <= EMBEDS_TOTAL


def six_seat_game(language: str) -> tuple[GameInfo, Any, list[str]]:
    """A six-seat game with long names, part-way through, and every public line told so far in ``language``."""
    state, events = RULES.new_game(players=list(LONG_NAMES), options={}, seed=11)
    rng = random.Random(11)
    told = list(events)
    for _ in range(250):
        duties = RULES.duties(state)
        if not duties:
            break
        seat = rng.choice(duties).seat
        state, events = RULES.apply(state, rng.choice(RULES.legal_actions(state, seat)))
        told += events
    view = RULES.public_view(state)
    table = WORDS.table(view, language=language)
    lines = WORDS.public_lines([e for e in told if e.audience is None], table)
    seats = tuple(
        SeatInfo(seat, str(4_000_000_000_000_000 + seat), name, False) for seat, name in enumerate(LONG_NAMES)
    )
    due = tuple(
        PendingDecision(d.seat, d.kind, seats[d.seat].user_id, False, view.version, NOW, NOW)
        for d in RULES.duties(state)
    )
    info = GameInfo(
        game_id=10**12, channel_id="1", ruleset="north_star", status="running", host_id=seats[0].user_id or "",
        players=seats, version=view.version, options={}, settings={"language": language}, min_players=2,
        max_players=6, seed=11, created_at=NOW, started_at=NOW, finished_at=None, to_decide=due, outcome=None,
    )  # fmt: skip
    return info, view, lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_status_post_of_a_six_seat_game_fits_in_every_language(language: str) -> None:
    info, view, lines = six_seat_game(language)
    assert len("\n".join(lines)) > EMBED_DESCRIPTION, "enough lines to fill a description"
    waiting = panels.waiting_line(info, info.to_decide, language)
    layout = panels.status_layout(view, info, lines, language, waiting=waiting)
    assert violations(view=layout) == []
    # The latest moves are kept, the oldest dropped.
    shown = "\n".join(item.content for item in layout.walk_children() if isinstance(item, discord.ui.TextDisplay))
    assert lines[-1] in shown and waiting in shown
    assert violations(embed=panels.info_embed(info, view, language)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_players_panels_fit_in_every_language(language: str) -> None:
    # The hand and the food-card prompt of each of six seats with long names, in this language.
    state, _ = RULES.new_game(players=list(LONG_NAMES), options={}, seed=11)
    for seat in range(6):
        mine = RULES.seat_view(state, seat)
        table = WORDS.table(mine.table, mine=mine, language=language)
        hand = panels.hand_embed(WORDS.secret_sections(mine, table), language)
        decision = PendingDecision(seat, "food_card", "1", False, 0, NOW)
        panel = panels.prompt_panel(
            game_id=10**12, decision=decision, actions=RULES.legal_actions(state, seat), table=table, words=WORDS
        )
        assert panel is not None
        assert violations(**fitted(embeds=[hand, panel[0]], view=panel[1])) == []
        assert all(len(f.value or "") <= FIELD_VALUE for f in hand.fields)
