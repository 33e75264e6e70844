"""Properties over seeded random games of 2 to 8 players (hypothesis).

Cards and food tokens are conserved (every token that appears or goes is told by an event); every action
``legal_actions`` offers applies; actions it does not offer are refused with the state unchanged; replaying the log
gives the same state; states, actions and positions round-trip through JSON at every step; a view does not change
when what its viewer may not see is reshuffled; a determinized state shows its seat exactly the seat's view; every
game ends with an outcome.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.copying import evolve
from rules_core.origin import Origin
from rules_core.origin.actions import (
    Action,
    Attack,
    ConvertFat,
    DropTrait,
    EndTurn,
    Hibernate,
    Mimic,
    Pass,
    Pirate,
    PlayAnimal,
    PlayPairedTrait,
    PlayTrait,
    Run,
    Stomp,
    TakeFood,
    UsePairedTrait,
    Yield,
)
from rules_core.origin.cards import Trait, game_cards
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
from rules_core.origin.setup import decks
from rules_core.origin.state import GameState, Phase
from tests.playing import check_offered_and_others

RULES = Origin()
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_everywhere(state: GameState) -> Counter[int]:
    places: Counter[int] = Counter(state.deck)
    places.update(state.discard)
    for player in state.players:
        places.update(player.hand)
        places.update(link.card for link in player.links)
        for animal in player.animals:
            places[animal.card] += 1
            places.update(t.card for t in animal.traits)
    return places


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


def random_game(
    seed: int, players: int, two_decks: bool
) -> Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
    chooser = random.Random(seed)
    state = RULES.new_game(players=[f"P{i}" for i in range(players)], options={"two_decks": two_decks}, seed=seed)[0]
    while state.phase is not Phase.GAME_OVER:
        decisions = RULES.decisions(state)
        assert len(decisions) == 1, "one seat decides at a time"
        seat = decisions[0].seat
        legal = RULES.legal_actions(state, seat)
        assert legal, "a seat that must decide always has a legal action"
        action = chooser.choice(legal)
        after, events = RULES.apply(state, action)
        yield state, action, after, events
        state = after


games = given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=2, max_value=8),
    two_decks=st.booleans(),
)


@SETTINGS
@games
def test_cards_and_food_tokens_are_conserved(seed: int, players: int, two_decks: bool) -> None:
    for before, _, state, events in random_game(seed, players, two_decks):
        assert cards_everywhere(state) == Counter(game_cards(decks(state.options, players)))
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
    cards = list(range(0, 84, 9)) + [c for p in state.players for c in p.hand]
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
        ]
        yield rng.choice(choices)


@SETTINGS
@games
def test_offered_actions_apply_and_others_are_refused_leaving_the_state_unchanged(
    seed: int, players: int, two_decks: bool
) -> None:
    rng = random.Random(seed)
    for step, (before, _, _, _) in enumerate(random_game(seed, players, two_decks)):
        if step % 3:
            continue
        check_offered_and_others(RULES, before, junk_actions(before, rng), rng, sample=6)


@SETTINGS
@games
def test_replaying_the_log_gives_the_same_state(seed: int, players: int, two_decks: bool) -> None:
    log: list[Action] = []
    state = None
    for _, action, after, _ in random_game(seed, players, two_decks):
        log.append(action)
        assert RULES.load_action(json.loads(json.dumps(RULES.dump_action(action)))) == action
        state = after
    assert state is not None
    names = [f"P{i}" for i in range(players)]
    assert RULES.replay(players=names, options={"two_decks": two_decks}, seed=seed, actions=log) == state


# Every step of a game is slow to check (the codec takes milliseconds for a state of eight players): fewer games.
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@games
def test_states_round_trip_through_json_at_every_step_and_positions_often(
    seed: int, players: int, two_decks: bool
) -> None:
    for index, (state, _, _, _) in enumerate(random_game(seed, players, two_decks)):
        assert RULES.load_state(json.loads(json.dumps(RULES.dump_state(state)))) == state
        if index % 5 == 0:
            assert RULES.load_position(json.loads(json.dumps(RULES.dump_position(state)))) == state


def _view(state: GameState, viewer: int | None) -> object:
    return RULES.public_view(state) if viewer is None else RULES.seat_view(state, viewer)


def reshuffle_hidden(state: GameState, viewer: int | None, rng: random.Random) -> GameState:
    """Reshuffle what ``viewer`` may not see: the other hands, the cards under the others' animals (face down), the
    deck's order and the future of chance. Counts the table sees are kept."""
    pool = list(state.deck)
    for player in state.players:
        if player.seat != viewer:
            pool.extend(player.hand)
            pool.extend(a.card for a in player.animals)
    rng.shuffle(pool)
    players = []
    for player in state.players:
        if player.seat == viewer:
            players.append(player)
            continue
        hand = tuple(pool.pop() for _ in player.hand)
        animals = tuple(evolve(a, card=pool.pop()) for a in player.animals)
        players.append(evolve(player, hand=hand, animals=animals))
    rng_state = evolve(state.rng, seed=rng.randrange(2**32))
    return evolve(state, players=tuple(players), deck=tuple(pool), rng=rng_state)


@SETTINGS
@games
def test_a_view_does_not_change_when_hidden_parts_are_reshuffled(seed: int, players: int, two_decks: bool) -> None:
    rng = random.Random(seed)
    for index, (state, _, _, _) in enumerate(random_game(seed, players, two_decks)):
        if index % 5:
            continue
        for viewer in [None, *range(players)]:
            assert _view(reshuffle_hidden(state, viewer, rng), viewer) == _view(state, viewer)


@SETTINGS
@games
def test_a_determinized_state_shows_its_seat_exactly_what_the_seat_saw(
    seed: int, players: int, two_decks: bool
) -> None:
    for index, (state, _, _, _) in enumerate(random_game(seed, players, two_decks)):
        if index % 4:
            continue
        for seat in range(players):
            view = RULES.seat_view(state, seat)
            sampled = RULES.determinize(view, seed=index)
            assert RULES.seat_view(sampled, seat) == view
            assert cards_everywhere(sampled) == cards_everywhere(state).__class__(
                game_cards(decks(state.options, players))
            )
            for action in RULES.legal_actions(sampled, seat)[:5]:
                RULES.apply(sampled, action)


@SETTINGS
@games
def test_every_game_ends_with_an_outcome(seed: int, players: int, two_decks: bool) -> None:
    steps = list(random_game(seed, players, two_decks))
    state = steps[-1][2]
    assert state.phase is Phase.GAME_OVER
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert sorted(s.seat for s in outcome.standings) == list(range(players))
    best = max(s.score for s in outcome.standings)
    assert outcome.winners and all(s.score == best for s in outcome.standings if s.seat in outcome.winners)
    assert RULES.decisions(state) == ()
