"""Step 5.b: an environment card comes into play at the start of each period and stays in force until the next
one replaces it (seed 004: "Los efectos de la carta en juego duran hasta que se ponga en juego una nueva carta").

The seed does not say what happens when the environment deck runs out, nor sets any limit to a game. So that every
game ends (two careful players could otherwise wait for each other for ever), the deck is not reshuffled: once it
is empty the final age begins, in which no environment is in force, no population is recovered, and in the k-th
period of the final age every species loses k population points (phases/recovery.py; docs/rulings.md, "The end
of the game").
"""

from __future__ import annotations

from rules_core.dice_combat.events import EnvironmentRevealed, Event, FinalAgePeriod
from rules_core.dice_combat.state import GameState, changed


def reveal(state: GameState, *, owned: bool) -> tuple[GameState, list[Event]]:
    """The previous environment goes to its discard pile and the next one comes into force, or the final age goes
    on one more period. ``owned``: ``state`` may be written into (``state.changed``)."""
    discard = state.environment_discard
    if state.environment is not None:
        discard = (*discard, state.environment)
    if state.environment_deck:
        card, deck = state.environment_deck[0], state.environment_deck[1:]
        state = changed(state, owned, environment=card, environment_deck=deck, environment_discard=discard)
        return state, [EnvironmentRevealed(card)]
    age = state.final_age + 1
    state = changed(state, owned, environment=None, environment_discard=discard, final_age=age)
    return state, [FinalAgePeriod(age, age)]
