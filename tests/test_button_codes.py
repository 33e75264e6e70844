"""The codes a trait has in menu paths and button ids are fixed: a button posted days ago still means what it meant.

Each table is written out here a second time, by the traits' names: changing a code, reusing one or reordering a
rule system's ``Trait`` enum cannot change what a path says without failing this test.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

import pytest

from rules_core.north_star import cards as north_star_cards
from rules_core.north_star.actions import ResolveRevealEffect
from rules_core.origin import cards as origin_cards
from rules_core.origin.actions import PlayTrait
from texts.menus import Codes
from texts.north_star import choices as north_star_choices
from texts.origin import choices as origin_choices

NORTH_STAR = (
    "AMBUSH BURROWING CARNIVORE CLIMBING COOPERATION DEFENSIVE_HERDING FAT_TISSUE FERTILE FORAGING HARD_SHELL HORNS "
    "INTELLIGENCE LONG_NECK PACK_HUNTING SCAVENGER SYMBIOSIS WARNING_CALL"
)
ORIGIN = (
    "SWIMMING RUNNING MIMICRY BIG STOMPER POISONOUS TAIL_LOSS COMMUNICATION HIBERNATION SCAVENGER SYMBIOSIS "
    "COOPERATION PIRACY BURROWING CAMOUFLAGE SHARP_VISION PARASITE CARNIVORE FAT_TISSUE SHELL INTELLECT ANGLERFISH "
    "SPECIALIZATION_A SPECIALIZATION_B TREMATODE METAMORPHOSIS INK_CLOUD VIVIPAROUS AMBUSH FLIGHT KLEPTOPLASTY "
    "IMMUNITY PACK"
)


@pytest.mark.parametrize(
    ("table", "names"),
    [(north_star_cards.TRAIT_CODES, NORTH_STAR), (origin_cards.TRAIT_CODES, ORIGIN)],
    ids=["north_star", "origin"],
)
def test_every_trait_keeps_its_code(table: Mapping[Enum, str], names: str) -> None:
    assert {trait.name: code for trait, code in table.items()} == {
        name: str(code) for code, name in enumerate(names.split())
    }


def test_paths_carry_the_tables_codes() -> None:
    pack = PlayTrait(seat=0, card=3, trait=origin_cards.Trait.PACK, animal=7)
    assert origin_choices.action_path(pack) == ("c3", "t32", "a7")
    assert origin_choices.trait_from_code("32") is origin_cards.Trait.PACK
    horns = ResolveRevealEffect(seat=1, species=2, trait=north_star_cards.Trait.HORNS)
    assert north_star_choices.action_path(horns) == ("e2.10",)
    assert north_star_choices.trait_from_code("10") is north_star_cards.Trait.HORNS


def test_a_table_refuses_a_shared_code_or_one_not_in_digits() -> None:
    with pytest.raises(ValueError, match="code of its own"):
        Codes({"a": "1", "b": "1"})
    with pytest.raises(ValueError, match="code of its own"):
        Codes({"a": "x"})
    codes = Codes({"a": "1", "b": "2"})
    assert (codes.code("b"), codes.name("1")) == ("2", "a")
    with pytest.raises(KeyError):
        codes.name("3")
