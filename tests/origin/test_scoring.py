"""Scoring (seed 003, "Завершення гри та визначення переможця"): 2 points for each surviving animal, 1 for each trait
of them, +1 for Carnivore and for Big, +2 for Parasite; a paired trait is one card and scores once; a Parasite scores
for the owner of its animal; ties go to more surviving animals, then to the player whose one animal has the most
traits."""

from typing import Any

from rules_core.engine import Outcome
from rules_core.origin.scoring import outcome, score_parts
from tests.origin.scenario import animal, link, player, scenario


def final(*players: dict[str, Any]) -> Outcome:
    return outcome(scenario(phase="game_over", active=None, players=list(players)))


def test_two_points_an_animal_one_a_trait_and_the_extra_points_of_carnivore_big_and_parasite():
    state = scenario(
        phase="game_over",
        active=None,
        players=[
            player("Ann", animal(0, "carnivore", "big", "swimming"), animal(1, "parasite")),
            player("Bob"),
        ],
    )
    assert score_parts(state.players[0]) == (4, 4, 1 + 1 + 2, 0)
    result = outcome(state)
    assert [(s.seat, s.score) for s in result.standings] == [(0, 12), (1, 0)]
    assert result.standings[0].details == (("animals", 4), ("traits", 4), ("extra", 4))


def test_a_paired_trait_scores_once():
    result = final(player("Ann", animal(0), animal(1), links=[link("cooperation", 0, 1)]), player("Bob"))
    assert result.standings[0].score == 2 + 2 + 1


def test_ties_go_to_more_animals():
    result = final(
        player("Ann", animal(0), animal(1)),  # 4 points, 2 animals
        player("Bob", animal(2, "big", "swimming")),  # 2 + 2 + 1 = 5
        player("Cy", animal(3, "swimming")),  # 3
        player("Di", animal(4, "big")),  # 4 points, 1 animal
    )
    assert [(s.seat, s.score, s.rank) for s in result.standings] == [(1, 5, 1), (0, 4, 2), (3, 4, 3), (2, 3, 4)]


def test_then_to_the_player_whose_one_animal_has_most_traits():
    result = final(
        player("Ann", animal(0, "swimming", "running"), animal(1)),  # 2+2 +2 = 6, 2 animals, most traits 2
        player("Bob", animal(2, "swimming"), animal(3, "running")),  # 6, 2 animals, most traits 1
    )
    assert result.winners == (0,)
    assert [s.tiebreaks for s in result.standings] == [(2, 2), (2, 1)]


def test_paired_traits_count_for_both_animals_in_the_tie_break():
    result = final(
        player("Ann", animal(0, "swimming"), animal(1), links=[link("cooperation", 0, 1)]),  # 2+2+2 = 6, most 2
        player("Bob", animal(2, "swimming", "running"), animal(3)),  # 6, most 2
    )
    assert result.winners == (0, 1)
