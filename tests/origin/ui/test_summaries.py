"""The original game's words for what happened and for the table (texts/origin/summaries.py, board.py): a line for
every event type in six languages, each in its own language (a translation that failed to format would fall back to
English), the standings, the phase titles, the text board; and the traits named only as the rule book names them."""

from __future__ import annotations

import re
import typing
from functools import cache

import pytest

from rules_core.copying import evolve
from rules_core.engine import PublicView
from rules_core.events import Private, Public
from rules_core.origin import events as ev
from rules_core.origin.actions import GiveBirth, JoinPack, Pass
from rules_core.origin.state import GameState
from rules_core.origin.view import SeatView, TableView
from tests.origin.scenario import animal, expanded, player, scenario
from tests.origin.ui import scenes
from tests.origin.ui.games import OPTION_SETS, RULES, random_game, seats
from texts import rules
from texts.languages import DEFAULT_LANGUAGE, LANGUAGES
from texts.messages import catalogue, message
from texts.origin import WORDS, summaries
from texts.presentation import capital

TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]
EVENT_TYPES = typing.get_args(ev.Event)


@cache
def seen() -> dict[type, list[tuple[ev.Event, TableView, SeatView | None]]]:
    """Events of seeded random games of 2 to 8 players, without the expansions and with each and both, a few of each
    type, with the table as it was after them (and the view of a private event's seat)."""
    found: dict[type, list[tuple[ev.Event, TableView, SeatView | None]]] = {}
    for seed in range(24):
        options = {"two_decks": seed % 3 == 0, **list(OPTION_SETS.values())[seed % len(OPTION_SETS)]}
        for state, _, events in random_game(seats(options, 2 + seed % 7), seed, options=options):
            view = RULES.public_view(state)
            for event in events:
                kept = found.setdefault(type(event), [])
                if len(kept) < 4:
                    mine = RULES.seat_view(state, event.seat) if isinstance(event, Private) else None
                    kept.append((event, view, mine))
    for state, events in rare():
        view = RULES.public_view(state)
        for event in events:
            found.setdefault(type(event), []).append((event, view, None))
    return found


def rare() -> list[tuple[GameState, tuple[ev.Event, ...]]]:
    """Events random games seldom reach: a pack's invitation answered both ways, the deck's last card born, a tie
    rolled off (the tie-break ``discards``)."""
    invited = scenes.pack_invitation()
    answers = [RULES.apply(invited, JoinPack(1, consent)) for consent in (True, False)]
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "viviparous", food=1)),
            player("Bob", animal(1, "hibernation:used", hibernating=True)),
        ],
    )
    state = evolve(state, deck=state.deck[:1], discard=state.discard + state.deck[1:])
    tied = scenario(
        food_base=0,
        last_turn=True,
        options={"tie_break": "discards"},
        players=[player("Ann", animal(0, food=1)), player("Bob", animal(1, food=1))],
    )
    return [*answers, RULES.apply(state, GiveBirth(0, 0)), RULES.apply(tied, Pass(0))]


def test_the_games_show_every_type_of_event() -> None:
    assert set(seen()) == set(EVENT_TYPES)


def line(event: ev.Event, view: PublicView, mine: SeatView | None, language: str) -> str:
    if isinstance(event, Public):
        lines = WORDS.public_lines([event], WORDS.table(view, language=language))
    else:
        assert mine is not None
        lines = WORDS.private_lines([event], WORDS.table(mine.table, mine=mine, language=language))
    assert len(lines) == 1, (event, lines)
    return lines[0]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_event_has_a_line_in_the_readers_own_language(language: str) -> None:
    for kind, examples in seen().items():
        for event, view, mine in examples:
            text = line(event, view, mine, language)
            assert "{" not in text and text[:1] == text[:1].upper(), text
            assert text != line(event, view, mine, DEFAULT_LANGUAGE), f"{kind.__name__} fell back to English"


def test_an_attack_answered_at_once_is_told_with_its_meal() -> None:
    """The prey is off the table when the lines are written: the meal's line tells of the attack, which gets no
    line of its own naming "an animal"."""
    meals = 0
    for state, _, events in random_game(3, 5):
        public = [e for e in events if isinstance(e, Public)]
        eaten = {e.prey for e in public if isinstance(e, ev.AnimalEaten)}
        attacks = [e for e in public if isinstance(e, ev.AnimalAttacked) and e.target in eaten]
        if not attacks:
            continue
        table = WORDS.table(RULES.public_view(state))
        lines = WORDS.public_lines(public, table)
        assert all(capital(summaries.public_line(a, table) or "") not in lines for a in attacks)
        assert all(
            capital(summaries.public_line(e, table) or "") in lines for e in public if isinstance(e, ev.AnimalEaten)
        )
        meals += 1
    assert meals


@pytest.mark.parametrize("expansions", ["none", "both"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_in_words(language: str, expansions: str) -> None:
    for state, seat, _ in random_game(4, 2, options={"two_decks": True, **OPTION_SETS[expansions]}):
        view = RULES.public_view(state)
        title = WORDS.phase_title(view, language)
        notes = WORDS.round_notes(view, language)
        board = WORDS.board_text(view, language)
        assert title in board and WORDS.table_summary(view, language) in board
        assert all(p.name in board for p in view.players)
        if seat >= 0:
            mine = RULES.seat_view(state, seat)
            assert WORDS.own_row(mine, language)
            hand, *orders = WORDS.secret_sections(mine, WORDS.table(view, mine=mine, language=language))
            assert len(hand.lines) == max(1, len(mine.hand))
            # With "Time to Fly", the standing orders, which only the seat sees.
            assert len(orders) == (expansions == "both")
    assert view.outcome is not None and notes  # two decks are always noted
    standings = WORDS.standings_lines(view.outcome, WORDS.table(view, language=language))
    assert [s.split(".")[0] for s in standings] == [str(s.rank) for s in view.outcome.standings]


def test_the_catalogue_never_names_a_trait_itself() -> None:
    """A trait's name comes from the rule book (one source in each language): the English catalogue's own words
    name none."""
    names = [entry.name for entry in rules.book("en", "origin").traits.values()]
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
    english = {k: v for k, v in catalogue("en").items() if k.startswith("origin.")}
    for key, value in english.items():
        for form in [value] if isinstance(value, str) else list(value.values()):
            assert not pattern.search(form), f"{key} names a trait: {form!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_final_scores_name_the_cards_discarded_and_the_dice_where_they_decided(language: str) -> None:
    """The tie-break ``discards``: a player whose points another shares is shown with their cards discarded, and
    with their dice where dice were rolled; the printed tie-break shows the plain scores."""

    def own(key: str, **fields: object) -> str:
        return message(f"origin.{key}", language, **fields)

    view = RULES.public_view(scenes.four_players_rolled_off())
    assert view.outcome is not None
    table = WORDS.table(view, language=language)
    plain = table.scores(view.outcome, "animals", "traits", "extra")
    lines = WORDS.standings_lines(view.outcome, table)
    assert lines == [
        own("standing.rolls", line=own("standing.discards", line=plain[0], discarded=4), rolls="5"),
        own("standing.rolls", line=own("standing.discards", line=plain[1], discarded=4), rolls="2"),
        own("standing.discards", line=plain[2], discarded=7),
        own("standing.discards", line=plain[3], discarded=2),
    ]
    printed = RULES.public_view(scenes.four_players_over())
    assert printed.outcome is not None
    table = WORDS.table(printed, language=language)
    assert WORDS.standings_lines(printed.outcome, table) == table.scores(printed.outcome, "animals", "traits", "extra")
