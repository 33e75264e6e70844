"""``/evolution board | hand | move | mygames | history | replay``, the table's "My hand" and "Board" buttons, and
the choices of a player's prompt: looking at a game (players and onlookers alike), watching a finished one again,
and making moves.

A click costs one service call to read the player's side of the game (:meth:`GameService.prompt`) and one to play
(:meth:`GameService.submit`, whose result carries the views and prompts the answer and the announcement need). The
service decides whether the prompt a click was made in is still current (its buttons carry the version at which the
decision fell due). The table's buttons and the commands act only on the game of the channel they are used in; a
prompt's choices, which also live in a player's DMs, act only for a player who holds a seat in the game they name.
Replays, records and spectators: docs/rulings.md, "Replays" (issue 20).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot import panels, prompts
from bot.cogs import EvolutionSubcommands
from bot.components import PLAY_COG
from bot.errors import BotRefusal
from bot.history import history_lines
from bot.interactions import (
    Interaction,
    channel_id_of,
    defer_private,
    defer_update,
    game_channel_of,
    in_dm,
    is_admin,
    noted_language,
    on_private_message,
    present,
    say,
    user_id_of,
)
from bot.languages import language_of
from bot.limits import CHOICE_NAME, CHOICES, UPLOAD, fitted
from bot.translator import text
from bot.tutorial import place_name
from game_service import (
    ActionResult,
    GameClosed,
    GameInfo,
    NoGameHere,
    NotStarted,
    PendingDecision,
    SeatPrompt,
    StaleVersion,
    UnknownGame,
)
from renderer.animation import ReplayTooLarge
from rules_core.errors import Refusal
from texts.board_labels import board_labels
from texts.menus import Path, chosen, clip, parse_path, path_text
from texts.messages import message
from texts.presentation import RulesetWords, Table
from texts.registry import words_for

logger = logging.getLogger(__name__)

#: How many of a channel's latest games ``/evolution replay`` looks through for its latest finished one.
RECENT_GAMES = 10


def parse_move(value: str) -> tuple[int, Path]:
    """``"<version>:<path>"`` (an autocomplete value of ``/evolution move``) -> (version, path)."""
    version, _, text_ = value.partition(":")
    if not version.isdigit() or not text_:
        raise BotRefusal("that is not one of the offered moves", code="unknown_move")
    try:
        return int(version), parse_path(text_)
    except ValueError:
        raise BotRefusal("that is not one of the offered moves", code="unknown_move") from None


class PlayCog(EvolutionSubcommands, name=PLAY_COG):
    # Commands.

    @app_commands.command(name=text("command_name.board"), description=text("command.board"))
    async def board_command(self, interaction: Interaction) -> None:
        await self.board(interaction)

    @app_commands.command(name=text("command_name.hand"), description=text("command.hand"))
    async def hand_command(self, interaction: Interaction) -> None:
        await self.hand(interaction)

    @app_commands.command(name=text("command_name.move"), description=text("command.move"))
    @app_commands.rename(action=text("option_name.action"))
    @app_commands.describe(action=text("option.move_action"))
    async def move(self, interaction: Interaction, action: str) -> None:
        """The action chosen from the autocomplete list."""
        await defer_private(interaction)
        version, path = parse_move(action)
        info = await self.service.game_info(channel_id=channel_id_of(interaction))
        await self.play(interaction, game_id=info.game_id, version=version, path=path, page=0, edit=False)

    @move.autocomplete("action")
    async def move_action(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal actions only, filtered by what was typed."""
        try:
            seat = await self.service.prompt(channel_id=channel_id_of(interaction), user_id=user_id_of(interaction))
        except Refusal:
            # No game here, not a player...: nothing to offer (the command itself will say why).
            return []
        if seat.prompt is None or seat.info.status != "running":
            return []
        words = words_for(seat.info.ruleset)
        table = words.table(seat.view.table, mine=seat.view, language=language_of(interaction))
        typed = current.casefold().split()
        choices = []
        for action in words.offered(seat.prompt.actions, seat.view):
            label = table.action(action)
            # What is typed finds the move by its own words; the effect in short follows it.
            if all(word in label.casefold() for word in typed):
                effect = table.effect(action)
                if effect is not None:
                    label = message("choice.with_effect", table.language, action=label, effect=effect)
                value = f"{seat.prompt.decision.since_version}:{path_text(words.action_path(action))}"
                choices.append(app_commands.Choice(name=clip(label, CHOICE_NAME), value=value))
                if len(choices) == CHOICES:
                    break
        return choices

    @app_commands.command(name=text("command_name.mygames"), description=text("command.mygames"))
    async def mygames(self, interaction: Interaction) -> None:
        """Every running game the caller plays, in any channel: those waiting for their move first, then the others
        with whose move it is, each with a link to its table (the status message, when the bot knows its server)."""
        await defer_private(interaction)
        lang = language_of(interaction)
        user_id = user_id_of(interaction)
        games = await self.service.games_played(user_id=user_id)
        if not games:
            await say(interaction, message("mygames.none", lang))
            return
        owed = {info.game_id: d for info in games for d in info.to_decide if d.user_id == user_id}
        lines = [message("mygames.title", lang)]
        for info in sorted(games, key=lambda g: (g.game_id not in owed, g.game_id)):
            due = owed.get(info.game_id)
            where = {"channel": place_name(info.settings, info.channel_id, lang), "game": info.game_id}
            if due is None:
                line = message("mygames.other", lang, waiting=panels.waiting_line(info, info.to_decide, lang), **where)
            else:
                line = message(
                    "mygames.one" if due.due_at is None else "mygames.one_due",
                    lang,
                    kind=words_for(info.ruleset).decision(due.kind, lang),
                    since=discord.utils.format_dt(due.since, "R"),
                    due="" if due.due_at is None else discord.utils.format_dt(due.due_at, "R"),
                    **where,
                )
            url = await self.status_url(interaction, info)
            lines.append(line if url is None else f"{line} {message('mygames.jump', lang, url=url)}")
        await interaction.followup.send(
            **fitted(content="\n".join(lines)), allowed_mentions=discord.AllowedMentions.none(), ephemeral=True
        )

    async def status_url(self, interaction: Interaction, info: GameInfo) -> str | None:
        """The link to a game's status message (its board and whose move it is), when the announcer keeps one and
        the bot knows the channel's server (a message link names it); else None (the channel mention links)."""
        status = (await self.announcer.posts(info.game_id)).status
        channel = interaction.client.get_channel(int(info.channel_id))
        guild = getattr(channel, "guild", None)
        if status is None or guild is None:
            return None
        return f"https://discord.com/channels/{guild.id}/{info.channel_id}/{status}"

    @app_commands.command(name=text("command_name.history"), description=text("command.history"))
    @app_commands.rename(page=text("option_name.page"))
    @app_commands.describe(page=text("option.history_page"))
    async def history(self, interaction: Interaction, page: app_commands.Range[int, 1, 1000] = 1) -> None:
        """What the channel saw happen in its game (the running one, else the latest), with who or what chose each
        move; anybody may look, and only public facts are shown."""
        await defer_private(interaction)
        info = await self.latest_game(channel_id_of(interaction))
        history = await self.service.history(game_id=info.game_id)
        lang = language_of(interaction)
        embed = panels.history_embed(history.info, history_lines(history, lang), page, lang)
        await interaction.followup.send(embed=embed, ephemeral=True)

    @app_commands.command(name=text("command_name.newlink"), description=text("command.newlink"))
    async def newlink(self, interaction: Interaction) -> None:
        """A new link to the channel's game's live board (the host, or Manage Channels): every link handed out
        before stops opening it, and the status message's button takes the new one."""
        await defer_private(interaction)
        if self.announcer.settings.web is None:
            raise BotRefusal("no web board", code="no_web_board")
        info = await self.service.renew_link(
            channel_id=channel_id_of(interaction),
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
        )
        await self.announcer.refresh_status(info)
        await say(interaction, message("web.link_renewed", language_of(interaction)))

    @app_commands.command(name=text("command_name.replay"), description=text("command.replay"))
    @app_commands.rename(game=text("option_name.game_number"), share=text("option_name.share"))
    @app_commands.describe(game=text("option.replay_game"), share=text("option.replay_share"))
    async def replay(
        self, interaction: Interaction, game: app_commands.Range[int, 1] | None = None, share: bool = False
    ) -> None:
        """A finished game of this channel as an animated image of its board, phase by phase, with the final scores
        (docs/rulings.md, "Replays"): for the caller only, or with ``share`` for the channel. Anybody may ask; in a
        DM, the games played there (a tutorial's)."""
        await defer_private(interaction)
        info = await self.finished_game(await game_channel_of(self.service, interaction), game)
        history = await self.service.history(game_id=info.game_id)
        views = [entry.public_view for entry in history.entries if entry.public_view is not None]
        # The game's language, as its phase posts: the replay may be shown to the whole channel.
        lang = self.announcer.language(info)
        try:
            # Dozens of boards: seconds of Pillow work (docs/benchmarks.md), in a worker process, once a game.
            gif = await self.host.replays.replay(
                info.game_id, lang, views, board_labels(lang, info.ruleset), min(interaction.filesize_limit, UPLOAD)
            )
        except ReplayTooLarge:
            raise BotRefusal("the replay does not fit in an upload", code="replay_too_large") from None
        embed = panels.replay_embed(info, views[-1], lang)
        if not share:
            await interaction.followup.send(**fitted(embed=embed), file=panels.replay_file(gif), ephemeral=True)
            return
        # The deferred answer is private: it says where the replay went, and a second answer shows it to all.
        await say(interaction, message("replay.shared", language_of(interaction), game=info.game_id))
        await interaction.followup.send(**fitted(embed=embed), file=panels.replay_file(gif))

    async def latest_game(self, channel_id: str) -> GameInfo:
        """The channel's running game, else its latest one (finished or abandoned), for anybody who looks."""
        try:
            return await self.service.game_info(channel_id=channel_id)
        except NoGameHere:
            recent = await self.service.recent_games(channel_id=channel_id, limit=1)
            if not recent:
                raise
            return recent[0]

    async def finished_game(self, channel_id: str, game_id: int | None) -> GameInfo:
        """The finished game ``game_id`` of this channel, or the channel's latest finished game; refused (each case in
        its own words) for an unknown number, another channel's game, and a game that is not finished."""
        if game_id is None:
            recent = await self.service.recent_games(channel_id=channel_id, limit=RECENT_GAMES)
            found = next((info for info in recent if info.status == "finished"), None)
            if found is None:
                raise BotRefusal("no finished game in this channel", code="replay_none")
            return found
        try:
            info = await self.service.game_info(game_id=game_id)
        except UnknownGame:
            raise BotRefusal("no such game", code="replay_unknown", game=game_id) from None
        if info.channel_id != channel_id:
            raise BotRefusal("that game was played in another channel", code="replay_elsewhere", game=game_id)
        if info.status == "abandoned":
            raise BotRefusal("that game was abandoned", code="replay_abandoned", game=game_id)
        if info.status != "finished":
            raise BotRefusal("that game is not over", code="replay_running", game=game_id)
        return info

    # The table's buttons (and the commands of the same name).

    async def board(self, interaction: Interaction, *, game_id: int | None = None) -> None:
        """The board for anybody in the channel: its game (``game_id``: a table button's), else its running game,
        else its latest one, a finished game with its final scores."""
        await defer_private(interaction)
        channel_id = await game_channel_of(self.service, interaction)
        if game_id is None:
            game_id = (await self.latest_game(channel_id)).game_id
        view = await self.service.public_view(channel_id=channel_id, game_id=game_id)
        info = await self.service.game_info(game_id=game_id)
        lang = language_of(interaction)
        reader = next((p.seat for p in info.players if p.user_id == user_id_of(interaction)), None)
        png = await self.announcer.board(view, info, lang, reader=reader)
        lines = panels.standings_lines(info, view, lang) or [panels.waiting_line(info, info.to_decide, lang)]
        layout = panels.status_layout(view, info, lines, lang, buttons=False)
        await interaction.followup.send(view=layout, file=panels.board_file(png), ephemeral=True)

    async def hand(self, interaction: Interaction, *, game_id: int | None = None) -> None:
        """The player's hand and secrets, with the prompt of their decision when they owe one (ephemeral)."""
        await defer_private(interaction)
        channel_id = await game_channel_of(self.service, interaction)
        seat = await self.service.prompt(channel_id=channel_id, user_id=user_id_of(interaction), game_id=game_id)
        info = await noted_language(self.service, interaction, seat.info)
        lang = language_of(interaction)
        words = words_for(info.ruleset)
        table = words.table(seat.view.table, mine=seat.view, language=lang)
        # The pile players may look through, a click away (beside the prompt's navigation).
        pile = (
            [panels.discard_button(info.game_id, lang)] if words.discard_pile(seat.view.table, lang) is not None else []
        )
        owed = seat.prompt if info.status == "running" else None
        panel = None
        if owed is not None:
            panel = prompts.prompt_panel(
                game_id=info.game_id, decision=owed.decision, actions=owed.actions, table=table, words=words,
                autopilot=prompts.left_to_autopilot(info, user_id_of(interaction)), extra=pile,
            )  # fmt: skip
        decision = None if panel is None or owed is None else owed.decision
        if panel is not None:
            body, rows = list(panel.lines), list(panel.rows)
        else:
            body = [panels.waiting_line(info, info.to_decide, lang)] if info.status == "running" else []
            rows = prompts.in_rows(pile)
        card = prompts.private_card(
            prompts.player_colour(info, user_id_of(interaction)),
            header=prompts.dm_header(info, lang, decision),
            hand=prompts.hand_lines(words.secret_sections(seat.view, table), lang),
            body=body,
            rows=rows,
        )
        await present(interaction, card, edit=False)

    async def discard_pile(self, interaction: Interaction, *, game_id: int) -> None:
        """The discard pile of a rule system whose players may look through it, for anybody in the channel."""
        await defer_private(interaction)
        channel_id = await game_channel_of(self.service, interaction)
        view = await self.service.public_view(channel_id=channel_id, game_id=game_id)
        info = await self.service.game_info(game_id=game_id)
        pile = words_for(info.ruleset).discard_pile(view, language_of(interaction))
        if pile is None:
            raise BotRefusal("this game's discard pile lies face down", code="discard_face_down")
        await say(interaction, pile)

    # A player's prompt.

    async def choose(self, interaction: Interaction, *, game_id: int, version: int, path: Path, page: int) -> None:
        """A click in a player's prompt: show the next menu level, or play the one action under the click. A
        prompt lives in a DM or an ephemeral answer, and is edited in place; a click on a public message (a copied
        custom id) is answered in a new ephemeral message, so the public message never shows the clicker's hand."""
        private = on_private_message(interaction)
        await (defer_update if private else defer_private)(interaction)
        await self.play(interaction, game_id=game_id, version=version, path=path, page=page, edit=private)

    async def _seat(self, interaction: Interaction, game_id: int) -> SeatPrompt:
        """The clicking player's side of the game a prompt names: in a server channel, only that channel's game;
        in a DM (where the bot sends prompts), a game where the player holds a seat."""
        channel_id = None if in_dm(interaction) else channel_id_of(interaction)
        return await self.service.prompt(channel_id=channel_id, user_id=user_id_of(interaction), game_id=game_id)

    async def play(
        self, interaction: Interaction, *, game_id: int, version: int, path: Path, page: int, edit: bool
    ) -> None:
        """Show the menu under ``path`` or play its one action, if the prompt (``version``) is still current."""
        lang = language_of(interaction)
        user_id = user_id_of(interaction)
        seat = await self._seat(interaction, game_id)
        info = await noted_language(self.service, interaction, seat.info)
        if info.status == "lobby":
            raise NotStarted("the game has not started yet", game_id=game_id)
        if info.status != "running":
            raise GameClosed("that game is over", game_id=game_id, status=info.status)
        words = words_for(info.ruleset)
        table = words.table(seat.view.table, mine=seat.view, language=lang)
        prompt = seat.prompt
        if prompt is None:
            await self.nothing_to_do(interaction, info, lang, edit=edit)
            return
        current = prompt.decision.since_version == version
        picked = chosen(prompt.actions, path, words.action_path) if current else None
        if picked is None or isinstance(picked, list):
            notice = None
            if not current:
                notice = message("prompt.out_of_date", lang)
            elif picked is None:
                notice = message("prompt.unavailable", lang)
            prefix = path if isinstance(picked, list) else ()
            await self.prompt(interaction, info, seat, table, words, prefix=prefix, page=page, edit=edit, notice=notice)
            return
        done = table.action(picked)
        try:
            result = await self.service.submit(
                channel_id=info.channel_id, user_id=user_id, action=picked, expected_version=version, game_id=game_id
            )
        except StaleVersion:
            # The decision changed between reading and playing: show the prompt as it now is.
            await self.play(interaction, game_id=game_id, version=-1, path=(), page=0, edit=edit)
            return
        # The decision's kind, not the move: a secret move stays out of the logs too.
        logger.info("game %s: seat %s moved (%s, version %s)", game_id, seat.seat, prompt.decision.kind, result.version)
        answered = False
        try:
            await self.after_move(interaction, info, seat.seat, result, done, words, lang, edit=edit)
            answered = True
        finally:
            # The move is committed: the channel and the next players hear of it whatever happened to the answer.
            # A mover whose answer failed never saw their news or their next prompt: they are told like the others.
            actor = user_id if answered else None
            await self.announcer.result(result, actor_id=actor)

    async def after_move(
        self,
        interaction: Interaction,
        info: GameInfo,
        seat: int,
        result: ActionResult,
        done: str,
        words: RulesetWords,
        lang: str,
        *,
        edit: bool,
    ) -> None:
        """The player's own answer: what they did, their private news, and their next prompt if they owe one."""
        user_id = user_id_of(interaction)
        mine = result.views.get(user_id)
        lines = [message("prompt.done", lang, action=done)]
        table = None if mine is None else words.table(mine.table, mine=mine, language=lang)
        if table is not None:
            lines += words.private_lines(result.private_events.get(user_id, ()), table)
        notice = "\n".join(lines)
        following = result.prompts.get(user_id)
        if following is not None and mine is not None and table is not None and result.status == "running":
            shown = SeatPrompt(info, seat, mine, following)
            await self.prompt(interaction, info, shown, table, words, edit=edit, notice=notice)
            return
        waiting = panels.waiting_line(info, result.to_decide, lang)
        header = await self._header(interaction, info, lang, None, edit=edit)
        card = prompts.private_card(prompts.player_colour(info, user_id), header=header, body=[notice, waiting])
        await present(interaction, card, edit=edit)

    async def _header(
        self, interaction: Interaction, info: GameInfo, lang: str, decision: PendingDecision | None, *, edit: bool
    ) -> list[str]:
        """The head of a private card that shows ``decision``'s prompt (or none): which game, the decision and its
        deadline. A DM edited to show it is noted as showing that prompt (or none)."""
        if edit and in_dm(interaction) and interaction.message is not None:
            return await self.announcer.dm_edited(info, user_id_of(interaction), interaction.message, lang, decision)
        return prompts.dm_header(info, lang, decision)

    async def prompt(
        self,
        interaction: Interaction,
        info: GameInfo,
        seat: SeatPrompt,
        table: Table,
        words: RulesetWords,
        *,
        edit: bool,
        prefix: Path = (),
        page: int = 0,
        notice: str | None = None,
    ) -> None:
        assert seat.prompt is not None
        decision, actions = seat.prompt.decision, seat.prompt.actions
        note = await self.announcer.explain(info, decision.kind, table.language)
        if note is not None:
            notice = note if notice is None else "\n".join([notice, note])
        panel = None
        for start in (prefix, ()):
            panel = prompts.prompt_panel(
                game_id=info.game_id, decision=decision, actions=actions, table=table, words=words, prefix=start,
                page=page, notice=notice, autopilot=prompts.left_to_autopilot(info, user_id_of(interaction)),
            )  # fmt: skip
            if panel is not None:
                break
        if panel is None:
            await self.nothing_to_do(interaction, info, table.language, edit=edit)
            return
        header = await self._header(interaction, info, table.language, decision, edit=edit)
        card = prompts.private_card(
            prompts.player_colour(info, user_id_of(interaction)),
            header=header,
            hand=prompts.hand_lines(words.secret_sections(seat.view, table), table.language),
            body=panel.lines,
            rows=panel.rows,
        )
        await present(interaction, card, edit=edit)

    async def nothing_to_do(self, interaction: Interaction, info: GameInfo, lang: str, *, edit: bool) -> None:
        body = (message("prompt.not_your_move", lang), panels.waiting_line(info, info.to_decide, lang))
        header = await self._header(interaction, info, lang, None, edit=edit)
        card = prompts.private_card(prompts.player_colour(info, user_id_of(interaction)), header=header, body=body)
        await present(interaction, card, edit=edit)
