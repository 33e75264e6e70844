"""A dice game reads the rule texts of its own edition of the cards (``r`` at the console's menu looks a card up in
the game's edition), and ``/rules`` outside a game gives the newest edition's text with each older one under its
edition's heading; a game's web page shows a tapped card's text in the game's edition. The effect lines of the
menus by edition: test_words.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from computer_players.simple import first_legal
from console.session import Session, Setup, channel_id
from game_service import GameService
from rules_core.dice_combat.cards import EDITIONS, FIRST_EDITION, LATEST_EDITION, SPECIES, Kind
from rules_core.dice_combat.view import TableView
from tests.console.helpers import answers
from tests.web.conftest import CHANNEL, new_game
from texts import rules
from texts.dice_combat.cards import kind_name
from texts.languages import LANGUAGES
from texts.messages import message
from web import pages

#: The species the second edition changed (Strength, Energy or the kinds they are born with).
CHANGED = tuple(
    new.name
    for old, new in zip(EDITIONS[FIRST_EDITION].species, EDITIONS[LATEST_EDITION].species, strict=True)
    if (old.strength, old.energy, old.innate) != (new.strength, new.energy, new.innate)
)
NUMBER = re.compile(r"\d+")
#: A web game's seed whose deal gives its two players a species the second edition changed.
SEED = 7


def first_line(shown: str) -> str:
    """The first line of an entry's text as the console prints it (after its title and aliases, a blank line)."""
    return shown.split("\n\n", 1)[1].split("\n", 1)[0]


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_card_looked_up_in_a_game_is_the_games_edition(tmp_path: Path, language: str, edition: int) -> None:
    """Ann, at her first menu, looks up every species the second edition changed, and the overview: she reads the
    Strength, Energy and born-with kinds of the species her game's edition deals, and its evolution deck's size."""
    book = rules.book(language, "dice_combat")
    names = [book.traits[name].name for name in CHANGED]
    overview = book.topics["overview"].name
    script = answers(*(f"r {name}" for name in [*names, overview]))
    script.quit_after = len(names) + 1
    async with await GameService.open(database=tmp_path / "games.sqlite3") as service:
        session = Session(service, script.terminal(), channel_id(None), language=language)
        setup = Setup(("Ann",), 1, seed=5, ruleset="dice_combat", options={"edition": edition})
        assert await session.run(setup) == 0
    shown = {text.split(" — ", 1)[0]: text for kind, text in script.transcript if kind == "out" and " — " in text}
    cards = {card.name: card for card in EDITIONS[edition].species}
    for key, name in zip(CHANGED, names, strict=True):
        card, first = cards[key], first_line(shown[name])
        assert NUMBER.findall(first) == [str(card.strength), str(card.energy)], (key, first)
        assert {k for k in Kind if kind_name(k, language) in first} == set(card.innate), (key, first)
    assert re.search(rf"\b{len(EDITIONS[edition].evolutions)}\b", shown[overview])
    assert message("rules.edition_newest", language) not in script.output


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_outside_a_game_give_the_newest_edition_then_each_older_one(language: str) -> None:
    """``/rules`` (and the ``texts`` command line) belong to no game: a card the second edition changed is shown as
    new games deal it, then as the first edition had it, each under a heading naming whose games it is; a card no
    edition changed is shown alone."""
    for key in (*CHANGED, "disease", "lean_metabolism"):
        entry = rules.entry(key, language, "dice_combat")
        text = rules.render(key, language, "dice_combat").text
        newest, older = text.split("\n\n")
        assert newest == f"{message('rules.edition_newest', language)}\n{entry.text}"
        assert older == f"{message('rules.edition', language, n=FIRST_EDITION)}\n{entry.text_in(FIRST_EDITION)}"
        assert rules.render(key, language, "dice_combat", edition=FIRST_EDITION).text == entry.text_in(FIRST_EDITION)
    assert rules.render("fog", language, "dice_combat").text == rules.entry("fog", language, "dice_combat").text


@pytest.mark.parametrize("edition", sorted(EDITIONS))
async def test_a_games_web_page_taps_show_its_editions_cards(tmp_path: Path, edition: int) -> None:
    """A name on a game's web page shows the card's text when tapped: the text of the edition the game was dealt
    (the seed deals a species the second edition changed)."""
    async with await GameService.open(database=tmp_path / "games.db", computer_policy=first_legal) as service:
        info = await new_game(service, ruleset="dice_combat", options={"edition": edition}, seed=SEED, computers=0)
        view = await service.public_view(channel_id=CHANNEL)
    assert isinstance(view, TableView)
    html = pages.table_fragment(info, view, None, "en")
    dealt = [SPECIES[player.species.card] for player in view.players]
    assert {card.name for card in dealt} & set(CHANGED)
    for card in dealt:
        tapped = re.search(rf'<div popover id="trait-{card.name}" class="rule"><h3>[^<]*</h3><p>([^<]*)</p>', html)
        assert tapped is not None, card.name
        assert NUMBER.findall(tapped.group(1).split("\n")[0]) == [str(card.strength), str(card.energy)], card.name
