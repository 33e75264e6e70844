"""Food need, being fed, and the one path every token takes to an animal.

Seed 003, "Фаза харчування": an animal with one token is fed, unless traits raise its need: the number in the
corner of their cards, Big +1, Carnivore +1, Parasite +2 (``EXTRA_FOOD``); red and blue tokens feed alike. "Важливо!
Нагодовані тварини не можуть отримувати нові фішки їжі за виключенням заповнення жирового запасу": a fed animal takes
no token, except onto its Fat Tissue (one yellow token per card, "Жировий запас"). An animal asleep (Hibernation)
counts as fed and takes no token at all ("СПЛЯЧКА", special cases); an animal sheltered by a symbiont takes tokens
only once the symbiont is fed ("СИМБІОЗ"). Yellow tokens never make an animal fed ("НОРНА", special cases).

Seed 001: each Trematode joining an animal raises its need by 1 ("Przywra zwiększa o 1 wymagania żywieniowe każdemu
z połączonych zwierząt"); an animal hidden in its Shell takes no token ("Wyjątkiem jest zamiana żółtego znacznika
tkanki tłuszczowej": only its own fat turns into food); an Anglerfish that acted takes no red token this round.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.origin.cards import BIG, CARNIVORE, FAT_TISSUE, PARASITE, Trait
from rules_core.origin.events import Cause, Event, FoodTaken, Source
from rules_core.origin.state import Animal, GameState, Player, with_food_base
from rules_core.origin.traits import symbiosis

#: Seed 003: "цифра у верхньому лівому куті вказує, скільки потрібно додаткових фішок їжі" (the number in the top left
#: corner tells how many more tokens the animal needs); the same numbers are the bonus points at the end.
EXTRA_FOOD: dict[Trait, int] = {BIG: 1, CARNIVORE: 1, PARASITE: 2}


def need(animal: Animal) -> int:
    total = 1 + animal.trematodes
    for t in animal.traits:
        if t.trait in EXTRA_FOOD:
            total += EXTRA_FOOD[t.trait]
    return total


def is_fed(animal: Animal) -> bool:
    return animal.hibernating or animal.food >= need(animal)


def fat_room(animal: Animal) -> int:
    """Fat Tissue cards without a yellow token."""
    return animal.count(FAT_TISSUE) - animal.fat


def can_receive(player: Player, animal: Animal) -> bool:
    """Whether ``animal`` (of ``player``) may get a token now: it is awake, its symbionts are fed, and it is hungry
    or has an empty Fat Tissue card."""
    if animal.hibernating or animal.in_shell:
        return False
    if animal.food >= need(animal) and fat_room(animal) <= 0:
        return False
    if not player.links:  # no paired trait, no symbiont: most players, asked of every animal at every take
        return True
    for symbiont in symbiosis.symbionts(player, animal.id):
        shelter = player.animal(symbiont)
        if shelter is not None and not is_fed(shelter):
            return False
    return True


def takes_red(animal: Animal) -> bool:
    """Whether the animal may get a red token from the food base now (an Anglerfish that acted may not)."""
    return not animal.fasting


def give(state: GameState, seat: int, animal_id: int, *, source: Source, cause: Cause) -> tuple[GameState, list[Event]]:
    """One token for an animal of ``seat`` if it may get one (none when it may not): onto the animal while it is
    hungry, else onto a Fat Tissue card as a yellow token. A red token leaves the food base; the caller has checked
    that one is there (and, for Piracy, took it from the victim)."""
    player = state.players[seat]
    animal = player.animal(animal_id)
    if animal is None or not can_receive(player, animal):
        return state, []
    stored = animal.food >= need(animal)
    if stored:
        animal = evolve(animal, fat=animal.fat + 1)
    else:
        animal = evolve(animal, food=animal.food + 1)
    taken = state.with_animal(animal, seat=seat)
    if source == "food_base":
        taken = with_food_base(taken, True, state.food_base - 1)  # with_animal made it
    return taken, [FoodTaken(seat, animal_id, source, stored, cause)]
