"""A computer player for North Star "Evolution": fast one-move heuristics, pure and deterministic.

It sees what its seat may see and nothing more: the seat's view and its legal actions. To weigh its options it
plays them forward on a state dealt from that view (``NorthStar.determinize``: the other hands, face-down traits,
food cards and the deck's order drawn at random from the cards the seat cannot account for, with a seed taken
from the view alone), so its choice never depends on anything its seat may not see. Equal choices are broken by
the order of the legal actions, so the same view always gives the same action.

How it decides:

* **Card play** (phase 3). A planner estimates what the seat's row of species will bring in points for the rest
  of the game: the food each species eats per round (plant food shared out turn by turn among the players' hungry
  herbivores, plus Long Neck, Foraging, Cooperation from its left neighbour, Intelligence and Scavenger; meat from
  the other players' species a carnivore could attack), less the population other players' carnivores are
  expected to take from it (body size, Hard Shell, Climbing, Burrowing, Defensive Herding, Symbiosis, Warning Call
  and Horns all count), plus population and traits at the end of the game, fat, Fertile growth and the extra card
  each species brings every round. Every card play is valued by how much it raises that estimate, less what the
  card is worth kept (nothing in the last round) and, for a new trait, the slot it fills; a play that only pays
  with more cards after it (a Carnivore that needs a bigger body, Foraging that needs a bigger population) is
  valued as that plan, less the cards the plan needs. The best play is made while it is worth more than nothing.
* **Food card** (phase 2). The card given up is the one whose value kept (the best trait it would make) is lowest
  against what its plant food would bring the seat's hungry herbivores: a useless card, a high one when its
  herbivores are hungry, a low one when it lives on meat.
* **Reveal effects.** Each possible first effect is tried, the rest following in the default order; the order
  that leaves the most food, fat and population on its species wins.
* **Feeding.** Each feeding is tried on the state and valued by what the seat's species will keep at the end of
  the round (food, fat, population, and traits unless the species starves with nothing), less a share of what the
  other players keep, less the cards spent. So it feeds the species that would starve first, then the hungriest,
  takes Foraging and Cooperation bonuses, attacks for the most meat, stores fat when nothing else is left, and
  stops when nothing is worth doing. It never attacks its own species unless nothing else is allowed, and a
  carnivore with another target does not attack a species with Horns.
"""

from __future__ import annotations

from collections.abc import Sequence

from computer_players.north_star.choosing import best, or_else
from computer_players.north_star.feeding import feeding_scores
from computer_players.north_star.food_cards import food_card_scores
from computer_players.north_star.play_cards import card_play_scores
from computer_players.north_star.reveal import reveal_scores
from computer_players.north_star.weights import DEFAULT_WEIGHTS, Weights
from rules_core.north_star import NorthStar
from rules_core.north_star.actions import Action, FinishCardPlay, StopFeeding
from rules_core.north_star.state import GameState, Phase
from rules_core.north_star.view import SeatView

RULES = NorthStar()


def choose_action(
    ruleset: NorthStar, view: SeatView, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS
) -> Action:
    """The computer player's move for ``view.seat``: one of ``legal``, from what the seat sees."""
    return ranked(ruleset, view, legal, weights)[0]


def ranked(
    ruleset: NorthStar, view: SeatView, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS
) -> list[Action]:
    """The legal actions from the best to the worst by this player's judgement, its move first (the search tries
    them in this order); actions it would never consider (an attack on its own species while anything else is
    allowed) come last, in their order."""
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    if len(legal) == 1:
        return list(legal)
    # The seed depends on the view only: the same view gives the same sample, whatever lies hidden.
    state = ruleset.determinize(view, seed=view.table.version * 7919 + view.seat)
    scored = scores(state, view.seat, tuple(legal), weights)
    move = decide(state, view.seat, tuple(legal), weights, scored)
    # Best first; equal scores keep the order of the legal actions (sorted is stable).
    order = [action for _, action in sorted(scored, key=lambda pair: -pair[0]) if action != move]
    considered = {action for _, action in scored}
    return [move, *order, *(action for action in legal if action not in considered)]


def scores(
    state: GameState, seat: int, legal: tuple[Action, ...], weights: Weights = DEFAULT_WEIGHTS
) -> list[tuple[float, Action]]:
    """The actions this player considers, each with its value, on a whole state (a determinized one)."""
    if state.playing_cards(seat):
        return card_play_scores(state, seat, legal, weights)
    if state.phase is Phase.FOOD_CARDS:
        return food_card_scores(state, seat, legal, weights)
    if state.phase is Phase.REVEAL_EFFECTS:
        return reveal_scores(state, seat, legal)
    return feeding_scores(state, seat, legal, weights)


def decide(
    state: GameState,
    seat: int,
    legal: tuple[Action, ...],
    weights: Weights = DEFAULT_WEIGHTS,
    scored: list[tuple[float, Action]] | None = None,
) -> Action:
    """The move for ``seat`` on a whole state (a determinized one: see :func:`choose_action`), from ``scored``
    (:func:`scores`, computed here when not given)."""
    if scored is None:
        scored = scores(state, seat, legal, weights)
    if state.playing_cards(seat):
        return or_else(scored, FinishCardPlay)
    if state.phase is Phase.FEEDING:
        return or_else(scored, StopFeeding)
    return best(scored)[1]


__all__ = ["DEFAULT_WEIGHTS", "RULES", "Weights", "choose_action", "decide", "ranked", "scores"]
