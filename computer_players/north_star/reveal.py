"""Phase 4, step 1: the order of reveal effects that leaves the most on the seat's species."""

from __future__ import annotations

from collections.abc import Sequence

from rules_core.north_star.actions import (
    Action,
    ResolveRevealEffect,
)
from rules_core.north_star.phases import reveal
from rules_core.north_star.state import GameState, RevealEffect


def reveal_scores(state: GameState, seat: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Each effect tried first (the rest following in the default order), scored by the food, fat and population
    it leaves on this seat's species."""
    scored: list[tuple[float, Action]] = []
    for action in legal:
        assert isinstance(action, ResolveRevealEffect)
        after, _ = reveal.resolve(state, RevealEffect(seat, action.species, action.trait))
        for effect in [e for e in after.pending_effects if e.seat == seat]:
            after, _ = reveal.resolve(after, effect)
        player = after.players[seat]
        scored.append((float(sum(s.food + s.fat + s.population for s in player.species) + player.bag), action))
    return scored
