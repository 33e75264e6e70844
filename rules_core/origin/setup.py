"""Setting up (seed 003, "Підготовка до гри"; "Гра з двома наборами (до 8 гравців)"; seed 001, "PRZESTWORZA" and
"DZIEŃ DARWINA").

The deck is shuffled and every player gets six cards from its top; the first player is drawn by lot. One base deck
serves two to four players; five to eight mix two decks, which a smaller table may also choose (option
``two_decks``; docs/rulings.md).

The expansions are options. "Time to Fly" (``time_to_fly``): "Przed rozpoczęciem gry dla 2-6 osób należy połączyć
talie z rozszerzenia ... oraz podstawowej wersji gry", one base deck and the expansion for 2 to 6 players; "w grze
dla 7-8 osób gramy z 2 podstawowymi wersjami Ewolucji i jednym rozszerzeniem"; "wariant z 2 podstawowymi wersjami i 2
rozszerzeniami" for experienced players is ``two_decks`` with it. "W grze dwuosobowej zredukować liczbę kart": two
players keep half of each main trait's cards of the base deck and of the expansion (``cards.halved``). "Darwin's
Day" (``darwins_day``): "W Ewolucję z tym dodatkiem może grać od 2 do 4 osób": its 16 cards join the deck; with
"Time to Fly" too the table is that expansion's, up to 8 (docs/rulings.md).

The tie-break is a house rule (``tie_break``): seed 003's as printed, or the first edition's ``discards``
(``scoring``; docs/rulings.md, "Tie-break: discards").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_core.copying import evolve
from rules_core.engine import OptionSpec
from rules_core.interrupts import Interrupts
from rules_core.origin.cards import darwins_day_cards, game_cards, halved, time_to_fly_cards
from rules_core.origin.deck import draw
from rules_core.origin.events import Event, TurnStarted
from rules_core.origin.phases import development
from rules_core.origin.state import GameState, Options, Phase, Player, TieBreak
from rules_core.rng import Rng

MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: One base deck is enough for this many players; more play with two.
ONE_DECK_PLAYERS = 4
#: With "Time to Fly", one base deck serves up to six ("dla 2-6 osób").
ONE_DECK_PLAYERS_TIME_TO_FLY = 6
#: "Darwin's Day" alone: "od 2 do 4 osób".
DARWINS_DAY_PLAYERS = 4
HAND = 6

OPTION_SPECS = (
    # The house rule first: an option set's name in words is clipped for Discord's lists, and so its end stays.
    OptionSpec("tie_break", "choice", TieBreak.PRINTED.value, choices=tuple(t.value for t in TieBreak)),
    OptionSpec("two_decks", "bool", False),
    OptionSpec("time_to_fly", "bool", False),
    OptionSpec("darwins_day", "bool", False),
)


def read(values: Mapping[str, Any]) -> Options:
    """The options as the state keeps them (``values`` already read against ``OPTION_SPECS``)."""
    return Options(
        two_decks=values["two_decks"],
        time_to_fly=values["time_to_fly"],
        darwins_day=values["darwins_day"],
        tie_break=TieBreak(values["tie_break"]),
    )


def player_range(options: Options) -> tuple[int, int]:
    if options.darwins_day and not options.time_to_fly:
        return MIN_PLAYERS, DARWINS_DAY_PLAYERS
    return MIN_PLAYERS, MAX_PLAYERS


def decks(options: Options, players: int) -> int:
    """How many base decks (and, with "Time to Fly" and ``two_decks``, expansion decks) the game mixes."""
    one_deck = ONE_DECK_PLAYERS_TIME_TO_FLY if options.time_to_fly else ONE_DECK_PLAYERS
    return 2 if options.two_decks or players > one_deck else 1


def cards_of_game(options: Options, players: int) -> tuple[int, ...]:
    """The ids of every card the game uses."""
    base = game_cards(decks(options, players))
    if not options.time_to_fly:
        cards: tuple[int, ...] = tuple(base)
    else:
        flying = time_to_fly_cards(2 if options.two_decks else 1)
        if players == MIN_PLAYERS and not options.two_decks:
            cards = halved(base) + halved(flying)
        else:
            cards = (*base, *flying)
    if options.darwins_day:
        cards += tuple(darwins_day_cards())
    return cards


def new_game(*, players: Sequence[str], options: Options, seed: int) -> tuple[GameState, list[Event]]:
    """The first state, dealt, with development about to begin (a count of players the caller has checked)."""
    rng = Rng(seed)
    deck, rng = rng.shuffled(cards_of_game(options, len(players)))
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
