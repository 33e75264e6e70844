"""North Star's words in the message catalogue: every trait and phase has a name, every public event a summary and
every private one its own words, and a refusal that gives its reason is worded, not named by its code."""

from __future__ import annotations

import pytest

from rules_core.errors import IllegalAction
from rules_core.north_star.cards import Trait
from rules_core.north_star.events import EVENT_TYPES
from texts.languages import LANGUAGES
from texts.messages import catalogue, message
from texts.refusals import refusal_text


def test_every_trait_and_phase_has_a_name() -> None:
    english = catalogue("en")
    assert all(f"north_star.trait.{t.value}" in english for t in Trait)
    for phase in ("food_cards", "play_cards", "reveal_effects", "feeding", "game_over"):
        assert f"north_star.phase.{phase}" in english


def test_every_public_event_has_a_summary() -> None:
    english = catalogue("en")
    private = {"CardsReceived", "FoodCardPicked", "TraitPlayedPrivately", "FoodBagged", "PlaysShown"}
    for name in EVENT_TYPES:
        if name in private:
            assert any(k.startswith(f"north_star.private.{name}") for k in english), name
        else:
            assert any(k.startswith(f"north_star.event.{name}") for k in english), name


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_attack_on_a_species_too_big_is_worded_not_named_by_its_code(language: str) -> None:
    big_refusal = IllegalAction("too big", code="attack_blocked", reason="body_size")
    big_refusal.ruleset = "north_star"
    big = refusal_text(big_refusal, language)
    assert "body_size" not in big and big == message("north_star.refusal.attack_blocked.body_size", language)
    shell_refusal = IllegalAction("shell", code="attack_blocked", reason="hard_shell")
    shell_refusal.ruleset = "north_star"
    shell = refusal_text(shell_refusal, language)
    assert message("north_star.trait.hard_shell", language) in shell
