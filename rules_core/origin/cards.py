"""The deck of the original "Evolution" as data: the one place to correct the cards.

Seed ``003`` (Ukrainian, 3rd edition), "Фаза розвитку": every card shows an animal on its back and one trait on its
face; some cards print a second trait at the bottom (the seed's example is ХИЖАК, Carnivore), and a player who plays
such a card as a trait chooses one of the two for good. The seed lists the traits ("ЗДІБНОСТІ ТВАРИН") but not how
many cards of each the box holds.

The composition below is that of the published base deck, 84 cards. Sources agree on the total; the split per card
has ONE public source, an open-source implementation of the game, and no rule book confirms it. A player who owns the
cards can correct ``KINDS`` here and nowhere else. Carnivore and Fat Tissue only ever appear as the second trait of
a card.

"Гра з двома наборами (до 8 гравців)": two boxes mixed let up to 8 play. Card ids run over every box a game may
mix (two base decks, then two "Time to Fly" decks, then the "Darwin's Day" cards), so every card has its own id;
``setup.cards_of_game`` says which boxes a game uses.

Seed ``001`` (Polish) adds the expansions. "Time to Fly" ("PRZESTWORZA") is "42 karty": the seed names its ten
traits but gives no split; ``TIME_TO_FLY_KINDS`` is the split that ONE public source gives (issue 16 quotes it; no
rule book here confirms it), data in one place to correct. "Darwin's Day" ("DZIEŃ DARWINA") is "16 kart z trzema
cechami" without a split: ``DARWINS_DAY_KINDS`` is the project's (docs/rulings.md).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass


class Trait(enum.Enum):
    """The traits of seed 003, by the keys the rest of the project uses (the Ukrainian names in the comments)."""

    # A member is equal only to itself, so its identity is its hash: ``Enum.__hash__`` is a Python function (the
    # hash of the name), and every set or dict of traits the rules ask (the clashes, the turn traits, the guards)
    # paid a Python call for each question (1 % of a game).
    __hash__ = object.__hash__

    SWIMMING = "swimming"  # ВОДОПЛАВНА
    RUNNING = "running"  # ШВИДКА
    MIMICRY = "mimicry"  # МІМІКРІЯ
    BIG = "big"  # ВЕЛИКА
    STOMPER = "stomper"  # ТОПОТУН
    POISONOUS = "poisonous"  # ОТРУЙНА
    TAIL_LOSS = "tail_loss"  # ВІДКИДАННЯ ХВОСТА
    COMMUNICATION = "communication"  # ВЗАЄМОДІЯ
    HIBERNATION = "hibernation"  # СПЛЯЧКА
    SCAVENGER = "scavenger"  # ПАДАЛЬНИК
    SYMBIOSIS = "symbiosis"  # СИМБІОЗ
    COOPERATION = "cooperation"  # КООПЕРАЦІЯ
    PIRACY = "piracy"  # ПІРАТСТВО
    BURROWING = "burrowing"  # НОРНА
    CAMOUFLAGE = "camouflage"  # КАМУФЛЯЖ
    SHARP_VISION = "sharp_vision"  # ГОСТРИЙ ЗІР
    PARASITE = "parasite"  # ПАРАЗИТ
    CARNIVORE = "carnivore"  # ХИЖАК
    FAT_TISSUE = "fat_tissue"  # ЖИРОВИЙ ЗАПАС
    # Seed 001, "Time to Fly" (the Polish names in the comments).
    SHELL = "shell"  # MUSZLA
    INTELLECT = "intellect"  # INTELIGENCJA
    ANGLERFISH = "anglerfish"  # DIABEŁ MORSKI
    SPECIALIZATION_A = "specialization_a"  # SPECJALIZACJA A
    SPECIALIZATION_B = "specialization_b"  # SPECJALIZACJA B
    TREMATODE = "trematode"  # PRZYWRA
    METAMORPHOSIS = "metamorphosis"  # METAMORFOZA
    INK_CLOUD = "ink_cloud"  # SEPIA
    VIVIPAROUS = "viviparous"  # ŻYWORODNOŚĆ
    AMBUSH = "ambush"  # ZASADZKA
    FLIGHT = "flight"  # LATANIE
    # Seed 001, "Darwin's Day".
    KLEPTOPLASTY = "kleptoplasty"  # KLEPTOPLASTIA
    IMMUNITY = "immunity"  # ODPORNOŚĆ
    PACK = "pack"  # WATAHA


#: Each trait's code in menu paths and button ids. Fixed, never derived from the enum's order: buttons posted days
#: ago carry these codes, so a new trait takes a new number and none is reused (pinned by
#: tests/origin/ui/test_button_codes.py).
TRAIT_CODES: Mapping[Trait, str] = {
    Trait.SWIMMING: "0",
    Trait.RUNNING: "1",
    Trait.MIMICRY: "2",
    Trait.BIG: "3",
    Trait.STOMPER: "4",
    Trait.POISONOUS: "5",
    Trait.TAIL_LOSS: "6",
    Trait.COMMUNICATION: "7",
    Trait.HIBERNATION: "8",
    Trait.SCAVENGER: "9",
    Trait.SYMBIOSIS: "10",
    Trait.COOPERATION: "11",
    Trait.PIRACY: "12",
    Trait.BURROWING: "13",
    Trait.CAMOUFLAGE: "14",
    Trait.SHARP_VISION: "15",
    Trait.PARASITE: "16",
    Trait.CARNIVORE: "17",
    Trait.FAT_TISSUE: "18",
    Trait.SHELL: "19",
    Trait.INTELLECT: "20",
    Trait.ANGLERFISH: "21",
    Trait.SPECIALIZATION_A: "22",
    Trait.SPECIALIZATION_B: "23",
    Trait.TREMATODE: "24",
    Trait.METAMORPHOSIS: "25",
    Trait.INK_CLOUD: "26",
    Trait.VIVIPAROUS: "27",
    Trait.AMBUSH: "28",
    Trait.FLIGHT: "29",
    Trait.KLEPTOPLASTY: "30",
    Trait.IMMUNITY: "31",
    Trait.PACK: "32",
}

# The traits as module constants, for the rule modules' hot paths: Python 3.11 finds ``Trait.BIG`` through the
# enum class's ``__getattr__`` hook, about 120 ns against 10 ns for a global (timeit here), as North Star's
# third pass found (docs/benchmarks.md). Each is the member itself.
AMBUSH = Trait.AMBUSH
ANGLERFISH = Trait.ANGLERFISH
BIG = Trait.BIG
BURROWING = Trait.BURROWING
CAMOUFLAGE = Trait.CAMOUFLAGE
CARNIVORE = Trait.CARNIVORE
COMMUNICATION = Trait.COMMUNICATION
COOPERATION = Trait.COOPERATION
FAT_TISSUE = Trait.FAT_TISSUE
FLIGHT = Trait.FLIGHT
HIBERNATION = Trait.HIBERNATION
IMMUNITY = Trait.IMMUNITY
INK_CLOUD = Trait.INK_CLOUD
INTELLECT = Trait.INTELLECT
KLEPTOPLASTY = Trait.KLEPTOPLASTY
METAMORPHOSIS = Trait.METAMORPHOSIS
MIMICRY = Trait.MIMICRY
PACK = Trait.PACK
PARASITE = Trait.PARASITE
PIRACY = Trait.PIRACY
POISONOUS = Trait.POISONOUS
RUNNING = Trait.RUNNING
SCAVENGER = Trait.SCAVENGER
SHARP_VISION = Trait.SHARP_VISION
SHELL = Trait.SHELL
SPECIALIZATION_A = Trait.SPECIALIZATION_A
SPECIALIZATION_B = Trait.SPECIALIZATION_B
STOMPER = Trait.STOMPER
SWIMMING = Trait.SWIMMING
SYMBIOSIS = Trait.SYMBIOSIS
TAIL_LOSS = Trait.TAIL_LOSS
TREMATODE = Trait.TREMATODE
VIVIPAROUS = Trait.VIVIPAROUS

T = Trait

#: The kinds of card in one base deck: the trait(s) printed on the card (the main one first) and how many there are.
KINDS: tuple[tuple[tuple[Trait, ...], int], ...] = (
    ((T.SWIMMING,), 8),
    ((T.PIRACY,), 4),
    ((T.MIMICRY,), 4),
    ((T.SCAVENGER,), 4),
    ((T.RUNNING,), 4),
    ((T.TAIL_LOSS,), 4),
    ((T.SYMBIOSIS,), 4),
    ((T.POISONOUS, T.CARNIVORE), 4),
    ((T.HIBERNATION, T.CARNIVORE), 4),
    ((T.BIG, T.CARNIVORE), 4),
    ((T.PARASITE, T.CARNIVORE), 4),
    ((T.COMMUNICATION, T.CARNIVORE), 4),
    ((T.COOPERATION, T.CARNIVORE), 4),
    ((T.STOMPER, T.FAT_TISSUE), 4),
    ((T.CAMOUFLAGE, T.FAT_TISSUE), 4),
    ((T.BIG, T.FAT_TISSUE), 4),
    ((T.PARASITE, T.FAT_TISSUE), 4),
    ((T.BURROWING, T.FAT_TISSUE), 4),
    ((T.SHARP_VISION, T.FAT_TISSUE), 4),
    ((T.COOPERATION, T.FAT_TISSUE), 4),
)

#: The "Time to Fly" deck, 42 cards (issue 16's split, from one public source).
TIME_TO_FLY_KINDS: tuple[tuple[tuple[Trait, ...], int], ...] = (
    ((T.FLIGHT, T.CARNIVORE), 2),
    ((T.FLIGHT, T.SPECIALIZATION_A), 2),
    ((T.FLIGHT, T.SPECIALIZATION_B), 2),
    ((T.INTELLECT, T.FAT_TISSUE), 2),
    ((T.INTELLECT, T.SPECIALIZATION_A), 2),
    ((T.AMBUSH, T.SPECIALIZATION_B), 2),
    ((T.AMBUSH, T.SWIMMING), 2),
    ((T.ANGLERFISH,), 4),
    ((T.INK_CLOUD,), 4),
    ((T.SHELL,), 4),
    ((T.METAMORPHOSIS, T.CARNIVORE), 2),
    ((T.METAMORPHOSIS, T.SPECIALIZATION_A), 2),
    ((T.VIVIPAROUS, T.SPECIALIZATION_B), 2),
    ((T.VIVIPAROUS, T.SWIMMING), 2),
    ((T.TREMATODE, T.COOPERATION), 4),
    ((T.TREMATODE, T.COMMUNICATION), 2),
    ((T.TREMATODE, T.FAT_TISSUE), 2),
)

#: The "Darwin's Day" cards, 16 (the project's split: docs/rulings.md).
DARWINS_DAY_KINDS: tuple[tuple[tuple[Trait, ...], int], ...] = (
    ((T.KLEPTOPLASTY,), 5),
    ((T.IMMUNITY,), 5),
    ((T.PACK,), 6),
)

#: Decks mixed at most (seed 003, "Гра з двома наборами"; seed 001: "wariant z 2 podstawowymi wersjami i 2
#: rozszerzeniami").
MAX_DECKS = 2


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    traits: tuple[Trait, ...]

    @property
    def kind(self) -> str:
        """The card's name in positions and logs: its traits' keys joined by "/" (``"poisonous/carnivore"``)."""
        return kind_name(self.traits)


def kind_name(traits: tuple[Trait, ...]) -> str:
    return "/".join(t.value for t in traits)


def _build(*boxes: tuple[tuple[tuple[Trait, ...], int], ...]) -> tuple[Card, ...]:
    cards: list[Card] = []
    for kinds in boxes:
        for traits, count in kinds:
            first = len(cards)  # read once: the list grows while the cards are made
            cards.extend(Card(first + i, traits) for i in range(count))
    return tuple(cards)


def _size(kinds: tuple[tuple[tuple[Trait, ...], int], ...]) -> int:
    return sum(count for _, count in kinds)


DECK_SIZE = _size(KINDS)
TIME_TO_FLY_SIZE = _size(TIME_TO_FLY_KINDS)
DARWINS_DAY_SIZE = _size(DARWINS_DAY_KINDS)
#: Where each box's ids begin: two base decks, two "Time to Fly" decks, one "Darwin's Day" set.
TIME_TO_FLY_START = MAX_DECKS * DECK_SIZE
DARWINS_DAY_START = TIME_TO_FLY_START + MAX_DECKS * TIME_TO_FLY_SIZE

#: Every card of every box a game may use, indexed by id.
CARDS: tuple[Card, ...] = _build(*[KINDS] * MAX_DECKS, *[TIME_TO_FLY_KINDS] * MAX_DECKS, DARWINS_DAY_KINDS)
_TRAITS = tuple(card.traits for card in CARDS)


def traits_of(card: int) -> tuple[Trait, ...]:
    """The trait(s) printed on a card: one of them is chosen when the card is played as a trait."""
    return _TRAITS[card]


def game_cards(decks: int) -> range:
    """The ids of ``decks`` base decks."""
    return range(decks * DECK_SIZE)


def time_to_fly_cards(decks: int) -> range:
    """The ids of ``decks`` "Time to Fly" decks."""
    return range(TIME_TO_FLY_START, TIME_TO_FLY_START + decks * TIME_TO_FLY_SIZE)


def darwins_day_cards() -> range:
    return range(DARWINS_DAY_START, DARWINS_DAY_START + DARWINS_DAY_SIZE)


def halved(cards: range) -> tuple[int, ...]:
    """Half of each main trait's cards (seed 001: "karty dzielimy według głównej cechy, nie zwracamy uwagi na cechę
    znajdującą się na brzegu karty"): the lower ids of each main trait, whatever the card's second trait."""
    groups: dict[Trait, list[int]] = {}
    for card in cards:
        groups.setdefault(_TRAITS[card][0], []).append(card)
    return tuple(sorted(card for ids in groups.values() for card in ids[: len(ids) // 2]))
