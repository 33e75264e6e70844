"""One small frozen dataclass per verb of the North Star game, each carrying the acting seat.

Each verb is a final class: the rules tell verbs apart by their exact class (``type(action) is Attack``), which
mypy narrows only for final classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar, final

from rules_core.copying import quick_init
from rules_core.north_star.cards import Trait


@final
@dataclass(frozen=True, slots=True)
class SelectFoodCard:
    """Phase 2: put a card from the hand face down on the watering hole."""

    seat: int
    card: int


@final
@dataclass(frozen=True, slots=True)
class PlayTrait:
    """Phase 3: play a card face down as a trait of one of your species; ``replace`` discards a trait first."""

    seat: int
    card: int
    species: int
    replace: int | None = None


@final
@dataclass(frozen=True, slots=True)
class CreateSpecies:
    """Phase 3: discard a card to add a new species (size 1, population 1) at the left or right end."""

    seat: int
    card: int
    side: Literal["left", "right"]


@final
@dataclass(frozen=True, slots=True)
class IncreaseBodySize:
    seat: int
    card: int
    species: int


@final
@dataclass(frozen=True, slots=True)
class IncreasePopulation:
    seat: int
    card: int
    species: int


@final
@dataclass(frozen=True, slots=True)
class FinishCardPlay:
    """Phase 3: keep the rest of the hand for later rounds."""

    seat: int


@final
@dataclass(frozen=True, slots=True)
class ResolveRevealEffect:
    """Phase 4, step 1: carry out one of your reveal-time trait effects next (you choose the order)."""

    seat: int
    species: int
    trait: Trait


@final
@dataclass(frozen=True, slots=True)
class TakePlantFood:
    """Feeding: a non-carnivore takes plant food from the watering hole."""

    seat: int
    species: int


@final
@dataclass(frozen=True, slots=True)
class Attack:
    """Feeding: a carnivore attacks a species. With Intelligence, each discarded card negates one trait."""

    seat: int
    carnivore: int
    target: int
    discards: tuple[int, ...] = ()
    negate: tuple[Trait, ...] = ()


@final
@dataclass(frozen=True, slots=True)
class UseIntelligence:
    """Feeding: a non-carnivore with Intelligence discards a card to take 2 plant food from the food bank."""

    seat: int
    species: int
    card: int


@final
@dataclass(frozen=True, slots=True)
class StopFeeding:
    """Feeding: take no more food this round (allowed only when no hungry species of yours must eat)."""

    seat: int


Action = (
    SelectFoodCard
    | PlayTrait
    | CreateSpecies
    | IncreaseBodySize
    | IncreasePopulation
    | FinishCardPlay
    | ResolveRevealEffect
    | TakePlantFood
    | Attack
    | UseIntelligence
    | StopFeeding
)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        SelectFoodCard,
        PlayTrait,
        CreateSpecies,
        IncreaseBodySize,
        IncreasePopulation,
        FinishCardPlay,
        ResolveRevealEffect,
        TakePlantFood,
        Attack,
        UseIntelligence,
        StopFeeding,
    )
}

# Move generation builds every action of a turn: a faster constructor pays (see ``quick_init``).
for _cls in ACTION_TYPES.values():
    quick_init(_cls)


K = TypeVar("K")
V = TypeVar("V")


def keep(store: dict[K, V], key: K, value: V, *, held: int) -> V:
    """``value``, put under ``key`` in a bounded store of moves made once and offered again (move generation looks
    there first, with ``store.get``): the store is emptied when it holds ``held``."""
    if len(store) >= held:
        store.clear()
    store[key] = value
    return value
