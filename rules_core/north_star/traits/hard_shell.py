"""Hard Shell (Kemény páncél), seed 000: when checking whether a carnivore can attack this species, count its body
size 4 higher (6 counts as 10). It does not change how much meat the attacker takes."""

from rules_core.north_star.cards import HARD_SHELL
from rules_core.north_star.state import Species

SHELL_BONUS = 4


def defended_size(target: Species) -> int:
    return target.body_size + (SHELL_BONUS if target.has(HARD_SHELL) else 0)
