"""Phase 4, step 2: feeding, each option tried on the state and valued by what the seat keeps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from computer_players.north_star.choosing import rounds_left
from computer_players.north_star.weights import DEFAULT_WEIGHTS, Weights
from rules_core.north_star import attack
from rules_core.north_star.actions import (
    Action,
    Attack,
    StopFeeding,
    TakePlantFood,
    UseIntelligence,
)
from rules_core.north_star.cards import Trait
from rules_core.north_star.phases import feeding
from rules_core.north_star.state import GameState, Species


class _Outlook:
    """What a state is worth at the end of this round's feeding, for each seat, from one seat's side."""

    def __init__(self, state: GameState, seat: int, weights: Weights) -> None:
        self.seat = seat
        self.rivals = weights.rivals
        rounds = rounds_left(state)
        later = min(rounds - 1, 4)
        #: A population kept: a point at the end and food in later rounds.
        self.population = weights.population + weights.population_later * later
        #: A trait kept on a surviving species.
        self.trait = weights.trait + weights.trait_later * later
        #: A card in hand (worth little in the last round).
        self.card = weights.card_last_round if rounds == 1 else weights.card_spent
        hunger = sum(s.population - s.food for _, s in state.all_species() if s.hungry and not s.is_carnivore)
        #: Chance a hungry non-carnivore still gets plant food this round.
        self.plants = 1.0 if hunger == 0 else min(1.0, state.watering_hole / hunger)
        #: Chance each hungry carnivore still gets meat this round.
        self.meat: dict[int, float] = {}
        for _, s in state.all_species():
            if s.is_carnivore and s.hungry:
                self.meat[s.id] = 0.6 if state.food_bank > 0 and _has_target(state, s) else 0.05

    def species(self, s: Species) -> float:
        chance = self.meat.get(s.id, 0.05) if s.is_carnivore else self.plants
        if s.food >= s.population:
            kept = float(s.population)
            alive = 1.0
        else:
            kept = s.food + (s.population - s.food) * chance
            alive = 1.0 if s.food > 0 else chance
        traits = len(s.traits)
        # A species that goes extinct hands its trait cards back as new cards (worth a little).
        return s.food + 0.9 * s.fat + kept * self.population + traits * (alive * self.trait + (1 - alive) * 0.6)

    def seat_worth(self, state: GameState, seat: int) -> float:
        player = state.players[seat]
        return player.bag + sum(self.species(s) for s in player.species)

    def worth(self, state: GameState) -> float:
        mine = self.seat_worth(state, self.seat)
        others = sum(self.seat_worth(state, p.seat) for p in state.players if p.seat != self.seat)
        return mine - self.rivals * others


def _has_target(state: GameState, carnivore: Species) -> bool:
    for _, target in state.all_species():
        if target.id != carnivore.id and not attack.obstacles(state, carnivore.id, target.id):
            return True
    return False


def _wounds(state: GameState, action: Attack) -> bool:
    return state.species(action.target).has(Trait.HORNS) and Trait.HORNS not in action.negate


def feeding_options(state: GameState, seat: int, legal: Sequence[Action]) -> list[Action]:
    """The feedings worth considering: no attack on its own species while anything else is allowed, and no attack
    into Horns by a carnivore that has another target."""
    mine = {s.id for s in state.players[seat].species}
    options = [a for a in legal if not (isinstance(a, Attack) and a.target in mine)]
    if not options:  # only attacks on its own species are left: the rules force one
        options = list(legal)
    safe = {a.carnivore for a in options if isinstance(a, Attack) and a.target not in mine and not _wounds(state, a)}
    return [a for a in options if not (isinstance(a, Attack) and a.carnivore in safe and _wounds(state, a))]


def feeding_scores(
    state: GameState, seat: int, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS
) -> list[tuple[float, Action]]:
    """Each feeding worth considering with its value: what this seat's species keep at the end of the round,
    less a share of what the others keep, less the cards spent. Stopping is worth 0."""
    outlook = _Outlook(state, seat, weights)
    now = outlook.worth(state)
    cache: dict[tuple[Any, ...], float] = {}
    scored: list[tuple[float, Action]] = []
    for action in feeding_options(state, seat, legal):
        if isinstance(action, StopFeeding):
            score = 0.0
        elif isinstance(action, TakePlantFood | Attack | UseIntelligence):
            key = _feeding_key(action)
            if key not in cache:
                cache[key] = outlook.worth(feeding.feed(state, action)[0]) - now + _tie_break(state, action)
            score = cache[key] - outlook.card * _cards_spent(action)
        else:
            raise TypeError(f"not a feeding: {action!r}")
        scored.append((score, action))
    return scored


def _feeding_key(action: TakePlantFood | Attack | UseIntelligence) -> tuple[Any, ...]:
    if isinstance(action, TakePlantFood):
        return ("plant", action.species)
    if isinstance(action, UseIntelligence):
        return ("intelligence", action.species)
    return ("attack", action.carnivore, action.target, action.negate)


def _cards_spent(action: Action) -> int:
    if isinstance(action, UseIntelligence):
        return 1
    if isinstance(action, Attack):
        return len(action.discards)
    return 0


def _tie_break(state: GameState, action: Action) -> float:
    """Among equal feedings: the hungriest species eats first; a carnivore takes the biggest meat."""
    if isinstance(action, TakePlantFood | UseIntelligence):
        s = state.species(action.species)
        return 0.001 * (s.population - s.food)
    if isinstance(action, Attack):
        return 0.001 * state.species(action.target).body_size
    return 0.0
