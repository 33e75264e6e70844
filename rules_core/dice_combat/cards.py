"""The three decks of the dice-combat game as data: species, environments and evolutions.

Seed ``004`` (Spanish, "Is the evolution baby!!!"), "Elementos" and "Cartas": each player's species has Strength
("Fuerza", the dice it rolls), Energy ("Energía", the food an attack, a paid card or a population point costs, and
the most population it may have) and Population; environment cards change the conditions of a period; evolution
cards follow the template "Título / Efecto / Condición". The seed prints NO card list: every card below is this
project's own design, described and justified in docs/dice-combat-cards.md and balanced by
``benchmarks/dice_balance.py``. This module is the one place to change a card.

A card's effect is an :class:`Effect` (what changes) under a :class:`Condition` (when it holds); ``effects.py``
reads them. A species card names the evolution kinds it is born with: they count as its cards of those kinds
(seed 004, rule 7.d: one card of a kind per species).
"""

from __future__ import annotations

import enum
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


KINDS: dict[Kind, KindRule] = {
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


@dataclass(frozen=True, slots=True)
class SpeciesCard:
    """A species: a player's own for the whole game, or the prey of one hunt."""

    id: int
    name: str
    title: str
    strength: int
    energy: int
    #: Evolution kinds the species is born with (they count as its cards of those kinds).
    innate: tuple[Kind, ...] = ()


@dataclass(frozen=True, slots=True)
class EnvironmentCard:
    id: int
    name: str
    title: str
    effect: Effect
    condition: Condition
    cold: bool = False


def _species(rows: tuple[tuple[str, str, int, int, tuple[Kind, ...]], ...]) -> tuple[SpeciesCard, ...]:
    return tuple(SpeciesCard(i, name, title, s, e, innate) for i, (name, title, s, e, innate) in enumerate(rows))


#: The species deck: every player's species is dealt from it (seed 004, rule 3) and every prey is drawn from it
#: (step 5.h.i). Energy is at least the starting population (3), which may never exceed it (rule 6.d).
SPECIES: tuple[SpeciesCard, ...] = _species(
    (
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
)

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


#: The evolution deck, card ids in kind order.
EVOLUTIONS: tuple[EvolutionCard, ...] = tuple(
    EvolutionCard(i, kind) for i, kind in enumerate(kind for kind, rule in KINDS.items() for _ in range(rule.copies))
)

SPECIES_BY_NAME: dict[str, SpeciesCard] = {card.name: card for card in SPECIES}


def kind_of(card: int) -> Kind:
    return EVOLUTIONS[card].kind
