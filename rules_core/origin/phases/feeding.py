"""The feeding phase (seed 003, "Фаза харчування"; the feeding traits in "Здібності тварин").

In rounds from the first player, clockwise, each player has one feeding turn a round. The turn's take is one of:
a red token from the food base for one of their animals (``TakeFood``), an attack of one carnivore ("Хижак": "У
цьому разі гравець не бере червону фішку з кормової бази"), or yellow tokens turned into food ("Жировий запас":
"Замість того, щоб отримати червону фішку"). The traits used in one's feeding turn, Stomper, Piracy and Hibernation,
come "замість цього або одночасно з цим" (instead of the take or with it). "якщо в кормовій базі залишилися фішки
їжі, а гравець ще має ненагодованих тварин, або тварин з незаповненим жировим запасом, він зобов'язаний брати
фішки": while the food base holds tokens and an animal of theirs may take one, the player may not pass before doing
something. A player who did something ends the turn (``EndTurn``) and comes back next round; one who passes
without doing anything takes no more turns this phase; one who can do nothing is skipped. The phase ends when every
animal is fed with its Fat Tissue full, or when nobody still in it can do anything; the food base left is
discarded. See docs/rulings.md.

Seed 001 adds two takes, Specialization ("Gracz nie bierze czerwonego znacznika ... lecz może położyć niebieski") and
a Shell taken from the table ("zamiast brać znacznik z banku żywności"), and three traits used in one's turn,
Metamorphosis, Viviparous and (Darwin's Day) Kleptoplasty. A red token taken may set off an armed Ambush
(``traits/ambush.py``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rules_core.copying import evolve, maker
from rules_core.errors import IllegalAction, Refusal
from rules_core.interrupts import Interrupt
from rules_core.origin import attack, pairs
from rules_core.origin.actions import (
    Attack,
    ConvertFat,
    EndTurn,
    FeedAction,
    GiveBirth,
    Hibernate,
    Metamorphose,
    Pass,
    Photosynthesize,
    Pirate,
    Specialize,
    Stomp,
    TakeFood,
    TakeShell,
)
from rules_core.origin.cards import (
    CARNIVORE,
    HIBERNATION,
    KLEPTOPLASTY,
    METAMORPHOSIS,
    PIRACY,
    STOMPER,
    VIVIPAROUS,
    Trait,
)
from rules_core.origin.events import Event, FeedingEnded, FeedingTurnEnded, Passed
from rules_core.origin.food import can_receive, fat_room, is_fed, takes_red
from rules_core.origin.state import FEEDING, AttackFrame, GameState, Player, TakeFrame, sideways, upright, with_turn
from rules_core.origin.traits import (
    ambush,
    fat_tissue,
    hibernation,
    kleptoplasty,
    metamorphosis,
    piracy,
    shell,
    specialization,
    stomper,
    viviparous,
)


def start(state: GameState) -> GameState:
    players = tuple(evolve(p, passed=False) for p in state.players)
    state = evolve(state, phase=FEEDING, players=players, active=None)
    # Starting "after" the seat before the first player begins the first round with the first player.
    return next_turn(state, (state.first_player - 1) % len(state.players), owned=True)


#: Traits used once a round rather than once a turn (Stomper: "у кожному раунді"); paired traits too (``Link``).
PER_ROUND = frozenset({STOMPER})


def new_round(state: GameState) -> GameState:
    """A new round of feeding: paired traits and Stomper may act again (their cards turn upright)."""
    players = [_new_round_of(player) if _marked_this_round(player) else player for player in state.players]
    # Most rounds of most games nothing lies sideways and no Anglerfish fasts: the state is kept, not copied.
    if all(map(operator.is_, players, state.players)):
        return state
    return evolve(state, players=tuple(players))


def _marked_this_round(player: Player) -> bool:
    """Something of ``player``'s that a new round undoes: a paired trait or a card of ``PER_ROUND`` used, an
    Anglerfish fasting."""
    for link in player.links:
        if link.used:
            return True
    for a in player.animals:  # noqa: SIM110 - asked of every player at every new round: no generator
        if a.fasting or sideways(a, PER_ROUND):
            return True
    return False


def _new_round_of(player: Player) -> Player:
    links = tuple(evolve(link, used=False) if link.used else link for link in player.links)
    animals = tuple(
        evolve(upright(a, PER_ROUND), fasting=False) if a.fasting else upright(a, PER_ROUND) for a in player.animals
    )
    return evolve(player, links=links, animals=animals)


def takes(state: GameState, seat: int) -> Iterator[FeedAction]:
    """The turn's possible takes: food from the food base, an attack, fat turned into food, Specialization, a
    Shell from the table."""
    return _takes(state, seat, _held(state, seat))


def _held(state: GameState, seat: int) -> set[Trait]:
    """The traits on the cards under the player's animals: a trait's uses are looked for only when it is held (asked
    at every step of feeding, where most players hold few of them). A set: a trait's hash is cheap."""
    return {t.trait for animal in state.players[seat].animals for t in animal.traits}


# The tokens listed built by their constructor called directly (``copying.maker``).
_TAKE_FOOD = maker(TakeFood)


def _takes(state: GameState, seat: int, held: set[Trait]) -> Iterator[FeedAction]:
    """:func:`takes`, the traits held found already."""
    player = state.players[seat]
    if state.food_base > 0:
        for animal in player.animals:
            if can_receive(player, animal) and takes_red(animal):
                yield _TAKE_FOOD(seat, animal.id)
    if CARNIVORE in held:  # only a carnivore attacks (``carnivore.may_attack``)
        yield from attack.candidates(state, seat)
    yield from fat_tissue.candidates(state, seat)
    if not held.isdisjoint(specialization.SPECIALIZATIONS):
        yield from specialization.candidates(state, seat)
    if state.shells:
        yield from shell.candidates(state, seat)


@dataclass(frozen=True, slots=True)
class TurnTrait:
    """A trait used in one's feeding turn, with the take or instead of it: the trait, its verb, its possible uses
    (only by an animal that holds the trait), why a use is refused, and the use itself."""

    trait: Trait
    verb: type[FeedAction]
    candidates: Callable[[GameState, int], Iterator[FeedAction]]
    refusal: Callable[[GameState, Any], Refusal | None]
    perform: Callable[[GameState, Any], tuple[GameState, list[Event]]]


#: The traits that come with the take or instead of it.
TURN_TRAITS = (
    TurnTrait(STOMPER, Stomp, stomper.candidates, stomper.refusal, stomper.stomp),
    TurnTrait(PIRACY, Pirate, piracy.candidates, piracy.refusal, piracy.pirate),
    TurnTrait(HIBERNATION, Hibernate, hibernation.candidates, hibernation.refusal, hibernation.hibernate),
    TurnTrait(METAMORPHOSIS, Metamorphose, metamorphosis.candidates, metamorphosis.refusal, metamorphosis.metamorphose),
    TurnTrait(VIVIPAROUS, GiveBirth, viviparous.candidates, viviparous.refusal, viviparous.give_birth),
    TurnTrait(
        KLEPTOPLASTY, Photosynthesize, kleptoplasty.candidates, kleptoplasty.refusal, kleptoplasty.photosynthesize
    ),
)
_TURN_TRAIT = {t.verb: t for t in TURN_TRAITS}


def _traits(state: GameState, seat: int, held: set[Trait]) -> Iterator[FeedAction]:
    """The traits that may come with the take or instead of it, of those the player holds (``held``)."""
    for trait in TURN_TRAITS:
        if trait.trait in held:
            yield from trait.candidates(state, seat)


def options(state: GameState, seat: int, *, took: bool) -> Iterator[FeedAction]:
    """What ``seat`` may still do in a feeding turn (after its take when ``took``), besides ending it."""
    held = _held(state, seat)
    if not took:
        yield from _takes(state, seat, held)
    yield from _traits(state, seat, held)


def must_take(state: GameState, seat: int) -> bool:
    """The player has done nothing yet this turn, and the food base holds a token one of their animals may take."""
    if state.acted or state.food_base <= 0:
        return False
    player = state.players[seat]
    return any(can_receive(player, a) and takes_red(a) for a in player.animals)


def candidates(state: GameState, seat: int) -> tuple[FeedAction, ...]:
    held, listed = _opened[0]
    found = listed if state is held and seat == state.active else tuple(options(state, seat, took=state.took))
    if state.acted:
        return (*found, EndTurn(seat))
    # Before the player has done anything (so before any take), ``must_take`` holds exactly when the takes listed
    # include a red token: the listing tells, without a second look at every animal.
    for action in found:
        if type(action) is TakeFood:
            return found
    return (*found, Pass(seat))


def refusal(state: GameState, action: FeedAction) -> Refusal | None:
    seat = action.seat
    if isinstance(action, Pass):
        if state.acted:
            return IllegalAction("you have done something this turn: end the turn instead", code="end_turn")
        if must_take(state, seat):
            return IllegalAction("an animal of yours may still take food: you must take it", code="must_take")
        return None
    if isinstance(action, EndTurn):
        if not state.acted:
            return IllegalAction("do something first, or pass", code="nothing_done")
        return None
    if isinstance(action, TakeFood | Attack | ConvertFat | Specialize | TakeShell) and state.took:
        return IllegalAction("you have had this turn's take", code="took")
    if isinstance(action, TakeFood):
        player = state.players[seat]
        animal = player.animal(action.animal)
        if animal is None:
            return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.animal)
        if state.food_base <= 0:
            return IllegalAction("the food base is empty", code="food_base_empty")
        if not can_receive(player, animal) or not takes_red(animal):
            return IllegalAction("that animal may take no food now", code="cannot_eat", animal=action.animal)
        return None
    if isinstance(action, Attack):
        return attack.attack_refusal(state, action)
    if isinstance(action, ConvertFat):
        return fat_tissue.refusal(state, action)
    if isinstance(action, Specialize):
        return specialization.refusal(state, action)
    if isinstance(action, TakeShell):
        return shell.refusal(state, action)
    return _TURN_TRAIT[type(action)].refusal(state, action)


def perform(state: GameState, action: FeedAction) -> tuple[GameState, list[Event]]:
    seat = action.seat
    if isinstance(action, Pass):
        state = state.with_player(evolve(state.players[seat], passed=True))
        return next_turn(state, seat, owned=True), [Passed(seat, "feeding")]
    if isinstance(action, EndTurn):
        return next_turn(state, seat), [FeedingTurnEnded(seat)]
    if isinstance(action, Attack):
        return attack.begin(state, action)
    if isinstance(action, TakeFood):
        for hunter_seat, hunter in ambush.ambushers(state, seat):
            owner, target = state.players[seat], state.animal(action.animal)
            if attack.open_to(state.players[hunter_seat], state.animal(hunter), owner, target):
                # The token waits under the ambush: it reaches the animal if the animal lives.
                held = state.interrupts.push(Interrupt(seat, TAKE_KIND, TakeFrame(seat, action.animal)))
                state = ambush.lie_in_wait(evolve(state, interrupts=held, took=True, acted=True), hunter)
                return attack.strike(
                    state, AttackFrame(hunter_seat, hunter, action.animal, True, action.animal, ambush=True)
                )
        fed, events = feed_from_base(state, seat, action.animal)
        return with_turn(fed, fed is not state, True, True, state.active), events
    if isinstance(action, ConvertFat):
        return fat_tissue.convert(evolve(state, took=True, acted=True), action)
    if isinstance(action, Specialize):
        return specialization.specialize(evolve(state, took=True, acted=True), action)
    if isinstance(action, TakeShell):
        return shell.take(evolve(state, took=True, acted=True), action)
    return _TURN_TRAIT[type(action)].perform(evolve(state, acted=True), action)


#: The kind of the frame that holds a take back while an ambush is fought out; never asked (``resume_take``).
TAKE_KIND = "take"


def feed_from_base(state: GameState, seat: int, animal: int) -> tuple[GameState, list[Event]]:
    """A red token from the food base for the animal, and the paired traits it sets off."""
    state, events, pending = pairs.feed(state, seat, animal, source="food_base", cause="food_base")
    return pairs.queue(state, seat, pending), events


def resume_take(state: GameState) -> tuple[GameState, list[Event]]:
    """The ambush is over: the held token reaches the animal if it lives and may still take it."""
    top, rest = state.interrupts.pop()
    assert isinstance(top.context, TakeFrame)
    state = evolve(state, interrupts=rest)
    held = top.context
    animal = state.find(held.animal)
    if animal is None or state.food_base <= 0 or not takes_red(animal):
        return state, []
    return feed_from_base(state, held.seat, held.animal)


# The last state in which ``next_turn`` opened a turn, with what its player may do there (``options``, listed whole to
# find that they may do something): the phase was not over and that player can do something, as ``next_turn`` found.
# The engine's next step asks both again of that very state (``sated``, ``turn_over``), and the listing of that
# player's actions lists their options again: all three answer without looking at the table again. One entry,
# replaced at each turn opened; the state is immutable, so what was found stays true of it.
_opened: list[tuple[GameState | None, tuple[FeedAction, ...]]] = [(None, ())]


def sated(state: GameState) -> bool:
    """Every animal in play is fed, with its Fat Tissue full (or asleep): the phase is over."""
    if state is _opened[0][0]:
        return False
    # Plain loops: asked after every feeding move, where ``all`` over generators cost a tenth more.
    for player in state.players:
        for a in player.animals:
            if not is_fed(a) or (not a.hibernating and fat_room(a) > 0):
                return False
    return True


def next_turn(state: GameState, after: int, *, owned: bool = False) -> GameState:
    """The next player clockwise after ``after`` (ending with ``after`` itself) who is still in the phase and can do
    something; ``active`` None when there is none. Going past the last seat of the round starts a new round. The turn
    is written into ``state`` itself when it is ``owned`` (``state.with_turn``)."""
    if sated(state):
        return with_turn(state, owned, False, False, None)
    return next_turn_unsated(state, after, owned=owned)


def next_turn_unsated(state: GameState, after: int, *, owned: bool = False) -> GameState:
    """:func:`next_turn` of a state already found not ``sated``: the engine's step asks that first, and every animal
    would be looked at again."""
    n = len(state.players)
    # What a player may do does not depend on whose turn it is or what was done in it: the new turn is written into
    # the state once, with the seat found.
    position = (after - state.first_player) % n
    turned = False
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not turned and (seat - state.first_player) % n <= position:
            rounded, turned = new_round(state), True
            owned, state = owned or rounded is not state, rounded
        if not state.players[seat].passed:
            listed = tuple(options(state, seat, took=False))
            if listed:
                opened = with_turn(state, owned, False, False, seat)
                _opened[0] = (opened, listed)
                return opened
    return with_turn(state, owned, False, False, None)


def turn_over(state: GameState) -> bool:
    """The active player can do nothing more in this turn."""
    if state is _opened[0][0]:
        return False
    return state.active is not None and next(options(state, state.active, took=state.took), None) is None


def end(state: GameState) -> tuple[GameState, list[Event]]:
    """The phase is over: the red tokens left in the food base are discarded."""
    left = state.food_base
    return evolve(state, food_base=0, active=None, took=False, acted=False), [FeedingEnded(left)]
