"""A baseline computer player for the original "Evolution": one-move judgement, pure and deterministic.

It sees what its seat may see: its view and its legal actions. To weigh an option it plays it on a state dealt from
that view (``Origin.determinize``, with a seed taken from the view alone, so the choice never depends on anything
the seat cannot see), answers the questions the move raises (a defence, paired traits) as the rules' timeouts
would, and values the result (``estimate.value``): each animal's points times its chance to live through the turn
(fed, the food base's share, carnivores in reach and the defences against them), and its cards in hand. So it:

* in development, plays the card that raises that value most (an animal while food is plentiful, a defence
  against a carnivore that threatens, a carnivore with prey about, points in the last turn), or passes;
* in feeding, feeds the animal whose life it matters most to (the hungriest of its most valuable), attacks when the
  meal pays (not a Poisonous prey; its own animal only when that one would starve anyway), steals or sleeps when
  that helps, and ends its turn otherwise;
* defending, rolls Running first, then chooses among Tail Loss, Mimicry and giving up by what it keeps;
* orders its paired traits by what they feed;
* with seed 001's expansions, plays their traits by the same judgement (a Specialization's or Kleptoplasty's token,
  Metamorphosis when the food is worth the trait, a birth, a Shell from the table, hiding or the Ink Cloud, a pack
  hunt, an Intellect's ignored trait, the carnivore's trait its revealed Anglerfish ignores, consent to a rival's
  pack when its carnivore gains), and sets its standing orders itself whenever it owes a decision (a computer is
  never asked for an opportunity): its Anglerfish always armed, each Ambush armed while the carnivore is hungry and
  no Poisonous animal is among its possible prey. An order to change comes before the duty's move, one order a move
  (the service asks again while the duty is owed).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from computer_players.origin.choosing import RULES, best, scored
from computer_players.origin.orders import wanted
from rules_core.origin import Origin
from rules_core.origin.actions import (
    Action,
    EndTurn,
    Pass,
    PlayAnimal,
    PlayPairedTrait,
    PlayTrait,
    Run,
    SetAmbush,
    SetAnglerfish,
)
from rules_core.origin.cards import traits_of
from rules_core.origin.state import AttackFrame, GameState
from rules_core.origin.view import SeatView


def choose_action(ruleset: Origin, view: SeatView, legal: Sequence[Action]) -> Action:
    """The computer player's move for ``view.seat``: one of ``legal``, from what the seat sees."""
    return ranked(ruleset, view, legal)[0]


def ranked(ruleset: Origin, view: SeatView, legal: Sequence[Action]) -> list[Action]:
    """The moves worth comparing, best first by this player's judgement, its move first (the search compares the
    first few): every legal move, or its move alone where nothing else is worth a thought (a standing order to
    change, Running to try)."""
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    if len(legal) == 1:
        return list(legal)
    # The seed depends on the view only: the same view gives the same sample, whatever lies hidden.
    state = ruleset.determinize(view, seed=view.table.version * 7919 + view.seat)
    return order(state, view.seat, tuple(legal))


def decide(state: GameState, seat: int, legal: tuple[Action, ...]) -> Action:
    """The move for ``seat`` on a whole state (a determinized one: see :func:`choose_action`)."""
    return order(state, seat, legal)[0]


def order(state: GameState, seat: int, legal: tuple[Action, ...]) -> list[Action]:
    """:func:`ranked` on a whole state."""
    for change in wanted(state, seat):
        if change in legal:
            return [change]
    legal = tuple(a for a in legal if not isinstance(a, SetAmbush | SetAnglerfish))
    if len(legal) == 1:
        return list(legal)
    top = state.interrupts.top
    if top is not None and isinstance(top.context, AttackFrame) and Run(seat) in legal:
        return [Run(seat)]  # a free chance, and compulsory before giving up
    scores = scored(state, seat, legal, group=_card_kind, idle=lambda a: isinstance(a, Pass | EndTurn))
    move = best(scores)
    # Best first; equal values keep the order of the legal actions (sorted is stable).
    return [move, *(action for _, action in sorted(scores, key=lambda pair: -pair[0]) if action != move)]


def _card_kind(action: Action) -> Hashable | None:
    """Card plays that differ only in which card of one kind they use come to the same."""
    if isinstance(action, PlayAnimal):
        return ("animal", traits_of(action.card))
    if isinstance(action, PlayTrait):
        return ("trait", traits_of(action.card), action.trait, action.animal)
    if isinstance(action, PlayPairedTrait):
        return ("pair", traits_of(action.card), action.trait, action.first, action.second)
    return None


__all__ = ["RULES", "choose_action", "decide", "order", "ranked"]
