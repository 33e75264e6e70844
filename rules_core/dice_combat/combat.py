"""One fight, the same in a hunt and in an attack (seed 004, steps 5.h.vi-viii and 5.p: "se desarrolla en forma
idéntica al ataque de la Caza"): each side rolls its Strength in dice (less what the other side's Camouflage
takes), and the rolls are compared (dice.py), Ambush counting ties as won."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice_combat import effects
from rules_core.dice_combat.dice import Comparison, compare
from rules_core.dice_combat.effects import Role
from rules_core.dice_combat.state import Species
from rules_core.rng import Rng


@dataclass(frozen=True, slots=True)
class Fight:
    first_roll: tuple[int, ...]
    second_roll: tuple[int, ...]
    comparison: Comparison


def dice(species: Species, role: Role, opponent: Species, opponent_role: Role, environment: int | None) -> int:
    """How many dice ``species`` rolls against ``opponent``: never fewer than one."""
    count = effects.strength(species, environment, role) - effects.opponent_dice(opponent, environment, opponent_role)
    return max(1, count)


def fight(
    rng: Rng,
    first: Species,
    first_role: Role,
    second: Species,
    second_role: Role,
    environment: int | None,
) -> tuple[Fight, Rng]:
    """The first side (the hunter, the attacker) rolls, then the second; the comparison is from the first side."""
    first_roll, rng = rng.roll(dice(first, first_role, second, second_role, environment))
    second_roll, rng = rng.roll(dice(second, second_role, first, first_role, environment))
    comparison = compare(
        first_roll,
        second_roll,
        first_wins_ties=effects.wins_ties(first, environment, first_role),
        second_wins_ties=effects.wins_ties(second, environment, second_role),
    )
    return Fight(first_roll, second_roll, comparison), rng
