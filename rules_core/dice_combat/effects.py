"""What the cards make of a species: its Strength, Energy and the other effects in force on it now.

Seed 004: a species' Strength is the number of dice it rolls (step 5.h.vi-vii), its Energy the food reward of a hunt
(5.h.x) and the price of an attack, a paid card or a population point (5.l, 5.h.iv, 6.c), and the most population it
may have (6.d). Evolution cards (rule 7) and the environment in force (5.b, 5.h.ii) change them while their
condition holds; the cards' texts are in cards.py, each in its edition (a card id names its edition). A species'
innate kinds (its species card) act like cards of those kinds. Strength and Energy are never below 1
(docs/rulings.md, "Strength and Energy never below 1").
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from typing import Literal

from rules_core.copying import quick_init
from rules_core.dice_combat.cards import EDITIONS, ENVIRONMENTS, EVOLUTIONS, SPECIES, Condition, Effect, Kind, rule_of
from rules_core.dice_combat.state import Species


class Role(enum.Enum):
    """The part a species plays in a fight."""

    HUNTER = "hunter"
    PREY = "prey"
    ATTACKER = "attacker"
    DEFENDER = "defender"

    # A role is part of the key of every figure asked (``_figures``): ``Enum.__hash__`` is Python code, some 2,000
    # instructions, where the identity hash is C. A member is one object for good (a copy or an unpickled member is
    # the member itself), and members compare by identity, so the two agree.
    __hash__ = object.__hash__


Moment = Literal["any", "period_start", "hunting_round"]

_ROLES_OF = {
    Condition.HUNTS_OR_ATTACKS: (Role.HUNTER, Role.ATTACKER),
    Condition.HUNTED_OR_DEFENDS: (Role.PREY, Role.DEFENDER),
    Condition.HUNTED: (Role.PREY,),
    Condition.ATTACKS: (Role.ATTACKER,),
}


def kinds(species: Species) -> list[Kind]:
    """The evolution kinds a species carries: those it was born with, then its cards in the order played."""
    return list(kinds_of(species.card, species.evolutions))


def carries(species: Species, kind: Kind) -> bool:
    """Whether the species carries a card (or an innate kind) of ``kind``."""
    return kind in kinds_of(species.card, species.evolutions)


# Asked of every species whenever card plays are listed (rule 7.d; some 260 listings a game); keyed by the species'
# fields, which hash in C.
@functools.lru_cache(maxsize=4096)
def kinds_of(card: int, evolutions: tuple[int, ...]) -> tuple[Kind, ...]:
    """``kinds`` of the species of species card ``card`` carrying ``evolutions``, as a tuple."""
    return (*SPECIES[card].innate, *(EVOLUTIONS[c].kind for c in evolutions))


# The conditions as module constants: Python 3.11 finds ``Condition.ALWAYS`` through the enum class's
# ``__getattr__`` hook, several times the cost of a global (as the traits in North Star's and the original game's
# rules).
_ALWAYS = Condition.ALWAYS
_COLD = Condition.COLD
_PERIOD_START = Condition.PERIOD_START
_HUNTING_ROUND = Condition.HUNTING_ROUND


def holds(condition: Condition, *, role: Role | None, cold: bool, moment: Moment) -> bool:
    if condition is _ALWAYS:
        return True
    if condition is _COLD:
        return cold
    if condition is _PERIOD_START:
        return moment == "period_start"
    if condition is _HUNTING_ROUND:
        return moment == "hunting_round"
    return role in _ROLES_OF[condition]


@functools.cache
def _holding(role: Role | None, cold: bool, moment: Moment) -> tuple[Condition, ...]:
    """The conditions that hold in a situation, as a tuple: searched by identity in C, where ``holds`` is a call for
    each rule of a species (an Enum member hashes in Python code, so not a set)."""
    return tuple(c for c in Condition if holds(c, role=role, cold=cold, moment=moment))


#: Every card's effect (species' innate kinds, evolution cards, environments), numbered: an ``Effect`` hashes in
#: Python code, its number in C.
_EFFECTS: tuple[Effect, ...] = tuple(
    dict.fromkeys(
        [
            *(EDITIONS[card.edition].kinds[kind].effect for card in SPECIES for kind in card.innate),
            *(rule_of(card.id).effect for card in EVOLUTIONS),
            *(card.effect for card in ENVIRONMENTS),
        ]
    )
)
_NUMBER: dict[Effect, int] = {effect: number for number, effect in enumerate(_EFFECTS)}
#: The numbers of the effects that shield a species from the environment (Hibernation).
_SHIELDS = frozenset(number for number, effect in enumerate(_EFFECTS) if effect.ignores_environment)

#: The rules of each species card's innate kinds and of each evolution card, by card id, in the card's edition (what
#: ``kinds`` names, found by index instead of by a ``Kind``, which hashes in Python code), and of each environment
#: card: each as its condition and its effect's number.
_INNATE_RULES = tuple(
    tuple((rule.condition, _NUMBER[rule.effect]) for rule in (EDITIONS[card.edition].kinds[k] for k in card.innate))
    for card in SPECIES
)
_CARD_RULES = tuple((rule.condition, _NUMBER[rule.effect]) for rule in map(rule_of, range(len(EVOLUTIONS))))
_ENVIRONMENT_RULES = tuple((card.condition, _NUMBER[card.effect]) for card in ENVIRONMENTS)


# A species' rules are asked in every situation it meets (each role, moment and environment): kept by its fields.
@functools.lru_cache(maxsize=1024)
def _rules(card: int, evolutions: tuple[int, ...]) -> tuple[tuple[Condition, int], ...]:
    """The rules of ``kinds(species)``, in its order, of the species of species card ``card`` with ``evolutions``."""
    return (*_INNATE_RULES[card], *map(_CARD_RULES.__getitem__, evolutions))


def active_effects(
    species: Species, environment: int | None, *, role: Role | None = None, moment: Moment = "any"
) -> tuple[Effect, ...]:
    """The effects in force on ``species`` now: its kinds' whose condition holds, then the environment's (unless
    one of them shields it from the environment)."""
    return tuple(_EFFECTS[n] for n in _in_force(species.card, species.evolutions, environment, role, moment))


def _in_force(
    card: int, evolutions: tuple[int, ...], environment: int | None, role: Role | None, moment: Moment
) -> tuple[int, ...]:
    """The numbers of ``active_effects`` of the species of species card ``card`` carrying ``evolutions``."""
    cold = environment is not None and ENVIRONMENTS[environment].cold
    holding = _holding(role, cold, moment)
    found = [n for condition, n in _rules(card, evolutions) if condition in holding]
    if environment is not None and _SHIELDS.isdisjoint(found):
        condition, n = _ENVIRONMENT_RULES[environment]
        if condition in holding:
            found.append(n)
    return tuple(found)


@quick_init  # one for every species card and set of effects in force that no game had before
@dataclass(frozen=True, slots=True)
class Figures:
    """What the effects in force on a species add up to in one situation (a role, a moment): every figure a fight,
    a price or a period's start asks of it."""

    #: The dice it rolls, never fewer than one.
    strength: int
    #: Its Energy, never below one.
    energy: int
    opponent_dice: int
    wins_ties: bool
    extra_damage: int
    extra_food: int
    #: Population points recovered in addition at a period's start.
    recovery: int
    no_recovery: bool
    #: The lowest hunt limit in force, or None.
    hunt_limit: int | None


def figures(species: Species, environment: int | None, role: Role | None = None, moment: Moment = "any") -> Figures:
    """The figures of ``species`` now, in ``role`` at ``moment``."""
    return _figures(species.card, species.evolutions, environment, role, moment)


# A fight asks four figures of each side and every price asks the Energy: summed once per situation, keyed by the
# species' fields (which hash in C; a ``Species`` hashes in Python code).
@functools.lru_cache(maxsize=4096)
def _figures(
    card: int, evolutions: tuple[int, ...], environment: int | None, role: Role | None, moment: Moment
) -> Figures:
    # Some 200 situations a game are new (a card on a species, a new environment, every prey), but far fewer sets of
    # effects in force: their sums are kept by the species card and the effects' numbers.
    return _summed(card, _in_force(card, evolutions, environment, role, moment))


@functools.lru_cache(maxsize=4096)
def _summed(card: int, numbers: tuple[int, ...]) -> Figures:
    """The figures of species card ``card`` with the effects numbered ``numbers`` in force."""
    strength, energy = SPECIES[card].strength, SPECIES[card].energy
    opponent_dice = extra_damage = extra_food = recovery = 0
    wins_ties = no_recovery = False
    limit: int | None = None
    for number in numbers:
        effect = _EFFECTS[number]
        strength += effect.strength
        energy += effect.energy
        opponent_dice += effect.opponent_dice
        wins_ties = wins_ties or effect.wins_ties
        extra_damage += effect.extra_damage
        extra_food += effect.extra_food
        recovery += effect.recovery
        no_recovery = no_recovery or effect.no_recovery
        if effect.hunt_limit is not None and (limit is None or effect.hunt_limit < limit):
            limit = effect.hunt_limit
    return Figures(
        max(1, strength),
        max(1, energy),
        opponent_dice,
        wins_ties,
        extra_damage,
        extra_food,
        recovery,
        no_recovery,
        limit,
    )


def strength(species: Species, environment: int | None, role: Role | None = None) -> int:
    """The dice the species rolls (in ``role``), never fewer than one."""
    return _figures(species.card, species.evolutions, environment, role, "any").strength


def energy(species: Species, environment: int | None, role: Role | None = None) -> int:
    """The species' Energy (as the prey, with ``role=Role.PREY``), never below one: the price of most decisions (a
    paid card, a population point, whether a turn shows the hand)."""
    return _figures(species.card, species.evolutions, environment, role, "any").energy


def wins_ties(species: Species, environment: int | None, role: Role) -> bool:
    return _figures(species.card, species.evolutions, environment, role, "any").wins_ties


def opponent_dice(species: Species, environment: int | None, role: Role) -> int:
    """How many dice fewer the opponent of this species rolls."""
    return _figures(species.card, species.evolutions, environment, role, "any").opponent_dice


def extra_damage(species: Species, environment: int | None) -> int:
    """Population points more that an attack of this species takes when it does damage."""
    return _figures(species.card, species.evolutions, environment, Role.ATTACKER, "any").extra_damage


def extra_food(species: Species, environment: int | None) -> int:
    """Food more that a hunt won by this species brings."""
    return _figures(species.card, species.evolutions, environment, Role.HUNTER, "any").extra_food


def recovery(species: Species, environment: int | None, *, quiet: bool) -> int:
    """Population points recovered at a period's start (seed 004, rules 5.c, 6.a-b): one, one more after a quiet
    period, plus the extra points of the effects in force; none at all when an effect stops recovery."""
    found = _figures(species.card, species.evolutions, environment, None, "period_start")
    if found.no_recovery:
        return 0
    return 1 + int(quiet) + found.recovery


def hunt_limit(species: Species, environment: int | None, standard: int) -> int:
    """How many hunts the owner of this species may make in this period's hunting round."""
    limit = _figures(species.card, species.evolutions, environment, None, "hunting_round").hunt_limit
    return standard if limit is None else min(standard, limit)
