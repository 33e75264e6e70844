"""The dice-combat game behind the engine interface: who decides, what is legal, and the period's flow."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from rules_core.dice_combat import card_play, determinize, position, setup, timeouts
from rules_core.dice_combat.actions import (
    ACTION_TYPES,
    Action,
    Attack,
    BuyPopulation,
    DiscardCards,
    ExchangeCards,
    Hunt,
    Pass,
    PlayEvolution,
    RollDice,
)
from rules_core.dice_combat.cards import kind_of
from rules_core.dice_combat.events import Event, Passed
from rules_core.dice_combat.phases import evolution, extinction, hunting, period
from rules_core.dice_combat.population import buy, purchase_refusal, why_not_buy
from rules_core.dice_combat.state import (
    ATTACK_CARD,
    BUY_POPULATION,
    DEFENCE_CARD,
    DISCARD,
    DISCARD_STEP,
    EVOLUTION,
    EXTINCTION,
    GAME_OVER,
    HUNTING,
    PREY_CARD,
    ROLL_PREY,
    GameState,
    changed,
)
from rules_core.dice_combat.view import SeatView, TableView, seat_view, table_view
from rules_core.engine import Decision, OptionSpec, Outcome, Ruleset, rank_standings
from rules_core.errors import MalformedInput, NotYourDecision, Refusal

#: The decision of the seat whose turn it is, by phase.
TURN_KINDS = {EVOLUTION: "evolve", HUNTING: "hunt", EXTINCTION: "attack"}

#: The verbs each decision allows (BuyPopulation, an opportunity, is allowed at any moment).
_VERBS: dict[str, tuple[type, ...]] = {
    "evolve": (ExchangeCards, PlayEvolution, Pass),
    DISCARD: (DiscardCards,),
    "hunt": (Hunt, PlayEvolution, Pass),
    "attack": (Attack, PlayEvolution, Pass),
    PREY_CARD: (PlayEvolution, Pass),
    ROLL_PREY: (RollDice,),
    ATTACK_CARD: (PlayEvolution, Pass),
    DEFENCE_CARD: (PlayEvolution, Pass),
}


# The last answer of ``duties``: (state, its duties). They are asked of the same state several times a move (by the
# automatic step that stops at it, by the caller, by ``legal_actions``), and a hunting turn's asks the price of a
# card: the state is immutable, so the answer held stays true of it. One entry, replaced at each new state asked.
_owed: list[tuple[GameState | None, tuple[Decision, ...]]] = [(None, ())]


def duties(state: GameState) -> tuple[Decision, ...]:
    """The decisions the game waits for: the top interrupt's, else the discards, else the turn's."""
    asked, owed = _owed[0]
    if asked is state:
        return owed
    owed = _duties(state)
    _owed[0] = (state, owed)
    return owed


def _duties(state: GameState) -> tuple[Decision, ...]:
    if state.phase is GAME_OVER:
        return ()
    if state.interrupts.frames:  # the tuple itself: ``Interrupts.__bool__`` is Python code, asked at every step
        return state.interrupts.decisions()
    if state.phase is DISCARD_STEP:
        return tuple(Decision(seat, DISCARD, uses_secrets=True) for seat in evolution.must_discard(state))
    if state.turn is None:
        return ()
    kind = TURN_KINDS[state.phase]
    # A hunting turn shows the hand only when the player could pay for a card.
    secret = kind != "hunt" or card_play.can_pay(state, state.turn)
    return _TURNS[kind, secret][state.turn]


# Every turn's decision there can be, made once: the turn's decision is asked for after every action.
_TURNS: dict[tuple[str, bool], tuple[tuple[Decision, ...], ...]] = {
    (kind, secret): tuple((Decision(seat, kind, uses_secrets=secret),) for seat in range(setup.MAX_PLAYERS))
    for kind in TURN_KINDS.values()
    for secret in (False, True)
}


def decisions(state: GameState) -> tuple[Decision, ...]:
    if state.phase is GAME_OVER:
        return ()
    offered = tuple(
        Decision(seat, BUY_POPULATION, opportunity=True) for seat in state.living() if why_not_buy(state, seat) is None
    )
    return duties(state) + offered


def _duty_of(state: GameState, seat: int) -> str | None:
    for decision in duties(state):
        if decision.seat == seat:
            return decision.kind
    return None


def duty_actions(state: GameState, seat: int, kind: str) -> Iterator[Action]:
    """Every action of ``seat``'s duty ``kind``, in a fixed order."""
    if kind == DISCARD:
        yield from evolution.discards(state, seat)
        return
    if kind == ROLL_PREY:
        yield RollDice(seat)
        return
    if kind == "evolve":
        yield from evolution.exchanges(state, seat)
    elif kind == "hunt" and hunting.may_hunt(state, seat):
        yield Hunt(seat)
    elif kind == "attack":
        yield from extinction.attacks(state, seat)
    yield from card_play.candidates(state, seat)
    yield Pass(seat)


# The listing ``_only_pass`` began in the state the automatic steps stopped at: (state, seat, the actions listed so
# far, the rest). The caller then lists that seat's actions, which go on from it rather than making the first again.
# A generator runs once, so the entry is taken (``pop``, atomic) by the first listing of that state and seat.
_begun: list[tuple[GameState, int, tuple[Action, ...], Iterator[Action]]] = []


def _only_pass(state: GameState, seat: int, kind: str) -> bool:
    """Passing is all ``seat`` may do in its duty ``kind``. Pass comes last in ``duty_actions`` (and not at all in a
    discard), so the first action tells: the rest is not listed (with the duties given directly, this took four-player
    random playouts from 78.8 to 91.6 a CPU second), and is held for the caller's listing."""
    actions = duty_actions(state, seat, kind)
    first = next(actions, None)
    if isinstance(first, Pass):  # the seat's own: listings hold only the seat's actions
        return True
    _begun[:] = [(state, seat, () if first is None else (first,), actions)]
    return False


def _duty_listing(state: GameState, seat: int, kind: str) -> list[Action]:
    """``duty_actions`` as a list, gone on with from where ``_only_pass`` began it in this state."""
    if _begun:
        try:
            begun, begun_seat, listed, rest = _begun.pop()
        except IndexError:  # another thread took it
            pass
        else:
            if begun is state and begun_seat == seat:
                return [*listed, *rest]
    return list(duty_actions(state, seat, kind))


def legal_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    if not 0 <= seat < len(state.players) or state.phase is GAME_OVER:
        return ()
    kind = _duty_of(state, seat)
    found: list[Action] = [] if kind is None else _duty_listing(state, seat, kind)
    if why_not_buy(state, seat) is None:
        found.append(BuyPopulation(seat))
    return tuple(found)


def check(state: GameState, action: Action) -> Refusal | None:
    """Why ``action`` may not be applied now, or None when it is legal."""
    if not isinstance(action, tuple(ACTION_TYPES.values())):
        return MalformedInput("not a dice-combat action", code="not_an_action")
    if not 0 <= action.seat < len(state.players):
        return NotYourDecision("there is no such seat in this game", code="no_such_seat", seat=action.seat)
    if state.phase is GAME_OVER:
        return NotYourDecision("the game is over", code="game_over")
    if isinstance(action, BuyPopulation):
        return purchase_refusal(state, action.seat)
    kind = _duty_of(state, action.seat)
    if kind is None:
        waiting = sorted({d.seat for d in duties(state)})
        return NotYourDecision("it is not your decision", code="not_your_decision", waiting=waiting)
    if not isinstance(action, _VERBS[kind]):
        return NotYourDecision("that cannot be done now", code="wrong_step", decision=kind)
    return _refusal(state, action)


def _refusal(state: GameState, action: Action) -> Refusal | None:
    if isinstance(action, ExchangeCards):
        return evolution.exchange_refusal(state, action.seat, action.cards)
    if isinstance(action, DiscardCards):
        return evolution.discard_refusal(state, action)
    if isinstance(action, PlayEvolution):
        return card_play.refusal(state, action)
    if isinstance(action, Hunt):
        return hunting.hunt_refusal(state, action.seat)
    if isinstance(action, Attack):
        return extinction.attack_refusal(state, action)
    return None  # Pass and RollDice are always allowed to the seat whose decision it is


def _perform(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    if isinstance(action, BuyPopulation):
        return buy(state, action.seat)
    if isinstance(action, ExchangeCards):
        return evolution.exchange(state, action)
    if isinstance(action, DiscardCards):
        return evolution.discard(state, action)
    if isinstance(action, PlayEvolution):
        return card_play.play(state, action)
    if isinstance(action, Hunt):
        return hunting.start(state, action.seat)
    if isinstance(action, RollDice):
        return hunting.roll(state, action.seat)
    if isinstance(action, Attack):
        return extinction.declare(state, action)
    assert isinstance(action, Pass)
    state, events = _pass(state, action.seat)
    return state, [Passed(action.seat), *events]


def _pass(state: GameState, seat: int, owned: bool = False) -> tuple[GameState, list[Event]]:
    """``seat`` does nothing more in its current decision: close its turn to play cards, or end its turn. ``owned``:
    the state may be written into (``state.changed``)."""
    top = state.interrupts.top
    if top is not None:
        if top.kind == PREY_CARD:
            return hunting.close_card_turn(state, owned), []
        return extinction.close_card_turn(state, owned)
    return _end_turn(state, seat, owned)


def _end_turn(state: GameState, seat: int, owned: bool = False) -> tuple[GameState, list[Event]]:
    following = state.next_in_round(seat)
    if following is not None:
        return changed(state, owned, turn=following, free_card=state.phase is EVOLUTION), []
    if state.phase is EVOLUTION:
        return changed(state, owned, phase=DISCARD_STEP, turn=None, free_card=False), []
    if state.phase is HUNTING:
        return extinction.begin(state, owned), []
    return period.start(state, owned)


def advance(state: GameState, owned: bool = False) -> tuple[GameState, list[Event]]:
    """Run every automatic step until some seat must decide or the game is over: a round that everybody has
    finished ends, a turn ends after its last hunt or its player's extinction, and a seat whose only choice would
    be to pass is not asked. ``owned``: ``state`` was made in this very move (``state.changed``); every state a
    step makes is, so each step after the first writes into the state the one before made."""
    events: list[Event] = []
    while state.phase is not GAME_OVER:
        if state.phase is DISCARD_STEP and not state.interrupts:
            if evolution.must_discard(state):
                break
            state, owned = hunting.begin(state, owned), True
            continue
        if state.turn is not None and state.players[state.turn].extinct and not state.interrupts:
            state, more = _end_turn(state, state.turn, owned)  # a hunter that lost its last point in its own turn
            events += more
            owned = True
            continue
        owed = duties(state)
        if not owed:
            raise AssertionError(f"nobody decides in {state.phase}")  # the flow above always hands on a turn
        seat, kind = owed[0].seat, owed[0].kind
        if kind == "hunt":
            if hunting.may_hunt(state, seat):
                break  # the seat may hunt: no need to list its actions to know it has more than passing
            state, more = _end_turn(state, seat, owned)  # step 5.i: after the last hunt the next player hunts
        elif kind == "evolve" and evolution.why_not_exchange(state, seat) is None:
            break  # the seat may exchange (as above)
        elif kind != ROLL_PREY and _only_pass(state, seat, kind):
            state, more = _pass(state, seat, owned)
        else:
            break
        # The duties held for the state asked (``duties``) are no longer its own when the step wrote into it.
        _owed[0] = (None, ())
        events += more
        owned = True
    return state, events


class DiceCombat(Ruleset[GameState, Action, TableView, SeatView, Event]):
    name: ClassVar[str] = "dice_combat"
    title: ClassVar[str] = '"Is the evolution baby!!!" (dice combat)'
    min_players: ClassVar[int] = setup.MIN_PLAYERS
    max_players: ClassVar[int] = setup.MAX_PLAYERS
    # 3: each player's free card on a prey in the hunting round (rule 7.b). 4: the edition of the cards. Older
    # snapshots replay the log.
    format_version: ClassVar[int] = 4
    option_specs: ClassVar[tuple[OptionSpec, ...]] = setup.OPTION_SPECS
    kept_options: ClassVar[tuple[OptionSpec, ...]] = setup.KEPT_OPTIONS
    action_types: ClassVar[Mapping[str, type[Any]]] = ACTION_TYPES
    state_type: ClassVar[type[Any]] = GameState
    decision_kinds: ClassVar[tuple[str, ...]] = (
        "evolve", "discard", "hunt", "roll_prey", "prey_card", "attack", "attack_card", "defence_card",
    )  # fmt: skip
    fresh_states: ClassVar[bool] = True
    hand_card_fields: ClassVar[Mapping[type, tuple[str, ...]]] = {
        ExchangeCards: ("cards",),
        PlayEvolution: ("card",),
        DiscardCards: ("cards",),
    }

    def card_face(self, card: int) -> Hashable:
        return kind_of(card)

    def new_game(
        self, *, players: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        read = self.read_options(options, players=len(players))
        state, events = setup.initial_state(
            players=players,
            edition=setup.versioned(setup.EDITION, options, read),
            seed=seed,
            generator=setup.versioned(setup.GENERATOR, options, read),
        )
        state, more = period.start(state)
        state, rest = advance(state)
        return state, (*events, *more, *rest)

    def decisions(self, state: GameState) -> tuple[Decision, ...]:
        return decisions(state)

    def duties(self, state: GameState) -> tuple[Decision, ...]:
        # The decisions without the opportunities to buy population, which cost a price each to find.
        return duties(state)

    def legal_actions(self, state: GameState, seat: int) -> tuple[Action, ...]:
        return legal_actions(state, seat)

    def check(self, state: GameState, action: Action) -> Refusal | None:
        return check(state, action)

    def perform(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        return _perform(state, action)

    def advance(self, state: GameState) -> tuple[GameState, list[Event]]:
        return advance(state)

    def advance_move(self, new: GameState, given: GameState) -> tuple[GameState, list[Event]]:
        # ``perform`` returns ``given`` or a state it made (``fresh_states``), which nothing else holds yet.
        return advance(new, owned=new is not given)

    def public_view(self, state: GameState) -> TableView:
        return table_view(state, decisions=decisions(state), outcome=self.outcome(state))

    def seat_view(self, state: GameState, seat: int) -> SeatView:
        return seat_view(state, seat, self.public_view(state))

    def determinize(self, view: SeatView, *, seed: int) -> GameState:
        return determinize.determinize(view, seed=seed)

    def outcome(self, state: GameState) -> Outcome | None:
        if state.phase is not GAME_OVER:
            return None
        # The survivor first, then the others by how long they lasted (docs/rulings.md, "Standings").
        outlasted = {seat: index for index, seat in enumerate(state.eliminated)}
        last = len(state.players) - 1
        return rank_standings((p.seat, outlasted.get(p.seat, last), (), ()) for p in state.players)

    def timeout_action(self, state: GameState, seat: int) -> Action:
        kind = _duty_of(state, seat)
        if kind is None:
            raise NotYourDecision("that seat owes no decision now", code="not_your_decision")
        return timeouts.timeout_action(state, seat, kind)

    def dump_position(self, state: GameState) -> dict[str, Any]:
        return position.dump(state)

    def load_position(self, data: Mapping[str, Any]) -> GameState:
        return position.load(data)
