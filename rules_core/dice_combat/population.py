"""Population: bought with food, never above Energy, lost in fights, and extinction (seed 004, rule 6 and 5.p.ii).

* 6.c: at any moment a player may spend food equal to their species' Energy for one population point. Online this
  is an *opportunity* (docs/engine.md): offered to every seat that can afford it, whoever's turn it is, and never
  waited for (docs/rulings.md, "At any moment").
* 6.d: population never exceeds Energy; when Energy falls below it (a card, the environment), the excess is lost.
* 5.p.ii: a species whose population reaches 0 is extinct and its player is out; the last species standing wins
  ("Gana el Jugador que logra sobrevivir a sus oponentes").
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.dice_combat import effects
from rules_core.dice_combat.events import (
    Event,
    GameEnded,
    LossCause,
    PopulationBought,
    PopulationLost,
    SpeciesWentExtinct,
)
from rules_core.dice_combat.state import GAME_OVER, GameState, changed
from rules_core.errors import IllegalAction, Refusal
from rules_core.interrupts import Interrupts


def energy_of(state: GameState, seat: int) -> int:
    """The seat's species' Energy now: the price of an attack, a paid card or a population point."""
    return effects.energy(state.players[seat].species, state.environment)


def why_not_buy(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may not buy a population point now (a refusal code), or None: asked for every seat at every
    step (the opportunity), where building a refusal for each seat that may not buy cost more than the question."""
    player = state.players[seat]
    if player.extinct:
        return "extinct"
    price = energy_of(state, seat)
    if player.population >= price:
        return "population_at_energy"
    if player.food < price:
        return "not_enough_food"
    return None


def purchase_refusal(state: GameState, seat: int) -> Refusal | None:
    """Why ``seat`` may not buy a population point now, or None."""
    code = why_not_buy(state, seat)
    if code is None:
        return None
    if code == "extinct":
        return IllegalAction("your species is extinct", code=code)
    price = energy_of(state, seat)
    if code == "population_at_energy":
        return IllegalAction("population may not exceed Energy", code=code, energy=price)
    return IllegalAction("not enough food", code=code, cost=price, food=state.players[seat].food)


def buy(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    player = state.players[seat]
    price = energy_of(state, seat)
    player = evolve(player, food=player.food - price, population=player.population + 1)
    return state.with_players(player), [PopulationBought(seat, player.population, player.food)]


def cap_all(state: GameState, *, owned: bool) -> tuple[GameState, list[Event]]:
    """Rule 6.d: every species above its Energy loses the excess. ``owned``: ``state`` may be written into
    (``state.changed``)."""
    events: list[Event] = []
    for seat in state.living():
        state, more = cap(state, seat, owned=owned)
        owned = owned or bool(more)  # a loss made a state of this very move
        events += more
    return state, events


def cap(state: GameState, seat: int, *, owned: bool = False) -> tuple[GameState, list[Event]]:
    """Rule 6.d: the seat's species, when above its Energy, loses the excess."""
    excess = state.players[seat].population - energy_of(state, seat)
    if excess > 0:
        return lose(state, seat, excess, "energy", owned=owned)
    return state, []


def lose(
    state: GameState, seat: int, amount: int, cause: LossCause, *, owned: bool = False
) -> tuple[GameState, list[Event]]:
    """``seat``'s species loses ``amount`` population points; at 0 it is extinct, and with one species left the
    game is over. ``owned``: ``state`` may be written into (``state.changed``)."""
    player = state.players[seat]
    population = max(0, player.population - amount)
    events: list[Event] = [PopulationLost(seat, player.population - population, population, cause)]
    if population > 0:
        return state.with_players(evolve(player, population=population), owned=owned), events
    # The extinct species stays on its player's place with its cards, out of the game; the hand is discarded.
    state = state.with_players(
        evolve(player, population=0, extinct=True, hand=(), food=0),
        owned=owned,
        evolution_discard=(*state.evolution_discard, *player.hand),
        eliminated=(*state.eliminated, seat),
    )
    events.append(SpeciesWentExtinct(seat, player.species.card, cause))
    living = state.living()
    if len(living) == 1:
        state = changed(
            state, True, phase=GAME_OVER, turn=None, hunt=None, attack=None, interrupts=Interrupts(), free_card=False
        )
        events.append(GameEnded(living[0]))
    return state, events
