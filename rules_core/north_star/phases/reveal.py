"""Phase 4, step 1 (seed 000, "1. Az élelemkártyák felfedése"; seed 002, "Alimentação").

The first player reveals the food cards and adds their total of plant food from the food bank to the watering hole
(as far as the bank allows); a negative total removes that much plant food from the watering hole instead (as far
as there is any). The food cards go to the discard pile. Then the reveal-time trait effects happen: Fertile, Long
Neck and Fat Tissue. "A játékosok megválaszthatják, hogy saját kártyáik hatásai milyen sorrendben jöjjenek létre":
each owner chooses the order of their own effects (docs/rulings.md, "Order of reveal effects").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.north_star.actions import ResolveRevealEffect
from rules_core.north_star.cards import COOPERATION, FAT_TISSUE, FERTILE, LONG_NECK, TRAIT_OF, Trait, food_value
from rules_core.north_star.events import Event, FoodCardsRevealed
from rules_core.north_star.state import MAX_SIZE, REVEAL_EFFECTS, GameState, RevealEffect
from rules_core.north_star.traits import fat_tissue, fertile, long_neck

#: The default order, used when the order cannot matter or when a deadline passes: growth first, so Long Neck
#: and fat find the most room.
DEFAULT_ORDER = (FERTILE, FAT_TISSUE, LONG_NECK)

EFFECTS: dict[Trait, Callable[[GameState, int], tuple[GameState, list[Event]]]] = {
    FERTILE: fertile.on_reveal,
    FAT_TISSUE: fat_tissue.on_reveal,
    LONG_NECK: long_neck.on_reveal,
}


def reveal_food_cards(state: GameState) -> tuple[GameState, list[Event]]:
    cards = tuple(
        card for seat in state.seats_from(state.first_player) if (card := state.players[seat].food_card) is not None
    )
    total = sum(food_value(c) for c in cards)
    if total >= 0:
        change = min(total, state.food_bank)
    else:
        change = -min(-total, state.watering_hole)
    state = evolve(
        state,
        plant_food_carried_over=state.watering_hole,
        watering_hole=state.watering_hole + change,
        food_bank=state.food_bank - change,
        discard=state.discard + cards,
        players=tuple(evolve(p, food_card=None) for p in state.players),
    )
    return state, [FoodCardsRevealed(cards, total, change, state.watering_hole)]


def pending_effects(state: GameState) -> tuple[RevealEffect, ...]:
    found: list[RevealEffect] = []
    for seat in state.seats_from(state.first_player):
        for species in state.players[seat].species:
            held = [TRAIT_OF[t.card] for t in species.traits]  # read once for the three traits asked
            for trait in DEFAULT_ORDER:
                if trait not in held:
                    continue
                if trait is FERTILE and not (fertile.applies(state) and species.population < MAX_SIZE):
                    continue
                if trait is FAT_TISSUE and not fat_tissue.has_fat(species):
                    continue
                found.append(RevealEffect(seat, species.id, trait))
    return tuple(found)


def order_matters(state: GameState, seat: int, effects: tuple[RevealEffect, ...]) -> bool:
    """Whether the owner must choose: several effects that could interact through a shared species, a
    Cooperation chain, or a food bank too small for every Long Neck."""
    mine = [e for e in effects if e.seat == seat]
    if len(mine) <= 1:
        return False
    if len({e.species for e in mine}) < len(mine):
        return True
    if any(s.has(COOPERATION) for s in state.players[seat].species):
        return True
    necks = sum(1 for e in mine if e.trait is LONG_NECK)
    return state.food_bank < 2 * necks


def candidates(state: GameState, seat: int) -> Iterator[ResolveRevealEffect]:
    for effect in state.pending_effects:
        if effect.seat == seat:
            yield ResolveRevealEffect(seat, effect.species, effect.trait)


def refusal(state: GameState, action: ResolveRevealEffect) -> Refusal | None:
    if RevealEffect(action.seat, action.species, action.trait) not in state.pending_effects:
        return IllegalAction("that species has no such effect waiting", code="no_such_effect", trait=action.trait.value)
    return None


def resolve(state: GameState, effect: RevealEffect) -> tuple[GameState, list[Event]]:
    remaining = list(state.pending_effects)
    remaining.remove(effect)
    state = evolve(state, pending_effects=tuple(remaining))
    return EFFECTS[effect.trait](state, effect.species)


def resolve_unordered(state: GameState) -> tuple[GameState, list[Event]]:
    """Carry out, in the default order, the effects of every seat whose order cannot matter."""
    events: list[Event] = []
    for seat in state.seats_from(state.first_player):
        if not order_matters(state, seat, state.pending_effects):
            for effect in [e for e in state.pending_effects if e.seat == seat]:
                state, more = resolve(state, effect)
                events.extend(more)
    return state, events


def begin(state: GameState) -> tuple[GameState, list[Event]]:
    state, events = reveal_food_cards(state)
    state = evolve(state, phase=REVEAL_EFFECTS, pending_effects=pending_effects(state))
    state, more = resolve_unordered(state)
    return state, events + more
