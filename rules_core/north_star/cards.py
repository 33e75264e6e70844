"""The North Star deck as data: the one place to correct a card's food value.

Seed ``000`` (Hungarian), "A DOBOZ TARTALMA": 129 trait cards, 17 Carnivore and 7 of every other trait. Each card
prints a plant-food number in its corner ("2. FÁZIS"). The seeds do not list those numbers and no reachable source
does; reviews of the retail game give only the range, -3 to +8. The values below are this project's choice,
justified and checked by simulation in ``docs/rulings.md`` ("Food values of the deck"); they are NOT the printed
values. A player who owns the cards can correct them here, in ``FOOD_VALUES``, and nowhere else.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass


class Trait(enum.Enum):
    """The 17 traits of seed 000, by their English names (the Hungarian ones are in the rule texts)."""

    AMBUSH = "ambush"  # Lesből támadás
    BURROWING = "burrowing"  # Üregben rejtőzködés
    CARNIVORE = "carnivore"  # Ragadozó
    CLIMBING = "climbing"  # Mászás
    COOPERATION = "cooperation"  # Együttműködés
    DEFENSIVE_HERDING = "defensive_herding"  # Védekező csorda
    FAT_TISSUE = "fat_tissue"  # Zsírszövet
    FERTILE = "fertile"  # Termékeny
    FORAGING = "foraging"  # Gyűjtögetés
    HARD_SHELL = "hard_shell"  # Kemény páncél
    HORNS = "horns"  # Szarvak
    INTELLIGENCE = "intelligence"  # Intelligencia
    LONG_NECK = "long_neck"  # Hosszú nyak
    PACK_HUNTING = "pack_hunting"  # Támadó falka
    SCAVENGER = "scavenger"  # Dögevő
    SYMBIOSIS = "symbiosis"  # Szimbiózis
    WARNING_CALL = "warning_call"  # Figyelmeztető jelzés


#: Each trait's code in menu paths and button ids. Fixed, never derived from the enum's order: buttons posted days
#: ago carry these codes, so a new trait takes a new number and none is reused (pinned by
#: tests/north_star/ui/test_button_codes.py).
TRAIT_CODES: Mapping[Trait, str] = {
    Trait.AMBUSH: "0",
    Trait.BURROWING: "1",
    Trait.CARNIVORE: "2",
    Trait.CLIMBING: "3",
    Trait.COOPERATION: "4",
    Trait.DEFENSIVE_HERDING: "5",
    Trait.FAT_TISSUE: "6",
    Trait.FERTILE: "7",
    Trait.FORAGING: "8",
    Trait.HARD_SHELL: "9",
    Trait.HORNS: "10",
    Trait.INTELLIGENCE: "11",
    Trait.LONG_NECK: "12",
    Trait.PACK_HUNTING: "13",
    Trait.SCAVENGER: "14",
    Trait.SYMBIOSIS: "15",
    Trait.WARNING_CALL: "16",
}

# The traits as module constants, for the rule modules' hot paths: Python 3.11 finds ``Trait.HORNS`` through the
# enum class's ``__getattr__`` hook, several times the cost of a global (8 % of a random game's instructions went to
# such lookups of traits and phases). Each is the member itself.
AMBUSH = Trait.AMBUSH
BURROWING = Trait.BURROWING
CARNIVORE = Trait.CARNIVORE
CLIMBING = Trait.CLIMBING
COOPERATION = Trait.COOPERATION
DEFENSIVE_HERDING = Trait.DEFENSIVE_HERDING
FAT_TISSUE = Trait.FAT_TISSUE
FERTILE = Trait.FERTILE
FORAGING = Trait.FORAGING
HARD_SHELL = Trait.HARD_SHELL
HORNS = Trait.HORNS
INTELLIGENCE = Trait.INTELLIGENCE
LONG_NECK = Trait.LONG_NECK
PACK_HUNTING = Trait.PACK_HUNTING
SCAVENGER = Trait.SCAVENGER
SYMBIOSIS = Trait.SYMBIOSIS
WARNING_CALL = Trait.WARNING_CALL


#: Food value of each card of a trait, in card order. 17 Carnivore cards, 7 of every other trait.
#: Chosen, not printed: see docs/rulings.md, "Food values of the deck".
FOOD_VALUES: dict[Trait, tuple[int, ...]] = {
    Trait.CARNIVORE: (-3, -2, -1, -1, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4),
    Trait.AMBUSH: (0, 1, 2, 3, 4, 5, 6),
    Trait.BURROWING: (1, 2, 3, 3, 4, 5, 6),
    Trait.CLIMBING: (0, 1, 2, 3, 4, 5, 6),
    Trait.COOPERATION: (1, 2, 3, 4, 4, 5, 6),
    Trait.DEFENSIVE_HERDING: (1, 2, 3, 3, 4, 5, 6),
    Trait.FAT_TISSUE: (1, 2, 3, 4, 5, 6, 7),
    Trait.FERTILE: (2, 3, 4, 5, 6, 7, 8),
    Trait.FORAGING: (2, 3, 4, 5, 6, 7, 8),
    Trait.HARD_SHELL: (0, 1, 2, 3, 4, 5, 6),
    Trait.HORNS: (0, 1, 2, 3, 4, 5, 6),
    Trait.INTELLIGENCE: (-1, 0, 1, 2, 3, 4, 5),
    Trait.LONG_NECK: (2, 3, 4, 5, 6, 7, 8),
    Trait.PACK_HUNTING: (-2, -1, 0, 1, 2, 3, 4),
    Trait.SCAVENGER: (-1, 0, 1, 2, 3, 4, 5),
    Trait.SYMBIOSIS: (1, 2, 3, 4, 5, 6, 7),
    Trait.WARNING_CALL: (1, 2, 3, 3, 4, 5, 6),
}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    trait: Trait
    food: int


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for trait in Trait:
        for food in FOOD_VALUES[trait]:
            cards.append(Card(len(cards), trait, food))
    return tuple(cards)


#: Every card of the box, indexed by card id.
CARDS: tuple[Card, ...] = _build_deck()
DECK_SIZE = len(CARDS)


#: The trait of each card, indexed by card id: what the hot paths read (no call, no attribute).
TRAIT_OF: tuple[Trait, ...] = tuple(card.trait for card in CARDS)


def trait_of(card: int) -> Trait:
    return TRAIT_OF[card]


def food_value(card: int) -> int:
    return CARDS[card].food
