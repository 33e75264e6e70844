"""Setting up (seed 003, "Підготовка до гри"; "Гра з двома наборами (до 8 гравців)").

The deck is shuffled and every player gets six cards from its top; the first player is drawn by lot. One base deck
serves two to four players; five to eight mix two decks, which a smaller table may also choose (option
``two_decks``; docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_core.copying import evolve
from rules_core.engine import OptionSpec
from rules_core.interrupts import Interrupts
from rules_core.origin.cards import game_cards
from rules_core.origin.deck import draw
from rules_core.origin.events import Event, TurnStarted
from rules_core.origin.phases import development
from rules_core.origin.state import GameState, Options, Phase, Player
from rules_core.rng import Rng

MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: One base deck is enough for this many players; more play with two.
ONE_DECK_PLAYERS = 4
HAND = 6

OPTION_SPECS = (OptionSpec("two_decks", "bool", False),)


def decks(options: Options, players: int) -> int:
    return 2 if options.two_decks or players > ONE_DECK_PLAYERS else 1


def new_game(*, players: Sequence[str], options: Options, seed: int) -> tuple[GameState, list[Event]]:
    """The first state, dealt, with development about to begin (a count of players the caller has checked)."""
    rng = Rng(seed)
    deck, rng = rng.shuffled(game_cards(decks(options, len(players))))
    state = GameState(
        options=options,
        players=tuple(Player(seat, name) for seat, name in enumerate(players)),
        deck=deck,
        discard=(),
        turn=1,
        phase=Phase.DEVELOPMENT,
        first_player=0,
        active=None,
        food_base=0,
        last_turn=False,
        took=False,
        acted=False,
        interrupts=Interrupts(),
        next_animal_id=0,
        rng=rng,
    )
    events: list[Event] = []
    for seat in range(len(players)):
        state, drawn, _ = draw(state, seat, HAND)
        events.extend(drawn)
    first, rng = state.rng.below(len(players))
    state = development.start(evolve(state, first_player=first, rng=rng))
    return state, [TurnStarted(1, first, False), *events]
