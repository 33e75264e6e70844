"""North Star's kinds of secret are not in the bot's DEBUG log either: a whole game played through the bot in a
process logging as ``evolution-bot run`` does (tests/app/test_logs.py, whose helpers these are, shows the generic
ones on the toy game), and its log scanned for each seat's hand, each food-card pick, the deck's order and the cards
set aside, and any trait's or card's name."""

from __future__ import annotations

import re
from pathlib import Path

from rules_core.north_star.cards import Trait
from tests.app.test_logs import check_no_secret_of_any_game, logged_game, sequence, windows
from texts.messages import message
from texts.north_star.choices import card_name


def test_a_whole_game_logged_at_debug_holds_no_secret_of_any_seat(tmp_path: Path) -> None:
    log, secrets = logged_game("north_star", tmp_path)
    check_no_secret_of_any_game(log, secrets)
    states = secrets["states"]
    hands = {tuple(player["hand"]) for state in states for player in state["players"]}
    picks = {player["food_card"] for state in states for player in state["players"]} - {None}
    decks = {tuple(state[pile]) for state in states for pile in ("deck", "removed")}
    assert hands and picks and decks, "the game held no secret to look for"
    for hand in hands:
        if len(hand) >= 2:
            assert not sequence(hand).search(log), f"a hand is in the log: {hand}"
    for deck in decks:
        for window in windows(deck, 3):
            assert not sequence(window).search(log), f"the deck's order is in the log: {window}"
    for card in picks:
        assert not re.search(rf"SelectFoodCard\W.{{0,40}}?(?<!\d){card}(?!\d)", log), f"a pick ({card}) is in the log"
    # A card's name says what a hand holds: no log line names a trait or a card.
    for name in [message(f"north_star.trait.{trait.value}") for trait in Trait]:
        assert not re.search(rf"\b{re.escape(name)}\b", log), f"a trait's name ({name}) is in the log"
    labels = {card_name(card) for hand in hands for card in hand}
    assert not [label for label in labels if label in log], "a card's name is in the log"
