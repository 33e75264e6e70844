"""Ambush (ZASADZKA), seed 001: "Ta umiejętność pozwala zaatakować zwierzę w czasie wykonywania akcji przez innego
gracza. ... Jeśli zaatakowane zwierzę zostanie zjedzone, czerwony znacznik żywności pozostaje w banku żywności.
Zaatakowane zwierzę nie może użyć również cechy muszla. Z cechy zasadzka można skorzystać raz na rundę."

Nobody can be asked in the middle of another player's move, so an ambush is a standing order (docs/engine.md): the
owner arms or disarms each carnivore's Ambush in advance (``SetAmbush``), and the rules spring it by themselves. When
another player takes a red token for an animal that an armed ambusher may attack, the ambusher attacks it first (the
first such carnivore clockwise from the taker, in table order), with its one attack of the turn; the token waits
(``TakeFrame``): it stays in the food base if the animal is eaten, and reaches the animal if it lives. The prey may
not hide in its Shell. The ambusher's owner spends no take of their own (docs/rulings.md).
"""

from __future__ import annotations

from rules_core.origin.cards import AMBUSH, CARNIVORE
from rules_core.origin.state import GameState, mark_used, ready
from rules_core.origin.traits import carnivore

TRAIT = AMBUSH


def armable(state: GameState, seat: int) -> tuple[int, ...]:
    """The carnivores of ``seat`` whose Ambush may be armed."""
    # A list built by a plain loop: every listing of a game with "Time to Fly" asks it, and a generator cost more.
    found = []
    for a in state.players[seat].animals:
        if a.has(TRAIT) and a.has(CARNIVORE):
            found.append(a.id)
    return tuple(found)


def ambushers(state: GameState, taker: int) -> list[tuple[int, int]]:
    """The (seat, carnivore) of every armed ambusher that may attack now, clockwise from the taker, table order."""
    # Asked at every red token taken, where almost nobody has an order: a plain loop over the others' seats.
    found = []
    n = len(state.players)
    for step in range(1, n):
        player = state.players[(taker + step) % n]
        if not player.orders.ambush:
            continue
        for hunter in player.animals:
            if hunter.id in player.orders.ambush and ready(hunter, TRAIT) and carnivore.may_attack(player, hunter):
                found.append((player.seat, hunter.id))
    return found


def lie_in_wait(state: GameState, carnivore_id: int) -> GameState:
    """The ambusher's Ambush and Carnivore cards turn sideways: its attack of the turn."""
    return state.with_animal(mark_used(mark_used(state.animal(carnivore_id), TRAIT), CARNIVORE))
