"""The deck of the original "Evolution" as data: the one place to correct the cards.

Seed ``003`` (Ukrainian, 3rd edition), "Фаза розвитку": every card shows an animal on its back and one trait on its
face; some cards print a second trait at the bottom (the seed's example is ХИЖАК, Carnivore), and a player who plays
such a card as a trait chooses one of the two for good. The seed lists the traits ("ЗДІБНОСТІ ТВАРИН") but not how
many cards of each the box holds.

The composition below is that of the published base deck, 84 cards. Sources agree on the total; the split per card
has ONE public source, an open-source implementation of the game, and no rule book confirms it. A player who owns the
cards can correct ``KINDS`` here and nowhere else. Carnivore and Fat Tissue only ever appear as the second trait of
a card.

"Гра з двома наборами (до 8 гравців)": two boxes mixed let up to 8 play. A game uses ``decks`` copies of the deck;
card ids run over the copies (the second copy's ids follow the first's), so every card of a game has its own id.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Trait(enum.Enum):
    """The traits of seed 003, by the keys the rest of the project uses (the Ukrainian names in the comments)."""

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

#: Decks mixed at most (seed 003, "Гра з двома наборами").
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


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for _ in range(MAX_DECKS):
        for traits, count in KINDS:
            cards.extend(Card(len(cards) + i, traits) for i in range(count))
    return tuple(cards)


#: Every card of every deck a game may use, indexed by id; a game with ``decks`` decks uses the first
#: ``decks * DECK_SIZE`` of them.
CARDS: tuple[Card, ...] = _build()
DECK_SIZE = len(CARDS) // MAX_DECKS
_TRAITS = tuple(card.traits for card in CARDS)


def traits_of(card: int) -> tuple[Trait, ...]:
    """The trait(s) printed on a card: one of them is chosen when the card is played as a trait."""
    return _TRAITS[card]


def game_cards(decks: int) -> range:
    """The ids of the cards a game with ``decks`` decks uses."""
    return range(decks * DECK_SIZE)
