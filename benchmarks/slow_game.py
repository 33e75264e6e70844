"""Calendar: how many days a slow game takes when its people check in twice a day.

Usage: python -m benchmarks.slow_game [--ruleset NAME ...] [--players N ...] [--games N] [--first-seed N]
                                      [--options JSON] [--answer-seconds S] [--autopilot KIND ...] [--jobs N]

Whole games go through the service (``GameService`` on a SQLite file of their own, a virtual clock) with one
computer seat (the last) and simulated people in every other seat. The model, stated in docs/benchmarks.md
("Calendar: days to finish a slow game") and by :class:`Model`:

* The game starts on day 0 at 09:00 UTC; nothing has deadlines (the rules alone: no timeouts, no reminders).
* Each person checks in twice a day, the windows opening around 08:00 and 20:00 UTC, each opening drawn
  uniformly within two hours either side from the person's own seeded generator, each window lasting 15 minutes.
* While a person is checked in and owes a decision, they answer it, with the rule system's baseline computer
  player choosing among the actions of their prompt (``GameService.prompt``), at the moment the decision fell due
  or their window opened, whichever is later. By default answering takes no time, so one window answers
  everything a person is asked in it, the decisions the others' answers in the same moment give them included;
  ``--answer-seconds`` makes each answer land that long after the person starts on it (one started in the window
  lands even if the window closed meanwhile), people answering side by side.
* The computer seat plays the same baseline and moves at once (the service plays it in the background, after the
  move that made it due; the simulation waits for it). Moves the rules leave no choice about are made at once too.
* ``--autopilot KIND ...``: every person leaves their decisions of these kinds to the autopilot from the start
  (``GameService.autopilot``), which makes them at once, as the baseline would.

Per rule system and player count it prints: the median and 90th percentile of the days to finish; the decisions
each person answered (mean per game and person); the prompts that reached a person with exactly one action, in
all and split by whether the decision's prompt shows the seat's secrets (``PendingDecision.uses_secrets``); the
longest stretch the table waited on one person (from a decision falling due to its answer: the game's longest,
as its maximum and median over the games, in hours); and the wall time per game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from benchmarks import VirtualClock, machine
from benchmarks.service import percentile
from computer_players import choose_action
from game_service import GameInfo, GameService
from rules_core.engine import AnyRuleset
from rules_core.errors import MalformedInput
from rules_core.registry import RULESETS, find_ruleset

DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
CHANNEL = "calendar"


@dataclass(frozen=True, slots=True)
class Model:
    """How the simulated people play, everything about them in one value: when the game starts and when each person
    is checked in."""

    #: Day 0 at 09:00 UTC.
    start: datetime = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
    #: The times of day (UTC) around which a person's windows open, earliest first.
    check_ins: tuple[timedelta, ...] = (timedelta(hours=8), timedelta(hours=20))
    #: How far either side of its time of day a window's opening is drawn (uniformly).
    spread: timedelta = timedelta(hours=2)
    #: How long a person stays checked in.
    window: timedelta = timedelta(minutes=15)
    #: How long after a person starts on a decision their answer lands.
    answer_time: timedelta = timedelta(0)
    #: The kinds of decisions every person leaves to the autopilot.
    autopilot: tuple[str, ...] = ()


class Person:
    """A simulated person in one seat: their check-in windows, drawn day by day from their own generator (seeded by
    the game's seed and the seat, so every rule system's game with one seed meets the same people)."""

    def __init__(self, *, seat: int, seed: int, model: Model) -> None:
        self.seat = seat
        self.user_id = f"person-{seat}"
        self.model = model
        self._rng = random.Random(f"slow_game {seed} {seat}")
        self._windows = self._drawn()
        self._current = next(self._windows)

    def _drawn(self) -> Iterator[tuple[datetime, datetime]]:
        """Every window from day 0 on, in order (a window drawn before the start that ends after it counts)."""
        midnight = self.model.start.replace(hour=0, minute=0, second=0, microsecond=0)
        spread = self.model.spread.total_seconds()
        day = 0
        while True:
            for at in self.model.check_ins:
                opens = midnight + day * DAY + at + timedelta(seconds=self._rng.uniform(-spread, spread))
                yield opens, opens + self.model.window
            day += 1

    def checked_in(self, moment: datetime) -> datetime:
        """The first moment at or after ``moment`` at which this person is checked in. Asked with moments that
        never go back, so windows that closed by then are dropped for good."""
        while self._current[1] <= moment:
            self._current = next(self._windows)
        return max(self._current[0], moment)


@dataclass(frozen=True, slots=True)
class GameFigures:
    """What one game took."""

    days: float
    #: Decisions each person answered, by seat.
    answered: tuple[int, ...]
    #: Prompts with exactly one action that reached a person: whose prompt shows no secrets, and whose does.
    single_public: int
    single_secret: int
    #: The longest a decision of one person kept the table waiting, from falling due to its answer, in hours.
    longest_wait: float
    #: Seconds of wall time the game took to simulate.
    wall: float


@dataclass(slots=True)
class Tally:
    """The running counts of one game."""

    answered: list[int]
    single_public: int = 0
    single_secret: int = 0
    longest_wait: timedelta = field(default_factory=timedelta)


async def play_game(
    *,
    ruleset: str,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    database: Path,
    model: Model,
) -> GameFigures:
    """One whole game on a fresh database ``database``: ``players - 1`` people who play as ``model`` says, and a
    computer in the last seat."""
    began = time.perf_counter()
    rules = find_ruleset(ruleset)
    clock = VirtualClock(model.start)
    people = [Person(seat=seat, seed=seed, model=model) for seat in range(players - 1)]
    host = people[0].user_id
    tally = Tally(answered=[0] * len(people))
    async with await GameService.open(database=database, clock=clock, computer_policy=choose_action) as service:
        await service.create_game(channel_id=CHANNEL, host_id=host, host_name="Person 0", ruleset=ruleset,
                                  options=options)  # fmt: skip
        for person in people[1:]:
            await service.join(channel_id=CHANNEL, user_id=person.user_id, user_name=f"Person {person.seat}")
        await service.add_computer(channel_id=CHANNEL, actor_id=host, name="Computer")
        game_id = (await service.start(channel_id=CHANNEL, actor_id=host, seed=seed)).game_id
        for person in people:
            for kind in model.autopilot:
                await service.autopilot(user_id=person.user_id, decision_kind=kind, on=True, game_id=game_id)
        await service.idle(game_id=game_id)
        info = await service.game_info(game_id=game_id)
        while info.status == "running":
            owed = [d for d in info.to_decide if not d.is_computer]
            if not owed:
                raise RuntimeError(f"{ruleset} seed {seed}: the game waits for nobody")
            # The answer that lands first comes first: each person starts on their decision once it fell due and
            # they are checked in. Answers landing at the same moment come in the order their decisions fell due,
            # then by seat. A decision owed at the last step lands no earlier than that step's answer (that one
            # landed first), and one that fell due with it lands no earlier either: the clock never goes back.
            moment, _, seat = min(
                (people[d.seat].checked_in(d.since) + model.answer_time, d.since, d.seat) for d in owed
            )
            clock.now = moment
            info = await answer(service, rules, people[seat], tally, moment)
        if info.status != "finished" or info.finished_at is None:
            raise RuntimeError(f"{ruleset} seed {seed}: the game ended {info.status}")
    return GameFigures(
        days=(info.finished_at - model.start) / DAY,
        answered=tuple(tally.answered),
        single_public=tally.single_public,
        single_secret=tally.single_secret,
        longest_wait=tally.longest_wait / HOUR,
        wall=time.perf_counter() - began,
    )


async def answer(service: GameService, rules: AnyRuleset, person: Person, tally: Tally, moment: datetime) -> GameInfo:
    """The person's answer to the decision they owe lands at ``moment``; the game as it stands after it and the
    moves the computer and the autopilots made after it."""
    asked = await service.prompt(channel_id=CHANNEL, user_id=person.user_id)
    prompt = asked.prompt
    assert prompt is not None and not prompt.decision.opportunity
    if len(prompt.actions) == 1:
        if prompt.decision.uses_secrets:
            tally.single_secret += 1
        else:
            tally.single_public += 1
    tally.answered[person.seat] += 1
    tally.longest_wait = max(tally.longest_wait, moment - prompt.decision.since)
    action = choose_action(rules, asked.view, prompt.actions)
    result = await service.submit(channel_id=CHANNEL, user_id=person.user_id, action=action,
                                  expected_version=prompt.decision.since_version)  # fmt: skip
    await service.idle(game_id=result.game_id)
    return await service.game_info(game_id=result.game_id)


@dataclass(frozen=True, slots=True)
class Job:
    ruleset: str
    players: int
    options: Mapping[str, Any]
    seed: int
    model: Model


def run_job(job: Job) -> GameFigures:
    """One game in a temporary directory of its own (a worker process's unit of work)."""
    with tempfile.TemporaryDirectory(prefix="slow_game") as folder:
        return asyncio.run(
            play_game(ruleset=job.ruleset, players=job.players, options=job.options, seed=job.seed,
                      database=Path(folder) / "game.db", model=job.model)
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures of a set of games of one rule system and player count."""

    games: int
    median_days: float
    p90_days: float
    #: Mean decisions answered per game and person.
    answered: float
    single_public: int
    single_secret: int
    longest_wait_max: float
    longest_wait_median: float
    wall_per_game: float


def summarise(figures: Sequence[GameFigures]) -> Summary:
    days = [f.days for f in figures]
    waits = [f.longest_wait for f in figures]
    return Summary(
        games=len(figures),
        median_days=statistics.median(days),
        p90_days=percentile(days, 0.9),
        answered=statistics.fmean(statistics.fmean(f.answered) for f in figures),
        single_public=sum(f.single_public for f in figures),
        single_secret=sum(f.single_secret for f in figures),
        longest_wait_max=max(waits),
        longest_wait_median=statistics.median(waits),
        wall_per_game=statistics.fmean(f.wall for f in figures),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", nargs="+", default=list(RULESETS), choices=sorted(RULESETS))
    parser.add_argument("--players", type=int, nargs="+", default=[4], help="seats, the last a computer's")
    parser.add_argument("--games", type=int, default=200, help="games per rule system and player count")
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--options", default="{}", help='the rule system\'s options as JSON: {"time_to_fly": true}')
    parser.add_argument("--answer-seconds", type=float, default=0.0, help="how long each answer takes a person")
    parser.add_argument("--autopilot", nargs="+", default=[], metavar="KIND",
                        help="kinds of decisions every person leaves to the autopilot (feed, ...)")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, each in its own process")
    args = parser.parse_args()
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    if not 0 <= args.answer_seconds < Model().window.total_seconds():
        parser.error("--answer-seconds must be from 0 to less than a check-in window's length")
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as error:
        parser.error(f"--options is not JSON: {error}")
    if args.options != "{}" and len(args.ruleset) != 1:
        parser.error("--options belong to one rule system: name it with --ruleset")
    for name in args.ruleset:
        unknown = set(args.autopilot) - set(find_ruleset(name).decision_kinds)
        if unknown:
            parser.error(f"{name} has no decisions of the kinds {', '.join(sorted(unknown))} for --autopilot")
        for players in args.players:
            if players < 2:
                parser.error("--players must be at least 2 (a person and the computer)")
            try:
                find_ruleset(name).read_options(options, players=players)
            except MalformedInput as refusal:
                parser.error(f"{name}: {refusal}")
    model = Model(answer_time=timedelta(seconds=args.answer_seconds), autopilot=tuple(args.autopilot))
    print(machine())
    print(
        f"{args.games} games each (seeds {args.first_seed}-{args.first_seed + args.games - 1}), options {options}, "
        f"{args.jobs} processes; people check in at {', '.join(str(at)[:-3] for at in model.check_ins)} UTC "
        f"± {model.spread / HOUR:g} h for {model.window / timedelta(minutes=1):g} min, answering in "
        f"{model.answer_time.total_seconds():g} s; the last seat a computer; on autopilot: "
        f"{', '.join(model.autopilot) or 'nothing'}"
    )
    print(
        "rule system | players | days median | days p90 | decisions per person | one-choice prompts: no secrets / "
        "secrets | longest wait on one person, h: max / median | wall per game"
    )
    seeds = range(args.first_seed, args.first_seed + args.games)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.ruleset:
            for players in args.players:
                jobs = [Job(name, players, options, seed, model) for seed in seeds]
                s = summarise(list(pool.map(run_job, jobs)))
                print(
                    f"{name} | {players} | {s.median_days:.1f} | {s.p90_days:.1f} | {s.answered:.1f} | "
                    f"{s.single_public} / {s.single_secret} | {s.longest_wait_max:.1f} / "
                    f"{s.longest_wait_median:.1f} | {s.wall_per_game:.2f} s",
                    flush=True,
                )


if __name__ == "__main__":
    main()
