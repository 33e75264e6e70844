"""Piracy (ПІРАТСТВО), seed 003: "Один раз за хід у свою фазу харчування заберіть одну червону/синю фішку у іншої
ненагодованої тварини у грі." Once a turn, in its owner's feeding turn, the animal takes one red or blue token from
another animal in play that is not fed (its yellow tokens are not food). Special cases: it may come with the take of
the food base or with an attack of one's carnivore; an animal already fed may not use it. The pirate must be able to
take the token (asleep it counts as fed; a symbiont must be fed first), and the token sets off its Cooperation.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.origin import pairs
from rules_core.origin.actions import Pirate
from rules_core.origin.cards import PIRACY
from rules_core.origin.events import Event, FoodStolen
from rules_core.origin.food import can_receive, is_fed
from rules_core.origin.state import Animal, GameState, Player, mark_used, ready


def may_pirate(player: Player, pirate: Animal) -> bool:
    return ready(pirate, PIRACY) and not is_fed(pirate) and can_receive(player, pirate)


def is_victim(pirate: Animal, victim: Animal) -> bool:
    return victim.id != pirate.id and victim.food > 0 and not is_fed(victim)


def candidates(state: GameState, seat: int) -> Iterator[Pirate]:
    player = state.players[seat]
    for pirate in player.animals:
        if may_pirate(player, pirate):
            for _, victim in state.all_animals():
                if is_victim(pirate, victim):
                    yield Pirate(seat, pirate.id, victim.id)


def refusal(state: GameState, action: Pirate) -> Refusal | None:
    player = state.players[action.seat]
    pirate = player.animal(action.pirate)
    if pirate is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.pirate)
    if not pirate.has(PIRACY):
        return IllegalAction("that animal has no Piracy", code="lacks_trait", trait=PIRACY.value)
    if not ready(pirate, PIRACY):
        return IllegalAction("Piracy has been used this turn", code="trait_used", trait=PIRACY.value)
    if not may_pirate(player, pirate):
        return IllegalAction("only a hungry animal that may eat uses Piracy", code="pirate_fed")
    victim = state.find(action.victim)
    if victim is None or not is_victim(pirate, victim):
        return IllegalAction("Piracy takes food only from another animal that is not fed", code="no_victim")
    return None


def pirate(state: GameState, action: Pirate) -> tuple[GameState, list[Event]]:
    """The token leaves the victim for the pirate, and sets off the pirate's paired traits."""
    victim_seat, _ = state.locate(action.victim)
    victim = state.animal(action.victim)
    state = state.with_animal(evolve(victim, food=victim.food - 1))
    state = state.with_animal(mark_used(state.animal(action.pirate), PIRACY))
    stolen: list[Event] = [FoodStolen(action.seat, action.pirate, victim_seat, action.victim)]
    state, taken, pending = pairs.feed(state, action.seat, action.pirate, source="animal", cause="piracy")
    return pairs.queue(state, action.seat, pending), stolen + taken
