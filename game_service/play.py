"""Playing and reading: moves, timeouts, computer turns, views and game lists."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

from game_service.checks import checked
from game_service.errors import (
    BadArgument,
    NotAPlayer,
)
from game_service.loaded import Run, action_result, game_info, seat_prompt
from game_service.results import (
    ActionResult,
    GameInfo,
    LegalActions,
    MyTurn,
    RunningGame,
    SeatPrompt,
)
from game_service.store import GameStore
from game_service.turns import Turns
from rules_core.engine import PublicView, SeatView


class PlayCalls:
    """The service's play calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore
    _turns: Turns

    @checked
    async def submit(
        self,
        *,
        channel_id: str,
        user_id: str,
        action: Any,
        expected_version: int,
        game_id: int | None = None,
    ) -> ActionResult:
        """Play ``action`` (an action object, or its JSON dict) for the user's seat. The result comes as soon as
        the move and the forced moves after it are committed; computers and autopilots then move in the background,
        each of their results told to the service's listeners (``GameService.listen``).

        ``expected_version`` is the game's version the user saw, or the version at which their decision fell due
        (a prompt's buttons carry it: they stay valid while that decision is owed); anything else is refused as
        ``stale_version`` rather than replayed onto a changed table. ``game_id``, when given (a button carries
        it too), must be the channel's running game, so an old game's button cannot act on a newer one. A JSON
        dict without ``"seat"`` is given the user's seat.
        """
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_running(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            self._store.require_version(game, expected_version, seat.seat)
            computed = self._store.compute(game, action, "player", acting=seat.seat)
            run = Run()
            await self._store.commit(game, computed, run)
            await self._turns.carry_on(game, run)
            return action_result(game, run)

    @checked
    async def resume_computer_turns(
        self, *, game_id: int | None = None, channel_pattern: str | None = None, channels: Collection[str] | None = None
    ) -> list[ActionResult]:
        """Make the moves nobody has to think about that are owed in the running games of the caller: the game
        ``game_id`` (the console, which plays one game), or every game whose channel id matches ``channel_pattern``
        in full (a bot over its own channels: Discord's are snowflakes, ``"[0-9]+"``) and, when given, is one of
        ``channels`` (a bot process that holds some of Discord's shards: its guilds' channels). Without any, every
        running game of the database: only for a process that is the database's one front end.

        A process that stopped between a move and the moves after it leaves such games; call this once after
        opening. The forced moves it makes come back as results to announce like any other move; computers and
        autopilots then move in the background, their results told to the listeners (``GameService.listen``).
        Only the caller can announce them, so a front end must never move another front end's games.
        """
        callers = callers_channels(channel_pattern, channels)
        results = []
        for found, channel_id, _, _ in await self._store.repo.running_games():
            if game_id is not None and found != game_id:
                continue
            if not callers(channel_id):
                continue
            async with self._store.game_by_id(found) as game:
                run = Run()
                await self._turns.carry_on(game, run)
                if run.steps:
                    results.append(action_result(game, run))
        return results

    @checked
    async def running_games(
        self, *, channel_pattern: str | None = None, channels: Collection[str] | None = None
    ) -> tuple[RunningGame, ...]:
        """The running games of the caller's channels (chosen as for :meth:`resume_computer_turns`), each at its
        version: after a restart a front end compares them with what it last announced."""
        callers = callers_channels(channel_pattern, channels)
        return tuple(
            RunningGame(game_id, channel_id, version, settings)
            for game_id, channel_id, version, settings in await self._store.repo.running_games()
            if callers(channel_id)
        )

    # Reading.

    @checked
    async def legal_actions(self, *, channel_id: str, user_id: str, game_id: int | None = None) -> LegalActions:
        """What the user's seat may do now (empty when it owes no decision)."""
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_running(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            actions = tuple(game.ruleset.legal_actions(game.state, seat.seat))
            return LegalActions(game.row.id, game.version, seat.seat, actions)

    @checked
    async def prompt(self, *, channel_id: str | None = None, user_id: str, game_id: int | None = None) -> SeatPrompt:
        """A player's side of the game in one call: the game, their seat and view, and the prompt of the decision
        they owe (or an opportunity they have) with every legal action; ``prompt`` is None when they have none.
        ``game_id`` reads a closed game too (its view, no prompt). ``channel_id`` None reads the game ``game_id``
        wherever it is (a prompt in a player's DMs): the user must hold a seat in it all the same."""
        async with self._store.player_game(channel_id, game_id) as game:
            self._store.require_started(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            view = game.ruleset.seat_view(game.state, seat.seat)
            return SeatPrompt(game_info(game), seat.seat, view, seat_prompt(game, seat.seat))

    @checked
    async def public_view(self, *, channel_id: str, game_id: int | None = None) -> PublicView:
        """The channel's view of the game. ``game_id`` reads a closed game too."""
        async with self._store.channel_game(channel_id, game_id, active_only=False) as game:
            self._store.require_started(game)
            view: PublicView = game.ruleset.public_view(game.state)
            return view

    @checked
    async def private_view(self, *, channel_id: str, user_id: str, game_id: int | None = None) -> SeatView:
        """One player's view: the public view plus their own secrets."""
        async with self._store.channel_game(channel_id, game_id, active_only=False) as game:
            self._store.require_started(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            mine: SeatView = game.ruleset.seat_view(game.state, seat.seat)
            return mine

    @checked
    async def game_info(self, *, channel_id: str | None = None, game_id: int | None = None) -> GameInfo:
        """The channel's active game, or any game by id (closed ones too)."""
        if (channel_id is None) == (game_id is None):
            raise BadArgument("name exactly one of channel_id and game_id", argument="channel_id", reason="one_of")
        if game_id is not None:
            async with self._store.game_by_id(game_id) as game:
                return game_info(game)
        assert channel_id is not None
        async with self._store.channel_game(channel_id) as game:
            return game_info(game)

    @checked
    async def recent_games(self, *, channel_id: str, limit: int = 10) -> tuple[GameInfo, ...]:
        """The channel's latest games, newest first, active or closed (to pick one for ``history``)."""
        infos = []
        for game_id in await self._store.repo.recent_games(channel_id, limit):
            infos.append(await self.game_info(game_id=game_id))
        return tuple(infos)

    @checked
    async def games_played(self, *, user_id: str) -> tuple[GameInfo, ...]:
        """Every running game, in any channel, where the user holds a seat (oldest first), whether or not they owe
        a decision (each game's ``to_decide`` tells whose move it is)."""
        return tuple([await self.game_info(game_id=game_id) for game_id in await self._store.repo.games_of(user_id)])

    @checked
    async def my_games(self, *, user_id: str) -> tuple[MyTurn, ...]:
        """Every running game, in any channel, where the user owes a decision (oldest first)."""
        rows = await self._store.repo.waiting_for(user_id)
        return tuple(
            MyTurn(w.game_id, w.channel_id, w.ruleset, w.seat, w.kind, w.version, w.since, w.due_at) for w in rows
        )


def callers_channels(channel_pattern: str | None, channels: Collection[str] | None) -> Callable[[str], bool]:
    """Whether a channel is the caller's: its id matches ``channel_pattern`` in full (when given) and is one of
    ``channels`` (when given)."""
    pattern = None if channel_pattern is None else re.compile(channel_pattern)
    held = None if channels is None else frozenset(channels)

    def callers(channel_id: str) -> bool:
        return (pattern is None or pattern.fullmatch(channel_id) is not None) and (held is None or channel_id in held)

    return callers
