"""North Star "Evolution" behind the engine interface: who decides, what is legal, and the round's flow."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar

from rules_core.copying import evolve
from rules_core.engine import Decision, OptionSpec, Outcome, Ruleset
from rules_core.errors import MalformedInput, NotYourDecision, Refusal
from rules_core.north_star import determinize, position, scoring, setup, timeouts
from rules_core.north_star.actions import (
    ACTION_TYPES,
    Action,
    Attack,
    CreateSpecies,
    FinishCardPlay,
    IncreaseBodySize,
    IncreasePopulation,
    PlayTrait,
    ResolveRevealEffect,
    SelectFoodCard,
    UseIntelligence,
)
from rules_core.north_star.cards import TRAIT_OF, food_value
from rules_core.north_star.events import CARD_PLAY_EVENTS, Event, GameEnded, PlaysShown
from rules_core.north_star.phases import deal, end_of_round, feeding, food_cards, play_cards, reveal
from rules_core.north_star.state import (
    FEEDING,
    FOOD_CARDS,
    GAME_OVER,
    PLAY_CARDS,
    REVEAL_EFFECTS,
    GameState,
    Options,
    Phase,
    QuickStart,
    RevealEffect,
)
from rules_core.north_star.view import SeatView, TableView, seat_view, table_view

# The slots' own setters, for the fields written into a state this module has just made (see ``_own``).
_write_turn = GameState.__dict__["turn"].__set__
_write_version = GameState.__dict__["version"].__set__


def _own(new: GameState, given: GameState) -> GameState:
    """``new``, made from ``given`` by a rule function in this very call, ready to have a field written in place.

    A rule function returns either the state it was given (when nothing changed) or a state it made, which nothing
    else holds yet: writing the turn or the version into that one saves a copy of the whole state (a third of all
    copies were these). The state the caller gave is never written: it is copied first. Once returned from
    ``apply``, a state is frozen like any other.
    """
    return evolve(new) if new is given else new


_DECISION_KIND = {
    FOOD_CARDS: "food_card",
    PLAY_CARDS: "play_cards",
    REVEAL_EFFECTS: "reveal_order",
    FEEDING: "feed",
}

# Every decision there can be, made once: they are asked for after every action. Picking a food card and playing
# cards are choices among the cards in hand: their prompts show the hand.
_DECISIONS: dict[Phase, tuple[Decision, ...]] = {
    phase: tuple(
        Decision(seat, kind, uses_secrets=phase in (FOOD_CARDS, PLAY_CARDS)) for seat in range(setup.MAX_PLAYERS)
    )
    for phase, kind in _DECISION_KIND.items()
}


def deciding_seats(state: GameState) -> Sequence[int]:
    """The seats that must decide now (the seats of :func:`decisions`, without building them)."""
    phase = state.phase
    if phase is FEEDING or (phase is PLAY_CARDS and not state.quick_game):
        # The sequential parts, asked after every action: one seat, or nobody between two steps.
        return () if state.turn is None else (state.turn,)
    if phase is FOOD_CARDS:
        if state.quick_start is None:
            return food_cards.waiting(state)
        # Those still choosing a food card, and those who chose one and play their cards meanwhile.
        return [
            p.seat
            for p in state.players
            if not p.done and p.hand and (p.food_card is None or state.playing_cards(p.seat))
        ]
    if phase is PLAY_CARDS and state.quick_game:
        return [p.seat for p in state.players if not p.done]
    if phase is REVEAL_EFFECTS:
        return sorted({e.seat for e in state.pending_effects})
    return ()


def decisions(state: GameState) -> tuple[Decision, ...]:
    phase, turn = state.phase, state.turn
    if turn is not None and (phase is FEEDING or (phase is PLAY_CARDS and not state.quick_game)):
        return (_DECISIONS[phase][turn],)  # the sequential parts (as in ``deciding_seats``): after most actions
    table = _DECISIONS.get(state.phase)
    if table is None:
        return ()
    seats = deciding_seats(state)
    if phase is FOOD_CARDS and state.quick_start is not None:
        playing = _DECISIONS[PLAY_CARDS]
        return tuple([playing[seat] if state.players[seat].food_card is not None else table[seat] for seat in seats])
    if len(seats) == 1:  # the sequential parts: after almost every action
        return (table[seats[0]],)
    return tuple([table[seat] for seat in seats])


def _legal(state: GameState, seat: int) -> tuple[Action, ...]:
    # Card plays are listed by ``legal_actions`` itself (lazily, with the plays handed out so far for ``check``).
    if state.phase is FOOD_CARDS:
        return tuple(food_cards.candidates(state, seat))
    if state.phase is REVEAL_EFFECTS:
        return tuple(reveal.candidates(state, seat))
    return tuple(feeding.legal(state, seat))


# Each action class with the phase it belongs to and the module that says why it may not be taken: one lookup
# by the action's exact class (``check`` runs on every action).
_RULES_OF: dict[type, tuple[Phase, Callable[[GameState, Any], Refusal | None]]] = {
    cls: (phase, refusal)
    for classes, phase, refusal in (
        ((SelectFoodCard,), FOOD_CARDS, food_cards.refusal),
        (play_cards.CARD_ACTIONS, PLAY_CARDS, play_cards.refusal),
        ((ResolveRevealEffect,), REVEAL_EFFECTS, reveal.refusal),
        (feeding.FEED_ACTIONS, FEEDING, feeding.refusal),
    )
    for cls in classes
}


# The last answer of ``legal_actions``: (state, the actions offered). A move is mostly checked right after the
# actions it came from were listed for that very state; ``check`` then finds that very object among them instead of
# working every rule out again (by identity, compared in C: asking each action's ``__eq__`` cost more than it
# saved). Of card plays, only those handed out so far are looked at (``CardPlays.given``). One entry, replaced at each
# listing; the state is immutable, so the answer stays true while it is held.
_offered: list[tuple[GameState | None, Sequence[Action]]] = [(None, ())]


def legal_actions(state: GameState, seat: int) -> Sequence[Action]:
    if seat not in deciding_seats(state):
        return ()
    if state.playing_cards(seat):
        plays = play_cards.legal(state, seat)
        _offered[0] = (state, plays.given)
        return plays
    actions = _legal(state, seat)
    _offered[0] = (state, actions)
    return actions


def check(state: GameState, action: Action) -> Refusal | None:
    """Why ``action`` may not be applied now, or None when it is legal."""
    rules = _RULES_OF.get(type(action))
    if rules is None:
        return MalformedInput("not a North Star action", code="not_an_action")
    offered_in, offered = _offered[0]
    if offered_in is state and id(action) in map(id, offered):
        return None
    if not 0 <= action.seat < len(state.players):
        return NotYourDecision("there is no such seat in this game", code="no_such_seat", seat=action.seat)
    if state.phase is GAME_OVER:
        return NotYourDecision("the game is over", code="game_over")
    if action.seat not in deciding_seats(state):
        player = state.players[action.seat]
        if state.phase is FOOD_CARDS and type(action) is not SelectFoodCard and not player.done:
            if player.food_card is not None:  # chosen: those before them are still playing their cards
                return NotYourDecision(
                    "it is not your turn", code="not_your_turn", turn=state.card_play_waits_on(action.seat)
                )
            return NotYourDecision(
                "cards are played once every food card is chosen", code="wrong_phase", phase=state.phase.value
            )
        if state.phase in (FOOD_CARDS, REVEAL_EFFECTS) or (state.phase is PLAY_CARDS and state.quick_game):
            return NotYourDecision("you have already made this choice", code="already_decided")
        return NotYourDecision("it is not your turn", code="not_your_turn", turn=state.turn)
    phase, refusal = rules
    stage = PLAY_CARDS if state.playing_cards(action.seat) else state.phase
    if phase is not stage:
        if phase is FOOD_CARDS and state.phase is FOOD_CARDS:  # chosen, now playing cards
            return NotYourDecision("you have already chosen your food card", code="already_decided")
        return NotYourDecision(
            f"that cannot be done in the {stage.value.replace('_', ' ')} phase",
            code="wrong_phase",
            phase=stage.value,
        )
    return refusal(state, action)


# The verbs of each kind, for ``_perform``: one set lookup by the action's exact class (as ``check`` finds its rules)
# instead of an ``isinstance`` call against a tuple of classes.
_CARD_PLAYS = frozenset(play_cards.CARD_ACTIONS)
_FEEDING_MOVES = frozenset(feeding.FEED_ACTIONS)


def _perform(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    # The verbs by how often a game uses them: card plays, feeding, food cards, reveal effects.
    verb = type(action)
    if verb in _CARD_PLAYS:
        new, events = play_cards.play(state, action)  # type: ignore[arg-type]
        if new.quick_start is not None:
            # Seed 000, "GYORS JÁTÉK SZABÁLYAI": the others hear of a quick-game card play once the phase is over.
            withheld = [e for e in events if isinstance(e, CARD_PLAY_EVENTS)]
            start = new.quick_start
            if new.players[action.seat].hand and not new.players[action.seat].done:
                # Nothing public changed (a last card ends the seat's card play, which the table sees).
                start = evolve(start, hidden=start.hidden + 1)
            new = evolve(new, withheld=(*new.withheld, *withheld), quick_start=start)
            events = [e for e in events if not isinstance(e, CARD_PLAY_EVENTS)]
            if new.players[action.seat].done:
                events += _plays_shown(state, new)
        elif new.players[action.seat].done and not new.quick_game:  # done first: mostly False
            new = _own(new, state)
            _write_turn(new, _next_card_player(new, action.seat))
        return new, events
    if verb in _FEEDING_MOVES:
        new, events = feeding.feed(state, action)  # type: ignore[arg-type]
        if new.phase is FEEDING:
            new = _own(new, state)
            _write_turn(new, feeding.next_turn(new, action.seat))
        return new, events
    if isinstance(action, SelectFoodCard):
        new, events = food_cards.select(state, action)
        dealt = new.quick_start
        if dealt is not None:
            # The table sees that a food card was chosen (a card fewer in hand), not which: its view of the player
            # is the player as they now are, before any card play.
            seen = list(dealt.players)
            seen[action.seat] = new.players[action.seat]
            new = evolve(new, quick_start=evolve(dealt, players=tuple(seen)))
            events += _plays_shown(state, new)
        return new, events
    if isinstance(action, ResolveRevealEffect):
        return reveal.resolve(state, RevealEffect(action.seat, action.species, action.trait))
    raise TypeError(f"not a North Star action: {action!r}")  # ``check`` refuses it; ``apply_unchecked`` does not


def _plays_shown(before: GameState, after: GameState) -> list[Event]:
    """Without the quick game, a player whose card play begins while others still choose their food cards hears
    first what those before them played (withheld from the table until every food card is chosen), as they would
    have seen it played."""
    if after.quick_game or not after.withheld or not food_cards.waiting(after):
        return []
    return [
        PlaysShown(p.seat, after.withheld)
        for p in after.players
        if p.hand and not p.done and after.playing_cards(p.seat) and not before.playing_cards(p.seat)
    ]


def _next_card_player(state: GameState, after: int) -> int | None:
    n = len(state.players)
    for step in range(1, n):
        seat = (after + step) % n
        if not state.players[seat].done:
            return seat
    return None


def advance(state: GameState) -> tuple[GameState, list[Event]]:
    """Run every automatic step until some seat must decide or the game is over."""
    events: list[Event] = []
    while True:
        step = _automatic_step(state)
        if step is None:
            return state, events
        state, more = step(state)
        events.extend(more)


def _automatic_step(state: GameState) -> Callable[[GameState], tuple[GameState, list[Event]]] | None:
    # Asked after every action: the phases by how often a game is in them, the sequential turns first.
    phase = state.phase
    if phase is FEEDING:
        return _end_round if state.turn is None else None
    if phase is PLAY_CARDS:
        turn = state.turn
        if turn is not None and not state.quick_game:
            player = state.players[turn]
            if not player.done:  # so not everybody is done: only an empty hand ends this card play at once
                return None if player.hand else _finish_empty_handed
        if _empty_handed(state) is not None:
            return _finish_empty_handed
        if all([p.done for p in state.players]):  # a list: no generator to resume
            return _start_feeding
        return None
    if phase is FOOD_CARDS:
        if state.quick_start is not None and _empty_handed(state) is not None:
            return _finish_empty_handed
        return None if food_cards.waiting(state) else _start_card_play
    if phase is REVEAL_EFFECTS:
        if not state.pending_effects:
            return _start_feeding_turns
        if any(not reveal.order_matters(state, e.seat, state.pending_effects) for e in state.pending_effects):
            return reveal.resolve_unordered
    return None


def _start_card_play(state: GameState) -> tuple[GameState, list[Event]]:
    if state.quick_start is not None:
        # The card play began at the food cards: those who finished have finished.
        if state.quick_game:
            return evolve(state, phase=PLAY_CARDS, turn=None), []
        # The plays made meanwhile (by those whose turn came early) are told now, before the next player plays.
        state, told = play_cards.end_quick_play(state)
        first = state.first_player
        turn = first if not state.players[first].done else _next_card_player(state, first)
        return evolve(state, phase=PLAY_CARDS, turn=turn), told
    # The deal cleared every done flag, so mostly nobody's is left to clear: no copy of those players.
    players = tuple([evolve(p, done=False) if p.done else p for p in state.players])
    if state.quick_game:  # a snapshot of an older format, taken while the food cards were chosen
        start = QuickStart(players, len(state.discard))
        return evolve(state, phase=PLAY_CARDS, players=players, turn=None, quick_start=start), []
    return evolve(state, phase=PLAY_CARDS, players=players, turn=state.first_player), []


def _empty_handed(state: GameState) -> int | None:
    """A seat whose turn it is to play cards but who holds none."""
    if state.phase is FOOD_CARDS:  # those playing while the others choose food cards
        return next((p.seat for p in state.players if not (p.done or p.hand) and state.playing_cards(p.seat)), None)
    if state.quick_game:
        return next((p.seat for p in state.players if not p.done and not p.hand), None)
    if state.turn is not None and not state.players[state.turn].hand:
        return state.turn
    return None


def _finish_empty_handed(state: GameState) -> tuple[GameState, list[Event]]:
    """A player with no card left has nothing to play: their card play ends at once."""
    seat = _empty_handed(state)
    assert seat is not None
    return _perform(state, FinishCardPlay(seat))


def _start_feeding(state: GameState) -> tuple[GameState, list[Event]]:
    state, told = play_cards.end_quick_play(state)
    revealed, events = play_cards.reveal_traits(state)
    revealed = _own(revealed, state)
    _write_turn(revealed, None)
    state, more = reveal.begin(revealed)
    return state, told + events + more


def _start_feeding_turns(state: GameState) -> tuple[GameState, list[Event]]:
    players = tuple([evolve(p, done=False) for p in state.players])
    new = evolve(state, phase=FEEDING, players=players)
    _write_turn(new, feeding.next_turn(new, (new.first_player - 1) % len(players)))  # a state made just now
    return new, []


def _end_round(state: GameState) -> tuple[GameState, list[Event]]:
    state, events = end_of_round.end_feeding(state)
    if state.last_round:
        state, more = end_of_round.end_game(state)
        return state, [*events, *more, GameEnded(scoring.outcome(state).winners)]
    state, more = deal.start_round(state)
    return state, events + more


class NorthStar(Ruleset[GameState, Action, TableView, SeatView, Event]):
    name: ClassVar[str] = "north_star"
    title: ClassVar[str] = 'North Star Games "Evolution"'
    min_players: ClassVar[int] = setup.MIN_PLAYERS
    max_players: ClassVar[int] = setup.MAX_PLAYERS
    # 3: the quick game's card plays not told yet are counted (QuickStart.hidden). 4: each player's species made.
    # 5: the quick game's table as dealt is kept from the deal on. 6: every game's (a player's card play begins
    # at the food card once those before them have finished). Older snapshots replay the log.
    format_version: ClassVar[int] = 6
    option_specs: ClassVar[tuple[OptionSpec, ...]] = setup.OPTION_SPECS
    action_types: ClassVar[Mapping[str, type[Any]]] = ACTION_TYPES
    hand_card_fields: ClassVar[Mapping[type, tuple[str, ...]]] = {
        **{
            cls: ("card",)
            for cls in (SelectFoodCard, PlayTrait, CreateSpecies, IncreaseBodySize, IncreasePopulation, UseIntelligence)
        },
        Attack: ("discards",),
    }
    state_type: ClassVar[type[Any]] = GameState
    decision_kinds: ClassVar[tuple[str, ...]] = tuple(_DECISION_KIND.values())

    def new_game(
        self, *, players: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        read = self.read_options(options, players=len(players))
        state = setup.initial_state(players=players, options=Options(quick_game=read["quick_game"]), seed=seed)
        state, dealt = deal.start_round(state)
        state, more = advance(state)
        return state, (*dealt, *more)

    def decisions(self, state: GameState) -> tuple[Decision, ...]:
        return decisions(state)

    def duties(self, state: GameState) -> tuple[Decision, ...]:
        # North Star has no opportunities: every decision is one the game waits for.
        return decisions(state)

    def legal_actions(self, state: GameState, seat: int) -> Sequence[Action]:
        return legal_actions(state, seat)

    def check(self, state: GameState, action: Action) -> Refusal | None:
        return check(state, action)

    def perform(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        return _perform(state, action)

    def advance(self, state: GameState) -> tuple[GameState, list[Event]]:
        return advance(state)

    def count_move(self, new: GameState, given: GameState) -> GameState:
        new = _own(new, given)
        _write_version(new, given.version + 1)
        return new

    def public_view(self, state: GameState) -> TableView:
        return table_view(state, decisions=decisions(state), outcome=self.outcome(state))

    def seat_view(self, state: GameState, seat: int) -> SeatView:
        return seat_view(state, seat, self.public_view(state))

    def determinize(self, view: SeatView, *, seed: int) -> GameState:
        return determinize.determinize(view, seed=seed)

    def outcome(self, state: GameState) -> Outcome | None:
        return scoring.outcome(state) if state.phase is GAME_OVER else None

    def timeout_action(self, state: GameState, seat: int) -> Action:
        if seat not in deciding_seats(state):
            raise NotYourDecision("that seat owes no decision now", code="not_your_decision")
        return timeouts.timeout_action(state, seat)

    def card_face(self, card: int) -> Hashable:
        return (TRAIT_OF[card], food_value(card))

    def forced_action(self, state: GameState, seat: int) -> Action | None:
        action = super().forced_action(state, seat)
        # Intelligence spends a card from the hand: whether it is the only move depends on the hand's faces, which
        # the table may not see (docs/rulings.md, "Moves that make themselves").
        if type(action) is UseIntelligence or (type(action) is Attack and action.discards):
            return None
        return action

    def dump_position(self, state: GameState) -> dict[str, Any]:
        return position.dump(state)

    def load_position(self, data: Mapping[str, Any]) -> GameState:
        return position.load(data)
