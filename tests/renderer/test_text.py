"""Text helpers: names cleaned to what the font can draw, text fitted by measured width, labels with fallback."""

from __future__ import annotations

import pytest

from renderer import text
from renderer.labels import Labels
from tests.renderer.names import LONG_CYRILLIC

#: A drawer's English labels, as each rule system's drawer has them (``renderer/<ruleset>/labels.py``).
ENGLISH = {"round": "Round {n}", "hungry": "Hungry", "phase.feeding": "Feeding", "deck": "Deck"}


def test_fonts_are_cached_per_size_and_weight():
    assert text.font(20) is text.font(20)
    assert text.font(20) is not text.font(20, bold=True)
    assert text.font(20) is not text.font(21)


@pytest.mark.parametrize(
    "name, cleaned",
    [
        ("Anna Kovács", "Anna Kovács"),
        ("Ödön Hősök ű", "Ödön Hősök ű"),
        ("Łukasz Zażółć", "Łukasz Zażółć"),
        ("Олександра", "Олександра"),
        ("Rex 🦖", "Rex"),
        ("🦖🦕 Dino Fan 🎉", "Dino Fan"),
        ("👩‍👩‍👧 family", "family"),
        ("flag 🏳️‍🌈 here", "flag here"),
        ("tab\tand\nnew  line", "tab and new line"),
        ("zero\u200bwidth", "zerowidth"),
        ("李小龍", ""),
        ("", ""),
    ],
)
def test_names_keep_what_the_font_draws_and_drop_the_rest(name, cleaned):
    assert text.clean(name, bold=True) == cleaned


def test_decomposed_accents_are_composed_and_kept():
    assert text.clean("Ho\u030bse\u0301k") == "Hősék"


def test_combining_marks_of_a_dropped_character_go_with_it():
    assert text.clean("a🦖\u0301b") == "ab"


def test_truncation_measures_the_text_and_ends_in_an_ellipsis():
    face = text.font(20, bold=True)
    limit = 200.0
    short = text.truncate(LONG_CYRILLIC, face, limit)
    assert short.endswith(text.ELLIPSIS)
    assert face.getlength(short) <= limit
    assert LONG_CYRILLIC.startswith(short[:-1].rstrip())
    # The longest prefix: one more character would not fit.
    longer = LONG_CYRILLIC[: len(short[:-1].rstrip()) + 1].rstrip() + text.ELLIPSIS
    assert face.getlength(longer) > limit or longer == short


def test_text_that_fits_is_left_alone():
    face = text.font(20)
    assert text.truncate("Ann", face, 500) == "Ann"


def test_nothing_fits_in_no_room():
    assert text.truncate("Ann", text.font(20), 2) == ""


def test_fit_shrinks_before_it_truncates():
    shown, face = text.fit("Bartosz Łukasiewicz", 190, 26, min_size=14, bold=True)
    assert shown == "Bartosz Łukasiewicz"
    assert 14 <= face.size < 26
    assert face.getlength(shown) <= 190
    shown, face = text.fit(LONG_CYRILLIC, 150, 26, min_size=14, bold=True)
    assert face.size == 14 and shown.endswith(text.ELLIPSIS) and face.getlength(shown) <= 150


def test_wrap_puts_long_names_on_two_lines_of_whole_words():
    lines, face = text.wrap("Defensive Herding", 90, 15, min_size=10, max_lines=2, bold=True)
    assert lines == ("Defensive", "Herding")
    assert all(face.getlength(line) <= 90 for line in lines)


def test_wrap_breaks_a_word_longer_than_the_line_and_marks_the_cut():
    lines, face = text.wrap("Захисне стадо найдовшого слова", 40, 15, min_size=10, max_lines=2)
    assert len(lines) <= 2
    assert all(face.getlength(line) <= 40 for line in lines)
    assert lines[-1].endswith(text.ELLIPSIS)


def test_a_word_broken_across_lines_carries_at_least_three_letters() -> None:
    face = text.font(12, False)
    room = face.getlength("Anglerfis-") + 1
    lines, _ = text.wrap("Anglerfish", room, 12, min_size=12, max_lines=2)
    assert len(lines) == 2 and lines[0].endswith(text.HYPHEN) and len(lines[1]) >= 3
    assert lines[0][:-1] + lines[1] == "Anglerfish"


@pytest.mark.parametrize(
    ("word", "language", "room", "broken"),
    [
        ("Cooperation", "en", "Cooperat-", ("Coopera-", "tion")),  # without a language: "Cooperat-", "ion"
        ("Figyelmeztető", "hu", "Figyelmezt-", ("Figyelmez-", "tető")),
        ("Попереджувальний", "uk", "Попереджув-", ("Попереджу-", "вальний")),
    ],
)
def test_a_word_too_long_for_its_line_breaks_where_its_language_hyphenates_it(
    word: str, language: str, room: str, broken: tuple[str, ...]
) -> None:
    face = text.font(12, True)
    width = face.getlength(room) + 1
    assert text.wrap(word, width, 12, min_size=12, max_lines=2, bold=True, language=language)[0] == broken
    assert text.wrap(word, width, 12, min_size=12, max_lines=2, bold=True)[0] == (room, word[len(room) - 1 :])


def test_a_word_broken_at_its_own_hyphen_keeps_it_alone() -> None:
    face = text.font(12, True)
    room = face.getlength("Peixe-Pes-") - 1
    lines, _ = text.wrap("Peixe-Pescador", room, 12, min_size=12, max_lines=2, bold=True, language="pt")
    assert lines == ("Peixe-", "Pescador")


def test_a_board_hyphenates_by_its_translations_language() -> None:
    assert Labels({}, {"language": "hu"}).language == "hu"
    assert Labels({}).language == "en"


def test_labels_fall_back_to_english():
    labels = Labels(ENGLISH, {"round": "Kör {n}", "hungry": "Éhes", "phase.feeding": "Etetés {oops}"})
    assert labels("round", n=3) == "Kör 3"
    assert labels("hungry") == "Éhes"
    assert labels("phase.feeding") == "Feeding"
    assert labels("deck") == "Deck"
    assert labels("decision.some_new_kind") == "some new kind"
