"""Buttons and selects that survive a restart: ``discord.ui.DynamicItem`` subclasses whose ``custom_id`` carries
everything the click needs, so no View keeps state and any process on the same database answers them.

The ``custom_id`` scheme (at most 100 characters; every part is plain ASCII)::

    evo:l:<verb>:<game>                       lobby: join | leave | bot (add a computer player) | start
    evo:t:<verb>:<game>                       table: hand ("My hand", with the current prompt) | board
    evo:m:<game>:<version>:<page>:<path>      a choice in a player's prompt: show the menu at <path> (page
                                              <page> of its select), or play the one action under it
    evo:s:<kind>:<game>:<version>:<path>      a select of a player's prompt: the chosen value (kind c) or the
                                              chosen parts of a multi-choice (kind d: the cards to discard...)
                                              extend <path>
    evo:a:<on|off>:<game>:<kind>              a player's autopilot: leave their decisions of <kind> to it (on),
                                              or take them back (off; <kind> "all": every kind)

``<game>`` is the service's game id. ``<version>`` is the game version at which the player's current decision
fell due (the service's ``PendingDecision.since_version``): a prompt stays valid while that same decision is owed,
so a simultaneous choice (the secret food-card pick) is not made stale by another player's pick, and any other
version is answered as out of date with the current prompt. ``<path>`` is a path of :mod:`texts.menus`.

A click is handled by the cog of its feature, found by name on the client (``LobbyCog``, ``PlayCog``), so this module
imports no cog and no cog imports the client.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any, Protocol, cast

import discord
from discord.ui import Button, DynamicItem, Select

from bot.errors import report
from texts.menus import PATH_TEXT, Path, multi_token, parse_path, path_text

PREFIX = "evo"
CUSTOM_ID_LIMIT = 100
_GAME = r"(?P<game>[0-9]{1,19})"
_VERSION = r"(?P<version>[0-9]{1,12})"
_PATH = rf"(?P<path>(?:{PATH_TEXT.pattern})?)"
#: The cogs that answer the components.
LOBBY_COG = "LobbyCog"
PLAY_COG = "PlayCog"
AUTOPILOT_COG = "AutopilotCog"
#: The kind an autopilot button names to take back every kind.
EVERY_KIND = "all"


class LobbyButtons(Protocol):
    async def lobby_button(self, interaction: discord.Interaction[Any], *, verb: str, game_id: int) -> None: ...


class TableButtons(Protocol):
    async def hand(self, interaction: discord.Interaction[Any], *, game_id: int | None = None) -> None: ...

    async def board(self, interaction: discord.Interaction[Any], *, game_id: int | None = None) -> None: ...

    async def discard_pile(self, interaction: discord.Interaction[Any], *, game_id: int) -> None: ...

    async def choose(
        self, interaction: discord.Interaction[Any], *, game_id: int, version: int, path: Path, page: int
    ) -> None: ...


class AutopilotButtons(Protocol):
    async def autopilot_button(
        self, interaction: discord.Interaction[Any], *, on: bool, game_id: int, kind: str
    ) -> None: ...


def _cog(interaction: discord.Interaction[Any], name: str) -> Any:
    cog = getattr(interaction.client, "get_cog", lambda _: None)(name)
    if cog is None:
        raise RuntimeError(f"the {name} is not loaded")
    return cog


def _lobby(interaction: discord.Interaction[Any]) -> LobbyButtons:
    return cast(LobbyButtons, _cog(interaction, LOBBY_COG))


def _table(interaction: discord.Interaction[Any]) -> TableButtons:
    return cast(TableButtons, _cog(interaction, PLAY_COG))


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
        await _answer(interaction, _lobby(interaction).lobby_button(interaction, verb=self.verb, game_id=self.game_id))


class TableButton(DynamicItem[Button[Any]], template=rf"{PREFIX}:t:(?P<verb>hand|board|discard):{_GAME}"):
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
        table = _table(interaction)
        if self.verb == "hand":
            await _answer(interaction, table.hand(interaction, game_id=self.game_id))
        elif self.verb == "discard":
            await _answer(interaction, table.discard_pile(interaction, game_id=self.game_id))
        else:
            await _answer(interaction, table.board(interaction, game_id=self.game_id))


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
        disabled: bool = False,
    ) -> None:
        custom_id = checked(f"{PREFIX}:m:{game_id}:{version}:{page}:{path_text(path)}")
        super().__init__(Button(label=label, style=style, custom_id=custom_id, disabled=disabled))
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
        work = _table(interaction).choose(
            interaction, game_id=self.game_id, version=self.version, path=self.path, page=self.page
        )
        await _answer(interaction, work)


class MenuSelect(DynamicItem[Select[Any]], template=rf"{PREFIX}:s:(?P<kind>[cd]):{_GAME}:{_VERSION}:{_PATH}"):
    """A select of a prompt. Kind ``c``: each value is the next token. Kind ``d``: the values are the parts of a
    multi-choice (a multi-select), which together make one token (:func:`texts.menus.multi_token`)."""

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
    ) -> None:
        custom_id = checked(f"{PREFIX}:s:{kind}:{game_id}:{version}:{path_text(path)}")
        select: Select[Any] = Select(
            custom_id=custom_id,
            options=options or [],
            placeholder=placeholder,
            min_values=count,
            max_values=count,
        )
        super().__init__(select)
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
            token = multi_token(int(v) for v in values) if values and all(v.isdigit() for v in values) else ""
        else:
            token = values[0] if len(values) == 1 else ""
        # A forged or broken value names no action (no action's path has an empty step): the player is told the
        # choice is unavailable and shown the current prompt, rather than a guess.
        path = (*self.path, token if PATH_TEXT.fullmatch(token) else "")
        work = _table(interaction).choose(interaction, game_id=self.game_id, version=self.version, path=path, page=0)
        await _answer(interaction, work)


class AutopilotButton(
    DynamicItem[Button[Any]], template=rf"{PREFIX}:a:(?P<on>on|off):{_GAME}:(?P<kind>[a-z_]{{1,32}})"
):
    def __init__(self, on: bool, game_id: int, kind: str, *, label: str) -> None:
        verb = "on" if on else "off"
        style = discord.ButtonStyle.secondary
        super().__init__(Button(label=label, style=style, custom_id=checked(f"{PREFIX}:a:{verb}:{game_id}:{kind}")))
        self.on = on
        self.game_id = game_id
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AutopilotButton:
        button = cast(Button[Any], item)
        return cls(match["on"] == "on", int(match["game"]), match["kind"], label=button.label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast(AutopilotButtons, _cog(interaction, AUTOPILOT_COG))
        await _answer(interaction, cog.autopilot_button(interaction, on=self.on, game_id=self.game_id, kind=self.kind))


DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (LobbyButton, TableButton, MenuButton, MenuSelect, AutopilotButton)


def of_no_known_form(interaction: discord.Interaction[Any]) -> bool:
    """A component interaction whose custom id is ours (the prefix) but fits none of the components' forms (a
    modified client's): discord.py hands a component only to a form its custom id fits, so nothing else answers it."""
    if interaction.type is not discord.InteractionType.component:
        return False
    custom_id = interaction.data.get("custom_id") if interaction.data is not None else None
    if not isinstance(custom_id, str) or not custom_id.startswith(f"{PREFIX}:"):
        return False
    return not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)
