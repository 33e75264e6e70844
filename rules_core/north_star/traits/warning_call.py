"""Warning Call (Figyelmeztető jelzés), seed 000.

The species directly left and right of a species with Warning Call may not be attacked unless the attacker has
Ambush. It does not protect a species that has Warning Call itself, and it does not protect its own species.
Neighbours are the owner's own species in table order (docs/rulings.md, "Neighbours").
"""

from rules_core.north_star.cards import Trait
from rules_core.north_star.state import Species
from rules_core.north_star.traits.ambush import ignores_warning_call


def protects(carnivore: Species, table: tuple[Species, ...], index: int) -> bool:
    target = table[index]
    if target.has(Trait.WARNING_CALL) or ignores_warning_call(carnivore):
        return False
    neighbours = table[max(index - 1, 0) : index] + table[index + 1 : index + 2]
    return any(n.has(Trait.WARNING_CALL) for n in neighbours)
