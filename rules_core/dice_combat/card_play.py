"""Playing evolution cards (seed 004, rule 7, and steps 5.e, 5.h.iii-iv, 5.n-o).

* 7.a, 5.e: in their evolution turn a player may put one card from their hand, free, on their own species or on an
  opponent's.
* 7.b, 5.h.iii: in the hunting round every player, the hunter too, may put one card, free, on a hunted species: one
  in the whole round ("un máximo de una carta de Evolución"), not one a hunt.
* 7.c, 5.h.iv: in the evolution, hunting and extinction rounds a player may play more cards in their turn, each paid
  with food equal to their own species' Energy: in a hunt only on the prey; in their hunting or extinction turn on
  any species in play.
* 5.n-o: when an attack begins, the attacker and then the defender may play cards on either of the two species,
  paid only: the extinction round has no free card.
* 7.d: a species never carries two cards of one kind (its innate kinds count).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.dice_combat import effects
from rules_core.dice_combat.actions import PlayEvolution
from rules_core.dice_combat.cards import KIND_OF, kind_of
from rules_core.dice_combat.effects import kinds_of
from rules_core.dice_combat.events import Event, EvolutionPlayed
from rules_core.dice_combat.population import cap, energy_of
from rules_core.dice_combat.state import (
    ATTACK_CARD,
    DEFENCE_CARD,
    EVOLUTION,
    EXTINCTION,
    HUNTING,
    PREY_CARD,
    GameState,
    Species,
)
from rules_core.errors import IllegalAction, Refusal


def where(state: GameState, seat: int) -> tuple[tuple[Species, ...], bool] | None:
    """The species ``seat`` may put a card on now and whether its next card is free; None when it may play none
    now. Only called for the seat that is deciding."""
    top = state.interrupts.top
    if top is not None:
        if top.kind == PREY_CARD and state.hunt is not None:
            return (state.hunt.prey,), state.free_card
        if top.kind in (ATTACK_CARD, DEFENCE_CARD) and state.attack is not None:
            pair = (state.players[state.attack.attacker].species, state.players[state.attack.defender].species)
            return pair, False
        return None
    if state.phase is EVOLUTION:
        return state.species_in_play(), state.free_card
    if state.phase in (HUNTING, EXTINCTION):
        return state.species_in_play(), False
    return None


def fits(species: Species, card: int) -> bool:
    """Rule 7.d: a species takes a card only of a kind it does not carry yet."""
    return not effects.carries(species, kind_of(card))


def can_pay(state: GameState, seat: int) -> bool:
    return state.players[seat].food >= energy_of(state, seat)


def candidates(state: GameState, seat: int) -> Iterator[PlayEvolution]:
    """Every card play open to the deciding ``seat`` now."""
    hand = state.players[seat].hand
    if not hand:  # a third of the listings (random play spends cards fast): nothing to look up
        return
    # A card is free only while the state's free card is (``where``): without it, a seat that cannot pay plays none,
    # found before the species in play are gathered.
    if not state.free_card and not can_pay(state, seat):
        return
    found = where(state, seat)
    if found is None:
        return
    species, free = found
    if not free and state.free_card and not can_pay(state, seat):
        return
    # Rule 7.d as ``fits`` says, each target's kinds looked up once rather than once for every card in hand.
    carried = [(target.card, kinds_of(target.card, target.evolutions)) for target in species]
    for card in sorted(set(hand)):
        kind = KIND_OF[card]
        for target, kinds in carried:
            if kind not in kinds:
                yield PlayEvolution(seat, card, target)


def refusal(state: GameState, action: PlayEvolution) -> Refusal | None:
    found = where(state, action.seat)
    if found is None:
        return IllegalAction("no evolution card may be played now", code="no_card_play_now")
    species, free = found
    player = state.players[action.seat]
    if action.card not in player.hand:
        return IllegalAction("you do not hold that card", code="card_not_in_hand", card=action.card)
    target = next((s for s in species if s.card == action.species), None)
    if target is None:
        return IllegalAction("a card may not go on that species now", code="not_a_target_now", species=action.species)
    if not fits(target, action.card):
        return IllegalAction(
            "a species carries one card of each kind", code="kind_already_there", kind=kind_of(action.card).value
        )
    if not free and not can_pay(state, action.seat):
        price = energy_of(state, action.seat)
        return IllegalAction("not enough food", code="not_enough_food", cost=price, food=player.food)
    return None


def play(state: GameState, action: PlayEvolution) -> tuple[GameState, list[Event]]:
    player = state.players[action.seat]
    found = where(state, action.seat)
    assert found is not None
    free = found[1]
    cost = 0 if free else energy_of(state, action.seat)
    hand = list(player.hand)
    hand.remove(action.card)
    # Rule 7.b: a player's free card on a prey is their one for the whole hunting round.
    on_prey = free and state.phase is HUNTING
    played = player.prey_card_played or on_prey
    player = evolve(player, hand=tuple(hand), food=player.food - cost, prey_card_played=played)
    hunt = state.hunt
    if hunt is not None and hunt.prey.card == action.species:
        prey = evolve(hunt.prey, evolutions=(*hunt.prey.evolutions, action.card))
        state = state.with_players(player, free_card=False, hunt=evolve(hunt, prey=prey))
        return state, [EvolutionPlayed(action.seat, action.card, action.species, cost)]
    seat = state.owner(action.species)
    assert seat is not None
    owner = player if seat == action.seat else state.players[seat]
    grown = evolve(owner.species, evolutions=(*owner.species.evolutions, action.card))
    state = state.with_players(player, evolve(owner, species=grown), free_card=False)
    # A card may lower its species' Energy below the population (rule 6.d); no other species' Energy changes.
    state, more = cap(state, seat, owned=True)  # ``with_players`` made ``state``
    return state, [EvolutionPlayed(action.seat, action.card, action.species, cost), *more]
