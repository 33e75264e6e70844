"""The move made for a seat that lets its deadline pass (docs/rulings.md, "Timeouts" of the original game).

Each keeps the game moving, spends none of the silent player's cards and neither helps nor hurts the others unduly:

* development: pass (the hand is kept for later turns);
* feeding: when the rules make the player take food, a red token for their first hungry animal in table order that
  may take one (else the first with an empty Fat Tissue card); otherwise end the turn if they did something in it,
  or pass. A silent player never attacks, stomps, steals or falls asleep;
* defending (the attacked animal's owner): Running first (a free chance), then the Ink Cloud (it costs nothing
  but its use this turn), then hiding in the Shell when the animal is fed (it loses nothing), then Tail Loss
  discarding the trait worth fewest points (the lowest card id among equals), then Mimicry moving the attack to the
  animal worth fewest points (the lowest id among equals), then hiding in the Shell while hungry, else the animal is
  given up: the answer that loses least;
* the order of paired traits: the first that may act, in the order they were set off;
* asked to join a pack hunt: no (a silent player's carnivore stays out of others' hunts);
* asked which trait of a carnivore a revealed Anglerfish ignores: the first the carnivore has of Poisonous (which
  would kill the Anglerfish), Running, Ink Cloud, Shell, Tail Loss, Mimicry (which would save the carnivore).
"""

from __future__ import annotations

from rules_core.origin import attack, pairs
from rules_core.origin.actions import (
    Action,
    DropTrait,
    EndTurn,
    Hide,
    IgnoreTrait,
    JoinPack,
    Mimic,
    Pass,
    ReleaseInk,
    Run,
    TakeFood,
)
from rules_core.origin.food import EXTRA_FOOD, can_receive, is_fed, need, takes_red
from rules_core.origin.phases import feeding
from rules_core.origin.scoring import ANIMAL_POINTS
from rules_core.origin.state import AnglerfishFrame, AttackFrame, GameState, PackFrame, Phase, Player
from rules_core.origin.traits import anglerfish


def timeout_action(state: GameState, seat: int) -> Action:
    top = state.interrupts.top
    if top is not None:
        if isinstance(top.context, AttackFrame):
            return defence(state, seat)
        if isinstance(top.context, PackFrame):
            return JoinPack(seat, False)
        if isinstance(top.context, AnglerfishFrame):
            offered = tuple(a.trait for a in attack.anglerfish_answers(state))
            return IgnoreTrait(seat, anglerfish.by_default(offered))
        return pairs.choices(state)[0]
    if state.phase is Phase.DEVELOPMENT:
        return Pass(seat)
    if feeding.must_take(state, seat):
        return TakeFood(seat, _first_to_feed(state.players[seat]))
    return EndTurn(seat) if state.acted else Pass(seat)


def _first_to_feed(player: Player) -> int:
    able = [a for a in player.animals if can_receive(player, a) and takes_red(a)]
    hungry = [a for a in able if a.food < need(a)]
    return (hungry or able)[0].id


def defence(state: GameState, seat: int) -> Action:
    answers = attack.answers(state)
    player = state.players[seat]
    if Run(seat) in answers:
        return Run(seat)
    if ReleaseInk(seat) in answers:
        return ReleaseInk(seat)
    top = state.interrupts.top
    assert top is not None and isinstance(top.context, AttackFrame)
    hides = Hide(seat) in answers
    if hides and is_fed(state.animal(top.context.target)):
        return Hide(seat)
    drops = [a for a in answers if isinstance(a, DropTrait)]
    if drops:
        return min(drops, key=lambda a: (_trait_points(player, a.card), a.card))
    moves = [a for a in answers if isinstance(a, Mimic)]
    if moves:
        return min(moves, key=lambda a: (_animal_points(player, a.animal), a.animal))
    return Hide(seat) if hides else answers[0]


def _trait_points(player: Player, card: int) -> int:
    for animal in player.animals:
        for t in animal.traits:
            if t.card == card:
                return 1 + EXTRA_FOOD.get(t.trait, 0)
    return 1  # a paired trait


def _animal_points(player: Player, animal_id: int) -> int:
    animal = player.animal(animal_id)
    assert animal is not None
    links = sum(1 for link in player.links if link.joins(animal_id))
    return ANIMAL_POINTS + sum(1 + EXTRA_FOOD.get(t.trait, 0) for t in animal.traits) + links
