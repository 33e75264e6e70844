"""May this carnivore attack that species, and if not, which trait stops it? And the attack itself.

Seed 000, "Ragadozók etetése": an attack is allowed when the carnivore's body size is greater than the prey's and
the carnivore has the traits needed to overcome the prey's defences. When it succeeds: the prey loses 1
population (food above the new population goes to the prey owner's bag; at 0 it goes extinct), and the carnivore
takes meat from the food bank equal to the prey's body size. Horns wound the carnivore first; Scavengers eat after.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.copying import evolve
from rules_core.north_star.cards import Trait
from rules_core.north_star.events import Event, FoodBagged, PopulationLost, SpeciesAttacked
from rules_core.north_star.extinction import go_extinct
from rules_core.north_star.food import gain_food
from rules_core.north_star.state import GameState
from rules_core.north_star.traits import (
    burrowing,
    climbing,
    defensive_herding,
    hard_shell,
    horns,
    pack_hunting,
    scavenger,
    symbiosis,
    warning_call,
)


@dataclass(frozen=True, slots=True)
class Obstacle:
    """Why an attack is not allowed: a trait of the prey (or its neighbour's Warning Call), or its body size."""

    reason: str
    #: Intelligence may negate it (a trait card on the prey that actively protects it).
    negatable: bool


def obstacles(state: GameState, carnivore_id: int, target_id: int) -> tuple[Obstacle, ...]:
    """Everything that stops ``carnivore_id`` from attacking ``target_id`` (empty: the attack is allowed)."""
    attacker = state.species(carnivore_id)
    target_seat, index = state.locate(target_id)
    table = state.players[target_seat].species
    target = table[index]
    found: list[Obstacle] = []
    size = pack_hunting.attack_size(attacker)
    if size <= target.body_size:
        found.append(Obstacle("body_size", False))
    elif size <= hard_shell.defended_size(target):
        found.append(Obstacle(Trait.HARD_SHELL.value, True))
    if climbing.protects(attacker, target):
        found.append(Obstacle(Trait.CLIMBING.value, True))
    if burrowing.protects(target):
        found.append(Obstacle(Trait.BURROWING.value, True))
    if defensive_herding.protects(attacker, target):
        found.append(Obstacle(Trait.DEFENSIVE_HERDING.value, True))
    if symbiosis.protects(table, index):
        found.append(Obstacle(Trait.SYMBIOSIS.value, True))
    if warning_call.protects(attacker, table, index):
        found.append(Obstacle(Trait.WARNING_CALL.value, False))
    return tuple(found)


def required_negations(state: GameState, carnivore_id: int, target_id: int) -> frozenset[Trait] | None:
    """The traits Intelligence must negate for this attack, or None when no number of discards allows it."""
    found = obstacles(state, carnivore_id, target_id)
    if any(not o.negatable for o in found):
        return None
    return frozenset(Trait(o.reason) for o in found)


def resolve(
    state: GameState, *, seat: int, carnivore_id: int, target_id: int, negated: frozenset[Trait]
) -> tuple[GameState, list[Event]]:
    """Carry out an attack already checked as legal (discards already made)."""
    target_seat, _ = state.locate(target_id)
    target = state.species(target_id)
    meat = target.body_size
    events: list[Event] = [
        SpeciesAttacked(seat, carnivore_id, target_seat, target_id, tuple(sorted(t.value for t in negated)))
    ]
    carnivore_alive = True
    if horns.wounds(target) and Trait.HORNS not in negated:
        state, wound = lose_population(state, carnivore_id, cause="horns")
        events.extend(wound)
        carnivore_alive = _on_table(state, carnivore_id)
    state, loss = lose_population(state, target_id, cause="attack")
    events.extend(loss)
    if not carnivore_alive:
        return state, events
    state, eaten = gain_food(state, carnivore_id, meat, source="food_bank", meat=True, cause="attack")
    events.extend(eaten)
    if eaten:  # the carnivore got food in the attack: every Scavenger eats
        for scavenger_id in scavenger.scavengers(state, seat):
            state, more = gain_food(state, scavenger_id, 1, source="food_bank", meat=True, cause="scavenger")
            events.extend(more)
    return state, events


def lose_population(state: GameState, species_id: int, *, cause: str) -> tuple[GameState, list[Event]]:
    """One population lost to an attack or to Horns: excess food to the bag, extinction at 0."""
    seat, _ = state.locate(species_id)
    species = state.species(species_id)
    population = species.population - 1
    events: list[Event] = [PopulationLost(seat, species_id, population, "horns" if cause == "horns" else "attack")]
    if population == 0:
        state, gone = go_extinct(state, species_id, cause="horns" if cause == "horns" else "attack")
        return state, events + gone
    excess = max(species.food - population, 0)
    state = state.with_species(evolve(species, population=population, food=species.food - excess))
    if excess:
        player = state.players[seat]
        state = state.with_player(evolve(player, bag=player.bag + excess))
        events.append(FoodBagged(seat, excess, player.bag + excess))
    return state, events


def _on_table(state: GameState, species_id: int) -> bool:
    return any(s.id == species_id for _, s in state.all_species())


