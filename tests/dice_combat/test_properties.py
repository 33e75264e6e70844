"""Properties over seeded random games of 2 to 6 players (hypothesis).

Every card is always in exactly one place; populations stay between 1 and Energy (0 once extinct); every action
``legal_actions`` offers applies, and actions it does not offer are refused with the state unchanged; replaying the
log gives the same state; states, actions and positions round-trip through JSON; a view does not change when what
its viewer may not see is reshuffled; a determinized state shows its seat exactly that seat's view; every game ends
with exactly one winner.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.copying import evolve
from rules_core.dice_combat import effects, game
from rules_core.dice_combat.actions import (
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
from rules_core.dice_combat.cards import EDITIONS, ENVIRONMENTS, SPECIES
from rules_core.dice_combat.phases import hunting
from rules_core.dice_combat.population import why_not_buy
from rules_core.dice_combat.state import GameState, Phase
from rules_core.rng import GENERATORS, Rng
from tests.dice_combat.helpers import RULES
from tests.playing import check_offered_and_others

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=6))


def options_of(seed: int) -> dict[str, int]:
    """The options of the random game of ``seed``: every edition of the cards with every generator in turn."""
    editions = sorted(EDITIONS)
    return {"edition": editions[seed % len(editions)], "generator": GENERATORS[seed // len(editions) % len(GENERATORS)]}


def random_game(seed: int, players: int) -> Iterator[tuple[GameState, Action, GameState]]:
    chooser = random.Random(seed)
    state = RULES.new_game(players=[f"P{i}" for i in range(players)], options=options_of(seed), seed=seed)[0]
    while state.phase is not Phase.GAME_OVER:
        decisions = RULES.decisions(state)
        assert RULES.duties(state), "a running game always waits for somebody"
        seat = chooser.choice(decisions).seat
        legal = RULES.legal_actions(state, seat)
        assert legal, "a seat that may decide always has a legal action"
        action = chooser.choice(legal)
        after, _ = RULES.apply(state, action)
        yield state, action, after
        state = after


def cards_everywhere(state: GameState) -> tuple[Counter[int], Counter[int], Counter[int]]:
    evolutions: Counter[int] = Counter(state.evolution_deck) + Counter(state.evolution_discard)
    species: Counter[int] = Counter(state.species_deck) + Counter(state.species_discard)
    for p in state.players:
        evolutions.update(p.hand)
        evolutions.update(p.species.evolutions)
        species[p.species.card] += 1
    if state.hunt is not None:
        evolutions.update(state.hunt.prey.evolutions)
        species[state.hunt.prey.card] += 1
    environments: Counter[int] = Counter(state.environment_deck) + Counter(state.environment_discard)
    if state.environment is not None:
        environments[state.environment] += 1
    return evolutions, species, environments


def every_card(edition: int) -> tuple[Counter[int], Counter[int], Counter[int]]:
    """Each card of a game of ``edition`` once: its edition's evolution and species cards, and the environments."""
    cards = EDITIONS[edition]
    return (
        Counter(c.id for c in cards.evolutions),
        Counter(c.id for c in cards.species),
        Counter(range(len(ENVIRONMENTS))),
    )


@SETTINGS
@games
def test_every_card_is_in_one_place_and_populations_stay_within_energy(seed: int, players: int) -> None:
    for _, _, state in random_game(seed, players):
        assert cards_everywhere(state) == every_card(state.edition)
        for p in state.players:
            kinds = effects.kinds(p.species)
            assert len(set(kinds)) == len(kinds)
            assert p.food >= 0
            if p.extinct:
                assert p.population == 0 and p.hand == ()
            else:
                assert 1 <= p.population <= effects.energy(p.species, state.environment)


def junk_actions(state: GameState, rng: random.Random) -> Iterator[Action]:
    """Actions of every verb with ids near the real ones: mostly illegal."""
    seats = list(range(len(state.players) + 1))
    species = [p.species.card for p in state.players] + [len(SPECIES) + 3]
    hands = [c for p in state.players for c in p.hand]
    cards = [*(c.id for c in EDITIONS[state.edition].evolutions[::5]), *hands]
    for _ in range(12):
        seat, card, other = rng.choice(seats), rng.choice(cards), rng.choice(cards)
        choices: list[Action] = [
            ExchangeCards(seat, (card, other)),
            PlayEvolution(seat, card, rng.choice(species)),
            DiscardCards(seat, tuple(sorted({card, other}))),
            DiscardCards(seat, (card,)),
            Hunt(seat),
            RollDice(seat),
            Attack(seat, rng.choice(species)),
            BuyPopulation(seat),
            Pass(seat),
        ]
        yield rng.choice(choices)


@SETTINGS
@games
def test_offered_actions_apply_and_others_are_refused_leaving_the_state_unchanged(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for step, (before, _, _) in enumerate(random_game(seed, players)):
        if step % 3:
            continue
        check_offered_and_others(RULES, before, junk_actions(before, rng), rng, sample=6)


@SETTINGS
@games
def test_replaying_the_log_gives_the_same_state_and_everything_round_trips_through_json(
    seed: int, players: int
) -> None:
    log: list[Action] = []
    state = None
    for _, action, after in random_game(seed, players):
        log.append(action)
        assert RULES.exact_action(json.loads(json.dumps(RULES.dump_action(action)))) == action
        if len(log) % 7 == 0:
            assert RULES.load_state(json.loads(json.dumps(RULES.dump_state(after)))) == after
            assert RULES.load_position(json.loads(json.dumps(RULES.dump_position(after)))) == after
        state = after
    assert state is not None
    replayed = RULES.replay(players=[f"P{i}" for i in range(players)], options=options_of(seed), seed=seed, actions=log)
    assert replayed == state


def reshuffle_hidden(state: GameState, viewer: int | None, rng: random.Random) -> GameState:
    """Reshuffle what ``viewer`` may not see: the other hands, every deck's order, the discard piles' contents, and
    the dice to come. Counts that the table sees are kept."""
    pool = [*state.evolution_deck, *state.evolution_discard]
    for p in state.players:
        if p.seat != viewer:
            pool.extend(p.hand)
    rng.shuffle(pool)
    players = tuple(p if p.seat == viewer else evolve(p, hand=tuple(pool.pop() for _ in p.hand)) for p in state.players)
    deck = tuple(pool.pop() for _ in state.evolution_deck)
    species = [*state.species_deck, *state.species_discard]
    environments = [*state.environment_deck, *state.environment_discard]
    rng.shuffle(species)
    rng.shuffle(environments)
    return evolve(
        state,
        players=players,
        evolution_deck=deck,
        evolution_discard=tuple(pool),
        species_deck=tuple(species[: len(state.species_deck)]),
        species_discard=tuple(species[len(state.species_deck) :]),
        environment_deck=tuple(environments[: len(state.environment_deck)]),
        environment_discard=tuple(environments[len(state.environment_deck) :]),
        rng=Rng(rng.randrange(2**32)),
    )


@SETTINGS
@games
def test_a_view_does_not_change_when_hidden_parts_are_reshuffled(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for index, (state, _, _) in enumerate(random_game(seed, players)):
        if index % 5:
            continue
        assert RULES.public_view(reshuffle_hidden(state, None, rng)) == RULES.public_view(state)
        for viewer in range(players):
            assert RULES.seat_view(reshuffle_hidden(state, viewer, rng), viewer) == RULES.seat_view(state, viewer)


@SETTINGS
@games
def test_a_determinized_state_shows_its_seat_exactly_what_the_seat_saw(seed: int, players: int) -> None:
    for index, (state, _, _) in enumerate(random_game(seed, players)):
        if index % 4:
            continue
        for seat in range(players):
            view = RULES.seat_view(state, seat)
            sampled = RULES.determinize(view, seed=index)
            assert RULES.seat_view(sampled, seat) == view
            assert cards_everywhere(sampled) == every_card(state.edition)
            for action in RULES.legal_actions(sampled, seat)[:4]:
                RULES.apply(sampled, action)


@SETTINGS
@games
def test_every_game_ends_with_exactly_one_winner(seed: int, players: int) -> None:
    *_, (_, _, state) = random_game(seed, players)
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1
    (winner,) = outcome.winners
    assert not state.players[winner].extinct and len(state.living()) == 1
    assert sorted(s.seat for s in outcome.standings) == list(range(players))
    assert sorted(s.rank for s in outcome.standings) == list(range(1, players + 1))
    assert RULES.decisions(state) == ()


@SETTINGS
@games
def test_states_actions_and_events_pickle_and_copy_to_equal_ones(seed: int, players: int) -> None:
    # Their classes are built by ``quick_init``'s constructor, which unpickling and copying must call right; the
    # duties are the decisions without the opportunities to buy population (``DiceCombat.duties`` finds them alone).
    for state, action, after in random_game(seed, players):
        events = RULES.apply(state, action)[1]
        for value in (state, action, events):
            assert pickle.loads(pickle.dumps(value)) == value
            assert copy.deepcopy(value) == value and copy.copy(value) == value
        assert RULES.duties(after) == tuple(d for d in RULES.decisions(after) if not d.opportunity)


@SETTINGS
@games
def test_the_duties_held_for_a_state_are_those_a_fresh_look_finds(seed: int, players: int) -> None:
    # ``duties`` holds its last answer for the state it was asked of: asked again of that state (as every move does),
    # it must give what working them out again gives, and the answer held for one state never serves another.
    held = 0
    for before, _, after in random_game(seed, players):
        held += game._owed[0][0] is after  # the move's last step asked it
        for state in (after, before):
            assert game.duties(state) == game._duties(state)
    assert held, "no duties were held for a state asked again: nothing was compared"


@SETTINGS
@games
def test_the_listing_begun_by_the_automatic_steps_goes_on_as_a_fresh_listing_would(seed: int, players: int) -> None:
    # The automatic steps that stop at a seat's duty begin listing its actions (to see whether it could only pass);
    # the first listing of that seat in that state goes on from there. Whichever seats are listed, in whatever
    # order, again or not at all before the next move (leaving a begun listing unused), each listing must be what
    # listing afresh gives.
    chooser = random.Random(seed)
    state = RULES.new_game(players=[f"P{i}" for i in range(players)], options=options_of(seed), seed=seed)[0]
    went_on = 0

    def fresh(seat: int) -> tuple[Action, ...]:
        if state.phase is Phase.GAME_OVER:
            return ()
        kind = game._duty_of(state, seat)
        listed = () if kind is None else tuple(game.duty_actions(state, seat, kind))
        return listed + ((BuyPopulation(seat),) if why_not_buy(state, seat) is None else ())

    while state.phase is not Phase.GAME_OVER:
        for seat in chooser.sample(list(range(players)) * 2, chooser.randrange(2 * players + 1)):
            went_on += bool(game._begun) and game._begun[0][0] is state and game._begun[0][1] == seat
            assert RULES.legal_actions(state, seat) == fresh(seat)
        state, _ = RULES.apply(state, chooser.choice(fresh(chooser.choice(RULES.decisions(state)).seat)))
    assert went_on, "no listing went on from one begun: nothing was compared"


@SETTINGS
@games
def test_a_move_writes_only_states_it_made_and_never_one_held_before(seed: int, players: int) -> None:
    # A move's automatic steps write into the state the step before made (``state.changed``), never into one a caller
    # holds: every state of the game, by ``apply`` and by ``apply_unchecked``, is at the end as it was when the move
    # that made it returned.
    held = []
    for state, action, after in random_game(seed, players):
        unchecked, _ = RULES.apply_unchecked(state, action)
        held += [(after, RULES.dump_state(after)), (unchecked, RULES.dump_state(unchecked))]
        assert held[-1][1] == held[-2][1]
        assert RULES.advance(after) == (after, [])
    assert all(RULES.dump_state(state) == dumped for state, dumped in held)


@SETTINGS
@games
def test_whether_a_seat_may_hunt_is_what_the_hunt_limit_in_force_says(seed: int, players: int) -> None:
    # ``may_hunt`` sums the effects in force only for a second hunt: it must answer as the limit does.
    for _, _, state in random_game(seed, players):
        for seat in state.living():
            assert hunting.may_hunt(state, seat) == (state.players[seat].hunts < hunting.limit(state, seat))
