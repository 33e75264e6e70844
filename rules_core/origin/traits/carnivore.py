"""Carnivore (ХИЖАК, +1), seed 003, "Хижак".

Used only in its owner's feeding turn, instead of taking a red token: the carnivore attacks one animal in play that
no trait protects, the owner's own or another carnivore included (``attack.py``); if it eats the prey it gets two
blue tokens. Each carnivore attacks at most once a turn (its card is turned sideways), and a player uses one
carnivore per round (the turn has one take). "Хижак не може атакувати інших тварин, якщо він повністю нагодований і
має заповнений жировий запас": a carnivore that could take no more food does not attack; asleep, or sheltered by a
symbiont that is not fed, it could not take the prey either, so it does not attack (docs/rulings.md). It may attack
when the food base is empty. Carnivore raises the food need by 1 and scores 1 more point.
"""

from __future__ import annotations

from rules_core.origin.cards import CARNIVORE
from rules_core.origin.food import can_receive
from rules_core.origin.state import Animal, Player, ready

#: Blue tokens for eating the prey.
MEAL = 2


def may_attack(player: Player, carnivore: Animal) -> bool:
    return ready(carnivore, CARNIVORE) and can_receive(player, carnivore)
