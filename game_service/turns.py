"""Moves no person waits for: forced moves, computer seats and decisions left to a player's autopilot.

After every change of a game (a person's move, a timeout, a start, a seat handed over) :meth:`Turns.carry_on`

* makes at once, in the same request, every **forced** move: the one move a seat's duty leaves it
  (``Ruleset.forced_action``: never where the prompt shows secrets, so how fast it came tells nobody anything), made
  for the seat whoever holds it, logged as ``forced``;
* starts the game's **background turns** for whatever computers and autopilots owe next, so a person's move answers
  at once (``submit`` returns as soon as it is committed).

The background turns of a game run in one task:

1. under the game's lock, briefly: who owes a decision that a helper makes (:func:`game_service.autopilot.helper_of`),
   each with its seat's view and legal actions (never the full state: it holds the others' secrets);
2. without any lock: every such seat thinks at once (simultaneous decisions think in parallel in the worker pool),
   so every read of the game (a prompt, an autocomplete, the board) answers meanwhile;
3. under the lock again: each move is committed like a person's, if its seat still owes the decision it was
   thought for (a decision stays owed while others make simultaneous picks, so a person's move meanwhile never
   conflicts); a move the table moved past is thought again;
4. the result goes to every listener (a front end announces it). Results that queue up while a listener is busy
   are folded into one (``ActionResult.then``): a run of computer moves is one update, not a ticker.

Nothing is lost: each move is committed on its own (a kill between two loses only thinking), and a restart finds
the decisions still owed (``GameService.resume_computer_turns``) and makes them, once: a commit checks the game's
version, so a move can never be made twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game_service.computers import NoPolicy, timeout_policy
from game_service.errors import StaleVersion
from game_service.loaded import LoadedGame, Run, action_result
from game_service.results import ActionResult, MembershipResult, PlayedBy, autopilots
from game_service.store import Computed, GameStore
from rules_core.engine import AnyRuleset, SeatView
from rules_core.errors import Refusal

logger = logging.getLogger(__name__)

#: How a kind of decision left to the autopilot is played: routine moves, made as the baseline would.
AUTOPILOT_LEVEL = "easy"


def helper_of(
    game: LoadedGame, seat: int, kind: str, clock: Callable[[], datetime], computer_level: str
) -> tuple[PlayedBy, str] | None:
    """Who plays the seat's decision of ``kind`` without its person, at which level: its computer, its player's
    autopilot, or nobody (None: a person decides). The clock is read only for a player who said they are away."""
    holder = game.row.seats[seat] if 0 <= seat < len(game.row.seats) else None
    if holder is None:
        return None
    if holder.is_computer:
        return "computer", holder.level or computer_level
    if holder.user_id is None:
        return None
    mine = autopilots(game.row.settings).get(holder.user_id)
    if mine is None:
        return None
    if mine.away_until is not None and mine.away(clock()):
        return "autopilot", computer_level
    if kind in mine.kinds:
        return "autopilot", AUTOPILOT_LEVEL
    return None


Listener = Callable[[ActionResult], Awaitable[None]]
#: A helper that never lets the game reach a person or an end is a bug; stop rather than spin forever.
MAX_ROUNDS = 100_000


@dataclass(frozen=True, slots=True)
class Ask:
    """A decision a helper makes: for which seat, owed since which version, thought on which version of the game."""

    rules: AnyRuleset
    seat: int
    since: int
    version: int
    played_by: PlayedBy
    level: str
    view: SeatView
    legal: tuple[Any, ...]


class Turns:
    """The background turns of every game of this process."""

    def __init__(self, store: GameStore) -> None:
        self._store = store
        self._listeners: list[Listener] = []
        #: The task making each game's helper moves, while there is one.
        self._running: dict[int, asyncio.Task[None]] = {}
        #: Games asked to look again since their task last looked (a move committed meanwhile).
        self._kicked: set[int] = set()
        #: Results waiting for the listeners, and the task telling them, by game.
        self._untold: dict[int, list[ActionResult]] = {}
        self._telling: dict[int, asyncio.Task[None]] = {}

    async def carry_on(self, game: LoadedGame, run: Run) -> None:
        """After a change of ``game``: make the forced moves (into ``run``), then start the helpers' turns."""
        if game.row.status != "running":
            return
        await self.make_forced_moves(game, run)
        if game.row.status == "running" and self.owes_helper(game):
            self.kick(game.row.id)

    async def make_forced_moves(self, game: LoadedGame, run: Run) -> None:
        """Make every forced move now owed, and those that fall due by them, each committed on its own."""
        store, rules = self._store, game.ruleset
        for _ in range(MAX_ROUNDS):
            if game.row.status != "running":
                return
            for duty in rules.duties(game.state):
                forced = rules.forced_action(game.state, duty.seat)
                if forced is not None:
                    await store.commit(game, store.compute(game, forced, "forced"), run)
                    break
            else:
                return
        raise RuntimeError(f"game {game.row.id}: {MAX_ROUNDS} forced moves in a row")

    async def after_change(self, game: LoadedGame, run: Run) -> MembershipResult:
        """After a seat change (which may have come with an action, in ``run``): carry on, and the game as it now
        is with what was played."""
        await self.carry_on(game, run)
        played = action_result(game, run) if run.steps else None
        return MembershipResult(await self._store.reloaded_info(game.row.id), played)

    def owes_helper(self, game: LoadedGame) -> bool:
        """Whether a computer or an autopilot owes a decision of ``game`` now."""
        store = self._store
        return any(helper_of(game, d.seat, d.kind, store.now, store.computer_level) for d in game.row.decisions)

    def listen(self, listener: Listener) -> None:
        """Have ``listener`` told every result made in the background (in each game's order)."""
        self._listeners.append(listener)

    def kick(self, game_id: int) -> None:
        """Have the game's helpers make the moves they owe (now, if they owe any)."""
        self._kicked.add(game_id)
        task = self._running.get(game_id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._run(game_id), name=f"evolution-turns-{game_id}")
            self._running[game_id] = task
            task.add_done_callback(lambda done: self._ended(game_id, done, self._running))

    async def idle(self, game_id: int | None = None) -> None:
        """Wait until the game's helpers (every game's, for None) owe nothing more and every result was told."""
        while True:
            tasks = [task for task in self._tasks(game_id) if not task.done()]
            if not tasks:
                return
            await asyncio.wait(tasks)

    async def close(self) -> None:
        """Stop thinking and telling (a restart resumes what is still owed)."""
        tasks = [*self._running.values(), *self._telling.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._running.clear()
        self._telling.clear()

    def _tasks(self, game_id: int | None) -> list[asyncio.Task[None]]:
        if game_id is None:
            return [*self._running.values(), *self._telling.values()]
        return [task for task in (self._running.get(game_id), self._telling.get(game_id)) if task is not None]

    @staticmethod
    def _ended(game_id: int, task: asyncio.Task[None], tasks: dict[int, asyncio.Task[None]]) -> None:
        if tasks.get(game_id) is task:
            del tasks[game_id]
        if not task.cancelled() and task.exception() is not None:
            logger.error("game %s: background turns stopped", game_id, exc_info=task.exception())

    # Thinking and committing.

    async def _run(self, game_id: int) -> None:
        for _ in range(MAX_ROUNDS):
            self._kicked.discard(game_id)
            asks = await self._asks(game_id)
            if not asks:
                if game_id in self._kicked:
                    continue  # a move was committed while we looked: look again
                return
            moves = await asyncio.gather(*(self._think(game_id, ask) for ask in asks))
            result = await self._commit(game_id, asks, moves)
            if result is not None:
                self._tell(result)
        raise RuntimeError(f"game {game_id}: helpers moved {MAX_ROUNDS} times without a person's turn")

    async def _asks(self, game_id: int) -> list[Ask]:
        store = self._store
        async with store.game_by_id(game_id) as game:
            if game.row.status != "running":
                return []
            return self.owed(game)

    def owed(self, game: LoadedGame) -> list[Ask]:
        """The decisions of ``game`` that helpers make now, each with what its seat may see."""
        store, rules = self._store, game.ruleset
        asks = []
        for row in game.row.decisions:
            helper = helper_of(game, row.seat, row.kind, store.now, store.computer_level)
            if helper is None:
                continue
            played_by, level = helper
            view = rules.seat_view(game.state, row.seat)
            legal = tuple(rules.legal_actions(game.state, row.seat))
            asks.append(Ask(rules, row.seat, row.version, game.version, played_by, level, view, legal))
        return asks

    async def _think(self, game_id: int, ask: Ask) -> Any:
        """The helper's move, or None when it has none (then the rules' timeout move is played)."""
        # A search is repeatable: the same game, position and seat give the same seed.
        seed = (game_id << 24) ^ (ask.version << 4) ^ ask.seat
        try:
            return await self._store.computers.move(ask.rules, ask.view, ask.legal, level=ask.level, seed=seed)
        except NoPolicy:
            return None
        except Exception:
            logger.exception("game %s: the computer player failed for seat %s", game_id, ask.seat)
            return None

    async def _commit(self, game_id: int, asks: Sequence[Ask], moves: Sequence[Any]) -> ActionResult | None:
        store = self._store
        async with store.game_by_id(game_id) as game:
            run = Run()
            for ask, move in zip(asks, moves, strict=True):
                if game.row.status != "running":
                    break
                if not self._still_owed(game, ask):
                    continue
                computed = self._computed(game, ask, move)
                if computed is None:
                    continue
                try:
                    await store.commit(game, computed, run)
                    await self.make_forced_moves(game, run)
                except StaleVersion:
                    # Another process moved the game meanwhile: what was committed is told, the rest is looked at
                    # again as the game now is.
                    break
            return action_result(game, run) if run.steps else None

    def _still_owed(self, game: LoadedGame, ask: Ask) -> bool:
        """The seat still owes the decision the move was thought for, and its helper still makes it."""
        row = next((d for d in game.row.decisions if d.seat == ask.seat), None)
        if row is None or row.version != ask.since:
            return False
        helper = helper_of(game, ask.seat, row.kind, self._store.now, self._store.computer_level)
        return helper is not None and helper[0] == ask.played_by

    def _computed(self, game: LoadedGame, ask: Ask, move: Any) -> Computed | None:
        """The move applied in memory; a helper that failed, or chose a move the rules refuse on the very version it
        thought on, gets the rules' timeout move instead (logged); a move the table has since moved past is thought
        again (None)."""
        store = self._store
        if move is not None:
            try:
                return store.compute(game, move, ask.played_by, acting=ask.seat)
            except Refusal as refusal:
                if game.version != ask.version:
                    return None
                logger.warning("game %s: the computer chose a refused move for seat %s: %s", game.row.id, ask.seat,
                               refusal)  # fmt: skip
        return store.compute(game, timeout_policy(game.ruleset, game.state, ask.seat), ask.played_by)

    # Telling.

    def _tell(self, result: ActionResult) -> None:
        game_id = result.game_id
        self._untold.setdefault(game_id, []).append(result)
        task = self._telling.get(game_id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._told(game_id), name=f"evolution-tell-{game_id}")
            self._telling[game_id] = task
            task.add_done_callback(lambda done: self._ended(game_id, done, self._telling))

    async def _told(self, game_id: int) -> None:
        while self._untold.get(game_id):
            waiting = self._untold.pop(game_id)
            folded = waiting[0]
            for later in waiting[1:]:
                folded = folded.then(later)
            for listener in self._listeners:
                try:
                    await listener(folded)
                except Exception:
                    logger.exception("game %s: a listener failed on version %s", game_id, folded.version)
