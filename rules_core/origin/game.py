"""The original "Evolution" behind the engine interface: who decides, what is legal, and the turn's flow; with seed
001's expansions as options (``time_to_fly``, ``darwins_day``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from rules_core.copying import evolve
from rules_core.engine import Decision, OptionSpec, Outcome, Ruleset
from rules_core.errors import IllegalAction, MalformedInput, NotYourDecision, Refusal
from rules_core.origin import attack, determinize, orders, pairs, position, scoring, setup, timeouts
from rules_core.origin.actions import (
    ACTION_TYPES,
    Action,
    DefendAction,
    DevelopAction,
    FeedAction,
    IgnoreTrait,
    JoinPack,
    Pass,
    PlayAnimal,
    PlayPairedTrait,
    PlayTrait,
    SetAmbush,
    SetAnglerfish,
    UsePairedTrait,
)
from rules_core.origin.cards import traits_of
from rules_core.origin.events import Event, GameEnded
from rules_core.origin.phases import development, extinction, feeding, food_base
from rules_core.origin.state import (
    DEVELOPMENT,
    FEEDING,
    GAME_OVER,
    AnglerfishFrame,
    AttackFrame,
    GameState,
    PackFrame,
    PairFrame,
    TakeFrame,
)
from rules_core.origin.traits import anglerfish, pack
from rules_core.origin.view import SeatView, TableView, seat_view, table_view

_ACTION_CLASSES = tuple(ACTION_TYPES.values())
# A tuple made once: ``SetAmbush | SetAnglerfish`` written in ``_perform`` built a new union at every action.
_STANDING_ORDERS = (SetAmbush, SetAnglerfish)
Step = tuple[GameState, list[Event]] | None


# The turn's duties of every seat, made once: they are asked for after every action. A card play is a choice among
# the cards in hand: its prompt shows the hand.
_DEVELOP = tuple((Decision(seat, "develop", uses_secrets=True),) for seat in range(setup.MAX_PLAYERS))
_FEED = tuple((Decision(seat, "feed"),) for seat in range(setup.MAX_PLAYERS))


def duties(state: GameState) -> tuple[Decision, ...]:
    if state.interrupts.frames:  # asked after every move: the tuple's truth, not ``Interrupts.__bool__``
        return state.interrupts.decisions()
    if state.active is None:
        return ()
    if state.phase is DEVELOPMENT:
        return _DEVELOP[state.active]
    if state.phase is FEEDING:
        return _FEED[state.active]
    return ()


def decisions(state: GameState) -> tuple[Decision, ...]:
    """The duty first, then the standing orders' opportunities (with "Time to Fly")."""
    return duties(state) + orders.decisions(state)


def _kind(state: GameState, seat: int) -> str | None:
    """The duty ``seat`` owes now, if any."""
    for decision in duties(state):
        if decision.seat == seat:
            return decision.kind
    return None


# The last state ``advance`` stopped at (some seat must decide) and the duty actions listed there, by seat. A
# standing order changes nothing a duty depends on (the orders are read only when an attack or a take comes), so the
# state an order makes from a settled one is settled too, with the same listings: with "Time to Fly" a random
# playout spends a quarter of its moves on orders, each of which would otherwise run the turn's checks and list
# the duty's choices again. Only games with orders are held (in the others nothing would be found again). One
# entry, replaced when ``advance`` stops elsewhere; states are immutable, so what was found stays true of them.
_settled: list[tuple[GameState | None, dict[int, tuple[Action, ...]]]] = [(None, {})]


def _duty_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    held, listed = _settled[0]
    if held is not state:
        return _list_duty_actions(state, seat)
    found = listed.get(seat)
    if found is None:
        found = listed[seat] = _list_duty_actions(state, seat)
    return found


def _list_duty_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    kind = _kind(state, seat)
    if kind == "develop":
        return tuple(development.candidates(state, seat))
    if kind == "feed":
        return feeding.candidates(state, seat)
    if kind == attack.KIND:
        return attack.answers(state)
    if kind == pairs.KIND:
        return pairs.choices(state)
    if kind == pack.KIND:
        return pack.answers(state)
    if kind == anglerfish.KIND:
        return attack.anglerfish_answers(state)
    return ()


def legal(state: GameState, seat: int) -> tuple[Action, ...]:
    listed = _duty_actions(state, seat)
    if not orders.offered(state):  # without "Time to Fly": no orders, and no copy of the listing
        return listed
    return listed + tuple(orders.choices(state, seat))


def check(state: GameState, action: Action) -> Refusal | None:
    """Why ``action`` may not be applied now, or None when it is legal."""
    if not isinstance(action, _ACTION_CLASSES):
        return MalformedInput("not an action of the original Evolution", code="not_an_action")
    if not isinstance(action.seat, int) or not 0 <= action.seat < len(state.players):
        return NotYourDecision("there is no such seat in this game", code="no_such_seat", seat=action.seat)
    if state.phase is GAME_OVER:
        return NotYourDecision("the game is over", code="game_over")
    if isinstance(action, _STANDING_ORDERS):
        return orders.refusal(state, action)
    kind = _kind(state, action.seat)
    if kind is None:
        waiting = decisions(state)
        return NotYourDecision("it is not your turn", code="not_your_turn", turn=waiting[0].seat if waiting else None)
    if kind == "develop" and isinstance(action, DevelopAction):
        return development.refusal(state, action)
    if kind == "feed" and isinstance(action, FeedAction):
        return feeding.refusal(state, action)
    if kind == attack.KIND and isinstance(action, DefendAction):
        return attack.defence_refusal(state, action)
    if kind == pairs.KIND and isinstance(action, UsePairedTrait):
        if action in pairs.choices(state):
            return None
        return IllegalAction("that paired trait cannot act now", code="no_such_trigger")
    if kind == pack.KIND and isinstance(action, JoinPack):
        return None
    if kind == anglerfish.KIND and isinstance(action, IgnoreTrait):
        if action in attack.anglerfish_answers(state):
            return None
        return IllegalAction(
            "your Anglerfish cannot ignore that trait of the carnivore",
            code="anglerfish_ignore",
            trait=action.trait.value,
        )
    return NotYourDecision(f"that does not answer this decision ({kind})", code="wrong_decision", kind=kind)


def _perform(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Carry out an action that ``check`` has accepted."""
    if isinstance(action, _STANDING_ORDERS):
        ordered = orders.apply(state, action)
        held, listed = _settled[0]
        if held is state:
            _settled[0] = (ordered[0], listed)
        return ordered
    if isinstance(action, JoinPack):
        return attack.pack_answer(state, action)
    if isinstance(action, IgnoreTrait):
        return attack.anglerfish_answer(state, action)
    if isinstance(action, UsePairedTrait):
        return pairs.answer(state, action)
    if state.interrupts.frames and isinstance(action, DefendAction):
        return attack.answer(state, action)
    if state.phase is DEVELOPMENT and isinstance(action, DevelopAction):
        return development.play(state, action)
    assert isinstance(action, FeedAction)
    return feeding.perform(state, action)


def _step(state: GameState, *, owned: bool) -> Step:
    """One automatic step of the rules, or None when some seat must decide (or the game is over); ``owned``: the state
    was made in this move, and nothing else holds it (``state.with_turn``)."""
    # The open questions read as the tuple they are: ``Interrupts.top`` and its truth are Python calls, and a step
    # runs after every move.
    frames = state.interrupts.frames
    if frames:
        return _FRAME_STEPS[type(frames[-1].context)](state)
    if state.phase is DEVELOPMENT:
        if state.active is None:
            state, events = food_base.roll(state)
            return feeding.start(state), events
        if development.empty_handed(state):
            return development.play(state, Pass(state.active))
        return None
    if state.phase is FEEDING:
        if state.active is None or feeding.sated(state):
            return _end_turn(state)
        if feeding.turn_over(state):
            return feeding.next_turn_unsated(state, state.active, owned=owned), []
    return None


_FRAME_STEPS: dict[type, Callable[[GameState], Step]] = {
    AttackFrame: attack.step,
    PairFrame: pairs.step,
    TakeFrame: feeding.resume_take,
    PackFrame: lambda _: None,
    AnglerfishFrame: lambda _: None,
}


def _end_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """Feeding ends; the extinction; then the game's end, or the new cards and the next turn."""
    state, events = feeding.end(state)
    state, died = extinction.die_out(state)
    events.extend(died)
    if state.last_turn:
        state, rolled = scoring.roll_off(evolve(state, phase=GAME_OVER, active=None))
        return state, [*events, *rolled, GameEnded(scoring.outcome(state).winners)]
    state, dealt, ran_out = extinction.deal(state)
    state, started = extinction.next_turn(state, last=ran_out)
    return state, events + dealt + started


def advance(state: GameState, *, owned: bool = False) -> tuple[GameState, list[Event]]:
    """Run every automatic step until some seat must decide or the game is over; ``owned``: ``state`` was made in this
    move, and nothing else holds it, so that a step may write into it (``state.with_turn``)."""
    if state is _settled[0][0]:
        return state, []
    events: list[Event] = []
    while True:
        step = _step(state, owned=owned)
        if step is None:
            if state.options.time_to_fly:
                _settled[0] = (state, {})
            return state, events
        # A state a step made is this move's too (``_opened`` may hold it, but a turn opened is not over: no step
        # writes into it).
        owned = owned or step[0] is not state
        state, more = step
        events.extend(more)


def _events(*groups: Iterable[Event]) -> tuple[Event, ...]:
    return tuple(event for group in groups for event in group)


class Origin(Ruleset[GameState, Action, TableView, SeatView, Event]):
    name: ClassVar[str] = "origin"
    title: ClassVar[str] = 'The original "Evolution" (Origin of Species)'
    min_players: ClassVar[int] = setup.MIN_PLAYERS
    max_players: ClassVar[int] = setup.MAX_PLAYERS
    # 2: the players' discard counts and tie rolls (the tie-break ``discards``); 3: an attack's ignored traits kept
    # with the animal they were announced on. Older snapshots replay the log.
    format_version: ClassVar[int] = 4
    option_specs: ClassVar[tuple[OptionSpec, ...]] = setup.OPTION_SPECS
    action_types: ClassVar[Mapping[str, type[Any]]] = ACTION_TYPES
    state_type: ClassVar[type[Any]] = GameState
    decision_kinds: ClassVar[tuple[str, ...]] = ("develop", "feed", "defend", "pair_order", "join_pack", "anglerfish")
    fresh_states: ClassVar[bool] = True
    hand_card_fields: ClassVar[Mapping[type, tuple[str, ...]]] = {
        PlayAnimal: ("card",),
        PlayTrait: ("card",),
        PlayPairedTrait: ("card",),
    }

    def card_face(self, card: int) -> Hashable:
        return traits_of(card)

    def duty_actions(self, state: GameState, seat: int) -> Sequence[Action]:
        # Standing orders are set at any moment and act only in others' moves: no duty waits for them.
        return tuple(a for a in legal(state, seat) if type(a) not in _STANDING_ORDERS)

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        return setup.player_range(setup.read(options))

    def new_game(
        self, *, players: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        read = self.read_options(options, players=len(players))
        state, dealt = setup.new_game(players=players, options=setup.read(read), seed=seed)
        state, more = advance(state)
        return state, _events(dealt, more)

    def decisions(self, state: GameState) -> tuple[Decision, ...]:
        return decisions(state)

    def duties(self, state: GameState) -> tuple[Decision, ...]:
        # The decisions without the standing orders' opportunities ("Time to Fly": one for every seat).
        return duties(state)

    def legal_actions(self, state: GameState, seat: int) -> tuple[Action, ...]:
        return legal(state, seat)

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
        return scoring.outcome(state) if state.phase is GAME_OVER else None

    def timeout_action(self, state: GameState, seat: int) -> Action:
        if _kind(state, seat) is None:
            raise NotYourDecision("that seat owes no decision now", code="not_your_decision")
        return timeouts.timeout_action(state, seat)

    def dump_position(self, state: GameState) -> dict[str, Any]:
        return position.dump(state)

    def load_position(self, data: Mapping[str, Any]) -> GameState:
        return position.load(data)
