"""The deck (rules_core/origin/cards.py): 84 cards in a base deck; the split per card of the published deck (one
public source); Carnivore and Fat Tissue only as a card's second trait; two decks with distinct ids. Seed 001's
expansions: "Time to Fly", 42 cards (issue 16's split), and "Darwin's Day", 16 cards (the project's split)."""

from collections import Counter

from rules_core.origin.cards import (
    CARDS,
    DARWINS_DAY_SIZE,
    DECK_SIZE,
    TIME_TO_FLY_SIZE,
    Trait,
    darwins_day_cards,
    game_cards,
    time_to_fly_cards,
    traits_of,
)


def test_a_base_deck_holds_84_cards():
    assert DECK_SIZE == 84
    assert len(game_cards(1)) == 84
    assert list(game_cards(2)) == list(range(168))


def test_the_split_per_card_is_the_published_one():
    kinds = Counter(traits_of(c) for c in game_cards(1))
    T = Trait
    assert kinds[(T.SWIMMING,)] == 8
    for single in (T.PIRACY, T.MIMICRY, T.SCAVENGER, T.RUNNING, T.TAIL_LOSS, T.SYMBIOSIS):
        assert kinds[(single,)] == 4
    for main in (T.POISONOUS, T.HIBERNATION, T.BIG, T.PARASITE, T.COMMUNICATION, T.COOPERATION):
        assert kinds[(main, T.CARNIVORE)] == 4
    for main in (T.STOMPER, T.CAMOUFLAGE, T.BIG, T.PARASITE, T.BURROWING, T.SHARP_VISION, T.COOPERATION):
        assert kinds[(main, T.FAT_TISSUE)] == 4
    assert sum(kinds.values()) == 84 and len(kinds) == 20


def test_carnivore_and_fat_tissue_never_stand_alone():
    for card in CARDS:
        assert card.traits[0] not in (Trait.CARNIVORE, Trait.FAT_TISSUE)
        assert len(card.traits) in (1, 2)


def test_every_trait_of_seeds_003_and_001_is_in_the_decks():
    assert {t for c in game_cards(1) for t in traits_of(c)} == set(list(Trait)[:19])
    assert {t for card in CARDS for t in card.traits} == set(Trait)
    assert len(Trait) == 19 + 11 + 3


def test_the_time_to_fly_deck_holds_42_cards_split_as_issue_16_gives_it():
    assert TIME_TO_FLY_SIZE == 42
    kinds = Counter(traits_of(c) for c in time_to_fly_cards(1))
    T = Trait
    pairs = {
        (T.FLIGHT, T.CARNIVORE): 2,
        (T.FLIGHT, T.SPECIALIZATION_A): 2,
        (T.FLIGHT, T.SPECIALIZATION_B): 2,
        (T.INTELLECT, T.FAT_TISSUE): 2,
        (T.INTELLECT, T.SPECIALIZATION_A): 2,
        (T.AMBUSH, T.SPECIALIZATION_B): 2,
        (T.AMBUSH, T.SWIMMING): 2,
        (T.ANGLERFISH,): 4,
        (T.INK_CLOUD,): 4,
        (T.SHELL,): 4,
        (T.METAMORPHOSIS, T.CARNIVORE): 2,
        (T.METAMORPHOSIS, T.SPECIALIZATION_A): 2,
        (T.VIVIPAROUS, T.SPECIALIZATION_B): 2,
        (T.VIVIPAROUS, T.SWIMMING): 2,
        (T.TREMATODE, T.COOPERATION): 4,
        (T.TREMATODE, T.COMMUNICATION): 2,
        (T.TREMATODE, T.FAT_TISSUE): 2,
    }
    assert dict(kinds) == pairs
    assert [traits_of(c) for c in time_to_fly_cards(1)] == [traits_of(c + 42) for c in time_to_fly_cards(1)]


def test_darwins_day_holds_16_cards_of_its_three_traits():
    assert DARWINS_DAY_SIZE == 16
    kinds = Counter(traits_of(c) for c in darwins_day_cards())
    assert dict(kinds) == {(Trait.KLEPTOPLASTY,): 5, (Trait.IMMUNITY,): 5, (Trait.PACK,): 6}


def test_every_box_has_ids_of_its_own():
    ids = [*game_cards(2), *time_to_fly_cards(2), *darwins_day_cards()]
    assert ids == list(range(len(CARDS))) == list(range(2 * 84 + 2 * 42 + 16))


def test_the_second_deck_repeats_the_first():
    assert [traits_of(c) for c in range(84)] == [traits_of(c + 84) for c in range(84)]
    assert CARDS[36].kind == "hibernation/carnivore" and CARDS[0].kind == "swimming"


def test_a_cards_id_is_its_place_in_the_card_list() -> None:
    from rules_core.origin.cards import CARDS

    assert [card.id for card in CARDS] == list(range(len(CARDS)))


def test_the_rule_modules_constants_are_the_traits_and_phases_themselves():
    # The hot paths name traits and phases by module constants (a global is found faster than an enum member).
    from rules_core.origin import cards, state

    assert all(getattr(cards, trait.name) is trait for trait in Trait)
    assert all(getattr(state, phase.name) is phase for phase in state.Phase)
