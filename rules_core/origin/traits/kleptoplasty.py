"""Kleptoplasty (KLEPTOPLASTIA), seed 001 ("Darwin's Day"): "Jeśli zwierzę, które przetrwało do końca gry posiada tę
cechę, przy podliczaniu punktów zwycięstwa należy odjąć 2 punkty. Cechy można użyć raz na rundę." The seed gives the
price (2 points off for each such animal alive at the end) and the rhythm (once a turn) but not the effect. The
project's ruling (docs/rulings.md): the animal keeps the plastids of what it ate, so once a turn, in its owner's
feeding turn, with the take or instead of it, a hungry animal with Kleptoplasty that may take a token gets a blue one
from the supply (``Photosynthesize``).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.errors import IllegalAction, Refusal
from rules_core.origin import pairs
from rules_core.origin.actions import Photosynthesize
from rules_core.origin.cards import KLEPTOPLASTY
from rules_core.origin.events import Event
from rules_core.origin.food import can_receive, is_fed
from rules_core.origin.state import Animal, GameState, Player, mark_used, ready
from rules_core.origin.traits import using

TRAIT = KLEPTOPLASTY
#: Points taken off at the end for each surviving animal with it.
PENALTY = 2


def _able(player: Player, animal: Animal) -> bool:
    return ready(animal, TRAIT) and not is_fed(animal) and can_receive(player, animal)


def candidates(state: GameState, seat: int) -> Iterator[Photosynthesize]:
    player = state.players[seat]
    for animal in player.animals:
        if _able(player, animal):
            yield Photosynthesize(seat, animal.id)


def refusal(state: GameState, action: Photosynthesize) -> Refusal | None:
    animal = using.own_ready(state, action.seat, action.animal, TRAIT)
    if isinstance(animal, Refusal):
        return animal
    if not _able(state.players[action.seat], animal):
        return IllegalAction("only a hungry animal that may eat uses it", code="cannot_eat", animal=action.animal)
    return None


def photosynthesize(state: GameState, action: Photosynthesize) -> tuple[GameState, list[Event]]:
    state = state.with_animal(mark_used(state.animal(action.animal), TRAIT))
    state, events, pending = pairs.feed(state, action.seat, action.animal, source="supply", cause="kleptoplasty")
    return pairs.queue(state, action.seat, pending), events
