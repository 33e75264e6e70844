"""Phase 4, step 1 (seed 000, "1. Az élelemkártyák felfedése"; seed 002, "Alimentação"): the first player reveals
the food cards, adds up their numbers and puts that many plant food from the food bank on the watering hole (if
possible); a negative total removes that much plant food from the watering hole (if possible, seed 002); the
revealed cards are discarded. Then the leaf traits act (Fertile, Long Neck, Fat Tissue), "A játékosok
megválaszthatják, hogy saját kártyáik hatásai milyen sorrendben jöjjenek létre": each player chooses the order of
their own effects."""

from typing import Any

from rules_core.north_star.actions import ResolveRevealEffect
from rules_core.north_star.cards import Trait, food_value
from rules_core.north_star.events import FatMoved, FoodCardsRevealed, PopulationGrew
from rules_core.north_star.state import Phase
from tests.north_star.helpers import bystander, of, refusal_code, reveal
from tests.north_star.scenario import RULES, player, species

# Card ids fix the food values (cards.py): fertile#59 = +2, fertile#62 = +5, carnivore#14 = -3, carnivore#15 = -2.


def _players(ann_card=None, bob_card=None, ann_species=None) -> list[dict[str, Any]]:
    return [
        player("Ann", ann_species or species(0, pop=3), food_card=ann_card),
        player("Bob", species(10, pop=3), food_card=bob_card),
        bystander(),
    ]


def test_the_food_cards_total_goes_from_the_food_bank_to_the_watering_hole_and_the_cards_are_discarded():
    assert (food_value(59), food_value(62), food_value(14), food_value(15)) == (2, 5, -3, -2)
    state, events = reveal(_players("fertile#59", "fertile#62"), watering_hole=1)
    assert of(events, FoodCardsRevealed) == [FoodCardsRevealed((59, 62), 7, 7, 8)]
    assert state.watering_hole == 8
    assert state.food_bank == 173
    assert {59, 62} <= set(state.discard)
    assert all(p.food_card is None for p in state.players)


def test_a_negative_total_removes_plant_food_from_the_watering_hole():
    state, events = reveal(_players("fertile#59", "carnivore#14"), watering_hole=4)
    assert of(events, FoodCardsRevealed) == [FoodCardsRevealed((59, 14), -1, -1, 3)]
    assert state.watering_hole == 3
    assert state.food_bank == 181  # the plant food removed goes back to the food bank (ruling)


def test_a_negative_total_removes_no_more_than_the_watering_hole_holds():
    _, events = reveal(_players("carnivore#14", "carnivore#15"), watering_hole=2)
    assert of(events, FoodCardsRevealed) == [FoodCardsRevealed((14, 15), -5, -2, 0)]


def test_the_food_bank_adds_only_what_it_holds():
    state, events = reveal(_players("fertile#59", "fertile#62"), watering_hole=1, food_bank=3)
    assert of(events, FoodCardsRevealed)[0].change == 3
    assert (state.watering_hole, state.food_bank) == (4, 0)


def test_the_first_players_card_is_revealed_first():
    _, events = reveal(_players("fertile#59", "fertile#62"), watering_hole=1, first_player=1)
    assert of(events, FoodCardsRevealed)[0].cards == (62, 59)


def test_the_owner_chooses_the_order_of_effects_that_can_interact():
    ann = species(0, body=3, pop=1, fat=3, traits=["fertile", "fat_tissue"])
    state, _ = reveal(_players(ann_species=ann), watering_hole=2)
    assert state.phase is Phase.REVEAL_EFFECTS
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(0, "reveal_order")]
    # Fat first: 1 fat fits population 1, then Fertile (the last effect, carried out at once) grows it to 2.
    fat_first, events = RULES.apply(state, ResolveRevealEffect(0, 0, Trait.FAT_TISSUE))
    assert of(events, FatMoved) == [FatMoved(0, 0, 1)]
    assert of(events, PopulationGrew) == [PopulationGrew(0, 0, 2)]
    s = fat_first.species(0)
    assert (s.population, s.food, s.fat) == (2, 1, 2)
    # Fertile first: population 2, then 2 fat move.
    fertile_first, events = RULES.apply(state, ResolveRevealEffect(0, 0, Trait.FERTILE))
    assert of(events, FatMoved) == [FatMoved(0, 0, 2)]
    s = fertile_first.species(0)
    assert (s.population, s.food, s.fat) == (2, 2, 1)
    assert fertile_first.phase is Phase.FEEDING


def test_effects_whose_order_cannot_matter_happen_at_once():
    ann = species(0, pop=2, traits=["fertile"])
    bob = species(10, pop=2, traits=["long_neck"])
    players = _players(ann_species=ann)
    players[1] = player("Bob", bob)
    state, events = reveal(players, watering_hole=2)
    assert state.phase is Phase.FEEDING
    assert of(events, PopulationGrew) == [PopulationGrew(0, 0, 3)]
    assert state.species(10).food == 1


def test_only_a_waiting_effect_can_be_resolved():
    ann = species(0, body=3, pop=1, fat=3, traits=["fertile", "fat_tissue"])
    state, _ = reveal(_players(ann_species=ann), watering_hole=2)
    assert refusal_code(state, ResolveRevealEffect(0, 0, Trait.LONG_NECK)) == "no_such_effect"
