"""Every decision kind of every playable rule system has its tutorial explanation (``<ruleset>.tutorial.<kind>``)
in every language, written for that language (docs/rulings.md, "Tutorial")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from texts.languages import DEFAULT_LANGUAGE, LANGUAGES
from texts.registry import playable_rulesets, words_for

ROOT = Path(__file__).resolve().parents[2]


def own_catalogue(ruleset: str, language: str) -> dict[str, object]:
    path = ROOT / "texts" / ruleset / "messages" / f"{language}.json"
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def decision_kinds(ruleset: str) -> list[str]:
    """The decision kinds a rule system names (``decision.<kind>``: every kind it asks has a name in waiting lines)."""
    return sorted(key.removeprefix("decision.") for key in own_catalogue(ruleset, DEFAULT_LANGUAGE)
                  if key.startswith("decision."))  # fmt: skip


@pytest.mark.parametrize("ruleset", playable_rulesets())
def test_every_decision_kind_is_explained_in_every_language(ruleset: str) -> None:
    kinds = decision_kinds(ruleset)
    assert kinds, ruleset
    words = words_for(ruleset)
    english = {kind: words.tutorial(kind, DEFAULT_LANGUAGE) for kind in kinds}
    for language in LANGUAGES:
        written = own_catalogue(ruleset, language)
        missing = [kind for kind in kinds if not str(written.get(f"tutorial.{kind}", "")).strip()]
        assert not missing, (ruleset, language, missing)
        if language != DEFAULT_LANGUAGE:
            untranslated = [kind for kind in kinds if words.tutorial(kind, language) == english[kind]]
            assert not untranslated, (ruleset, language, untranslated)


@pytest.mark.parametrize("ruleset", playable_rulesets())
def test_no_explanation_for_a_kind_the_rule_system_does_not_name(ruleset: str) -> None:
    explained = {key.removeprefix("tutorial.") for key in own_catalogue(ruleset, DEFAULT_LANGUAGE)
                 if key.startswith("tutorial.")}  # fmt: skip
    assert explained == set(decision_kinds(ruleset))
