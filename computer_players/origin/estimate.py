"""What a state is worth to one seat: each animal's points at the end of the game, times the chance it lives
through this turn.

An animal's points are what it scores if it survives (2, its traits, the extra points of Big, Carnivore and Parasite; a
paired trait counted half on each of its two animals), and while turns remain the card it brings at every deal. Its
chance to live: 0 if poisoned; 1 if fed (or if its yellow tokens can make it so); otherwise the food base (this turn's,
or in development the expected roll) is shared among the players as feeding does, a token each a round while they lack
food, and each player is taken to feed its cheapest animals first: an animal that would get all it lacks lives, one that
would get part of it lives with the square of that part. A hungry carnivore with prey in reach may also hunt: it eats
with a chance set by the least defended of its prey (its owner's carnivores sharing out the prey when they outnumber
it), and a meal of two tokens feeds it only if it lacks no more than that. The chance is then lowered by every other
player's carnivore that could attack the animal, each sharing its one attack among all it could attack (less so when
Running, Tail Loss, Mimicry or Poison answer). Cards in hand are worth a little while turns remain.

Seed 001's expansions: an animal with Kleptoplasty is worth 2 points less and feeds itself one token a turn; a
Trematode adds its point; a carnivore's reach already knows Flight and Shell (``attack.open_to``); Shell and the Ink
Cloud are answers to an attack like Running.

Against the search (issue 29) this judgement played too timidly and too greedily at once: a card in hand was worth
as much as the card an animal brings at every deal, so with a rival's carnivore about it kept its cards rather than
put a lone animal in reach, and passed turn after turn with few animals (so few cards dealt); and a carnivore's
hunt was a flat chance that fed it whatever it lacked, so it seldom built carnivores to eat undefended prey, yet
stacked Parasite and Big on the ones it had until one meal could no longer feed them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.origin import attack
from rules_core.origin.cards import Trait
from rules_core.origin.food import EXTRA_FOOD, is_fed, need
from rules_core.origin.phases.food_base import DICE
from rules_core.origin.state import Animal, GameState, Phase, Player, ready
from rules_core.origin.traits import carnivore, kleptoplasty, trematode

#: What an animal is worth for the card it brings at every deal while turns remain.
CARD = 0.6
#: What a card kept in hand is worth while turns remain (it may become an animal or a trait later): less than the
#: card an animal brings, else a player with a rival's carnivore about keeps its cards instead of playing animals.
HAND = 0.3
#: The chance a carnivore able to attack does attack somebody this turn (it picks one of its possible prey).
THREAT = 0.8
#: A hungry carnivore with prey in reach that has no defence: its chance to eat this turn (the prey's defences lower
#: it as they lower a threat, ``_defended``).
HUNT = 0.9


def points(state: GameState, player: Player, animal: Animal) -> float:
    links = sum(1 for link in player.links if link.joins(animal.id))
    cards = 0.0 if state.last_turn else CARD
    penalty = kleptoplasty.PENALTY if animal.has(kleptoplasty.TRAIT) else 0
    worms = trematode.EXTRA * animal.trematodes / 2
    return 2 + sum(1 + EXTRA_FOOD.get(t.trait, 0) for t in animal.traits) + links / 2 + worms + cards - penalty


def expected_base(state: GameState) -> float:
    if state.phase is Phase.FEEDING:
        return state.food_base
    dice, bonus = DICE[len(state.players)]
    return 3.5 * dice + bonus


def lack(animal: Animal) -> int:
    """Tokens still missing, after its yellow tokens are turned into food."""
    if animal.hibernating:
        return 0
    own = 1 if ready(animal, kleptoplasty.TRAIT) else 0  # its plastids feed it once a turn
    return max(0, need(animal) - animal.food - animal.fat - own)


def shares(base: float, lacking: dict[int, int]) -> dict[int, float]:
    """The food base shared out as feeding does, one token a player a round: every player still lacking food gets
    an equal part, and what a player does not need goes to the others."""
    share: dict[int, float] = dict.fromkeys(lacking, 0.0)
    hungry = sorted((need_, seat) for seat, need_ in lacking.items() if need_ > 0)
    left = base
    while hungry and left > 0:
        part = left / len(hungry)
        least, seat = hungry[0]
        if least <= part:
            share[seat] = float(least)
            left -= least
            hungry.pop(0)
        else:
            for _, other in hungry:
                share[other] = part
            left = 0
    return share


def _fed_chances(state: GameState) -> dict[int, float]:
    """Each animal's chance to be fed by the end of feeding, from the food base alone."""
    lacking = {p.seat: sum(lack(a) for a in p.animals) for p in state.players}
    tokens_of = shares(expected_base(state), lacking)
    chances: dict[int, float] = {}
    for player in state.players:
        tokens = tokens_of[player.seat]
        for animal in sorted(player.animals, key=lack):
            missing = lack(animal)
            if missing == 0:
                chances[animal.id] = 1.0
                continue
            given = min(tokens, missing)
            tokens -= given
            chances[animal.id] = (given / missing) ** 2
    return chances


@dataclass(frozen=True, slots=True)
class Outlook:
    seat: int
    fed: dict[int, float]
    #: Each carnivore that may attack, with its owner and the animals of other players it could attack.
    hunters: tuple[tuple[int, int, frozenset[int]], ...]
    #: Each of those carnivores' chance to eat this turn, if hungry.
    hunts: dict[int, float]
    #: The turn being judged is over: every animal still in play lived through it.
    survived: bool = False

    @staticmethod
    def of(state: GameState, seat: int, *, survived: bool = False) -> Outlook:
        hunters = []
        hunts: dict[int, float] = {}
        for owner, a in state.all_animals():
            if not a.has(Trait.CARNIVORE):
                continue
            if state.phase is not Phase.DEVELOPMENT and not carnivore.may_attack(state.players[owner], a):
                continue
            prey: list[int] = []
            easiest = 0.0
            for p in state.players:
                if p.seat == owner:
                    continue
                for b in p.animals:
                    if attack.open_to(state.players[owner], a, p, b):
                        prey.append(b.id)
                        easiest = max(easiest, _defended(b))
            if prey:
                hunters.append((owner, a.id, frozenset(prey)))
                hunts[a.id] = HUNT * easiest
        for owner, hunter, reach in hunters:
            pack = sum(1 for other, _, _ in hunters if other == owner)
            if pack > len(reach):  # more carnivores than prey: not every one of them eats
                hunts[hunter] *= len(reach) / pack
        return Outlook(seat, _fed_chances(state), tuple(hunters), hunts, survived)

    def alive(self, player: Player, animal: Animal) -> float:
        if animal.poisoned:
            return 0.0
        if self.survived:
            return 1.0
        fed = 1.0 if is_fed(animal) else self.fed[animal.id]
        hunt = self.hunts.get(animal.id)
        if fed < 1.0 and hunt is not None:
            missing = lack(animal)
            if missing > carnivore.MEAL:  # one meal a turn: it feeds only part of a bigger need
                hunt *= (carnivore.MEAL / missing) ** 2
            fed = max(fed, hunt)
        safe = 1.0
        for _, _, prey in self.hunters:
            if animal.id in prey:
                safe *= 1 - THREAT / len(prey) * _defended(animal)
        return fed * safe

    def worth(self, state: GameState, player: Player) -> float:
        cards = 0.0 if state.last_turn else HAND * len(player.hand)
        return cards + sum(self.alive(player, a) * points(state, player, a) for a in player.animals)


def _defended(animal: Animal) -> float:
    """How much of an attack's danger is left once the animal's own answers are counted."""
    left = 1.0
    if animal.has(Trait.RUNNING):
        left *= 0.5
    if animal.has(Trait.TAIL_LOSS):
        left *= 0.3
    if animal.has(Trait.MIMICRY) and not animal.attacked:
        left *= 0.6
    if animal.has(Trait.POISONOUS):
        left *= 0.7
    if ready(animal, Trait.INK_CLOUD):
        left *= 0.1
    if animal.has(Trait.SHELL):
        left *= 0.3
    return left


def value(state: GameState, seat: int, *, survived: bool = False) -> float:
    """The seat's worth (``survived``: judged after the turn in question). The rivals' worth is left out: counted
    against the seat's own, it made the player spiteful (stomping, attacking for the harm) and, in seeded self-play
    against random players, scored a third less."""
    return Outlook.of(state, seat, survived=survived).worth(state, state.players[seat])
