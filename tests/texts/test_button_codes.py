"""A table of button codes (``texts.menus.Codes``) gives each name a code of its own, in digits, both ways. Each
rule system's table is pinned beside its words: ``tests/<ruleset>/ui/test_button_codes.py``."""

from __future__ import annotations

import pytest

from texts.menus import Codes


def test_a_table_refuses_a_shared_code_or_one_not_in_digits() -> None:
    with pytest.raises(ValueError, match="code of its own"):
        Codes({"a": "1", "b": "1"})
    with pytest.raises(ValueError, match="code of its own"):
        Codes({"a": "x"})
    codes = Codes({"a": "1", "b": "2"})
    assert (codes.code("b"), codes.name("1")) == ("2", "a")
    with pytest.raises(KeyError):
        codes.name("3")
