"""Buttons and selects that survive a restart: ``discord.ui.DynamicItem`` subclasses whose ``custom_id`` carries
everything the click needs, so no View keeps state and any process on the same database answers them.

The ``custom_id`` scheme (at most 100 characters; every part is plain ASCII)::

    evo:l:<verb>:<game>                       lobby: join | leave | bot (add a computer player) | start
    evo:t:<verb>:<game>                       table: hand ("My hand", with the current prompt) | board
    evo:m:<game>:<version>:<page>:<path>      a choice in a player's prompt: show the menu at <path> (page
                                              <page> of its select), or play the one action under it
    evo:s:<kind>:<game>:<version>:<path>      a select of a player's prompt: the chosen value (kind c) or the
                                              chosen cards to discard (kind d) extend <path>

``<game>`` is the service's game id. ``<version>`` is the game version at which the player's current decision
fell due (the service's ``PendingDecision.since_version``): a prompt stays valid while that same decision is owed,
so a simultaneous choice (the secret food-card pick) is not made stale by another player's pick, and any other
version is answered as out of date with the current prompt. ``<path>`` is a path of :mod:`texts.choices`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ui import Button, DynamicItem, Select

from bot.errors import report
from texts.choices import PATH_TEXT, Path, discards_token, parse_path, path_text

if TYPE_CHECKING:
    from bot.client import EvolutionBot
    from bot.desk import Desk

PREFIX = "evo"
CUSTOM_ID_LIMIT = 100
_GAME = r"(?P<game>[0-9]{1,19})"
_VERSION = r"(?P<version>[0-9]{1,12})"
_PATH = rf"(?P<path>(?:{PATH_TEXT.pattern})?)"


def _desk(interaction: discord.Interaction[Any]) -> Desk:
    return cast("EvolutionBot", interaction.client).desk


async def _answer(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    """Run a component's work; a failure is answered by the one error handler (never left to discord.py)."""
    try:
        await work
    except Exception as error:
        await report(interaction, error)


def checked(custom_id: str) -> str:
    if len(custom_id) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom_id longer than {CUSTOM_ID_LIMIT} characters: {len(custom_id)}")
    return custom_id


LOBBY_VERBS = ("join", "leave", "bot", "start")
TABLE_VERBS = ("hand", "board")


class LobbyButton(DynamicItem[Button[Any]], template=rf"{PREFIX}:l:(?P<verb>join|leave|bot|start):{_GAME}"):
    def __init__(self, verb: str, game_id: int, *, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(Button(label=label, style=style, custom_id=checked(f"{PREFIX}:l:{verb}:{game_id}")))
        self.verb = verb
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        button = cast(Button[Any], item)
        return cls(match["verb"], int(match["game"]), label=button.label or "", style=button.style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _answer(interaction, _desk(interaction).lobby_button(interaction, verb=self.verb, game_id=self.game_id))


class TableButton(DynamicItem[Button[Any]], template=rf"{PREFIX}:t:(?P<verb>hand|board):{_GAME}"):
    def __init__(self, verb: str, game_id: int, *, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(Button(label=label, style=style, custom_id=checked(f"{PREFIX}:t:{verb}:{game_id}")))
        self.verb = verb
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        button = cast(Button[Any], item)
        return cls(match["verb"], int(match["game"]), label=button.label or "", style=button.style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        desk = _desk(interaction)
        if self.verb == "hand":
            await _answer(interaction, desk.hand(interaction, game_id=self.game_id))
        else:
            await _answer(interaction, desk.board(interaction, game_id=self.game_id))


class MenuButton(DynamicItem[Button[Any]], template=rf"{PREFIX}:m:{_GAME}:{_VERSION}:(?P<page>[0-9]{{1,3}}):{_PATH}"):
    def __init__(
        self,
        game_id: int,
        version: int,
        path: Path,
        *,
        page: int = 0,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        custom_id = checked(f"{PREFIX}:m:{game_id}:{version}:{page}:{path_text(path)}")
        super().__init__(Button(label=label, style=style, custom_id=custom_id, disabled=disabled), row=row)
        self.game_id = game_id
        self.version = version
        self.path = path
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MenuButton:
        button = cast(Button[Any], item)
        return cls(
            int(match["game"]),
            int(match["version"]),
            parse_path(match["path"]),
            page=int(match["page"]),
            label=button.label or "",
            style=button.style,
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = _desk(interaction).choose(
            interaction, game_id=self.game_id, version=self.version, path=self.path, page=self.page
        )
        await _answer(interaction, work)


class MenuSelect(DynamicItem[Select[Any]], template=rf"{PREFIX}:s:(?P<kind>[cd]):{_GAME}:{_VERSION}:{_PATH}"):
    """A select of a prompt. Kind ``c``: each value is the next token. Kind ``d``: the values are the cards to
    discard (a multi-select), which together make one discards token."""

    def __init__(
        self,
        game_id: int,
        version: int,
        path: Path,
        *,
        kind: str = "c",
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        count: int = 1,
        row: int | None = None,
    ) -> None:
        custom_id = checked(f"{PREFIX}:s:{kind}:{game_id}:{version}:{path_text(path)}")
        select: Select[Any] = Select(
            custom_id=custom_id,
            options=options or [],
            placeholder=placeholder,
            min_values=count,
            max_values=count,
        )
        super().__init__(select, row=row)
        self.kind = kind
        self.game_id = game_id
        self.version = version
        self.path = path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MenuSelect:
        return cls(int(match["game"]), int(match["version"]), parse_path(match["path"]), kind=match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list(self.item.values)
        if self.kind == "d":
            token = discards_token(int(v) for v in values) if values and all(v.isdigit() for v in values) else ""
        else:
            token = values[0] if len(values) == 1 else ""
        # A forged or broken value shows the current prompt rather than a guess.
        path = (*self.path, token) if PATH_TEXT.fullmatch(token) else ()
        work = _desk(interaction).choose(interaction, game_id=self.game_id, version=self.version, path=path, page=0)
        await _answer(interaction, work)


DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (LobbyButton, TableButton, MenuButton, MenuSelect)
