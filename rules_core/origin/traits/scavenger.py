"""Scavenger (ПАДАЛЬНИК), seed 003: "тварина отримує синю фішку, коли з'їдено іншу тварину. Синю фішку отримує тільки
один ПАДАЛЬНИК у грі, починаючи з тварин власника хижака, що атакував, і далі за годинниковою стрілкою. Не можна
зіграти на тварину зі здібністю ХИЖАК і навпаки." When an animal is eaten, ONE Scavenger in the game gets a blue
token: the first that may take it, looking at the attacking player's animals first, then clockwise. Among one
player's Scavengers, a hungry one comes before one that would only fill its Fat Tissue, then table order
(docs/rulings.md). Scavenger and Carnivore never share an animal (special cases: the card played later would be
discarded, so the project refuses that play).
"""

from __future__ import annotations

from rules_core.origin.cards import CARNIVORE, SCAVENGER, Trait
from rules_core.origin.food import can_receive, is_fed
from rules_core.origin.state import GameState

#: The trait Scavenger may not share an animal with.
EXCLUDES = CARNIVORE


def excludes(trait: Trait, other: Trait) -> bool:
    """Whether ``trait`` and ``other`` may not lie on one animal (Scavenger and Carnivore, either way)."""
    return (trait is SCAVENGER and other is EXCLUDES) or (trait is EXCLUDES and other is SCAVENGER)


def eater(state: GameState, attacker: int) -> tuple[int, int] | None:
    """The (seat, animal) of the Scavenger that gets the token, or None."""
    for seat in state.seats_from(attacker):
        player = state.players[seat]
        able = [a for a in player.animals if a.has(SCAVENGER) and can_receive(player, a)]
        if able:
            chosen = min(able, key=lambda a: is_fed(a))  # min() keeps table order among equals
            return seat, chosen.id
    return None
