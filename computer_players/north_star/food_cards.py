"""Phase 2: the food card, the one whose value kept is lowest against what its plant food brings."""

from __future__ import annotations

from collections.abc import Sequence

from computer_players.north_star.planner import Planner, share_out
from computer_players.north_star.weights import DEFAULT_WEIGHTS, Weights
from rules_core.north_star.actions import (
    Action,
    SelectFoodCard,
)
from rules_core.north_star.cards import Trait, food_value, trait_of
from rules_core.north_star.state import GameState


def food_card_scores(
    state: GameState, seat: int, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS
) -> list[tuple[float, Action]]:
    """Each food card with its value: what its plant food brings this seat's herbivores (less what it brings the
    others) minus what the card is worth kept."""
    planner = Planner(state, seat, weights)
    base = planner.worth(planner.mine)
    gains: dict[Trait, float] = {}
    demands = [planner.demands[seat], *(d for i, d in enumerate(planner.demands) if i != seat)]
    scored: list[tuple[float, Action]] = []
    for action in legal:
        assert isinstance(action, SelectFoodCard)
        trait = trait_of(action.card)
        if trait not in gains:
            gains[trait] = planner.trait_gain(trait, base)
        keep = max(gains[trait], 0.5)
        given = share_out(planner.supply - planner.own_card + food_value(action.card), demands)
        feeds = weights.plant * given[0] - weights.rivals * sum(given[1:])
        scored.append((feeds - keep, action))
    return scored
