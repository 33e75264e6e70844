"""Anglerfish (DIABEŁ MORSKI), seed 001: "nie może być cechą, może być zagrana tylko jako zwierzę". The card is only
ever an animal, face down, so nobody but its owner knows it is there (``view.py``).

"W momencie, gdy jedno ze zwierząt danego gracza zostanie zaatakowane przez drapieżnika, może on odkryć ... kartę
diabła morskiego": when an animal of its owner is attacked, the Anglerfish may be revealed, "tylko wtedy, gdy zarówno
on, jak i zaatakowane zwierzę, nie mają żadnych dodatkowych cech" (both without traits: no card under either, and no
paired trait joining either to another animal, a rival's Trematode included). A question asked at that
moment would tell the table that an Anglerfish may be there, so the owner's choice is a standing order set in advance
(``Orders.anglerfish``, armed unless the owner disarms it; docs/engine.md): the rules reveal the first such Anglerfish
in table order, never against the owner's own carnivore. "Jeśli drapieżnik zaatakował diabła morskiego, gracz który go
posiada musi go ujawnić i użyć tej karty": attacked itself, it always acts.

Revealed, it turns face up for good and counts as an animal with Carnivore ("uważa się za oddzielne zwierzę z cechą
drapieżnika", at scoring too): its own card becomes its Carnivore trait, turned sideways (it has attacked). It
attacks the carnivore, ignoring one of the carnivore's traits "tak jakby diabeł morski miał również cechę
inteligencja": "Osoba posiadająca diabła morskiego decyduje, którą cechę drapieżnika chce zignorować". Its owner is
asked then (an out-of-turn question, ``KIND``, answered by ``IgnoreTrait``): the Anglerfish lies face up by then, so
the question tells the table nothing. When only one trait matters (the one that keeps it away) it is ignored at
once. The attacked animal is safe: the carnivore "nie dostaje dwóch niebieskich znaczników i w tej rundzie nie może
ponownie atakować". If the Anglerfish eats the carnivore it gets the meal; in any case it takes no red token in this
round of feeding ("w aktualnej kolejce nie może wziąć czerwonego znacznika": ``Animal.fasting``). With traits on it,
it never acts again.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.origin.cards import (
    ANGLERFISH,
    CARNIVORE,
    INK_CLOUD,
    MIMICRY,
    POISONOUS,
    RUNNING,
    SHELL,
    TAIL_LOSS,
    Trait,
    traits_of,
)
from rules_core.origin.state import AnglerfishFrame, Animal, GameState, Player, TraitCard
from rules_core.origin.traits import intellect

TRAIT = ANGLERFISH
KIND = "anglerfish"
#: The timeout's choice among the carnivore's traits its owner may have the Anglerfish ignore, the first of these:
#: the one that would kill it, then those that would save the carnivore.
PREFERRED = (
    POISONOUS,
    RUNNING,
    INK_CLOUD,
    SHELL,
    TAIL_LOSS,
    MIMICRY,
)


def is_anglerfish(card: int) -> bool:
    return traits_of(card) == (TRAIT,)


def plain(owner: Player, animal: Animal) -> bool:
    """Whether the animal has no trait at all ("nie mają żadnych dodatkowych cech"): no card under it and no paired
    trait joining it to another (Cooperation, Communication, Symbiosis, a rival's Trematode: a trait of each)."""
    if animal.traits:
        return False
    for link in owner.links:  # noqa: SIM110 - a plain loop, as in Animal.has
        if link.joins(animal.id):
            return False
    return True


def lurks(owner: Player, animal: Animal) -> bool:
    """A face-down Anglerfish of ``owner`` that may still act: no trait on it."""
    return is_anglerfish(animal.card) and plain(owner, animal)


def responder(state: GameState, owner: int, target: Animal, attacker: int) -> int | None:
    """The Anglerfish of ``owner`` that acts against the attack on ``target`` (by ``attacker``), or None."""
    player = state.players[owner]
    if not plain(player, target):
        return None
    if is_anglerfish(target.card):
        return target.id
    if not player.orders.anglerfish or owner == attacker:
        return None
    return next((a.id for a in player.animals if lurks(player, a)), None)


def reveal(state: GameState, animal_id: int) -> GameState:
    """The Anglerfish turns face up: its card is its Carnivore (used: it attacks now), and it fasts this round."""
    animal = state.animal(animal_id)
    carnivore = TraitCard(animal.card, CARNIVORE, used=True)
    return state.with_animal(evolve(animal, traits=(*animal.traits, carnivore), fasting=True))


def own_card(animal: Animal) -> bool:
    """Whether the animal is a revealed Anglerfish (its own card lies among its traits)."""
    return any(t.card == animal.card for t in animal.traits)


def choices(obstacles: tuple[Trait, ...], owner: Player, carnivore: Animal) -> tuple[Trait, ...]:
    """The traits of ``carnivore`` (of ``owner``) the Anglerfish may ignore, as Intellect would: the one trait of
    ``obstacles`` that keeps it away (it must), else each that would foil or punish its strike; none when two keep it
    away (it cannot strike) or when none would matter. It ignores one when one matters ("zignoruje jedną z cech
    drapieżnika"): ignoring nothing is not offered."""
    return tuple(chosen[0] for chosen in intellect.choices(1, owner, carnivore, obstacles) if chosen)


def frame(state: GameState) -> AnglerfishFrame:
    top = state.interrupts.top
    assert top is not None and isinstance(top.context, AnglerfishFrame)
    return top.context


def by_default(offered: tuple[Trait, ...]) -> Trait:
    """The timeout's choice: the first of ``PREFERRED`` among the traits offered."""
    return min(offered, key=PREFERRED.index)
