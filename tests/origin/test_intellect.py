"""Intellect (INTELIGENCJA), seed 001: once a turn, announced with the attack, the carnivore ignores one trait of the
prey: one that would keep it away, or one that would foil or punish the attack; it suffers no consequence of it (a
Poisonous prey does not poison it); it does not stop an Anglerfish."""

from rules_core.origin.actions import Attack, DropTrait, Run, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnglerfishRevealed, AnimalAttacked, AnimalEaten, CarnivorePoisoned, FoodTaken
from tests.origin.scenario import RULES, animal, expanded, of, play, player, refusal_code

T = Trait


def test_intellect_lets_a_carnivore_attack_an_animal_kept_safe_by_one_trait():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "intellect")), player("Bob", animal(1, "camouflage"), animal(2))],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "attack_blocked"
    assert Attack(0, 0, 1, (T.CAMOUFLAGE,)) in RULES.legal_actions(state, 0)
    state, events = RULES.apply(state, Attack(0, 0, 1, (T.CAMOUFLAGE,)))
    assert of(events, AnimalAttacked)[0].ignored == (T.CAMOUFLAGE,)
    assert state.animal(0).trait_card(T.INTELLECT).used  # type: ignore[union-attr]
    assert of(events, AnimalEaten)[0].prey == 1
    assert [e.cause for e in of(events, FoodTaken)] == ["attack", "attack"]


def test_two_traits_keeping_it_away_are_too_many():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "intellect")), player("Bob", animal(1, "camouflage", "big"))],
    )
    assert not [a for a in RULES.legal_actions(state, 0) if isinstance(a, Attack)]
    assert refusal_code(state, Attack(0, 0, 1, (T.CAMOUFLAGE,))) == "bad_ignore"


def test_an_ignored_defence_is_not_offered_to_the_defender():
    prey = animal(1, "running", "tail_loss")
    state = expanded(food_base=3, players=[player("Ann", animal(0, "carnivore", "intellect")), player("Bob", prey)])
    state, _ = RULES.apply(state, Attack(0, 0, 1, (T.RUNNING,)))
    answers = RULES.legal_actions(state, 1)
    assert Run(1) not in answers and Yield(1) in answers
    assert [a for a in answers if isinstance(a, DropTrait)]


def test_an_ignored_poison_does_not_poison_the_carnivore():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "intellect")), player("Bob", animal(1, "poisonous"))],
    )
    _, events = RULES.apply(state, Attack(0, 0, 1, (T.POISONOUS,)))
    assert not of(events, CarnivorePoisoned)
    _, events = RULES.apply(state, Attack(0, 0, 1))
    assert of(events, CarnivorePoisoned)


def test_intellect_serves_once_a_turn():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "intellect:used")),
            player("Bob", animal(1, "camouflage"), animal(2, "running")),
        ],
    )
    assert refusal_code(state, Attack(0, 0, 1, (T.CAMOUFLAGE,))) == "bad_ignore"
    assert Attack(0, 0, 2, (T.RUNNING,)) not in RULES.legal_actions(state, 0)


def test_only_traits_that_matter_may_be_ignored():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "intellect")), player("Bob", animal(1, "fat_tissue"))],
    )
    assert refusal_code(state, Attack(0, 0, 1, (T.FAT_TISSUE,))) == "bad_ignore"


def test_intellect_does_not_stop_an_anglerfish():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "intellect")),
            player("Bob", animal(1), animal(2, card="anglerfish")),
        ],
    )
    _, events = play(state, Attack(0, 0, 1))
    assert of(events, AnglerfishRevealed)
