"""Pack Hunting (Támadó falka), seed 000: when checking whether this carnivore can attack, add its population to
its body size."""

from rules_core.north_star.cards import PACK_HUNTING
from rules_core.north_star.state import Species


def attack_size(carnivore: Species) -> int:
    return carnivore.body_size + (carnivore.population if carnivore.has(PACK_HUNTING) else 0)
