"""The move made for a seat that lets its deadline pass (docs/rulings.md, "Timeouts").

Each choice keeps the game moving without spending the silent player's cards or hurting the table:

* food card: the card with the highest food value (the lowest card id among equals), so the table is fed;
* playing cards: keep the whole hand (``FinishCardPlay``);
* ordering reveal effects: the default order (Fertile, Fat Tissue, Long Neck; table order);
* feeding: when a hungry species must eat, the mandatory feeding the rules demand (plant food for the leftmost
  hungry non-carnivore, else the attack without discards on another player's species, without Horns, with the
  most meat, in that order of preference); otherwise stop feeding (no card is discarded and no fat is stored
  on their behalf).
"""

from __future__ import annotations

from rules_core.north_star import attack
from rules_core.north_star.actions import (
    Action,
    Attack,
    FinishCardPlay,
    ResolveRevealEffect,
    SelectFoodCard,
    StopFeeding,
    TakePlantFood,
)
from rules_core.north_star.cards import Trait, food_value
from rules_core.north_star.state import GameState, Phase


def timeout_action(state: GameState, seat: int) -> Action:
    player = state.players[seat]
    if state.playing_cards(seat):
        return FinishCardPlay(seat)
    if state.phase is Phase.FOOD_CARDS:
        card = min(player.hand, key=lambda c: (-food_value(c), c))
        return SelectFoodCard(seat, card)
    if state.phase is Phase.REVEAL_EFFECTS:
        effect = next(e for e in state.pending_effects if e.seat == seat)
        return ResolveRevealEffect(seat, effect.species, effect.trait)
    if state.phase is Phase.FEEDING:
        return mandatory_feeding(state, seat) or StopFeeding(seat)
    return StopFeeding(seat)


def mandatory_feeding(state: GameState, seat: int) -> Action | None:
    """A feeding of a hungry species that needs no card, or None when no hungry species can eat that way (the rule
    ``feeding.must_feed`` states): one look at the seat's species answers both, since the search's simulations feed
    this way thousands of times a second."""
    hungry = [s for s in state.players[seat].species if s.hungry]
    if state.watering_hole > 0:
        for species in hungry:
            if not species.is_carnivore:
                return TakePlantFood(seat, species.id)
    if state.food_bank <= 0:  # a carnivore need not attack for meat the bank does not have (as ``must_feed``)
        return None
    own = {species.id for species in state.players[seat].species}
    best: tuple[tuple[int, int, int, int], Attack] | None = None
    for carnivore in hungry:
        if not carnivore.is_carnivore:
            continue
        # The attacks that need no discards: prey the carnivore may attack with nothing to negate.
        for target, needed in attack.prey(state.players, carnivore):
            if needed:
                continue
            # Another player's species first, then one without Horns (a wound could kill the silent player's
            # carnivore), then the most meat.
            key = (int(target.id not in own), int(not target.has(Trait.HORNS)), target.body_size, -target.id)
            if best is None or key > best[0]:
                best = (key, Attack(seat, carnivore.id, target.id))
    return None if best is None else best[1]
