"""``rules_core.copying``: ``evolve`` and ``quick_init`` behave exactly like ``dataclasses.replace`` and the
``__init__`` that ``dataclasses`` writes, only faster."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from rules_core.copying import copier_of, evolve, maker, quick_init

# Classes shaped as a rule system's state and actions are (frozen, slotted, with defaults and tuples of parts); the
# actions get the fast constructor, as every rule system's move generation gives its own.


@dataclasses.dataclass(frozen=True, slots=True)
class TraitCard:
    card: int
    face_up: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Species:
    id: int
    body_size: int = 1
    population: int = 1
    food: int = 0
    fat: int = 0
    traits: tuple[TraitCard, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Attack:
    seat: int
    carnivore: int
    target: int
    discards: tuple[int, ...] = ()
    negate: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class PlayTrait:
    seat: int
    card: int
    species: int
    replace: int | None = None


for _action in (Attack, PlayTrait):
    quick_init(_action)


def test_evolve_is_replace() -> None:
    species = Species(3, body_size=2, traits=(TraitCard(5, True),))
    copy = evolve(species, food=1, population=2)
    assert type(copy) is Species
    assert copy == dataclasses.replace(species, food=1, population=2)
    assert hash(copy) == hash(dataclasses.replace(species, food=1, population=2))
    assert pickle.loads(pickle.dumps(copy)) == copy
    assert species == Species(3, body_size=2, traits=(TraitCard(5, True),))  # the original is untouched
    assert evolve(species) == species


class _Built:
    """A base with a constructor of its own, which a copy must not run."""

    __slots__ = ()

    def __init__(self) -> None:
        raise AssertionError("a copy runs no constructor")


@dataclasses.dataclass(frozen=True, slots=True)
class _Derived(_Built):
    x: int
    y: int = 0


def test_copier_of_copies_as_evolve_does() -> None:
    species = Species(3, body_size=2, traits=(TraitCard(5, True),))
    copy_species = copier_of(Species)
    assert copy_species(species, {"food": 1, "population": 2}) == evolve(species, food=1, population=2)
    assert type(copy_species(species, {})) is Species
    with pytest.raises(TypeError, match="no fields"):
        copy_species(species, {"appetite": 3})


def test_evolve_copies_a_class_whose_base_has_a_constructor_without_running_it() -> None:
    # Classes on object's own constructor are copied by calling their twin, the others through object.__new__.
    assert evolve(_Derived(1), y=2) == _Derived(1, 2)
    assert type(evolve(_Derived(1))) is _Derived


def test_an_evolved_copy_is_still_frozen() -> None:
    copy = evolve(Species(1), food=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.food = 2  # type: ignore[misc]


def test_evolve_refuses_an_unknown_field() -> None:
    with pytest.raises(TypeError, match="no fields"):
        evolve(Species(1), appetite=3)


def test_quick_init_takes_the_same_arguments_and_defaults() -> None:
    # The classes under test have the fast constructor, not the one ``dataclasses`` wrote.
    assert all(vars(cls)["__init__"] is object.__init__ for cls in (Attack, PlayTrait))
    assert Attack(0, 1, 2) == Attack(seat=0, carnivore=1, target=2, discards=(), negate=())
    assert PlayTrait(1, 7, 3).replace is None
    with pytest.raises(TypeError):
        Attack(0, 1)  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Attack(0, 1, 2).seat = 1  # type: ignore[misc]


def test_quick_init_builds_whole_frozen_instances_that_pickle_and_copy() -> None:
    attack = Attack(0, 1, 2, (5,), ())
    assert type(attack) is Attack
    assert (attack.seat, attack.carnivore, attack.target, attack.discards, attack.negate) == (0, 1, 2, (5,), ())
    assert attack == dataclasses.replace(attack) and hash(attack) == hash(Attack(0, 1, 2, (5,), ()))
    # Unpickling calls ``__new__`` with the fields (``__getnewargs__``), as a worker process's answer needs.
    assert pickle.loads(pickle.dumps(attack)) == attack
    assert pickle.loads(pickle.dumps(Species(4, food=1, traits=(TraitCard(5, True),)))) == Species(
        4, food=1, traits=(TraitCard(5, True),)
    )
    assert copy.copy(attack) == attack and copy.deepcopy(attack) == attack


def test_quick_init_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Bag:
        items: tuple[int, ...] = dataclasses.field(default_factory=tuple)

    with pytest.raises(TypeError):
        quick_init(Bag)


def test_the_maker_of_a_quick_init_class_builds_what_the_class_builds() -> None:
    make_attack, make_play = maker(Attack), maker(PlayTrait)
    made = make_attack(0, 1, 2, (5,))
    assert type(made) is Attack and made == Attack(0, 1, 2, (5,)) and hash(made) == hash(Attack(0, 1, 2, (5,)))
    assert make_play(1, 7, 3) == PlayTrait(1, 7, 3) and make_play(1, 7, 3, replace=2).replace == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.seat = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(made)) == made
    # A class without the fast constructor has no maker.
    with pytest.raises(TypeError, match="quick_init"):
        maker(Species)
