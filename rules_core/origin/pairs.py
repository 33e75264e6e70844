"""Paired traits: Communication, Cooperation and Symbiosis (seed 003, "Парні здібності"), and seed 001's Trematode,
which a player lays on two animals of a rival (``traits/trematode.py``).

A paired trait is one card joining two animals of the same player (:class:`~rules_core.origin.state.Link`). An
animal may be joined by the same paired trait to several animals, but two animals never share two cards of the
same paired trait. When either animal leaves play the card goes with it to the discard pile; when Tail Loss discards
the card, both animals lose it.

"Протягом кожного раунду фази харчування гравець може використати кожну парну здібність лише один раз": each card
acts once per round of feeding (``Link.used``), and "Гравець сам вирішує, в якій послідовності парні здібності будуть
використані": the owner decides the order. So every token an animal gets sets off its unused Communication and
Cooperation cards (``triggers``); while at most one of those set off can act, it acts at once; when several can,
their owner chooses the next (a ``pair_order`` decision on the interrupt stack). Paired traits act without being
asked to (seed 003: the other animal "отримує", gets, a token); a card that cannot act when its turn comes (the
animal is full, the food base empty) stays waiting in case an earlier one changes that, then lapses unused. See
docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.interrupts import Interrupt
from rules_core.origin.actions import UsePairedTrait
from rules_core.origin.cards import COMMUNICATION, COOPERATION, SYMBIOSIS, TREMATODE, Trait
from rules_core.origin.events import Cause, Event, Source
from rules_core.origin.food import can_receive, give
from rules_core.origin.state import GameState, Link, PairFrame, Player, Trigger
from rules_core.origin.traits import communication, cooperation, immunity

PAIRED = frozenset({COMMUNICATION, COOPERATION, SYMBIOSIS, TREMATODE})
#: What each paired trait that gives food is set off by, and where its token comes from.
SET_OFF_BY: dict[Trait, frozenset[Source]] = {
    COMMUNICATION: communication.SET_OFF_BY,
    COOPERATION: cooperation.SET_OFF_BY,
}
GIVES: dict[Trait, Source] = {COMMUNICATION: communication.GIVES, COOPERATION: cooperation.GIVES}
KIND = "pair_order"


def misfit(player: Player, trait: Trait, first: int, second: int) -> str | None:
    """Why a paired trait may not join these two animals of ``player`` (a refusal code), or None."""
    one, two = player.animal(first), player.animal(second)
    if one is None or two is None:
        return "not_your_animal"
    if immunity.forbids(one, trait) or immunity.forbids(two, trait):
        return "immune"
    if first == second:
        return "same_animal"
    if trait is not SYMBIOSIS and first > second:
        return "not_canonical"
    for link in player.links:
        if link.trait is trait and {link.first, link.second} == {first, second}:
            return "duplicate_pair"
    return None


def joinable(player: Player, trait: Trait) -> Iterator[tuple[int, int]]:
    """The pairs of ``player``'s animals that ``trait`` may join (the pairs ``misfit`` accepts), in table order."""
    joined = {(link.first, link.second) for link in player.links if link.trait is trait}
    ids = [a.id for a in player.animals if not immunity.forbids(a, trait)]
    for first in ids:
        for second in ids:
            if first == second or (trait is not SYMBIOSIS and first > second):
                continue
            if (first, second) not in joined and (second, first) not in joined:
                yield first, second


def _link(player: Player, card: int) -> Link | None:
    for link in player.links:
        if link.card == card:
            return link
    return None


def triggers(player: Player, animal_id: int, source: Source) -> tuple[Trigger, ...]:
    """The paired traits a token from ``source`` on ``animal_id`` sets off."""
    if not player.links:  # most players at most tokens: no generator to run
        return ()
    return tuple(
        Trigger(link.card, link.other(animal_id))
        for link in player.links
        if not link.used and link.joins(animal_id) and source in SET_OFF_BY.get(link.trait, ())
    )


def feed(
    state: GameState, seat: int, animal_id: int, *, source: Source, cause: Cause
) -> tuple[GameState, list[Event], tuple[Trigger, ...]]:
    """One token for an animal (``food.give``) and the paired traits it sets off, still to be carried out."""
    state, events = give(state, seat, animal_id, source=source, cause=cause)
    if not events:
        return state, events, ()
    return state, events, triggers(state.players[seat], animal_id, source)


def can_act(state: GameState, seat: int, trigger: Trigger) -> bool:
    player = state.players[seat]
    link = _link(player, trigger.card)
    if link is None or link.used:
        return False
    animal = player.animal(trigger.animal)
    if animal is None or not can_receive(player, animal):
        return False
    return not (GIVES[link.trait] == "food_base" and state.food_base <= 0)


def fire(state: GameState, seat: int, trigger: Trigger) -> tuple[GameState, list[Event], tuple[Trigger, ...]]:
    """One paired trait acts: its card turns sideways and the animal gets its token."""
    player = state.players[seat]
    link = _link(player, trigger.card)
    assert link is not None
    links = tuple(evolve(x, used=True) if x.card == link.card else x for x in player.links)
    state = state.with_player(evolve(player, links=links))
    cause: Cause = "communication" if link.trait is COMMUNICATION else "cooperation"
    return feed(state, seat, trigger.animal, source=GIVES[link.trait], cause=cause)


def queue(state: GameState, seat: int, pending: tuple[Trigger, ...]) -> GameState:
    """Put paired traits set off on the interrupt stack, to act before play goes on (``step`` runs them)."""
    if not pending:
        return state
    return evolve(state, interrupts=state.interrupts.push(Interrupt(seat, KIND, PairFrame(pending))))


def choices(state: GameState) -> tuple[UsePairedTrait, ...]:
    """The paired traits that may act next (the top of the stack is a ``PairFrame``)."""
    top = state.interrupts.top
    assert top is not None and isinstance(top.context, PairFrame)
    return tuple(
        UsePairedTrait(top.seat, t.card, t.animal) for t in top.context.triggers if can_act(state, top.seat, t)
    )


def _carry_out(state: GameState, trigger: Trigger) -> tuple[GameState, list[Event]]:
    top, rest = state.interrupts.pop()
    assert isinstance(top.context, PairFrame)
    state = evolve(state, interrupts=rest)
    state, events, more = fire(state, top.seat, trigger)
    pending = [t for t in top.context.triggers if t != trigger]
    pending.extend(t for t in more if t not in pending)
    return queue(state, top.seat, tuple(pending)), events


def step(state: GameState) -> tuple[GameState, list[Event]] | None:
    """The paired trait that acts by itself, or the end of a set whose cards can no longer act; None when the owner
    must choose among several."""
    options = choices(state)
    if len(options) > 1:
        return None
    if not options:
        _, rest = state.interrupts.pop()
        return evolve(state, interrupts=rest), []
    return _carry_out(state, Trigger(options[0].card, options[0].animal))


def answer(state: GameState, action: UsePairedTrait) -> tuple[GameState, list[Event]]:
    return _carry_out(state, Trigger(action.card, action.animal))
