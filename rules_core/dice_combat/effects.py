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


Moment = Literal["any", "period_start", "hunting_round"]

_ROLES_OF = {
    Condition.HUNTS_OR_ATTACKS: (Role.HUNTER, Role.ATTACKER),
    Condition.HUNTED_OR_DEFENDS: (Role.PREY, Role.DEFENDER),
    Condition.HUNTED: (Role.PREY,),
    Condition.ATTACKS: (Role.ATTACKER,),
}


def kinds(species: Species) -> list[Kind]:
    """The evolution kinds a species carries: those it was born with, then its cards in the order played."""
    return list(_kinds(species.card, species.evolutions))


def carries(species: Species, kind: Kind) -> bool:
    """Whether the species carries a card (or an innate kind) of ``kind``."""
    return kind in _kinds(species.card, species.evolutions)


# Asked of every species for every card in hand whenever card plays are listed (rule 7.d); keyed by the species'
# fields, which hash in C.
@functools.lru_cache(maxsize=4096)
def _kinds(card: int, evolutions: tuple[int, ...]) -> tuple[Kind, ...]:
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


#: The rules of each species card's innate kinds and of each evolution card, by card id, in the card's edition:
#: what ``kinds`` names, found by index instead of by a ``Kind`` (an Enum member hashes in Python code) whenever the
#: effects are worked out.
_INNATE_RULES = tuple(tuple(EDITIONS[card.edition].kinds[kind] for kind in card.innate) for card in SPECIES)
_CARD_RULES = tuple(rule_of(card.id) for card in EVOLUTIONS)


def active_effects(
    species: Species, environment: int | None, *, role: Role | None = None, moment: Moment = "any"
) -> tuple[Effect, ...]:
    """The effects in force on ``species`` now: its kinds' whose condition holds, then the environment's (unless
    one of them shields it from the environment)."""
    card = None if environment is None else ENVIRONMENTS[environment]
    cold = card is not None and card.cold
    # The rules of ``kinds(species)``, in its order.
    rules = (*_INNATE_RULES[species.card], *[_CARD_RULES[card] for card in species.evolutions])
    holding = _holding(role, cold, moment)
    found = [rule.effect for rule in rules if rule.condition in holding]
    shielded = any(e.ignores_environment for e in found)
    if card is not None and not shielded and card.condition in holding:
        found.append(card.effect)
    return tuple(found)


@quick_init  # one for every new species, environment and role: some 200 a game
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
    strength, energy = SPECIES[card].strength, SPECIES[card].energy
    opponent_dice = extra_damage = extra_food = recovery = 0
    wins_ties = no_recovery = False
    limit: int | None = None
    # One pass over the effects (a miss is taken for every new species, environment and role: some 200 a game).
    for effect in active_effects(Species(card, evolutions), environment, role=role, moment=moment):
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
