"""Opening, joining, leaving, starting and closing games; settings and players' languages."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game_service.checks import checked
from game_service.computers import offered_level, offered_levels
from game_service.deadlines import deadlines_of
from game_service.errors import (
    AlreadyJoined,
    AlreadyStarted,
    BadArgument,
    CannotKickSelf,
    GameExists,
    GameFull,
    LevelNotOffered,
    NoSuchSeat,
    NotAPlayer,
    TooFewPlayers,
)
from game_service.loaded import Run, action_result, player_range
from game_service.results import (
    ActionResult,
    GameInfo,
    MembershipResult,
)
from game_service.storage import (
    ChannelBusy,
    Ending,
    NewGame,
    NoteRow,
    SeatRow,
)
from game_service.store import GameStore, decision_rows, make_snapshot, with_grace
from game_service.turns import Turns
from rules_core.codec import encode
from rules_core.registry import find_ruleset

#: The setting that keeps each seated player's language (user id -> language code; see remember_player_language).
PLAYER_LANGUAGES = "player_languages"
#: A seed fits a signed 64-bit integer column in SQLite and PostgreSQL alike.
SEED_BITS = 63


class LobbyCalls:
    """The service's lobby calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore
    _turns: Turns

    @checked
    async def create_game(
        self,
        *,
        channel_id: str,
        host_id: str,
        host_name: str,
        ruleset: str,
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        server_id: str | None = None,
    ) -> GameInfo:
        """Open a lobby in the channel with the host in seat 0. Options are the ruleset's, checked now. Once
        finished, the game counts in the ratings of the server ``server_id`` (a Discord guild's id; None: in
        none)."""
        rules = find_ruleset(ruleset)
        # The options are checked now against the ruleset's schema (an unknown option is refused before anybody
        # joins), and kept with every default filled in; the start checks them again for the player count.
        options = rules.read_options(options if options is not None else {})
        # The settings arrive checked and normalised (game_service.checks); a key set to None is no setting.
        settings = {k: v for k, v in (settings or {}).items() if v is not None}
        async with self._store.lock_for(("channel", channel_id)):
            existing = await self._store.repo.active_game_id(channel_id)
            if existing is not None:
                raise GameExists("this channel already has a game", channel_id=channel_id, game_id=existing)
            now = self._store.now()
            try:
                game_id = await self._store.repo.create_game(
                    NewGame(channel_id, rules.name, options, settings, host_id, now, server_id),
                    SeatRow(0, host_id, host_name, False, now),
                    NoteRow("created", 0, now, seat=0, user_id=host_id, actor_id=host_id),
                )
            except ChannelBusy:
                # Another process took the channel between our look and our write.
                raise GameExists("this channel already has a game", channel_id=channel_id) from None
        return await self._store.reloaded_info(game_id)

    @checked
    async def join(self, *, channel_id: str, user_id: str, user_name: str, game_id: int | None = None) -> GameInfo:
        async with self._store.channel_game(channel_id, game_id) as game:
            seat = game.seat_of(user_id)
            if seat is not None:
                raise AlreadyJoined("you are already in this game", user_id=user_id, seat=seat.seat)
            self._store.require_lobby(game)
            most = player_range(game)[1]
            if len(game.row.seats) >= most:
                raise GameFull("every seat is taken", max_players=most)
            now = self._store.now()
            new = SeatRow(len(game.row.seats), user_id, user_name, False, now)
            await self._store.repo.update_game(
                game.row.id,
                host_id=game.row.host_id,
                seats=(*game.row.seats, new),
                notes=[NoteRow("joined", 0, now, seat=new.seat, user_id=user_id, actor_id=user_id)],
            )
            return await self._store.reloaded_info(game.row.id)

    @checked
    async def add_computer(
        self,
        *,
        channel_id: str,
        actor_id: str,
        name: str,
        level: str | None = None,
        actor_is_admin: bool = False,
        game_id: int | None = None,
    ) -> GameInfo:
        """Seat a computer player named ``name`` that plays at ``level`` (default: the service's, or the strongest
        level below it that the rule system offers) in the lobby (host or admin); a level the rule system does not
        offer is refused. The front end words the name in the game's language ("Computer 2"): the service has no
        words of its own."""
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_lobby(game)
            self._store.require_host(game, actor_id, actor_is_admin)
            offered = offered_levels(game.ruleset.name)
            if level is not None and level not in offered:
                raise LevelNotOffered(f"a computer does not play this game at {level}", level=level, levels=offered)
            most = player_range(game)[1]
            if len(game.row.seats) >= most:
                raise GameFull("every seat is taken", max_players=most)
            now = self._store.now()
            chosen = level or offered_level(game.ruleset.name, self._store.computer_level)
            new = SeatRow(len(game.row.seats), None, name, True, now, chosen)
            added = NoteRow("computer_added", 0, now, seat=new.seat, actor_id=actor_id,
                            detail={"name": name, "level": new.level})  # fmt: skip
            await self._store.repo.update_game(
                game.row.id,
                host_id=game.row.host_id,
                seats=(*game.row.seats, new),
                notes=[added],
            )
            return await self._store.reloaded_info(game.row.id)

    @checked
    async def leave(self, *, channel_id: str, user_id: str, game_id: int | None = None) -> MembershipResult:
        """Leave the lobby (the seat goes), or the running game (a computer takes the seat over).

        When the host leaves, the next human in seat order becomes host; when no human is left, the game is
        abandoned.
        """
        async with self._store.channel_game(channel_id, game_id) as game:
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            await self._store.remove(game, seat, kind="left", actor_id=user_id)
            return await self._turns.after_change(game, Run())

    @checked
    async def kick(
        self,
        *,
        channel_id: str,
        actor_id: str,
        target_id: str | None = None,
        seat: int | None = None,
        actor_is_admin: bool = False,
        game_id: int | None = None,
    ) -> MembershipResult:
        """Remove a player (by user id) or, in the lobby, a computer seat (by seat number). Host or admin only.

        In a running game the kicked player's seat goes to a computer, as when they leave.
        """
        if (target_id is None) == (seat is None):
            raise BadArgument("name exactly one of target_id and seat", argument="target_id", reason="one_of")
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_host(game, actor_id, actor_is_admin)
            if target_id is not None:
                target = game.seat_of(target_id)
                if target is None:
                    raise NotAPlayer("that user is not in this game", user_id=target_id)
            else:
                assert seat is not None
                if not 0 <= seat < len(game.row.seats):
                    raise NoSuchSeat("there is no such seat", seat=seat)
                target = game.row.seats[seat]
            if target.user_id is not None and target.user_id == actor_id:
                raise CannotKickSelf("leave the game instead", user_id=actor_id)
            if target.is_computer and game.row.status == "running":
                raise AlreadyStarted("a computer seat stays once the game runs", game_id=game.row.id)
            await self._store.remove(game, target, kind="kicked", actor_id=actor_id)
            return await self._turns.after_change(game, Run())

    @checked
    async def change_settings(
        self,
        *,
        channel_id: str,
        actor_id: str,
        settings: Mapping[str, Any],
        actor_is_admin: bool = False,
        game_id: int | None = None,
    ) -> GameInfo:
        """Merge ``settings`` into the game's settings (a key set to None is removed). Host or admin only.

        Settings are the front ends' and the scheduler's (deadlines, language...); the rules never read them. In a
        running game a new time per decision applies to the decisions owed now too, counted from when they fell
        due, but never leaves less than :data:`GRACE_AFTER_CHANGE` from now.
        """
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_host(game, actor_id, actor_is_admin)
            merged = {**game.row.settings, **settings}  # checked and normalised (game_service.checks)
            merged = {key: value for key, value in merged.items() if value is not None}
            now = self._store.now()
            decisions = None
            if game.row.status == "running":
                deadlines = deadlines_of(merged)
                decisions = tuple(with_grace(deadlines, d, now) for d in game.row.decisions)
            await self._store.repo.update_game(
                game.row.id,
                host_id=game.row.host_id,
                settings=merged,
                decisions=decisions,
                at_version=None if decisions is None else game.version,
                notes=[NoteRow("settings_changed", game.version, now, actor_id=actor_id, detail=settings)],
            )
            return await self._store.reloaded_info(game.row.id)

    @checked
    async def remember_player_language(self, *, game_id: int, user_id: str, language: str) -> GameInfo:
        """Keep the language a seated player was last seen using (``settings["player_languages"][user_id]``), so
        a front end's messages to that player outlive a restart. Anyone may set their own: no host check, and no
        note, since nothing about the game changes. Nothing is written when the language is already the kept one.
        A finished or abandoned game is refused (``game_closed``) like every other call about a closed game.
        """
        async with self._store.game_by_id(game_id) as game:
            self._store.require_active(game)
            if game.seat_of(user_id) is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            known = game.row.settings.get(PLAYER_LANGUAGES)
            languages = dict(known) if isinstance(known, Mapping) else {}
            if languages.get(user_id) != language:
                languages[user_id] = language
                await self._store.repo.update_game(
                    game.row.id,
                    host_id=game.row.host_id,
                    settings={**game.row.settings, PLAYER_LANGUAGES: languages},
                )
            return await self._store.reloaded_info(game.row.id)

    @checked
    async def start(
        self,
        *,
        channel_id: str,
        actor_id: str,
        actor_is_admin: bool = False,
        seed: int | None = None,
        game_id: int | None = None,
    ) -> ActionResult:
        """Deal the game (host or admin). The seed is random unless given, and stored. Forced moves are made at
        once, and computers then move in the background (``Turns``)."""
        async with self._store.channel_game(channel_id, game_id) as game:
            if game.row.status != "lobby":
                raise AlreadyStarted("the game has already started", game_id=game.row.id)
            self._store.require_host(game, actor_id, actor_is_admin)
            rules = game.ruleset
            least = player_range(game)[0]
            if len(game.row.seats) < least:
                raise TooFewPlayers("not enough players to start", players=len(game.row.seats), min_players=least)
            if seed is None:
                seed = secrets.randbits(SEED_BITS)
            names = [s.name for s in game.row.seats]
            state, setup = rules.new_game(players=names, options=game.row.options, seed=seed)
            now = self._store.now()
            snapshot = make_snapshot(rules, state)
            decisions = decision_rows(
                rules, state, before=(), acted=None, version=snapshot.version, now=now,
                deadlines=deadlines_of(game.row.settings),
            )  # fmt: skip
            outcome = rules.outcome(state)
            ending = None if outcome is None else Ending("finished", now, encode(outcome))
            await self._store.repo.start_game(
                game.row.id,
                seed=seed,
                started_at=now,
                snapshot=snapshot,
                decisions=decisions,
                note=NoteRow("started", snapshot.version, now, actor_id=actor_id, detail={"seed": seed}),
                ending=ending,
            )
            game.row = replace(
                game.row,
                status="running" if ending is None else "finished",
                seed=seed,
                started_at=now,
                finished_at=None if ending is None else now,
                decisions=decisions,
                snapshot_version=snapshot.version,
                snapshot_checksum=snapshot.checksum,
                log_version=snapshot.version,
            )
            game.state = state
            self._store.remember(game.row.id, snapshot, state)
            run = Run()
            run.add_events(setup, game.row.seats)
            await self._turns.carry_on(game, run)
            return action_result(game, run)

    @checked
    async def abandon(
        self, *, channel_id: str, actor_id: str, actor_is_admin: bool = False, game_id: int | None = None
    ) -> GameInfo:
        """Close the lobby or running game without a result (host or admin). It stays readable in history."""
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_host(game, actor_id, actor_is_admin)
            now = self._store.now()
            await self._store.repo.update_game(
                game.row.id,
                host_id=game.row.host_id,
                notes=[NoteRow("abandoned", game.version, now, actor_id=actor_id)],
                ending=Ending("abandoned", now),
            )
            self._store.forget(game.row.id)
            return await self._store.reloaded_info(game.row.id)
