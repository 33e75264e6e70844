"""What the service hands back: plain frozen data, no Discord, no storage handles.

Events and actions are the rule system's own frozen dataclasses (a front end words them); everything else is ids,
names, numbers and timestamps (aware UTC datetimes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal

from rules_core.engine import Event, Outcome, PublicView, SeatView

#: A game's life: a lobby people join, a running game, then finished (played to the end) or abandoned.
GameStatus = Literal["lobby", "running", "finished", "abandoned"]
#: Who chose an action: the seat's human, the computer policy, the ruleset's timeout move, nobody (``forced``: the
#: one move the seat's duty left it, made for it at once), or the computer helper a player left the decision to
#: (``autopilot``: a kind of decision on autopilot, or the whole seat while its player is away).
PlayedBy = Literal["player", "computer", "timeout", "forced", "autopilot"]
PLAYED_BY: tuple[PlayedBy, ...] = ("player", "computer", "timeout", "forced", "autopilot")


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat. ``user_id`` is None for a computer seat (a seat handed over keeps its name)."""

    seat: int
    user_id: str | None
    name: str
    is_computer: bool
    #: A computer seat's difficulty level (``computer_players.search.LEVELS``); None for a person.
    level: str | None = None


@dataclass(frozen=True, slots=True)
class PendingDecision:
    """A seat that must (or, for an opportunity, may) decide now: the ruleset's decision kind, who holds the seat,
    and since when it is owed."""

    seat: int
    kind: str
    user_id: str | None
    is_computer: bool
    #: The game version at which this decision fell due, and when (what a deadline counts from). A prompt made for
    #: this decision stays valid while the same decision is owed: a button carries ``since_version``.
    since_version: int
    since: datetime
    #: When time runs out (None: the game has no deadlines, is paused, or this is an opportunity).
    due_at: datetime | None = None
    #: The prompt shows the seat's own secrets: a front end sends it privately when it falls due.
    uses_secrets: bool = False
    #: An opportunity: the seat may act, nobody waits for it (no deadline, no timeout).
    opportunity: bool = False


@dataclass(frozen=True, slots=True)
class Prompt:
    """What one seat is asked now: its decision and every legal action (which may include opportunities)."""

    decision: PendingDecision
    actions: tuple[Any, ...]


#: The settings key under which each player's autopilot is kept.
AUTOPILOT = "autopilot"


@dataclass(frozen=True, slots=True)
class Autopilot:
    """What one player left to their helper: kinds of decisions, and the whole seat until ``away_until``."""

    kinds: frozenset[str] = frozenset()
    away_until: datetime | None = None

    def away(self, now: datetime) -> bool:
        return self.away_until is not None and now < self.away_until

    def dump(self) -> dict[str, Any]:
        """As the game's settings keep it."""
        data: dict[str, Any] = {"kinds": sorted(self.kinds)}
        if self.away_until is not None:
            data["away_until"] = self.away_until.isoformat()
        return data


def autopilots(settings: Mapping[str, Any]) -> dict[str, Autopilot]:
    """Every player's autopilot as kept in a game's settings (what the service wrote: already checked)."""
    kept = settings.get(AUTOPILOT)
    if not isinstance(kept, Mapping):
        return {}
    found = {}
    for user_id, entry in kept.items():
        away = entry.get("away_until")
        found[user_id] = Autopilot(
            frozenset(entry.get("kinds", ())), None if away is None else datetime.fromisoformat(away)
        )
    return found


@dataclass(frozen=True, slots=True)
class GameInfo:
    game_id: int
    channel_id: str
    ruleset: str
    status: GameStatus
    host_id: str
    #: Seats in seat order (join order); in the lobby, the order they will have.
    players: tuple[SeatInfo, ...]
    #: How many actions have been accepted (0 in the lobby and right after the start).
    version: int
    options: Mapping[str, Any]
    settings: Mapping[str, Any]
    min_players: int
    max_players: int
    #: The seed, once started (None in the lobby).
    seed: int | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    to_decide: tuple[PendingDecision, ...]
    outcome: Outcome | None
    #: What seats may do without anybody waiting for them (opportunities), by seat.
    offered: tuple[PendingDecision, ...] = ()
    #: What each player left to their computer helper (``game_service.autopilot``), by user id.
    autopilots: Mapping[str, Autopilot] = field(default_factory=dict)

    def away(self, user_id: str, now: datetime) -> bool:
        """Whether a computer plays the player's whole seat now (they said they are away)."""
        mine = self.autopilots.get(user_id)
        return mine is not None and mine.away(now)

    @property
    def paused(self) -> bool:
        return self.settings.get("paused_at") is not None

    def seat_of(self, user_id: str) -> int | None:
        for seat in self.players:
            if seat.user_id == user_id:
                return seat.seat
        return None


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted action: its resulting version, seat, who chose it, the action, and its public events."""

    version: int
    seat: int
    user_id: str | None
    played_by: PlayedBy
    action: Any
    public_events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What happened after a start, a submitted action, a timeout or a seat handover (computers included)."""

    game_id: int
    channel_id: str
    status: GameStatus
    #: The game's version after everything in ``steps``.
    version: int
    steps: tuple[Step, ...]
    #: Every public event, in order (for the channel).
    public_events: tuple[Event, ...]
    #: Private events by user id, in order (for ephemeral replies or DMs); computer seats get none.
    private_events: Mapping[str, tuple[Event, ...]]
    to_decide: tuple[PendingDecision, ...]
    outcome: Outcome | None
    #: The public view after everything in ``steps``: the board that goes with these events (None before a start).
    public_view: PublicView | None = None
    #: Each human player's view after the result, for those who have private news or a decision to make.
    views: Mapping[str, SeatView] = field(default_factory=dict)
    #: The prompt of each human player who must (or may) decide now, by user id.
    prompts: Mapping[str, Prompt] = field(default_factory=dict)
    #: The game as it now is (seats, settings, duties), for the presenters.
    info: GameInfo | None = None

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The user ids that owe a decision now."""
        return tuple(d.user_id for d in self.to_decide if d.user_id is not None)

    @property
    def since(self) -> int:
        """The game's version before these steps."""
        return self.version - len(self.steps)

    def then(self, later: ActionResult) -> ActionResult:
        """This result and ``later`` (which goes on from where this one ends) as one: every step and event in order,
        and the game as ``later`` leaves it."""
        private = {user: tuple(events) for user, events in self.private_events.items()}
        for user, events in later.private_events.items():
            private[user] = (*private.get(user, ()), *events)
        return replace(
            later,
            steps=(*self.steps, *later.steps),
            public_events=(*self.public_events, *later.public_events),
            private_events=private,
            views={**self.views, **later.views},
        )


@dataclass(frozen=True, slots=True)
class MembershipResult:
    """After a leave or a kick: the game as it now is, and the moves computers made on a handed-over seat."""

    info: GameInfo
    played: ActionResult | None = None


@dataclass(frozen=True, slots=True)
class LegalActions:
    game_id: int
    version: int
    seat: int
    actions: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class SeatPrompt:
    """One player's side of a game in one call: the game, their seat, their view, and their prompt if they owe (or
    are offered) a decision."""

    info: GameInfo
    seat: int
    view: SeatView
    prompt: Prompt | None


@dataclass(frozen=True, slots=True)
class RunningGame:
    """A running game of a front end's channels, at the version it stands."""

    game_id: int
    channel_id: str
    version: int
    #: The game's settings (a front end's marks among them: a bot's tutorial, played in a DM).
    settings: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class MyTurn:
    """A running game where the user owes a decision."""

    game_id: int
    channel_id: str
    ruleset: str
    seat: int
    kind: str
    version: int
    since: datetime
    #: When time runs out (None: no deadline runs).
    due_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Reminder:
    """A player has not decided and a reminder point has come (the front end tells them, privately if it can).

    Delivered at least once: the front end confirms it with ``delivered(outbox_id=...)`` once the player got it
    (Discord accepted the message); until then it is handed out again by a later ``run_due`` after a lease
    (:data:`game_service.slow.REMINDER_LEASE`), so a process that dies before telling the player loses nothing.
    """

    game_id: int
    channel_id: str
    seat: int
    user_id: str
    kind: str
    due_at: datetime
    outbox_id: int


@dataclass(frozen=True, slots=True)
class TimedOut:
    """A deadline passed: the ruleset's timeout move was played for the seat (``result`` holds it and the moves
    after it). ``missed`` deadlines in a row; at ``strikes`` the seat went to a computer (``handed_over``)."""

    game_id: int
    channel_id: str
    seat: int
    user_id: str | None
    kind: str
    missed: int
    strikes: int
    handed_over: bool
    result: ActionResult


#: What the scheduler did, in the order it happened.
DueWork = Reminder | TimedOut

VoteKind = Literal["replace", "end"]


@dataclass(frozen=True, slots=True)
class VoteResult:
    """A vote cast: how many votes it has and needs, and, once carried, what followed (a seat handed to a computer
    and its moves in ``played``, or the game ended)."""

    info: GameInfo
    kind: VoteKind
    #: The seat voted about (-1 for a vote to end the game).
    seat: int
    votes: int
    needed: int
    carried: bool
    played: ActionResult | None = None


HistoryKind = Literal[
    "action",
    "created",
    "joined",
    "left",
    "kicked",
    "computer_added",
    "host_changed",
    "settings_changed",
    "started",
    "seat_to_computer",
    "finished",
    "abandoned",
    "timed_out",
    "voted_out",
    "paused",
    "resumed",
    "extended",
    "voted",
    "autopilot",
    "away",
    "link_renewed",
]


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One line of a game's history: an action from the log, or a change of seats, host or status.

    For an action, ``version`` is the version it produced; for anything else, the version at which it happened.
    """

    at: datetime
    kind: HistoryKind
    version: int
    seat: int | None
    #: The seat's user (for an action, the user who held the seat then; None for a computer seat).
    user_id: str | None
    #: For actions: who chose it.
    played_by: PlayedBy | None = None
    #: For actions: the action object and its JSON form.
    action: Any = None
    action_data: Mapping[str, Any] | None = None
    #: For other entries: who did it (the host kicking, an admin abandoning), and details.
    actor_id: str | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)
    #: For actions (and the start: its first deal): what everybody saw happen, and the public view of the table
    #: right after. ``action`` may hold secrets (a face-down card, a food-card pick); these two never do, and are
    #: all a channel may be shown.
    public_events: tuple[Event, ...] = ()
    public_view: Any = None


@dataclass(frozen=True, slots=True)
class GameHistory:
    info: GameInfo
    entries: tuple[HistoryEntry, ...]


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One rated player of one rule system on one server: a person (``user_id``) or every computer seat
    of one difficulty level (``level``, ``user_id`` None), so a computer level's rating shows how strong it is.

    ``mu`` and ``sigma`` are the skill estimate and its uncertainty (openskill's Plackett-Luce model);
    :attr:`ordinal` is the conservative estimate the leaderboard ranks by."""

    user_id: str | None
    level: str | None
    #: The name of the player's latest seat (a computer level: the level's name).
    name: str
    played: int
    #: Games finished in first place (a shared first place counts).
    won: int
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The skill the player very probably has at least: ``mu - 3 * sigma`` (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RulesetRatings:
    """The ratings of one rule system: how many finished games they come from, and its players, best first."""

    ruleset: str
    games: int
    players: tuple[PlayerRating, ...]

    def rank_of(self, user_id: str) -> int | None:
        """The person's place on the leaderboard (from 1), or None if they have not finished a game of it."""
        for index, player in enumerate(self.players):
            if player.user_id == user_id:
                return index + 1
        return None
