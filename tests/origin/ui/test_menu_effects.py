"""The original game's menus explain (issue 30): every trait's effect in short in every language, within Discord's
100 characters, and translated; a card with two traits tells both."""

from __future__ import annotations

import pytest

from rules_core.origin.cards import KINDS, Trait
from rules_core.registry import RULESETS
from tests.origin.scenario import animal, player, scenario
from tests.texts.test_menu_effects import LIMIT
from texts.languages import LANGUAGES
from texts.origin.choices import card_effect, trait_effect
from texts.registry import words_for


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_trait_has_a_short_effect_in_every_language(language: str) -> None:
    for trait in Trait:
        effect = trait_effect(trait, language)
        assert 0 < len(effect) <= LIMIT and "{" not in effect, (trait, effect)
        if language != "en":
            assert effect != trait_effect(trait, "en"), (trait, language)


def test_every_card_of_the_base_game_tells_both_its_traits() -> None:
    for language in LANGUAGES:
        for traits, _ in KINDS:
            both = " / ".join(trait_effect(trait, language) for trait in traits)
            assert len(both) <= LIMIT, (language, traits, both)


def test_a_card_with_two_traits_tells_both_when_they_fit() -> None:
    state = scenario(
        phase="development", players=[player("Ann", animal(0), hand=["poisonous/carnivore#32"]), player("Bob")]
    )
    words = words_for("origin")
    rules = RULESETS["origin"]
    for language in LANGUAGES:
        mine = rules.seat_view(state, 0)
        table = words.table(mine.table, mine=mine, language=language)
        both = f"{trait_effect(Trait.POISONOUS, language)} / {trait_effect(Trait.CARNIVORE, language)}"
        assert card_effect(32, language) == both == table.describe((), "c32")
        # The menu that asks which trait to play explains each.
        carnivore = f"t{list(Trait).index(Trait.CARNIVORE)}"
        assert table.describe(("c32",), carnivore) == trait_effect(Trait.CARNIVORE, language)
