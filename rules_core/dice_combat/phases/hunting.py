"""Steps 5.g-i: the hunting round.

Each player in turn, from the starting player, may hunt up to two species (step 5.h), then the next player does
(5.i). A hunt:

i.   The top card of the species deck is the prey;
ii.  the environment in force applies to it (effects.py);
iii. every player in play order, from the hunter, may put one card, free, on the prey only (rule 7.b: one free card
     a player in the whole hunting round); iv. and more cards, paid with food equal to their own Energy. A player
     who can play no card on the prey, or only a paid one they cannot afford, is not asked (docs/rulings.md, "Who is
     asked");
vi.  the hunter rolls as many dice as its species' Strength;
vii. the player to the hunter's left rolls the prey's Strength in dice: that seat is asked to roll (an interrupt);
x.   a hunt won brings the hunter food equal to the prey's Energy (Fangs: one more); xi. a hunt lost costs it one
     population point; xii. a tie changes nothing. The prey and the cards on it go to their discard piles.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.dice_combat import effects
from rules_core.dice_combat.card_play import can_pay, fits
from rules_core.dice_combat.combat import fight
from rules_core.dice_combat.decks import take_species
from rules_core.dice_combat.dice import hunt_result
from rules_core.dice_combat.effects import Role
from rules_core.dice_combat.events import DiceRolled, Event, HuntBegan, HuntResolved
from rules_core.dice_combat.population import lose
from rules_core.dice_combat.state import (
    HUNTING,
    HUNTS_PER_PERIOD,
    PREY_CARD,
    ROLL_PREY,
    GameState,
    HuntInProgress,
    LastFight,
    Player,
    Question,
    Species,
    changed,
)
from rules_core.errors import IllegalAction, Refusal
from rules_core.interrupts import Interrupt, Interrupts


def begin(state: GameState, owned: bool = False) -> GameState:
    return changed(state, owned, phase=HUNTING, turn=state.first_in_round(), free_card=False)


def limit(state: GameState, seat: int) -> int:
    """Two hunts a period, fewer when an effect in force says so (Storm)."""
    return effects.hunt_limit(state.players[seat].species, state.environment, HUNTS_PER_PERIOD)


def may_hunt(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may hunt once more this period: asked at every hunting turn (some 140 a game, most of them
    after the last hunt), where building the refusal cost more than the question (as ``population.why_not_buy``).
    Every limit is at least one (``cards.Effect``) and none above the standard two, so the effects in force are summed
    only for a second hunt."""
    hunts = state.players[seat].hunts
    if hunts == 0:
        return True
    if hunts >= HUNTS_PER_PERIOD:
        return False
    return hunts < limit(state, seat)


def hunt_refusal(state: GameState, seat: int) -> Refusal | None:
    if may_hunt(state, seat):
        return None
    allowed = limit(state, seat)
    return IllegalAction(f"you may hunt {allowed} times a period", code="hunt_limit", limit=allowed)


def start(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """Step 5.h.i: the prey comes from the species deck, and the players are asked for cards on it in turn."""
    player = state.players[seat]
    state, prey, events = take_species(state)
    hunt = HuntInProgress(seat, Species(prey), tuple(state.play_order(seat)))
    events.append(HuntBegan(seat, prey, player.hunts + 1))
    player = evolve(player, hunts=player.hunts + 1, active=True)
    return _ask_next(state, hunt, state.interrupts, player, owned=True), events  # ``take_species`` made ``state``


def _could_play_on_prey(state: GameState, prey: Species, seat: int) -> bool:
    return any(fits(prey, card) for card in state.players[seat].hand)


def _ask_next(
    state: GameState, hunt: HuntInProgress, interrupts: Interrupts[Question], *players: Player, owned: bool
) -> GameState:
    """Open the next player's turn to play a card on the prey of ``hunt``, or, when nobody is left to ask, ask the
    player to the hunter's left to roll the prey's dice: the question pushed on ``interrupts``, in one copy of the
    state (or in ``state`` itself when ``owned``: ``state.changed``) with the changed ``players`` (whose hands and
    food are as in ``state``)."""
    about = Question("hunt", hunt.hunter)
    to_ask = hunt.to_ask
    while to_ask:
        seat, to_ask = to_ask[0], to_ask[1:]
        free = not state.players[seat].prey_card_played
        if _could_play_on_prey(state, hunt.prey, seat) and (free or can_pay(state, seat)):
            question = Interrupt(seat, PREY_CARD, about, uses_secrets=True)
            return state.with_players(
                *players,
                owned=owned,
                hunt=evolve(hunt, to_ask=to_ask),
                interrupts=interrupts.push(question),
                free_card=free,
            )
    roller = state.next_to_left(hunt.hunter)
    assert roller is not None  # a hunt needs two living players: with one the game is over
    question = Interrupt(roller, ROLL_PREY, about)
    return state.with_players(
        *players, owned=owned, hunt=evolve(hunt, to_ask=()), interrupts=interrupts.push(question), free_card=False
    )


def close_card_turn(state: GameState, owned: bool = False) -> GameState:
    """The player on the prey plays no more cards: ask the next one."""
    _, rest = state.interrupts.pop()
    assert state.hunt is not None
    return _ask_next(state, state.hunt, rest, owned=owned)


def roll(state: GameState, roller: int) -> tuple[GameState, list[Event]]:
    """Steps 5.h.vi-xii: both rolls, the comparison and its result."""
    _, rest = state.interrupts.pop()
    hunt = state.hunt
    assert hunt is not None
    hunter = state.players[hunt.hunter]
    prey, environment = hunt.prey, state.environment
    fought, rng = fight(state.rng, hunter.species, Role.HUNTER, prey, Role.PREY, environment)
    comparison = fought.comparison
    result = hunt_result(comparison)
    gained = 0
    if result == "won":
        gained = effects.energy(prey, environment, Role.PREY) + effects.extra_food(hunter.species, environment)
    state = state.with_players(
        evolve(hunter, food=hunter.food + gained),
        rng=rng,
        interrupts=rest,
        hunt=None,
        species_discard=(*state.species_discard, prey.card),
        evolution_discard=(*state.evolution_discard, *prey.evolutions),
        last_fight=LastFight("hunt", hunter.seat, roller, fought.first_roll, fought.second_roll, comparison),
    )
    events: list[Event] = [
        DiceRolled(hunter.seat, hunter.species.card, "hunter", fought.first_roll),
        DiceRolled(roller, prey.card, "prey", fought.second_roll),
        HuntResolved(
            hunter.seat,
            prey.card,
            comparison.won,
            comparison.lost,
            comparison.tied,
            result,
            gained,
            hunter.food + gained,
        ),
    ]
    if result == "lost":
        state, more = lose(state, hunter.seat, 1, "hunt", owned=True)  # ``with_players`` made ``state``
        events += more
    return state, events
