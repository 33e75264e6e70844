"""Stable names (docs/rulings.md, "Stable names"): each animal keeps one number in its owner's name for its whole
life, given when it comes into play (played as an animal, or born of Viviparous) and never given again; an eaten or
starved animal keeps it too."""

import pytest

from rules_core.errors import MalformedInput
from rules_core.origin.actions import GiveBirth, PlayAnimal
from tests.origin.scenario import RULES, animal, expanded, player, scenario


def test_an_animal_played_takes_its_owners_next_number_whatever_left_play_before():
    # Ann had animals 7 and 3 (in that order); 7 is gone. The animal she plays now is her third, not her second.
    state = scenario(
        phase="development",
        players=[
            {**player("Ann", animal(3), hand=["swimming#0"]), "animals_made": [7, 3]},
            player("Bob", animal(1), hand=["running"]),
        ],
    )
    state, _ = RULES.apply(state, PlayAnimal(0, 0))
    ann = RULES.public_view(state).players[0]
    new = ann.animals[-1].id
    assert (ann.number(7), ann.number(3), ann.number(new)) == (1, 2, 3)
    assert RULES.public_view(state).players[1].number(new) is None


def test_a_newborn_takes_its_owners_next_number():
    state = expanded(food_base=3, players=[player("Ann", animal(0, "viviparous", food=1)), player("Bob", animal(1))])
    state, _ = RULES.apply(state, GiveBirth(0, 0))
    ann = RULES.public_view(state).players[0]
    assert [ann.number(a.id) for a in ann.animals] == [1, 2]


def test_a_new_game_starts_with_nobody_having_made_an_animal():
    state, _ = RULES.new_game(players=["Ann", "Bob"], options={}, seed=1)
    assert [p.animals_made for p in RULES.public_view(state).players] == [(), ()]


def test_the_position_format_keeps_each_players_animals_made():
    state = scenario(players=[{**player("Ann", animal(4), animal(2)), "animals_made": [1, 4, 2]}, player("Bob")])
    assert state.players[0].animals_made == (1, 4, 2)
    assert RULES.load_position(RULES.dump_position(state)).players[0].animals_made == (1, 4, 2)
    assert scenario(players=[player("Ann", animal(4), animal(2)), player("Bob")]).players[0].animals_made == (2, 4)


@pytest.mark.parametrize(
    ("ann_made", "bob_made", "code"),
    [([4], [], "bad_field"), ([2, 2, 4], [], "bad_field"), ([2, 4, 9], [9], "duplicate_animal")],
)
def test_a_position_whose_animals_made_do_not_fit_the_table_is_refused(ann_made, bob_made, code):
    with pytest.raises(MalformedInput) as refused:
        scenario(
            players=[
                {**player("Ann", animal(4), animal(2)), "animals_made": ann_made},
                {**player("Bob"), "animals_made": bob_made},
            ]
        )
    assert refused.value.code == code
