"""Standing orders (seed 001's Ambush and Anglerfish; docs/engine.md, "Decisions: secrets, duties and
opportunities").

"Ta umiejętność pozwala zaatakować zwierzę w czasie wykonywania akcji przez innego gracza" (Ambush) and the Anglerfish
revealed "w momencie, gdy jedno ze zwierząt danego gracza zostanie zaatakowane": both act in the middle of another
player's move, when nobody online may be asked and waited for. So each player sets them in advance, at any moment of
a game with "Time to Fly" (an opportunity, ``Decision(seat, "orders", opportunity=True)``, which nothing waits for),
and the rules carry them out when the moment comes. Every seat has the opportunity all game long, whether or not it
holds an Anglerfish, so the table learns nothing from it; the orders themselves are private (``Player.orders``).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.engine import Decision
from rules_core.errors import IllegalAction, NotYourDecision, Refusal
from rules_core.origin.actions import OrderAction, SetAmbush, SetAnglerfish
from rules_core.origin.events import AmbushSet, AnglerfishOrderSet, Event
from rules_core.origin.setup import MAX_PLAYERS
from rules_core.origin.state import GAME_OVER, GameState
from rules_core.origin.traits import ambush

KIND = "orders"


def offered(state: GameState) -> bool:
    return state.options.time_to_fly and state.phase is not GAME_OVER


def decisions(state: GameState) -> tuple[Decision, ...]:
    if not offered(state):
        return ()
    return tuple(Decision(p.seat, KIND, opportunity=True) for p in state.players)


def choices(state: GameState, seat: int) -> Iterator[OrderAction]:
    """Each order changed: the Anglerfish order turned over, each ambusher armed or disarmed."""
    if not offered(state):
        return
    orders = state.players[seat].orders
    yield _ANGLERFISH_ORDERS[seat][not orders.anglerfish]
    for carnivore in ambush.armable(state, seat):
        yield SetAmbush(seat, carnivore, carnivore not in orders.ambush)


# The Anglerfish orders, by seat and by whether they arm it, made once: every listing of a game with "Time to Fly"
# offers one.
_ANGLERFISH_ORDERS = tuple((SetAnglerfish(seat, False), SetAnglerfish(seat, True)) for seat in range(MAX_PLAYERS))


def refusal(state: GameState, action: OrderAction) -> Refusal | None:
    if not offered(state):
        return NotYourDecision("this game has no standing orders now", code="no_orders")
    if isinstance(action, SetAmbush) and action.carnivore not in ambush.armable(state, action.seat):
        return IllegalAction("only your carnivore with Ambush lies in wait", code="no_ambush", animal=action.carnivore)
    if action not in set(choices(state, action.seat)):
        return IllegalAction("that order is already set", code="order_set")
    return None


def apply(state: GameState, action: OrderAction) -> tuple[GameState, list[Event]]:
    player = state.players[action.seat]
    orders = player.orders
    event: Event
    if isinstance(action, SetAnglerfish):
        orders = evolve(orders, anglerfish=action.armed)
        event = AnglerfishOrderSet(action.seat, action.armed)
    else:
        armed = tuple(c for c in orders.ambush if c != action.carnivore)
        orders = evolve(orders, ambush=(*armed, action.carnivore) if action.armed else armed)
        event = AmbushSet(action.seat, action.carnivore, action.armed)
    return state.with_player(evolve(player, orders=orders)), [event]
