"""The state's small structural updates, shared by every rule module (``rules_core/origin/state.py``)."""

import pytest

from rules_core.copying import evolve
from tests.origin.scenario import animal, player, scenario


def test_an_animal_written_back_by_its_owners_seat_is_the_animal_found_by_its_id():
    state = scenario(food_base=3, players=[player("Ann", animal(0), animal(1)), player("Bob", animal(2), animal(3))])
    fed = evolve(state.animal(3), food=1)
    assert state.with_animal(fed, seat=1) == state.with_animal(fed)
    assert state.with_animal(fed, seat=1).players[1].animals == (state.animal(2), fed)
    # A caller that names the wrong owner is stopped, not left to write into that player's row.
    with pytest.raises(ValueError):
        state.with_animal(fed, seat=0)
