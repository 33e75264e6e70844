"""The planner: what a row of species is worth for the rest of the game. Traits are bits of an int (fast)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from computer_players.north_star.choosing import rounds_left
from computer_players.north_star.weights import DEFAULT_WEIGHTS, Weights
from rules_core.north_star.cards import Trait, food_value, trait_of
from rules_core.north_star.state import MAX_SIZE, GameState, Phase, Species

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
WANT_POPULATION = FORAGING | LONG_NECK | COOPERATION | INTELLIGENCE | PACK_HUNTING | DEFENSIVE_HERDING | SCAVENGER
WANT_BODY = CARNIVORE | FAT_TISSUE


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
            if seat_ == seat and state.playing_cards(seat):
                return False  # its plays are what is being weighed
            if state.phase is Phase.FOOD_CARDS:
                return True
            return state.phase is Phase.PLAY_CARDS and not state.players[seat_].done

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
            self._hunter(owner, c)
            for owner, row in enumerate(self.rows)
            if owner != seat
            for c in row
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
