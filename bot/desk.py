"""What every command and component does: read the interaction, call the service, answer the user, then let the
announcer tell the channel and the players.

Shared by the slash commands (the cogs) and the persistent components, so a move made by a button and the same
move made by ``/evolution move`` are one code path. The desk decides nothing about the rules: it offers what the
service's ``legal_actions`` lists and words the service's refusals. Every interaction is deferred before the first
service call (a database under load or a board image may take longer than Discord's 3 seconds), and every answer
to the user is ephemeral (or lives in their DMs); public posts are the announcer's.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import panels
from bot.errors import BotRefusal
from bot.languages import GAME_LANGUAGE, language_of, player_languages, server_language
from bot.summaries import history_lines
from game_service import (
    PLAYER_LANGUAGES,
    ActionResult,
    AlreadyStarted,
    GameClosed,
    GameInfo,
    GameService,
    MembershipResult,
    NoGameHere,
    NotAPlayer,
    NotStarted,
    PendingDecision,
    StaleVersion,
)
from rules_core.errors import Refusal
from rules_core.north_star.view import SeatView, TableView
from texts.choices import Path, Table, action_path, chosen, clip, parse_path, path_text
from texts.languages import AUTONYMS
from texts.messages import message
from texts.summaries import private_lines

if TYPE_CHECKING:
    from bot.announce import Announcer
    from bot.client import EvolutionBot

logger = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
AUTOCOMPLETE_LIMIT = 25
#: Submissions tried when other players' moves keep landing first (each attempt re-reads the game).
SUBMIT_ATTEMPTS = 3


def user_id_of(interaction: Interaction) -> str:
    return str(interaction.user.id)


def is_admin(interaction: Interaction) -> bool:
    """Manage Channels in this channel: may act as the host of any game here."""
    return interaction.guild_id is not None and interaction.permissions.manage_channels


def deadline_change(*, decision_time: str | None, reminders: str | None, strikes: int | None) -> dict[str, Any]:
    """The deadline settings a command names, as the service reads them ("none" clears the reminders)."""
    change: dict[str, Any] = {}
    if decision_time is not None:
        change["decision_time"] = decision_time
    if reminders is not None:
        change["reminders"] = [] if reminders.strip().lower() in ("none", "-", "0") else reminders
    if strikes is not None:
        change["strikes"] = strikes
    return change


def in_dm(interaction: Interaction) -> bool:
    return interaction.guild_id is None


def parse_move(value: str) -> tuple[int, Path]:
    """``"<version>:<path>"`` (an autocomplete value of ``/evolution move``) -> (version, path)."""
    version, _, text = value.partition(":")
    if not version.isdigit() or not text:
        raise BotRefusal("that is not one of the offered moves", code="unknown_move")
    try:
        return int(version), parse_path(text)
    except ValueError:
        raise BotRefusal("that is not one of the offered moves", code="unknown_move") from None


class Desk:
    def __init__(self, bot: EvolutionBot) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        return self.bot.service

    @property
    def announcer(self) -> Announcer:
        return self.bot.announcer

    # Answering.

    @staticmethod
    async def defer_private(interaction: Interaction) -> None:
        """A new ephemeral answer will follow ("thinking..." meanwhile)."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)

    @staticmethod
    async def defer_update(interaction: Interaction) -> None:
        """The component's own message will be edited."""
        if not interaction.response.is_done():
            await interaction.response.defer()

    @staticmethod
    async def say(interaction: Interaction, text: str) -> None:
        await interaction.followup.send(text, ephemeral=True)

    @staticmethod
    async def present(
        interaction: Interaction,
        *,
        embeds: Sequence[discord.Embed],
        view: discord.ui.View | None,
        edit: bool,
    ) -> None:
        """Show a private panel: in place of the component's message, or as a new ephemeral message."""
        if edit:
            # The message's text (a DM's header) stays; the embeds and components become the new panel.
            await interaction.edit_original_response(embeds=list(embeds), view=view)
        elif view is None:
            await interaction.followup.send(embeds=list(embeds), ephemeral=True)
        else:
            await interaction.followup.send(embeds=list(embeds), view=view, ephemeral=True)

    def channel_id(self, interaction: Interaction) -> str:
        """The channel whose game a command is about: a server channel (a DM has no game of its own)."""
        if in_dm(interaction):
            raise BotRefusal("games live in server channels", code="guild_only")
        if interaction.channel_id is None:
            raise BotRefusal("no channel", code="no_channel")
        return str(interaction.channel_id)

    async def note_language(self, interaction: Interaction, info: GameInfo) -> GameInfo:
        """Keep the language of a seated user as now seen, for their direct messages (written only on a change)."""
        user_id = user_id_of(interaction)
        language = language_of(interaction)
        if info.seat_of(user_id) is None or player_languages(info.settings).get(user_id) == language:
            return info
        return await self.service.remember_player_language(game_id=info.game_id, user_id=user_id, language=language)

    # The lobby.

    async def new_game(
        self,
        interaction: Interaction,
        *,
        quick_game: bool,
        decision_time: str | None = None,
        reminders: str | None = None,
        strikes: int | None = None,
        language: str | None = None,
    ) -> None:
        """Open a lobby. The game speaks ``language`` in the channel, else the server's language as it is now."""
        await self.defer_private(interaction)
        channel_id = self.channel_id(interaction)
        lang = language_of(interaction)
        perms = interaction.app_permissions
        if not ((perms.send_messages or perms.send_messages_in_threads) and perms.embed_links and perms.attach_files):
            raise BotRefusal("the bot cannot post here", code="missing_permissions")
        user = interaction.user
        settings: dict[str, Any] = {
            **self.bot.settings.deadline_settings(),
            **deadline_change(decision_time=decision_time, reminders=reminders, strikes=strikes),
            PLAYER_LANGUAGES: {str(user.id): lang},
        }
        spoken = language or server_language(interaction)
        if spoken is not None:
            settings[GAME_LANGUAGE] = spoken
        info = await self.service.create_game(
            channel_id=channel_id,
            host_id=str(user.id),
            host_name=user.display_name,
            options={"quick_game": True} if quick_game else {},
            settings=settings,
        )
        logger.info("game %s: lobby opened", info.game_id)
        await self.announcer.post_lobby(info)
        await self.say(interaction, message("lobby.created", lang))

    async def join(self, interaction: Interaction) -> None:
        await self.defer_private(interaction)
        user = interaction.user
        info = await self.service.join(
            channel_id=self.channel_id(interaction), user_id=str(user.id), user_name=user.display_name
        )
        info = await self.note_language(interaction, info)
        await self.announcer.lobby_changed(info)
        await self.say(
            interaction, message("lobby.joined", language_of(interaction), n=len(info.players), max=info.max_players)
        )

    async def leave(self, interaction: Interaction) -> None:
        await self.defer_private(interaction)
        user_id = user_id_of(interaction)
        before = await self.service.game_info(channel_id=self.channel_id(interaction))
        done = await self.service.leave(channel_id=before.channel_id, user_id=user_id)
        await self.after_membership(before, done, user_id, key="player.left")
        await self.say(interaction, message("lobby.left", language_of(interaction)))

    def computer_name(self, info: GameInfo) -> str:
        """A new computer seat's name, in the game's language ("Computer 2")."""
        count = sum(seat.is_computer for seat in info.players) + 1
        return message("player.computer_name", self.announcer.language(info), n=count)

    async def add_computer(self, interaction: Interaction) -> None:
        await self.defer_private(interaction)
        info = await self.service.game_info(channel_id=self.channel_id(interaction))
        info = await self.service.add_computer(
            channel_id=info.channel_id,
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
            name=self.computer_name(info),
            game_id=info.game_id,
        )
        await self.announcer.lobby_changed(info)
        await self.say(interaction, message("lobby.computer_added", language_of(interaction)))

    async def start(self, interaction: Interaction) -> None:
        await self.defer_private(interaction)
        result = await self.service.start(
            channel_id=self.channel_id(interaction),
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
            seed=self.bot.next_seed(),
        )
        await self.started(result)
        await self.say(interaction, message("lobby.started_reply", language_of(interaction)))

    async def started(self, result: ActionResult, *, actor_id: str | None = None) -> None:
        info = await self.service.game_info(game_id=result.game_id)
        logger.info("game %s: started with %s seats", info.game_id, len(info.players))
        await self.announcer.lobby_closed(info)
        await self.announcer.result(result, actor_id=actor_id, started=True)

    async def abandon(self, interaction: Interaction) -> None:
        await self.defer_private(interaction)
        actor = user_id_of(interaction)
        info = await self.service.abandon(
            channel_id=self.channel_id(interaction), actor_id=actor, actor_is_admin=is_admin(interaction)
        )
        logger.info("game %s: abandoned", info.game_id)
        await self.announcer.lobby_closed(info)
        await self.announcer.notice(info, "game.abandoned", player=panels.mention(actor))
        await self.say(interaction, message("game.abandoned_reply", language_of(interaction)))

    async def kick(self, interaction: Interaction, *, player: discord.abc.User | None, seat: int | None) -> None:
        await self.defer_private(interaction)
        if (player is None) == (seat is None):
            raise BotRefusal("name a player or a seat", code="kick_target")
        channel_id = self.channel_id(interaction)
        before = await self.service.game_info(channel_id=channel_id)
        actor = user_id_of(interaction)
        if player is not None:
            done = await self.service.kick(
                channel_id=channel_id, actor_id=actor, target_id=str(player.id), actor_is_admin=is_admin(interaction)
            )
        else:
            assert seat is not None
            done = await self.service.kick(
                channel_id=channel_id, actor_id=actor, seat=seat - 1, actor_is_admin=is_admin(interaction)
            )
        target = str(player.id) if player is not None else None
        await self.after_membership(before, done, target, key="player.kicked")
        await self.say(interaction, message("lobby.kicked_reply", language_of(interaction)))

    async def set_language(self, interaction: Interaction, *, language: str) -> None:
        """``/evolution language``: the host (or a channel admin) changes the language of the game's posts."""
        await self.defer_private(interaction)
        info = await self.service.change_settings(
            channel_id=self.channel_id(interaction),
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
            settings={GAME_LANGUAGE: language},
        )
        logger.info("game %s: language set to %s", info.game_id, language)
        await self.announcer.notice(info, "language.changed", language=AUTONYMS[language])
        if info.status == "lobby":
            await self.announcer.lobby_changed(info)
        reply = message("language.changed_reply", language_of(interaction), language=AUTONYMS[language])
        await self.say(interaction, reply)

    async def after_membership(
        self, before: GameInfo, done: MembershipResult, user_id: str | None, *, key: str
    ) -> None:
        """Show a leave or a kick: the lobby updated, or the channel told that a computer took the seat over."""
        info = done.info
        if info.status == "lobby":
            await self.announcer.lobby_changed(info)
            return
        if info.status == "abandoned":
            await self.announcer.lobby_closed(info)
            await self.announcer.notice(info, "game.abandoned_empty")
            return
        seat = before.seat_of(user_id) if user_id is not None else None
        name = before.players[seat].name if seat is not None else ""
        await self.announcer.notice(info, key, player=name)
        if done.played is not None:
            await self.announcer.result(done.played)

    async def lobby_button(self, interaction: Interaction, *, verb: str, game_id: int) -> None:
        """A button of the lobby message: the message itself is updated in place. The button's game id goes to
        the service too, so an old lobby's button never reaches a newer game in the channel."""
        await self.defer_update(interaction)
        info = await self.service.game_info(game_id=game_id)
        # The lobby message is the channel's: it stays in the game's language, whoever clicks.
        lang = self.announcer.language(info)
        if info.status != "lobby":
            key = "lobby.started" if info.status in ("running", "finished") else "lobby.abandoned"
            await interaction.edit_original_response(embed=panels.closed_lobby_embed(info, lang, key=key), view=None)
            if info.status == "running":
                raise AlreadyStarted("the game has already started", game_id=game_id)
            raise GameClosed("that game is over", game_id=game_id, status=info.status)
        if interaction.message is not None:
            self.announcer.remember_lobby(game_id, interaction.message.id)
        user = interaction.user
        actor = str(user.id)
        result: ActionResult | None = None
        if verb == "join":
            info = await self.service.join(
                channel_id=info.channel_id, user_id=actor, user_name=user.display_name, game_id=game_id
            )
            info = await self.note_language(interaction, info)
        elif verb == "leave":
            done = await self.service.leave(channel_id=info.channel_id, user_id=actor, game_id=game_id)
            info = done.info
        elif verb == "bot":
            info = await self.service.add_computer(
                channel_id=info.channel_id,
                actor_id=actor,
                actor_is_admin=is_admin(interaction),
                name=self.computer_name(info),
                game_id=game_id,
            )
        else:
            result = await self.service.start(
                channel_id=info.channel_id,
                actor_id=actor,
                actor_is_admin=is_admin(interaction),
                seed=self.bot.next_seed(),
                game_id=game_id,
            )
            info = await self.service.game_info(game_id=game_id)
        if info.status == "lobby":
            await interaction.edit_original_response(
                embed=panels.lobby_embed(info, lang), view=panels.lobby_view(info, lang)
            )
        else:
            await self.announcer.lobby_closed(info)
            if info.status == "abandoned":
                await self.announcer.notice(info, "game.abandoned_empty")
        if result is not None:
            logger.info("game %s: started with %s seats", info.game_id, len(info.players))
            await self.announcer.result(result, started=True)

    # Looking at a game.

    async def status(self, interaction: Interaction) -> None:
        await self.defer_private(interaction)
        info = await self.service.game_info(channel_id=self.channel_id(interaction))
        view: TableView | None = None
        if info.status == "running":
            view = await self.service.public_view(channel_id=info.channel_id, game_id=info.game_id)
        await interaction.followup.send(embed=panels.info_embed(info, view, language_of(interaction)), ephemeral=True)

    async def history(self, interaction: Interaction, *, page: int) -> None:
        """What the channel saw happen in its game (the running one, else the latest), with who or what chose each
        move; anybody may look, and only public facts are shown."""
        await self.defer_private(interaction)
        channel_id = self.channel_id(interaction)
        try:
            info = await self.service.game_info(channel_id=channel_id)
        except NoGameHere:
            recent = await self.service.recent_games(channel_id=channel_id, limit=1)
            if not recent:
                raise
            info = recent[0]
        history = await self.service.history(game_id=info.game_id)
        lang = language_of(interaction)
        embed = panels.history_embed(history.info, history_lines(history, lang), page, lang)
        await interaction.followup.send(embed=embed, ephemeral=True)

    async def board(self, interaction: Interaction, *, game_id: int | None = None) -> None:
        await self.defer_private(interaction)
        if game_id is None:
            info = await self.service.game_info(channel_id=self.channel_id(interaction))
        else:
            info = await self.service.game_info(game_id=game_id)
        if info.status == "lobby":
            raise NotStarted("the game has not started yet", game_id=info.game_id)
        view: TableView = await self.service.public_view(channel_id=info.channel_id, game_id=info.game_id)
        lang = language_of(interaction)
        png = await self.announcer.board(view, lang)
        embed = panels.status_embed(view, info, [panels.waiting_line(info, info.to_decide, lang)], lang)
        await interaction.followup.send(embed=embed, file=panels.board_file(png), ephemeral=True)

    async def private_table(self, info: GameInfo, user_id: str, language: str) -> tuple[SeatView, Table]:
        mine: SeatView = await self.service.private_view(
            channel_id=info.channel_id, user_id=user_id, game_id=info.game_id
        )
        return mine, Table(mine.table, tuple(s.name for s in info.players), mine=mine, language=language)

    async def hand(self, interaction: Interaction, *, game_id: int | None = None) -> None:
        """The player's hand and secrets, with the prompt of their decision when they owe one (ephemeral)."""
        await self.defer_private(interaction)
        if game_id is None:
            info = await self.service.game_info(channel_id=self.channel_id(interaction))
        else:
            info = await self.service.game_info(game_id=game_id)
        user_id = user_id_of(interaction)
        seat = info.seat_of(user_id)
        if seat is None:
            raise NotAPlayer("you are not in this game", user_id=user_id)
        if info.status == "lobby":
            raise NotStarted("the game has not started yet", game_id=info.game_id)
        info = await self.note_language(interaction, info)
        lang = language_of(interaction)
        mine, table = await self.private_table(info, user_id, lang)
        embeds = [panels.hand_embed(mine, table)]
        view: discord.ui.View | None = None
        pending = next((d for d in info.to_decide if d.seat == seat), None)
        if pending is not None and info.status == "running":
            legal = await self.service.legal_actions(channel_id=info.channel_id, user_id=user_id, game_id=info.game_id)
            panel = panels.prompt_panel(game_id=info.game_id, decision=pending, actions=legal.actions, table=table)
            if panel is not None:
                embeds.append(panel[0])
                view = panel[1]
        elif info.status == "running":
            embeds[0].description = panels.waiting_line(info, info.to_decide, lang) or None
        await self.present(interaction, embeds=embeds, view=view, edit=False)

    async def my_games(self, interaction: Interaction) -> None:
        await self.defer_private(interaction)
        lang = language_of(interaction)
        games = await self.service.my_games(user_id=user_id_of(interaction))
        if not games:
            await self.say(interaction, message("mygames.none", lang))
            return
        lines = [
            message(
                "mygames.one" if g.due_at is None else "mygames.one_due",
                lang,
                channel=f"<#{g.channel_id}>",
                game=g.game_id,
                kind=message(f"decision.{g.kind}", lang),
                since=discord.utils.format_dt(g.since, "R"),
                due="" if g.due_at is None else discord.utils.format_dt(g.due_at, "R"),
            )
            for g in games
        ]
        await self.say(interaction, clip("\n".join([message("mygames.title", lang), *lines]), panels.CONTENT_LIMIT))

    # Playing.

    async def choose(self, interaction: Interaction, *, game_id: int, version: int, path: Path, page: int) -> None:
        """A click in a player's prompt: show the next menu level, or play the one action under the click."""
        await self.defer_update(interaction)
        await self.play(interaction, game_id=game_id, version=version, path=path, page=page, edit=True)

    async def move(self, interaction: Interaction, *, value: str) -> None:
        """``/evolution move``: the action chosen from the autocomplete list."""
        await self.defer_private(interaction)
        version, path = parse_move(value)
        info = await self.service.game_info(channel_id=self.channel_id(interaction))
        await self.play(interaction, game_id=info.game_id, version=version, path=path, page=0, edit=False)

    async def play(
        self, interaction: Interaction, *, game_id: int, version: int, path: Path, page: int, edit: bool
    ) -> None:
        """Show the menu under ``path`` or play its one action, if the prompt (``version``) is still current."""
        lang = language_of(interaction)
        user_id = user_id_of(interaction)
        for _ in range(SUBMIT_ATTEMPTS):
            info = await self.service.game_info(game_id=game_id)
            if info.status == "lobby":
                raise NotStarted("the game has not started yet", game_id=game_id)
            if info.status != "running":
                raise GameClosed("that game is over", game_id=game_id, status=info.status)
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            info = await self.note_language(interaction, info)
            pending = next((d for d in info.to_decide if d.seat == seat), None)
            if pending is None:
                await self.nothing_to_do(interaction, info, lang, edit=edit)
                return
            legal = await self.service.legal_actions(channel_id=info.channel_id, user_id=user_id, game_id=game_id)
            _, table = await self.private_table(info, user_id, lang)
            notice = None
            picked = None if pending.since_version != version else chosen(legal.actions, path)
            if pending.since_version != version:
                notice = message("prompt.out_of_date", lang)
            elif picked is None:
                notice = message("prompt.unavailable", lang)
            if picked is None or isinstance(picked, list):
                prefix = path if isinstance(picked, list) else ()
                await self.prompt(
                    interaction, info, pending, legal.actions, table, prefix=prefix, page=page, edit=edit, notice=notice
                )
                return
            done = table.action(picked)
            try:
                result = await self.service.submit(
                    channel_id=info.channel_id,
                    user_id=user_id,
                    action=picked,
                    expected_version=legal.version,
                    game_id=game_id,
                )
            except StaleVersion:
                # Another player's move landed between reading and submitting (a simultaneous pick): look again;
                # the prompt is still current if the same decision is still owed and the move is still legal.
                continue
            # The decision's kind, not the move: in the quick game even the kind of a card play stays unannounced.
            logger.info("game %s: seat %s moved (%s, version %s)", game_id, seat, pending.kind, result.version)
            await self.after_move(interaction, info, seat, result, done, lang, edit=edit)
            await self.announcer.result(result, actor_id=user_id, actor_in_dm=in_dm(interaction))
            return
        await self.play(interaction, game_id=game_id, version=-1, path=(), page=0, edit=edit)

    async def after_move(
        self,
        interaction: Interaction,
        info: GameInfo,
        seat: int,
        result: ActionResult,
        done: str,
        lang: str,
        *,
        edit: bool,
    ) -> None:
        """The player's own answer: what they did, their private news, and their next prompt if they owe one."""
        user_id = user_id_of(interaction)
        _, table = await self.private_table(info, user_id, lang)
        lines = [
            message("prompt.done", lang, action=done),
            *private_lines(result.private_events.get(user_id, ()), table),
        ]
        notice = "\n".join(lines)
        following = next((d for d in result.to_decide if d.seat == seat), None)
        if following is not None and result.status == "running":
            legal = await self.service.legal_actions(channel_id=info.channel_id, user_id=user_id, game_id=info.game_id)
            await self.prompt(interaction, info, following, legal.actions, table, edit=edit, notice=notice)
            return
        after = await self.service.game_info(game_id=info.game_id)
        waiting = panels.waiting_line(after, after.to_decide, lang)
        embed = discord.Embed(
            description=panels.lines_text([notice, waiting] if waiting else [notice]), colour=panels.COLOUR
        )
        await self.present(interaction, embeds=[embed], view=None, edit=edit)

    async def prompt(
        self,
        interaction: Interaction,
        info: GameInfo,
        decision: PendingDecision,
        actions: Sequence[Any],
        table: Table,
        *,
        edit: bool,
        prefix: Path = (),
        page: int = 0,
        notice: str | None = None,
    ) -> None:
        panel = panels.prompt_panel(
            game_id=info.game_id,
            decision=decision,
            actions=actions,
            table=table,
            prefix=prefix,
            page=page,
            notice=notice,
        )
        if panel is None:
            panel = panels.prompt_panel(
                game_id=info.game_id, decision=decision, actions=actions, table=table, notice=notice
            )
        if panel is None:
            await self.nothing_to_do(interaction, info, table.language, edit=edit)
            return
        embeds = [panel[0]] if table.mine is None else [panels.hand_embed(table.mine, table), panel[0]]
        await self.present(interaction, embeds=embeds, view=panel[1], edit=edit)

    async def nothing_to_do(self, interaction: Interaction, info: GameInfo, lang: str, *, edit: bool) -> None:
        text = "\n".join(
            part
            for part in (message("prompt.not_your_move", lang), panels.waiting_line(info, info.to_decide, lang))
            if part
        )
        await self.present(
            interaction, embeds=[discord.Embed(description=text, colour=panels.COLOUR)], view=None, edit=edit
        )

    async def move_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete of ``/evolution move``: the caller's legal actions only, filtered by what was typed."""
        user_id = user_id_of(interaction)
        try:
            info = await self.service.game_info(channel_id=self.channel_id(interaction))
            seat = info.seat_of(user_id)
            pending = next((d for d in info.to_decide if d.seat == seat), None)
            if seat is None or pending is None:
                return []
            legal = await self.service.legal_actions(channel_id=info.channel_id, user_id=user_id, game_id=info.game_id)
            _, table = await self.private_table(info, user_id, language_of(interaction))
        except Refusal:
            # No game here, not a player...: nothing to offer (the command itself will say why).
            return []
        words = current.casefold().split()
        choices = []
        for action in legal.actions:
            label = table.action(action)
            folded = label.casefold()
            if all(word in folded for word in words):
                value = f"{pending.since_version}:{path_text(action_path(action))}"
                choices.append(app_commands.Choice(name=clip(label, panels.OPTION_LABEL_LIMIT), value=value))
                if len(choices) == AUTOCOMPLETE_LIMIT:
                    break
        return choices
