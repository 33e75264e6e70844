"""The development phase (seed 003, "Фаза розвитку"; "Здібності тварин").

In rounds from the first player, clockwise, each player plays ONE card from their hand, or passes. A card is played
face down as a new animal, or face up as a trait under an animal; a card with two traits is played as one of them,
for good. Traits go only on one's own animals, except Parasite, which goes only on another player's animal; no
animal has the same trait twice, except Fat Tissue (and paired traits, which join different pairs: ``pairs.py``);
Scavenger and Carnivore never share an animal. A paired trait joins two of one's own animals. A player who passes
plays no more cards this phase, and one with no card left must pass. When everybody has passed, the food base is
rolled.

Seed 001: an Anglerfish is played only as an animal ("nie może być cechą"); Trematode joins two animals of one rival;
Immunity keeps parasites off (and goes on no infested animal); an animal has one Specialization at most.
"""

from __future__ import annotations

from rules_core.copying import evolve, maker
from rules_core.errors import IllegalAction, Refusal
from rules_core.origin import pairs
from rules_core.origin.actions import DevelopAction, Pass, PlayAnimal, PlayPairedTrait, PlayTrait
from rules_core.origin.cards import FAT_TISSUE, Trait, traits_of
from rules_core.origin.events import AnimalPlayed, Event, PairedTraitPlayed, Passed, TraitPlayed
from rules_core.origin.state import DEVELOPMENT, Animal, GameState, Link, Player, TraitCard
from rules_core.origin.traits import anglerfish, immunity, parasite, scavenger, specialization, trematode

#: Seed 003: "на одну й ту ж тварину не можна зіграти дві однакові здібності (за винятком парних здібностей та
#: ЖИРОВОГО ЗАПАСУ)".
STACKING = frozenset({FAT_TISSUE})


def start(state: GameState) -> GameState:
    players = tuple(evolve(p, passed=False) for p in state.players)
    return evolve(state, phase=DEVELOPMENT, players=players, active=state.first_player)


def trait_misfit(seat: int, owner: int, animal: Animal, trait: Trait) -> str | None:
    """Why ``seat`` may not play ``trait`` on ``animal`` of ``owner`` (a refusal code), or None."""
    if trait is anglerfish.TRAIT:
        return "anglerfish_is_an_animal"
    if trait is parasite.TRAIT:
        if not parasite.may_play(seat, owner):
            return "parasite_on_own"
    elif owner != seat:
        return "not_your_animal"
    return conflict(animal, trait)


def _clash(trait: Trait, other: Trait) -> str | None:
    """Why ``trait`` may not lie on an animal that has ``other`` (a refusal code), or None."""
    if other is trait and trait not in STACKING:
        return "duplicate_trait"
    if scavenger.excludes(trait, other):
        return "scavenger_carnivore"
    if specialization.excludes(trait, other):
        return "two_specializations"
    return None


#: For each trait, the traits it may not lie with and the refusal code of each (:func:`_clash`), worked out once:
#: the card plays listed ask it of every animal for every card in hand.
_CLASHES: dict[Trait, tuple[tuple[Trait, ...], tuple[str, ...]]] = {
    trait: (
        tuple(other for other in Trait if _clash(trait, other) is not None),
        tuple(code for other in Trait if (code := _clash(trait, other)) is not None),
    )
    for trait in Trait
}


def conflict(animal: Animal, trait: Trait) -> str | None:
    """Why ``trait`` may not join the traits already on ``animal`` (a refusal code), or None."""
    others, codes = _CLASHES[trait]
    for t in animal.traits:
        if t.trait in others:
            return codes[others.index(t.trait)]
    if immunity.forbids(animal, trait):
        return "immune"
    return None


# The plays built by their constructors called directly (``copying.maker``): a listing builds a dozen or more.
_PLAY_TRAIT = maker(PlayTrait)
_PLAY_PAIRED_TRAIT = maker(PlayPairedTrait)
_PLAY_ANIMAL = maker(PlayAnimal)


def candidates(state: GameState, seat: int) -> list[DevelopAction]:
    """Every legal card play of ``seat``, card by card (:func:`card_plays`), then passing."""
    # Lists, not generators: a listing makes a dozen plays or more, and each item passed up through a ``yield from``
    # cost about a tenth of the play itself.
    plays: list[DevelopAction] = []
    for card in sorted(set(state.players[seat].hand)):
        plays += card_plays(state, seat, card)
    plays.append(Pass(seat))
    return plays


def card_plays(state: GameState, seat: int, card: int) -> list[DevelopAction]:
    """Every legal play of ``card`` (a card of ``seat``'s hand): the rules of ``refusal``, looked at animal by animal
    only where they may hold (one's own animals, the others' for Parasite)."""
    player = state.players[seat]
    plays: list[DevelopAction] = [_PLAY_ANIMAL(seat, card)]
    for trait in traits_of(card):
        if trait is trematode.TRAIT:
            for rival in state.players:
                if trematode.may_play(seat, rival.seat):
                    for first, second in pairs.joinable(rival, trait):
                        plays.append(_PLAY_PAIRED_TRAIT(seat, card, trait, first, second))
            continue
        if trait in pairs.PAIRED:
            for first, second in pairs.joinable(player, trait):
                plays.append(_PLAY_PAIRED_TRAIT(seat, card, trait, first, second))
            continue
        if trait is anglerfish.TRAIT:
            continue
        owners = [p for p in state.players if p.seat != seat] if trait is parasite.TRAIT else [player]
        # :func:`conflict` of each animal, without a call per animal: the traits that clash with this one, and
        # Immunity's rule only for the traits it concerns.
        others = _CLASHES[trait][0]
        guarded = trait in immunity.CONCERNS
        for owner in owners:
            for animal in owner.animals:
                for t in animal.traits:
                    if t.trait in others:
                        break
                else:
                    if not (guarded and immunity.forbids(animal, trait)):
                        plays.append(_PLAY_TRAIT(seat, card, trait, animal.id))
    return plays


_MESSAGES = {
    "parasite_on_own": "Parasite goes only on another player's animal",
    "not_your_animal": "traits go only on your own animals",
    "duplicate_trait": "an animal may not have the same trait twice",
    "scavenger_carnivore": "Scavenger and Carnivore may not share an animal",
    "same_animal": "a paired trait joins two different animals",
    "not_canonical": "name the two animals in order of their ids",
    "duplicate_pair": "these two animals are already joined by that trait",
    "anglerfish_is_an_animal": "an Anglerfish is played only as an animal",
    "two_specializations": "an animal may not have two different Specializations",
    "immune": "Immunity keeps every parasite off that animal, and goes on no animal with one",
    "trematode_on_own": "Trematode goes only on two animals of one rival",
}


def refusal(state: GameState, action: DevelopAction) -> Refusal | None:
    if isinstance(action, Pass):
        return None
    player = state.players[action.seat]
    if action.card not in player.hand:
        return IllegalAction("you do not hold that card", code="card_not_in_hand", card=action.card)
    if isinstance(action, PlayAnimal):
        return None
    if action.trait not in traits_of(action.card):
        return IllegalAction("that card has no such trait", code="trait_not_on_card", trait=action.trait.value)
    if isinstance(action, PlayPairedTrait):
        if action.trait not in pairs.PAIRED:
            return IllegalAction("that trait is not a paired one", code="not_paired", trait=action.trait.value)
        owner = _pair_owner(state, action)
        code = pairs.misfit(owner, action.trait, action.first, action.second)
        if code is None and action.trait is trematode.TRAIT and not trematode.may_play(action.seat, owner.seat):
            code = "trematode_on_own"
    else:
        if action.trait in pairs.PAIRED:
            return IllegalAction("a paired trait joins two animals", code="paired_trait", trait=action.trait.value)
        animal = state.find(action.animal)
        if animal is None:
            return IllegalAction("there is no such animal in play", code="no_such_animal", animal=action.animal)
        code = trait_misfit(action.seat, state.locate(animal.id)[0], animal, action.trait)
    if code is None:
        return None
    return IllegalAction(_MESSAGES[code], code=code, trait=action.trait.value)


def _pair_owner(state: GameState, action: PlayPairedTrait) -> Player:
    """Whose animals a paired trait joins: the player's own, or for Trematode those of the rival who owns
    ``first``."""
    if action.trait is trematode.TRAIT and state.find(action.first) is not None:
        return state.players[state.locate(action.first)[0]]
    return state.players[action.seat]


def play(state: GameState, action: DevelopAction) -> tuple[GameState, list[Event]]:
    """Carry out a legal card play or pass; the next player who has not passed is then to play."""
    seat = action.seat
    player = state.players[seat]
    # The players changed are written into one copy of the state, with the next player to play.
    players = list(state.players)
    next_animal_id = state.next_animal_id
    events: list[Event]
    if isinstance(action, Pass):
        players[seat] = evolve(player, passed=True)
        events = [Passed(seat, "development")]
    else:
        hand = list(player.hand)
        hand.remove(action.card)
        if isinstance(action, PlayAnimal):
            animal = Animal(next_animal_id, action.card)
            players[seat] = player.with_new_animal(animal, hand=tuple(hand))
            next_animal_id += 1
            events = [AnimalPlayed(seat, animal.id)]
        elif isinstance(action, PlayPairedTrait):
            players[seat] = evolve(player, hand=tuple(hand))
            rival = players[_pair_owner(state, action).seat]
            link = Link(action.card, action.trait, action.first, action.second)
            animals = rival.animals
            if action.trait is trematode.TRAIT:
                joined = (action.first, action.second)
                animals = tuple(evolve(a, trematodes=a.trematodes + 1) if a.id in joined else a for a in animals)
            players[rival.seat] = evolve(rival, links=(*rival.links, link), animals=animals)
            events = [PairedTraitPlayed(seat, action.card, action.trait, action.first, action.second, rival.seat)]
        else:
            owner, index = state.locate(action.animal)
            table = list(players[owner].animals)
            animal = table[index]
            table[index] = evolve(animal, traits=(*animal.traits, TraitCard(action.card, action.trait)))
            if owner == seat:  # one's own animal (all but Parasite): the hand and the table in one copy
                players[seat] = evolve(player, hand=tuple(hand), animals=tuple(table))
            else:
                players[seat] = evolve(player, hand=tuple(hand))
                players[owner] = evolve(players[owner], animals=tuple(table))
            events = [TraitPlayed(seat, action.card, action.trait, animal.id, owner)]
    after = tuple(players)
    return evolve(state, players=after, next_animal_id=next_animal_id, active=_next_to_play(after, seat)), events


def _next_to_play(players: tuple[Player, ...], after: int) -> int | None:
    """The next seat clockwise after ``after`` (ending with ``after`` itself) that has not passed."""
    n = len(players)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not players[seat].passed:
            return seat
    return None


def empty_handed(state: GameState) -> bool:
    """The player to play holds no card: they must pass."""
    return state.active is not None and not state.players[state.active].hand
