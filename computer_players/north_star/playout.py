"""Fast North Star moves for the search's simulations, on a whole state, and where a simulation may stop.

The baseline player (this package's ``decide``) takes milliseconds a move, mostly in its card-play planner, and
listing every legal card play takes as long as playing one: too slow for thousands of simulated moves a second.
So a simulated player builds one legal move directly:

* feeding: the ruleset's own timeout move, which is the mandatory feeding (plant food for the leftmost hungry
  herbivore, else the best attack on another player's species) and otherwise stops: no fat, no Intelligence;
* card play: with a fixed chance, keep the rest of the hand; else a random card of the hand, played in a random
  one of the ways the rules allow it (a trait where it fits without discarding one, a body size or population
  below 6, a new species at either end);
* food cards and reveal effects: at random.

A simulation stops once :data:`ROUNDS_AHEAD` new rounds have begun, and each seat is valued by what the final
scoring would count at that moment, plus a part of what the game going on would make of its cards in hand and its
species' body size (``estimate``).
"""

from __future__ import annotations

import random
from typing import Any

from rules_core.north_star import NorthStar, timeouts
from rules_core.north_star.actions import (
    Action,
    CreateSpecies,
    FinishCardPlay,
    IncreaseBodySize,
    IncreasePopulation,
    PlayTrait,
    ResolveRevealEffect,
    SelectFoodCard,
)
from rules_core.north_star.phases.play_cards import trait_misfit
from rules_core.north_star.scoring import score_parts
from rules_core.north_star.state import MAX_SIZE, GameState, Phase

#: The chance, at each card-play decision of a simulation, that the player keeps the rest of the hand.
FINISH_CHANCE = 0.3
#: A simulation stops when this many rounds have begun after the one it started in.
ROUNDS_AHEAD = 2
#: What a stopped simulation counts for each card in hand and each point of a species' body size. The final scoring
#: counts neither, but a game that goes on turns a card into a trait or population, and size keeps carnivores off
#: and lets a carnivore eat: counted as nothing, four-player simulations preferred population now to size and new
#: species, against what those moves were worth in whole games of the baseline (docs/benchmarks.md, "third pass").
CARD_VALUE = 0.7
SIZE_VALUE = 0.5


def playout_move(ruleset: NorthStar, state: GameState, seat: int, rng: random.Random) -> Action:
    """A legal move of ``seat`` (one that must decide now), built without listing the others."""
    player = state.players[seat]
    if state.phase is Phase.FEEDING:
        return timeouts.timeout_action(state, seat)  # the seat decides now: no need to ask the ruleset
    if state.phase is Phase.FOOD_CARDS and player.food_card is None:
        return SelectFoodCard(seat, player.hand[rng.randrange(len(player.hand))])
    if state.phase is Phase.REVEAL_EFFECTS:
        mine = [e for e in state.pending_effects if e.seat == seat]
        effect = mine[rng.randrange(len(mine))]
        return ResolveRevealEffect(seat, effect.species, effect.trait)
    if not player.hand or rng.random() < FINISH_CHANCE:
        return FinishCardPlay(seat)
    card = player.hand[rng.randrange(len(player.hand))]
    species = player.species[rng.randrange(len(player.species))] if player.species else None
    # The ways the rules allow, as (verb, where): only the one drawn is built (a simulation plays dozens of cards).
    plays: list[tuple[type[CreateSpecies | PlayTrait | IncreaseBodySize | IncreasePopulation], Any]] = [
        (CreateSpecies, "left"),
        (CreateSpecies, "right"),
    ]
    if species is not None:
        if trait_misfit(state.trait_limit, species.traits, card, None) is None:
            plays.append((PlayTrait, species.id))
        if species.body_size < MAX_SIZE:
            plays.append((IncreaseBodySize, species.id))
        if species.population < MAX_SIZE:
            plays.append((IncreasePopulation, species.id))
    verb, where = plays[rng.randrange(len(plays))]
    return verb(seat, card, where)


def estimate(start: GameState, state: GameState) -> list[float] | None:
    """Each seat's value once the simulation has run far enough (else None): its score if the game were scored now,
    with its cards in hand and its species' body size (:data:`CARD_VALUE`, :data:`SIZE_VALUE`)."""
    if state.round < start.round + ROUNDS_AHEAD:
        return None
    return [
        sum(score_parts(player))
        + CARD_VALUE * len(player.hand)
        + SIZE_VALUE * sum(species.body_size for species in player.species)
        for player in state.players
    ]
