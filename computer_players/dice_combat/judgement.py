"""What the computer player makes of fights and cards, in units of food.

A population point is worth what it costs to buy (the species' Energy), more when few are left, and everything
when it is the last one. A hunt is worth the food it may bring less the population it may cost; an attack the
population it may take; a card the Strength (or other edge) it gives the species it goes on, counted for the
player when it is their own species and against them when it is a rival's.
"""

from __future__ import annotations

from computer_players.dice_combat.odds import damage, hunt_odds
from rules_core.copying import evolve
from rules_core.dice_combat import combat, effects
from rules_core.dice_combat.cards import EDITIONS, Condition, Kind, kind_of
from rules_core.dice_combat.effects import Role
from rules_core.dice_combat.population import energy_of
from rules_core.dice_combat.state import GameState, Species

#: Losing the last population point loses the game.
LAST_POINT = 100.0
#: How often a condition holds, roughly, for a player's species (players are never hunted).
_SHARE = {
    Condition.ALWAYS: 1.0,
    Condition.HUNTS_OR_ATTACKS: 0.8,
    Condition.HUNTED_OR_DEFENDS: 0.5,
    Condition.HUNTED: 0.0,
    Condition.ATTACKS: 0.4,
    Condition.COLD: 0.15,
    Condition.PERIOD_START: 1.0,
    Condition.HUNTING_ROUND: 1.0,
}


def population_worth(state: GameState, seat: int) -> float:
    """One population point of ``seat``'s species, in food."""
    population = state.players[seat].population
    if population <= 1:
        return LAST_POINT
    return energy_of(state, seat) * (1 + 1 / population)


def hunt_value(state: GameState, seat: int, prey: Species) -> float:
    """What hunting ``prey`` is worth to ``seat``: the food it may win less the population it may lose."""
    hunter = state.players[seat].species
    environment = state.environment
    won, lost = hunt_odds(
        combat.dice(hunter, Role.HUNTER, prey, Role.PREY, environment),
        combat.dice(prey, Role.PREY, hunter, Role.HUNTER, environment),
        effects.wins_ties(hunter, environment, Role.HUNTER),
        effects.wins_ties(prey, environment, Role.PREY),
    )
    food = effects.energy(prey, environment, Role.PREY) + effects.extra_food(hunter, environment)
    return won * food - lost * population_worth(state, seat)


def unseen_prey(state: GameState) -> list[Species]:
    """The species that may come up as the next prey: every species card not on the table."""
    shown = {p.species.card for p in state.players}
    if state.hunt is not None:
        shown.add(state.hunt.prey.card)
    return [Species(card.id) for card in EDITIONS[state.edition].species if card.id not in shown]


def expected_hunt_value(state: GameState, seat: int) -> float:
    """A hunt's worth to ``seat`` on average over the prey that may come up, counting the free card it would put on
    the prey (at half the worth of keeping that card)."""
    hand = [(card, keep_value(state, seat, card) / 2) for card in set(state.players[seat].hand)]
    prey = unseen_prey(state)
    total = 0.0
    for p in prey:
        kinds = effects.kinds(p)
        total += max(
            [hunt_value(state, seat, p)]
            + [
                hunt_value(state, seat, evolve(p, evolutions=(card,))) - kept
                for card, kept in hand
                if kind_of(card) not in kinds
            ]
        )
    return total / max(1, len(prey))


def attack_damage(state: GameState, attacker: Species, defender: Species) -> dict[int, float]:
    """The chance of each population loss an attack of ``attacker`` on ``defender`` inflicts (Venom included)."""
    environment = state.environment
    found = damage(
        combat.dice(attacker, Role.ATTACKER, defender, Role.DEFENDER, environment),
        combat.dice(defender, Role.DEFENDER, attacker, Role.ATTACKER, environment),
        effects.wins_ties(attacker, environment, Role.ATTACKER),
        effects.wins_ties(defender, environment, Role.DEFENDER),
    )
    venom = effects.extra_damage(attacker, environment)
    return {loss + venom if loss else 0: p for loss, p in found.items()}


def attack_outlook(state: GameState, attacker: Species, defender: Species, population: int) -> tuple[float, float]:
    """The expected population loss and the chance it kills a species of ``population``."""
    found = attack_damage(state, attacker, defender)
    expected = sum(loss * p for loss, p in found.items())
    kill = sum(p for loss, p in found.items() if loss >= population)
    return expected, kill


def threat(state: GameState, seat: int, rival: int) -> float:
    """How much a rival's gain counts against ``seat``: more for the strongest rival."""

    def power(s: int) -> float:
        player = state.players[s]
        return effects.strength(player.species, state.environment) * (player.population + player.food / 4)

    rivals = [p.seat for p in state.players if not p.extinct and p.seat != seat]
    strongest = max((power(s) for s in rivals), default=1.0)
    return 0.7 + 0.6 * power(rival) / max(strongest, 1.0)


def edge(state: GameState, seat: int, kind: Kind) -> float:
    """What a card of ``kind`` (in the game's edition) on ``seat``'s own species is worth to that player."""
    rule = EDITIONS[state.edition].kinds[kind]
    e = rule.effect
    value = _SHARE[rule.condition] * (
        e.strength
        + 0.8 * e.opponent_dice
        + 0.6 * e.wins_ties
        + 0.5 * e.extra_damage
        + 0.3 * e.extra_food
        + 0.7 * e.recovery
        + 0.15 * e.ignores_environment
    )
    if e.energy:
        player = state.players[seat]
        after = max(1, energy_of(state, seat) + e.energy)
        # More Energy raises the population cap but every price; less lowers both, and may cut population at once.
        value += 0.15 * max(0, e.energy) - 0.2 * e.energy - max(0, player.population - after)
    return value


def play_value(state: GameState, seat: int, card: int, species: int) -> float:
    """A card put on a player's species: for ``seat`` when it is its own, against the owner when a rival's."""
    owner = state.owner(species)
    if owner is None:
        return 0.0
    worth = edge(state, owner, kind_of(card))
    return worth if owner == seat else -worth * threat(state, seat, owner)


def keep_value(state: GameState, seat: int, card: int) -> float:
    """A card in hand: the best it could do on a species in play, or nothing."""
    kind = kind_of(card)
    return max(
        [0.0]
        + [
            play_value(state, seat, card, p.species.card)
            for p in state.players
            if not p.extinct and kind not in effects.kinds(p.species)
        ]
    )
