"""Intellect (INTELIGENCJA), seed 001: once a turn, announced with the attack, the carnivore ignores one trait of the
prey: one that would keep it away, or one that would foil or punish the attack; it suffers no consequence of it (a
Poisonous prey does not poison it); it does not stop an Anglerfish."""

from rules_core.origin.actions import Attack, DropTrait, Run, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import (
    AnglerfishRevealed,
    AnimalAttacked,
    AnimalEaten,
    AttackRedirected,
    CarnivorePoisoned,
    FoodTaken,
)
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


# The ignored trait is the announced animal's ("którą z cech zaatakowanego zwierzęcia"): Mimicry moves the attack
# only to an animal the carnivore may attack ("яку хижак здатний атакувати"), whose own traits all count.


def test_a_trait_ignored_on_one_animal_is_not_ignored_on_the_animal_mimicry_moves_the_attack_to():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "intellect")),
            player("Bob", animal(1, "mimicry", "tail_loss"), animal(2, "tail_loss")),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1, (T.TAIL_LOSS,)))
    assert of(events, AttackRedirected) == [AttackRedirected(1, 1, 2)]
    tail = state.animal(2).trait_card(T.TAIL_LOSS)
    assert tail is not None and DropTrait(1, tail.card) in RULES.legal_actions(state, 1)
    state, events = RULES.apply(state, DropTrait(1, tail.card))
    assert state.find(2) is not None and not of(events, AnimalEaten)


def test_compulsory_mimicry_never_moves_the_attack_onto_an_animal_the_carnivore_could_not_attack():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "intellect")),
            player("Bob", animal(1, "camouflage", "mimicry"), animal(2, "camouflage")),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1, (T.CAMOUFLAGE,)))
    assert of(events, AttackRedirected) == []
    assert of(events, AnimalEaten)[0].prey == 1 and state.find(2) is not None


def test_the_ignored_trait_stays_ignored_when_the_attack_comes_back_to_the_announced_animal():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "intellect")),
            player("Bob", animal(1, "camouflage", "mimicry"), animal(2, "mimicry"), animal(3, "camouflage")),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1, (T.CAMOUFLAGE,)))
    # 1 -> 2 (3 hides by its own Camouflage), and 2's Mimicry back to 1, whose Camouflage the carnivore ignores.
    assert of(events, AttackRedirected) == [AttackRedirected(1, 1, 2), AttackRedirected(1, 2, 1)]
    assert of(events, AnimalEaten)[0].prey == 1 and state.find(3) is not None
