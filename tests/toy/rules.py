"""A tiny game, used only by tests, that plays through every part of the engine interface without one line of North
Star: a secret simultaneous pick, a sequential call, an out-of-turn answer through the interrupt stack, an
opportunity nobody waits for, chance in the deal, an option, and an outcome.

The game ("Bluff stones"), for 2 to 6 players, in two rounds (or as many as the option ``rounds`` says): stones
numbered 1 to rn+1 for n players and r rounds (five for two players) are shuffled and each player is dealt r; the
last stays hidden. Each round, every player secretly picks one of their stones at once (with the option ``picks``
above 1, they pick that many times, one after another, each pick putting the one before back in their hand or keeping
it: a player owes several decisions in a row in one phase). Then the round's caller
(seat 0 in round 1, seat 1 in round 2, ...) either *passes* (the stones are shown; the highest scores 1 point) or
*challenges*: the next player after the caller must answer out of turn, *conceding* (the caller scores 1) or
*showing* (the highest stone scores 2). At any moment any player may *resign* (they place last), unless the option
``resigning`` is off: then nobody has anything to do out of turn, as in a game without opportunities. Most points
wins; a tie is shared. More seats and rounds than the first two-player version had serve the service's and front
ends' mechanics that need them (a full lobby, several computers, runs of missed deadlines); without challenges (the
option ``challenges`` off) the caller can only pass, a move that makes itself (a forced move, for the service's
tests).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from rules_core.copying import evolve
from rules_core.engine import Decision, OptionSpec, Outcome, PublicView, Ruleset, SeatView, rank_standings
from rules_core.errors import IllegalAction, MalformedInput, NotYourDecision, Refusal
from rules_core.events import Private, Public
from rules_core.interrupts import Interrupt, Interrupts
from rules_core.rng import Rng

ROUNDS = 2
MAX_PLAYERS = 6


def stones(players: int, rounds: int) -> tuple[int, ...]:
    """The stones of a game of ``players`` and ``rounds``: one a round for each player, and one to stay hidden."""
    return tuple(range(1, rounds * players + 2))


Phase = Literal["pick", "call", "over"]


# Actions.


@dataclass(frozen=True, slots=True)
class Pick:
    seat: int
    stone: int


@dataclass(frozen=True, slots=True)
class Call:
    seat: int
    challenge: bool


@dataclass(frozen=True, slots=True)
class Answer:
    seat: int
    show: bool


@dataclass(frozen=True, slots=True)
class Resign:
    seat: int


Action = Pick | Call | Answer | Resign
ACTION_TYPES: dict[str, type[Any]] = {cls.__name__: cls for cls in (Pick, Call, Answer, Resign)}


# Events.


@dataclass(frozen=True, slots=True)
class StonesDealt(Private):
    seat: int
    stones: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Picked(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class Challenged(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class Conceded(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class Shown(Public):
    stones: tuple[int, ...]
    scorer: int
    points: int


@dataclass(frozen=True, slots=True)
class Resigned(Public):
    seat: int


Event = StonesDealt | Picked | Challenged | Conceded | Shown | Resigned


# State and views.


@dataclass(frozen=True, slots=True)
class Challenge:
    """The context of the out-of-turn answer: who challenged (and so scores on a concession)."""

    caller: int


@dataclass(frozen=True, slots=True)
class State:
    names: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    hidden: int
    picks: tuple[int | None, ...]
    points: tuple[int, ...]
    round: int
    last_round: int
    phase: Phase
    asked: Interrupts[Challenge]
    resigned: int | None
    rng: Rng
    version: int = 0
    resigning: bool = True
    picks_per_round: int = 1
    #: How many times each seat has picked this round (empty: nobody yet).
    made: tuple[int, ...] = ()
    challenges: bool = True


@dataclass(frozen=True, slots=True)
class ToyPlayer:
    seat: int
    name: str
    points: int
    stones: int
    picked: bool
    picks_made: int = 0


@dataclass(frozen=True, slots=True)
class ToyTable(PublicView):
    version: int
    round: int
    last_round: int
    phase: str
    players: tuple[ToyPlayer, ...]
    decisions: tuple[Decision, ...]
    outcome: Outcome | None
    resigning: bool = True
    picks_per_round: int = 1
    challenges: bool = True


@dataclass(frozen=True, slots=True)
class ToySeat(SeatView):
    seat: int
    table: ToyTable
    hand: tuple[int, ...]
    pick: int | None


def _caller(state: State) -> int:
    return (state.round - 1) % len(state.names)


def _seats(state: State) -> range:
    return range(len(state.names))


def _made(state: State, seat: int) -> int:
    return state.made[seat] if state.made else 0


def _replaced(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def _decisions(state: State) -> tuple[Decision, ...]:
    if state.phase == "over":
        return ()
    resign = tuple(Decision(seat, "resign", opportunity=True) for seat in _seats(state) if state.resigning)
    if state.asked:
        return (*state.asked.decisions(), *resign)
    if state.phase == "pick":
        picks = tuple(
            Decision(s, "pick", uses_secrets=True) for s in _seats(state) if _made(state, s) < state.picks_per_round
        )
        return (*picks, *resign)
    return (Decision(_caller(state), "call"), *resign)


def _show(state: State, points: int) -> tuple[State, list[Any]]:
    shown = tuple(pick for pick in state.picks if pick is not None)
    assert len(shown) == len(state.picks)
    scorer = shown.index(max(shown))  # the stones all differ
    return _score(state, scorer, points, [Shown(shown, scorer, points)])


def _score(state: State, scorer: int, points: int, events: list[Any]) -> tuple[State, list[Any]]:
    last = state.round == state.last_round
    state = evolve(
        state,
        points=_replaced(state.points, scorer, state.points[scorer] + points),
        picks=(None,) * len(state.picks),
        made=(),
        round=state.round if last else state.round + 1,
        phase="over" if last else "pick",
    )
    return state, events


class Toy(Ruleset[State, Any, ToyTable, ToySeat, Any]):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Bluff stones (a test game)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_PLAYERS
    format_version: ClassVar[int] = 1
    action_types: ClassVar[Mapping[str, type[Any]]] = ACTION_TYPES
    state_type: ClassVar[type[Any]] = State
    decision_kinds: ClassVar[tuple[str, ...]] = ("pick", "call", "answer")
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("rounds", "int", ROUNDS, minimum=1, maximum=9),
        OptionSpec("resigning", "bool", True),
        OptionSpec("picks", "int", 1, minimum=1, maximum=5),
        OptionSpec("challenges", "bool", True),
    )

    def new_game(
        self, *, players: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> tuple[State, tuple[Any, ...]]:
        read = self.read_options(options, players=len(players))
        rounds = read["rounds"]
        order, rng = Rng(seed).shuffled(stones(len(players), rounds))
        hands = tuple(tuple(sorted(order[rounds * seat : rounds * (seat + 1)])) for seat in range(len(players)))
        state = State(
            names=tuple(players),
            hands=hands,
            hidden=order[-1],
            picks=(None,) * len(players),
            points=(0,) * len(players),
            round=1,
            last_round=rounds,
            phase="pick",
            asked=Interrupts(),
            resigned=None,
            rng=rng,
            resigning=read["resigning"],
            picks_per_round=read["picks"],
            challenges=read["challenges"],
        )
        return state, tuple(StonesDealt(seat, hand) for seat, hand in enumerate(hands))

    def decisions(self, state: State) -> tuple[Decision, ...]:
        return _decisions(state)

    def legal_actions(self, state: State, seat: int) -> tuple[Any, ...]:
        kinds = {d.kind for d in _decisions(state) if d.seat == seat}
        actions: list[Any] = []
        if "pick" in kinds:
            # A later pick may keep the stone picked before.
            kept = () if state.picks[seat] is None else (state.picks[seat],)
            actions += [Pick(seat, stone) for stone in sorted((*state.hands[seat], *kept))]
        if "call" in kinds:
            actions += [Call(seat, False), Call(seat, True)] if state.challenges else [Call(seat, False)]
        if "answer" in kinds:
            actions += [Answer(seat, True), Answer(seat, False)]
        if "resign" in kinds:
            actions.append(Resign(seat))
        return tuple(actions)

    def duty_actions(self, state: State, seat: int) -> tuple[Any, ...]:
        # Resigning is open to every seat at every moment: no duty waits for it.
        return tuple(action for action in self.legal_actions(state, seat) if not isinstance(action, Resign))

    def check(self, state: State, action: Any) -> Refusal | None:
        if not isinstance(action, Pick | Call | Answer | Resign):
            return MalformedInput("not a move of this game", code="not_an_action")
        if action not in self.legal_actions(state, action.seat):
            if not any(d.seat == action.seat and not d.opportunity for d in _decisions(state)):
                return NotYourDecision("it is not your turn", code="not_your_turn")
            return IllegalAction("the rules do not allow that", code="illegal")
        return None

    def perform(self, state: State, action: Any) -> tuple[State, list[Any]]:
        events: list[Any]
        if isinstance(action, Resign):
            state, events = evolve(state, phase="over", resigned=action.seat), [Resigned(action.seat)]
        elif isinstance(action, Pick):
            before = state.picks[action.seat]
            kept = tuple(s for s in state.hands[action.seat] if s != action.stone)
            hand = kept if before in (None, action.stone) else tuple(sorted((*kept, before)))
            picks = _replaced(state.picks, action.seat, action.stone)
            made = _replaced(state.made or (0,) * len(state.names), action.seat, _made(state, action.seat) + 1)
            state = evolve(state, hands=_replaced(state.hands, action.seat, hand), picks=picks, made=made)
            events = [Picked(action.seat)]
            if all(count == state.picks_per_round for count in made):
                state = evolve(state, phase="call")
        elif isinstance(action, Call):
            if action.challenge:
                answering = (action.seat + 1) % len(state.names)
                asked = state.asked.push(Interrupt(answering, "answer", Challenge(action.seat)))
                state, events = evolve(state, asked=asked), [Challenged(action.seat)]
            else:
                state, events = _show(state, 1)
        else:
            frame, asked = state.asked.pop()
            state = evolve(state, asked=asked)
            if action.show:
                state, events = _show(state, 2)
            else:
                state, events = _score(state, frame.context.caller, 1, [Conceded(action.seat)])
        return state, events

    def advance(self, state: State) -> tuple[State, list[Any]]:
        return state, []  # a round's scoring is part of the move that ends it

    def public_view(self, state: State) -> ToyTable:
        players = tuple(
            ToyPlayer(
                s, state.names[s], state.points[s], len(state.hands[s]), state.picks[s] is not None, _made(state, s)
            )
            for s in _seats(state)
        )
        return ToyTable(
            state.version,
            state.round,
            state.last_round,
            state.phase,
            players,
            _decisions(state),
            self.outcome(state),
            state.resigning,
            state.picks_per_round,
            state.challenges,
        )

    def seat_view(self, state: State, seat: int) -> ToySeat:
        return ToySeat(seat, self.public_view(state), state.hands[seat], state.picks[seat])

    def determinize(self, view: ToySeat, *, seed: int) -> State:
        table = view.table
        count = len(table.players)
        unseen = [s for s in stones(count, table.last_round) if s not in view.hand and s != view.pick]
        order, rng = Rng(seed).shuffled(unseen)
        hands: list[tuple[int, ...]] = []
        picks: list[int | None] = []
        for player in table.players:
            if player.seat == view.seat:
                hands.append(view.hand)
                picks.append(view.pick)
                continue
            hands.append(tuple(sorted(order[: player.stones])))
            picks.append(order[player.stones] if player.picked else None)
            order = order[player.stones + player.picked :]
        asked: Interrupts[Challenge] = Interrupts()
        for d in table.decisions:
            if d.kind == "answer":
                asked = asked.push(Interrupt(d.seat, "answer", Challenge((d.seat - 1) % count)))
        return State(
            names=tuple(p.name for p in table.players),
            hands=tuple(hands),
            hidden=order[-1],
            picks=tuple(picks),
            points=tuple(p.points for p in table.players),
            round=table.round,
            last_round=table.last_round,
            phase="over" if table.phase == "over" else ("call" if table.phase == "call" else "pick"),
            asked=asked,
            resigned=None,
            rng=rng,
            version=table.version,
            resigning=table.resigning,
            picks_per_round=table.picks_per_round,
            made=tuple(p.picks_made for p in table.players) if any(p.picks_made for p in table.players) else (),
            challenges=table.challenges,
        )

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        points = list(state.points)
        if state.resigned is not None:
            points[state.resigned] = -1
        return rank_standings((seat, points[seat], (), ()) for seat in _seats(state))

    def timeout_action(self, state: State, seat: int) -> Any:
        """The cautious move: the lowest stone, no challenge, and a concession when challenged."""
        kinds = {d.kind for d in _decisions(state) if d.seat == seat and not d.opportunity}
        if "pick" in kinds:
            return Pick(seat, min(state.hands[seat]))
        if "call" in kinds:
            return Call(seat, False)
        if "answer" in kinds:
            return Answer(seat, False)
        raise NotYourDecision("that seat owes no decision now", code="not_your_decision")

    def dump_position(self, state: State) -> dict[str, Any]:
        return self.dump_state(state)

    def load_position(self, data: Mapping[str, Any]) -> State:
        return self.load_state(data)


RULES = Toy()
