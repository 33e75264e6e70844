"""Poisonous (ОТРУЙНА), seed 003: a carnivore that ate a Poisonous animal dies in this turn's extinction, even fed;
special cases: when the Poisonous animal escapes with Tail Loss, the carnivore gets one token and lives."""

from rules_core.origin.actions import Attack, DropTrait
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnimalDied, CarnivorePoisoned
from tests.origin.scenario import RULES, animal, of, play, player, scenario


def test_the_carnivore_that_ate_a_poisonous_animal_dies_in_the_extinction():
    state = scenario(
        food_base=1,
        players=[player("Ann", animal(0, "carnivore"), animal(2)), player("Bob", animal(1, "poisonous"), animal(3))],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert of(events, CarnivorePoisoned) == [CarnivorePoisoned(0, 0)]
    assert state.animal(0).poisoned and state.animal(0).food == 2  # fed
    state, rest = play(state, RULES.timeout_action(state, RULES.decisions(state)[0].seat))
    died = {(e.animal, e.cause) for e in of(rest, AnimalDied)}
    assert (0, "poison") in died
    assert state.find(0) is None


def test_tail_loss_saves_the_carnivore_from_the_poison():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "poisonous", "tail_loss"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    tail = state.animal(1).trait_card(Trait.TAIL_LOSS)
    assert tail is not None
    state, _ = RULES.apply(state, DropTrait(1, tail.card))
    assert not state.animal(0).poisoned and state.animal(0).food == 1
