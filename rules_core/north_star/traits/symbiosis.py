"""Symbiosis (Szimbiózis), seed 000: "Ha nálad van egy faj ettől a fajtól jobbra, amelynek a testmérete nagyobb,
mint az övé, akkor ez a faj nem támadható." If the owner has a species directly to its right with a larger body
size, this species may not be attacked."""

from rules_core.north_star.cards import SYMBIOSIS
from rules_core.north_star.state import Species


def protects(table: tuple[Species, ...], index: int) -> bool:
    target = table[index]
    if not target.has(SYMBIOSIS) or index + 1 >= len(table):
        return False
    return table[index + 1].body_size > target.body_size
