"""The end of feeding and of the round (seed 000, "3. Az etetés vége"): a species that ate less than its population
drops to the food it ate, one that ate nothing goes extinct; every player puts the food their species ate into
their food bag; plant food left on the watering hole stays for the next round; a player with no surviving species
gets a new one; the first-player token passes one seat to the left. Then the next round is dealt, unless this was
the last round ("JÁTÉK VÉGI PONTOZÁS")."""

from rules_core.north_star.actions import TakePlantFood
from rules_core.north_star.events import (
    FeedingEnded,
    FirstPlayerPassed,
    FoodBagged,
    GameEnded,
    NewSpeciesGiven,
    PopulationLost,
    RoundStarted,
)
from rules_core.north_star.state import GameState, Phase
from tests.north_star.helpers import of
from tests.north_star.scenario import RULES, player, scenario, species


def _last_feeding(*, watering_hole: int = 1, bob=None, cy=None, **fields) -> GameState:
    """Ann takes the one plant food her hungry species can take; after that nobody can feed."""
    return scenario(
        watering_hole=watering_hole,
        players=[
            player("Ann", species(0, pop=1), bag=2),
            bob or player("Bob", species(10, pop=4, food=2, traits=["horns"])),
            cy or player("Cy", species(20, pop=3, food=3)),
        ],
        **fields,
    )


def test_a_species_that_ate_less_than_its_population_shrinks_to_what_it_ate():
    state, events = RULES.apply(_last_feeding(), TakePlantFood(0, 0))
    assert state.species(10).population == 2
    assert PopulationLost(1, 10, 2, "starvation") in events


def test_the_food_eaten_goes_into_the_food_bags_and_the_boards_are_cleared():
    state, events = RULES.apply(_last_feeding(), TakePlantFood(0, 0))
    assert [p.bag for p in state.players] == [3, 2, 3]
    assert all(s.food == 0 for _, s in state.all_species())
    assert FoodBagged(0, 1, 3) in events


def test_plant_food_left_on_the_watering_hole_stays_for_the_next_round():
    state = scenario(
        watering_hole=4,
        players=[
            player("Ann", species(0, pop=1)),
            player("Bob", species(10, pop=1, food=1)),
            player("Cy", species(20, pop=1, food=1)),
        ],
    )
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    assert of(events, FeedingEnded) == [FeedingEnded(3)]
    assert state.watering_hole == 3
    assert state.round == 2


def test_a_player_left_without_species_gets_a_new_one():
    bob = player("Bob", species(10, pop=2, body=3, traits=["horns"]))
    state, events = RULES.apply(_last_feeding(bob=bob), TakePlantFood(0, 0))
    (new,) = state.players[1].species
    assert (new.body_size, new.population, new.food, new.traits) == (1, 1, 0, ())
    assert NewSpeciesGiven(1, new.id) in events


def test_the_first_player_token_passes_to_the_left():
    state, events = RULES.apply(_last_feeding(first_player=2), TakePlantFood(0, 0))
    assert state.first_player == 0
    assert FirstPlayerPassed(0) in events


def test_the_next_round_is_dealt_after_a_round_that_was_not_the_last():
    state, events = RULES.apply(_last_feeding(), TakePlantFood(0, 0))
    assert of(events, RoundStarted) == [RoundStarted(2, 1, False)]
    assert state.phase is Phase.FOOD_CARDS
    assert [len(p.hand) for p in state.players] == [4, 4, 4]


def test_after_the_last_round_the_game_ends_and_is_scored():
    state, events = RULES.apply(_last_feeding(last_round=True), TakePlantFood(0, 0))
    assert state.phase is Phase.GAME_OVER
    assert of(events, RoundStarted) == []
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert of(events, GameEnded) == [GameEnded(outcome.winners)]
    assert RULES.decisions(state) == ()


def test_food_bags_are_secret():
    state, events = RULES.apply(_last_feeding(), TakePlantFood(0, 0))
    bagged = of(events, FoodBagged)
    assert bagged and all(e.audience == frozenset({e.seat}) for e in bagged)
    table = RULES.public_view(state)
    assert "bag" not in type(table.players[0]).__dataclass_fields__
    assert RULES.seat_view(state, 0).bag == 3
