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
inteligencja", chosen by the rule of ``ignored`` (set in advance with the reveal). The attacked animal is safe: the
carnivore "nie dostaje dwóch niebieskich znaczników i w tej rundzie nie może ponownie atakować". If the Anglerfish
eats the carnivore it gets the meal; in any case it takes no red token in this round of feeding
("w aktualnej kolejce nie może wziąć czerwonego znacznika": ``Animal.fasting``). With traits on it, it never acts
again.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.origin.cards import Trait, traits_of
from rules_core.origin.state import Animal, GameState, Player, TraitCard

TRAIT = Trait.ANGLERFISH
#: The carnivore's traits the Anglerfish ignores when nothing keeps it away, the first it has: the one that would
#: kill it, then those that would save the carnivore.
PREFERRED = (
    Trait.POISONOUS,
    Trait.RUNNING,
    Trait.INK_CLOUD,
    Trait.SHELL,
    Trait.TAIL_LOSS,
    Trait.MIMICRY,
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
    carnivore = TraitCard(animal.card, Trait.CARNIVORE, used=True)
    return state.with_animal(evolve(animal, traits=(*animal.traits, carnivore), fasting=True))


def own_card(animal: Animal) -> bool:
    """Whether the animal is a revealed Anglerfish (its own card lies among its traits)."""
    return any(t.card == animal.card for t in animal.traits)


def ignored(obstacles: tuple[Trait, ...], carnivore: Animal) -> tuple[Trait, ...]:
    """The trait the Anglerfish ignores: what keeps it from the carnivore, else the first of ``PREFERRED`` the
    carnivore has, else none."""
    if obstacles:
        return obstacles[:1]
    return next(((t,) for t in PREFERRED if carnivore.has(t)), ())
