"""Extinction: seed 000, "KIHALÁS".

When a species' population drops to 0 it goes extinct: its board and all its trait cards are discarded and its
owner draws as many cards as trait cards were discarded (a reshuffle then makes the next round the last). The food
on the species, and the fat on its Fat Tissue (seed 000, "Zsírszövet"), goes into its owner's food bag.
"""

from __future__ import annotations

from typing import Literal

from rules_core.copying import evolve
from rules_core.north_star.deck import Piles
from rules_core.north_star.events import Event, FoodBagged, SpeciesWentExtinct
from rules_core.north_star.state import GameState, Player

Cause = Literal["attack", "horns", "starvation"]


def go_extinct(state: GameState, species_id: int, *, cause: Cause) -> tuple[GameState, list[Event]]:
    seat, index = state.locate(species_id)
    events: list[Event] = []
    piles = Piles.of(state)
    player = extinct(state.players[seat], index, piles, cause=cause, events=events)
    return state.with_player(player, **piles.fields()), events


def extinct(player: Player, index: int, piles: Piles, *, cause: Cause, events: list[Event]) -> Player:
    """``player`` without the species at ``index`` of their table, its cards discarded onto ``piles`` and as many
    drawn from them (for a rule that ends several species in one copy of the state)."""
    species = player.species[index]
    cards = tuple([t.card for t in species.traits])
    bagged = species.food + species.fat
    piles.discard += cards
    events.append(SpeciesWentExtinct(player.seat, species.id, cause, cards))
    if bagged:
        events.append(FoodBagged(player.seat, bagged, player.bag + bagged))
    drawn = piles.draw(player.seat, len(cards), "extinction", events) if cards else ()
    return evolve(
        player,
        species=player.species[:index] + player.species[index + 1 :],
        bag=player.bag + bagged,
        hand=player.hand + drawn,
    )
