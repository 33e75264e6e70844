"""The codes a North Star trait has in menu paths and button ids are fixed: a button posted days ago still means what
it meant.

The table is written out here a second time, by the traits' names: changing a code, reusing one or reordering the
``Trait`` enum cannot change what a path says without failing this test.
"""

from __future__ import annotations

from rules_core.north_star.actions import ResolveRevealEffect
from rules_core.north_star.cards import TRAIT_CODES, Trait
from texts.north_star.choices import action_path, trait_from_code

NORTH_STAR = (
    "AMBUSH BURROWING CARNIVORE CLIMBING COOPERATION DEFENSIVE_HERDING FAT_TISSUE FERTILE FORAGING HARD_SHELL HORNS "
    "INTELLIGENCE LONG_NECK PACK_HUNTING SCAVENGER SYMBIOSIS WARNING_CALL"
)


def test_every_trait_keeps_its_code() -> None:
    assert {trait.name: code for trait, code in TRAIT_CODES.items()} == {
        name: str(code) for code, name in enumerate(NORTH_STAR.split())
    }


def test_paths_carry_the_tables_codes() -> None:
    horns = ResolveRevealEffect(seat=1, species=2, trait=Trait.HORNS)
    assert action_path(horns) == ("e2.10",)
    assert trait_from_code("10") is Trait.HORNS
