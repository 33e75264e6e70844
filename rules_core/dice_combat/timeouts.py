"""The move made for a seat that lets its deadline pass (docs/rulings.md, "The dice-combat game (seed 004)",
"Timeouts").

Each keeps the game moving without spending the silent player's food or cards and without risking their species:

* evolution turn, hunting turn, extinction turn: pass (no card played, no hunt, no attack);
* a card on the prey, a card in an attack (as attacker or defender): play none;
* the prey's dice: roll them (the only choice there is);
* discarding down to five: the cards received last go, so the hand kept is the one the player has known longest.
"""

from __future__ import annotations

from rules_core.dice_combat.actions import Action, DiscardCards, Pass, RollDice
from rules_core.dice_combat.state import DISCARD, HAND_LIMIT, ROLL_PREY, GameState


def timeout_action(state: GameState, seat: int, kind: str) -> Action:
    """The timeout move for ``seat``'s decision of ``kind`` (``DiceCombat.timeout_action`` checks it is owed)."""
    if kind == ROLL_PREY:
        return RollDice(seat)
    if kind == DISCARD:
        hand = state.players[seat].hand
        return DiscardCards(seat, tuple(sorted(hand[HAND_LIMIT:])))
    return Pass(seat)
