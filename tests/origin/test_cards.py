"""The deck (rules_core/origin/cards.py): 84 cards in a base deck; the split per card of the published deck (one
public source); Carnivore and Fat Tissue only as a card's second trait; two decks with distinct ids."""

from collections import Counter

from rules_core.origin.cards import CARDS, DECK_SIZE, Trait, game_cards, traits_of


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


def test_every_trait_of_seed_003_is_in_the_deck():
    assert {t for card in CARDS for t in card.traits} == set(Trait)
    assert len(Trait) == 19


def test_the_second_deck_repeats_the_first():
    assert [traits_of(c) for c in range(84)] == [traits_of(c + 84) for c in range(84)]
    assert CARDS[36].kind == "hibernation/carnivore" and CARDS[0].kind == "swimming"
