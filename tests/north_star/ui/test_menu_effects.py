"""North Star's menus explain (issue 30): every trait's effect in short in every language, within Discord's 100
characters, and translated."""

from __future__ import annotations

import pytest

from rules_core.north_star.cards import Trait
from tests.texts.test_menu_effects import LIMIT
from texts.languages import LANGUAGES
from texts.north_star.choices import trait_effect


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_trait_has_a_short_effect_in_every_language(language: str) -> None:
    for trait in Trait:
        effect = trait_effect(trait, language)
        assert 0 < len(effect) <= LIMIT and "{" not in effect, (trait, effect)
        if language != "en":
            assert effect != trait_effect(trait, "en"), (trait, language)
