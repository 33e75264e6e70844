"""Discord's limits on what a message may hold, and the one helper every outgoing message goes through.

Discord refuses a whole request when one part is a character too long (an embed description of 4,097 characters
loses the post, its fallback and the game's announcement with it). So no text is sent as it comes: every message
the bot creates or edits, in a channel, a DM or an interaction answer, is passed through :func:`fitted`, which cuts
each part to its limit (keeping the latest lines of a description, where the news is) and the embeds to their
total. Limits from Discord's documentation (Message, Embed and Component resources, "Limits").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from texts.menus import clip

#: Message content.
CONTENT = 2000
#: Embeds: title, description, fields (count, name, value), footer, author name, and all embeds of one message.
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR_NAME = 256
EMBEDS_TOTAL = 6000
EMBEDS = 10
#: Components: a button's label, a select's options (count, label, value, description) and placeholder.
BUTTON_LABEL = 80
SELECT_OPTIONS = 25
OPTION_LABEL = 100
OPTION_DESCRIPTION = 100
PLACEHOLDER = 150
#: Buttons in one action row.
ROW_ITEMS = 5
#: Layout components (IS_COMPONENTS_V2): the text of all a message's text displays together.
LAYOUT_TEXT = 4000
#: Autocomplete and command choices: how many, and a choice's name.
CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
#: An uploaded file (Discord's default; an interaction tells its own, ``Interaction.filesize_limit``): Reference,
#: "Uploading Files".
UPLOAD = 10 * 1024 * 1024
ELLIPSIS = "…"


def lines_text(lines: Sequence[str], limit: int = EMBED_DESCRIPTION) -> str:
    """Lines joined by newlines, keeping the latest ones (and an ellipsis on top) when they do not all fit."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    size = len(ELLIPSIS)
    for line in reversed(lines):
        line = clip(line, limit - len(ELLIPSIS) - 1)
        if size + 1 + len(line) > limit:
            break
        kept.append(line)
        size += 1 + len(line)
    return "\n".join([ELLIPSIS, *reversed(kept)])


def first_lines(lines: Sequence[str], limit: int) -> str:
    """Lines joined by newlines, keeping the first ones (and an ellipsis below) when they do not all fit; "" when
    not even the ellipsis does."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    if limit < 2 * len(ELLIPSIS) + 1:
        return ""
    kept: list[str] = []
    size = len(ELLIPSIS)
    for line in lines:
        line = clip(line, limit - len(ELLIPSIS) - 1)
        if size + 1 + len(line) > limit:
            break
        kept.append(line)
        size += 1 + len(line)
    return "\n".join([*kept, ELLIPSIS])


def _embed_size(embed: discord.Embed) -> int:
    return len(embed)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """``embed`` cut to every limit of one embed (in place, and returned)."""
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = lines_text(embed.description.split("\n"), EMBED_DESCRIPTION)
    fields = embed.fields
    if len(fields) > EMBED_FIELDS:
        for _ in range(len(fields) - EMBED_FIELDS):
            embed.remove_field(EMBED_FIELDS)
    for index, field in enumerate(embed.fields):
        embed.set_field_at(
            index,
            name=clip(field.name or "-", FIELD_NAME),
            value=clip(field.value or "-", FIELD_VALUE),
            inline=bool(field.inline),
        )
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name:
        embed.set_author(
            name=clip(embed.author.name, AUTHOR_NAME), url=embed.author.url, icon_url=embed.author.icon_url
        )
    return embed


def fit_embeds(embeds: Sequence[discord.Embed]) -> list[discord.Embed]:
    """At most :data:`EMBEDS` embeds, each within its limits, all together within :data:`EMBEDS_TOTAL`
    characters: the description of the last embeds is cut first (the panels put what matters on top)."""
    kept = [fit_embed(e) for e in list(embeds)[:EMBEDS]]
    excess = sum(_embed_size(e) for e in kept) - EMBEDS_TOTAL
    for embed in reversed(kept):
        if excess <= 0:
            break
        if embed.description:
            room = max(0, len(embed.description) - excess)
            before = len(embed.description)
            embed.description = lines_text(embed.description.split("\n"), max(len(ELLIPSIS), room)) if room else None
            excess -= before - len(embed.description or "")
    while excess > 0 and any(e.fields for e in kept):
        embed = next(e for e in reversed(kept) if e.fields)
        field = embed.fields[-1]
        excess -= len(field.name or "") + len(field.value or "")
        embed.remove_field(len(embed.fields) - 1)
    return kept


def fitted(**message: Any) -> dict[str, Any]:
    """The keyword arguments of a send or an edit (``content``, ``embed`` / ``embeds``, ...) with every text within
    Discord's limits. Components are built within their limits by the panels (see :mod:`bot.panels`)."""
    out = dict(message)
    content = out.get("content")
    if isinstance(content, str):
        out["content"] = clip(content, CONTENT)
    if out.get("embed") is not None:
        out["embed"] = fit_embeds([out["embed"]])[0]
    if out.get("embeds") is not None:
        out["embeds"] = fit_embeds(out["embeds"])
    return out
