"""The dice-combat game in words, in six languages: a line for every event type (each roll with its dice, each
fight with its pairs), the titles and notes of the table, the standings, a player's hand, the console's board; the
cards' names come from the rule book, and the board image's drawer prints the same English names."""

from __future__ import annotations

import re
from typing import Any

import pytest

from renderer.dice_combat.labels import CARD_NAMES
from rules_core.dice_combat import events as ev
from rules_core.dice_combat.actions import PlayEvolution
from rules_core.dice_combat.cards import EDITIONS, EVOLUTIONS, FIRST_EDITION, LATEST_EDITION, Condition, Kind
from rules_core.dice_combat.dice import compare
from rules_core.dice_combat.effects import Role
from rules_core.dice_combat.view import SeatView
from rules_core.events import Private, Public
from tests.dice_combat.ui.games import RULES, Step, discarding, steps
from texts.dice_combat import WORDS
from texts.dice_combat.cards import evolution_effect, kind_name
from texts.dice_combat.choices import DiceCombatTable
from texts.languages import LANGUAGES
from texts.rules import book

EVENT_TYPES = frozenset(
    value
    for value in vars(ev).values()
    if isinstance(value, type) and issubclass(value, (Public, Private)) and value not in (Public, Private)
)
#: What a line must never show: a placeholder left unfilled, or a catalogue key instead of words.
UNFILLED = re.compile(r"\{\w*\}|dice_combat\.")


@pytest.fixture(scope="module")
def moves() -> list[Step]:
    """Whole games until every event type was seen, then a discard; the last move of a game ends it."""
    found = discarding()
    seen = {type(e) for step in found for e in step.events}
    for players, seed in ((2, 1), (3, 2), (4, 3), (6, 4), (5, 5), (2, 6), (3, 7)):
        game = list(steps(players, seed))
        found = [*found, *game]
        seen.update(type(e) for step in game for e in step.events)
        if seen >= EVENT_TYPES:
            return found
    raise AssertionError(f"no game showed {sorted(t.__name__ for t in EVENT_TYPES - seen)}")


def table(step: Step, language: str, seat: int | None = None) -> DiceCombatTable:
    view = RULES.public_view(step.after)
    mine = None if seat is None else RULES.seat_view(step.after, seat)
    assert mine is None or isinstance(mine, SeatView)
    return WORDS.table(view, mine=mine, language=language)


def clean(line: str) -> None:
    assert line.strip() and not UNFILLED.search(line), line


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_type_has_its_line_in_every_language(moves: list[Step], language: str) -> None:
    worded: set[type] = set()
    for step in moves:
        public = [e for e in step.events if isinstance(e, Public)]
        lines = WORDS.public_lines(public, table(step, language))
        for line in lines:
            clean(line)
        if lines:
            worded.update(type(e) for e in public)
        for seat in range(len(step.after.players)):
            own = [e for e in step.events if isinstance(e, Private) and getattr(e, "seat", None) == seat]
            private = WORDS.private_lines(own, table(step, language, seat))
            assert len(private) == len(own)
            for line in private:
                clean(line)
            worded.update(type(e) for e in own)
    assert worded == EVENT_TYPES


def test_every_roll_is_told_with_its_dice_and_every_fight_with_its_pairs(moves: list[Step]) -> None:
    fights = 0
    for step in moves:
        lines = "\n".join(WORDS.public_lines(step.events, table(step, "en")))
        rolls = [e for e in step.events if isinstance(e, ev.DiceRolled)]
        for roll in rolls:
            assert all(str(die) in lines for die in roll.dice)
        if any(isinstance(e, (ev.HuntResolved, ev.AttackResolved)) for e in step.events):
            first, second = rolls[-2:]
            for a, b in compare(first.dice, second.dice).pairs:
                assert f"{a}{'>' if a > b else '<' if a < b else '='}{b}" in lines
            fights += 1
    assert fights


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_in_words_in_every_language(moves: list[Step], language: str) -> None:
    for step in moves[::25] + moves[-1:]:
        view = RULES.public_view(step.after)
        for text in (WORDS.phase_title(view, language), WORDS.table_summary(view, language)):
            clean(text)
        for note in WORDS.round_notes(view, language):
            clean(note)
        board = WORDS.board_text(view, language)
        assert not UNFILLED.search(board)
        for seat in range(len(step.after.players)):
            mine = RULES.seat_view(step.after, seat)
            words = table(step, language, seat)
            assert not UNFILLED.search(WORDS.own_row(mine, language))
            for section in WORDS.secret_sections(mine, words):
                assert not UNFILLED.search(str(section))
    final = moves[-1].after
    outcome = RULES.outcome(final)
    assert outcome is not None
    standings = WORDS.standings_lines(outcome, table(moves[-1], language))
    assert len(standings) == len(final.players)
    for line in standings:
        clean(line)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_names_are_the_rule_books(language: str) -> None:
    names = {key: entry.name for key, entry in book(language, "dice_combat").traits.items()}
    assert all(name.strip() for name in names.values())
    if language == "en":
        assert {f"trait.{key}": name for key, name in names.items()} == dict(CARD_NAMES)


def test_every_card_entry_says_the_cards_are_this_projects_own() -> None:
    for language in LANGUAGES:
        rules = book(language, "dice_combat")
        assert all(entry.ruling for entry in rules.traits.values()), language


#: How each language's menu line says when a card works, by the card's condition.
WHEN = {
    "en": {
        Condition.HUNTS_OR_ATTACKS: "hunting or attacking",
        Condition.HUNTED_OR_DEFENDS: "as a hunt's prey or a defender",
    },
    "hu": {
        Condition.HUNTS_OR_ATTACKS: "vadászatkor és támadáskor",
        Condition.HUNTED_OR_DEFENDS: "vadászat zsákmánya vagy védekezik",
    },
    "pt": {
        Condition.HUNTS_OR_ATTACKS: "caçar ou atacar",
        Condition.HUNTED_OR_DEFENDS: "presa de uma caçada ou defensora",
    },
    "uk": {
        Condition.HUNTS_OR_ATTACKS: "полювання або нападу",
        Condition.HUNTED_OR_DEFENDS: "здобиччю полювання або захищається",
    },
    "pl": {
        Condition.HUNTS_OR_ATTACKS: "polowania lub ataku",
        Condition.HUNTED_OR_DEFENDS: "ofiarą polowania lub się broni",
    },
    "es": {
        Condition.HUNTS_OR_ATTACKS: "cazar o atacar",
        Condition.HUNTED_OR_DEFENDS: "presa de una caza o al defenderse",
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_card_that_works_only_in_some_fights_says_when_in_its_menu_line(language: str) -> None:
    # A menu shows a card's first line alone: "+2 Strength." for Horns read as a better Claws.
    checked = 0
    for card in EVOLUTIONS:
        rule = EDITIONS[card.edition].kinds[card.kind]
        if rule.condition in WHEN[language]:
            said = evolution_effect(card.id, language).casefold()
            assert WHEN[language][rule.condition].casefold() in said, (card.kind, card.edition)
            checked += 1
    assert checked


#: A number in a card's text.
NUMBER = re.compile(r"\d+")


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_text_gives_its_editions_numbers(language: str, edition: int) -> None:
    """What players read of a card in a game of an edition (its /rules entry in that edition, whose first line is the
    card's effect in every menu) gives that edition's numbers: a species' Strength and Energy and the kinds it is born
    with, a kind's amounts and its copies in the deck, and the evolution deck's size in the overview. Outside a game
    (no edition) the entry is the newest edition's."""
    rules = book(language, "dice_combat")
    cards = EDITIONS[edition]
    for species in cards.species:
        entry = rules.traits[species.name]
        first = entry.text_in(edition).split("\n")[0]
        assert NUMBER.findall(first) == [str(species.strength), str(species.energy)], species.name
        assert {k for k in Kind if kind_name(k, language) in first} == set(species.innate), species.name
        if edition == LATEST_EDITION:
            assert entry.text_in(None) == entry.text_in(edition)
    for kind, rule in cards.kinds.items():
        first, *_, last = rules.traits[kind.value].text_in(edition).split("\n")
        e = rule.effect
        amounts = [e.strength, e.energy, e.recovery, e.opponent_dice, e.extra_damage, e.extra_food]
        assert sorted(int(n) for n in NUMBER.findall(first)) == sorted(abs(n) for n in amounts if n), kind
        assert NUMBER.findall(last) == [str(rule.copies)], kind
    overview = rules.topics["overview"].text_in(edition)
    assert re.search(rf"\b{len(cards.evolutions)}\b", overview) and re.search(rf"\b{len(cards.species)}\b", overview)


def test_only_older_editions_have_texts_of_their_own() -> None:
    """An entry holds a text for each older edition where it differs (the newest is its ``text``): an edition the
    cards do not have, or the newest, would never be read."""
    for language in LANGUAGES:
        rules = book(language, "dice_combat")
        for entry in [*rules.traits.values(), *rules.topics.values()]:
            assert set(entry.editions) <= set(EDITIONS) - {LATEST_EDITION}, entry.key


def game_words(edition: int, language: str) -> DiceCombatTable:
    """The words of a new two-player game hosted with ``edition``, as Ann reads them."""
    state, _ = RULES.new_game(players=["Ann", "Bob"], options={"edition": edition}, seed=1)
    mine = RULES.seat_view(state, 0)
    assert isinstance(mine, SeatView) and mine.table.edition == edition
    return WORDS.table(mine.table, mine=mine, language=language)


def effect_lines(edition: int, kind: Kind, language: str) -> set[str]:
    """Every line that shows a card of ``kind`` of the game's edition in short: its menu option and the line of
    the card played."""
    words = game_words(edition, language)
    card = next(c.id for c in EDITIONS[edition].evolutions if c.kind is kind)
    played = PlayEvolution(seat=0, card=card, species=words.player(0).species.card)
    return {words.describe((), f"c{card}") or "", words.effect(played) or ""}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_shows_disease_and_lean_metabolism_of_its_own_edition(language: str) -> None:
    """The second edition changed Disease (only on the hunted and the defenders) and Lean Metabolism (+1 Strength as
    well): a game of the first edition (every game stored before the editions, or one hosted with edition=1) shows
    the first's effects, a game of the second the second's."""
    rules = book(language, "dice_combat")
    for kind in (Kind.DISEASE, Kind.LEAN_METABOLISM):
        shown = {edition: effect_lines(edition, kind, language) for edition in EDITIONS}
        assert shown[FIRST_EDITION] != shown[LATEST_EDITION], kind
        for edition, lines in shown.items():
            assert lines == {rules.traits[kind.value].text_in(edition).split("\n")[0]}, (kind, edition)
            e = EDITIONS[edition].kinds[kind].effect
            (line,) = lines
            assert sorted(int(n) for n in NUMBER.findall(line)) == sorted(abs(n) for n in (e.strength, e.energy) if n)


def test_the_pass_line_names_who_passed(moves: list[Step]) -> None:
    passed: Any = next(e for s in moves for e in s.events if isinstance(e, ev.Passed))
    step = next(s for s in moves if passed in s.events)
    assert step.after.players[passed.seat].name in "\n".join(WORDS.public_lines([passed], table(step, "en")))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_fight_tells_how_many_dice_each_side_rolls_not_rolls(moves: list[Step], language: str) -> None:
    """Issue 30: "Dice: the hunter 1, the prey 3" read as the dice rolled; the counts are said to be counts."""
    hunts = [step for step in moves if step.after.hunt is not None]
    assert hunts
    words = table(hunts[0], language)
    text = words.hunt_text()
    clean(text)
    hunt = hunts[0].after.hunt
    assert hunt is not None
    mine, theirs = words.fight_dice(words.player(hunt.hunter).species, Role.HUNTER, hunt.prey, Role.PREY)
    counts = {"en": f"Dice to roll: {mine} for the hunter, {theirs} for the prey."}
    if language in counts:
        assert text.endswith(counts[language]), text
    assert "Dice: the hunter" not in text and str(mine) in text and str(theirs) in text
