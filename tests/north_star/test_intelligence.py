"""Intelligence (Intelligencia), seed 000. Not a carnivore: the player may discard a card during feeding to take
two food from the food bank, several times a round. A carnivore: while attacking, the player may discard several
cards at once, each negating one trait card of the defending species for that one attack; Scavenger, and any trait
that does not actively protect the prey, cannot be negated. Rulings: one use is one feeding turn; the 2 food are
plant food (Foraging makes them 4); using it is never compulsory."""

from rules_core.north_star.actions import Attack, StopFeeding, TakePlantFood, UseIntelligence
from rules_core.north_star.cards import Trait
from rules_core.north_star.events import FeedingStopped, IntelligenceUsed, SpeciesAttacked
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, food_to, of, refusal, refusal_code
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
    assert [(e.source, e.kind) for e in food_to(events, 0)] == [("food_bank", "plant")]


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
