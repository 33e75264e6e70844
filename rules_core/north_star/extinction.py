"""Extinction: seed 000, "KIHALÁS".

When a species' population drops to 0 it goes extinct: its board and all its trait cards are discarded and its
owner draws as many cards as trait cards were discarded (a reshuffle then makes the next round the last). The food
on the species, and the fat on its Fat Tissue (seed 000, "Zsírszövet"), goes into its owner's food bag.
"""

from __future__ import annotations

from typing import Literal

from rules_core.copying import evolve
from rules_core.north_star.deck import draw
from rules_core.north_star.events import Event, FoodBagged, SpeciesWentExtinct
from rules_core.north_star.state import GameState


def go_extinct(
    state: GameState, species_id: int, *, cause: Literal["attack", "horns", "starvation"]
) -> tuple[GameState, list[Event]]:
    seat, index = state.locate(species_id)
    player = state.players[seat]
    species = player.species[index]
    cards = tuple(t.card for t in species.traits)
    bagged = species.food + species.fat
    player = evolve(
        player,
        species=player.species[:index] + player.species[index + 1 :],
        bag=player.bag + bagged,
    )
    state = state.with_player(player, discard=state.discard + cards)
    events: list[Event] = [SpeciesWentExtinct(seat, species_id, cause, cards)]
    if bagged:
        events.append(FoodBagged(seat, bagged, player.bag))
    if cards:
        state, drawn = draw(state, seat, len(cards), reason="extinction")
        events.extend(drawn)
    return state, events
