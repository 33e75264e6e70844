"""A player's computer helper: kinds of decisions left to it ("autopilot"), and the whole seat while they are away.

A slow game waits for each person as often as they owe a decision, and most waits in North Star are the feeding
turns, one food at a time. A player may leave a kind of their decisions to a helper until they take it back, and
hand their whole seat to a computer until a moment they name ("away until Monday", as Board Game Arena's vacation
mode), taking it back whenever they like. The helper plays each such decision at once in the background, from the
seat's view only, like a computer seat: a kind on autopilot as the ``easy`` level would, a seat whose player is
away at the game's computer level. Each such move is logged as ``autopilot``. :mod:`game_service.turns` holds who
plays what, and the format below.

What each player chose is kept in the game's settings under ``"autopilot"``, by user id (a seat handed to a
computer or left drops it): ``{"<user id>": {"kinds": ["feed"], "away_until": "<ISO 8601 UTC>"}}``. The host cannot
set it (``game_service.deadlines.RESERVED``); each player sets only their own.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from game_service.checks import checked
from game_service.deadlines import max_away_of
from game_service.errors import BadAway, NotAPlayer, UnknownDecisionKind
from game_service.loaded import LoadedGame, game_info
from game_service.results import AUTOPILOT, Autopilot, GameInfo, autopilots
from game_service.storage import NoteRow
from game_service.store import GameStore
from game_service.turns import Turns


class AutopilotCalls:
    """The service's autopilot calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore
    _turns: Turns

    @checked
    async def autopilot(
        self,
        *,
        user_id: str,
        decision_kind: str,
        on: bool,
        channel_id: str | None = None,
        game_id: int | None = None,
    ) -> GameInfo:
        """Leave the player's decisions of ``decision_kind`` (one of the rule system's ``decision_kinds``) to their
        helper (``on``), or take them back. A decision of that kind owed now is made at once. ``channel_id`` None
        names the game ``game_id`` wherever it is (a prompt in a player's DMs)."""
        async with self._store.player_game(channel_id, game_id) as game:
            self._store.require_running(game)
            if game.seat_of(user_id) is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            kinds = game.ruleset.decision_kinds
            if decision_kind not in kinds:
                raise UnknownDecisionKind("this game has no such kind of decision", kind=decision_kind, kinds=kinds)
            mine = autopilots(game.row.settings).get(user_id, Autopilot())
            chosen = mine.kinds | {decision_kind} if on else mine.kinds - {decision_kind}
            changed = Autopilot(frozenset(chosen), mine.away_until)
            note = NoteRow("autopilot", game.version, self._store.now(), user_id=user_id, actor_id=user_id,
                           detail={"kind": decision_kind, "on": on})  # fmt: skip
            return await self._keep(game, user_id, changed, note)

    @checked
    async def away(
        self,
        *,
        user_id: str,
        until: datetime | None = None,
        channel_id: str | None = None,
        game_id: int | None = None,
    ) -> GameInfo:
        """Hand the player's whole seat to a computer until ``until`` (a moment in the future, at most the game's
        longest allowed absence from now: the ``max_away`` setting), or take it back now (``until`` None)."""
        async with self._store.player_game(channel_id, game_id) as game:
            self._store.require_running(game)
            if game.seat_of(user_id) is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            now = self._store.now()
            if until is not None:
                longest = max_away_of(game.row.settings)
                if until <= now:
                    raise BadAway("that moment has passed", reason="past")
                if until - now > longest:
                    raise BadAway(
                        "that is longer than this game allows", reason="too_long", n=longest // timedelta(days=1)
                    )  # fmt: skip
            mine = autopilots(game.row.settings).get(user_id, Autopilot())
            changed = Autopilot(mine.kinds, until)
            detail = {"until": None if until is None else until.isoformat()}
            note = NoteRow("away", game.version, now, user_id=user_id, actor_id=user_id, detail=detail)
            return await self._keep(game, user_id, changed, note)

    async def _keep(self, game: LoadedGame, user_id: str, changed: Autopilot, note: NoteRow) -> GameInfo:
        if autopilots(game.row.settings).get(user_id, Autopilot()) == changed:
            return game_info(game)  # nothing changes: nothing is written
        kept = dict(game.row.settings.get(AUTOPILOT) or {})
        if changed == Autopilot():
            kept.pop(user_id, None)
        else:
            kept[user_id] = changed.dump()
        settings = {key: value for key, value in game.row.settings.items() if key != AUTOPILOT}
        if kept:
            settings[AUTOPILOT] = kept
        await self._store.repo.update_game(game.row.id, host_id=game.row.host_id, settings=settings, notes=[note])
        self._store.adopt_settings(game, settings)
        # A decision now left to the helper is made at once.
        self._turns.kick(game.row.id)
        return game_info(game)
