"""May this carnivore attack that species, and if not, which trait stops it? And the attack itself.

Seed 000, "Ragadozók etetése": an attack is allowed when the carnivore's body size is greater than the prey's and
the carnivore has the traits needed to overcome the prey's defences. When it succeeds: the prey loses 1
population (food above the new population goes to the prey owner's bag; at 0 it goes extinct), and the carnivore
takes meat from the food bank equal to the prey's body size. Horns wound the carnivore first; Scavengers eat after.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rules_core.copying import evolve
from rules_core.north_star import cards
from rules_core.north_star.cards import TRAIT_OF, Trait
from rules_core.north_star.events import Event, FoodBagged, PopulationLost, SpeciesAttacked
from rules_core.north_star.extinction import go_extinct
from rules_core.north_star.food import gain_food_at
from rules_core.north_star.state import GameState, Player, Species
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
    #: The trait that stands in the way (None for body size).
    trait: Trait | None


# One value per obstacle: move generation asks about every carnivore and prey pair, so nothing is built per check.
BODY_SIZE = Obstacle("body_size", False, None)
HARD_SHELL = Obstacle(Trait.HARD_SHELL.value, True, Trait.HARD_SHELL)
CLIMBING = Obstacle(Trait.CLIMBING.value, True, Trait.CLIMBING)
BURROWING = Obstacle(Trait.BURROWING.value, True, Trait.BURROWING)
DEFENSIVE_HERDING = Obstacle(Trait.DEFENSIVE_HERDING.value, True, Trait.DEFENSIVE_HERDING)
SYMBIOSIS = Obstacle(Trait.SYMBIOSIS.value, True, Trait.SYMBIOSIS)
WARNING_CALL = Obstacle(Trait.WARNING_CALL.value, False, Trait.WARNING_CALL)

_NO_NEGATIONS: frozenset[Trait] = frozenset()


def obstacles(state: GameState, carnivore_id: int, target_id: int) -> tuple[Obstacle, ...]:
    """Everything that stops ``carnivore_id`` from attacking ``target_id`` (empty: the attack is allowed)."""
    target_seat, index = state.locate(target_id)
    return obstacles_at(state.species(carnivore_id), state.players[target_seat].species, index)


def obstacles_at(attacker: Species, table: tuple[Species, ...], index: int) -> tuple[Obstacle, ...]:
    """Everything that stops ``attacker`` from attacking the species at ``index`` of its owner's ``table``."""
    return _obstacles(attacker, pack_hunting.attack_size(attacker), table, index)


def _obstacles(attacker: Species, size: int, table: tuple[Species, ...], index: int) -> tuple[Obstacle, ...]:
    """:func:`obstacles_at`, the attacker's size (Pack Hunting included) already known."""
    target = table[index]
    # The prey's own traits, read once: each of its defences is asked only when its trait is there (move generation
    # asks this of every carnivore and prey pair; most prey hold one or two of the five).
    held = [TRAIT_OF[t.card] for t in target.traits]
    found: list[Obstacle] = []
    if size <= target.body_size:
        found.append(BODY_SIZE)
    elif cards.HARD_SHELL in held and size <= hard_shell.defended_size(target):
        found.append(HARD_SHELL)
    if cards.CLIMBING in held and climbing.protects(attacker, target):
        found.append(CLIMBING)
    if cards.BURROWING in held and burrowing.protects(target):
        found.append(BURROWING)
    if cards.DEFENSIVE_HERDING in held and defensive_herding.protects(attacker, target):
        found.append(DEFENSIVE_HERDING)
    if cards.SYMBIOSIS in held and symbiosis.protects(table, index):
        found.append(SYMBIOSIS)
    if warning_call.protects(attacker, table, index):
        found.append(WARNING_CALL)
    return tuple(found)


def _negations(attacker: Species, size: int, table: tuple[Species, ...], index: int) -> frozenset[Trait] | None:
    """The traits Intelligence must negate for ``attacker`` (of attack size ``size``) to attack the species at
    ``index`` of its owner's ``table``, or None when no number of discards allows it."""
    # The two obstacles no discard removes are asked first: move generation asks about every carnivore and prey
    # pair, and most pairs end here.
    if size <= table[index].body_size or warning_call.protects(attacker, table, index):
        return None
    if not table[index].traits:  # every other obstacle is a trait card of the prey itself
        return _NO_NEGATIONS
    found = _obstacles(attacker, size, table, index)
    if not found:
        return _NO_NEGATIONS
    return frozenset([o.trait for o in found if o.trait is not None])


def prey(players: Sequence[Player], attacker: Species) -> Iterator[tuple[Species, frozenset[Trait]]]:
    """Every other species on the table that ``attacker`` may attack, in table order, with the traits Intelligence
    must negate first (empty: a free attack): :func:`_negations` of each, the attacker's size worked out once.
    Lazily: most callers stop at the first that suits them."""
    size = pack_hunting.attack_size(attacker)
    for player in players:
        table = player.species
        for index, target in enumerate(table):
            if target.id != attacker.id:
                needed = _negations(attacker, size, table, index)
                if needed is not None:
                    yield target, needed


def resolve(
    state: GameState, *, seat: int, carnivore_id: int, target_id: int, negated: frozenset[Trait]
) -> tuple[GameState, list[Event]]:
    """Carry out an attack already checked as legal (discards already made)."""
    target_seat, index = state.locate(target_id)
    target = state.players[target_seat].species[index]
    meat = target.body_size
    told = tuple(sorted([t.value for t in negated])) if negated else ()
    events: list[Event] = [SpeciesAttacked(seat, carnivore_id, target_seat, target_id, told)]
    carnivore_alive = True
    if horns.wounds(target) and cards.HORNS not in negated:
        state, wound = lose_population(state, seat, state.players[seat].place(carnivore_id), cause="horns")
        events.extend(wound)
        carnivore_alive = _on_table(state, carnivore_id)
        target_seat, index = state.locate(target_id)  # the carnivore may have left the prey's table
    state, loss = lose_population(state, target_seat, index, cause="attack")
    events.extend(loss)
    if not carnivore_alive:
        return state, events
    # The prey may have left the carnivore's table: the carnivore's place is asked now.
    state, eaten = gain_food_at(
        state, seat, state.players[seat].place(carnivore_id), meat, source="food_bank", meat=True, cause="attack"
    )
    events.extend(eaten)
    if eaten:  # the carnivore got food in the attack: every Scavenger eats
        for scavenger_seat, place in scavenger.scavengers(state, seat):
            state, more = gain_food_at(
                state, scavenger_seat, place, 1, source="food_bank", meat=True, cause="scavenger"
            )
            events.extend(more)
    return state, events


def lose_population(state: GameState, seat: int, index: int, *, cause: str) -> tuple[GameState, list[Event]]:
    """The species at ``index`` of ``seat``'s table loses one population to an attack or to Horns: excess food to
    the bag, extinction at 0."""
    player = state.players[seat]
    species = player.species[index]
    population = species.population - 1
    events: list[Event] = [PopulationLost(seat, species.id, population, "horns" if cause == "horns" else "attack")]
    if population == 0:
        state, gone = go_extinct(state, species.id, cause="horns" if cause == "horns" else "attack")
        return state, events + gone
    excess = max(species.food - population, 0)
    shrunk = evolve(species, population=population, food=species.food - excess)
    state = state.with_player(player.with_species_at(index, shrunk, bag=player.bag + excess))
    if excess:
        events.append(FoodBagged(seat, excess, player.bag + excess))
    return state, events


def _on_table(state: GameState, species_id: int) -> bool:
    return any(s.id == species_id for _, s in state.all_species())
