"""Setting up (seed 004, "Reglas" 1-4).

1. The species, environment and evolution decks are shuffled.
2. Every player rolls a die; the highest starts, and those who tie for it roll again until one is highest.
3. Each player is dealt one species card: their species, with the starting population and no food
   (docs/rulings.md, "Starting values").
4. Each player is dealt five evolution cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_core.dice_combat.cards import EDITIONS, ENVIRONMENTS, FIRST_EDITION, LATEST_EDITION
from rules_core.dice_combat.decks import deal_evolutions
from rules_core.dice_combat.events import Event, SpeciesDealt, StartingDiceRolled
from rules_core.dice_combat.state import HAND_LIMIT, STARTING_POPULATION, GameState, Phase, Player, Species
from rules_core.engine import OptionSpec
from rules_core.interrupts import Interrupts
from rules_core.rng import COUNTER, GENERATORS, RESEEDED, Rng

MIN_PLAYERS = 2
MAX_PLAYERS = 6

#: The edition of the cards (rules_core/dice_combat/cards.py, ``EDITIONS``): a new game gets the newest.
EDITION = OptionSpec("edition", "int", LATEST_EDITION, minimum=FIRST_EDITION, maximum=LATEST_EDITION)
#: How the game draws its dice and shuffles (rules_core/rng.py, ``GENERATORS``): a new game gets the counter. No
#: player chooses it (``Ruleset.kept_options``).
GENERATOR = OptionSpec("generator", "int", COUNTER, minimum=RESEEDED, maximum=max(GENERATORS))
OPTION_SPECS = (EDITION,)
KEPT_OPTIONS = (GENERATOR,)


def versioned(spec: OptionSpec, given: Mapping[str, Any], read: Mapping[str, Any]) -> int:
    """A versioned option of a game (``EDITION``, ``GENERATOR``): the version its options name (``read``, checked),
    or the first (the option's minimum) when its options as stored (``given``) name none: a game stored before the
    option existed was played the first way (the first edition's cards, the first generator's draws), and replays
    so. A new game's options name every option (the lobby stores them with every default filled in)."""
    if spec.name in given:
        return int(read[spec.name])
    assert spec.minimum is not None
    return spec.minimum


def starting_roll(rng: Rng, seats: Sequence[int]) -> tuple[int, Rng, list[Event]]:
    """Rule 2: roll, and re-roll among those tied for the highest, until one seat is highest."""
    events: list[Event] = []
    contenders = list(seats)
    while True:
        rolled, rng = rng.roll(len(contenders))
        events.append(StartingDiceRolled(tuple(zip(contenders, rolled, strict=True))))
        best = max(rolled)
        contenders = [seat for seat, value in zip(contenders, rolled, strict=True) if value == best]
        if len(contenders) == 1:
            return contenders[0], rng, events


def initial_state(*, players: Sequence[str], edition: int, seed: int, generator: int) -> tuple[GameState, list[Event]]:
    """The game before its first period, for ``players`` (a count the caller has checked), with the cards of
    ``edition``, drawing with ``generator``."""
    rng = Rng(seed, generator=generator)
    cards = EDITIONS[edition]
    species_deck, rng = rng.shuffled([card.id for card in cards.species])
    environment_deck, rng = rng.shuffled(range(len(ENVIRONMENTS)))
    evolution_deck, rng = rng.shuffled([card.id for card in cards.evolutions])
    first, rng, events = starting_roll(rng, range(len(players)))
    table = tuple(
        Player(seat, name, Species(species_deck[seat]), STARTING_POPULATION) for seat, name in enumerate(players)
    )
    state = GameState(
        edition=edition,
        players=table,
        species_deck=species_deck[len(players) :],
        species_discard=(),
        evolution_deck=evolution_deck,
        evolution_discard=(),
        environment_deck=environment_deck,
        environment_discard=(),
        environment=None,
        final_age=0,
        period=0,
        starting_player=first,
        phase=Phase.EVOLUTION,
        turn=None,
        free_card=False,
        hunt=None,
        attack=None,
        interrupts=Interrupts(),
        eliminated=(),
        rng=rng,
    )
    events += [SpeciesDealt(p.seat, p.species.card) for p in table]
    state, more = deal_evolutions(state, state.play_order(first), HAND_LIMIT)
    return state, events + more
