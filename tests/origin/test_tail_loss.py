"""Tail Loss (ВІДКИДАННЯ ХВОСТА), seed 003: when attacked, discard the card of this or any other trait of the
animal: it lives, and the carnivore gets one blue token; special cases: paired traits and Parasite may go too."""

from typing import Any

from rules_core.origin.actions import Attack, DropTrait, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import FoodTaken, TraitDropped
from rules_core.origin.state import GameState
from tests.origin.scenario import RULES, animal, link, of, player, scenario


def attacked(*prey: dict[str, Any], links: list[dict[str, Any]] | None = None) -> GameState:
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", *prey, links=links or [])],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    return state


def test_tail_loss_discards_a_trait_and_the_animal_lives_and_the_carnivore_gets_one_blue_token():
    state = attacked(animal(1, "tail_loss", "piracy#8"))
    state, events = RULES.apply(state, DropTrait(1, 8))
    assert of(events, TraitDropped) == [TraitDropped(1, 1, 8, Trait.PIRACY, 0)]
    assert [t.trait for t in state.animal(1).traits] == [Trait.TAIL_LOSS]
    assert of(events, FoodTaken) == [FoodTaken(0, 0, "supply", False, "tail_loss")]
    assert state.animal(0).food == 1 and 8 in state.discard


def test_tail_loss_may_discard_itself():
    state = attacked(animal(1, "tail_loss#24"))
    state, _ = RULES.apply(state, DropTrait(1, 24))
    assert state.animal(1).traits == ()


def test_the_defender_may_give_the_animal_up():
    state = attacked(animal(1, "tail_loss"))
    assert Yield(1) in RULES.legal_actions(state, 1)
    state, _ = RULES.apply(state, Yield(1))
    assert state.find(1) is None


def test_a_paired_trait_may_go_and_leaves_both_animals():
    state = attacked(
        animal(1, "tail_loss"),
        animal(2),
        links=[link("cooperation", 1, 2, card="cooperation/carnivore#52")],
    )
    assert DropTrait(1, 52) in RULES.legal_actions(state, 1)
    state, _ = RULES.apply(state, DropTrait(1, 52))
    assert state.players[1].links == ()


def test_a_parasite_may_go():
    state = attacked(animal(1, "tail_loss", "parasite#44"))
    state, _ = RULES.apply(state, DropTrait(1, 44))
    assert not state.animal(1).has(Trait.PARASITE)


def test_a_fat_tissue_card_goes_with_its_yellow_token_once_no_empty_one_is_left():
    state = attacked(animal(1, "tail_loss", "fat_tissue#56", "fat_tissue#57", fat=1))
    state, events = RULES.apply(state, DropTrait(1, 56))
    assert state.animal(1).fat == 1 and of(events, TraitDropped)[0].fat == 0
    state = attacked(animal(1, "tail_loss", "fat_tissue#56", fat=1))
    state, events = RULES.apply(state, DropTrait(1, 56))
    assert state.animal(1).fat == 0 and of(events, TraitDropped)[0].fat == 1


def test_losing_a_trait_that_raised_the_need_leaves_the_tokens_on_the_animal():
    state = attacked(animal(1, "tail_loss", "parasite#44", food=2))
    state, _ = RULES.apply(state, DropTrait(1, 44))
    assert state.animal(1).food == 2
