"""Shell (MUSZLA), seed 001.

The seed explains the card without quoting it: an animal hidden in its shell may still turn its yellow tokens into
food ("Wyjątkiem jest zamiana żółtego znacznika tkanki tłuszczowej na niebieski znacznik żywności"); "Drapieżnik,
który zaatakował zwierzę z cechą muszla (nie ma znaczenia, czy zjadł to zwierzę, czy nie), nie może ponownie atakować
w aktualnej rundzie"; an animal attacked from ambush "nie może użyć również cechy muszla". The project reads it
(docs/rulings.md): when attacked, the owner may hide the animal in its shell (``Hide``, never compulsory, not against
an ambush): the attack fails, and for the rest of the turn no carnivore reaches the animal and it takes no token but
its own fat turned into food (``food.can_receive``). Every carnivore that attacked an animal with Shell attacks no
more this turn.

"Po śmierci zwierzęcia ... karta z cechą muszla pozostaje w grze – odkłada się ją na środek stołu. Każdy gracz może
umieścić jedno ze swoich zwierząt w muszli zamiast brać znacznik z banku żywności": a dead animal's Shell stays in the
middle of the table (``GameState.shells``), and a player may, as the turn's take, put it under an animal of theirs as
a new trait (``TakeShell``). "jako pierwszy może skorzystać z tej akcji gracz, na którego akurat przypada kolej": the
first whose feeding turn comes takes it.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.origin.actions import TakeShell
from rules_core.origin.cards import SHELL
from rules_core.origin.events import Event, ShellTaken
from rules_core.origin.state import Animal, AttackFrame, GameState, Player, TraitCard

TRAIT = SHELL

#: What ``protects`` looks at (``attack.GUARDS``): whether the prey hides in its Shell, which no card tells (it
#: stays hidden for the turn if Tail Loss then takes the card), so it is asked of every prey.
ON_PREY = None
ON_HUNTER = ()


def protects(hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool:
    return target.in_shell


def may_hide(target: Animal, frame: AttackFrame) -> bool:
    return target.has(TRAIT) and not frame.ambush and TRAIT not in frame.ignored


def candidates(state: GameState, seat: int) -> Iterator[TakeShell]:
    for card in sorted(set(state.shells)):
        for animal in state.players[seat].animals:
            if not animal.has(TRAIT):
                yield TakeShell(seat, card, animal.id)


def refusal(state: GameState, action: TakeShell) -> Refusal | None:
    if action.card not in state.shells:
        return IllegalAction("no such Shell lies on the table", code="shell_not_on_table", card=action.card)
    animal = state.players[action.seat].animal(action.animal)
    if animal is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.animal)
    if animal.has(TRAIT):
        return IllegalAction("an animal may not have the same trait twice", code="duplicate_trait", trait=TRAIT.value)
    return None


def take(state: GameState, action: TakeShell) -> tuple[GameState, list[Event]]:
    shells = list(state.shells)
    shells.remove(action.card)
    animal = state.animal(action.animal)
    state = evolve(state, shells=tuple(shells)).with_animal(
        evolve(animal, traits=(*animal.traits, TraitCard(action.card, TRAIT)))
    )
    return state, [ShellTaken(action.seat, action.animal, action.card)]
