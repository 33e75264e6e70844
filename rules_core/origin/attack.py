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

Seed 001 adds guards (Flight, an animal hidden in its Shell), answers (``Hide`` in the Shell, ``ReleaseInk``), a
carnivore's Intellect that ignores the prey's traits, pack hunts (``traits/pack.py``), attacks from ambush
(``traits/ambush.py``) and the Anglerfish that strikes back (``traits/anglerfish.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from rules_core.copying import evolve, maker
from rules_core.errors import IllegalAction, Refusal
from rules_core.interrupts import Interrupt
from rules_core.origin import pairs
from rules_core.origin.actions import (
    Attack,
    DefendAction,
    DropTrait,
    Hide,
    IgnoreTrait,
    JoinPack,
    Mimic,
    ReleaseInk,
    Run,
    Yield,
)
from rules_core.origin.cards import BIG, BURROWING, CAMOUFLAGE, CARNIVORE, FLIGHT, SHELL, SWIMMING, SYMBIOSIS, Trait
from rules_core.origin.events import (
    AnglerfishRevealed,
    AnimalAttacked,
    AnimalEaten,
    AnimalHid,
    AttackRedirected,
    CarnivorePoisoned,
    Event,
    InkReleased,
    PackAnswered,
    RunningRolled,
)
from rules_core.origin.phases.extinction import discard_animal
from rules_core.origin.state import (
    AnglerfishFrame,
    Animal,
    AttackFrame,
    GameState,
    Link,
    PackFrame,
    Player,
    TraitCard,
    Trigger,
    mark_used,
    ready,
    with_turn,
)
from rules_core.origin.traits import (
    anglerfish,
    big,
    burrowing,
    camouflage,
    carnivore,
    flight,
    ink_cloud,
    intellect,
    mimicry,
    pack,
    poisonous,
    running,
    scavenger,
    shell,
    swimming,
    symbiosis,
    tail_loss,
)

KIND = "defend"

Guard = Callable[[Player, Animal, Player, Animal], bool]


class GuardRule(Protocol):
    """A guard's module: its rule ``protects(hunter's owner, hunter, target's owner, target)``, and what the rule
    looks at. It may keep a carnivore away only from a prey that bears a trait of ``ON_PREY`` (a card under it, or a
    paired trait of its owner's) or when the carnivore has a card of ``ON_HUNTER``; ``ON_PREY`` None when it looks
    at more than cards, so that it is asked of every prey."""

    @property
    def ON_PREY(self) -> tuple[Trait, ...] | None: ...

    @property
    def ON_HUNTER(self) -> tuple[Trait, ...]: ...

    def protects(self, hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool: ...


#: The traits that keep a carnivore away, each with its module (``GuardRule``). Intellect lets a carnivore ignore one
#: of them (``obstacles``).
GUARD_RULES: tuple[tuple[Trait, GuardRule], ...] = (
    (SWIMMING, swimming),
    (BIG, big),
    (CAMOUFLAGE, camouflage),
    (BURROWING, burrowing),
    (SYMBIOSIS, symbiosis),
    (FLIGHT, flight),
    (SHELL, shell),
)
GUARDS: tuple[tuple[Trait, Guard], ...] = tuple((trait, rule.protects) for trait, rule in GUARD_RULES)
#: In a pack hunt a guard keeps the pack away only if it keeps both hunters away, except these: either hunter is
#: enough ("musimy mieć dwa pływające zwierzęta z cechą wataha").
BOTH_MUST_PASS = frozenset({SWIMMING})
Hunter = tuple[Player, Animal]


def _watching(looks_at: Callable[[GuardRule], tuple[Trait, ...] | None]) -> dict[Trait, tuple[Guard, ...]]:
    """The traits some guard looks at (by ``looks_at``), each with the guards that look at it."""
    traits = dict.fromkeys(t for _, rule in GUARD_RULES for t in looks_at(rule) or ())
    return {t: tuple(r.protects for _, r in GUARD_RULES if t in (looks_at(r) or ())) for t in traits}


# ``open_to`` asks only the guards that may matter: those that look at more than cards, and those that look at a
# trait the prey bears or the carnivore has.
_ALWAYS = tuple(rule.protects for _, rule in GUARD_RULES if rule.ON_PREY is None)
_PREY_GUARDS = _watching(lambda rule: rule.ON_PREY)
_HUNTER_GUARDS = _watching(lambda rule: rule.ON_HUNTER)


def obstacles(hunters: tuple[Hunter, ...], owner: Player, target: Animal) -> tuple[Trait, ...]:
    """Every trait that keeps the hunters (one carnivore, or a pack) from attacking ``target`` (of ``owner``)."""
    out = []
    for trait, protects in GUARDS:
        held = [protects(h_owner, hunter, owner, target) for h_owner, hunter in hunters]
        if any(held) if trait in BOTH_MUST_PASS else all(held):
            out.append(trait)
    return tuple(out)


def _any_protects(
    guards: tuple[Guard, ...], hunter_owner: Player, hunter: Animal, owner: Player, target: Animal
) -> bool:
    for protects in guards:  # noqa: SIM110 - a plain loop is measurably faster on this hot path
        if protects(hunter_owner, hunter, owner, target):
            return True
    return False


def _borne_protects(
    borne: tuple[TraitCard, ...] | tuple[Link, ...],
    guards_of: dict[Trait, tuple[Guard, ...]],
    hunter_owner: Player,
    hunter: Animal,
    owner: Player,
    target: Animal,
) -> bool:
    """Some guard that looks at a trait of ``borne`` (cards or paired traits) keeps ``hunter`` from ``target``."""
    for item in borne:
        if item.trait in guards_of and _any_protects(guards_of[item.trait], hunter_owner, hunter, owner, target):
            return True
    return False


def open_to(hunter_owner: Player, hunter: Animal, owner: Player, target: Animal) -> bool:
    """Nothing keeps ``hunter`` from attacking ``target`` (of ``owner``); ``obstacles`` without naming them. Asked
    of every carnivore and prey at every feeding listing, where most prey bear no trait a guard looks at."""
    if _any_protects(_ALWAYS, hunter_owner, hunter, owner, target):
        return False
    # The prey's cards and its owner's paired traits (both ``.trait``), then the carnivore's cards; no call for none
    # (most prey bear few cards, most owners no paired trait).
    return not (
        (target.traits and _borne_protects(target.traits, _PREY_GUARDS, hunter_owner, hunter, owner, target))
        or (owner.links and _borne_protects(owner.links, _PREY_GUARDS, hunter_owner, hunter, owner, target))
        or _borne_protects(hunter.traits, _HUNTER_GUARDS, hunter_owner, hunter, owner, target)
    )


def _ignore_sets(
    hunters: tuple[Hunter, ...], thinking: int, owner: Player, target: Animal
) -> Iterator[tuple[Trait, ...]]:
    """The sets of the prey's traits the hunters, with ``thinking`` traits they may ignore (``intellect.thinkers``),
    may ignore in an attack on ``target``; none when they may not attack it."""
    yield from intellect.choices(thinking, owner, target, obstacles(hunters, owner, target))


def _teams(state: GameState, seat: int, hunter: Animal) -> Iterator[tuple[Hunter, ...]]:
    """The carnivore alone, then with each carnivore that may help it hunt in a pack."""
    player = state.players[seat]
    yield ((player, hunter),)
    if pack.hunts(hunter):
        for helper_seat, helper in pack.helpers(state, hunter.id):
            yield ((player, hunter), (state.players[helper_seat], helper))


# Attacks listed built by their constructor called directly (``copying.maker``): a listing may hold many.
_ATTACK = maker(Attack)


def candidates(state: GameState, seat: int) -> Iterator[Attack]:
    player = state.players[seat]
    for hunter in player.animals:
        if not carnivore.may_attack(player, hunter):
            continue
        for team in _teams(state, seat, hunter):
            helper = team[1][1].id if len(team) > 1 else None
            # What the hunters may ignore is theirs, whatever the prey: counted once for the whole table.
            thinking = intellect.thinkers(*(animal for _, animal in team))
            alone = not thinking and helper is None  # the common case: nothing to ignore, one ``open_to`` a prey
            for owner in state.players:
                for target in owner.animals:
                    if target.id == hunter.id or target.id == helper:
                        continue
                    if alone:
                        if open_to(player, hunter, owner, target):
                            yield _ATTACK(seat, hunter.id, target.id, (), None)
                        continue
                    for ignore in _ignore_sets(team, thinking, owner, target):
                        yield _ATTACK(seat, hunter.id, target.id, ignore, helper)


def attack_refusal(state: GameState, action: Attack) -> Refusal | None:
    player = state.players[action.seat]
    hunter = player.animal(action.carnivore)
    if hunter is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.carnivore)
    if not hunter.has(CARNIVORE):
        return IllegalAction("only a carnivore attacks", code="not_carnivore", animal=hunter.id)
    card = hunter.trait_card(CARNIVORE)
    if card is not None and card.used:
        return IllegalAction("that carnivore has attacked this turn", code="trait_used", trait=CARNIVORE.value)
    if not carnivore.may_attack(player, hunter):
        return IllegalAction("that carnivore could take no more food", code="carnivore_full", animal=hunter.id)
    if action.target == hunter.id:
        return IllegalAction("a carnivore cannot attack itself", code="self_attack")
    team: tuple[Hunter, ...] = ((player, hunter),)
    if action.helper is not None:
        found = state.find(action.helper)
        if not pack.hunts(hunter) or found is None or found.id == hunter.id or not pack.hunts(found):
            return IllegalAction("only two carnivores with Pack hunt together", code="no_pack", animal=action.helper)
        if action.target == found.id:
            return IllegalAction("a carnivore cannot attack itself", code="self_attack")
        team = (*team, (state.players[state.locate(found.id)[0]], found))
    target = state.find(action.target)
    if target is None:
        return IllegalAction("there is no such animal in play", code="no_such_animal", animal=action.target)
    owner = state.players[state.locate(target.id)[0]]
    thinking = intellect.thinkers(*(animal for _, animal in team))
    if action.ignore in set(_ignore_sets(team, thinking, owner, target)):
        return None
    stops = obstacles(team, owner, target)
    if stops and not action.ignore:
        return IllegalAction(
            f"that animal may not be attacked because of {stops[0].value.replace('_', ' ')}",
            code="attack_blocked",
            reason=stops[0].value,
        )
    return IllegalAction("the hunters' Intellect cannot ignore those traits", code="bad_ignore")


def _think(state: GameState, hunters: tuple[int, ...], count: int) -> GameState:
    """The first ``count`` unused Intellect cards of the hunters turn sideways."""
    for hunter in hunters:
        animal = state.animal(hunter)
        if count and ready(animal, intellect.TRAIT):
            state = state.with_animal(mark_used(animal, intellect.TRAIT))
            count -= 1
    return state


def begin(state: GameState, action: Attack) -> tuple[GameState, list[Event]]:
    """The attack is declared: the carnivore's card turns sideways (and the Intellect cards it uses); a rival's
    helper is asked first; then ``strike``."""
    hunter = mark_used(state.animal(action.carnivore), CARNIVORE)
    state = with_turn(state.with_animal(hunter, seat=action.seat), True, True, True, state.active)  # a new state
    team = (action.carnivore,) if action.helper is None else (action.carnivore, action.helper)
    state = _think(state, team, len(action.ignore))
    hunt = AttackFrame(
        action.seat, action.carnivore, action.target, True, action.target, ignore=action.ignore, helper=action.helper
    )
    if action.helper is not None:
        helper_seat = state.locate(action.helper)[0]
        if helper_seat != action.seat:
            asked = state.interrupts.push(Interrupt(helper_seat, pack.KIND, PackFrame(hunt)))
            return evolve(state, interrupts=asked), []
    return strike(state, hunt)


def pack_answer(state: GameState, action: JoinPack) -> tuple[GameState, list[Event]]:
    hunt = pack.frame(state).hunt
    _, rest = state.interrupts.pop()
    state = evolve(state, interrupts=rest)
    assert hunt.helper is not None
    events: list[Event] = [PackAnswered(action.seat, hunt.helper, hunt.attacker, hunt.carnivore, action.consent)]
    if not action.consent:
        return state, events
    state, more = strike(state, hunt)
    return state, events + more


def strike(state: GameState, hunt: AttackFrame) -> tuple[GameState, list[Event]]:
    """The hunters fall on the prey: an Anglerfish may strike back; else its owner is asked to defend."""
    target_seat = state.locate(hunt.target)[0]
    target = state.animal(hunt.target)
    events: list[Event] = [
        AnimalAttacked(hunt.attacker, hunt.carnivore, target_seat, hunt.target, hunt.ignored, hunt.helper, hunt.ambush)
    ]
    if hunt.helper is not None and target.has(shell.TRAIT):
        # "Drapieżnik, który zaatakował zwierzę z cechą muszla ... nie może ponownie atakować".
        helping = state.animal(hunt.helper)
        if ready(helping, CARNIVORE):
            state = state.with_animal(mark_used(helping, CARNIVORE))
    fish = anglerfish.responder(state, target_seat, target, hunt.attacker)
    if fish is not None:
        state, more = _strike_back(state, target_seat, fish, hunt)
        return state, events + more
    state, frame = _aim(state, hunt, hunt.target)
    return evolve(state, interrupts=state.interrupts.push(Interrupt(target_seat, KIND, frame))), events


def _strike_back(state: GameState, seat: int, fish: int, hunt: AttackFrame) -> tuple[GameState, list[Event]]:
    """The Anglerfish turns face up and attacks the carnivore, which gets nothing from its own attack; its owner
    chooses which of the carnivore's traits it ignores when there is a choice."""
    card = state.animal(fish).card
    state = anglerfish.reveal(state, fish)
    events: list[Event] = [AnglerfishRevealed(seat, fish, card, hunt.attacker, hunt.carnivore)]
    ignorable = _ignorable(state, seat, fish, hunt.carnivore)
    if ignorable is None:
        return state, events  # nothing it may ignore lets it reach the carnivore
    if len(ignorable) > 1:
        asked = state.interrupts.push(Interrupt(seat, anglerfish.KIND, AnglerfishFrame(fish, hunt.carnivore)))
        return evolve(state, interrupts=asked), events
    state, more = _lunge(state, seat, fish, hunt.carnivore, ignorable)
    return state, events + more


def _ignorable(state: GameState, seat: int, fish: int, carnivore: int) -> tuple[Trait, ...] | None:
    """The traits of ``carnivore`` the Anglerfish ``fish`` (of ``seat``) may ignore (none when none matters), or
    None when it cannot reach the carnivore."""
    owner = state.players[state.locate(carnivore)[0]]
    prey = state.animal(carnivore)
    stops = obstacles(((state.players[seat], state.animal(fish)),), owner, prey)
    offered = anglerfish.choices(stops, owner, prey)
    return None if stops and not offered else offered


def _lunge(
    state: GameState, seat: int, fish: int, carnivore: int, ignore: tuple[Trait, ...]
) -> tuple[GameState, list[Event]]:
    return strike(state, AttackFrame(seat, fish, carnivore, True, carnivore, ignore=ignore))


def anglerfish_answers(state: GameState) -> tuple[IgnoreTrait, ...]:
    """The traits of the carnivore the owner of the Anglerfish on top of the stack may have it ignore."""
    top = state.interrupts.top
    assert top is not None
    asked = anglerfish.frame(state)
    return tuple(IgnoreTrait(top.seat, t) for t in _ignorable(state, top.seat, asked.anglerfish, asked.carnivore) or ())


def anglerfish_answer(state: GameState, action: IgnoreTrait) -> tuple[GameState, list[Event]]:
    """The Anglerfish strikes, ignoring the trait its owner chose."""
    asked = anglerfish.frame(state)
    _, rest = state.interrupts.pop()
    return _lunge(evolve(state, interrupts=rest), action.seat, asked.anglerfish, asked.carnivore, (action.trait,))


def _aim(state: GameState, hunt: AttackFrame, target_id: int) -> tuple[GameState, AttackFrame]:
    """Point the hunt at ``target_id``, which is now attacked this turn (Mimicry looks at that)."""
    target = state.animal(target_id)
    state = state.with_animal(evolve(target, attacked=True))
    return state, evolve(hunt, target=target_id, first=not target.attacked, ran=False)


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
    runs = running.may_run(target, ran=frame.ran) and running.TRAIT not in frame.ignored
    if runs:
        out.append(Run(seat))
    redirects = _redirects(state, frame, owner, target)
    out.extend(Mimic(seat, animal) for animal in redirects)
    if tail_loss.TRAIT not in frame.ignored:
        out.extend(DropTrait(seat, card) for card in tail_loss.droppable(owner, target))
    if shell.may_hide(target, frame):
        out.append(Hide(seat))
    if ink_cloud.may_release(target, frame):
        out.append(ReleaseInk(seat))
    if not runs and not redirects:
        out.append(Yield(seat))
    return tuple(out)


def _hunters(state: GameState, frame: AttackFrame) -> tuple[Hunter, ...]:
    ids = (frame.carnivore,) if frame.helper is None else (frame.carnivore, frame.helper)
    return tuple((state.players[state.locate(i)[0]], state.animal(i)) for i in ids)


def _redirects(state: GameState, frame: AttackFrame, owner: Player, target: Animal) -> tuple[int, ...]:
    """The animals Mimicry may move the attack to: the owner's others that the hunters may attack ("яку хижак
    здатний атакувати"), each with its own traits: what the hunters ignore is the announced animal's alone."""
    if mimicry.TRAIT in frame.ignored or not mimicry.works(target, first=frame.first):
        return ()
    hunters = _hunters(state, frame)
    busy = {hunter.id for _, hunter in hunters}
    return tuple(
        a.id
        for a in owner.animals
        if a.id != target.id and a.id not in busy and set(obstacles(hunters, owner, a)) <= set(frame.ignored_on(a.id))
    )


_WRONG_ANSWER = {
    Run: ("that animal cannot run now", "no_running"),
    Mimic: ("Mimicry cannot move the attack there", "no_mimicry"),
    DropTrait: ("Tail Loss cannot discard that", "no_tail_loss"),
    Hide: ("that animal cannot hide in a shell now", "no_shell"),
    ReleaseInk: ("that animal has no Ink Cloud to use now", "no_ink_cloud"),
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
        state, moved = _aim(evolve(state, interrupts=rest), frame, action.animal)
        return _ask(state, seat, moved), [AttackRedirected(seat, frame.target, action.animal)]
    state = evolve(state, interrupts=rest)
    if isinstance(action, Hide):
        state = state.with_animal(evolve(state.animal(frame.target), in_shell=True))
        return state, [AnimalHid(seat, frame.target)]
    if isinstance(action, ReleaseInk):
        state = state.with_animal(mark_used(state.animal(frame.target), ink_cloud.TRAIT))
        return state, [InkReleased(seat, frame.target)]
    if isinstance(action, DropTrait):
        state, events = tail_loss.drop(state, seat, frame.target, action.card)
        state, more, pending = pairs.feed(state, frame.attacker, frame.carnivore, source="supply", cause="tail_loss")
        return pairs.queue(state, frame.attacker, pending), events + more
    return eat(state, frame)


def _ask(state: GameState, seat: int, frame: AttackFrame) -> GameState:
    return evolve(state, interrupts=state.interrupts.push(Interrupt(seat, KIND, frame)))


def eat(state: GameState, frame: AttackFrame) -> tuple[GameState, list[Event]]:
    """The prey is eaten: discarded with its traits, the hunters fed (one token each in a pack, and poisoned by a
    Poisonous prey unless they ignore it), one Scavenger fed; then the paired traits those tokens set off act, the
    attacker's first."""
    prey_seat, _ = state.locate(frame.target)
    prey = state.animal(frame.target)
    state, discarded, more_events = discard_animal(state, frame.target)
    events: list[Event] = [
        AnimalEaten(frame.attacker, frame.carnivore, prey_seat, frame.target, discarded, prey.food, prey.fat),
        *more_events,
    ]
    hunters = [(frame.attacker, frame.carnivore)]
    if frame.helper is not None:
        hunters.append((state.locate(frame.helper)[0], frame.helper))
    if poisonous.poisons(prey) and poisonous.TRAIT not in frame.ignored:
        for seat, hunter in hunters:
            state = state.with_animal(evolve(state.animal(hunter), poisoned=True))
            events.append(CarnivorePoisoned(seat, hunter))
    pending: dict[int, list[Trigger]] = {}
    for token in range(carnivore.MEAL):
        # In a pack each hunter gets one token; one that can take none leaves it to the other.
        turn = hunters[token % len(hunters) :] + hunters[: token % len(hunters)]
        for seat, hunter in turn:
            state, more, set_off = pairs.feed(state, seat, hunter, source="supply", cause="attack")
            if more:
                events.extend(more)
                pending.setdefault(seat, []).extend(t for t in set_off if t not in pending.get(seat, []))
                break
    found = scavenger.eater(state, frame.attacker)
    if found is not None:
        seat, animal = found
        state, more, set_off = pairs.feed(state, seat, animal, source="supply", cause="scavenger")
        events.extend(more)
        pending.setdefault(seat, []).extend(t for t in set_off if t not in pending.get(seat, []))
    # The attacker's paired traits act first: queued last, they lie on top of the stack.
    for seat in sorted(pending, key=lambda s: s == frame.attacker):
        state = pairs.queue(state, seat, tuple(pending[seat]))
    return state, events
