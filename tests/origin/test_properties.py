"""Properties over seeded random games of 2 to 8 players (hypothesis), with and without seed 001's expansions.

Cards and food tokens are conserved (every token that appears or goes is told by an event); every action
``legal_actions`` offers applies; actions it does not offer are refused with the state unchanged; replaying the log
gives the same state; states, actions and positions round-trip through JSON at every step; a view does not change
when what its viewer may not see is reshuffled; a determinized state shows its seat exactly the seat's view; every
game ends with an outcome. With "Time to Fly" the seats also set standing orders now and then, as a front end lets
them at any moment.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from rules_core.copying import evolve
from rules_core.origin import Origin, game
from rules_core.origin.actions import (
    Action,
    Attack,
    ConvertFat,
    DropTrait,
    EndTurn,
    GiveBirth,
    Hibernate,
    Hide,
    JoinPack,
    Metamorphose,
    Mimic,
    Pass,
    Photosynthesize,
    Pirate,
    PlayAnimal,
    PlayPairedTrait,
    PlayTrait,
    ReleaseInk,
    Run,
    SetAmbush,
    SetAnglerfish,
    Specialize,
    Stomp,
    TakeFood,
    TakeShell,
    UsePairedTrait,
    Yield,
)
from rules_core.origin.cards import Trait
from rules_core.origin.events import (
    AnimalDied,
    AnimalEaten,
    Event,
    FeedingEnded,
    FoodBaseRolled,
    FoodCleared,
    FoodStomped,
    FoodTaken,
    TraitDropped,
)
from rules_core.origin.phases import feeding
from rules_core.origin.setup import cards_of_game
from rules_core.origin.state import GameState, Phase
from rules_core.origin.traits import anglerfish
from tests.playing import check_offered_and_others

RULES = Origin()
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_everywhere(state: GameState) -> Counter[int]:
    places: Counter[int] = Counter(state.deck)
    places.update(state.discard)
    places.update(state.shells)
    for player in state.players:
        places.update(player.hand)
        places.update(link.card for link in player.links)
        for animal in player.animals:
            # A revealed Anglerfish's card is its Carnivore trait too: one card.
            places.update({animal.card, *(t.card for t in animal.traits)})
    return places


def cards_of(state: GameState) -> Counter[int]:
    return Counter(cards_of_game(state.options, len(state.players)))


def tokens(state: GameState) -> int:
    return state.food_base + sum(a.food + a.fat for _, a in state.all_animals())


def token_change(events: tuple[object, ...]) -> int:
    """What the events say happened to the number of tokens in play."""
    change = 0
    for e in events:
        if isinstance(e, FoodBaseRolled):
            change += e.food_base
        elif isinstance(e, FoodTaken) and e.source == "supply":
            change += 1
        elif isinstance(e, FoodStomped):
            change -= 1
        elif isinstance(e, TraitDropped):
            change -= e.fat
        elif isinstance(e, AnimalEaten | AnimalDied):
            change -= e.food + e.fat
        elif isinstance(e, FeedingEnded):
            change -= e.food_base
        elif isinstance(e, FoodCleared):
            change -= e.tokens
    return change


Options = dict[str, Any]
#: The option sets played: the base game, and the expansions alone and together.
OPTION_SETS: tuple[Options, ...] = (
    {},
    {"two_decks": True},
    {"time_to_fly": True},
    {"darwins_day": True},
    {"time_to_fly": True, "darwins_day": True},
    {"time_to_fly": True, "darwins_day": True, "two_decks": True},
    {"tie_break": "discards"},
)
#: How often a random seat sets a standing order instead of the seat that must decide moving.
ORDERS = 0.05


def random_game(
    seed: int, players: int, options: Options
) -> Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
    chooser = random.Random(seed)
    state = RULES.new_game(players=[f"P{i}" for i in range(players)], options=options, seed=seed)[0]
    while state.phase is not Phase.GAME_OVER:
        duties = RULES.duties(state)
        assert len(duties) == 1, "one seat decides at a time"
        seat = duties[0].seat
        if state.options.time_to_fly and chooser.random() < ORDERS:
            seat = chooser.randrange(players)
            legal = RULES.legal_actions(state, seat)
        else:
            legal = tuple(a for a in RULES.legal_actions(state, seat) if not isinstance(a, SetAmbush | SetAnglerfish))
        assert legal, "a seat that must decide always has a legal action"
        action = chooser.choice(legal)
        after, events = RULES.apply(state, action)
        yield state, action, after, events
        state = after


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, int, Options]:
    options = draw(st.sampled_from(OPTION_SETS))
    low, high = RULES.player_range(RULES.read_options(options))
    return draw(st.integers(min_value=0, max_value=2**32)), draw(st.integers(min_value=low, max_value=high)), options


games = given(game=setups())


@SETTINGS
@games
def test_cards_and_food_tokens_are_conserved(game: tuple[int, int, Options]) -> None:
    for before, _, state, events in random_game(*game):
        assert cards_everywhere(state) == cards_of(state)
        assert tokens(state) == tokens(before) + token_change(events)
        assert state.food_base >= 0
        for _, animal in state.all_animals():
            # Tail Loss may take away a trait that raised the need: the tokens stay, more than it now needs.
            assert animal.food >= 0
            assert 0 <= animal.fat <= animal.count(Trait.FAT_TISSUE)


def junk_actions(state: GameState, rng: random.Random) -> Iterator[Action]:
    """Actions of every verb with ids near the real ones: mostly illegal."""
    seats = list(range(len(state.players) + 1))
    animals = [a.id for _, a in state.all_animals()] + [state.next_animal_id + 3]
    cards = list(range(0, 268, 9)) + [c for p in state.players for c in p.hand] + list(state.shells)
    cards += [link.card for p in state.players for link in p.links]
    cards += [t.card for _, a in state.all_animals() for t in a.traits]
    traits = list(Trait)
    for _ in range(20):
        seat, card, a, b = rng.choice(seats), rng.choice(cards), rng.choice(animals), rng.choice(animals)
        choices: list[Action] = [
            PlayAnimal(seat, card),
            PlayTrait(seat, card, rng.choice(traits), a),
            PlayPairedTrait(seat, card, rng.choice(traits), a, b),
            Pass(seat),
            TakeFood(seat, a),
            Attack(seat, a, b),
            ConvertFat(seat, a, rng.randrange(0, 3)),
            Stomp(seat, a),
            Pirate(seat, a, b),
            Hibernate(seat, a),
            EndTurn(seat),
            Run(seat),
            Mimic(seat, a),
            DropTrait(seat, card),
            Yield(seat),
            UsePairedTrait(seat, card, a),
            Specialize(seat, a),
            TakeShell(seat, card, a),
            Metamorphose(seat, a, card),
            GiveBirth(seat, a),
            Photosynthesize(seat, a),
            Hide(seat),
            ReleaseInk(seat),
            JoinPack(seat, rng.random() < 0.5),
            SetAmbush(seat, a, rng.random() < 0.5),
            SetAnglerfish(seat, rng.random() < 0.5),
            Attack(seat, a, b, (rng.choice(traits),), rng.choice([None, a, b])),
        ]
        yield rng.choice(choices)


@SETTINGS
@games
def test_offered_actions_apply_and_others_are_refused_leaving_the_state_unchanged(
    game: tuple[int, int, Options],
) -> None:
    rng = random.Random(game[0])
    for step, (before, _, _, _) in enumerate(random_game(*game)):
        if step % 3:
            continue
        check_offered_and_others(RULES, before, junk_actions(before, rng), rng, sample=6)


@SETTINGS
@games
def test_replaying_the_log_gives_the_same_state(game: tuple[int, int, Options]) -> None:
    seed, players, options = game
    log: list[Action] = []
    state = None
    for _, action, after, _ in random_game(*game):
        log.append(action)
        assert RULES.load_action(json.loads(json.dumps(RULES.dump_action(action)))) == action
        state = after
    assert state is not None
    names = [f"P{i}" for i in range(players)]
    assert RULES.replay(players=names, options=options, seed=seed, actions=log) == state


# Every step of a game is slow to check (the codec takes milliseconds for a state of eight players): fewer games.
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@games
def test_states_round_trip_through_json_at_every_step_and_positions_often(game: tuple[int, int, Options]) -> None:
    for index, (state, _, _, _) in enumerate(random_game(*game)):
        assert RULES.load_state(json.loads(json.dumps(RULES.dump_state(state)))) == state
        if index % 5 == 0:
            assert RULES.load_position(json.loads(json.dumps(RULES.dump_position(state)))) == state


def _view(state: GameState, viewer: int | None) -> object:
    return RULES.public_view(state) if viewer is None else RULES.seat_view(state, viewer)


def reshuffle_hidden(state: GameState, viewer: int | None, rng: random.Random) -> GameState:
    """Reshuffle what ``viewer`` may not see: the other hands, the cards under the others' animals (face down), the
    deck's order and the future of chance (an Anglerfish's card among them while it is face down). Counts the table
    sees are kept."""
    pool = list(state.deck)
    for player in state.players:
        if player.seat != viewer:
            pool.extend(player.hand)
            pool.extend(a.card for a in player.animals if not anglerfish.own_card(a))
    rng.shuffle(pool)
    players = []
    for player in state.players:
        if player.seat == viewer:
            players.append(player)
            continue
        hand = tuple(pool.pop() for _ in player.hand)
        animals = tuple(a if anglerfish.own_card(a) else evolve(a, card=pool.pop()) for a in player.animals)
        # The others' standing orders are theirs alone.
        orders = evolve(player.orders, anglerfish=rng.random() < 0.5)
        players.append(evolve(player, hand=hand, animals=animals, orders=orders))
    rng_state = evolve(state.rng, seed=rng.randrange(2**32))
    return evolve(state, players=tuple(players), deck=tuple(pool), rng=rng_state)


@SETTINGS
@games
def test_a_view_does_not_change_when_hidden_parts_are_reshuffled(game: tuple[int, int, Options]) -> None:
    rng = random.Random(game[0])
    for index, (state, _, _, _) in enumerate(random_game(*game)):
        if index % 5:
            continue
        for viewer in [None, *range(game[1])]:
            assert _view(reshuffle_hidden(state, viewer, rng), viewer) == _view(state, viewer)


@SETTINGS
@games
def test_a_determinized_state_shows_its_seat_exactly_what_the_seat_saw(game: tuple[int, int, Options]) -> None:
    for index, (state, _, _, _) in enumerate(random_game(*game)):
        if index % 4:
            continue
        for seat in range(game[1]):
            view = RULES.seat_view(state, seat)
            sampled = RULES.determinize(view, seed=index)
            assert RULES.seat_view(sampled, seat) == view
            assert cards_everywhere(sampled) == cards_of(state)
            for action in RULES.legal_actions(sampled, seat)[:5]:
                RULES.apply(sampled, action)


@SETTINGS
@games
def test_every_game_ends_with_an_outcome(game: tuple[int, int, Options]) -> None:
    players = game[1]
    steps = list(random_game(*game))
    state = steps[-1][2]
    assert state.phase is Phase.GAME_OVER
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert sorted(s.seat for s in outcome.standings) == list(range(players))
    best = max(s.score for s in outcome.standings)
    assert outcome.winners and all(s.score == best for s in outcome.standings if s.seat in outcome.winners)
    assert RULES.decisions(state) == ()


# Cheap enough for every step: pickling is how the search hands states to its worker processes.
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@games
def test_states_actions_and_events_pickle_and_copy_to_equal_ones(game: tuple[int, int, Options]) -> None:
    # Their classes are built by ``quick_init``'s constructor, which unpickling and copying must call right.
    for state, action, after, events in random_game(*game):
        for value in (state, action, events):
            assert pickle.loads(pickle.dumps(value)) == value
            assert copy.deepcopy(value) == value and copy.copy(value) == value
        assert RULES.duties(after) == tuple(d for d in RULES.decisions(after) if not d.opportunity)


def _options_listed(state: GameState) -> tuple[Action, ...]:
    return () if state.active is None else tuple(feeding.candidates(state, state.active))


@SETTINGS
@games
def test_a_turn_opened_by_next_turn_is_neither_over_nor_sated_and_lists_what_a_fresh_look_finds(
    game: tuple[int, int, Options],
) -> None:
    # ``next_turn`` remembers the state it opened a turn in and the options it listed there, and ``sated``,
    # ``turn_over`` and the listing answer for it without looking at the table: their answers must be those of a look
    # with nothing remembered.
    remembered = 0
    for _, _, after, _ in random_game(*game):
        if after.phase is not Phase.FEEDING:
            continue
        remembered += after is feeding._opened[0][0]
        answers = feeding.sated(after), feeding.turn_over(after), _options_listed(after)
        feeding._opened[0] = (None, ())
        assert answers == (feeding.sated(after), feeding.turn_over(after), _options_listed(after))
    assert remembered, "no turn was opened in feeding: nothing was compared"


@SETTINGS
@games
def test_a_feeding_turn_offers_pass_exactly_when_nothing_was_done_and_no_token_must_be_taken(
    game: tuple[int, int, Options],
) -> None:
    # The feeding listing offers Pass by whether a red token is among the takes it listed, not by asking
    # ``must_take`` (the rule ``check`` applies): both must agree at every feeding turn.
    compared = 0
    for _, _, after, _ in random_game(*game):
        if after.phase is not Phase.FEEDING or after.active is None or after.interrupts:
            continue
        seat = after.active
        listed = RULES.legal_actions(after, seat)
        assert (Pass(seat) in listed) == (not after.acted and not feeding.must_take(after, seat))
        assert (EndTurn(seat) in listed) == after.acted
        compared += 1
    assert compared, "no feeding turn was played: nothing was compared"


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=8))
@example(seed=1431, players=2)  # a game in which nobody ever sets a standing order: nothing to compare
def test_after_a_standing_order_the_duties_listed_and_the_flow_are_those_a_fresh_look_finds(
    seed: int, players: int
) -> None:
    # ``advance`` remembers the state it stopped at and the duty actions listed there, and a standing order carries
    # both to the state it makes: what is remembered must be what a look with nothing remembered finds.
    carried = 0
    for state, action, after, _ in random_game(seed, players, {"time_to_fly": True, "darwins_day": True}):
        listed = [RULES.legal_actions(after, seat) for seat in range(players)]
        if isinstance(action, SetAmbush | SetAnglerfish):
            carried += after is game._settled[0][0]
        game._settled[0] = (None, {})
        assert listed == [RULES.legal_actions(after, seat) for seat in range(players)], (action, state.version)
        assert RULES.advance(after) == (after, [])
    # Some random games never set one; hypothesis fails the test if none of its games does.
    assume(carried)


@SETTINGS
@games
def test_a_move_writes_only_states_it_made_and_never_one_held_before(game: tuple[int, int, Options]) -> None:
    # A move writes the feeding turn, the food base and the version into states it made itself
    # (``state.with_turn``), never into one a caller holds: every state of the game, by ``apply`` and by
    # ``apply_unchecked``, is at the end as it was when the move that made it returned.
    held = []
    for state, action, after, _ in random_game(*game):
        unchecked, _ = RULES.apply_unchecked(state, action)
        held += [(after, RULES.dump_state(after)), (unchecked, RULES.dump_state(unchecked))]
        assert held[-1][1] == held[-2][1]
    assert all(RULES.dump_state(state) == dumped for state, dumped in held)
