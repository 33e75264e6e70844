"""The computer player's standing orders (seed 001's Ambush and Anglerfish), set whenever it owes a decision.

An Anglerfish is worth revealing whenever it may act (a carnivore that attacked a plain animal is the best prey there
is), so its order stays armed. An Ambush springs on the first animal a rival feeds that the carnivore may attack; it
is worth it while the carnivore is hungry, unless a Poisonous animal is among its possible prey (the rules spring it
on whichever animal comes first).
"""

from __future__ import annotations

from rules_core.origin import attack
from rules_core.origin.actions import OrderAction, SetAmbush, SetAnglerfish
from rules_core.origin.cards import Trait
from rules_core.origin.food import is_fed
from rules_core.origin.state import GameState
from rules_core.origin.traits import ambush


def _lies_in_wait(state: GameState, seat: int, carnivore: int) -> bool:
    owner = state.players[seat]
    hunter = state.animal(carnivore)
    if is_fed(hunter):
        return False
    prey = [
        target
        for rival in state.players
        if rival.seat != seat
        for target in rival.animals
        if attack.open_to(owner, hunter, rival, target)
    ]
    return bool(prey) and not any(target.has(Trait.POISONOUS) for target in prey)


def wanted(state: GameState, seat: int) -> list[OrderAction]:
    """The orders to change now (none when they stand as the computer wants them, or the game has none)."""
    if not state.options.time_to_fly:
        return []
    orders = state.players[seat].orders
    changes: list[OrderAction] = []
    if not orders.anglerfish:
        changes.append(SetAnglerfish(seat, True))
    for carnivore in ambush.armable(state, seat):
        arm = _lies_in_wait(state, seat, carnivore)
        if arm != (carnivore in orders.ambush):
            changes.append(SetAmbush(seat, carnivore, arm))
    return changes
