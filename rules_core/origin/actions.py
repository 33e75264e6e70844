"""One small frozen dataclass per verb of the original "Evolution", each carrying the acting seat.

Development (seed 003, "Фаза розвитку"): ``PlayAnimal``, ``PlayTrait``, ``PlayPairedTrait``, ``Pass``.
Feeding ("Фаза харчування"): the turn's take, one of ``TakeFood``, ``Attack`` and ``ConvertFat``; the traits that
may come instead of the take or with it, ``Stomp``, ``Pirate`` and ``Hibernate``; then ``EndTurn``, or ``Pass`` for
the rest of the phase. The defender of an attack answers with ``Run``, ``Mimic``, ``DropTrait`` or ``Yield``; the
owner of paired traits set off together says which acts next with ``UsePairedTrait``.

Seed 001's expansions add the takes ``Specialize`` and ``TakeShell``, the turn traits ``Metamorphose``,
``GiveBirth`` and ``Photosynthesize`` (Kleptoplasty), the defences ``Hide`` (Shell) and ``ReleaseInk`` (Ink Cloud),
the consent to a pack hunt ``JoinPack``, the trait a revealed Anglerfish ignores ``IgnoreTrait``, and the standing
orders ``SetAmbush`` and ``SetAnglerfish``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.copying import quick_init
from rules_core.origin.cards import Trait


@dataclass(frozen=True, slots=True)
class PlayAnimal:
    """Development: put a card from the hand face down on the table as a new animal."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class PlayTrait:
    """Development: play a card face up as ``trait`` (one of the card's traits) under an animal: one's own, or
    another player's for Parasite."""

    seat: int
    card: int
    trait: Trait
    animal: int


@dataclass(frozen=True, slots=True)
class PlayPairedTrait:
    """Development: play a paired trait between two of one's animals; for Symbiosis ``first`` is the symbiont, for
    the others ``first < second``."""

    seat: int
    card: int
    trait: Trait
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Development: play no more cards this phase. Feeding: take no more turns this phase."""

    seat: int


@dataclass(frozen=True, slots=True)
class TakeFood:
    """Feeding: take a red token from the food base for one of one's animals."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class Attack:
    """Feeding: a carnivore attacks an animal, instead of taking food; with Intellect it ignores the prey's traits
    in ``ignore`` (one per Intellect of the hunters); with Pack, ``helper`` hunts with it."""

    seat: int
    carnivore: int
    target: int
    ignore: tuple[Trait, ...] = ()
    helper: int | None = None


@dataclass(frozen=True, slots=True)
class ConvertFat:
    """Feeding: turn ``tokens`` yellow tokens of an animal's Fat Tissue into blue food, instead of taking food."""

    seat: int
    animal: int
    tokens: int


@dataclass(frozen=True, slots=True)
class Specialize:
    """Feeding, instead of taking food: an animal with Specialization A or B gets a blue token."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class TakeShell:
    """Feeding, instead of taking food: a Shell card from the middle of the table goes under one's animal."""

    seat: int
    card: int
    animal: int


@dataclass(frozen=True, slots=True)
class Metamorphose:
    """Feeding: an animal with Metamorphosis discards one of its traits (``card``) and gets a blue token."""

    seat: int
    animal: int
    card: int


@dataclass(frozen=True, slots=True)
class GiveBirth:
    """Feeding: a fed animal with Viviparous gives birth: the deck's top card becomes a new, fed animal."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class Photosynthesize:
    """Feeding: a hungry animal with Kleptoplasty gets a blue token from its stolen plastids."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class Stomp:
    """Feeding: an animal with Stomper destroys one red token of the food base."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class Pirate:
    """Feeding: an animal with Piracy takes one token from another animal that is not fed."""

    seat: int
    pirate: int
    victim: int


@dataclass(frozen=True, slots=True)
class Hibernate:
    """Feeding: an animal with Hibernation falls asleep and counts as fed this turn."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Feeding: end this feeding turn (after doing something in it); the player comes back next round."""

    seat: int


@dataclass(frozen=True, slots=True)
class Run:
    """Defence: the attacked animal's Running: roll a die, 4 to 6 escapes."""

    seat: int


@dataclass(frozen=True, slots=True)
class Mimic:
    """Defence: the attacked animal's Mimicry moves the attack to another of its owner's animals."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class DropTrait:
    """Defence: Tail Loss: discard one trait card of the attacked animal (a paired one too) and survive."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Hide:
    """Defence: the attacked animal hides in its Shell for the rest of the turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class ReleaseInk:
    """Defence: the attacked animal escapes in its Ink Cloud."""

    seat: int


@dataclass(frozen=True, slots=True)
class Yield:
    """Defence: no more defence: the attacked animal is eaten."""

    seat: int


@dataclass(frozen=True, slots=True)
class UsePairedTrait:
    """Paired traits set off together: ``card`` acts next and gives ``animal`` its token."""

    seat: int
    card: int
    animal: int


@dataclass(frozen=True, slots=True)
class JoinPack:
    """The owner of a carnivore asked to join a pack hunt consents, or not."""

    seat: int
    consent: bool


@dataclass(frozen=True, slots=True)
class IgnoreTrait:
    """The owner of a revealed Anglerfish says which trait of the carnivore it strikes the Anglerfish ignores."""

    seat: int
    trait: Trait


@dataclass(frozen=True, slots=True)
class SetAmbush:
    """A standing order: arm or disarm the Ambush of one's carnivore."""

    seat: int
    carnivore: int
    armed: bool


@dataclass(frozen=True, slots=True)
class SetAnglerfish:
    """A standing order: whether one's hidden Anglerfish is revealed when one of one's animals is attacked."""

    seat: int
    armed: bool


Action = (
    PlayAnimal
    | PlayTrait
    | PlayPairedTrait
    | Pass
    | TakeFood
    | Attack
    | ConvertFat
    | Stomp
    | Pirate
    | Hibernate
    | EndTurn
    | Run
    | Mimic
    | DropTrait
    | Yield
    | UsePairedTrait
    | Specialize
    | TakeShell
    | Metamorphose
    | GiveBirth
    | Photosynthesize
    | Hide
    | ReleaseInk
    | JoinPack
    | IgnoreTrait
    | SetAmbush
    | SetAnglerfish
)

DevelopAction = PlayAnimal | PlayTrait | PlayPairedTrait | Pass
FeedAction = (
    TakeFood
    | Attack
    | ConvertFat
    | Specialize
    | TakeShell
    | Stomp
    | Pirate
    | Hibernate
    | Metamorphose
    | GiveBirth
    | Photosynthesize
    | EndTurn
    | Pass
)
DefendAction = Run | Mimic | DropTrait | Hide | ReleaseInk | Yield
OrderAction = SetAmbush | SetAnglerfish

ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        PlayAnimal,
        PlayTrait,
        PlayPairedTrait,
        Pass,
        TakeFood,
        Attack,
        ConvertFat,
        Stomp,
        Pirate,
        Hibernate,
        EndTurn,
        Run,
        Mimic,
        DropTrait,
        Yield,
        UsePairedTrait,
        Specialize,
        TakeShell,
        Metamorphose,
        GiveBirth,
        Photosynthesize,
        Hide,
        ReleaseInk,
        JoinPack,
        IgnoreTrait,
        SetAmbush,
        SetAnglerfish,
    )
}

# Move generation builds every action offered: a faster constructor pays (see ``quick_init``).
for _cls in ACTION_TYPES.values():
    quick_init(_cls)
