"""Setting up (seed 000, "ELŐKÉSZÜLETEK"; "KÉTSZEMÉLYES SZABÁLYOK").

Each player gets a species board with body size 1 and population 1 and a food bag; the food tokens make the food
bank; the trait cards are shuffled into the draw deck; a random player takes the first-player token. With two
players, 40 random cards leave the game before it starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_core.engine import OptionSpec, read_option_values
from rules_core.north_star.cards import DECK_SIZE
from rules_core.north_star.state import FOOD_TOKENS_IN_BOX, GameState, Options, Phase, Player, Species
from rules_core.rng import Rng

MIN_PLAYERS = 2
MAX_PLAYERS = 6
TWO_PLAYER_REMOVED = 40


#: Seed 000, "GYORS JÁTÉK SZABÁLYAI": the quick game, where everybody plays cards at once (always on with six).
OPTION_SPECS = (OptionSpec("quick_game", "bool", False),)


def read_options(options: Mapping[str, Any]) -> Options:
    values = read_option_values(OPTION_SPECS, options)
    return Options(quick_game=values["quick_game"])


def initial_state(*, players: Sequence[str], options: Options, seed: int) -> GameState:
    """The box set out for ``players`` (a count the caller has checked) with ``options``."""
    rng = Rng(seed)
    deck, rng = rng.shuffled(range(DECK_SIZE))
    removed: tuple[int, ...] = ()
    if len(players) == 2:
        removed, deck = deck[:TWO_PLAYER_REMOVED], deck[TWO_PLAYER_REMOVED:]
    first, rng = rng.below(len(players))
    return GameState(
        options=options,
        players=tuple(
            Player(seat, name, species=(Species(seat),), species_made=(seat,)) for seat, name in enumerate(players)
        ),
        deck=deck,
        discard=(),
        removed=removed,
        watering_hole=0,
        food_bank=FOOD_TOKENS_IN_BOX,
        round=0,
        phase=Phase.FOOD_CARDS,
        first_player=first,
        turn=None,
        last_round=False,
        next_round_last=False,
        plant_food_carried_over=0,
        pending_effects=(),
        next_species_id=len(players),
        rng=rng,
    )
