"""Shell (MUSZLA), seed 001: attacked, the animal may hide in its shell: the attack fails, and for the rest of the
turn no carnivore reaches it and it takes no token but its own fat turned into food; a carnivore that attacked an
animal with Shell attacks no more this turn; a dead animal's Shell stays in the middle of the table for a player to
take instead of food."""

from rules_core.origin.actions import Attack, ConvertFat, Hide, TakeFood, TakeShell, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnimalDied, AnimalHid, FoodTaken, ShellLeft, ShellTaken
from rules_core.origin.state import GameState
from tests.origin.scenario import RULES, animal, expanded, of, play, play_until, player, refusal_code


def attacked_shell(**bob: object) -> GameState:
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "shell#190", **bob))],  # type: ignore[arg-type]
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    return state


def test_an_attacked_animal_may_hide_in_its_shell_and_the_attack_fails():
    state = attacked_shell()
    assert set(RULES.legal_actions(state, 1)) >= {Hide(1), Yield(1)}
    state, events = RULES.apply(state, Hide(1))
    assert of(events, AnimalHid) == [AnimalHid(1, 1)]
    assert state.animal(1).in_shell and state.animal(0).food == 0
    assert state.animal(0).trait_card(Trait.CARNIVORE).used  # type: ignore[union-attr]


def test_no_carnivore_reaches_an_animal_hidden_in_its_shell():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "shell", in_shell=True))],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "attack_blocked"
    assert not [a for a in RULES.legal_actions(state, 0) if isinstance(a, Attack)]


def test_hidden_it_takes_no_token_but_may_turn_its_fat_into_food():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "shell", "fat_tissue", fat=1, in_shell=True)), player("Bob", animal(1))],
    )
    assert refusal_code(state, TakeFood(0, 0)) == "cannot_eat"
    assert ConvertFat(0, 0, 1) in RULES.legal_actions(state, 0)


def test_hiding_lasts_until_the_turn_ends():
    state = expanded(
        food_base=0,
        players=[player("Ann", animal(0, "shell", food=1, in_shell=True)), player("Bob", animal(1, food=1))],
    )
    state, _ = play_until(state, lambda s: s.turn == 2)
    assert not state.animal(0).in_shell


def test_a_dead_animals_shell_stays_in_the_middle_of_the_table():
    state = attacked_shell()
    state, events = RULES.apply(state, Yield(1))
    assert of(events, ShellLeft) == [ShellLeft(1, 1, 190)]
    assert state.shells == (190,) and 190 not in state.discard


def test_a_starved_animals_shell_stays_too():
    state = expanded(
        food_base=0,
        players=[player("Ann", animal(0, "shell#191", food=0)), player("Bob", animal(1, food=1))],
    )
    state, events = play_until(state, lambda s: s.turn == 2)
    assert of(events, AnimalDied)[0].animal == 0
    assert state.shells == (191,) and 191 not in state.discard


def test_a_player_may_put_an_animal_into_a_shell_from_the_table_instead_of_taking_food():
    state = expanded(
        food_base=3,
        shells=["shell#190"],
        players=[player("Ann", animal(0), animal(2, "shell", "stomper")), player("Bob", animal(1))],
    )
    legal = RULES.legal_actions(state, 0)
    assert TakeShell(0, 190, 0) in legal and TakeShell(0, 190, 2) not in legal
    assert refusal_code(state, TakeShell(0, 190, 2)) == "duplicate_trait"
    assert refusal_code(state, TakeShell(0, 191, 0)) == "shell_not_on_table"
    state, events = RULES.apply(state, TakeShell(0, 190, 0))
    assert of(events, ShellTaken) == [ShellTaken(0, 0, 190)]
    assert state.shells == () and [t.card for t in state.animal(0).traits] == [190]
    assert refusal_code(state, TakeFood(0, 0)) == "took"


def test_a_shell_taken_from_the_table_shelters_its_new_owner():
    state = expanded(
        food_base=3,
        shells=["shell#190"],
        players=[player("Ann", animal(0)), player("Bob", animal(1, "carnivore"))],
    )
    state, _ = play(state, TakeShell(0, 190, 0), RULES.legal_actions(state, 0)[-1])
    state, _ = RULES.apply(state, Attack(1, 1, 0))
    assert Hide(0) in RULES.legal_actions(state, 0)
    state, events = RULES.apply(state, Hide(0))
    assert not of(events, FoodTaken) and state.animal(0).in_shell
