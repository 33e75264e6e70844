"""End-of-game scoring (seed 000, "JÁTÉK VÉGI PONTOZÁS"; seed 002, "Final e Pontuação"): one point for every food
token in the food bag, for every population of a surviving species and for every trait card on a surviving species.
The most points wins; a tie goes to the player with the most trait cards, then to the one whose species have the
greatest total population; if still tied, "order a pizza and play another game" (ruling: a shared win)."""

from rules_core.engine import Outcome
from rules_core.north_star.actions import TakePlantFood
from rules_core.north_star.events import GameEnded
from rules_core.north_star.state import GameState
from tests.north_star.helpers import of
from tests.north_star.scenario import RULES, player, scenario, species


def _over(*players) -> Outcome:
    outcome = RULES.outcome(scenario(phase="game_over", turn=None, players=list(players)))
    assert outcome is not None
    return outcome


def _score(outcome: Outcome, seat: int) -> int:
    return next(s.score for s in outcome.standings if s.seat == seat)


def test_food_in_the_bag_population_and_trait_cards_each_score_one_point():
    outcome = _over(
        player("Ann", species(0, pop=3, traits=["horns", "climbing"]), species(1, pop=2), bag=7),
        player("Bob", species(10, pop=1), bag=1),
    )
    ann = next(s for s in outcome.standings if s.seat == 0)
    assert ann.score == 7 + 5 + 2
    assert dict(ann.details) == {"food": 7, "population": 5, "traits": 2}
    assert outcome.winners == (0,)


def test_the_most_points_win():
    outcome = _over(player("Ann", species(0, pop=1), bag=3), player("Bob", species(10, pop=1), bag=4))
    assert outcome.winners == (1,)
    assert [s.rank for s in outcome.standings] == [1, 2]


def test_a_tie_goes_to_the_player_with_more_trait_cards_before_population():
    outcome = _over(
        player("Ann", species(0, pop=1, traits=["horns", "climbing"]), bag=3),  # 3 + 1 + 2 = 6
        player("Bob", species(10, pop=2, traits=["horns"]), bag=3),  # 3 + 2 + 1 = 6, more population
    )
    assert _score(outcome, 0) == _score(outcome, 1) == 6
    assert outcome.winners == (0,)


def test_a_tie_on_points_and_traits_goes_to_the_greater_population():
    outcome = _over(
        player("Ann", species(0, pop=1, traits=["horns"]), bag=4),  # 4 + 1 + 1
        player("Bob", species(10, pop=3, traits=["horns"]), bag=2),  # 2 + 3 + 1
    )
    assert _score(outcome, 0) == _score(outcome, 1)
    assert outcome.winners == (1,)


def test_a_tie_on_everything_is_a_shared_win():
    outcome = _over(
        player("Ann", species(0, pop=2, traits=["horns"]), bag=4),
        player("Bob", species(10, pop=2, traits=["climbing"]), bag=4),
        player("Cy", species(20, pop=1), bag=1),
    )
    assert outcome.winners == (0, 1)
    assert [(s.seat, s.rank) for s in outcome.standings] == [(0, 1), (1, 1), (2, 3)]


def test_the_game_is_scored_after_the_last_round_with_the_food_eaten_that_round_and_fat():
    state: GameState = scenario(
        watering_hole=1,
        last_round=True,
        players=[
            player("Ann", species(0, pop=1), bag=5),
            player("Bob", species(10, body=2, pop=2, food=2, fat=2, traits=["fat_tissue"]), bag=1),
            player("Cy", species(20, pop=1, food=1)),
        ],
    )
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert (_score(outcome, 0), _score(outcome, 1), _score(outcome, 2)) == (5 + 1 + 1, 1 + 2 + 2 + 2 + 1, 1 + 1)
    assert outcome.winners == (1,)
    assert of(events, GameEnded) == [GameEnded((1,))]
