"""The application service: every front end (the Discord bot, the console, tests) plays through it.

The master loop of boardgame.io, without a transport: load the game, check that the actor holds the seat and that
the request was made against the current version, let the rules check and apply the action, persist the action
and the new snapshot in one transaction, then let computer seats move the same way, and hand back the events split
by who may see them. Plain ids in (user and channel ids are strings), plain data out. Moves nobody has to think
about are made without anybody waiting on them (:mod:`game_service.turns`): forced moves at once, computers and
autopilots in the background, each result told to the front ends that :meth:`GameService.listen`.

:class:`GameService` is one facade over its parts: :mod:`game_service.store` (loading, locks, the state cache,
writing actions), :mod:`game_service.turns` (forced moves, computer seats and autopilots),
:mod:`game_service.lobby`, :mod:`game_service.play`, :mod:`game_service.autopilot`, :mod:`game_service.slow` (deadlines,
pauses, votes, reminders delivered at least once), :mod:`game_service.history`, :mod:`game_service.ratings`
(statistics and ratings of a server's finished games) and :mod:`game_service.front_end`
(what the front ends keep: presentation data per game, closed direct messages per user) and
:mod:`game_service.links` (the salt of a game's web link, which the host renews). Every public call checks
its arguments first (:mod:`game_service.checks`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from os import PathLike
from types import TracebackType

from game_service.autopilot import AutopilotCalls
from game_service.checks import checked
from game_service.computers import DEFAULT_LEVEL, LEVELS, ComputerPolicy, Computers, InlineComputers, PooledComputers
from game_service.front_end import FrontEndCalls
from game_service.history import HistoryCalls
from game_service.links import LinkCalls
from game_service.lobby import LobbyCalls
from game_service.play import PlayCalls
from game_service.ratings import RatingCalls
from game_service.slow import SlowGameCalls
from game_service.storage import Repository, open_repository
from game_service.store import Clock, GameStore, utc_now
from game_service.turns import Listener, Turns


class GameService(
    LobbyCalls, PlayCalls, AutopilotCalls, SlowGameCalls, HistoryCalls, FrontEndCalls, RatingCalls, LinkCalls
):
    """Lobbies, moves, views and history of every game, over one :class:`Repository`.

    Every method that names a channel also takes an optional ``game_id``: a button carries the id of the game it
    was made for, and with it a request can never reach a newer game in the same channel (``game_closed`` if that
    game is over, ``no_game_here`` if it is another channel's).
    """

    def __init__(
        self,
        *,
        repository: Repository,
        clock: Clock = utc_now,
        computer_policy: ComputerPolicy | None = None,
        computer_workers: int | None = None,
        computer_level: str = DEFAULT_LEVEL,
        cache_size: int = 2048,
    ) -> None:
        """Computer seats think in ``computer_workers`` processes (default: one per core), unless a plain
        ``computer_policy`` is given, which then plays every computer seat on the event loop (tests, tools).
        ``computer_level`` is the level of a computer seated without one and of a seat handed to a computer."""
        if computer_level not in LEVELS:
            raise ValueError(f"computer_level must be one of {', '.join(LEVELS)}, not {computer_level!r}")
        computers: Computers = (
            InlineComputers(computer_policy) if computer_policy is not None else PooledComputers(computer_workers)
        )
        self._store = GameStore(repository=repository, clock=clock, computers=computers, cache_size=cache_size,
                                computer_level=computer_level)  # fmt: skip
        self._turns = Turns(self._store)
        self._replays = OrderedDict()

    @classmethod
    async def open(
        cls,
        *,
        database: str | PathLike[str],
        clock: Clock = utc_now,
        computer_policy: ComputerPolicy | None = None,
        computer_workers: int | None = None,
        computer_level: str = DEFAULT_LEVEL,
        cache_size: int = 2048,
        pool_size: int | None = None,
    ) -> GameService:
        """Open (creating and migrating if needed) the database ``database``: a SQLite file's path (or
        ``sqlite:///PATH``), or a PostgreSQL server's ``postgresql://`` URL, shared by several processes
        (``pool_size``: the most connections this process keeps to it)."""
        repository = await open_repository(database, pool_size=pool_size)
        return cls(repository=repository, clock=clock, computer_policy=computer_policy,
                   computer_workers=computer_workers, computer_level=computer_level, cache_size=cache_size)  # fmt: skip

    def watch(self, watcher: Callable[[int], None]) -> None:
        """Have ``watcher`` called with a game's id, at once and on the event loop, after every move this process
        commits (a person's, a computer's, an autopilot's, a forced one): a light signal, e.g. for a page to look
        again now. It must not block; moves committed by other processes reach nobody through it."""
        self._store.watchers.append(watcher)

    def listen(self, listener: Listener) -> None:
        """Have ``listener`` told each result of the moves made in the background (computers, autopilots, and the
        forced moves after them), game by game in order; results that come while it is busy are folded into one."""
        self._turns.listen(listener)

    @checked
    async def idle(self, *, game_id: int | None = None) -> None:
        """Wait until no computer or autopilot of the game (of every game, for None) owes a move and every
        result was told (the console before a person's turn; tests)."""
        await self._turns.idle(game_id)

    async def warm_up(self) -> None:
        """Start the computers' worker processes now, so that the first move waits for none (a bot's start)."""
        await self._store.computers.start()

    async def close(self) -> None:
        await self._turns.close()
        self._store.computers.close()
        await self._store.repo.close()

    async def __aenter__(self) -> GameService:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
