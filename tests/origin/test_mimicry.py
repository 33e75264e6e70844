"""Mimicry (МІМІКРІЯ), seed 003: the first time in a turn the animal is attacked, its owner MUST move the attack to
another of their animals that the carnivore may attack; special cases: only on the first attack of the turn; when no
other animal of theirs may be attacked, Mimicry does not work."""

from rules_core.origin.actions import Attack, DropTrait, Mimic, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnimalEaten, AttackRedirected
from tests.origin.scenario import RULES, animal, of, player, refusal_code, scenario


def test_the_owner_must_move_the_attack_to_another_animal_the_carnivore_may_attack():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1, "mimicry"), animal(2), animal(3, "swimming"), animal(4)),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert RULES.legal_actions(state, 1) == (Mimic(1, 2), Mimic(1, 4))
    assert refusal_code(state, Yield(1)) == "must_defend"
    assert refusal_code(state, Mimic(1, 3)) == "no_mimicry"
    state, events = RULES.apply(state, Mimic(1, 4))
    assert of(events, AttackRedirected) == [AttackRedirected(1, 1, 4)]
    assert of(events, AnimalEaten)[0].prey == 4
    assert state.find(1) is not None


def test_with_one_other_target_the_attack_moves_at_once():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1, "mimicry"), animal(2, "big"), animal(3)),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert of(events, AttackRedirected) == [AttackRedirected(1, 1, 3)]
    assert state.find(3) is None and state.find(1) is not None


def test_mimicry_does_not_work_without_another_target():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "mimicry"), animal(2, "big"))],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert of(events, AttackRedirected) == []
    assert of(events, AnimalEaten)[0].prey == 1


def test_mimicry_works_only_on_the_first_attack_of_the_turn():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1, "mimicry", attacked=True), animal(2)),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert of(events, AttackRedirected) == []
    assert of(events, AnimalEaten)[0].prey == 1


def test_the_animal_the_attack_moves_to_may_use_its_own_mimicry():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1, "mimicry"), animal(2, "mimicry"), animal(3, "big")),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    # 1 -> 2 (the only other target), then 2's Mimicry moves it back to 1, whose Mimicry is spent.
    assert of(events, AttackRedirected) == [AttackRedirected(1, 1, 2), AttackRedirected(1, 2, 1)]
    assert of(events, AnimalEaten)[0].prey == 1


def test_the_defender_may_use_tail_loss_before_mimicry():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "mimicry", "tail_loss"), animal(2))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    tail = state.animal(1).trait_card(Trait.TAIL_LOSS)
    assert tail is not None and Mimic(1, 2) in RULES.legal_actions(state, 1)
    state, _ = RULES.apply(state, DropTrait(1, tail.card))
    assert state.find(1) is not None and state.find(2) is not None
    assert state.animal(1).attacked
