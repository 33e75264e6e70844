"""The end of feeding and of the round (seed 000, "3. Az etetés vége"; "JÁTÉK VÉGI PONTOZÁS").

* A species that ate less than its population drops to the food it ate; one that ate nothing goes extinct.
* Every player puts the food their species ate into their food bag. Fat stays on Fat Tissue.
* Plant food left on the watering hole stays there for the next round.
* A player with no species left gets a new one (body size 1, population 1).
* The first-player token passes one seat to the left.
* After the last round, fat goes into the bags too and the game is scored.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.north_star.deck import Piles
from rules_core.north_star.events import (
    Event,
    FeedingEnded,
    FirstPlayerPassed,
    FoodBagged,
    NewSpeciesGiven,
    PopulationLost,
)
from rules_core.north_star.extinction import extinct
from rules_core.north_star.state import GAME_OVER, GameState, Species


def end_feeding(state: GameState) -> tuple[GameState, list[Event]]:
    events: list[Event] = [FeedingEnded(state.watering_hole)]
    # Every player's losses, extinctions (and the cards they draw) and bagging in one copy of the state.
    players = list(state.players)
    piles = Piles.of(state)
    for seat in state.seats_from(state.first_player):
        player = players[seat]
        for species in player.species:
            if 0 < species.food < species.population:  # it shrinks to what it ate when its food is bagged
                events.append(PopulationLost(seat, species.id, species.food, "starvation"))
            elif species.food == 0:
                player = extinct(player, player.place(species.id), piles, cause="starvation", events=events)
        players[seat] = player
    next_species_id = state.next_species_id
    for seat in state.seats_from(state.first_player):
        player = players[seat]
        eaten = sum([s.food for s in player.species])
        # Every species left ate something: its food goes to the bag, and one that ate less than its population
        # drops to what it ate, in the same copy.
        emptied = tuple([evolve(s, food=0, population=min(s.population, s.food)) for s in player.species])
        player = evolve(player, species=emptied, bag=player.bag + eaten)
        if eaten:
            events.append(FoodBagged(seat, eaten, player.bag))
        if not player.species:
            player = player.with_new_species(Species(next_species_id))
            next_species_id += 1
            events.append(NewSpeciesGiven(seat, player.species[0].id))
        players[seat] = player
    first = (state.first_player + 1) % len(state.players)
    state = evolve(
        state,
        players=tuple(players),
        next_species_id=next_species_id,
        first_player=first,
        turn=None,
        **piles.fields(),
    )
    events.append(FirstPlayerPassed(first))
    return state, events


def end_game(state: GameState) -> tuple[GameState, list[Event]]:
    """Seed 000, "Zsírszövet": at the end of the game, fat goes into the owner's food bag."""
    events: list[Event] = []
    players = []
    for player in state.players:
        fat = sum(s.fat for s in player.species)
        player = evolve(player, species=tuple(evolve(s, fat=0) for s in player.species), bag=player.bag + fat)
        if fat:
            events.append(FoodBagged(player.seat, fat, player.bag))
        players.append(player)
    return evolve(state, players=tuple(players), phase=GAME_OVER, turn=None), events
