"""A full dice-combat state consistent with one seat's view: what that seat cannot see, dealt out at random.

Everything on the table is public: the species, the cards on them, population, food, the environment, the hunt or
attack under way and who must answer. Hidden are the other players' hands, the order of every deck and what lies
in the discard piles, and the future dice. Those are drawn at random from the cards the seat cannot account for
(the cards of each deck that are neither on the table nor in its own hand), in the sizes the view shows, with a
fresh generator for the dice.
"""

from __future__ import annotations

from rules_core.dice_combat.cards import EDITIONS, ENVIRONMENTS
from rules_core.dice_combat.state import GameState, HuntInProgress, Player
from rules_core.dice_combat.view import SeatView
from rules_core.rng import Rng


def determinize(view: SeatView, *, seed: int) -> GameState:
    table = view.table
    rng = Rng(seed)
    on_table = [row.species for row in table.players] + ([table.hunt.prey] if table.hunt is not None else [])
    known_species = {s.card for s in on_table}
    known_evolutions = {c for s in on_table for c in s.evolutions} | set(view.hand)
    known_environments = set() if table.environment is None else {table.environment}

    cards = EDITIONS[table.edition]
    evolutions, rng = rng.shuffled([c.id for c in cards.evolutions if c.id not in known_evolutions])
    species, rng = rng.shuffled([c.id for c in cards.species if c.id not in known_species])
    environments, rng = rng.shuffled([c.id for c in ENVIRONMENTS if c.id not in known_environments])
    unseen = list(evolutions)

    def take(count: int) -> tuple[int, ...]:
        if count > len(unseen):
            raise ValueError("the view accounts for more evolution cards than the game has")
        taken = tuple(unseen[:count])
        del unseen[:count]
        return taken

    players = tuple(
        Player(
            seat=row.seat,
            name=row.name,
            species=row.species,
            population=row.population,
            food=row.food,
            hand=view.hand if row.seat == view.seat else take(row.hand_size),
            extinct=row.extinct,
            hunts=row.hunts,
            active=row.active,
            exchanged=row.exchanged,
            prey_card_played=row.prey_card_played,
        )
        for row in table.players
    )
    evolution_deck = take(table.evolution_deck_size)
    evolution_discard = take(table.evolution_discard_size)
    hunt = None if table.hunt is None else HuntInProgress(table.hunt.hunter, table.hunt.prey, table.hunt.to_ask)
    return GameState(
        edition=table.edition,
        players=players,
        species_deck=species[: table.species_deck_size],
        species_discard=species[table.species_deck_size :],
        evolution_deck=evolution_deck,
        evolution_discard=evolution_discard,
        environment_deck=environments[: table.environment_deck_size],
        environment_discard=environments[table.environment_deck_size :],
        environment=table.environment,
        final_age=table.final_age,
        period=table.round,
        starting_player=table.starting_player,
        phase=table.phase,
        turn=table.turn,
        free_card=table.free_card,
        hunt=hunt,
        attack=table.attack,
        interrupts=table.interrupts,
        eliminated=table.eliminated,
        last_fight=table.last_fight,
        rng=rng,
        version=table.version,
    )
