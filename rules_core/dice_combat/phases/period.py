"""A period's beginning (seed 004, steps 5.a-d and 5.s).

a. The starting player is the winner of the starting roll in the first period; then each period's is the player to
   the right of the previous one's (5.s: "será el de la derecha"), passing over extinct players.
b. The environment card (phases/environment.py). c. The recovery (phases/recovery.py). d. The deal and the
   evolution round (phases/evolution.py).
"""

from __future__ import annotations

from rules_core.dice_combat.events import Event, PeriodStarted
from rules_core.dice_combat.phases import environment, evolution, recovery
from rules_core.dice_combat.population import cap_all
from rules_core.dice_combat.state import GAME_OVER, GameState, changed


def start(state: GameState, owned: bool = False) -> tuple[GameState, list[Event]]:
    """The next period begins. ``owned``: ``state`` may be written into (``state.changed``); every step after the
    first writes into the state the first made."""
    starting = state.starting_player
    if state.period > 0:
        following = state.next_to_right(starting)
        assert following is not None  # the game is over with one species left
        starting = following
    state = changed(state, owned, period=state.period + 1, starting_player=starting)
    events: list[Event] = [PeriodStarted(state.period, starting)]
    state, more = environment.reveal(state, owned=True)
    events += more
    # A new environment may lower a species' Energy (rule 6.d), before anything is recovered.
    state, more = cap_all(state, owned=True)
    events += more
    state, more = recovery.recover(state, owned=True)
    events += more
    if state.phase is GAME_OVER:
        return state, events
    state, more = evolution.deal(state, owned=True)
    return evolution.begin(state, owned=True), events + more
