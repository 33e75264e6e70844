"""Moves no person waits for (game_service.turns): forced moves made at once, each move offered once, computers and
autopilots moving in the background, and what a player leaves to their autopilot or hands over while away (shown on
the toy game; forced moves also in every rule system)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest

from computer_players.simple import first_legal
from game_service import GameService
from game_service.errors import BadAway, GameClosed, NotAPlayer, UnknownDecisionKind
from game_service.storage import VersionConflict
from rules_core.engine import AnyRuleset, SeatView
from rules_core.registry import RULESETS, find_ruleset
from tests.service.helpers import Database, FakeClock, caught_up, lobby, play_one, recorder
from tests.toy.rules import RULES as TOY
from tests.toy.rules import Resign

#: The toy game where each call makes itself (a forced move): without challenges.
FORCED_CALLS = {"challenges": False}
#: A toy game long enough to see each seat call a few times.
LONG = {"rounds": 9}


async def play_as_people(
    service: GameService, channel: str, game_id: int, *, moves: int = 10_000, skip: Sequence[str] = ()
) -> list[Any]:
    """Play the people's decisions (a move offered, in turn the first, second... of each prompt, but never the toy
    game's resignation, which would end it; ``skip``'s users never) until the game ends or nobody else owes one; each
    prompt must offer a real choice where it shows no secret, and each move once. The prompts seen."""
    prompts = []
    for _ in range(moves):
        await service.idle(game_id=game_id)
        info = await service.game_info(game_id=game_id)
        if info.status != "running":
            break
        owing = [d for d in info.to_decide if d.user_id is not None and d.user_id not in skip]
        if not owing:
            break
        user = owing[0].user_id
        assert user is not None
        seat = await service.prompt(channel_id=channel, user_id=user, game_id=game_id)
        assert seat.prompt is not None
        rules = find_ruleset(info.ruleset)
        keys = [rules.move_key(action) for action in seat.prompt.actions]
        assert len(set(keys)) == len(keys), "a move offered twice"
        if not seat.prompt.decision.uses_secrets:
            assert len(keys) > 1, f"a prompt with one move and no secret: {seat.prompt}"
        prompts.append(seat.prompt)
        playing = [action for action in seat.prompt.actions if not isinstance(action, Resign)]
        action = playing[len(prompts) % len(playing)]
        await service.submit(channel_id=channel, user_id=user, action=action,
                             expected_version=seat.prompt.decision.since_version, game_id=game_id)  # fmt: skip
    return prompts


def replayed_states(
    rules: AnyRuleset, names: Sequence[str], options: Any, seed: int, actions: Sequence[Any]
) -> list[Any]:
    """The state before each action of a log."""
    state, _ = rules.new_game(players=names, options=options, seed=seed)
    states = []
    for action in actions:
        states.append(state)
        state, _ = rules.apply(state, action)
    return states


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [*(pytest.param(name, {}, id=name) for name in sorted(RULESETS)), pytest.param(TOY.name, FORCED_CALLS, id="toy")],
)
async def test_forced_moves_are_made_at_once_and_never_where_the_prompt_shows_a_secret(
    service: GameService, ruleset: str, options: dict[str, Any]
) -> None:
    """Whole games of three people, in every rule system: no prompt without secrets offers a single move (it was
    made at once, logged as forced, for the player who owed it), no prompt offers one move twice, and every forced
    move was the only move of a duty that shows no secret."""
    users = ["a", "b", "c"]
    await service.create_game(channel_id="c", host_id=users[0], host_name="Ann", ruleset=ruleset, options=options)
    for index, user in enumerate(users[1:], start=1):
        await service.join(channel_id="c", user_id=user, user_name=f"Player {index}")
    started = await service.start(channel_id="c", actor_id=users[0], seed=11)
    await play_as_people(service, "c", started.game_id)
    history = await service.history(game_id=started.game_id)
    assert history.info.status == "finished"
    actions = [e for e in history.entries if e.kind == "action"]
    forced = [e for e in actions if e.played_by == "forced"]
    assert forced, "no move was ever forced in a whole game"
    rules = find_ruleset(ruleset)
    states = replayed_states(rules, [p.name for p in history.info.players], history.info.options, 11,
                             [e.action for e in actions])  # fmt: skip
    for entry, state in zip(actions, states, strict=True):
        if entry.played_by != "forced":
            continue
        assert entry.seat is not None
        assert entry.user_id == history.info.players[entry.seat].user_id, "logged as the player's, made for them"
        (duty,) = [d for d in rules.duties(state) if d.seat == entry.seat]
        assert not duty.uses_secrets
        assert len(rules.distinct_moves(rules.duty_actions(state, entry.seat))) == 1


async def test_a_seat_whose_every_move_is_forced_is_never_asked(service: GameService) -> None:
    """The forced move is made inside the request that made it due: the answer to the move before it already shows
    the game past it."""
    users = await lobby(service, "c", humans=2, options=FORCED_CALLS)
    started = await service.start(channel_id="c", actor_id=users[0], seed=11)
    game_id = started.game_id
    for _ in range(2000):
        info = await service.game_info(game_id=game_id)
        if info.status != "running":
            break
        (user, since) = next((d.user_id, d.since_version) for d in info.to_decide if d.user_id)
        seat = await service.prompt(channel_id="c", user_id=user or "", game_id=game_id)
        assert seat.prompt is not None
        result = await service.submit(channel_id="c", user_id=user or "", action=seat.prompt.actions[0],
                                      expected_version=since, game_id=game_id)  # fmt: skip
        if any(step.played_by == "forced" for step in result.steps):
            assert result.steps[0].played_by == "player" and result.steps[0].user_id == user
            assert all(s.played_by == "forced" for s in result.steps[1:])
            return
    raise AssertionError("no move was forced")


# The background.


class Gate:
    """Computers that think until the test lets them: each move waits for ``release`` (and says it started)."""

    def __init__(self) -> None:
        self.thinking = 0
        self.most = 0
        self.release = asyncio.Event()

    async def move(self, ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any], *, level: str, seed: int) -> Any:
        self.thinking += 1
        self.most = max(self.most, self.thinking)
        await self.release.wait()
        self.thinking -= 1
        return first_legal(ruleset, view, legal)

    async def start(self) -> None:
        pass

    def close(self) -> None:
        pass


async def test_computers_think_without_holding_the_game_and_simultaneous_decisions_think_at_once(
    service: GameService,
) -> None:
    gate = Gate()
    service._store.computers = gate  # stands for slow computers
    users = await lobby(service, "c", humans=1, computers=3)
    started = await service.start(channel_id="c", actor_id=users[0], seed=3)
    # Three computers owe their secret pick: all three think at once, none has moved...
    for _ in range(1000):
        if gate.thinking == 3:
            break
        await asyncio.sleep(0.01)
    assert gate.thinking == 3
    # ... and meanwhile every read answers, and the person moves: the computers' picks do not conflict with it.
    seat = await service.prompt(channel_id="c", user_id=users[0])
    assert seat.prompt is not None
    await service.public_view(channel_id="c")
    moved = await service.submit(channel_id="c", user_id=users[0], action=seat.prompt.actions[0],
                                 expected_version=seat.prompt.decision.since_version)  # fmt: skip
    assert [s.played_by for s in moved.steps] == ["player"] and moved.version == started.version + 1
    gate.release.set()
    result = await caught_up(service, moved)
    assert sorted([s.seat for s in result.steps if s.played_by == "computer"][:3]) == [1, 2, 3]
    assert gate.most == 3


async def test_results_made_in_the_background_are_told_in_order_and_folded_when_they_wait(
    service: GameService,
) -> None:
    heard = recorder(service)
    told: list[tuple[int, int]] = []

    async def slow_listener(result: Any) -> None:
        told.append((result.since, result.version))
        await asyncio.sleep(0.01)  # while it is busy, the next results wait and are folded into one

    service.listen(slow_listener)
    users = await lobby(service, "c", humans=1, computers=3, options=LONG)
    started = await service.start(channel_id="c", actor_id=users[0], seed=5)
    await play_as_people(service, "c", started.game_id, moves=30)
    assert told, "nothing was told"
    for (_, version), (later_since, _) in itertools.pairwise(told):
        assert later_since >= version, "told out of order"
    assert len(told) < sum(len(r.steps) for rs in heard.results.values() for r in rs)


# The autopilot.


async def test_a_kind_left_to_the_autopilot_is_played_for_the_player_until_they_take_it_back(
    service: GameService,
) -> None:
    users = await lobby(service, "c", humans=2, options=LONG)
    started = await service.start(channel_id="c", actor_id=users[0], seed=11)
    game_id = started.game_id
    info = await service.autopilot(channel_id="c", user_id=users[1], decision_kind="call", on=True)
    assert info.autopilots[users[1]].kinds == {"call"}
    prompts = []
    for _ in range(40):
        prompts += await play_as_people(service, "c", game_id, moves=2)
        history = await service.history(game_id=game_id)
        autopiloted = [e for e in history.entries if e.kind == "action" and e.played_by == "autopilot"]
        if autopiloted and (0, "call") in {(p.decision.seat, p.decision.kind) for p in prompts}:
            break
    # Seat 1 is never asked to call, while seat 0 is; seat 1 still picks its stones itself.
    assert autopiloted and {e.seat for e in autopiloted} == {1}
    assert all(e.user_id == users[1] for e in autopiloted)
    asked = {(p.decision.seat, p.decision.kind) for p in prompts}
    assert (1, "call") not in asked and (0, "call") in asked and (1, "pick") in asked
    notes = [e for e in history.entries if e.kind == "autopilot"]
    assert [(n.user_id, n.detail) for n in notes] == [(users[1], {"kind": "call", "on": True})]
    # Taken back: seat 1 calls again itself.
    info = await service.autopilot(channel_id="c", user_id=users[1], decision_kind="call", on=False)
    assert users[1] not in info.autopilots
    prompts = await play_as_people(service, "c", game_id)
    assert (1, "call") in {(p.decision.seat, p.decision.kind) for p in prompts}


async def test_a_player_away_has_their_whole_seat_played_until_they_return_or_the_moment_passes(
    service: GameService, clock: FakeClock
) -> None:
    users = await lobby(service, "c", humans=2, options=LONG)
    started = await service.start(channel_id="c", actor_id=users[0], seed=2)
    info = await service.away(channel_id="c", user_id=users[1], until=clock.now + timedelta(days=3))
    assert info.away(users[1], clock.now)
    prompts = await play_as_people(service, "c", started.game_id, moves=6)
    assert prompts and all(p.decision.seat == 0 for p in prompts), "seat 1 was asked while away"
    history = await service.history(game_id=started.game_id)
    assert {e.played_by for e in history.entries if e.kind == "action" and e.seat == 1} <= {"autopilot", "forced"}
    # The moment passes: seat 1 is asked again (within the next round).
    clock.now += timedelta(days=4)
    prompts = await play_as_people(service, "c", started.game_id, moves=6)
    assert any(p.decision.seat == 1 for p in prompts)
    assert (await service.game_info(game_id=started.game_id)).status == "running"
    # And coming back early works too.
    await service.away(channel_id="c", user_id=users[1], until=clock.now + timedelta(days=1))
    info = await service.away(channel_id="c", user_id=users[1], until=None)
    assert users[1] not in info.autopilots


async def test_autopilot_and_away_requests_that_make_no_sense_are_refused_and_change_nothing(
    service: GameService, clock: FakeClock, database: Database
) -> None:
    users = await lobby(service, "c", humans=2)
    await service.change_settings(channel_id="c", actor_id=users[0], settings={"max_away": "7d"})
    started = await service.start(channel_id="c", actor_id=users[0], seed=2)
    await service.idle()
    before = await database.all_rows()
    with pytest.raises(UnknownDecisionKind) as unknown:
        await service.autopilot(channel_id="c", user_id=users[1], decision_kind="develop", on=True)
    assert unknown.value.params["kinds"] == ("pick", "call", "answer")
    with pytest.raises(NotAPlayer):
        await service.autopilot(channel_id="c", user_id="stranger", decision_kind="call", on=True)
    with pytest.raises(BadAway) as past:
        await service.away(channel_id="c", user_id=users[1], until=clock.now - timedelta(minutes=1))
    assert past.value.params["reason"] == "past"
    with pytest.raises(BadAway) as too_long:
        await service.away(channel_id="c", user_id=users[1], until=clock.now + timedelta(days=8))
    assert (too_long.value.params["reason"], too_long.value.params["n"]) == ("too_long", 7)
    with pytest.raises(Exception) as reserved:
        await service.change_settings(channel_id="c", actor_id=users[0], settings={"autopilot": {users[1]: {}}})
    assert reserved.value.params["reason"] == "reserved"  # type: ignore[attr-defined]
    assert await database.all_rows() == before
    await service.abandon(channel_id="c", actor_id=users[0])
    with pytest.raises(GameClosed):
        await service.autopilot(game_id=started.game_id, user_id=users[1], decision_kind="call", on=True)


async def test_a_computer_move_another_process_got_in_before_is_thought_again_not_lost_or_doubled(
    service: GameService,
) -> None:
    """The storage refuses the background move's write (another process moved the game first): nothing is told of
    it, nothing is logged as an error, and the computer thinks again on the game as it now is."""
    repo = service._store.repo
    write = repo.append_action
    refused: list[bool] = []

    async def first_refused(*args: Any, **kwargs: Any) -> Any:
        if not refused:
            refused.append(True)
            raise VersionConflict(1, 0)  # (game 1: the database's first)
        return await write(*args, **kwargs)

    repo.append_action = first_refused  # type: ignore[method-assign]
    heard = recorder(service)
    users = await lobby(service, "c", humans=1, computers=1)
    started = await service.start(channel_id="c", actor_id=users[0], seed=4)
    await service.idle()
    assert refused
    history = await service.history(game_id=started.game_id)
    assert [(e.seat, e.played_by) for e in history.entries if e.kind == "action"] == [(1, "computer")]
    assert [[s.seat for s in r.steps] for r in heard.results[started.game_id]] == [[1]]


async def test_a_watcher_hears_of_every_move_this_process_commits(service: GameService) -> None:
    """``GameService.watch``: the game's id, once for each move committed here, a person's and the computers' and
    forced moves after it alike, by the time the moves are made."""
    heard: list[int] = []
    service.watch(heard.append)
    users = await lobby(service, "watched", humans=1, computers=2, options=LONG)
    result = await caught_up(service, await service.start(channel_id="watched", actor_id=users[0], seed=4))
    for _ in range(3):
        result = await caught_up(service, await play_one(service, "watched", result))
    assert heard and set(heard) == {result.game_id}
    assert len(heard) == (await service.game_info(game_id=result.game_id)).version
