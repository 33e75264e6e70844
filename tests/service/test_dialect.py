"""The dialect layer: a statement or a migration step written once comes out in each dialect's own SQL, and a word
it does not know, or a step that leaves a dialect out, is refused before anything reaches a database."""

from __future__ import annotations

import pytest

from game_service.storage.dialect import POSTGRESQL, SQLITE
from game_service.storage.migrations import _step

STATEMENT = "SELECT id FROM games WHERE {is_unset:rated} AND channel_id {in_texts} AND id > ? {for_update}"


def test_a_statement_is_spelt_in_each_dialect() -> None:
    assert SQLITE.sql(STATEMENT) == (
        "SELECT id FROM games WHERE rated = 0 AND channel_id IN (SELECT value FROM json_each(?)) AND id > ? "
    )
    assert POSTGRESQL.sql(STATEMENT) == (
        "SELECT id FROM games WHERE NOT rated AND channel_id = ANY($1::text[]) AND id > $2 FOR UPDATE"
    )


def test_a_column_default_in_braces_is_not_a_word() -> None:
    assert POSTGRESQL.spell("settings {text} NOT NULL DEFAULT '{}'") == "settings text NOT NULL DEFAULT '{}'"


def test_an_unknown_word_is_refused() -> None:
    with pytest.raises(ValueError, match="no such SQL word"):
        SQLITE.sql("SELECT 1 {for_updates}")


def test_a_step_of_one_dialect_only_says_what_the_other_does() -> None:
    with pytest.raises(RuntimeError, match="0002_view has no shared text and lacks"):
        _step(2, "view", {"sqlite": "CREATE VIEW v AS SELECT 1;"})
    step = _step(2, "view", {"sqlite": "CREATE VIEW v AS SELECT 1;", "postgresql": "-- nothing to do"})
    assert (step.sqlite, step.postgresql) == ("CREATE VIEW v AS SELECT 1;", "-- nothing to do")


def test_a_shared_step_comes_before_a_dialect_s_own_part() -> None:
    step = _step(3, "flags", {"": "ALTER TABLE t ADD COLUMN f {flag:f};", "sqlite": "DROP TRIGGER x;"})
    assert step.sqlite == "ALTER TABLE t ADD COLUMN f INTEGER CHECK (f IN (0, 1));\nDROP TRIGGER x;"
    assert step.postgresql == "ALTER TABLE t ADD COLUMN f boolean;"
