"""Warning Call (Figyelmeztető jelzés), seed 000.

The species directly left and right of a species with Warning Call may not be attacked unless the attacker has
Ambush. It does not protect a species that has Warning Call itself, and it does not protect its own species.
Neighbours are the owner's own species in table order (docs/rulings.md, "Neighbours").
"""

from rules_core.north_star.cards import WARNING_CALL
from rules_core.north_star.state import Species
from rules_core.north_star.traits.ambush import ignores_warning_call


def protects(carnivore: Species, table: tuple[Species, ...], index: int) -> bool:
    # The neighbours first, one by one: move generation asks this of every carnivore and prey pair, and most
    # tables have no Warning Call at all.
    warned = (index > 0 and table[index - 1].has(WARNING_CALL)) or (
        index + 1 < len(table) and table[index + 1].has(WARNING_CALL)
    )
    return warned and not table[index].has(WARNING_CALL) and not ignores_warning_call(carnivore)
