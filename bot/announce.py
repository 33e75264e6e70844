"""Service results become channel posts and direct messages.

Called after the service has committed a change, so a Discord failure here (closed DMs, a rate limit, a 5xx, a
deleted message, a missing permission) is logged and dropped: it never changes or stalls the game. A game whose
announcement failed is remembered, and :meth:`Announcer.recover` (the scheduler calls it every poll) posts its table
afresh once Discord answers again, so a game never waits on a post that was lost.

The channel hears only public events (which events are public is the rules core's decision), and reads like a
game log, not a ticker:

* a **status message** per phase (a phase that the engine plays in steps, like North Star's reveal then feeding,
  shares one: ``RulesetWords.steps``), posted when the phase begins or the game ends: the board image, the phase's
  moves so far, whose move it is, and the persistent "My hand" and "Board" buttons; within the phase it is
  **edited** (board and lines), never followed by a ticker of posts;
* each decision that falls due to a person is told to them **once, in one place**: their DMs, with its prompt. The
  status message names whose move it is without notifying them (its allowed mentions), except those whose DMs are
  closed: they are mentioned (in the new status message, or in a short post within a phase), and told once a phase to
  use "My hand" or ``/evolution hand``.

Direct messages are :mod:`bot.direct_messages`'s; what the announcer keeps of each game, :mod:`bot.game_posts`'s.

Results of one game are told in the game's order, and those that wait together are told as one: computers and
autopilots move in the background (``GameService.listen``), so their results may come while the move before them is
still being answered; such a result waits for it (at most :data:`GAP_WAIT`), and a run of moves makes one update
of the status message, not a ticker of posts.

What the announcer keeps (each game's lobby and status messages, the status message's phase and lines, which
players were told of their closed DMs, or had them tried again, in which phase, whether a post was lost, the news
held and the DM prompts shown; the users whose DMs are closed) is kept by the service in the database, so a restart
neither starts new status messages nor writes again to users who cannot be written to.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Protocol

import discord

from bot import panels
from bot.direct_messages import DirectMessages, Messenger
from bot.game_posts import PHASE_LINES, GamePosts
from bot.languages import game_language
from bot.limits import fitted
from bot.tutorial import explanation, finished_line, is_tutorial
from evolution_bot.config import Settings
from game_service import ActionResult, GameInfo, GameService, PendingDecision, RunningGame
from rules_core.engine import PublicView
from rules_core.errors import Refusal
from texts.board_labels import board_labels
from texts.messages import message
from texts.registry import words_for
from web import link_for

logger = logging.getLogger(__name__)

#: How long a result waits for the results before it (a move still being answered) before it is told anyway (the
#: one before it may have been told by another process of the bot).
GAP_WAIT = 5.0
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


class Renderer(Protocol):
    """Draws the board of a public view; ``labels`` are the image's words in the reader's language, ``reader`` the
    seat of the one player the image is shown to (None: the channel's)."""

    def __call__(
        self, view: PublicView, /, *, labels: Mapping[str, str] | None = None, reader: int | None = None
    ) -> bytes: ...


@dataclass(slots=True)
class Untold:
    """A result waiting to be announced, with who made its move (their answer showed them its outcome)."""

    result: ActionResult
    actor_id: str | None
    started: bool
    told: asyncio.Future[None]


class Announcer(DirectMessages):
    """Tells the channel and the players what the service did (the module's docstring says how)."""

    def __init__(
        self,
        *,
        client: Messenger,
        service: Callable[[], GameService],
        settings: Settings,
        render: Renderer,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.client = client
        self._service = service
        self.settings = settings
        self.render = render
        self._clock = clock
        #: Each game's posts as last read or kept (the service keeps them: ``front_end``).
        self._games: dict[int, GamePosts] = {}
        self._dms_closed = {}
        self._returned = set()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: Results not told yet, by game.
        self._untold: dict[int, list[Untold]] = {}

    @property
    def service(self) -> GameService:
        return self._service()

    # Bookkeeping.

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def posts(self, game_id: int) -> GamePosts:
        """The game's posts, read from the service the first time they are needed."""
        posts = self._games.get(game_id)
        if posts is None:
            try:
                posts = GamePosts.load(await self.service.front_end(game_id=game_id))
            except Refusal:
                posts = GamePosts()
            posts = self._games.setdefault(game_id, posts)
        return posts

    async def keep(self, game_id: int) -> None:
        """Write the game's posts to the service (a failure costs only a new status message after a restart)."""
        posts = self._games.get(game_id)
        if posts is None:
            return
        try:
            await self.service.keep_front_end(game_id=game_id, data=posts.dump())
        except Refusal as refusal:
            logger.warning("game %s: its posts could not be kept: %s", game_id, refusal.code)

    async def remember_lobby(self, game_id: int, message_id: int) -> None:
        (await self.posts(game_id)).lobby = message_id
        await self.keep(game_id)

    def language(self, info: GameInfo) -> str:
        """The language of the game's channel posts (bot.languages)."""
        return game_language(info, self.settings.default_language)

    def channel(self, channel_id: str) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(int(channel_id))

    async def _send(self, channel_id: str, **kwargs: Any) -> discord.Message | None:
        try:
            return await self.channel(channel_id).send(**{"allowed_mentions": MENTIONS, **fitted(**kwargs)})
        except discord.HTTPException as exc:
            logger.warning("channel %s: a post failed: HTTP %s (code %s)", channel_id, exc.status, exc.code)
            return None

    async def _edit(self, channel_id: str, message_id: int, **kwargs: Any) -> bool:
        try:
            await self.channel(channel_id).get_partial_message(message_id).edit(**fitted(**kwargs))
            return True
        except discord.NotFound:
            return False
        except discord.HTTPException as exc:
            logger.warning("channel %s: an edit failed: HTTP %s (code %s)", channel_id, exc.status, exc.code)
            return False

    def web_link(self, info: GameInfo) -> str | None:
        """The game's live board (its current link), when this bot's configuration has one."""
        return None if self.settings.web is None else link_for(self.settings.web, info)

    async def refresh_status(self, info: GameInfo) -> None:
        """Draw a running game's status message again as the game now stands (its link renewed, say)."""
        if info.status != "running":
            return
        async with self._lock(info.game_id):
            view = await self.service.public_view(channel_id=info.channel_id, game_id=info.game_id)
            posts = await self.posts(info.game_id)
            await self._update_status(info, view, info.to_decide, posts.lines, self.language(info))

    async def board(self, view: PublicView, info: GameInfo, language: str, *, reader: int | None = None) -> bytes:
        """The board image with its words in ``language``, drawn off the event loop from the public view; for one
        player's eyes, ``reader`` is their seat (a crowded board then draws their panel in full too)."""
        labels = board_labels(language, info.ruleset)
        return await asyncio.to_thread(self.render, view, labels=labels, reader=reader)

    async def _board_or_none(self, view: PublicView, info: GameInfo, language: str) -> bytes | None:
        """The board for a post; a failing renderer costs the image, never the post."""
        try:
            return await self.board(view, info, language)
        except Exception:
            logger.exception("drawing the board failed")
            return None

    # The lobby.

    async def post_lobby(self, info: GameInfo) -> discord.Message | None:
        lang = self.language(info)
        sent = await self._send(
            info.channel_id, embed=panels.lobby_embed(info, lang), view=panels.lobby_view(info, lang)
        )
        if sent is not None:
            await self.remember_lobby(info.game_id, sent.id)
        return sent

    async def lobby_changed(self, info: GameInfo) -> None:
        """Show the lobby as it now is: edit its message, or post it again when that is gone."""
        lang = self.language(info)
        message_id = (await self.posts(info.game_id)).lobby
        if info.status == "lobby":
            if message_id is None or not await self._edit(
                info.channel_id, message_id, embed=panels.lobby_embed(info, lang), view=panels.lobby_view(info, lang)
            ):
                await self.post_lobby(info)
            return
        await self.lobby_closed(info)

    async def lobby_closed(self, info: GameInfo) -> None:
        posts = await self.posts(info.game_id)
        message_id, posts.lobby = posts.lobby, None
        if message_id is None:
            return
        await self.keep(info.game_id)
        key = "lobby.started" if info.status in ("running", "finished") else "lobby.abandoned"
        lang = self.language(info)
        await self._edit(info.channel_id, message_id, embed=panels.closed_lobby_embed(info, lang, key=key), view=None)

    async def explain(self, info: GameInfo, kind: str, language: str) -> str | None:
        """In a tutorial, the note that explains a decision of ``kind`` the first time its prompt is shown (and
        from then on None, kept as the game's front-end data); None in any other game."""
        if not is_tutorial(info.settings):
            return None
        posts = await self.posts(info.game_id)
        if kind in posts.explained:
            return None
        posts.explained.append(kind)
        await self.keep(info.game_id)
        return explanation(info.ruleset, kind, language)

    async def notice(self, info: GameInfo, key: str, **params: Any) -> bool:
        """A one-line public message (someone left, the game was abandoned...); False when it was not sent."""
        return await self._send(info.channel_id, content=message(key, self.language(info), **params)) is not None

    # Results.

    async def background(self, result: ActionResult) -> None:
        """What computers and autopilots did in the background (the service's listener)."""
        await self.result(result)

    async def result(self, result: ActionResult, *, actor_id: str | None = None, started: bool = False) -> None:
        """Tell the channel and the players what a start (``started``), a move or a handover did, in the game's
        order (see the module's docstring), once told. Never raises.

        ``actor_id``: the mover, once the answer to their move reached them (it held their private news and their
        next prompt, so neither comes by DM, and nobody pings them). A mover whose answer failed is passed as no
        actor, and told like any other player."""
        if actor_id is not None:
            # The actor's private news is in the answer to their move.
            result = replace(result, private_events={u: e for u, e in result.private_events.items() if u != actor_id})
        untold = Untold(result, actor_id, started, asyncio.get_running_loop().create_future())
        self._untold.setdefault(result.game_id, []).append(untold)
        try:
            await self._tell_ready(result.game_id, everything=False)
            if not untold.told.done():
                # A result before this one is still being answered: it tells this one too, or this one is told
                # alone after a while.
                try:
                    await asyncio.wait_for(asyncio.shield(untold.told), GAP_WAIT)
                except TimeoutError:
                    await self._tell_ready(result.game_id, everything=True)
        except Exception:
            logger.exception("game %s: announcing version %s failed", result.game_id, result.version)
            posts = self._games.get(result.game_id)
            if posts is not None:
                posts.stale = True

    async def _tell_ready(self, game_id: int, *, everything: bool) -> None:
        """Tell, as one, the game's untold results that follow on from what was told last (``everything``: all of
        them, whatever came before)."""
        async with self._lock(game_id):
            if self.settings.shard_ids is not None:
                # Another process of the bot may have posted for this game since (Discord hands every DM
                # interaction to shard 0's process): start from the posts as stored, not as last seen here.
                self._games.pop(game_id, None)
            waiting = sorted(self._untold.get(game_id, ()), key=lambda u: (u.result.since, u.result.version))
            if not waiting:
                return
            told = (await self.posts(game_id)).announced
            batch: list[Untold] = []
            for untold in waiting:
                if not (everything or untold.started or told is None or untold.result.since <= told):
                    break
                batch.append(untold)
                told = max(untold.result.version, told or 0)
            if not batch:
                return
            self._untold[game_id] = [u for u in waiting if u not in batch]
            if not self._untold[game_id]:
                del self._untold[game_id]
            try:
                folded = batch[0].result
                for later in batch[1:]:
                    folded = folded.then(later.result)
                answered = {u.actor_id: u.result.version for u in batch if u.actor_id is not None}
                await self._result(folded, answered=answered, started=any(u.started for u in batch))
            finally:
                for untold in batch:
                    if not untold.told.done():
                        untold.told.set_result(None)

    async def _result(self, result: ActionResult, *, answered: Mapping[str, int], started: bool) -> None:
        """Announce ``result``. ``answered``: players whose own move's answer showed them the game as it stood at
        a version (their prompt then; no ping or DM for a decision they already had)."""
        view, info = result.public_view, result.info
        if view is None or info is None:
            return
        lang = self.language(info)
        words = words_for(info.ruleset)
        lines = words.told_lines(result.public_events, result.steps, words.table(view, language=lang))
        # Decisions that fell due in this result (at a start, every decision is new), and those of them a player
        # has not already seen in the answer to their own move.
        before = -1 if started else result.since
        newly_due = [d for d in result.to_decide if d.since_version > before]
        unseen = [d for d in newly_due if d.user_id is None or d.since_version > answered.get(d.user_id, -1)]
        posts = await self.posts(result.game_id)
        if posts.announced is not None and result.version <= posts.announced:
            # A later version was told already (by another process, or after waiting for this one longer than
            # GAP_WAIT): the channel shows a later table, which this one must not replace; only its direct messages
            # are owed.
            await self._direct_messages(result, info, unseen)
            return
        phase = (view.round, words.status_phase(view))
        new_phase = result.status != "running" or posts.phase != phase
        if new_phase:
            posts.phase = phase
        # Each decision that fell due is told to its player once, in their DMs; those who cannot be reached there
        # are mentioned in the channel instead (a mention in an edit notifies nobody, so that is a post).
        unreached = await self._direct_messages(result, info, unseen)
        await self._retire_prompts(info, result.to_decide, result.version)
        if new_phase:
            # The final scores (the view after the last move holds the outcome).
            lines += panels.standings_lines(info, view, lang)
            posts.lines = lines[-PHASE_LINES:]
            await self._phase_post(info, view, result.to_decide, posts.lines, lang, pinged=unreached)
            if result.status != "running" and is_tutorial(info.settings):
                await self._send(info.channel_id, content=finished_line(lang))
        elif lines or unseen:
            # (The actor's own decision that goes on, a card play after a card play, is no news to the channel.)
            posts.lines = (posts.lines + lines)[-PHASE_LINES:]
            await self._update_status(info, view, result.to_decide, posts.lines, lang)
            if unreached:
                await self._ping(info, [d for d in unseen if d.user_id in unreached], lang)
        posts.announced = result.version
        await self.keep(result.game_id)
        if result.status != "running":
            self._games.pop(result.game_id, None)

    async def _ping(self, info: GameInfo, due: Sequence[PendingDecision], lang: str) -> None:
        """Mention in the channel the players whose decisions fell due and whose DMs are closed, with where to play
        (said once a phase to each)."""
        content = "\n".join([panels.waiting_line(info, due, lang), *await self._closed_hints(info, due, lang)])
        sent = await self._send(info.channel_id, content=content, view=panels.table_view_buttons(info.game_id, lang))
        (await self.posts(info.game_id)).stale |= sent is None

    async def _closed_hints(self, info: GameInfo, due: Sequence[PendingDecision], lang: str) -> list[str]:
        """For each of ``due``'s players not yet told in this phase that their DMs are closed, the line telling them
        (noted as told)."""
        posts = await self.posts(info.game_id)
        phase = posts.phase_key()
        told = [u for u in dict.fromkeys(d.user_id for d in due) if u is not None and posts.told_closed.get(u) != phase]
        for user_id in told:
            posts.told_closed[user_id] = phase
        if told:
            await self.keep(info.game_id)
        return [message("dm.closed", lang, player=panels.mention(user_id)) for user_id in told]

    async def _status_text(self, info: GameInfo, to_decide: Sequence[PendingDecision], lang: str) -> str | None:
        """The status message's text: whose move it is, and where those whose DMs are closed play (as told in this
        phase)."""
        posts = await self.posts(info.game_id)
        phase = posts.phase_key()
        closed = [u for u, told in posts.told_closed.items() if told == phase]
        lines = [panels.waiting_line(info, to_decide, lang)]
        lines += [message("dm.closed", lang, player=panels.mention(user_id)) for user_id in closed]
        return "\n".join(line for line in lines if line) or None

    async def _phase_post(
        self,
        info: GameInfo,
        view: PublicView,
        to_decide: Sequence[PendingDecision],
        lines: Sequence[str],
        lang: str,
        *,
        pinged: Collection[str] = (),
    ) -> None:
        """A new status message. Its waiting line mentions whose move it is, but notifies only the ``pinged``
        players (whose DMs are closed): the others were told in their DMs."""
        png = await self._board_or_none(view, info, lang)
        running = info.status == "running"
        image: dict[str, Any] = {} if png is None else {"file": panels.board_file(png)}
        await self._closed_hints(info, [d for d in to_decide if d.user_id in pinged], lang)
        waiting = await self._status_text(info, to_decide, lang)
        sent = await self._send(
            info.channel_id,
            view=panels.status_layout(
                view, info, lines, lang, waiting=waiting, image=png is not None, link=self.web_link(info)
            ),
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(id=int(user_id)) for user_id in pinged]
            ),
            **image,
        )
        posts = await self.posts(info.game_id)
        posts.stale = sent is None and running
        if sent is not None and running:
            posts.status = sent.id

    async def _update_status(
        self, info: GameInfo, view: PublicView, to_decide: Sequence[PendingDecision], lines: Sequence[str], lang: str
    ) -> None:
        message_id = (await self.posts(info.game_id)).status
        png = await self._board_or_none(view, info, lang)
        waiting = await self._status_text(info, to_decide, lang)
        if message_id is not None and await self._edit(
            info.channel_id,
            message_id,
            view=panels.status_layout(
                view, info, lines, lang, waiting=waiting, image=png is not None, link=self.web_link(info)
            ),
            attachments=[] if png is None else [panels.board_file(png)],
            allowed_mentions=discord.AllowedMentions.none(),
        ):
            return
        # The status message is gone (deleted, or from before a restart) or the edit failed: post a new one.
        await self._phase_post(info, view, to_decide, lines, lang)

    async def catch_up(self, running: Sequence[RunningGame]) -> int:
        """After a restart: mark for :meth:`recover` every game whose last move was never told (the process stopped
        between the move's commit and its announcement) or that has no status message; returns how many."""
        behind = 0
        for game in running:
            async with self._lock(game.game_id):
                posts = await self.posts(game.game_id)
                if posts.announced is None and posts.status is not None:
                    continue  # kept by an older bot, which did not say what it told
                if posts.announced is None or posts.announced < game.version:
                    posts.stale = True
                    behind += 1
        return behind

    async def recover(self) -> int:
        """Post afresh the table of every game whose announcement failed (Discord was down, a post was lost), with
        the prompts its players owe; returns how many games were recovered."""
        recovered = 0
        for game_id in [g for g, posts in self._games.items() if posts.stale]:
            async with self._lock(game_id):
                try:
                    info = await self.service.game_info(game_id=game_id)
                    if info.status != "running":
                        self._games.pop(game_id, None)
                        continue
                    view = await self.service.public_view(channel_id=info.channel_id, game_id=game_id)
                except Refusal:
                    self._games.pop(game_id, None)
                    continue
                lang = self.language(info)
                posts = await self.posts(game_id)
                await self._phase_post(info, view, info.to_decide, posts.lines, lang)
                if not posts.stale:
                    posts.announced = info.version
                await self.keep(game_id)
                if posts.stale:
                    continue
                recovered += 1
                # Each decision owed is told to its player as any result tells it: their DM prompt (unless a DM
                # shows it already), or a mention in the channel when their DMs are closed.
                unreached = []
                for due in info.to_decide:
                    if due.user_id is None or due.opportunity:
                        continue
                    shown = posts.prompts.get(due.user_id)
                    if shown is not None and shown[2] == due.since_version:
                        continue
                    if not await self.prompt_privately(info, due.user_id):
                        unreached.append(due)
                if unreached:
                    await self._ping(info, unreached, lang)
        return recovered
