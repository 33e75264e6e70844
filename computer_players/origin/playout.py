"""Fast moves of the original game for the search's simulations, on a whole state, and where a simulation stops.

The baseline player (this package's ``decide``) tries every legal move on the state and values each: too slow for
thousands of simulated moves a second. A simulated player decides by a few plain rules instead:

* development: with a fixed chance it passes; else it plays a random card of its hand, as an animal with a fixed
  chance, else as one of the card's traits where the rules let it go (``development.card_plays``);
* feeding: a carnivore that may attack a rival's animal does (a random one of them); else a red token goes to a
  hungry animal (a random one), else fat is turned into food for a hungry animal, else a token fills a Fat Tissue
  card; then the turn ends. Traits used in the turn (Stomper, Piracy, Hibernation...) are left unused;
* the questions to other seats (a defence, paired traits' order, a pack's consent, an Anglerfish's target): the
  rules' timeout answers, the answer that loses least (``timeouts``);
* standing orders stay as they are.

A simulation stops when the next turn begins (its cards dealt) or the game ends, and each seat is valued by the
baseline's judgement of the position (``estimate.Outlook``): each animal's points times its chance to live through
the coming turn, and the cards in hand.
"""

from __future__ import annotations

import random

from computer_players.origin.estimate import Outlook
from rules_core.origin import Origin, timeouts
from rules_core.origin.actions import Action, Attack, ConvertFat, EndTurn, Pass, TakeFood
from rules_core.origin.food import is_fed
from rules_core.origin.phases import development, feeding
from rules_core.origin.state import GameState, Phase
from rules_core.origin.view import SeatView

#: Development: the chance, at each of its goes, that a simulated player passes for the rest of the phase.
PASS_CHANCE = 0.25
#: The chance that a card played becomes an animal rather than a trait (where one of its traits fits).
ANIMAL_CHANCE = 0.5
#: A simulation stops when this many turns have begun after the one it started in.
TURNS_AHEAD = 1
#: How long a search's simulated moves may take together, in microseconds of one core, and what one simulated move
#: takes with ``A`` animals on the table, with its share of the deal and the estimate: at most about ``MOVE_COST +
#: ANIMAL_COST * A * A`` in the base game (each feeding and attack looks at them all) and twice the animals' part
#: with an expansion (more traits to check on each), as measured in searches of whole games (docs/benchmarks.md, "A
#: hard move within a second in every game"). A simulation runs to the next turn, so it is long and slow on a
#: crowded table, with five or more players and with "Time to Fly": at 600 simulations a move took up to 3 s there.
MOVES_TIME = 600_000
MOVE_COST = 20
ANIMAL_COST = 0.5
EXPANSION_ANIMAL_COST = 1.0


def playout_move(ruleset: Origin, state: GameState, seat: int, rng: random.Random) -> Action:
    """A legal move of ``seat`` (one that must decide now), built without listing and valuing every other."""
    if state.interrupts:
        return timeouts.timeout_action(state, seat)
    if state.phase is Phase.DEVELOPMENT:
        return _develop(state, seat, rng)
    return _feed(state, seat, rng)


def _develop(state: GameState, seat: int, rng: random.Random) -> Action:
    hand = state.players[seat].hand
    if not hand or rng.random() < PASS_CHANCE:
        return Pass(seat)
    plays = list(development.card_plays(state, seat, hand[rng.randrange(len(hand))]))
    # The first play of a card is always the animal.
    if len(plays) == 1 or rng.random() < ANIMAL_CHANCE:
        return plays[0]
    return plays[1 + rng.randrange(len(plays) - 1)]


def _feed(state: GameState, seat: int, rng: random.Random) -> Action:
    if not state.took:
        player = state.players[seat]
        hungry = {a.id for a in player.animals if not is_fed(a)}
        hunts: list[Action] = []
        meals: list[Action] = []
        stores: list[Action] = []
        for take in feeding.takes(state, seat):
            if isinstance(take, Attack):
                if take.helper is None and state.locate(take.target)[0] != seat:
                    hunts.append(take)
            elif isinstance(take, TakeFood | ConvertFat):
                (meals if take.animal in hungry else stores).append(take)
        for found in (hunts, meals, stores):
            if found:
                return found[rng.randrange(len(found))]
    # A player who must take food has a token to take (above), so passing is allowed here.
    return EndTurn(seat) if state.acted else Pass(seat)


def most_moves(view: SeatView) -> int:
    """The most moves a search's simulations of this position may make (:data:`MOVES_TIME`): fewer where the
    table is crowded."""
    animals = sum(len(player.animals) for player in view.table.players)
    options = view.table.options
    per_animal = EXPANSION_ANIMAL_COST if options.time_to_fly or options.darwins_day else ANIMAL_COST
    return int(MOVES_TIME / (MOVE_COST + per_animal * animals * animals))


def estimate(start: GameState, state: GameState) -> list[float] | None:
    """Each seat's value once the simulation has run far enough (else None): the baseline's judgement of its
    animals and hand (:class:`~computer_players.origin.estimate.Outlook`). A finished game is scored by the rules."""
    if state.phase is Phase.GAME_OVER or state.turn < start.turn + TURNS_AHEAD:
        return None
    outlook = Outlook.of(state, 0)
    return [outlook.worth(state, player) for player in state.players]
