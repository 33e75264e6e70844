"""Immunity (ODPORNOŚĆ), seed 001 ("Darwin's Day"): "Na zwierzę z tą cechą nie można zagrać żadnego rodzaju pasożyta
(przywry, nowotworu, pasożyta – fioletowej karty) i odwrotnie." No parasite of any kind goes on an animal with
Immunity: neither Parasite nor Trematode (the Tumour the seed names is a card of no box here), and Immunity goes on
no animal that carries one."""

from rules_core.origin.cards import IMMUNITY, PARASITE, TREMATODE, Trait
from rules_core.origin.state import Animal

#: The parasites of the boxes the project plays (a tuple: a trait is found in it by identity, without hashing it).
PARASITES = (PARASITE, TREMATODE)
#: The traits :func:`forbids` may keep off an animal: it need not be asked of the others.
CONCERNS = (*PARASITES, IMMUNITY)


def forbids(animal: Animal, trait: Trait) -> bool:
    """Whether Immunity keeps ``trait`` off ``animal``: a parasite on an immune animal, or Immunity on an infested
    one."""
    if trait in PARASITES:
        return animal.has(IMMUNITY)
    if trait is IMMUNITY:
        return animal.has(PARASITE) or animal.trematodes > 0
    return False
