"""The position format of the original "Evolution": a mid-game position as JSON, like North Star's (and chess's
FEN). Described in docs/position-format.md ("The original Evolution").

A card in a hand, the deck or the discard pile is written ``"<kind>#<id>"`` (``"poisonous/carnivore#40"``; the kind
of a single-trait card is its trait, ``"swimming#3"``). A trait card under an animal is written by the trait it was
played as, ``"carnivore#40"``, with ``":used"`` when it is turned sideways. Without ``#<id>`` any free card of that
kind (or, failing that, any free card that has that trait) will do: the loader takes the lowest such id. An animal's
own card may be left out (any free card). When ``deck`` is left out, every card not placed elsewhere forms the deck,
shuffled with the position's seed. ``dump`` always writes explicit ids, so ``dump(load(dump(s))) == dump(s)``.

Seed 001: a revealed Anglerfish's card lies among its traits as ``"carnivore#<id>"`` and the animal has no ``card``
of its own; Shells on the table, standing orders and an animal hidden in its Shell or fasting have fields of their
own; an animal's Trematode count comes from the paired traits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_core.codec import decode, encode, field, made_field
from rules_core.copying import evolve
from rules_core.engine import read_option_values
from rules_core.errors import MalformedInput
from rules_core.interrupts import Interrupts
from rules_core.origin.cards import Trait, kind_name, traits_of
from rules_core.origin.food import fat_room
from rules_core.origin.pairs import PAIRED, misfit
from rules_core.origin.phases.development import conflict
from rules_core.origin.setup import MAX_PLAYERS, MIN_PLAYERS, OPTION_SPECS, cards_of_game, read
from rules_core.origin.state import Animal, Frame, GameState, Link, Orders, Phase, Player, TraitCard
from rules_core.origin.traits import anglerfish
from rules_core.rng import Rng

FORMAT = "evolution-position/1"
RULESET = "origin"
_USED = ":used"


def card_name(card: int) -> str:
    return f"{kind_name(traits_of(card))}#{card}"


def trait_name(t: TraitCard) -> str:
    return f"{t.trait.value}#{t.card}" + (_USED if t.used else "")


def dump(state: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "ruleset": RULESET,
        "options": {
            "two_decks": state.options.two_decks,
            "time_to_fly": state.options.time_to_fly,
            "darwins_day": state.options.darwins_day,
            "tie_break": state.options.tie_break.value,
        },
        "turn": state.turn,
        "phase": state.phase.value,
        "first_player": state.first_player,
        "active": state.active,
        "food_base": state.food_base,
        "last_turn": state.last_turn,
        "took": state.took,
        "acted": state.acted,
        "players": [
            {
                "name": p.name,
                "passed": p.passed,
                "hand": [card_name(c) for c in p.hand],
                "animals": [_dump_animal(a) for a in p.animals],
                "links": [
                    {
                        "trait": link.trait.value,
                        "card": card_name(link.card),
                        "animals": [link.first, link.second],
                        "used": link.used,
                    }
                    for link in p.links
                ],
                "orders": {"ambush": list(p.orders.ambush), "anglerfish": p.orders.anglerfish},
                "discarded": p.discarded,
                "tie_rolls": list(p.tie_rolls),
                "animals_made": list(p.animals_made),
            }
            for p in state.players
        ],
        "shells": [card_name(c) for c in state.shells],
        "deck": [card_name(c) for c in state.deck],
        "discard": [card_name(c) for c in state.discard],
        "interrupts": encode(state.interrupts, Interrupts[Frame]),
        "next_animal_id": state.next_animal_id,
        "rng": {"seed": state.rng.seed, "draws": state.rng.draws, "script": list(state.rng.script)},
        "version": state.version,
    }


def _dump_animal(a: Animal) -> dict[str, Any]:
    data: dict[str, Any] = {"id": a.id}
    if not anglerfish.own_card(a):
        data["card"] = card_name(a.card)
    data.update(
        traits=[trait_name(t) for t in a.traits],
        food=a.food,
        fat=a.fat,
        hibernating=a.hibernating,
        hibernated_last_turn=a.hibernated_last_turn,
        attacked=a.attacked,
        poisoned=a.poisoned,
        in_shell=a.in_shell,
        fasting=a.fasting,
    )
    return data


def _printed(card: int, *, trait: bool) -> set[str]:
    """The names a card may be written by: as a trait, each trait it carries (an Anglerfish's, Carnivore once
    revealed); else its kind."""
    if not trait:
        return {kind_name(traits_of(card))}
    names = {t.value for t in traits_of(card)}
    return names | {Trait.CARNIVORE.value} if anglerfish.is_anglerfish(card) else names


class _Cards:
    """Hands out card ids for card names, each id once; names without an id are served after every explicit one."""

    def __init__(self, ids: Sequence[int]) -> None:
        self.ids = ids
        self.used: set[int] = set()
        self.wanted: list[tuple[str, list[Any], int]] = []

    def parse(self, name: Any, into: list[Any], *, trait: bool) -> None:
        """Read a card name into ``into`` (a card id, or a placeholder filled by ``settle``)."""
        if not isinstance(name, str):
            raise MalformedInput(f"a card is a string like 'swimming#3', not {name!r}", code="bad_card")
        kind, _, number = name.partition("#")
        if not number:
            self._known(kind, name, trait=trait)
            self.wanted.append((kind, into, len(into)))
            into.append(None)
            return
        if not number.isdigit() or int(number) not in self.ids:
            raise MalformedInput(f"there is no card {name!r}", code="bad_card", card=name)
        card = int(number)
        if kind not in _printed(card, trait=trait):
            raise MalformedInput(f"there is no card {name!r}", code="bad_card", card=name)
        if card in self.used:
            raise MalformedInput(f"card {name!r} appears twice", code="duplicate_card", card=name)
        self.used.add(card)
        into.append(card)

    def _known(self, kind: str, name: str, *, trait: bool) -> None:
        kinds = {kind_name(traits_of(c)) for c in self.ids}
        if kind not in kinds and kind not in {t.value for t in Trait}:
            raise MalformedInput(f"no card is called {name!r}", code="bad_card", card=name)

    def settle(self) -> None:
        """Give every name without an id the lowest free card of its kind, else one that has that trait."""
        for kind, into, index in self.wanted:
            into[index] = self._any(kind)

    def _any(self, kind: str) -> int:
        for exact in (True, False):
            for card in self.ids:
                printed = traits_of(card)
                fits = kind_name(printed) == kind if exact else kind in {t.value for t in printed}
                if fits and card not in self.used:
                    self.used.add(card)
                    return card
        raise MalformedInput(f"no {kind} card is left", code="too_many_cards", kind=kind)

    def free(self) -> int:
        for card in self.ids:
            if card not in self.used:
                self.used.add(card)
                return card
        raise MalformedInput("no card is left for an animal", code="too_many_cards", kind="")


def _trait(value: Any, field: str) -> Trait:
    try:
        return Trait(value)
    except ValueError:
        raise MalformedInput(f"no trait called {value!r}", code="bad_field", field=field) from None


def load(data: Mapping[str, Any]) -> GameState:
    if not isinstance(data, Mapping):
        raise MalformedInput("a position is a JSON object", code="bad_position")
    if data.get("format", FORMAT) != FORMAT or data.get("ruleset", RULESET) != RULESET:
        raise MalformedInput(f"not a {FORMAT} position of {RULESET}", code="bad_format")
    raw_players = field(data, "players", list)
    if not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
        raise MalformedInput(f"a position has {MIN_PLAYERS} to {MAX_PLAYERS} players", code="player_count")
    options = read(read_option_values(OPTION_SPECS, field(data, "options", Mapping, {})))
    cards = _Cards(cards_of_game(options, len(raw_players)))

    def names(raw: Sequence[Any], *, trait: bool = False) -> list[Any]:
        out: list[Any] = []
        for name in raw:
            cards.parse(name, out, trait=trait)
        return out

    read_players = []
    for raw in raw_players:
        if not isinstance(raw, Mapping):
            raise MalformedInput("each player is a JSON object", code="bad_player")
        hand = names(field(raw, "hand", list, []))
        animals = []
        for a in field(raw, "animals", list, []):
            if not isinstance(a, Mapping):
                raise MalformedInput("each animal is a JSON object", code="bad_animal")
            raw_traits = field(a, "traits", list, [])
            used = [isinstance(t, str) and t.endswith(_USED) for t in raw_traits]
            plain = [t.removesuffix(_USED) if isinstance(t, str) else t for t in raw_traits]
            own = names([a["card"]]) if "card" in a else []
            animals.append((a, names(plain, trait=True), used, own))
        links = []
        for link in field(raw, "links", list, []):
            if not isinstance(link, Mapping):
                raise MalformedInput("each paired trait is a JSON object", code="bad_link")
            trait = _trait(field(link, "trait", str), "links")
            card = names([link.get("card", trait.value)])
            links.append((link, trait, card))
        read_players.append((raw, hand, animals, links))
    discard = names(field(data, "discard", list, []))
    shells = names(field(data, "shells", list, []))
    deck = names(field(data, "deck", list)) if "deck" in data else None
    cards.settle()
    for _, _, animals, _ in read_players:
        for _, traits, _, own in animals:
            if not own:
                revealed = [c for c in traits if anglerfish.is_anglerfish(c)]
                own.append(revealed[0] if revealed else cards.free())

    rng_raw = field(data, "rng", Mapping, {"seed": 0})
    rng = Rng(
        field(rng_raw, "seed", int, 0),
        field(rng_raw, "draws", int, 0),
        tuple(field(rng_raw, "script", list, [])),
    )
    if deck is None:
        shuffled, rng = rng.shuffled([c for c in cards.ids if c not in cards.used])
        deck = list(shuffled)
    elif len(cards.used) != len(cards.ids):
        raise MalformedInput(
            f"the position places {len(cards.used)} of the {len(cards.ids)} cards: every card must be somewhere",
            code="card_count",
        )

    players = []
    animal_ids: set[int] = set()
    made_ids: set[int] = set()
    for seat, (raw, hand, animals, links) in enumerate(read_players):
        table = []
        for a, traits, used, own in animals:
            animal = Animal(
                id=field(a, "id", int),
                card=own[0],
                traits=tuple(
                    TraitCard(card, _trait(name.removesuffix(_USED).partition("#")[0], "traits"), flag)
                    for card, name, flag in zip(traits, field(a, "traits", list, []), used, strict=True)
                ),
                food=field(a, "food", int, 0),
                fat=field(a, "fat", int, 0),
                hibernating=field(a, "hibernating", bool, False),
                hibernated_last_turn=field(a, "hibernated_last_turn", bool, False),
                attacked=field(a, "attacked", bool, False),
                poisoned=field(a, "poisoned", bool, False),
                in_shell=field(a, "in_shell", bool, False),
                fasting=field(a, "fasting", bool, False),
            )
            if animal.id in animal_ids:
                raise MalformedInput(f"animal id {animal.id} is used twice", code="duplicate_animal")
            animal_ids.add(animal.id)
            table.append(animal)
        player_links = []
        for link, trait, card in links:
            if trait not in traits_of(card[0]):
                raise MalformedInput(f"card {card_name(card[0])} has no {trait.value}", code="bad_link")
            pair = field(link, "animals", list)
            if len(pair) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair):
                raise MalformedInput("a paired trait joins two animal ids", code="bad_link")
            player_links.append(Link(card[0], trait, pair[0], pair[1], field(link, "used", bool, False)))
        raw_orders = field(raw, "orders", Mapping, {})
        ambush = field(raw_orders, "ambush", list, [])
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in ambush):
            raise MalformedInput("'ambush' lists animal ids", code="bad_field", field="orders")
        rolls = field(raw, "tie_rolls", list, [])
        if not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in rolls):
            raise MalformedInput("'tie_rolls' lists dice from 1 to 6", code="bad_field", field="tie_rolls")
        if field(raw, "discarded", int, 0) < 0:
            raise MalformedInput("'discarded' cannot be negative", code="bad_field", field="discarded")
        player = Player(
            seat=seat,
            name=field(raw, "name", str),
            hand=tuple(hand),
            passed=field(raw, "passed", bool, False),
            orders=Orders(tuple(ambush), field(raw_orders, "anglerfish", bool, True)),
            discarded=field(raw, "discarded", int, 0),
            tie_rolls=tuple(rolls),
            animals_made=made_field(raw, "animals_made", [a.id for a in table], made_ids, code="duplicate_animal"),
        )
        players.append(_checked(player, table, player_links))
    try:
        phase = Phase(field(data, "phase", str))
    except ValueError:
        raise MalformedInput("unknown phase", code="bad_phase", phase=data.get("phase")) from None
    active = data.get("active")
    if active is not None and (
        isinstance(active, bool) or not isinstance(active, int) or not 0 <= active < len(players)
    ):
        raise MalformedInput("'active' must be a seat or null", code="bad_field", field="active")
    first = field(data, "first_player", int, 0)
    if not 0 <= first < len(players):
        raise MalformedInput("'first_player' must be a seat", code="bad_field", field="first_player")
    state = GameState(
        options=options,
        players=tuple(players),
        deck=tuple(deck),
        discard=tuple(discard),
        turn=field(data, "turn", int, 1),
        phase=phase,
        first_player=first,
        active=active,
        food_base=field(data, "food_base", int, 0),
        last_turn=field(data, "last_turn", bool, False),
        took=field(data, "took", bool, False),
        acted=field(data, "acted", bool, False),
        interrupts=decode(Interrupts[Frame], data.get("interrupts", {"frames": []})),
        next_animal_id=field(data, "next_animal_id", int, max(made_ids, default=-1) + 1),
        rng=rng,
        version=field(data, "version", int, 0),
        shells=tuple(shells),
    )
    if state.food_base < 0:
        raise MalformedInput("the food base cannot be negative", code="bad_field", field="food_base")
    return state


def _checked(player: Player, table: list[Animal], links: list[Link]) -> Player:
    """The player with its animals and paired traits, each checked against the rules of development and feeding."""
    for animal in table:
        for index, t in enumerate(animal.traits):
            if (
                t.trait in PAIRED
                or t.trait is Trait.ANGLERFISH
                or conflict(Animal(animal.id, animal.card, animal.traits[:index]), t.trait)
            ):
                raise MalformedInput(
                    f"animal {animal.id}: {t.trait.value} may not lie there", code="bad_animal", animal=animal.id
                )
        if animal.food < 0 or animal.fat < 0 or fat_room(animal) < 0:
            raise MalformedInput(
                f"animal {animal.id}: no negative food, yellow tokens at most its Fat Tissue cards",
                code="bad_animal",
                animal=animal.id,
            )
    joined = evolve(player, animals=tuple(table), links=())
    for link in links:
        if link.trait not in PAIRED or misfit(joined, link.trait, link.first, link.second) is not None:
            raise MalformedInput(f"{link.trait.value} may not join those animals", code="bad_link")
        if link.trait is Trait.TREMATODE:
            table = [evolve(a, trematodes=a.trematodes + 1) if link.joins(a.id) else a for a in table]
        joined = evolve(joined, animals=tuple(table), links=(*joined.links, link))
    return joined
