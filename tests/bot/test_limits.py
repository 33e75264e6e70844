"""Every text the bot sends fits Discord's limits (``bot.limits.fitted``): at the limits and past them, checked by
the same documented limits the fake Discord applies to every request (``tests/discord_api/limits.py``). Each rule
system's panels in each of the six languages: ``tests/<ruleset>/ui/test_limits.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import panels, prompts
from bot.limits import EMBED_DESCRIPTION, EMBEDS_TOTAL, first_lines, fitted, lines_text
from tests.discord_api.limits import IS_COMPONENTS_V2, check_limits
from tests.discord_api.request import Request


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


def panel_items(panel: prompts.PromptPanel) -> list[dict[str, Any]]:
    """A prompt's selects and buttons as Discord receives them, row by row."""
    return [item for row in panel.rows for item in row.to_component_dict()["components"]]


def card_violations(panel: prompts.PromptPanel, *, header: Sequence[str] = (), hand: Sequence[str] = ()) -> list[str]:
    """What real Discord would refuse in the card of a prompt (with its header and hand), as a DM sends it."""
    card = prompts.private_card(panels.seat_colour(0), header=header, hand=hand, body=panel.lines, rows=panel.rows)
    return violations(view=card)


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.text(min_size=0, max_size=5000), max_size=40), limit=st.integers(10, EMBED_DESCRIPTION))
def test_first_lines_never_passes_its_limit_and_keeps_the_first_lines(lines: list[str], limit: int) -> None:
    text = first_lines(lines, limit)
    assert len(text) <= limit
    if len("\n".join(lines)) <= limit:
        assert text == "\n".join(lines)
    elif lines and len(lines[0]) < limit - 2:
        assert text.startswith(lines[0])


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
