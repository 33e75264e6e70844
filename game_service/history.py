"""A game's history: its action log replayed with its public events, and every change of seats or status."""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from game_service.checks import checked
from game_service.errors import GameRunning
from game_service.loaded import game_info
from game_service.results import (
    GameHistory,
    GameInfo,
    HistoryEntry,
    HistoryKind,
    PlayedBy,
)
from game_service.storage import ActionRow, GameRow, NoteRow
from game_service.store import GameStore, replayed
from rules_core.engine import AnyRuleset, Event


class HistoryCalls:
    """The service's history calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore

    @checked
    async def final_position(self, *, game_id: int) -> dict[str, Any]:
        """A closed game's whole state in its rule system's JSON (``dump_state``), for a record of the game.

        It holds what the players kept secret (hands, the deck's order, the generator), which matters only while
        the game may go on: refused for a running game (``GameRunning``) and a lobby (``NotStarted``)."""
        async with self._store.game_by_id(game_id) as game:
            if game.row.status == "running":
                raise GameRunning("the game is not over", game_id=game_id)
            self._store.require_started(game)
            return game.ruleset.dump_state(game.state)

    _replays: OrderedDict[int, Replay]

    @checked
    async def history(self, *, game_id: int) -> GameHistory:
        """The game's log: every action with who, what, when and whether a computer or a timeout chose it, and
        every change of seats, host or status, in the order they happened."""
        async with self._store.game_by_id(game_id) as game:
            actions = await self._store.repo.load_actions(game_id)
            notes = await self._store.repo.load_notes(game_id)
            info = game_info(game)
        # Replaying a whole game's log takes a good part of a second: not on the event loop (the rules are pure,
        # the rows read already). A running game's history is asked for again after each move (a web page open on
        # it): the log replayed last time is extended by the actions since, not replayed again from the start.
        kept = self._replays.get(game_id)
        history, replay = await asyncio.to_thread(told_history, game.ruleset, game.row, actions, notes, info, kept)
        self._replays.pop(game_id, None)
        if replay is not None and info.status == "running":
            self._replays[game_id] = replay
            while len(self._replays) > REPLAYS_KEPT:
                self._replays.popitem(last=False)
        return history


#: Running games whose replayed log is kept, to be extended at their next history (the most recently asked).
REPLAYS_KEPT = 64


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's log replayed: the state after its last action and an entry per action, to be extended by the
    actions logged since (states are immutable values, so the kept one is never changed by the rules)."""

    #: What the first deal depends on (the seed, the seats' names, the options): a replay from another start is
    #: never extended.
    start: tuple[int, tuple[str, ...], str]
    start_told: tuple[Event, ...]
    start_view: Any
    state: Any
    versions: tuple[int, ...]
    entries: tuple[HistoryEntry, ...]


def told_history(
    rules: AnyRuleset,
    game_row: GameRow,
    actions: Sequence[ActionRow],
    notes: Sequence[NoteRow],
    info: GameInfo,
    kept: Replay | None = None,
) -> tuple[GameHistory, Replay | None]:
    """The history from a game's stored rows: its log replayed (from ``kept`` when the log extends it), with its
    notes; and the replay to keep (None before the start)."""
    keyed: list[tuple[tuple[int, int, int], HistoryEntry]] = []
    # The log keeps actions, not events: replaying it gives each action's public events and the table as it
    # stood right after it, which is all a front end may show of it (the start: the first deal's).
    start_told: tuple[Event, ...] = ()
    start_view: Any = None
    replay = None
    if game_row.seed is not None:
        names = tuple(s.name for s in game_row.seats)
        begins = (game_row.seed, names, json.dumps(game_row.options, sort_keys=True, default=str))
        done = 0 if kept is None else len(kept.versions)
        if kept is not None and kept.start == begins and tuple(a.version for a in actions[:done]) == kept.versions:
            start_told, start_view, last, entries = kept.start_told, kept.start_view, kept.state, list(kept.entries)
        else:
            done = 0
            last, setup = rules.new_game(players=list(names), options=game_row.options, seed=game_row.seed)
            start_told, start_view = tuple(e for e in setup if e.audience is None), rules.public_view(last)
            entries = []
        for row, (state, events) in zip(actions[done:], replayed(game_row, rules, last, actions[done:]), strict=True):
            last = state
            data = json.loads(row.action)
            entries.append(HistoryEntry(
                at=row.at,
                kind="action",
                version=row.version,
                seat=row.seat,
                user_id=row.user_id,
                played_by=cast(PlayedBy, row.kind),
                action=rules.load_action(data),
                action_data=data,
                public_events=tuple(e for e in events if e.audience is None),
                public_view=rules.public_view(state),
            ))  # fmt: skip
        replay = Replay(begins, start_told, start_view, last, tuple(a.version for a in actions), tuple(entries))
        keyed.extend(((entry.version, 0, index), entry) for index, entry in enumerate(entries))
    for index, note in enumerate(notes):
        entry = HistoryEntry(
            at=note.at,
            kind=cast(HistoryKind, note.kind),
            version=note.version,
            seat=note.seat,
            user_id=note.user_id,
            actor_id=note.actor_id,
            detail=dict(note.detail),
        )
        if note.kind == "started":
            entry = replace(entry, public_events=start_told, public_view=start_view)
        # A note made at version v comes after the action that produced v and before the next one.
        keyed.append(((note.version, 1, index), entry))
    if info.status == "finished" and info.finished_at is not None:
        keyed.append(((info.version, 2, 0), HistoryEntry(info.finished_at, "finished", info.version, None, None)))
    keyed.sort(key=lambda pair: pair[0])
    return GameHistory(info, tuple(entry for _, entry in keyed)), replay
