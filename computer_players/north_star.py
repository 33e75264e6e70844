"""A computer player for North Star "Evolution": fast one-move heuristics, pure and deterministic.

It chooses only among ``ruleset.legal_actions(state, seat)`` and uses only what its seat may know: its own hand,
food-card pick and face-down traits, the face-up traits on the table, the watering hole, the food bank and the size
of the deck; never another hand, another player's face-down traits or food card, or the order of the deck.
Equal choices are broken by the order of the legal actions, so the same state always gives the same action.

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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules_core.engine import Ruleset
from rules_core.north_star import attack
from rules_core.north_star.actions import (
    Action,
    Attack,
    CreateSpecies,
    FinishCardPlay,
    IncreaseBodySize,
    IncreasePopulation,
    PlayTrait,
    ResolveRevealEffect,
    SelectFoodCard,
    StopFeeding,
    TakePlantFood,
    UseIntelligence,
)
from rules_core.north_star.cards import Trait, food_value, trait_of
from rules_core.north_star.phases import feeding, reveal
from rules_core.north_star.state import MAX_SIZE, GameState, Phase, RevealEffect, Species


@dataclass(frozen=True, slots=True)
class Weights:
    """The player's judgement, in points. The defaults were chosen by seeded self-play between variants."""

    #: How much less a round further away counts.
    discount: float = 0.9
    #: What a card kept in hand is worth while rounds remain; in the last round a kept card scores nothing.
    card_kept: float = 0.9
    #: A hand bigger than this is worth less per card (the spare cards will never all find a use).
    hand_comfort: float = 4.0
    #: The cost of filling a trait slot while rounds remain (a later, better trait would need a replacement).
    slot: float = 0.5
    #: How much a point of another player's counts against this player's own.
    rivals: float = 0.3
    #: What one more card dealt each further round is worth (each species brings one).
    card_flow: float = 0.3
    #: How much another player's plant demand is expected to grow per card they may still play this round (up to 4).
    growth: float = 0.4
    #: The plant food another player's food card is expected to add (players give up their high cards).
    food_card: float = 4.0
    #: What a plant food eaten by this seat's herbivores is worth when choosing the food card.
    plant: float = 1.5
    #: Feeding: a population kept at the end of the round, now and per later round (up to 4).
    population: float = 1.0
    population_later: float = 0.6
    #: Feeding: a trait kept on a surviving species, now and per later round (up to 4).
    trait: float = 1.0
    trait_later: float = 0.5
    #: Feeding: a card spent through Intelligence, in the last round and before.
    card_last_round: float = 0.1
    card_spent: float = 0.8


DEFAULT_WEIGHTS = Weights()


def choose_action(
    ruleset: Ruleset[Any, Any, Any], state: GameState, seat: int, weights: Weights = DEFAULT_WEIGHTS
) -> Action:
    """The computer player's move for ``seat``: one of ``ruleset.legal_actions(state, seat)``."""
    legal: tuple[Action, ...] = tuple(ruleset.legal_actions(state, seat))
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make")
    if len(legal) == 1:
        return legal[0]
    if state.phase is Phase.FOOD_CARDS:
        return _best(food_card_scores(state, seat, legal, weights))[1]
    if state.phase is Phase.PLAY_CARDS:
        return _or_else(card_play_scores(state, seat, legal, weights), FinishCardPlay)
    if state.phase is Phase.REVEAL_EFFECTS:
        return _best(reveal_scores(state, seat, legal))[1]
    return _or_else(feeding_scores(state, seat, legal, weights), StopFeeding)


def _best(scored: Iterable[tuple[float, Action]]) -> tuple[float, Action]:
    """The highest score; the earliest among equals (within rounding)."""
    best: tuple[float, Action] | None = None
    for score, action in scored:
        if best is None or score > best[0] + 1e-9:
            best = (score, action)
    if best is None:
        raise ValueError("nothing to choose from")
    return best


def _or_else(scored: list[tuple[float, Action]], fallback: type[FinishCardPlay | StopFeeding]) -> Action:
    """The best action if it is worth more than nothing, else ``fallback`` (finish, stop) when that is allowed."""
    best = _best(scored)
    if best[0] <= 0:
        for _, action in scored:
            if isinstance(action, fallback):
                return action
    return best[1]


def rounds_left(state: GameState) -> int:
    """This round and the rounds expected after it (the deal that needs a reshuffle starts the last round)."""
    if state.last_round:
        return 1
    if state.next_round_last:
        return 2
    per_round = sum(3 + len(p.species) for p in state.players)
    return 2 + len(state.deck) // max(1, per_round)


# ---------------------------------------------------------------------------------------------------------------
# The planner: what a row of species is worth for the rest of the game. Traits are bits of an int (fast).

BIT = {trait: 1 << index for index, trait in enumerate(Trait)}
AMBUSH = BIT[Trait.AMBUSH]
BURROWING = BIT[Trait.BURROWING]
CARNIVORE = BIT[Trait.CARNIVORE]
CLIMBING = BIT[Trait.CLIMBING]
COOPERATION = BIT[Trait.COOPERATION]
DEFENSIVE_HERDING = BIT[Trait.DEFENSIVE_HERDING]
FAT_TISSUE = BIT[Trait.FAT_TISSUE]
FERTILE = BIT[Trait.FERTILE]
FORAGING = BIT[Trait.FORAGING]
HARD_SHELL = BIT[Trait.HARD_SHELL]
HORNS = BIT[Trait.HORNS]
INTELLIGENCE = BIT[Trait.INTELLIGENCE]
LONG_NECK = BIT[Trait.LONG_NECK]
PACK_HUNTING = BIT[Trait.PACK_HUNTING]
SCAVENGER = BIT[Trait.SCAVENGER]
SYMBIOSIS = BIT[Trait.SYMBIOSIS]
WARNING_CALL = BIT[Trait.WARNING_CALL]

#: Traits that pay only on a bigger population, or a bigger body: a card play may be valued with that growth.
_WANT_POPULATION = FORAGING | LONG_NECK | COOPERATION | INTELLIGENCE | PACK_HUNTING | DEFENSIVE_HERDING | SCAVENGER
_WANT_BODY = CARNIVORE | FAT_TISSUE


@dataclass(frozen=True, slots=True)
class Plan:
    """A species as the planner sees it: body size, population, the traits this seat knows (bits of ``BIT``) and
    how many trait cards lie on it."""

    body: int
    pop: int
    traits: int
    cards: int


Row = tuple[Plan, ...]


def _plan(species: Species, *, own: bool) -> Plan:
    traits = 0
    for t in species.traits:
        if own or t.face_up:
            traits |= BIT[trait_of(t.card)]
    return Plan(species.body_size, species.population, traits, len(species.traits))


def exposure(attacker: Plan, row: Row, index: int) -> float:
    """How open the species at ``index`` of ``row`` is to ``attacker``: 0 (never), up to 1 (freely)."""
    target = row[index]
    a = attacker.traits
    size = attacker.body + (attacker.pop if a & PACK_HUNTING else 0)
    if size <= target.body:
        return 0.0
    t = target.traits
    if (
        not t & WARNING_CALL
        and not a & AMBUSH
        and (
            (index > 0 and row[index - 1].traits & WARNING_CALL)
            or (index + 1 < len(row) and row[index + 1].traits & WARNING_CALL)
        )
    ):
        return 0.0
    if (
        (t & HARD_SHELL and size <= target.body + 4)
        or (t & CLIMBING and not a & CLIMBING)
        or (t & DEFENSIVE_HERDING and attacker.pop <= target.pop)
        or (t & SYMBIOSIS and index + 1 < len(row) and row[index + 1].body > target.body)
    ):
        # Intelligence can pay its way past a defence with cards.
        return 0.25 if a & INTELLIGENCE else 0.0
    # Burrowing protects only once the species has eaten; Horns make attackers look elsewhere.
    open_ = 0.35 if t & BURROWING else 1.0
    return open_ * 0.5 if t & HORNS else open_


def share_out(supply: float, demands: Sequence[float]) -> list[float]:
    """Plant food shared out turn by turn: each hungry player takes in turn until satisfied (water filling)."""
    given = [0.0] * len(demands)
    left = max(0.0, supply)
    waiting = sorted((d, i) for i, d in enumerate(demands) if d > 0)
    while waiting and left > 1e-9:
        each = left / len(waiting)
        smallest, index = waiting[0]
        need = smallest - given[index]  # everyone still waiting has been given the same so far
        if need <= each:
            for _, i in waiting:
                given[i] += need
            left -= need * len(waiting)
            waiting = [(d, i) for d, i in waiting if d - given[i] > 1e-9]
        else:
            for _, i in waiting:
                given[i] += each
            left = 0.0
    return given


def plant_demand(row: Row) -> float:
    """Plant food a row wants from the watering hole (Long Neck feeds from the food bank instead)."""
    total = 0.0
    for s in row:
        if s.traits & CARNIVORE:
            continue
        neck = (2 if s.traits & FORAGING else 1) if s.traits & LONG_NECK else 0
        total += max(0, s.pop - neck)
    return total


@dataclass(frozen=True, slots=True)
class _Hunter:
    """A carnivore of another player: how many attacks it makes a round, and how widely it spreads them."""

    plan: Plan
    attacks: float
    #: Sum of exposure x body size over the species it might attack.
    weight: float


class Planner:
    """Estimates, for one seat, what its row of species is worth in points from now to the end of the game."""

    def __init__(self, state: GameState, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.seat = seat
        self.weights = weights
        me = state.players[seat]
        self.rounds = rounds_left(state)
        self.horizon = sum(weights.discount**k for k in range(self.rounds))
        self.final = self.rounds == 1
        crowded = min(1.0, weights.hand_comfort / max(1, len(me.hand)))
        self.card_kept = 0.0 if self.final else weights.card_kept * crowded
        self.slot = 0.0 if self.final else weights.slot
        self.limit = state.trait_limit
        self.hand = me.hand
        self.rows: list[Row] = [tuple(_plan(s, own=p.seat == seat) for s in p.species) for p in state.players]
        self.mine: Row = self.rows[seat]
        others = len(state.players) - 1
        #: The plant food this seat's own food card adds (expected, while it has not chosen one).
        self.own_card = food_value(me.food_card) if me.food_card is not None else weights.food_card
        #: Plant food expected on the watering hole at feeding this round.
        self.supply = state.watering_hole + self.own_card + others * weights.food_card

        def still_growing(seat_: int) -> bool:
            if state.phase is Phase.FOOD_CARDS:
                return True
            return state.phase is Phase.PLAY_CARDS and seat_ != seat and not state.players[seat_].done

        #: Each player's plant demand, with the growth still to come from the cards in their hands.
        self.demands = [
            plant_demand(row) + (weights.growth * min(len(p.hand), 4) if still_growing(p.seat) else 0.0)
            for p, row in zip(state.players, self.rows, strict=True)
        ]
        self.own_growth = self.demands[seat] - plant_demand(self.mine)
        carnivores = [s for row in self.rows for s in row if s.traits & CARNIVORE]
        #: Attacks a round on the table, for Scavenger.
        self.attacks = sum(max(1.0, c.pop / 2) for c in carnivores)
        self.hunters = [
            self._hunter(owner, c) for owner, row in enumerate(self.rows) if owner != seat for c in row
            if c.traits & CARNIVORE
        ]
        self._prey: dict[Plan, tuple[float, float]] = {}
        #: What one more card for a plan of several plays costs (set by card_play_scores: keeping it, the trait it
        #: would make, or the best other use of a card now).
        self.spare_cost: Callable[[int], float] = lambda card: self.card_kept

    # -- the table around this seat ---------------------------------------------------------------------------

    def _hunter(self, owner: int, carnivore: Plan) -> _Hunter:
        weight = 0.0
        biggest = 1
        for other, row in enumerate(self.rows):
            if other == owner:
                continue
            for index, prey in enumerate(row):
                e = exposure(carnivore, row, index)
                if e > 0:
                    weight += e * prey.body
                    biggest = max(biggest, prey.body)
        return _Hunter(carnivore, carnivore.pop / biggest, weight)

    def threat(self, row: Row, index: int) -> float:
        """Population this seat's species at ``index`` is expected to lose to other players' carnivores a round."""
        target = row[index]
        loss = 0.0
        for hunter in self.hunters:
            e = exposure(hunter.plan, row, index)
            if e > 0:
                w = e * target.body
                loss += hunter.attacks * w / max(hunter.weight, w)
        return min(float(target.pop), loss)

    def prey(self, carnivore: Plan) -> tuple[float, float]:
        """For a carnivore of this seat: (share of its population it can expect to feed, surplus meat ratio)."""
        cached = self._prey.get(carnivore)
        if cached is not None:
            return cached
        meat = 0.0
        for owner, row in enumerate(self.rows):
            if owner == self.seat:
                continue
            for index, prey in enumerate(row):
                e = exposure(carnivore, row, index)
                if e > 0:
                    meat += e * prey.pop * prey.body
        available = 0.5 * meat / (1.0 + 0.5 * len(self.hunters)) / carnivore.pop
        result = (min(1.0, available), max(0.0, min(1.0, available - 1.0)))
        self._prey[carnivore] = result
        return result

    # -- the worth of a row -------------------------------------------------------------------------------------

    def worth(self, row: Row) -> float:
        """What ``row`` (this seat's species, left to right, as they would be) is expected to bring in points."""
        demands = list(self.demands)
        mine = demands[self.seat] = plant_demand(row) + self.own_growth
        total = sum(demands)
        given = share_out(self.supply, demands)[self.seat]
        fed_share = given / mine if mine > 0 else 1.0
        surplus = max(0.0, min(1.0, (self.supply - total) / (mine + 1.0)))
        plenty = self.supply / total if total > 0 else 2.0
        lost, eaten = self.cannibalism(row)
        value = 0.0
        from_left = 0.0
        for index, s in enumerate(row):
            # Meat from its own species feeds a carnivore once: the prey does not grow back.
            value += min(float(s.pop), eaten[index])
            value += self._species_worth(row, index, fed_share, surplus, plenty, from_left, lost[index])
            from_left = self._feedings(s, fed_share) if s.traits & COOPERATION else 0.0
        return value

    def cannibalism(self, row: Row) -> tuple[list[float], list[float]]:
        """A hungry carnivore that may attack only its owner's own species must (seed 000): per species of the row,
        (population expected to be lost to its own carnivores each round, meat a carnivore eats that way)."""
        lost = [0.0] * len(row)
        eaten = [0.0] * len(row)
        for index, c in enumerate(row):
            if not c.traits & CARNIVORE:
                continue
            need = c.pop * (1.0 - self.prey(c)[0])
            if need <= 0.05:
                continue
            targets = [j for j in range(len(row)) if j != index and exposure(c, row, j) > 0]
            if not targets:
                continue
            each = need / sum(row[j].body for j in targets)  # attacks on each target, biggest meat first-ish
            for j in targets:
                taken = min(row[j].pop - lost[j], each)
                lost[j] += taken
                eaten[index] += taken * row[j].body
        return lost, eaten

    def _herbivore_share(self, s: Plan, fed_share: float, from_left: float) -> float:
        share = fed_share
        t = s.traits
        if t & FORAGING:
            share = min(1.0, share * 1.6)
        if t & LONG_NECK:
            neck = min(float(s.pop), 2.0 if t & FORAGING else 1.0)
            share = (neck + (s.pop - neck) * share) / s.pop
        if t & INTELLIGENCE and len(self.hand) > 1:
            share += 1.0 / s.pop
        return min(1.0, share + from_left / s.pop)

    def _feedings(self, s: Plan, fed_share: float) -> float:
        """How many times a round a species gets food (each sets off its Cooperation)."""
        if s.traits & CARNIVORE:
            return s.pop * self.prey(s)[0] / 2.0
        eaten = s.pop * self._herbivore_share(s, fed_share, 0.0)
        return eaten / 2.0 if s.traits & FORAGING else eaten

    def _species_worth(
        self, row: Row, index: int, fed_share: float, surplus: float, plenty: float, from_left: float, lost: float
    ) -> float:
        s = row[index]
        t = s.traits
        if t & CARNIVORE:
            share, extra = self.prey(s)
            share = min(1.0, share + from_left / s.pop)
        else:
            share = self._herbivore_share(s, fed_share, from_left)
            extra = surplus
        if t & SCAVENGER:
            share = min(1.0, share + self.attacks / s.pop)
        fed = max(0.0, s.pop * share - self.threat(row, index) - lost)
        alive = min(1.0, fed)
        value = self.horizon * fed + alive * (fed + s.cards)
        if t & FAT_TISSUE:
            value += self.horizon * 0.6 * min(s.body, 4) * max(extra, 0.15 if fed >= s.pop - 0.5 else 0.0)
        if t & FERTILE and not t & CARNIVORE and s.pop < MAX_SIZE:
            value += (self.horizon - 1.0) * 0.8 * max(0.0, min(1.0, 2.0 * (plenty - 0.8)))
        return value + alive * self.weights.card_flow * (self.rounds - 1)

    # -- what cards could do ------------------------------------------------------------------------------------

    def changed(self, index: int, *, traits: int | None = None, cards: int = 0, body: int = 0, pop: int = 0) -> Row:
        """This seat's row with the species at ``index`` changed."""
        s = self.mine[index]
        new = Plan(s.body + body, s.pop + pop, s.traits if traits is None else traits, s.cards + cards)
        return (*self.mine[:index], new, *self.mine[index + 1 :])

    def trait_gain(self, trait: Trait, base: float) -> float:
        """The most ``trait`` could add to this seat's worth as a trait (slot cost included, card cost not)."""
        bit = BIT[trait]
        best = float("-inf")
        for index, s in enumerate(self.mine):
            if s.traits & bit:
                continue
            if s.cards < self.limit:
                best = max(best, self.worth(self.changed(index, traits=s.traits | bit, cards=1)) - base - self.slot)
            else:
                for old in Trait:
                    if s.traits & BIT[old]:
                        row = self.changed(index, traits=(s.traits & ~BIT[old]) | bit)
                        best = max(best, self.worth(row) - base)
        return best

    def grown(self, row: Row, index: int, base: float, *, spare: list[int], body: bool, pop: bool) -> float:
        """The best worth of ``row``, as it is or with its species at ``index`` grown further by spare cards (up to
        3 body sizes and 2 populations), less what those cards are worth, over ``base``: the value of a plan of
        several plays (a new carnivore may need a bigger body, Foraging a bigger population)."""
        costs = sorted(self.spare_cost(c) for c in spare)
        paid = [0.0]
        for cost in costs:
            paid.append(paid[-1] + cost)
        s = row[index]
        best = self.worth(row) - base
        for more_body in range(min(3, MAX_SIZE - s.body) + 1 if body else 1):
            for more_pop in range(min(2, MAX_SIZE - s.pop) + 1 if pop else 1):
                cards = more_body + more_pop
                if cards == 0 or cards > len(costs):
                    continue
                changed = Plan(s.body + more_body, s.pop + more_pop, s.traits, s.cards)
                best = max(best, self.worth((*row[:index], changed, *row[index + 1 :])) - base - paid[cards])
        return best


# ---------------------------------------------------------------------------------------------------------------
# Phase 2: the food card.


def food_card_scores(
    state: GameState, seat: int, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS
) -> list[tuple[float, Action]]:
    """Each food card with its value: what its plant food brings this seat's herbivores (less what it brings the
    others) minus what the card is worth kept."""
    planner = Planner(state, seat, weights)
    base = planner.worth(planner.mine)
    gains: dict[Trait, float] = {}
    demands = [planner.demands[seat], *(d for i, d in enumerate(planner.demands) if i != seat)]
    scored: list[tuple[float, Action]] = []
    for action in legal:
        assert isinstance(action, SelectFoodCard)
        trait = trait_of(action.card)
        if trait not in gains:
            gains[trait] = planner.trait_gain(trait, base)
        keep = max(gains[trait], 0.5)
        given = share_out(planner.supply - planner.own_card + food_value(action.card), demands)
        feeds = weights.plant * given[0] - weights.rivals * sum(given[1:])
        scored.append((feeds - keep, action))
    return scored


# ---------------------------------------------------------------------------------------------------------------
# Phase 3: playing cards.


def card_play_scores(
    state: GameState, seat: int, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS
) -> list[tuple[float, Action]]:
    """Each legal card play with its value: how much it raises the planner's estimate, less the card's worth.
    Finishing is worth 0."""
    planner = Planner(state, seat, weights)
    base = planner.worth(planner.mine)
    index_of = {s.id: i for i, s in enumerate(state.players[seat].species)}
    cache: dict[tuple[Any, ...], float] = {}
    gains: dict[Trait, float] = {}
    # The best single growth now (a body size, a population, a new species): what any spare card could do instead
    # of serving a plan of several plays.
    growths = {_growth_key(a, index_of) for a in legal if isinstance(a, IncreaseBodySize | IncreasePopulation |
                                                                      CreateSpecies)}
    other_use = max((planner.worth(_grown(planner.mine, key)) - base for key in growths), default=0.0)
    planner.spare_cost = lambda card: max(planner.card_kept, other_use)

    def trait_value(action: PlayTrait) -> float:
        index = index_of[action.species]
        trait = trait_of(action.card)
        replaced = None if action.replace is None else trait_of(action.replace)
        key = ("trait", trait, index, replaced)
        if key in cache:
            return cache[key]
        s = planner.mine[index]
        bit = BIT[trait]
        if replaced is trait:  # the same trait again: nothing changes but a card is lost
            value = float("-inf")
        elif replaced is not None:
            value = planner.worth(planner.changed(index, traits=(s.traits & ~BIT[replaced]) | bit)) - base
        else:
            row = planner.changed(index, traits=s.traits | bit, cards=1)
            body = bool(bit & _WANT_BODY)
            pop = (bool(bit & _WANT_POPULATION) and not s.traits & CARNIVORE) or bit == CARNIVORE
            if body or pop:
                # What the trait adds to the best growth of this species the other cards allow.
                spare = [c for c in planner.hand if c != action.card]
                with_trait = planner.grown(row, index, base, spare=spare, body=body, pop=pop)
                without = planner.grown(planner.mine, index, base, spare=spare, body=body, pop=pop)
                value = with_trait - max(0.0, without)
            else:
                value = planner.worth(row) - base
            value -= planner.slot
        cache[key] = value
        return value

    for action in legal:
        if isinstance(action, PlayTrait):
            trait = trait_of(action.card)
            gains[trait] = max(gains.get(trait, float("-inf")), trait_value(action))

    def spent(card: int) -> float:
        """What discarding ``card`` gives up: keeping it, or the trait it would have made."""
        return max(planner.card_kept, gains.get(trait_of(card), float("-inf")))

    planner.spare_cost = lambda card: max(spent(card), other_use)
    scored: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, FinishCardPlay):
            score = 0.0
        elif isinstance(action, PlayTrait):
            # Among equal cards, play the one with the least plant food (keep the high ones for food cards).
            score = trait_value(action) - planner.card_kept - 0.001 * food_value(action.card)
        elif isinstance(action, IncreaseBodySize | IncreasePopulation | CreateSpecies):
            key = _growth_key(action, index_of)
            if key not in cache:
                row = _grown(planner.mine, key)
                value = planner.worth(row) - base
                if key[0] == "body":
                    spare = [c for c in planner.hand if c != action.card]
                    value = planner.grown(row, key[1], base, spare=spare, body=True, pop=False)
                cache[key] = value
            score = cache[key] - spent(action.card) - 0.001 * food_value(action.card)
        else:
            raise TypeError(f"not a card play: {action!r}")
        scored.append((score, action))
    return scored


def _growth_key(action: IncreaseBodySize | IncreasePopulation | CreateSpecies, index_of: dict[int, int]) -> tuple[
    str, Any
]:
    if isinstance(action, IncreaseBodySize):
        return ("body", index_of[action.species])
    if isinstance(action, IncreasePopulation):
        return ("pop", index_of[action.species])
    return ("new", action.side)


def _grown(row: Row, key: tuple[str, Any]) -> Row:
    kind, where = key
    if kind == "new":
        new = Plan(1, 1, 0, 0)
        return (new, *row) if where == "left" else (*row, new)
    s = row[where]
    if kind == "body":
        changed = Plan(s.body + 1, s.pop, s.traits, s.cards)
    else:
        changed = Plan(s.body, s.pop + 1, s.traits, s.cards)
    return (*row[:where], changed, *row[where + 1 :])


# ---------------------------------------------------------------------------------------------------------------
# Phase 4, step 1: the order of reveal effects.


def reveal_scores(state: GameState, seat: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Each effect tried first (the rest following in the default order), scored by the food, fat and population
    it leaves on this seat's species."""
    scored: list[tuple[float, Action]] = []
    for action in legal:
        assert isinstance(action, ResolveRevealEffect)
        after, _ = reveal.resolve(state, RevealEffect(seat, action.species, action.trait))
        for effect in [e for e in after.pending_effects if e.seat == seat]:
            after, _ = reveal.resolve(after, effect)
        player = after.players[seat]
        scored.append((float(sum(s.food + s.fat + s.population for s in player.species) + player.bag), action))
    return scored


# ---------------------------------------------------------------------------------------------------------------
# Phase 4, step 2: feeding.


class _Outlook:
    """What a state is worth at the end of this round's feeding, for each seat, from one seat's side."""

    def __init__(self, state: GameState, seat: int, weights: Weights) -> None:
        self.seat = seat
        self.rivals = weights.rivals
        rounds = rounds_left(state)
        later = min(rounds - 1, 4)
        #: A population kept: a point at the end and food in later rounds.
        self.population = weights.population + weights.population_later * later
        #: A trait kept on a surviving species.
        self.trait = weights.trait + weights.trait_later * later
        #: A card in hand (worth little in the last round).
        self.card = weights.card_last_round if rounds == 1 else weights.card_spent
        hunger = sum(s.population - s.food for _, s in state.all_species() if s.hungry and not s.is_carnivore)
        #: Chance a hungry non-carnivore still gets plant food this round.
        self.plants = 1.0 if hunger == 0 else min(1.0, state.watering_hole / hunger)
        #: Chance each hungry carnivore still gets meat this round.
        self.meat: dict[int, float] = {}
        for _, s in state.all_species():
            if s.is_carnivore and s.hungry:
                self.meat[s.id] = 0.6 if state.food_bank > 0 and _has_target(state, s) else 0.05

    def species(self, s: Species) -> float:
        chance = self.meat.get(s.id, 0.05) if s.is_carnivore else self.plants
        if s.food >= s.population:
            kept = float(s.population)
            alive = 1.0
        else:
            kept = s.food + (s.population - s.food) * chance
            alive = 1.0 if s.food > 0 else chance
        traits = len(s.traits)
        # A species that goes extinct hands its trait cards back as new cards (worth a little).
        return s.food + 0.9 * s.fat + kept * self.population + traits * (alive * self.trait + (1 - alive) * 0.6)

    def seat_worth(self, state: GameState, seat: int) -> float:
        player = state.players[seat]
        return player.bag + sum(self.species(s) for s in player.species)

    def worth(self, state: GameState) -> float:
        mine = self.seat_worth(state, self.seat)
        others = sum(self.seat_worth(state, p.seat) for p in state.players if p.seat != self.seat)
        return mine - self.rivals * others


def _has_target(state: GameState, carnivore: Species) -> bool:
    for _, target in state.all_species():
        if target.id != carnivore.id and not attack.obstacles(state, carnivore.id, target.id):
            return True
    return False


def _wounds(state: GameState, action: Attack) -> bool:
    return state.species(action.target).has(Trait.HORNS) and Trait.HORNS not in action.negate


def feeding_options(state: GameState, seat: int, legal: Sequence[Action]) -> list[Action]:
    """The feedings worth considering: no attack on its own species while anything else is allowed, and no attack
    into Horns by a carnivore that has another target."""
    mine = {s.id for s in state.players[seat].species}
    options = [a for a in legal if not (isinstance(a, Attack) and a.target in mine)]
    if not options:  # only attacks on its own species are left: the rules force one
        options = list(legal)
    safe = {a.carnivore for a in options if isinstance(a, Attack) and a.target not in mine and not _wounds(state, a)}
    return [a for a in options if not (isinstance(a, Attack) and a.carnivore in safe and _wounds(state, a))]


def feeding_scores(
    state: GameState, seat: int, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS
) -> list[tuple[float, Action]]:
    """Each feeding worth considering with its value: what this seat's species keep at the end of the round,
    less a share of what the others keep, less the cards spent. Stopping is worth 0."""
    outlook = _Outlook(state, seat, weights)
    now = outlook.worth(state)
    cache: dict[tuple[Any, ...], float] = {}
    scored: list[tuple[float, Action]] = []
    for action in feeding_options(state, seat, legal):
        if isinstance(action, StopFeeding):
            score = 0.0
        elif isinstance(action, TakePlantFood | Attack | UseIntelligence):
            key = _feeding_key(action)
            if key not in cache:
                cache[key] = outlook.worth(feeding.feed(state, action)[0]) - now + _tie_break(state, action)
            score = cache[key] - outlook.card * _cards_spent(action)
        else:
            raise TypeError(f"not a feeding: {action!r}")
        scored.append((score, action))
    return scored


def _feeding_key(action: TakePlantFood | Attack | UseIntelligence) -> tuple[Any, ...]:
    if isinstance(action, TakePlantFood):
        return ("plant", action.species)
    if isinstance(action, UseIntelligence):
        return ("intelligence", action.species)
    return ("attack", action.carnivore, action.target, action.negate)


def _cards_spent(action: Action) -> int:
    if isinstance(action, UseIntelligence):
        return 1
    if isinstance(action, Attack):
        return len(action.discards)
    return 0


def _tie_break(state: GameState, action: Action) -> float:
    """Among equal feedings: the hungriest species eats first; a carnivore takes the biggest meat."""
    if isinstance(action, TakePlantFood | UseIntelligence):
        s = state.species(action.species)
        return 0.001 * (s.population - s.food)
    if isinstance(action, Attack):
        return 0.001 * state.species(action.target).body_size
    return 0.0
