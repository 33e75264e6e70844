"""Stable names (docs/rulings.md, "Stable names"): each species keeps one number in its owner's name for its whole
life, given when it is made and never given again, whatever comes or goes beside it; a gone species keeps it too."""

import pytest

from rules_core.errors import MalformedInput
from rules_core.north_star.actions import CreateSpecies, TakePlantFood
from rules_core.north_star.cards import trait_of
from tests.north_star.scenario import RULES, player, scenario, species


def _numbers(state, seat: int) -> dict[int, int | None]:
    """Each species on the seat's table, by id: its number as the public view names it."""
    row = RULES.public_view(state).players[seat]
    return {s.id: row.number(s.id) for s in row.species}


def test_each_player_starts_with_species_number_one():
    state, _ = RULES.new_game(players=["Ann", "Bob", "Cy"], options={}, seed=3)
    view = RULES.public_view(state)
    assert [p.species_made for p in view.players] == [(0,), (1,), (2,)]
    assert [p.number(p.species[0].id) for p in view.players] == [1, 1, 1]


def test_a_new_species_takes_the_next_number_at_either_end_of_the_table():
    state = scenario(
        phase="play_cards",
        players=[
            player("Ann", species(0, pop=2), hand=["horns", "climbing", "fertile"]),
            player("Bob", species(10, pop=2)),
        ],
    )
    left = next(c for c in state.players[0].hand if trait_of(c).value == "horns")
    right = next(c for c in state.players[0].hand if trait_of(c).value == "climbing")
    state, _ = RULES.apply(state, CreateSpecies(0, left, "left"))
    state, _ = RULES.apply(state, CreateSpecies(0, right, "right"))
    ids = [s.id for s in state.players[0].species]
    # The table reads left to right: the left one made second, the first species, the right one made third.
    assert [_numbers(state, 0)[i] for i in ids] == [2, 1, 3]


def test_a_gone_species_keeps_its_number_and_it_is_never_given_again():
    # Bob's only species (his second: his first is gone) starves at the end of the round; he is given a new one, his
    # species 3, not 1 or 2.
    state = scenario(
        watering_hole=1,
        players=[
            player("Ann", species(0, pop=1)),
            {**player("Bob", species(11, pop=2)), "species_made": [10, 11]},
            player("Cy", species(20, pop=3, food=3)),
        ],
    )
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    (new,) = state.players[1].species
    bob = RULES.public_view(state).players[1]
    assert (bob.number(10), bob.number(11), bob.number(new.id)) == (1, 2, 3)
    assert RULES.public_view(state).players[0].number(11) is None


def test_the_position_format_keeps_each_players_species_made():
    state = scenario(players=[{**player("Ann", species(4), species(2)), "species_made": [1, 4, 2]}, player("Bob")])
    assert state.players[0].species_made == (1, 4, 2)
    assert RULES.load_position(RULES.dump_position(state)).players[0].species_made == (1, 4, 2)
    # Left out, the species on the table count in the order of their ids.
    assert scenario(players=[player("Ann", species(4), species(2)), player("Bob")]).players[0].species_made == (2, 4)


@pytest.mark.parametrize(
    ("ann_made", "bob_made", "code"),
    [([4], [], "bad_field"), ([2, 4, 4], [], "bad_field"), ([2, 4, 7], [7], "duplicate_species")],
)
def test_a_position_whose_species_made_do_not_fit_the_table_is_refused(ann_made, bob_made, code):
    with pytest.raises(MalformedInput) as refused:
        scenario(
            players=[
                {**player("Ann", species(4), species(2)), "species_made": ann_made},
                {**player("Bob"), "species_made": bob_made},
            ]
        )
    assert refused.value.code == code
