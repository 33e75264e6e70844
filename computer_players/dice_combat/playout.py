"""Fast moves of the dice-combat game for the search's simulations, on a whole state.

The baseline player (this package's ``decide``) weighs every card on every species and averages a hunt over every
prey that may come up: too slow for the thousands of simulated moves a search makes. A simulated player decides by
a few plain rules instead:

* its last population point is bought back whenever it can pay for it;
* evolution turn: with a fixed chance it plays its free card, a random card of its hand: on its own species when the
  card helps its owner (``judgement.edge``), else on a random rival's; no exchange, no paid card;
* hunting turn: it hunts, with a fixed chance, while its population is above one;
* extinction turn: the baseline's own choice (``attack_move``: the attack most likely to kill, then the most
  damaging, when worth its food; else a population point), which reads exact fight odds from a table;
* cards on the prey and in an attack: none; discards at random; the prey's dice are rolled.

A simulation stops when :data:`PERIODS_AHEAD` new periods have begun (or the game ends: its outcome, who lasted
longest, is then the value), and each seat is valued by what keeps it in the game: its population points and the
points its food would buy; a seat already out is valued below every living one, the earlier out the lower.
"""

from __future__ import annotations

import random

from computer_players.dice_combat import attack_move
from computer_players.dice_combat.judgement import edge
from rules_core.dice_combat import DiceCombat
from rules_core.dice_combat.actions import Action, BuyPopulation, Hunt, Pass, PlayEvolution, RollDice
from rules_core.dice_combat.card_play import fits
from rules_core.dice_combat.cards import kind_of
from rules_core.dice_combat.game import duties
from rules_core.dice_combat.phases import evolution, extinction, hunting
from rules_core.dice_combat.population import energy_of, purchase_refusal
from rules_core.dice_combat.state import DISCARD, ROLL_PREY, GameState, Phase

#: The chance that a simulated player plays its free card in its evolution turn.
PLAY_CHANCE = 0.6
#: The chance that a simulated player with more than one population point hunts when it may.
HUNT_CHANCE = 0.7
#: A simulation stops when this many periods have begun after the one it started in: a whole game played out
#: takes about 150 moves, too many for a search's budget (docs/benchmarks.md).
PERIODS_AHEAD = 2


def playout_move(ruleset: DiceCombat, state: GameState, seat: int, rng: random.Random) -> Action:
    """A legal move of ``seat`` (one that must decide now), built without listing the others."""
    player = state.players[seat]
    affordable = purchase_refusal(state, seat) is None
    if affordable and player.population <= 1:
        return BuyPopulation(seat)
    kind = next(d.kind for d in duties(state) if d.seat == seat)
    if kind == ROLL_PREY:
        return RollDice(seat)
    if kind == DISCARD:
        discards = list(evolution.discards(state, seat))
        return discards[rng.randrange(len(discards))]
    if kind == "evolve":
        return _evolve(state, seat, rng)
    if kind == "hunt":
        hunts = hunting.hunt_refusal(state, seat) is None and player.population > 1
        return Hunt(seat) if hunts and rng.random() < HUNT_CHANCE else Pass(seat)
    if kind == "attack":
        options: list[Action] = list(extinction.attacks(state, seat))
        if affordable:
            options.append(BuyPopulation(seat))
        return attack_move(state, seat, [*options, Pass(seat)])
    return Pass(seat)  # a card on the prey, or in an attack: none


def _evolve(state: GameState, seat: int, rng: random.Random) -> Action:
    hand = state.players[seat].hand
    if not state.free_card or not hand or rng.random() >= PLAY_CHANCE:
        return Pass(seat)
    card = hand[rng.randrange(len(hand))]
    own = state.players[seat].species
    if edge(state, seat, kind_of(card)) > 0:
        return PlayEvolution(seat, card, own.card) if fits(own, card) else Pass(seat)
    rivals = [p.species for p in state.players if p.seat != seat and not p.extinct and fits(p.species, card)]
    if not rivals:
        return Pass(seat)
    return PlayEvolution(seat, card, rivals[rng.randrange(len(rivals))].card)


def estimate(start: GameState, state: GameState) -> list[float] | None:
    """Each seat's value once the simulation has run far enough (else None): its population and what its food would
    buy; a seat out of the game less than any living one (the earlier out, the lower). A finished game is scored by
    the rules."""
    if state.phase is Phase.GAME_OVER or state.period < start.period + PERIODS_AHEAD:
        return None
    out = {seat: index for index, seat in enumerate(state.eliminated)}
    return [
        out[p.seat] - len(state.players) if p.extinct else p.population + p.food / energy_of(state, p.seat)
        for p in state.players
    ]
