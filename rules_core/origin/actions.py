"""One small frozen dataclass per verb of the original "Evolution", each carrying the acting seat.

Development (seed 003, "Фаза розвитку"): ``PlayAnimal``, ``PlayTrait``, ``PlayPairedTrait``, ``Pass``.
Feeding ("Фаза харчування"): the turn's take, one of ``TakeFood``, ``Attack`` and ``ConvertFat``; the traits that
may come instead of the take or with it, ``Stomp``, ``Pirate`` and ``Hibernate``; then ``EndTurn``, or ``Pass`` for
the rest of the phase. The defender of an attack answers with ``Run``, ``Mimic``, ``DropTrait`` or ``Yield``; the
owner of paired traits set off together says which acts next with ``UsePairedTrait``.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """Feeding: a carnivore attacks an animal, instead of taking food."""

    seat: int
    carnivore: int
    target: int


@dataclass(frozen=True, slots=True)
class ConvertFat:
    """Feeding: turn ``tokens`` yellow tokens of an animal's Fat Tissue into blue food, instead of taking food."""

    seat: int
    animal: int
    tokens: int


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
class Yield:
    """Defence: no more defence: the attacked animal is eaten."""

    seat: int


@dataclass(frozen=True, slots=True)
class UsePairedTrait:
    """Paired traits set off together: ``card`` acts next and gives ``animal`` its token."""

    seat: int
    card: int
    animal: int


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
)

DevelopAction = PlayAnimal | PlayTrait | PlayPairedTrait | Pass
FeedAction = TakeFood | Attack | ConvertFat | Stomp | Pirate | Hibernate | EndTurn | Pass
DefendAction = Run | Mimic | DropTrait | Yield

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
    )
}
