"""Flight (LATANIE), seed 001: "Wszystkie cechy, w tym także pasożyty i cechy zagrywane na pary zwierząt, zwiększają
wagę zwierzęcia, które posiada cechę latanie. Na przykład zwierzę mające tylko cechę drapieżnika może pożreć
zwierzę, które ma cechy latanie i pasożyt". Every trait of a flying animal, Parasites and paired traits (Trematodes
too) included, adds to its weight; the seed's example lets a carnivore with one trait eat a flyer with two. So a
flyer may be attacked only by a carnivore with fewer traits than it has, each counted with its paired traits
(docs/rulings.md). "Kartę można zagrać również na pływające zwierzę": Flight and Swimming may share an animal (no
rule forbids it).
"""

from rules_core.origin.cards import FLIGHT
from rules_core.origin.state import Animal, Player


def weight(owner: Player, animal: Animal) -> int:
    """The animal's traits: its cards and the paired traits joining it."""
    return len(animal.traits) + sum(1 for link in owner.links if link.joins(animal.id))


#: What ``protects`` looks at (``attack.GUARDS``): it keeps a carnivore away only from a prey with Flight.
ON_PREY = (FLIGHT,)
ON_HUNTER = ()


def protects(hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool:
    return target.has(FLIGHT) and weight(hunter_owner, carnivore) >= weight(owner, target)
