"""``/evolution new | join | leave | start | addbot | kick | abandon | status``, and the lobby's buttons: a game's
seats and life.

A lobby button acts only on the game of the channel it was clicked in (the service refuses another channel's
game, and a DM has no game), whatever game its custom id names.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot import panels
from bot.cogs import EvolutionSubcommands, language_choices
from bot.components import LOBBY_COG
from bot.errors import BotRefusal
from bot.interactions import (
    Interaction,
    channel_id_of,
    defer_private,
    defer_update,
    game_channel_of,
    is_admin,
    noted_language,
    say,
    typed_option,
    user_id_of,
)
from bot.languages import GAME_LANGUAGE, language_of, server_language
from bot.limits import CHOICE_NAME, CHOICE_VALUE, CHOICES
from bot.translator import text
from game_service import (
    PLAYER_LANGUAGES,
    ActionResult,
    AlreadyStarted,
    GameClosed,
    GameInfo,
    MembershipResult,
    NoGameHere,
    offered_levels,
)
from rules_core.errors import Refusal
from rules_core.registry import find_ruleset
from texts.menus import clip
from texts.messages import message
from texts.options import option_sets, options_text, options_words, parse_options
from texts.registry import DEFAULT_RULESET, check_playable, playable_rulesets, words_for

logger = logging.getLogger(__name__)


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


def ruleset_choices(typed: str, language: str) -> list[app_commands.Choice[str]]:
    """The rule systems the bot plays (as registered now), by their names in the reader's language, filtered by
    what was typed."""
    folded = typed.casefold()
    found = []
    for name in playable_rulesets():
        title = words_for(name).title(language)
        if folded in title.casefold() or folded in name:
            found.append(app_commands.Choice(name=clip(title, CHOICE_NAME), value=name))
    return found[:CHOICES]


def level_choices(ruleset: str, typed: str, language: str) -> list[app_commands.Choice[str]]:
    """The computer players' levels that ``ruleset`` offers (a level it cannot honour is not offered), easiest
    first, in the reader's language, filtered by what was typed."""
    folded = typed.casefold()
    found = []
    for level in offered_levels(ruleset):
        name = message(f"computer_level.{level}", language)
        if folded in name.casefold() or folded in level:
            found.append(app_commands.Choice(name=clip(name, CHOICE_NAME), value=level))
    return found[:CHOICES]


def option_choices(ruleset: str, typed: str, language: str) -> list[app_commands.Choice[str]]:
    """The option sets of ``ruleset`` (each combination of its options, in words), filtered by what was typed."""
    specs = find_ruleset(ruleset).option_specs
    words = words_for(ruleset)
    folded = typed.casefold().split()
    choices = []
    for options in option_sets(specs)[1:]:
        name = options_words(words, specs, options, language)
        if len(name) > CHOICE_NAME:
            name = options_words(words, specs, options, language, brief=True)
        value = options_text(specs, options)
        if all(part in (name + " " + value).casefold() for part in folded):
            choices.append(app_commands.Choice(name=clip(name, CHOICE_NAME), value=clip(value, CHOICE_VALUE)))
    return choices[:CHOICES]


class LobbyCog(EvolutionSubcommands, name=LOBBY_COG):
    @app_commands.command(name=text("command_name.new"), description=text("command.new"))
    @app_commands.rename(
        ruleset=text("option_name.ruleset"),
        options=text("option_name.options"),
        decision_time=text("option_name.decision_time"),
        reminders=text("option_name.reminders"),
        strikes=text("option_name.strikes"),
        language=text("option_name.language"),
    )
    @app_commands.describe(
        ruleset=text("option.ruleset"),
        options=text("option.options"),
        decision_time=text("option.decision_time"),
        reminders=text("option.reminders"),
        strikes=text("option.strikes"),
        language=text("option.new_language"),
    )
    @app_commands.choices(language=language_choices())
    async def new(
        self,
        interaction: Interaction,
        ruleset: str | None = None,
        options: str | None = None,
        decision_time: str | None = None,
        reminders: str | None = None,
        strikes: app_commands.Range[int, 1, 10] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        """Open a lobby. The game speaks ``language`` in the channel, else the server's language as it is now."""
        await defer_private(interaction)
        channel_id = channel_id_of(interaction)
        lang = language_of(interaction)
        perms = interaction.app_permissions
        if not ((perms.send_messages or perms.send_messages_in_threads) and perms.embed_links and perms.attach_files):
            raise BotRefusal("the bot cannot post here", code="missing_permissions")
        rules = find_ruleset(check_playable(ruleset or DEFAULT_RULESET))
        user = interaction.user
        settings: dict[str, Any] = {
            **self.host.settings.deadline_settings(),
            **deadline_change(decision_time=decision_time, reminders=reminders, strikes=strikes),
            PLAYER_LANGUAGES: {str(user.id): lang},
        }
        spoken = None if language is None else language.value
        spoken = spoken or server_language(interaction)
        if spoken is not None:
            settings[GAME_LANGUAGE] = spoken
        info = await self.service.create_game(
            channel_id=channel_id,
            host_id=str(user.id),
            host_name=user.display_name,
            ruleset=rules.name,
            options=parse_options(rules.option_specs, options or ""),
            settings=settings,
            server_id=str(interaction.guild_id),
        )
        logger.info("game %s: lobby opened", info.game_id)
        await self.announcer.post_lobby(info)
        await say(interaction, message("lobby.created", lang))

    @new.autocomplete("ruleset")
    async def new_ruleset(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return ruleset_choices(current, language_of(interaction))

    @new.autocomplete("options")
    async def new_options(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        chosen = typed_option(interaction, "option_name.ruleset") or DEFAULT_RULESET
        try:
            return option_choices(str(chosen), current, language_of(interaction))
        except Refusal:
            return []

    @app_commands.command(name=text("command_name.join"), description=text("command.join"))
    async def join(self, interaction: Interaction) -> None:
        await defer_private(interaction)
        user = interaction.user
        info = await self.service.join(
            channel_id=channel_id_of(interaction), user_id=str(user.id), user_name=user.display_name
        )
        info = await noted_language(self.service, interaction, info)
        await self.announcer.lobby_changed(info)
        await say(
            interaction, message("lobby.joined", language_of(interaction), n=len(info.players), max=info.max_players)
        )

    @app_commands.command(name=text("command_name.leave"), description=text("command.leave"))
    async def leave(self, interaction: Interaction) -> None:
        await defer_private(interaction)
        user_id = user_id_of(interaction)
        before = await self.service.game_info(channel_id=channel_id_of(interaction))
        done = await self.service.leave(channel_id=before.channel_id, user_id=user_id)
        await self.after_membership(before, done, user_id, key="player.left")
        await say(interaction, message("lobby.left", language_of(interaction)))

    def computer_name(self, info: GameInfo) -> str:
        """A new computer seat's name, in the game's language ("Computer 2")."""
        count = sum(seat.is_computer for seat in info.players) + 1
        return message("player.computer_name", self.announcer.language(info), n=count)

    @app_commands.command(name=text("command_name.addbot"), description=text("command.addbot"))
    @app_commands.rename(level=text("option_name.level"))
    @app_commands.describe(level=text("option.addbot_level"))
    async def addbot(self, interaction: Interaction, level: str | None = None) -> None:
        await defer_private(interaction)
        info = await self.service.game_info(channel_id=channel_id_of(interaction))
        info = await self.service.add_computer(
            channel_id=info.channel_id,
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
            name=self.computer_name(info),
            level=level,
            game_id=info.game_id,
        )
        await self.announcer.lobby_changed(info)
        await say(interaction, message("lobby.computer_added", language_of(interaction)))

    @addbot.autocomplete("level")
    async def addbot_level(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The levels the channel's game offers (a level typed past them is refused by the service)."""
        try:
            info = await self.service.game_info(channel_id=channel_id_of(interaction))
        except Refusal:
            return []
        return level_choices(info.ruleset, current, language_of(interaction))

    @app_commands.command(name=text("command_name.start"), description=text("command.start"))
    async def start(self, interaction: Interaction) -> None:
        await defer_private(interaction)
        result = await self.service.start(
            channel_id=channel_id_of(interaction),
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
            seed=self.host.next_seed(),
        )
        await self.started(result)
        await say(interaction, message("lobby.started_reply", language_of(interaction)))

    async def started(self, result: ActionResult) -> None:
        info = await self.service.game_info(game_id=result.game_id)
        logger.info("game %s: started with %s seats", info.game_id, len(info.players))
        await self.announcer.lobby_closed(info)
        await self.announcer.result(result, started=True)

    @app_commands.command(name=text("command_name.kick"), description=text("command.kick"))
    @app_commands.rename(player=text("option_name.player"), seat=text("option_name.seat"))
    @app_commands.describe(player=text("option.kick_player"), seat=text("option.kick_seat"))
    async def kick(
        self,
        interaction: Interaction,
        player: discord.User | None = None,
        seat: app_commands.Range[int, 1, 8] | None = None,
    ) -> None:
        await defer_private(interaction)
        if (player is None) == (seat is None):
            raise BotRefusal("name a player or a seat", code="kick_target")
        channel_id = channel_id_of(interaction)
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
        await say(interaction, message("lobby.kicked_reply", language_of(interaction)))

    @app_commands.command(name=text("command_name.abandon"), description=text("command.abandon"))
    async def abandon(self, interaction: Interaction) -> None:
        await defer_private(interaction)
        actor = user_id_of(interaction)
        info = await self.service.abandon(
            channel_id=await game_channel_of(self.service, interaction), actor_id=actor,
            actor_is_admin=is_admin(interaction),
        )  # fmt: skip
        logger.info("game %s: abandoned", info.game_id)
        await self.announcer.lobby_closed(info)
        await self.announcer.notice(info, "game.abandoned", player=panels.mention(actor))
        await say(interaction, message("game.abandoned_reply", language_of(interaction)))

    @app_commands.command(name=text("command_name.status"), description=text("command.status"))
    async def status(self, interaction: Interaction) -> None:
        await defer_private(interaction)
        info = await self.service.game_info(channel_id=channel_id_of(interaction))
        view = None
        if info.status == "running":
            view = await self.service.public_view(channel_id=info.channel_id, game_id=info.game_id)
        embed = panels.info_embed(info, view, language_of(interaction))
        await interaction.followup.send(embed=embed, ephemeral=True)

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
        """A button of the lobby message: the message itself is updated in place. The interaction's channel and
        the button's game id both go to the service, so a button acts only on that channel's game."""
        await defer_update(interaction)
        channel_id = channel_id_of(interaction)
        info = await self.service.game_info(game_id=game_id)
        if info.channel_id != channel_id:
            raise NoGameHere("that game is not in this channel", channel_id=channel_id, game_id=game_id)
        # The lobby message is the channel's: it stays in the game's language, whoever clicks.
        lang = self.announcer.language(info)
        if info.status != "lobby":
            # An old lobby message: show it closed, and say why. Its buttons never act on the running game.
            key = "lobby.started" if info.status in ("running", "finished") else "lobby.abandoned"
            await interaction.edit_original_response(embed=panels.closed_lobby_embed(info, lang, key=key), view=None)
            if info.status == "running":
                raise AlreadyStarted("the game has already started", game_id=game_id)
            raise GameClosed("that game is over", game_id=game_id, status=info.status)
        user = interaction.user
        actor = str(user.id)
        result: ActionResult | None = None
        if verb == "join":
            info = await self.service.join(channel_id=channel_id, user_id=actor, user_name=user.display_name,
                                           game_id=game_id)  # fmt: skip
            info = await noted_language(self.service, interaction, info)
        elif verb == "leave":
            info = (await self.service.leave(channel_id=channel_id, user_id=actor, game_id=game_id)).info
        elif verb == "bot":
            info = await self.service.add_computer(
                channel_id=channel_id, actor_id=actor, actor_is_admin=is_admin(interaction),
                name=self.computer_name(info), game_id=game_id,
            )  # fmt: skip
        else:
            result = await self.service.start(
                channel_id=channel_id, actor_id=actor, actor_is_admin=is_admin(interaction),
                seed=self.host.next_seed(), game_id=game_id,
            )  # fmt: skip
            info = await self.service.game_info(game_id=game_id)
        if interaction.message is not None:
            await self.announcer.remember_lobby(game_id, interaction.message.id)
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
