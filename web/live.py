"""Each watched game's public side, kept current for every page open on it.

A game may be moved by anybody: a person on Discord or on a page, a computer or an autopilot in the background, the
console in another process, another bot process on a shared PostgreSQL. So a game with a page open on it is looked
at again every :data:`POLL_SECONDS` (one small read: its info), for the moves other processes make, and at once
after every move this process commits (``GameService.watch``: Discord's, a page's, a computer's). When anything the
page shows changed, its public side is read once (the public view and the history: public events only), and each
language's fragment is made once and handed to every page open in that language: 500 pages on a game cost one read
and one rendering per language, not 500.

Nothing private enters here: :class:`GameService` is asked for ``game_info``, ``public_view`` and ``history``, whose
entries are worded from their public events and public views only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game_service import GameHistory, GameInfo, GameService
from rules_core.engine import PublicView
from web.links import Links

logger = logging.getLogger(__name__)

#: How often a game with a page open on it is looked at (a move made in another process shows within this).
POLL_SECONDS = 0.25
#: A page load within this of the last look uses what was seen then.
FRESH_SECONDS = 0.1
#: Games kept without a page open on them (their last fragments, for the next page load).
KEPT_IDLE = 256

#: Makes the public fragment of a game in one language.
Fragment = Callable[[GameInfo, PublicView | None, GameHistory | None, str], str]


def fingerprint(info: GameInfo) -> tuple[Any, ...]:
    """What a page shows of a game's info changes exactly when this does (a move, a deadline, a pause, a seat
    handed over, a renewed link)."""
    decisions = tuple((d.seat, d.kind, d.user_id, d.due_at) for d in info.to_decide)
    seats = tuple((p.seat, p.name, p.is_computer) for p in info.players)
    return (info.version, info.status, seats, decisions, json.dumps(info.settings, sort_keys=True, default=str))


@dataclass(slots=True)
class Seen:
    """A game at one fingerprint: its info, public view and history, and each language's fragment once made."""

    info: GameInfo
    key: tuple[Any, ...]
    view: PublicView | None
    history: GameHistory | None
    fragments: dict[str, str] = field(default_factory=dict)
    #: Each language's live-update message (server-sent event), made once for every page in that language.
    messages: dict[str, bytes] = field(default_factory=dict)


class Watched:
    """One game: what was last seen of it, and the pages open on it (each waits on :attr:`changed`)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.seen: Seen | None = None
        self.looked_at = 0.0
        self.lock = asyncio.Lock()
        self.pages = 0
        #: Set and replaced at each change: a page waits on the event it took, so none misses a change.
        self.changed = asyncio.Event()
        self.poller: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()


class Boards:
    """Every watched game of one web server."""

    def __init__(self, *, service: GameService, links: Links, fragment: Fragment) -> None:
        self.service = service
        self.links = links
        self._fragment = fragment
        self._games: OrderedDict[int, Watched] = OrderedDict()
        self._closed = False

    def watched(self, game_id: int) -> Watched:
        game = self._games.get(game_id)
        if game is None:
            game = Watched(game_id)
            self._games[game_id] = game
        self._games.move_to_end(game_id)
        idle = [g for g in self._games.values() if g.pages == 0 and g is not game]
        for extra in idle[: max(0, len(idle) - KEPT_IDLE)]:
            del self._games[extra.game_id]
        return game

    async def look(self, game_id: int, *, fresh: float = FRESH_SECONDS) -> Seen:
        """The game as it is now (a look at most ``fresh`` seconds old); raises the service's refusals
        (``UnknownGame``)."""
        game = self.watched(game_id)
        async with game.lock:
            if game.seen is not None and time.monotonic() - game.looked_at < fresh:
                return game.seen
            info = await self.service.game_info(game_id=game_id)
            game.looked_at = time.monotonic()
            key = fingerprint(info)
            if game.seen is None or game.seen.key != key:
                view = None
                history = None
                if info.seed is not None:
                    view = await self.service.public_view(channel_id=info.channel_id, game_id=game_id)
                    history = await self.service.history(game_id=game_id)
                game.seen = Seen(info, key, view, history)
                changed, game.changed = game.changed, asyncio.Event()
                changed.set()
            return game.seen

    def fragment(self, seen: Seen, language: str) -> str:
        """The public fragment of the game as seen, in ``language`` (made once per change and language)."""
        made = seen.fragments.get(language)
        if made is None:
            made = self._fragment(seen.info, seen.view, seen.history, language)
            seen.fragments[language] = made
        return made

    def message(self, seen: Seen, language: str) -> bytes:
        """The server-sent event that brings a page up to ``seen`` in ``language``."""
        made = seen.messages.get(language)
        if made is None:
            data = json.dumps({"version": seen.info.version, "html": self.fragment(seen, language)})
            made = f"id: {seen.info.version}\nevent: table\ndata: {data}\n\n".encode()
            seen.messages[language] = made
        return made

    def opened(self, game_id: int) -> Watched:
        """A page opened a live stream on the game: look at it regularly until the last one closes."""
        game = self.watched(game_id)
        game.pages += 1
        if game.poller is None or game.poller.done():
            game.poller = asyncio.create_task(self._poll(game), name=f"web-watch-{game_id}")
        return game

    def closed(self, game: Watched) -> None:
        game.pages -= 1

    def wake(self, game_id: int) -> None:
        """This process moved the game (``GameService.watch``): look now rather than at the next poll."""
        game = self._games.get(game_id)
        if game is not None:
            game.looked_at = 0.0
            game.wake.set()

    async def _poll(self, game: Watched) -> None:
        while game.pages > 0 and not self._closed:
            game.wake.clear()
            try:
                await self.look(game.game_id, fresh=0.0)
            except Exception:
                # A read that failed (the database busy for a moment, the game gone) is tried again at the next
                # poll; the pages keep what they show.
                logger.warning("web: game %s could not be looked at", game.game_id, exc_info=True)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(game.wake.wait(), POLL_SECONDS)

    async def close(self) -> None:
        self._closed = True
        # Every page's live stream waits on its game's event: wake them to end.
        for game in self._games.values():
            game.changed.set()
        pollers = [g.poller for g in self._games.values() if g.poller is not None and not g.poller.done()]
        for poller in pollers:
            poller.cancel()
        await asyncio.gather(*pollers, return_exceptions=True)
