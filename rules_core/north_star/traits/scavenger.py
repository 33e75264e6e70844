"""Scavenger (Dögevő), seed 000: take 1 food from the food bank every time any player's carnivore gets food in an
attack, even when the Scavenger was the one attacked. On a carnivore, that carnivore takes one more after each
successful attack (its own included). Scavengers are served from the attacking player clockwise, left to right."""

from rules_core.north_star.cards import SCAVENGER
from rules_core.north_star.state import GameState


def scavengers(state: GameState, attacker_seat: int) -> list[tuple[int, int]]:
    """Where the Scavengers are, in the order they eat: (seat, place in the table)."""
    return [
        (seat, index)
        for seat in state.seats_from(attacker_seat)
        for index, s in enumerate(state.players[seat].species)
        if s.has(SCAVENGER)
    ]
