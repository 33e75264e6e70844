"""Phase 3: playing cards, each valued by how much it raises the planner's estimate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from computer_players.north_star.planner import BIT, CARNIVORE, WANT_BODY, WANT_POPULATION, Plan, Planner, Row
from computer_players.north_star.weights import DEFAULT_WEIGHTS, Weights
from rules_core.north_star.actions import (
    Action,
    CreateSpecies,
    FinishCardPlay,
    IncreaseBodySize,
    IncreasePopulation,
    PlayTrait,
)
from rules_core.north_star.cards import Trait, food_value, trait_of
from rules_core.north_star.state import GameState


def card_play_scores(
    state: GameState, seat: int, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS
) -> list[tuple[float, Action]]:
    """Each legal card play with its value: how much it raises the planner's estimate, less the card's worth.
    Finishing is worth 0."""
    planner = Planner(state, seat, weights)
    base = planner.worth(planner.mine)
    index_of = {s.id: i for i, s in enumerate(state.players[seat].species)}
    cache: dict[tuple[Any, ...], float] = {}
    gains: dict[Trait, float] = {}
    # The best single growth now (a body size, a population, a new species): what any spare card could do instead
    # of serving a plan of several plays.
    growths = {
        _growth_key(a, index_of) for a in legal if isinstance(a, IncreaseBodySize | IncreasePopulation | CreateSpecies)
    }
    other_use = max((planner.worth(_grown(planner.mine, key)) - base for key in growths), default=0.0)
    planner.spare_cost = lambda card: max(planner.card_kept, other_use)

    def trait_value(action: PlayTrait) -> float:
        index = index_of[action.species]
        trait = trait_of(action.card)
        replaced = None if action.replace is None else trait_of(action.replace)
        key = ("trait", trait, index, replaced)
        if key in cache:
            return cache[key]
        s = planner.mine[index]
        bit = BIT[trait]
        if replaced is trait:  # the same trait again: nothing changes but a card is lost
            value = float("-inf")
        elif replaced is not None:
            value = planner.worth(planner.changed(index, traits=(s.traits & ~BIT[replaced]) | bit)) - base
        else:
            row = planner.changed(index, traits=s.traits | bit, cards=1)
            body = bool(bit & WANT_BODY)
            pop = (bool(bit & WANT_POPULATION) and not s.traits & CARNIVORE) or bit == CARNIVORE
            if body or pop:
                # What the trait adds to the best growth of this species the other cards allow.
                spare = [c for c in planner.hand if c != action.card]
                with_trait = planner.grown(row, index, base, spare=spare, body=body, pop=pop)
                without = planner.grown(planner.mine, index, base, spare=spare, body=body, pop=pop)
                value = with_trait - max(0.0, without)
            else:
                value = planner.worth(row) - base
            value -= planner.slot
        cache[key] = value
        return value

    for action in legal:
        if isinstance(action, PlayTrait):
            trait = trait_of(action.card)
            gains[trait] = max(gains.get(trait, float("-inf")), trait_value(action))

    def spent(card: int) -> float:
        """What discarding ``card`` gives up: keeping it, or the trait it would have made."""
        return max(planner.card_kept, gains.get(trait_of(card), float("-inf")))

    planner.spare_cost = lambda card: max(spent(card), other_use)
    scored: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, FinishCardPlay):
            score = 0.0
        elif isinstance(action, PlayTrait):
            # Among equal cards, play the one with the least plant food (keep the high ones for food cards).
            score = trait_value(action) - planner.card_kept - 0.001 * food_value(action.card)
        elif isinstance(action, IncreaseBodySize | IncreasePopulation | CreateSpecies):
            key = _growth_key(action, index_of)
            if key not in cache:
                row = _grown(planner.mine, key)
                value = planner.worth(row) - base
                if key[0] == "body":
                    spare = [c for c in planner.hand if c != action.card]
                    value = planner.grown(row, key[1], base, spare=spare, body=True, pop=False)
                cache[key] = value
            score = cache[key] - spent(action.card) - 0.001 * food_value(action.card)
        else:
            raise TypeError(f"not a card play: {action!r}")
        scored.append((score, action))
    return scored


def _growth_key(
    action: IncreaseBodySize | IncreasePopulation | CreateSpecies, index_of: dict[int, int]
) -> tuple[str, Any]:
    if isinstance(action, IncreaseBodySize):
        return ("body", index_of[action.species])
    if isinstance(action, IncreasePopulation):
        return ("pop", index_of[action.species])
    return ("new", action.side)


def _grown(row: Row, key: tuple[str, Any]) -> Row:
    kind, where = key
    if kind == "new":
        new = Plan(1, 1, 0, 0)
        return (new, *row) if where == "left" else (*row, new)
    s = row[where]
    if kind == "body":
        changed = Plan(s.body + 1, s.pop, s.traits, s.cards)
    else:
        changed = Plan(s.body, s.pop + 1, s.traits, s.cards)
    return (*row[:where], changed, *row[where + 1 :])
