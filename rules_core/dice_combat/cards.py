"""The three decks of the dice-combat game as data: species, environments and evolutions.

Seed ``004`` (Spanish, "Is the evolution baby!!!"), "Elementos" and "Cartas": each player's species has Strength
("Fuerza", the dice it rolls), Energy ("Energía", the food an attack, a paid card or a population point costs, and
the most population it may have) and Population; environment cards change the conditions of a period; evolution
cards follow the template "Título / Efecto / Condición". The seed prints NO card list: every card below is this
project's own design, described and justified in docs/dice-combat-cards.md and balanced by
``benchmarks/dice_balance.py``. This module is the one place to change a card. A change of a species or evolution
card makes a new edition (``EDITIONS``): a game keeps the edition it was dealt, so games already stored replay
exactly and play on with their own cards.

A card's effect is an :class:`Effect` (what changes) under a :class:`Condition` (when it holds); ``effects.py``
reads them. A species card names the evolution kinds it is born with: they count as its cards of those kinds
(seed 004, rule 7.d: one card of a kind per species).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass


class Condition(enum.Enum):
    """When a card's effect holds."""

    ALWAYS = "always"
    #: The species hunts (step 5.h) or attacks (step 5.k).
    HUNTS_OR_ATTACKS = "hunts_or_attacks"
    #: The species is hunted (it is the prey) or defends against an attack.
    HUNTED_OR_DEFENDS = "hunted_or_defends"
    #: The species is the prey of a hunt.
    HUNTED = "hunted"
    #: The species attacks in the extinction round.
    ATTACKS = "attacks"
    #: A cold environment (Ice Age, Long Winter) is in force.
    COLD = "cold"
    #: The population recovery at the start of a period (seed 004, rules 5.c and 6.a-b).
    PERIOD_START = "period_start"
    #: The hunting round (step 5.g-i).
    HUNTING_ROUND = "hunting_round"


@dataclass(frozen=True, slots=True)
class Effect:
    """What a card changes while its condition holds. Strength and Energy never drop below 1 (effects.py)."""

    strength: int = 0
    energy: int = 0
    #: Population points recovered in addition at a period's start.
    recovery: int = 0
    #: No population is recovered at this period's start (neither the regular point nor any extra one).
    no_recovery: bool = False
    #: Dice the opponent of this species rolls fewer (never fewer than one).
    opponent_dice: int = 0
    #: This species wins the comparisons it ties.
    wins_ties: bool = False
    #: Population points the defender loses in addition when this species' attack does damage.
    extra_damage: int = 0
    #: Food gained in addition when this species wins a hunt.
    extra_food: int = 0
    #: The environment card in force has no effect on this species.
    ignores_environment: bool = False
    #: The most hunts a player may make this period, when lower than two.
    hunt_limit: int | None = None

    def __post_init__(self) -> None:
        # A limit lowers the hunts after the first (``hunting.may_hunt`` lets the first go without summing the
        # effects in force): one below one would forbid hunting, which is no limit.
        if self.hunt_limit is not None and self.hunt_limit < 1:
            raise ValueError("a hunt limit is at least one")


class Kind(enum.Enum):
    """The kinds of evolution card, by their English names."""

    CLAWS = "claws"
    FANGS = "fangs"
    HORNS = "horns"
    THICK_FUR = "thick_fur"
    CAMOUFLAGE = "camouflage"
    AMBUSH = "ambush"
    VENOM = "venom"
    FAT_RESERVES = "fat_reserves"
    LEAN_METABOLISM = "lean_metabolism"
    DISEASE = "disease"
    HIBERNATION = "hibernation"
    FERTILITY = "fertility"


@dataclass(frozen=True, slots=True)
class KindRule:
    """An evolution card's printed text: its title, effect and condition."""

    title: str
    effect: Effect
    condition: Condition
    #: How many cards of the kind the evolution deck holds.
    copies: int


@dataclass(frozen=True, slots=True)
class SpeciesCard:
    """A species: a player's own for the whole game, or the prey of one hunt."""

    id: int
    name: str
    title: str
    strength: int
    energy: int
    #: Evolution kinds the species is born with (they count as its cards of those kinds).
    innate: tuple[Kind, ...]
    #: The edition of the cards it belongs to.
    edition: int


@dataclass(frozen=True, slots=True)
class EnvironmentCard:
    id: int
    name: str
    title: str
    effect: Effect
    condition: Condition
    cold: bool = False


#: The environment deck (seed 004, step 5.b: one card in force per period).
ENVIRONMENTS: tuple[EnvironmentCard, ...] = tuple(
    EnvironmentCard(i, name, title, effect, condition, cold)
    for i, (name, title, effect, condition, cold) in enumerate(
        (
            ("mild_climate", "Mild Climate", Effect(), Condition.ALWAYS, False),
            ("mild_climate", "Mild Climate", Effect(), Condition.ALWAYS, False),
            ("ice_age", "Ice Age", Effect(strength=-1), Condition.ALWAYS, True),
            ("long_winter", "Long Winter", Effect(strength=-1), Condition.HUNTED, True),
            ("drought", "Drought", Effect(no_recovery=True), Condition.PERIOD_START, False),
            ("abundance", "Abundance", Effect(energy=2), Condition.HUNTED, False),
            ("fog", "Fog", Effect(strength=1), Condition.HUNTED_OR_DEFENDS, False),
            ("heatwave", "Heatwave", Effect(strength=-1), Condition.HUNTS_OR_ATTACKS, False),
            ("storm", "Storm", Effect(hunt_limit=1), Condition.HUNTING_ROUND, False),
            ("mating_season", "Mating Season", Effect(recovery=1), Condition.PERIOD_START, False),
            ("migration", "Migration", Effect(energy=1), Condition.HUNTED, False),
            ("full_moon", "Full Moon", Effect(strength=1), Condition.HUNTS_OR_ATTACKS, False),
        )
    )
)


@dataclass(frozen=True, slots=True)
class EvolutionCard:
    id: int
    kind: Kind
    #: The edition of the cards it belongs to.
    edition: int


@dataclass(frozen=True, slots=True)
class Edition:
    """One version of the species and evolution cards. A game is dealt one edition's cards for good (its option
    ``edition``): a game stored under older cards replays and plays on with them, and a new game gets the newest.
    Every edition's cards have ids of their own, so a card id alone says what the card does; the environment deck
    is the same in every edition."""

    number: int
    kinds: Mapping[Kind, KindRule]
    species: tuple[SpeciesCard, ...]
    evolutions: tuple[EvolutionCard, ...]


_SpeciesRow = tuple[str, str, int, int, tuple[Kind, ...]]

#: The first edition's evolution kinds (docs/dice-combat-cards.md, "Tuning history").
_FIRST_KINDS: dict[Kind, KindRule] = {
    Kind.CLAWS: KindRule("Claws", Effect(strength=1), Condition.ALWAYS, 5),
    Kind.FANGS: KindRule("Fangs", Effect(strength=1, extra_food=1), Condition.HUNTS_OR_ATTACKS, 4),
    Kind.HORNS: KindRule("Horns", Effect(strength=2), Condition.HUNTED_OR_DEFENDS, 4),
    Kind.THICK_FUR: KindRule("Thick Fur", Effect(strength=2), Condition.COLD, 3),
    Kind.CAMOUFLAGE: KindRule("Camouflage", Effect(opponent_dice=1), Condition.HUNTED_OR_DEFENDS, 4),
    Kind.AMBUSH: KindRule("Ambush", Effect(wins_ties=True), Condition.HUNTS_OR_ATTACKS, 4),
    Kind.VENOM: KindRule("Venom", Effect(extra_damage=1), Condition.ATTACKS, 3),
    Kind.FAT_RESERVES: KindRule("Fat Reserves", Effect(energy=2), Condition.ALWAYS, 4),
    Kind.LEAN_METABOLISM: KindRule("Lean Metabolism", Effect(energy=-1), Condition.ALWAYS, 4),
    Kind.DISEASE: KindRule("Disease", Effect(strength=-1), Condition.ALWAYS, 6),
    Kind.HIBERNATION: KindRule("Hibernation", Effect(ignores_environment=True), Condition.ALWAYS, 3),
    Kind.FERTILITY: KindRule("Fertility", Effect(recovery=1), Condition.PERIOD_START, 4),
}


#: The first edition's species cards (name, title, Strength, Energy, born with). Energy is at least the starting
#: population (3), which may never exceed it (rule 6.d).
_FIRST_SPECIES: tuple[_SpeciesRow, ...] = (
    ("wolf_pack", "Wolf Pack", 3, 3, (Kind.AMBUSH,)),
    ("mammoth", "Mammoth", 3, 5, (Kind.THICK_FUR,)),
    ("sabre_tooth", "Sabre-tooth Cat", 4, 4, ()),
    ("giant_tortoise", "Giant Tortoise", 2, 5, (Kind.HORNS, Kind.CAMOUFLAGE)),
    ("viper", "Viper", 3, 3, (Kind.VENOM, Kind.AMBUSH)),
    ("bison_herd", "Bison Herd", 3, 4, (Kind.HORNS,)),
    ("cave_bear", "Cave Bear", 4, 5, (Kind.HIBERNATION,)),
    ("raptor", "Raptor", 3, 3, (Kind.FANGS,)),
    ("rabbit_warren", "Rabbit Warren", 2, 5, (Kind.FERTILITY, Kind.CAMOUFLAGE)),
    ("chameleon", "Chameleon", 2, 4, (Kind.CAMOUFLAGE, Kind.AMBUSH)),
    ("elk", "Elk", 3, 5, (Kind.FERTILITY,)),
    ("wild_boar", "Wild Boar", 3, 4, (Kind.CLAWS,)),
    ("hyena_clan", "Hyena Clan", 3, 4, (Kind.LEAN_METABOLISM, Kind.AMBUSH)),
    ("woolly_rhino", "Woolly Rhino", 3, 4, (Kind.THICK_FUR, Kind.HORNS)),
    ("crocodile", "Crocodile", 3, 4, (Kind.VENOM,)),
    ("giant_sloth", "Giant Sloth", 3, 5, (Kind.HORNS,)),
)

#: The second edition (issue 29): the first edition's cards with the changes below, balanced by
#: ``benchmarks/dice_balance.py``; docs/dice-combat-cards.md, "Tuning history", gives the figures before and after.
_SECOND_KINDS: dict[Kind, KindRule] = {
    **_FIRST_KINDS,
    # Claws, Fangs and Ambush decided two-player games from the starting hand: more copies make them less rare.
    Kind.CLAWS: KindRule("Claws", Effect(strength=1), Condition.ALWAYS, 6),
    Kind.FANGS: KindRule("Fangs", Effect(strength=1, extra_food=1), Condition.HUNTS_OR_ATTACKS, 5),
    Kind.AMBUSH: KindRule("Ambush", Effect(wins_ties=True), Condition.HUNTS_OR_ATTACKS, 5),
    # A card its holder could rarely use: now a trade-off worth playing on one's own species (fiercer, smaller).
    Kind.LEAN_METABOLISM: KindRule("Lean Metabolism", Effect(strength=1, energy=-1), Condition.ALWAYS, 4),
    # Fertility in the starting hand lost two-player games (a short game gives recovery little time): more copies.
    Kind.FERTILITY: KindRule("Fertility", Effect(recovery=1), Condition.PERIOD_START, 6),
    # Weakening a rival for good helped the other rivals as much as its player: now it weakens the species in the
    # fights it is drawn into (a hunt's prey, a defender), the hunt or the attack of whoever played it.
    Kind.DISEASE: KindRule("Disease", Effect(strength=-1), Condition.HUNTED_OR_DEFENDS, 6),
}
#: The species that changed: name -> (Strength, Energy, born with).
_SECOND_SPECIES_CHANGES: dict[str, tuple[int, int, tuple[Kind, ...]]] = {
    "wolf_pack": (3, 4, (Kind.AMBUSH,)),
    "mammoth": (3, 5, (Kind.THICK_FUR, Kind.CLAWS)),
    "giant_tortoise": (3, 3, (Kind.CAMOUFLAGE, Kind.HIBERNATION)),
    "viper": (3, 3, (Kind.VENOM, Kind.CAMOUFLAGE)),
    "rabbit_warren": (3, 4, (Kind.FERTILITY, Kind.CAMOUFLAGE)),
    "elk": (3, 5, (Kind.FERTILITY, Kind.HORNS)),
    "hyena_clan": (2, 6, (Kind.LEAN_METABOLISM, Kind.AMBUSH)),
    "crocodile": (3, 5, (Kind.VENOM, Kind.HORNS)),
    "giant_sloth": (3, 6, (Kind.CLAWS,)),
}


def _second_species() -> tuple[_SpeciesRow, ...]:
    return tuple(
        (name, title, *_SECOND_SPECIES_CHANGES.get(name, (strength, energy, innate)))
        for name, title, strength, energy, innate in _FIRST_SPECIES
    )


def _editions(*sets: tuple[Mapping[Kind, KindRule], tuple[_SpeciesRow, ...]]) -> dict[int, Edition]:
    """The editions numbered from 1, each card with an id after the previous editions' cards."""
    editions: dict[int, Edition] = {}
    species_id = evolution_id = 0
    for number, (kinds, rows) in enumerate(sets, start=1):
        species = tuple(
            SpeciesCard(species_id + i, name, title, s, e, innate, number)
            for i, (name, title, s, e, innate) in enumerate(rows)
        )
        evolutions = tuple(
            EvolutionCard(evolution_id + i, kind, number)
            for i, kind in enumerate(kind for kind, rule in kinds.items() for _ in range(rule.copies))
        )
        editions[number] = Edition(number, kinds, species, evolutions)
        species_id += len(species)
        evolution_id += len(evolutions)
    return editions


EDITIONS: dict[int, Edition] = _editions((_FIRST_KINDS, _FIRST_SPECIES), (_SECOND_KINDS, _second_species()))
#: The edition of a game whose options name none: every game stored before there were editions.
FIRST_EDITION = 1
#: The edition a new game is dealt.
LATEST_EDITION = max(EDITIONS)

#: Every species card of every edition, by id: each player's species is dealt from its game's edition (seed 004,
#: rule 3) and every prey is drawn from it (step 5.h.i).
SPECIES: tuple[SpeciesCard, ...] = tuple(card for edition in EDITIONS.values() for card in edition.species)
#: Every evolution card of every edition, by id (each edition's in kind order).
EVOLUTIONS: tuple[EvolutionCard, ...] = tuple(card for edition in EDITIONS.values() for card in edition.evolutions)
#: The newest edition's kinds and species: the cards the rules texts describe.
KINDS: Mapping[Kind, KindRule] = EDITIONS[LATEST_EDITION].kinds
SPECIES_BY_NAME: dict[str, SpeciesCard] = {card.name: card for card in EDITIONS[LATEST_EDITION].species}


#: Every evolution card's kind, by card id (read for every card in hand whenever card plays are listed).
KIND_OF: tuple[Kind, ...] = tuple(card.kind for card in EVOLUTIONS)


def kind_of(card: int) -> Kind:
    return KIND_OF[card]


def rule_of(card: int) -> KindRule:
    """An evolution card's printed text, in its edition."""
    found = EVOLUTIONS[card]
    return EDITIONS[found.edition].kinds[found.kind]
