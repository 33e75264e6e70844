"""Direct messages carry the prompt of a decision that falls due (its head names that decision and its deadline), with
the player's private news. News without a decision (cards drawn on another's move, a pick the autopilot made) is no
reason to notify: it is held (``GamePosts.news``) and goes with the player's next DM. A mover's own news is in the
answer to their move. A DM prompt is remembered (``GamePosts.prompts``); once its decision is no longer owed (made
from "My hand", timed out, left to the autopilot, or followed by a newer prompt) it is edited to say so, without its
hand and buttons. No DM is tried again for a player whose DMs are closed (Discord error 50007) until :data:`DM_RETRY`
has passed, or, once they have used the bot again (they may have opened their DMs), once in a phase of a game:
Discord counts every refused request against the bot's invalid-request limit, and a player with closed DMs uses the
bot at every move. A refused retry leaves the DMs closed until the player uses the bot again.

Held news and prompts are kept in :class:`bot.game_posts.GamePosts`. A part of the announcer
(:class:`bot.announce.Announcer`), which supplies the game's posts, the service and the Discord client.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol

import discord

from bot import prompts
from bot.game_posts import PHASE_LINES, GamePosts
from bot.languages import player_language
from evolution_bot.config import Settings
from game_service import ActionResult, GameInfo, GameService, PendingDecision, Prompt
from rules_core.engine import SeatView
from rules_core.errors import Refusal
from texts.registry import words_for

logger = logging.getLogger(__name__)

#: Discord's code for "Cannot send messages to this user" (closed DMs, or no shared server).
DMS_CLOSED = 50007
#: How long a user whose DMs were found closed gets no DM attempt (unless they interact with the bot meanwhile).
DM_RETRY = timedelta(hours=6)


class Messenger(Protocol):
    """What the announcer needs of the Discord client."""

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...

    async def create_dm(self, user: discord.abc.Snowflake, /) -> discord.DMChannel: ...


class DirectMessages(ABC):
    """The announcer's direct messages: each player's news and prompts, and who cannot be written to."""

    client: Messenger
    settings: Settings
    _clock: Callable[[], datetime]
    #: Users whose DMs were found closed (and when), or found open (None), as last read or marked.
    _dms_closed: dict[str, datetime | None]
    #: Users who used the bot since their DMs were last found closed (this process's knowledge: after a restart,
    #: the next use counts).
    _returned: set[str]

    @property
    @abstractmethod
    def service(self) -> GameService: ...

    @abstractmethod
    async def posts(self, game_id: int) -> GamePosts: ...

    @abstractmethod
    async def keep(self, game_id: int) -> None: ...

    @abstractmethod
    async def explain(self, info: GameInfo, kind: str, language: str) -> str | None: ...

    @abstractmethod
    def channel(self, channel_id: str) -> discord.PartialMessageable: ...

    async def dms_closed(self, user_id: str) -> bool:
        """Whether no DM should be tried now: the user's DMs were found closed less than :data:`DM_RETRY` ago."""
        if user_id not in self._dms_closed:
            self._dms_closed[user_id] = await self.service.dms_closed(user_id=user_id)
        closed = self._dms_closed[user_id]
        return closed is not None and self._clock() - closed < DM_RETRY

    async def user_interacted(self, user_id: str) -> None:
        """The user is back: their DMs may have been opened since they were found closed, so a DM to them is tried
        again (once in a phase of a game: :meth:`_may_write`)."""
        if await self.dms_closed(user_id):
            self._returned.add(user_id)

    async def _may_write(self, info: GameInfo, user_id: str) -> bool:
        """Whether to try a DM to the user now, about the game ``info``: yes unless their DMs were found closed less
        than :data:`DM_RETRY` ago; then only if they have used the bot since, and not yet tried again in this phase
        of the game (it is noted as tried)."""
        if not await self.dms_closed(user_id):
            return True
        if user_id not in self._returned:
            return False
        posts = await self.posts(info.game_id)
        phase = posts.phase_key()
        if posts.retried_closed.get(user_id) == phase:
            return False
        posts.retried_closed[user_id] = phase
        await self.keep(info.game_id)
        return True

    async def _direct_messages(
        self, result: ActionResult, info: GameInfo, unseen: Sequence[PendingDecision]
    ) -> set[str]:
        """Each player's private news, and the prompt of a decision that fell due and they have not seen; returns
        the players owed such a decision whom no DM reached (their DMs are closed): the channel mentions them."""
        words = words_for(info.ruleset)
        unreached: set[str] = set()
        for seat in info.players:
            user_id = seat.user_id
            if user_id is None:
                continue
            private = result.private_events.get(user_id, ())
            prompt = result.prompts.get(user_id)
            # An opportunity is nobody's turn: the player sees it in their next prompt or "My hand".
            due = next((d for d in unseen if d.user_id == user_id and not d.opportunity), None)
            view = result.views.get(user_id)
            if view is None:
                continue
            if due is None:
                if words.dm_worthy(private) and result.status == "running":
                    # News alone is no reason to notify: it waits for the player's next decision's DM ("My hand"
                    # shows the hand meanwhile).
                    await self._hold_news(info, user_id, view, private)
                continue
            shown = prompt if prompt is not None and prompt.decision.seat == due.seat else None
            if not await self.direct_message(info, user_id, view, private, shown):
                unreached.add(user_id)
        return unreached

    async def prompt_shown(
        self, info: GameInfo, user_id: str, channel_id: int, message_id: int, version: int | None
    ) -> None:
        """A DM of the player's (``channel_id``, ``message_id``) now shows the prompt of their decision due since
        ``version`` (None: no prompt any more). The prompt it replaces, if another message, is retired."""
        posts = await self.posts(info.game_id)
        before = posts.prompts.pop(user_id, None)
        if version is not None:
            posts.prompts[user_id] = (channel_id, message_id, version)
        await self.keep(info.game_id)
        if before is not None and before[1] != message_id:
            await self._retire(info, user_id, before)

    async def dm_edited(
        self, info: GameInfo, user_id: str, message: discord.Message, language: str, decision: PendingDecision | None
    ) -> list[str]:
        """A player's DM ``message`` is being edited to show the prompt of ``decision`` (None: no prompt): noted, and
        the DM's new head returned, naming that decision and its deadline."""
        version = None if decision is None else decision.since_version
        await self.prompt_shown(info, user_id, message.channel.id, message.id, version)
        return prompts.dm_header(info, language, decision)

    async def _retire_prompts(self, info: GameInfo, to_decide: Sequence[PendingDecision], version: int) -> None:
        """Retire the DM prompts of decisions no longer owed at ``version`` (made elsewhere, timed out, left to the
        autopilot); a prompt of a later decision (shown in the answer to a later move) stays, and so does one of an
        opportunity the player still has (the answer to their move, when all that is left to them is, say,
        resigning)."""
        posts = await self.posts(info.game_id)
        owed = {(d.user_id, d.since_version) for d in (*to_decide, *info.offered)}
        stale = {u: shown for u, shown in posts.prompts.items() if shown[2] <= version and (u, shown[2]) not in owed}
        if not stale:
            return
        for user_id in stale:
            del posts.prompts[user_id]
        await self.keep(info.game_id)
        for user_id, shown in stale.items():
            await self._retire(info, user_id, shown)

    async def _retire(self, info: GameInfo, user_id: str, shown: tuple[int, int, int]) -> None:
        """Say in a DM prompt that it no longer applies, without its hand and its buttons (a prompt sent before
        prompts were cards loses its text and embeds: a message of layout components may have neither)."""
        lang = player_language(info, user_id, self.settings.default_language)
        card = prompts.retired_card(info, lang)
        try:
            await self.channel(str(shown[0])).get_partial_message(shown[1]).edit(content=None, embeds=[], view=card)
        except discord.HTTPException as exc:
            # (Deleted by the player, or Discord failed: its buttons answer that they are out of date anyway.)
            logger.info("game %s: a prompt could not be retired: HTTP %s (code %s)", info.game_id, exc.status, exc.code)

    async def _hold_news(self, info: GameInfo, user_id: str, mine: SeatView, private: Sequence[Any]) -> None:
        """Keep a player's private news, in their language, for the next DM they are sent."""
        lang = player_language(info, user_id, self.settings.default_language)
        words = words_for(info.ruleset)
        lines = words.private_lines(private, words.table(mine.table, mine=mine, language=lang))
        posts = await self.posts(info.game_id)
        posts.news[user_id] = [*posts.news.get(user_id, ()), *lines][-PHASE_LINES:]
        await self.keep(info.game_id)

    async def prompt_privately(self, info: GameInfo, user_id: str, *, lines: Sequence[str] = ()) -> bool:
        """Send a player their hand and the prompt of the decision they owe now (reminders, recovery)."""
        try:
            seat = await self.service.prompt(channel_id=info.channel_id, user_id=user_id, game_id=info.game_id)
        except Refusal:
            return False
        return await self.direct_message(info, user_id, seat.view, (), seat.prompt, lines=lines)

    async def direct_message(
        self,
        info: GameInfo,
        user_id: str,
        mine: SeatView,
        private: Sequence[Any],
        prompt: Prompt | None,
        *,
        lines: Sequence[str] = (),
    ) -> bool:
        """Send a player the news held for them, ``lines``, their private news and, when given, the prompt of their
        decision. False when not sent (the news stays held)."""
        if not await self._may_write(info, user_id):
            return False
        lang = player_language(info, user_id, self.settings.default_language)
        words = words_for(info.ruleset)
        table = words.table(mine.table, mine=mine, language=lang)
        posts = await self.posts(info.game_id)
        held = posts.news.get(user_id, [])
        news = [*held, *lines, *words.private_lines(private, table)]
        panel = None
        if prompt is not None:
            note = await self.explain(info, prompt.decision.kind, lang)
            news += [] if note is None else [note]
            panel = prompts.prompt_panel(
                game_id=info.game_id, decision=prompt.decision, actions=prompt.actions, table=table, words=words,
                autopilot=prompts.left_to_autopilot(info, user_id),
            )  # fmt: skip
        shown = None if panel is None or prompt is None else prompt.decision
        card = prompts.private_card(
            prompts.player_colour(info, user_id),
            header=[*prompts.dm_header(info, lang, shown), *news],
            hand=prompts.hand_lines(words.secret_sections(mine, table), lang),
            body=() if panel is None else panel.lines,
            rows=() if panel is None else panel.rows,
        )
        try:
            channel = await self.client.create_dm(discord.Object(id=int(user_id)))
            sent = await channel.send(view=card)
            if shown is not None:
                await self.prompt_shown(info, user_id, sent.channel.id, sent.id, shown.since_version)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                logger.warning("game %s: a direct message was refused: code %s", info.game_id, exc.code)
                return False
            self._dms_closed[user_id] = self._clock()
            self._returned.discard(user_id)
            await self.service.mark_dms_closed(user_id=user_id)
            logger.info("game %s: a player's direct messages are closed", info.game_id)
            return False
        except discord.HTTPException as exc:
            logger.warning("game %s: a direct message failed: HTTP %s (code %s)", info.game_id, exc.status, exc.code)
            (await self.posts(info.game_id)).stale = True
            return False
        if held:
            del posts.news[user_id]
            await self.keep(info.game_id)
        if self._dms_closed.get(user_id) is not None:
            # A try after DMs were found closed got through: they are open again.
            self._dms_closed[user_id] = None
            self._returned.discard(user_id)
            await self.service.mark_dms_open(user_id=user_id)
        return True
