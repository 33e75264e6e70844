"""The dice-combat game's simulations for the search, on a whole state: who plays them and where they stop.

**Every simulated player plays the baseline** (this package's ``decide``, on the simulated state). Cheap rules of
thumb (random cards, hunting by chance) made simulations three times faster, but a player following them lost
seven games in eight to the baseline: the search then judged its moves against opponents who play nothing like
the ones it meets, and its choices gained nothing over the baseline's (docs/benchmarks.md, "The dice game's
levels").

**A simulation stops** once :data:`PERIODS_AHEAD` new periods have begun (or the game is over: its outcome is then
the value), and each living seat's chance to win is read from its position (:func:`chances`): a logistic model
fitted to games of baselines (``python -m benchmarks.dice_value``). Population and food alone hardly tell who
wins at the start of a period; the damage each species can do to the other does.
"""

from __future__ import annotations

import math
import random

from computer_players.dice_combat import decide
from computer_players.dice_combat.judgement import attack_outlook
from rules_core.dice_combat import DiceCombat
from rules_core.dice_combat.actions import Action
from rules_core.dice_combat.game import legal_actions
from rules_core.dice_combat.population import energy_of
from rules_core.dice_combat.state import GameState, Phase

#: A simulation stops when this many periods have begun after the one it started in (a game lasts about five).
PERIODS_AHEAD = 1
#: The weight of each of :func:`features` in a seat's strength (``python -m benchmarks.dice_value`` fits them).
WEIGHTS = (0.193, 0.494, -0.229, 1.017, 0.282, -0.731)


def playout_move(ruleset: DiceCombat, state: GameState, seat: int, rng: random.Random) -> Action:
    """``seat``'s move in a simulation: the baseline's, on the simulated state (chance comes from the state)."""
    return decide(state, seat, legal_actions(state, seat))


def features(state: GameState, seat: int, rival: int) -> tuple[float, ...]:
    """What tells how ``seat`` fares against ``rival`` at a period's start: its population, the population its
    food would buy, its Energy, the population one attack of it takes from the rival on average, the cards in its
    hand, and that damage times the attacks its food pays for."""
    player, other = state.players[seat], state.players[rival]
    energy = energy_of(state, seat)
    damage, _ = attack_outlook(state, player.species, other.species, other.population)
    return (
        float(player.population),
        player.food / energy,
        float(energy),
        damage,
        float(len(player.hand)),
        (player.food // energy) * damage,
    )


def strength(state: GameState, seat: int, rival: int) -> float:
    """``seat``'s strength against ``rival``: the log-odds that it outlasts the rival are this less the rival's
    against it."""
    return sum(w * f for w, f in zip(WEIGHTS, features(state, seat, rival), strict=True))


def chances(state: GameState) -> list[float]:
    """Each seat's chance to win: a softmax of each living seat's mean strength against the other living seats
    (with two players, the fitted logistic model itself); a seat out of the game has none."""
    living = [p.seat for p in state.players if not p.extinct]
    if len(living) == 1:
        return [1.0 if p.seat in living else 0.0 for p in state.players]
    power = {
        seat: sum(strength(state, seat, rival) for rival in living if rival != seat) / (len(living) - 1)
        for seat in living
    }
    top = max(power.values())
    weights = {seat: math.exp(value - top) for seat, value in power.items()}
    total = sum(weights.values())
    return [weights[p.seat] / total if p.seat in weights else 0.0 for p in state.players]


def estimate(start: GameState, state: GameState) -> list[float] | None:
    """Each seat's chance to win once the simulation has run :data:`PERIODS_AHEAD` periods past ``start`` (else
    None); a finished game is scored by the rules."""
    if state.phase is Phase.GAME_OVER or state.period < start.period + PERIODS_AHEAD:
        return None
    return chances(state)
