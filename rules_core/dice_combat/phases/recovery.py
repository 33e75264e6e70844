"""Step 5.c and rule 6.a-b, d: population recovered at the start of a period.

Once the environment card is revealed each species recovers one population point, and one more if in the previous
period its player neither hunted, attacked nor was attacked; never above its Energy. The first period has no
previous one, so nobody earns the extra point then (docs/rulings.md, "Starting values"). Cards add to this
(Fertility, Mating Season) or stop it (Drought): effects.recovery.

In the final age (phases/environment.py) nothing is recovered: each species loses as many points as the periods
of the final age so far, one point at a time around the table in play order from the starting player, so the
species with the most population outlasts the others and the game ends as soon as one is left.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.dice_combat import effects
from rules_core.dice_combat.events import Event, PopulationRecovered
from rules_core.dice_combat.population import energy_of, lose
from rules_core.dice_combat.state import GAME_OVER, GameState, changed


def recover(state: GameState, *, owned: bool) -> tuple[GameState, list[Event]]:
    """Recovery (or the final age's losses); then every player's period flags start afresh. ``owned``: ``state``
    may be written into (``state.changed``)."""
    if state.final_age:
        state, events = _final_age_losses(state, owned=owned)
        owned = owned or bool(events)
        population = [p.population for p in state.players]
    else:
        events, population = _recovered(state)
    # Each player copied once: its population recovered and its period's flags afresh.
    players = tuple(
        evolve(p, population=population[p.seat], active=False, hunts=0, exchanged=False, prey_card_played=False)
        for p in state.players
    )
    return changed(state, owned, players=players), events


def _recovered(state: GameState) -> tuple[list[Event], list[int]]:
    """Each living species' recovery in play order: the events and every seat's population after it."""
    events: list[Event] = []
    population = [p.population for p in state.players]
    for seat in state.play_order(state.starting_player):
        player = state.players[seat]
        room = energy_of(state, seat) - player.population
        if room <= 0:  # at its Energy already (most are): nothing to recover, whatever its cards would add
            continue
        quiet = state.period > 1 and not player.active
        gained = max(0, min(effects.recovery(player.species, state.environment, quiet=quiet), room))
        if gained:
            population[seat] += gained
            events.append(PopulationRecovered(seat, gained, population[seat], quiet))
    return events, population


def _final_age_losses(state: GameState, *, owned: bool) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for _ in range(state.final_age):
        for seat in state.play_order(state.starting_player):
            if state.phase is GAME_OVER:
                return state, events
            if not state.players[seat].extinct:
                state, more = lose(state, seat, 1, "final_age", owned=owned)
                owned = True
                events += more
    return state, events
