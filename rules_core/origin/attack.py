"""May this carnivore attack that animal, and if not, which trait stops it? And the attack itself.

Seed 003, "Хижак": in its owner's feeding turn a carnivore may attack "будь-яку тварину, яка не захищена
відповідними здібностями, в тому числі власну тварину гравця чи навіть іншого хижака" (any animal not protected by
the right traits, its owner's own or another carnivore included). Swimming, Big, Camouflage (against a carnivore
without Sharp Vision), Burrowing (once fed) and Symbiosis protect (``GUARDS``).

The attack stops the attacker's turn while the defender answers (an :class:`~rules_core.origin.state.AttackFrame`
on the interrupt stack, a ``defend`` decision of the attacked animal's owner). "Якщо тварина має кілька здібностей,
які спрацьовують одночасно, гравець сам вирішує, у якій послідовності він буде їх використовувати": the defender
chooses the order of Running (a die roll), Mimicry (which animal takes the attack) and Tail Loss (which trait goes);
Running and Mimicry may not be refused, so the animal may be given up (``Yield``) only once neither is left. An
answer that is the only one possible is made at once. If the prey is eaten, it goes to the discard pile with its
traits and the paired traits joining it; the carnivore gets two blue tokens; a Poisonous prey poisons it; one
Scavenger gets a blue token.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.interrupts import Interrupt
from rules_core.origin import pairs
from rules_core.origin.actions import Attack, DefendAction, DropTrait, Mimic, Run, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import (
    AnimalAttacked,
    AnimalEaten,
    AttackRedirected,
    CarnivorePoisoned,
    Event,
    RunningRolled,
)
from rules_core.origin.phases.extinction import discard_animal
from rules_core.origin.state import Animal, AttackFrame, GameState, Player, Trigger, mark_used
from rules_core.origin.traits import (
    big,
    burrowing,
    camouflage,
    carnivore,
    mimicry,
    poisonous,
    running,
    scavenger,
    swimming,
    symbiosis,
    tail_loss,
)

KIND = "defend"


#: The traits that keep a carnivore away, each with its rule ``protects(target's owner, carnivore, target)``. An
#: expansion adds its own (Shell), or lets a carnivore ignore one of them (Intellect: see ``obstacles``).
GUARDS: tuple[tuple[Trait, Callable[[Player, Animal, Animal], bool]], ...] = (
    (Trait.SWIMMING, swimming.protects),
    (Trait.BIG, big.protects),
    (Trait.CAMOUFLAGE, camouflage.protects),
    (Trait.BURROWING, burrowing.protects),
    (Trait.SYMBIOSIS, symbiosis.protects),
)


def obstacles(owner: Player, hunter: Animal, target: Animal) -> tuple[Trait, ...]:
    """Every trait that keeps ``hunter`` from attacking ``target`` (of ``owner``)."""
    return tuple(trait for trait, protects in GUARDS if protects(owner, hunter, target))


def open_to(owner: Player, hunter: Animal, target: Animal) -> bool:
    """Nothing keeps ``hunter`` from attacking ``target`` (of ``owner``); ``obstacles`` without naming them."""
    for _, protects in GUARDS:  # noqa: SIM110 - a plain loop is measurably faster on this hot path
        if protects(owner, hunter, target):
            return False
    return True


def candidates(state: GameState, seat: int) -> Iterator[Attack]:
    player = state.players[seat]
    for hunter in player.animals:
        if not carnivore.may_attack(player, hunter):
            continue
        for owner in state.players:
            for target in owner.animals:
                if target.id != hunter.id and open_to(owner, hunter, target):
                    yield Attack(seat, hunter.id, target.id)


def attack_refusal(state: GameState, action: Attack) -> Refusal | None:
    player = state.players[action.seat]
    hunter = player.animal(action.carnivore)
    if hunter is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.carnivore)
    if not hunter.has(Trait.CARNIVORE):
        return IllegalAction("only a carnivore attacks", code="not_carnivore", animal=hunter.id)
    card = hunter.trait_card(Trait.CARNIVORE)
    if card is not None and card.used:
        return IllegalAction("that carnivore has attacked this turn", code="trait_used", trait=Trait.CARNIVORE.value)
    if not carnivore.may_attack(player, hunter):
        return IllegalAction("that carnivore could take no more food", code="carnivore_full", animal=hunter.id)
    if action.target == hunter.id:
        return IllegalAction("a carnivore cannot attack itself", code="self_attack")
    target = state.find(action.target)
    if target is None:
        return IllegalAction("there is no such animal in play", code="no_such_animal", animal=action.target)
    owner = state.players[state.locate(target.id)[0]]
    stops = obstacles(owner, hunter, target)
    if stops:
        return IllegalAction(
            f"that animal may not be attacked because of {stops[0].value.replace('_', ' ')}",
            code="attack_blocked",
            reason=stops[0].value,
        )
    return None


def begin(state: GameState, action: Attack) -> tuple[GameState, list[Event]]:
    """The attack is declared: the carnivore's card turns sideways and the defender is asked (``step`` answers by
    itself when there is only one answer)."""
    hunter = mark_used(state.animal(action.carnivore), Trait.CARNIVORE)
    state = evolve(state.with_animal(hunter), took=True, acted=True)
    state, frame = _aim(state, action.seat, action.carnivore, action.target)
    target_seat = state.locate(action.target)[0]
    state = evolve(state, interrupts=state.interrupts.push(Interrupt(target_seat, KIND, frame)))
    return state, [AnimalAttacked(action.seat, action.carnivore, target_seat, action.target)]


def _aim(state: GameState, attacker: int, hunter: int, target_id: int) -> tuple[GameState, AttackFrame]:
    """Point the attack at ``target_id``, which is now attacked this turn (Mimicry looks at that)."""
    target = state.animal(target_id)
    state = state.with_animal(evolve(target, attacked=True))
    return state, AttackFrame(attacker, hunter, target_id, first=not target.attacked)


def _frame(state: GameState) -> AttackFrame:
    top = state.interrupts.top
    assert top is not None and isinstance(top.context, AttackFrame)
    return top.context


def answers(state: GameState) -> tuple[DefendAction, ...]:
    """The defender's possible answers to the attack on top of the stack."""
    frame = _frame(state)
    seat, _ = state.locate(frame.target)
    owner = state.players[seat]
    target = owner.animal(frame.target)
    assert target is not None
    out: list[DefendAction] = []
    runs = running.may_run(target, ran=frame.ran)
    if runs:
        out.append(Run(seat))
    redirects = _redirects(state, frame, owner, target)
    out.extend(Mimic(seat, animal) for animal in redirects)
    out.extend(DropTrait(seat, card) for card in tail_loss.droppable(owner, target))
    if not runs and not redirects:
        out.append(Yield(seat))
    return tuple(out)


def _redirects(state: GameState, frame: AttackFrame, owner: Player, target: Animal) -> tuple[int, ...]:
    """The animals Mimicry may move the attack to: the owner's others that the carnivore may attack."""
    if not mimicry.works(target, first=frame.first):
        return ()
    hunter = state.animal(frame.carnivore)
    return tuple(
        a.id for a in owner.animals if a.id not in (target.id, hunter.id) and open_to(owner, hunter, a)
    )


_WRONG_ANSWER = {
    Run: ("that animal cannot run now", "no_running"),
    Mimic: ("Mimicry cannot move the attack there", "no_mimicry"),
    DropTrait: ("Tail Loss cannot discard that", "no_tail_loss"),
    Yield: ("the animal must still use Running or Mimicry", "must_defend"),
}


def defence_refusal(state: GameState, action: DefendAction) -> Refusal | None:
    if action in answers(state):
        return None
    message, code = _WRONG_ANSWER[type(action)]
    return IllegalAction(message, code=code)


def step(state: GameState) -> tuple[GameState, list[Event]] | None:
    """The defender's only possible answer, made at once; None when they have a choice."""
    options = answers(state)
    return answer(state, options[0]) if len(options) == 1 else None


def answer(state: GameState, action: DefendAction) -> tuple[GameState, list[Event]]:
    frame = _frame(state)
    _, rest = state.interrupts.pop()
    seat = action.seat
    if isinstance(action, Run):
        (roll,), rng = state.rng.roll(1)
        state = evolve(state, rng=rng)
        escaped = running.escapes(roll)
        events: list[Event] = [RunningRolled(seat, frame.target, roll, escaped)]
        if escaped:
            return evolve(state, interrupts=rest), events
        return _ask(evolve(state, interrupts=rest), seat, evolve(frame, ran=True)), events
    if isinstance(action, Mimic):
        state, moved = _aim(evolve(state, interrupts=rest), frame.attacker, frame.carnivore, action.animal)
        return _ask(state, seat, moved), [AttackRedirected(seat, frame.target, action.animal)]
    state = evolve(state, interrupts=rest)
    if isinstance(action, DropTrait):
        state, events = tail_loss.drop(state, seat, frame.target, action.card)
        state, more, pending = pairs.feed(state, frame.attacker, frame.carnivore, source="supply", cause="tail_loss")
        return pairs.queue(state, frame.attacker, pending), events + more
    return eat(state, frame)


def _ask(state: GameState, seat: int, frame: AttackFrame) -> GameState:
    return evolve(state, interrupts=state.interrupts.push(Interrupt(seat, KIND, frame)))


def eat(state: GameState, frame: AttackFrame) -> tuple[GameState, list[Event]]:
    """The prey is eaten: discarded with its traits, the carnivore fed (and poisoned by a Poisonous prey), one
    Scavenger fed; then the paired traits those tokens set off act, the attacker's first."""
    prey_seat, _ = state.locate(frame.target)
    prey = state.animal(frame.target)
    state, discarded = discard_animal(state, frame.target)
    events: list[Event] = [
        AnimalEaten(frame.attacker, frame.carnivore, prey_seat, frame.target, discarded, prey.food, prey.fat)
    ]
    if poisonous.poisons(prey):
        state = state.with_animal(evolve(state.animal(frame.carnivore), poisoned=True))
        events.append(CarnivorePoisoned(frame.attacker, frame.carnivore))
    pending: list[Trigger] = []
    for _ in range(carnivore.MEAL):
        state, more, set_off = pairs.feed(state, frame.attacker, frame.carnivore, source="supply", cause="attack")
        events.extend(more)
        pending.extend(t for t in set_off if t not in pending)
    found = scavenger.eater(state, frame.attacker)
    if found is not None:
        seat, animal = found
        state, more, set_off = pairs.feed(state, seat, animal, source="supply", cause="scavenger")
        events.extend(more)
        if seat == frame.attacker:
            pending.extend(t for t in set_off if t not in pending)
        else:
            state = pairs.queue(state, seat, set_off)
    return pairs.queue(state, frame.attacker, tuple(pending)), events
