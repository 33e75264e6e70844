"""Pack (WATAHA), seed 001 ("Darwin's Day"): "Z cechy tej można korzystać wielokrotnie w trakcie rundy, jednak
przewodnikiem (zapraszającym) w polowaniu można być tylko raz (odwracamy wtedy kartę z cechą drapieżnik ...).
Pomocnikiem natomiast można być wiele razy ... Jeśli chcemy polować ze zwierzęciem przeciwnika, musimy uzyskać jego
zgodę. Ostateczna decyzja o tym, które zwierzę zaatakować, należy do przewodnika watahy." "Jeśli na przykład chcemy
zaatakować pływające zwierzę, musimy mieć dwa pływające zwierzęta z cechą wataha. Cechę wataha można zagrać na każde
zwierzę (nie tylko na drapieżnika), jednak skorzystać z tej cechy może tylko drapieżnik z cechą wataha."

A carnivore with Pack leads a hunt as its attack of the turn (its Carnivore card turns sideways) and invites one
other carnivore with Pack, anybody's, awake, as helper, which may help any number of times. A rival's helper joins
only with its owner's consent (a ``join_pack`` question on the interrupt stack, answered by ``JoinPack``). The
seed gives no more of how a pack hunts; the project's rulings (docs/rulings.md): the pack may attack what either
hunter could (a protecting trait keeps it away only if it keeps both away), except Swimming, which both must
match; each Intellect of the pack ignores one more trait; the meal's two blue tokens go one to each hunter (to the
other when one can take none); a Poisonous prey poisons both; Tail Loss's single token goes to the leader. A declined
invitation spends the leader's attack and the turn's take: the hunt does not happen.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.origin.actions import JoinPack
from rules_core.origin.cards import CARNIVORE, PACK
from rules_core.origin.state import Animal, GameState, PackFrame

TRAIT = PACK
KIND = "join_pack"


def hunts(animal: Animal) -> bool:
    """Whether the animal may hunt in a pack: a carnivore with Pack, awake."""
    return animal.has(TRAIT) and animal.has(CARNIVORE) and not animal.hibernating


def helpers(state: GameState, leader: int) -> Iterator[tuple[int, Animal]]:
    """The (owner, animal) of every carnivore that may help ``leader``'s hunt."""
    for seat, animal in state.all_animals():
        if animal.id != leader and hunts(animal):
            yield seat, animal


def frame(state: GameState) -> PackFrame:
    top = state.interrupts.top
    assert top is not None and isinstance(top.context, PackFrame)
    return top.context


def answers(state: GameState) -> tuple[JoinPack, ...]:
    top = state.interrupts.top
    assert top is not None
    return (JoinPack(top.seat, True), JoinPack(top.seat, False))
