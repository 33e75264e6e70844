"""Phase 4, step 2: feeding (seed 000, "2. A fajok etetése", "Ragadozók etetése", "Fontos etetési szabályok",
"3. Az etetés vége").

Starting with the first player and going clockwise, each player in turn MUST feed one of their hungry species
while one of them can eat: a non-carnivore takes plant food from the watering hole; a carnivore attacks. A player
may also use Intelligence, or store fat on a species that is no longer hungry (docs/rulings.md, "Optional
feeding"), and may stop feeding only when no hungry species of theirs can eat. A player with nothing to feed is
skipped. Feeding ends when no player can, or wants to, feed any more.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.north_star import attack
from rules_core.north_star.actions import Attack, StopFeeding, TakePlantFood, UseIntelligence, keep
from rules_core.north_star.cards import CARNIVORE, HORNS, INTELLIGENCE, Trait
from rules_core.north_star.events import Event, FeedingStopped, IntelligenceUsed
from rules_core.north_star.food import gain_food_at
from rules_core.north_star.setup import MAX_PLAYERS
from rules_core.north_star.state import GameState, Player, Species
from rules_core.north_star.traits import intelligence

FeedAction = TakePlantFood | Attack | UseIntelligence | StopFeeding
FEED_ACTIONS: tuple[type[TakePlantFood], type[Attack], type[UseIntelligence], type[StopFeeding]] = (
    TakePlantFood,
    Attack,
    UseIntelligence,
    StopFeeding,
)


def must_feed(state: GameState, seat: int) -> bool:
    """A hungry species of this seat can eat without any card: the player may not stop feeding."""
    # ``has(CARNIVORE)``, not the ``is_carnivore`` property, here, in ``can_feed`` and in ``legal`` (asked after
    # every feeding move): one call less per species.
    for species in state.players[seat].species:
        if species.hungry:
            carnivore = species.has(CARNIVORE)
            if _eats_freely(state, carnivore, attack.prey(state.players, species) if carnivore else ()):
                return True
    return False


def _eats_freely(state: GameState, carnivore: bool, prey: Iterable[tuple[Species, frozenset[Trait]]]) -> bool:
    """A hungry species can eat now without any card: a non-carnivore while the watering hole has plant food; a
    carnivore (with this ``prey``) while the food bank has meat and a free attack is open: with the bank empty it
    cannot eat, so it need not attack (seed 000, "muszáj ennie ha még éhes, és van még élelem": a species must eat
    while hungry and food remains)."""
    if not carnivore:
        return state.watering_hole > 0
    return state.food_bank > 0 and any(not needed for _, needed in prey)


def can_feed(state: GameState, seat: int) -> bool:
    """Any feeding action at all is open to this seat (cards may be needed)."""
    player = state.players[seat]
    for species in player.species:
        if species.room <= 0:
            continue
        if not species.has(CARNIVORE):  # plant food, or Intelligence's food from the bank
            if state.watering_hole > 0:
                return True
            if species.has(INTELLIGENCE) and player.hand and state.food_bank > 0:
                return True
            continue
        cards = len(player.hand) if species.has(INTELLIGENCE) else 0
        if any(len(needed) <= cards for _, needed in attack.prey(state.players, species)):
            return True
    return False


def next_turn(state: GameState, after: int) -> int | None:
    """The next seat clockwise after ``after`` (ending with ``after`` itself) that can still feed."""
    for seat in state.seats_from((after + 1) % len(state.players)):
        if not state.players[seat].done and can_feed(state, seat):
            return seat
    return None


def legal(state: GameState, seat: int) -> list[FeedAction]:
    """Every feeding ``refusal`` lets ``seat`` make, generated directly: a species that cannot eat more, or that is
    not hungry while a hungry one must eat, offers nothing; a carnivore offers its attacks (with the discards
    Intelligence needs), any other species plant food and Intelligence; stopping needs no hungry species that must
    eat. Each rule is the one ``refusal`` states; a property test checks both agree on every action. One look at
    each species, which also finds whether one must eat (``must_feed``): a carnivore's prey is listed once."""
    player = state.players[seat]
    open_to_food: list[tuple[Species, list[tuple[Species, frozenset[Trait]]] | None]] = []
    must = False
    for species in player.species:
        if species.room <= 0:  # a hungry species always has room
            continue
        prey = list(attack.prey(state.players, species)) if species.has(CARNIVORE) else None
        if not must and species.hungry:
            must = _eats_freely(state, prey is not None, prey or ())
        open_to_food.append((species, prey))
    found: list[FeedAction] = []
    hand: tuple[int, ...] | None = None
    for species, prey in open_to_food:
        if must and not species.hungry:
            continue
        if prey is not None:
            if hand is None:
                hand = tuple(sorted(player.hand))
            found.extend(_attacks(seat, species, prey, hand))
            continue
        if state.watering_hole > 0:
            take = _TAKES.get((seat, species.id))
            found.append(take or keep(_TAKES, (seat, species.id), TakePlantFood(seat, species.id), held=_TAKES_HELD))
        if species.has(INTELLIGENCE) and state.food_bank > 0:
            found.extend([UseIntelligence(seat, species.id, card) for card in sorted(set(player.hand))])
    if not must:
        found.append(_STOPS[seat])
    return found


# The feeding moves offered most, made once and handed out again (in later turns and games), as card plays are:
# plant food by seat and species, stopping by seat. Emptied at 4,096.
_TAKES: dict[tuple[int, int], TakePlantFood] = {}
_TAKES_HELD = 4096
_STOPS = tuple(StopFeeding(seat) for seat in range(MAX_PLAYERS))


def _attacks(
    seat: int, carnivore: Species, prey: list[tuple[Species, frozenset[Trait]]], hand: tuple[int, ...]
) -> Iterator[Attack]:
    """Every attack of ``carnivore`` on its ``prey``: free ones, those Intelligence opens by discarding one card per
    trait it negates, and, against Horns, those that also negate the Horns."""
    smart = carnivore.has(INTELLIGENCE)
    for target, needed in prey:
        if not needed:
            yield Attack(seat, carnivore.id, target.id)
        elif smart:
            yield from _discarding(seat, carnivore.id, target.id, needed, hand)
        if smart and target.has(HORNS):
            yield from _discarding(seat, carnivore.id, target.id, needed | {HORNS}, hand)


def _discarding(
    seat: int, carnivore: int, target: int, negate: frozenset[Trait], hand: tuple[int, ...]
) -> Iterator[Attack]:
    order = tuple(sorted(negate, key=lambda t: t.value))
    for discards in sorted(set(itertools.combinations(hand, len(order)))):
        yield Attack(seat, carnivore, target, discards, order)


def _hungry_first(state: GameState, seat: int, species: Species) -> Refusal | None:
    if not species.hungry and must_feed(state, seat):
        return IllegalAction(
            "you must feed a hungry species before storing fat", code="must_feed_hungry", species=species.id
        )
    return None


def _own(player: Player, species_id: int) -> Species | Refusal:
    species = player.species_by_id(species_id)
    if species is None:
        return IllegalAction("that is not one of your species", code="not_your_species", species=species_id)
    return species


def refusal(state: GameState, action: FeedAction) -> Refusal | None:
    seat = action.seat
    player = state.players[seat]
    if isinstance(action, StopFeeding):
        if must_feed(state, seat):
            return IllegalAction("a hungry species of yours can still eat: you must feed it", code="must_feed")
        return None
    species = _own(player, action.carnivore if isinstance(action, Attack) else action.species)
    if isinstance(species, Refusal):
        return species
    if species.room <= 0:
        return IllegalAction("that species cannot eat any more", code="species_full", species=species.id)
    if isinstance(action, TakePlantFood):
        if species.is_carnivore:
            return IllegalAction("a carnivore never eats plant food", code="carnivore_no_plants", species=species.id)
        if state.watering_hole <= 0:
            return IllegalAction("the watering hole is empty", code="watering_hole_empty")
        return _hungry_first(state, seat, species)
    if isinstance(action, UseIntelligence):
        if not species.has(INTELLIGENCE):
            return IllegalAction("that species has no Intelligence", code="no_intelligence", species=species.id)
        if species.is_carnivore:
            return IllegalAction(
                "an intelligent carnivore uses its cards while attacking", code="intelligence_carnivore"
            )
        if action.card not in player.hand:
            return IllegalAction("you do not hold that card", code="card_not_in_hand", card=action.card)
        if state.food_bank <= 0:
            return IllegalAction("the food bank is empty", code="food_bank_empty")
        return _hungry_first(state, seat, species)
    return _attack_refusal(state, player, species, action)


def _attack_refusal(state: GameState, player: Player, carnivore: Species, action: Attack) -> Refusal | None:
    if not carnivore.is_carnivore:
        return IllegalAction("only a carnivore attacks", code="not_carnivore", species=carnivore.id)
    try:
        target = state.species(action.target)
    except KeyError:
        return IllegalAction("there is no such species on the table", code="no_such_species", species=action.target)
    if target.id == carnivore.id:
        return IllegalAction("a carnivore cannot attack itself", code="self_attack")
    negate = set(action.negate)
    if action.negate or action.discards:
        if not carnivore.has(INTELLIGENCE):
            return IllegalAction("only Intelligence lets you discard cards to negate traits", code="no_intelligence")
        if len(action.discards) != len(action.negate) or len(negate) != len(action.negate):
            return IllegalAction("discard exactly one card for each trait you negate", code="discard_count")
        if list(action.negate) != sorted(negate, key=lambda t: t.value) or list(action.discards) != sorted(
            action.discards
        ):
            return IllegalAction("list negated traits and discards in order", code="not_canonical")
        hand = list(player.hand)
        for card in action.discards:
            if card not in hand:
                return IllegalAction("you do not hold that card", code="card_not_in_hand", card=card)
            hand.remove(card)
    found = attack.obstacles(state, carnivore.id, target.id)
    needed = {o.trait for o in found if o.negatable}
    for obstacle in found:
        if not obstacle.negatable or obstacle.trait not in negate:
            return IllegalAction(
                f"that species may not be attacked because of {obstacle.reason.replace('_', ' ')}",
                code="attack_blocked",
                reason=obstacle.reason,
            )
    for trait in negate:
        if trait not in intelligence.NEGATABLE or not target.has(trait):
            return IllegalAction("Intelligence cannot negate that", code="cannot_negate", trait=trait.value)
        if trait not in needed and trait is not HORNS:
            return IllegalAction("that trait does not stop this attack", code="needless_negation", trait=trait.value)
    return _hungry_first(state, player.seat, carnivore)


def feed(state: GameState, action: FeedAction) -> tuple[GameState, list[Event]]:
    seat = action.seat
    if type(action) is StopFeeding:
        return state.with_player(evolve(state.players[seat], done=True)), [FeedingStopped(seat)]
    if type(action) is TakePlantFood:
        index = state.players[seat].place(action.species)
        return gain_food_at(state, seat, index, 1, source="watering_hole", meat=False, cause="feeding")
    discards = (action.card,) if type(action) is UseIntelligence else action.discards
    if discards:  # most attacks discard nothing: no copy for them
        player = state.players[seat]
        hand = list(player.hand)
        for card in discards:
            hand.remove(card)
        state = state.with_player(evolve(player, hand=tuple(hand)), discard=state.discard + discards)
    if type(action) is UseIntelligence:
        state, events = intelligence.take_plant_food(state, action.species)
        return state, [IntelligenceUsed(seat, action.species, discards), *events]
    used: list[Event] = [IntelligenceUsed(seat, action.carnivore, discards)] if discards else []
    state, more = attack.resolve(
        state, seat=seat, carnivore_id=action.carnivore, target_id=action.target, negated=frozenset(action.negate)
    )
    return state, used + more
