"""One fight, the same in a hunt and in an attack (seed 004, steps 5.h.vi-viii and 5.p: "se desarrolla en forma
idéntica al ataque de la Caza"): each side rolls its Strength in dice (less what the other side's Camouflage
takes), and the rolls are compared (dice.py), Ambush counting ties as won."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.copying import quick_init
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


quick_init(Fight)  # one a fight, with its Comparison (see ``quick_init``)


def dice(species: Species, role: Role, opponent: Species, opponent_role: Role, environment: int | None) -> int:
    """How many dice ``species`` rolls against ``opponent``: never fewer than one."""
    return _dice(effects.figures(species, environment, role), effects.figures(opponent, environment, opponent_role))


def _dice(side: effects.Figures, opponent: effects.Figures) -> int:
    return max(1, side.strength - opponent.opponent_dice)


def fight(
    rng: Rng,
    first: Species,
    first_role: Role,
    second: Species,
    second_role: Role,
    environment: int | None,
) -> tuple[Fight, Rng]:
    """The first side (the hunter, the attacker) rolls, then the second; the comparison is from the first side."""
    mine, theirs = effects.figures(first, environment, first_role), effects.figures(second, environment, second_role)
    first_roll, rng = rng.roll(_dice(mine, theirs))
    second_roll, rng = rng.roll(_dice(theirs, mine))
    comparison = compare(first_roll, second_roll, first_wins_ties=mine.wins_ties, second_wins_ties=theirs.wins_ties)
    return Fight(first_roll, second_roll, comparison), rng
