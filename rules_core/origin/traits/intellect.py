"""Intellect (INTELIGENCJA), seed 001: "W sytuacji, gdy zwierzę będące celem ataku ma więcej niż jedną cechę, gracz
posiadający drapieżnika z cechą inteligencja decyduje, którą z cech zaatakowanego zwierzęcia zignoruje. Drapieżnik do
końca trwającej rundy nie poniesie konsekwencji zignorowanej cechy. ... Cechy tej można użyć raz na rundę; w momencie
podjęcia decyzji o ataku trzeba ogłosić, jaką cechę zaatakowanego zwierzęcia się ignoruje." Once a turn, announced
with the attack (``Attack.ignore``), the carnivore ignores one trait of the prey: one that would keep it away (Swimming,
Big, Camouflage, Burrowing, Symbiosis, Flight, Shell), or one that would foil or punish the attack (Running, Mimicry,
Tail Loss, Ink Cloud, Shell, Poisonous: ``DEFENCES``). Ignoring any other trait would change nothing, so it is not
offered (docs/rulings.md). "Drapieżnik z cechą inteligencja nie może obronić się przed działaniem diabła morskiego":
an Anglerfish is no trait of the prey, so Intellect does not stop it. In a pack hunt (Pack) each hunter's Intellect
ignores another trait ("mogą zignorować 2 różne cechy ofiary").
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from rules_core.origin.cards import INK_CLOUD, INTELLECT, MIMICRY, POISONOUS, RUNNING, SHELL, TAIL_LOSS, Trait
from rules_core.origin.state import Animal, Player, ready

TRAIT = INTELLECT
DEFENCES = (RUNNING, MIMICRY, TAIL_LOSS, INK_CLOUD, SHELL, POISONOUS)
_ORDER = {trait: index for index, trait in enumerate(Trait)}


def bears(owner: Player, target: Animal, trait: Trait) -> bool:
    """Whether ``target`` has ``trait``: a card under it or a paired trait joining it."""
    return target.has(trait) or any(link.trait is trait and link.joins(target.id) for link in owner.links)


def thinkers(*hunters: Animal) -> int:
    """How many traits the hunters may ignore: one per Intellect not used this turn."""
    return sum(1 for hunter in hunters if ready(hunter, TRAIT))


def choices(thinking: int, owner: Player, target: Animal, obstacles: tuple[Trait, ...]) -> Iterator[tuple[Trait, ...]]:
    """Every set of the prey's traits the hunters may ignore (canonical order), none when the attack is impossible:
    each obstacle must be ignored, and ``thinking`` traits at most."""
    if len(obstacles) > thinking or not all(bears(owner, target, t) for t in obstacles):
        return
    extra = [t for t in DEFENCES if t not in obstacles and target.has(t)]
    for count in range(thinking - len(obstacles) + 1):
        for more in combinations(extra, count):
            yield tuple(sorted((*obstacles, *more), key=_ORDER.__getitem__))
