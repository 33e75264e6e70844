"""A baseline computer player for the dice-combat game (seed 004): one-move judgement, pure and deterministic.

It sees what its seat may see and nothing more: the seat's view and its legal actions. It judges on a state dealt
from that view (``DiceCombat.determinize``, with a seed taken from the view alone), and what it judges never
depends on what is hidden: the prey to come is averaged over every species card not on the table, and fight odds
come from the dice counts alone (odds.py). Equal choices go to the earliest legal action.

How it decides (judgement.py values everything in food):

* **Its last population point** is bought back first whenever it can.
* **Evolution turn.** It exchanges its two least useful cards when both are nearly useless, then plays the card
  worth most: an edge on its own species, or a handicap (Disease, Lean Metabolism at the population cap) on the
  strongest rival. Paid cards only when the card is worth well over its price and food is plentiful.
* **Hunting turn.** It hunts while the expected food of a hunt outweighs the population it risks (never on its last
  point unless the odds are overwhelming).
* **Cards on the prey.** The hunter weakens the prey or fattens it (more food); the others strengthen it against a
  strong hunter, when that is worth the card.
* **Extinction turn.** It attacks the rival it can hurt most, the weakest first (a likely kill counts most), when
  the expected damage is worth it; otherwise it buys population with the food left.
* **Cards in an attack.** Played when the change in expected damage (and the card's lasting edge) is worth its
  price.
* **Discarding.** The least useful cards go.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from computer_players.dice_combat.judgement import (
    attack_outlook,
    expected_hunt_value,
    hunt_value,
    keep_value,
    play_value,
    population_worth,
    threat,
)
from rules_core.copying import evolve
from rules_core.dice_combat import DiceCombat
from rules_core.dice_combat.actions import (
    Action,
    Attack,
    BuyPopulation,
    DiscardCards,
    ExchangeCards,
    Hunt,
    Pass,
    PlayEvolution,
)
from rules_core.dice_combat.game import duties
from rules_core.dice_combat.population import energy_of
from rules_core.dice_combat.state import ATTACK_CARD, DEFENCE_CARD, DISCARD, PREY_CARD, GameState, Species
from rules_core.dice_combat.view import SeatView

RULES = DiceCombat()

#: A free card is played when worth more than this; a card is exchanged when worth less.
PLAY_AT = 0.1
EXCHANGE_BELOW = 0.2
#: A hunt is made when worth more than this (in food).
HUNT_AT = 0.3
#: An attack is made when it takes this much population on average, or kills with this chance.
ATTACK_DAMAGE = 0.3
ATTACK_KILL = 0.25


def choose_action(ruleset: DiceCombat, view: SeatView, legal: Sequence[Action]) -> Action:
    """The computer player's move for ``view.seat``: one of ``legal``, from what the seat sees."""
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    if len(legal) == 1:
        return legal[0]
    # The seed depends on the view only: the same view gives the same sample, whatever lies hidden.
    state = ruleset.determinize(view, seed=view.table.version * 7919 + view.seat)
    return decide(state, view.seat, tuple(legal))


def ranked(ruleset: DiceCombat, view: SeatView, legal: Sequence[Action]) -> list[Action]:
    """Every legal move, best first by this player's judgement, its move first (the search compares the first
    few): the others by the worth it gives them (cards, discards, attacks), unjudged ones after those worth more
    than nothing, in the order given."""
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    if len(legal) == 1:
        return list(legal)
    state = ruleset.determinize(view, seed=view.table.version * 7919 + view.seat)
    move = decide(state, view.seat, tuple(legal))
    worth = dict(_worths(state, view.seat, legal))
    # sorted is stable: equal worths keep the order of the legal actions.
    return [move, *sorted((a for a in legal if a != move), key=lambda a: -worth.get(a, 0.0))]


def decide(state: GameState, seat: int, legal: tuple[Action, ...]) -> Action:
    """The move for ``seat`` on a whole state (a determinized one: see :func:`choose_action`)."""
    buy = BuyPopulation(seat)
    if buy in legal and state.players[seat].population <= 1:
        return buy
    kind = next((d.kind for d in duties(state) if d.seat == seat), None)
    plays = [a for a in legal if isinstance(a, PlayEvolution)]
    if kind == "evolve":
        return _evolve(state, seat, legal, plays)
    if kind == DISCARD:
        return _discard(state, seat, [a for a in legal if isinstance(a, DiscardCards)])
    if kind == "hunt":
        return Hunt(seat) if Hunt(seat) in legal and _worth_hunting(state, seat) else Pass(seat)
    if kind == PREY_CARD:
        return _best(_prey_cards(state, seat, plays), Pass(seat))
    if kind in (ATTACK_CARD, DEFENCE_CARD):
        return _best(_attack_cards(state, seat, plays), Pass(seat))
    if kind == "attack":
        return attack_move(state, seat, legal)
    return legal[0]  # the prey's dice, or an opportunity alone: the only move


def _worths(state: GameState, seat: int, legal: Sequence[Action]) -> Iterator[tuple[Action, float]]:
    """The moves this player judges one by one, each with its worth as :func:`decide` weighs it."""
    kind = next((d.kind for d in duties(state) if d.seat == seat), None)
    plays = [a for a in legal if isinstance(a, PlayEvolution)]
    scored: Iterator[tuple[float, Action]] = iter(())
    if kind == "evolve":
        free = state.free_card
        margin = PLAY_AT if free else _price(state, seat, free) / 2
        scored = ((play_value(state, seat, a.card, a.species) - margin, a) for a in plays)
    elif kind == DISCARD:
        scored = ((-sum(keep_value(state, seat, c) for c in a.cards), a) for a in legal if isinstance(a, DiscardCards))
    elif kind == PREY_CARD:
        scored = _prey_cards(state, seat, plays)
    elif kind in (ATTACK_CARD, DEFENCE_CARD):
        scored = _attack_cards(state, seat, plays)
    elif kind == "attack":
        scored = ((_attack_score(state, seat, a)[0], a) for a in legal if isinstance(a, Attack))
    for score, action in scored:
        yield action, score


def _best(scored: Iterator[tuple[float, Action]], otherwise: Action) -> Action:
    """The best-scored action when worth more than nothing (the earliest among equals), else ``otherwise``."""
    chosen: tuple[float, Action] = (0.0, otherwise)
    for score, action in scored:
        if score > chosen[0] + 1e-9:
            chosen = (score, action)
    return chosen[1]


def _price(state: GameState, seat: int, free: bool) -> float:
    return 0.0 if free else float(energy_of(state, seat))


def _evolve(state: GameState, seat: int, legal: tuple[Action, ...], plays: list[PlayEvolution]) -> Action:
    player = state.players[seat]
    exchanges = [a for a in legal if isinstance(a, ExchangeCards)]
    if exchanges:
        worth = sorted((keep_value(state, seat, c), c) for c in player.hand)
        if len(worth) >= 2 and worth[1][0] < EXCHANGE_BELOW:
            pair = tuple(sorted((worth[0][1], worth[1][1])))
            return ExchangeCards(seat, (pair[0], pair[1]))
    free = state.free_card
    price = _price(state, seat, free)
    # A paid card must be worth well over its price, and leave food for an attack.
    if not free and player.food < 2 * price:
        return Pass(seat)
    margin = PLAY_AT if free else price / 2
    return _best(((play_value(state, seat, a.card, a.species) - margin, a) for a in plays), Pass(seat))


def _discard(state: GameState, seat: int, options: list[DiscardCards]) -> Action:
    return min(options, key=lambda a: sum(keep_value(state, seat, c) for c in a.cards))


def _worth_hunting(state: GameState, seat: int) -> bool:
    return expected_hunt_value(state, seat) > HUNT_AT


def _with_card(species: Species, card: int) -> Species:
    return evolve(species, evolutions=(*species.evolutions, card))


def _prey_cards(state: GameState, seat: int, plays: list[PlayEvolution]) -> Iterator[tuple[float, Action]]:
    hunt = state.hunt
    assert hunt is not None
    before = hunt_value(state, hunt.hunter, hunt.prey)
    price = _price(state, seat, state.free_card)
    for action in plays:
        after = hunt_value(state, hunt.hunter, _with_card(hunt.prey, action.card))
        gain = after - before if seat == hunt.hunter else (before - after) * threat(state, seat, hunt.hunter)
        yield gain - 0.5 * keep_value(state, seat, action.card) - price - PLAY_AT, action


def _attack_cards(state: GameState, seat: int, plays: list[PlayEvolution]) -> Iterator[tuple[float, Action]]:
    attack = state.attack
    assert attack is not None
    attacker, defender = state.players[attack.attacker], state.players[attack.defender]
    before = attack_outlook(state, attacker.species, defender.species, defender.population)
    price = _price(state, seat, False)
    for action in plays:
        on_attacker = action.species == attacker.species.card
        mine = _with_card(attacker.species, action.card) if on_attacker else attacker.species
        theirs = defender.species if on_attacker else _with_card(defender.species, action.card)
        after = attack_outlook(state, mine, theirs, defender.population)
        change = (after[0] - before[0]) * population_worth(state, attack.defender) / 2 + (after[1] - before[1]) * 10
        gain = change if seat == attack.attacker else -change
        lasting = play_value(state, seat, action.card, action.species) / 2
        yield gain + lasting - price, action


def attack_move(state: GameState, seat: int, legal: Sequence[Action]) -> Action:
    """An extinction turn's move among ``legal``: the attack most likely to kill, else the most damaging, the weakest
    rival first, when it is worth its food; else a population point bought; else passing."""
    best: tuple[float, Action] | None = None
    for action in legal:
        if not isinstance(action, Attack):
            continue
        score, worth_it = _attack_score(state, seat, action)
        if worth_it and (best is None or score > best[0] + 1e-9):
            best = (score, action)
    if best is not None:
        return best[1]
    if BuyPopulation(seat) in legal:
        return BuyPopulation(seat)
    return Pass(seat)


def _attack_score(state: GameState, seat: int, action: Attack) -> tuple[float, bool]:
    """How much ``seat`` wants to make this attack (a likely kill first, then the most damage, the weakest rival
    before the others), and whether it is worth its food."""
    owner = state.owner(action.species)
    assert owner is not None
    target = state.players[owner]
    expected, kill = attack_outlook(state, state.players[seat].species, target.species, target.population)
    return 6 * kill + expected + 0.3 / target.population, expected >= ATTACK_DAMAGE or kill >= ATTACK_KILL


__all__ = ["RULES", "attack_move", "choose_action", "decide", "ranked"]
