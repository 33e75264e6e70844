"""Intelligence (Intelligencia), seed 000. Not a carnivore: the player may discard a card during feeding to take
two food from the food bank, several times a round. A carnivore: while attacking, the player may discard several
cards at once, each negating one trait card of the defending species for that one attack; Scavenger, and any trait
that does not actively protect the prey, cannot be negated. Rulings: one use is one feeding turn; the 2 food are
two takes of one plant food each (so Foraging makes them 4 and Cooperation passes food on after each, docs/rulings.md
"Takes"); using it is never compulsory."""

from typing import Any

from rules_core.north_star.actions import Attack, StopFeeding, TakePlantFood, UseIntelligence
from rules_core.north_star.cards import Trait
from rules_core.north_star.events import FeedingStopped, FoodTaken, IntelligenceUsed, SpeciesAttacked
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, food_to, of, refusal, refusal_code, reveal
from tests.north_star.scenario import RULES, player, scenario, species


def _herbivore(*, watering_hole=5, hand=("horns", "ambush"), **fields) -> GameState:
    return scenario(
        watering_hole=watering_hole,
        players=[
            player("Ann", species(0, pop=5, traits=["intelligence"]), hand=list(hand)),
            player("Bob", species(50, pop=6)),
            bystander(),
        ],
        **fields,
    )


def _carnivore(*prey_traits, hand=("ambush", "long_neck"), body=3) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=body, pop=4, traits=["carnivore", "intelligence"]), hand=list(hand)),
            player("Bob", species(1, body=1, pop=3, traits=list(prey_traits))),
            bystander(),
        ],
    )


def test_discarding_a_card_takes_two_plant_food_from_the_food_bank():
    state = _herbivore()
    card = state.players[0].hand[0]
    state, events = RULES.apply(state, UseIntelligence(0, 0, card))
    assert state.species(0).food == 2
    assert state.food_bank == 178
    assert state.watering_hole == 5
    assert card in state.discard and card not in state.players[0].hand
    assert of(events, IntelligenceUsed) == [IntelligenceUsed(0, 0, (card,))]
    # Two takes of one plant food each.
    assert [(e.source, e.kind, e.eaten, e.cause) for e in food_to(events, 0)] == [
        ("food_bank", "plant", 1, "intelligence")
    ] * 2


def test_intelligence_can_be_used_several_times_a_round():
    state = _herbivore()
    first, second = state.players[0].hand
    state, _ = RULES.apply(state, UseIntelligence(0, 0, first))
    state, _ = RULES.apply(state, TakePlantFood(1, 50))
    state, _ = RULES.apply(state, TakePlantFood(2, 99))
    state, _ = RULES.apply(state, UseIntelligence(0, 0, second))
    assert state.species(0).food == 4
    assert state.players[0].hand == ()


def test_using_intelligence_is_never_compulsory():
    state = _herbivore(watering_hole=0)
    state, events = RULES.apply(state, StopFeeding(0))
    assert of(events, FeedingStopped) == [FeedingStopped(0)]


def test_intelligence_needs_a_card_in_hand_and_food_in_the_bank():
    state = _herbivore(hand=("horns",))
    assert refusal_code(state, UseIntelligence(0, 0, state.deck[0])) == "card_not_in_hand"
    empty_bank = _herbivore(food_bank=0)
    assert refusal_code(empty_bank, UseIntelligence(0, 0, empty_bank.players[0].hand[0])) == "food_bank_empty"


def test_intelligence_takes_no_more_than_the_species_has_room_for():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, pop=3, food=2, traits=["intelligence"]), hand=["horns"]),
            player("Bob", species(50, pop=6)),
            bystander(),
        ],
    )
    state, _ = RULES.apply(state, UseIntelligence(0, 0, state.players[0].hand[0]))
    assert state.species(0).food == 3
    assert state.food_bank == 179


def test_an_intelligent_carnivore_does_not_take_plant_food_with_it():
    state = _carnivore()
    assert refusal_code(state, UseIntelligence(0, 0, state.players[0].hand[0])) == "intelligence_carnivore"


def test_each_discard_negates_one_trait_and_several_can_be_discarded_at_once():
    state = _carnivore("hard_shell", "climbing")
    hand = tuple(sorted(state.players[0].hand))
    refused = refusal(state, Attack(0, 0, 1, hand[:1], (Trait.CLIMBING,)))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "hard_shell"
    state, events = RULES.apply(state, Attack(0, 0, 1, hand, (Trait.CLIMBING, Trait.HARD_SHELL)))
    assert of(events, SpeciesAttacked)[0].negated == ("climbing", "hard_shell")
    assert state.species(1).population == 2
    assert state.players[0].hand == ()
    assert set(hand) <= set(state.discard)


def test_the_number_of_discards_must_match_the_negated_traits():
    state = _carnivore("hard_shell")
    hand = tuple(sorted(state.players[0].hand))
    assert refusal_code(state, Attack(0, 0, 1, hand, (Trait.HARD_SHELL,))) == "discard_count"


def test_a_carnivore_without_intelligence_cannot_discard_to_negate():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=4, traits=["carnivore"]), hand=["ambush"]),
            player("Bob", species(1, body=1, pop=3, traits=["hard_shell"])),
            bystander(),
        ],
    )
    assert refusal_code(state, Attack(0, 0, 1, state.players[0].hand, (Trait.HARD_SHELL,))) == "no_intelligence"


def test_intelligence_negates_only_traits_that_stop_the_attack_or_horns():
    state = _carnivore("climbing", "fat_tissue")
    card = min(state.players[0].hand)
    assert refusal_code(state, Attack(0, 0, 1, (card,), (Trait.FAT_TISSUE,))) == "attack_blocked"
    state = _carnivore("fat_tissue")
    assert refusal_code(state, Attack(0, 0, 1, (card,), (Trait.FAT_TISSUE,))) == "cannot_negate"
    state = _carnivore("hard_shell", body=6)  # 6 > 1 + 4: the shell does not stop this attack
    assert refusal_code(state, Attack(0, 0, 1, (card,), (Trait.HARD_SHELL,))) == "needless_negation"


def test_a_negation_lasts_for_one_attack_only():
    state = _carnivore("hard_shell")
    card = min(state.players[0].hand)
    state, _ = RULES.apply(state, Attack(0, 0, 1, (card,), (Trait.HARD_SHELL,)))
    state, _ = RULES.apply(state, TakePlantFood(1, 1))
    state, _ = RULES.apply(state, TakePlantFood(2, 99))
    assert state.turn == 0
    refused = refusal(state, Attack(0, 0, 1))
    assert refused.params["reason"] == "hard_shell"


# Takes (docs/rulings.md, "Takes"): Intelligence's 2 plant food are two takes of one; every trait that reacts to a
# take reacts to each, whatever sets the take off.


def _with_neighbour(ann: dict[str, Any], neighbour: dict[str, Any], *, food_bank: int = 180) -> GameState:
    return scenario(
        watering_hole=5,
        food_bank=food_bank,
        players=[player("Ann", ann, neighbour, hand=["horns"]), player("Bob", species(50, pop=6)), bystander()],
    )


def _use(state: GameState) -> tuple[GameState, list[FoodTaken]]:
    state, events = RULES.apply(state, UseIntelligence(0, 0, state.players[0].hand[0]))
    return state, of(events, FoodTaken)


def test_with_foraging_each_take_is_doubled_four_plant_food():
    state, taken = _use(_with_neighbour(species(0, pop=6, traits=["intelligence", "foraging"]), species(1, pop=3)))
    assert [(e.species, e.eaten) for e in taken] == [(0, 2), (0, 2)]
    assert state.species(0).food == 4 and state.food_bank == 176


def test_with_cooperation_the_neighbour_gets_one_food_after_each_take():
    state, taken = _use(_with_neighbour(species(0, pop=6, traits=["intelligence", "cooperation"]), species(1, pop=3)))
    assert [(e.species, e.eaten, e.source, e.cause) for e in taken] == [
        (0, 1, "food_bank", "intelligence"),
        (1, 1, "food_bank", "cooperation"),
        (0, 1, "food_bank", "intelligence"),
        (1, 1, "food_bank", "cooperation"),
    ]
    assert (state.species(0).food, state.species(1).food) == (2, 2)
    assert state.food_bank == 176


def test_with_foraging_and_cooperation_two_takes_of_two_and_two_passed_on():
    ann = species(0, pop=6, traits=["intelligence", "foraging", "cooperation"])
    state, taken = _use(_with_neighbour(ann, species(1, pop=3)))
    assert [(e.species, e.eaten) for e in taken] == [(0, 2), (1, 1), (0, 2), (1, 1)]
    assert (state.species(0).food, state.species(1).food) == (4, 2)
    assert state.food_bank == 174


def test_a_foraging_neighbour_doubles_each_food_cooperation_passes():
    ann = species(0, pop=6, traits=["intelligence", "cooperation"])
    state, _ = _use(_with_neighbour(ann, species(1, pop=6, traits=["foraging"])))
    assert (state.species(0).food, state.species(1).food) == (2, 4)
    assert state.food_bank == 174


def test_a_take_that_gets_nothing_passes_nothing_on():
    # Room for one food only: the second take gets nothing, so Cooperation answers the first take only.
    ann = species(0, pop=3, food=2, traits=["intelligence", "cooperation"])
    state, taken = _use(_with_neighbour(ann, species(1, pop=3)))
    assert [(e.species, e.eaten) for e in taken] == [(0, 1), (1, 1)]
    assert state.food_bank == 178


def test_the_takes_share_what_is_left_in_the_food_bank_in_order():
    ann = species(0, pop=6, traits=["intelligence", "cooperation"])
    state, taken = _use(_with_neighbour(ann, species(1, pop=3), food_bank=3))
    assert [(e.species, e.eaten) for e in taken] == [(0, 1), (1, 1), (0, 1)]
    assert state.food_bank == 0


def test_a_long_neck_take_doubled_by_foraging_is_still_one_take():
    # Unlike Intelligence's two takes: one plant food from Long Neck, two with Foraging, one food passed on.
    state, events = reveal(
        [
            player("Ann", species(0, pop=6, traits=["long_neck", "foraging", "cooperation"]), species(1, pop=6)),
            player("Bob", species(50, pop=6)),
            bystander(),
        ],
        watering_hole=5,
    )
    assert [(e.species, e.eaten, e.cause) for e in of(events, FoodTaken)] == [
        (0, 2, "long_neck"),
        (1, 1, "cooperation"),
    ]
    assert state.food_bank == 177


def test_an_attack_and_a_scavengers_food_are_one_take_each():
    # A carnivore with Scavenger gets the prey's meat (one take), then one more food as a Scavenger (one take):
    # its Cooperation passes one food on after each.
    ann = species(0, body=3, pop=6, traits=["carnivore", "scavenger", "cooperation"])
    state = scenario(
        watering_hole=5,
        players=[player("Ann", ann, species(1, pop=6)), player("Bob", species(50, body=2, pop=6)), bystander()],
    )
    state, events = RULES.apply(state, Attack(0, 0, 50))
    assert [(e.species, e.eaten, e.cause) for e in of(events, FoodTaken)] == [
        (0, 2, "attack"),
        (1, 1, "cooperation"),
        (0, 1, "scavenger"),
        (1, 1, "cooperation"),
    ]
