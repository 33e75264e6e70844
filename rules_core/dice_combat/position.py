"""The dice-combat position format: a mid-game position as JSON (docs/position-format.md, "The dice-combat game").

Cards are written ``"<name>#<id>"`` (``"claws#3"``, ``"wolf_pack#0"``, ``"fog#6"``), or just ``"<name>"`` when any
card of that name will do: the loader then takes the lowest id of that name that no other place names. A deck left
out is made of every card of its kind not placed elsewhere, shuffled with the position's seed; a deck given without
its discard pile leaves those cards in the discard pile. ``dump`` always writes explicit ids, so
``load(dump(state)) == state``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rules_core.codec import decode, encode, field
from rules_core.dice_combat import effects
from rules_core.dice_combat.cards import EDITIONS, ENVIRONMENTS, EVOLUTIONS, SPECIES
from rules_core.dice_combat.setup import MAX_PLAYERS, MIN_PLAYERS
from rules_core.dice_combat.state import (
    AttackInProgress,
    GameState,
    HuntInProgress,
    LastFight,
    Phase,
    Player,
    Question,
    Species,
)
from rules_core.errors import MalformedInput
from rules_core.interrupts import Interrupt, Interrupts
from rules_core.rng import GENERATORS, Rng

FORMAT = "evolution-position/1"
RULESET = "dice_combat"

_SPECIES_NAMES = tuple(card.name for card in SPECIES)
_EVOLUTION_NAMES = tuple(card.kind.value for card in EVOLUTIONS)
_ENVIRONMENT_NAMES = tuple(card.name for card in ENVIRONMENTS)


def _name(names: Sequence[str], card: int) -> str:
    return f"{names[card]}#{card}"


def _versioned(data: Mapping[str, Any], name: str, known: Collection[int]) -> int:
    """A versioned field (the cards' ``edition``, the rng's ``generator``); one a position does not name is the
    first (written before there was a choice, its game was dealt and drew the first way)."""
    value: int = field(data, name, int, min(known))
    if value not in known:
        raise MalformedInput(f"there is no {name} {value}", code="bad_field", field=name)
    return value


def _species(species: Species) -> tuple[str, list[str]]:
    return _name(_SPECIES_NAMES, species.card), [_name(_EVOLUTION_NAMES, c) for c in species.evolutions]


def dump(state: GameState) -> dict[str, Any]:
    def players() -> list[dict[str, Any]]:
        out = []
        for p in state.players:
            species, evolutions = _species(p.species)
            out.append(
                {
                    "name": p.name,
                    "species": species,
                    "evolutions": evolutions,
                    "population": p.population,
                    "food": p.food,
                    "hand": [_name(_EVOLUTION_NAMES, c) for c in p.hand],
                    "extinct": p.extinct,
                    "hunts": p.hunts,
                    "active": p.active,
                    "exchanged": p.exchanged,
                    "prey_card_played": p.prey_card_played,
                }
            )
        return out

    hunt = None
    if state.hunt is not None:
        prey, evolutions = _species(state.hunt.prey)
        hunt = {"hunter": state.hunt.hunter, "prey": prey, "evolutions": evolutions, "to_ask": list(state.hunt.to_ask)}
    return {
        "format": FORMAT,
        "ruleset": RULESET,
        "edition": state.edition,
        "period": state.period,
        "phase": state.phase.value,
        "starting_player": state.starting_player,
        "turn": state.turn,
        "free_card": state.free_card,
        "environment": None if state.environment is None else _name(_ENVIRONMENT_NAMES, state.environment),
        "final_age": state.final_age,
        "players": players(),
        "hunt": hunt,
        "attack": None if state.attack is None else encode(state.attack),
        "interrupts": encode(state.interrupts.frames),
        "eliminated": list(state.eliminated),
        "last_fight": None if state.last_fight is None else encode(state.last_fight),
        "species_deck": [_name(_SPECIES_NAMES, c) for c in state.species_deck],
        "species_discard": [_name(_SPECIES_NAMES, c) for c in state.species_discard],
        "evolution_deck": [_name(_EVOLUTION_NAMES, c) for c in state.evolution_deck],
        "evolution_discard": [_name(_EVOLUTION_NAMES, c) for c in state.evolution_discard],
        "environment_deck": [_name(_ENVIRONMENT_NAMES, c) for c in state.environment_deck],
        "environment_discard": [_name(_ENVIRONMENT_NAMES, c) for c in state.environment_discard],
        "rng": {
            "seed": state.rng.seed,
            "draws": state.rng.draws,
            "script": list(state.rng.script),
            "generator": state.rng.generator,
        },
        "version": state.version,
    }


class _Deck:
    """Card names of one deck, read into ids: explicit ``name#id`` ones first, then bare names take the lowest free
    id of that name. ``take`` returns a slot, read with ``id`` once ``resolve`` has run."""

    def __init__(self, label: str, names: Mapping[int, str]) -> None:
        self.label = label
        #: The name of each card of the deck (in the position's edition), by id.
        self.names = names
        self.slots: list[int | None] = []
        self.bare: list[tuple[int, str]] = []
        self.used: set[int] = set()

    def take(self, raw: Any) -> int:
        if not isinstance(raw, str):
            raise MalformedInput(f"a {self.label} card is a string like 'name#3', not {raw!r}", code="bad_card")
        name, _, number = raw.partition("#")
        if name not in self.names.values():
            raise MalformedInput(f"no {self.label} card called {name!r}", code="bad_card", card=raw)
        slot = len(self.slots)
        if not number:
            self.slots.append(None)
            self.bare.append((slot, name))
            return slot
        if not number.isdigit() or self.names.get(int(number)) != name:
            raise MalformedInput(f"there is no {self.label} card {raw!r}", code="bad_card", card=raw)
        if int(number) in self.used:
            raise MalformedInput(f"card {raw!r} appears twice", code="duplicate_card", card=raw)
        self.used.add(int(number))
        self.slots.append(int(number))
        return slot

    def take_all(self, raws: Any) -> list[int]:
        if not isinstance(raws, list):
            raise MalformedInput(f"expected a list of {self.label} cards", code="bad_field")
        return [self.take(raw) for raw in raws]

    def resolve(self) -> None:
        for slot, name in self.bare:
            free = next((i for i, n in self.names.items() if n == name and i not in self.used), None)
            if free is None:
                raise MalformedInput(f"no {name!r} card is left", code="too_many_cards", card=name)
            self.used.add(free)
            self.slots[slot] = free

    def id(self, slot: int) -> int:
        card = self.slots[slot]
        assert card is not None
        return card

    def ids(self, slots: Sequence[int]) -> tuple[int, ...]:
        return tuple(self.id(s) for s in slots)

    def rest(self) -> list[int]:
        return [i for i in self.names if i not in self.used]


def _seat(data: Mapping[str, Any], key: str, count: int, *, optional: bool = False) -> int | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise MalformedInput(f"{key!r} must be a seat", code="bad_field", field=key)
    return value


def load(data: Mapping[str, Any]) -> GameState:
    if not isinstance(data, Mapping):
        raise MalformedInput("a position is a JSON object", code="bad_position")
    if data.get("format", FORMAT) != FORMAT or data.get("ruleset", RULESET) != RULESET:
        raise MalformedInput(f"not a {FORMAT} position of {RULESET}", code="bad_format")
    edition = _versioned(data, "edition", EDITIONS)
    species = _Deck("species", {card.id: card.name for card in EDITIONS[edition].species})
    evolutions = _Deck("evolution", {card.id: card.kind.value for card in EDITIONS[edition].evolutions})
    environments = _Deck("environment", dict(enumerate(_ENVIRONMENT_NAMES)))
    raw_players = field(data, "players", list)
    if not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
        raise MalformedInput("a position has 2 to 6 players", code="player_count")
    count = len(raw_players)
    read_players = []
    for raw in raw_players:
        if not isinstance(raw, Mapping):
            raise MalformedInput("each player is a JSON object", code="bad_player")
        read_players.append(
            (
                raw,
                species.take(field(raw, "species", str)),
                evolutions.take_all(field(raw, "evolutions", list, [])),
                evolutions.take_all(field(raw, "hand", list, [])),
            )
        )
    raw_hunt = data.get("hunt")
    hunt_cards = None
    if raw_hunt is not None:
        if not isinstance(raw_hunt, Mapping):
            raise MalformedInput("'hunt' is an object or null", code="bad_field", field="hunt")
        hunt_cards = (
            species.take(field(raw_hunt, "prey", str)),
            evolutions.take_all(field(raw_hunt, "evolutions", list, [])),
        )
    raw_environment = data.get("environment")
    environment_slot = None if raw_environment is None else environments.take(raw_environment)
    piles = {
        key: deck.take_all(data[key]) if key in data else None
        for key, deck in (
            ("species_discard", species),
            ("evolution_discard", evolutions),
            ("environment_discard", environments),
            ("species_deck", species),
            ("evolution_deck", evolutions),
            ("environment_deck", environments),
        )
    }
    for deck in (species, evolutions, environments):
        deck.resolve()

    rng_raw = field(data, "rng", Mapping, {"seed": 0})
    script = tuple(field(rng_raw, "script", list, []))
    rng = Rng(
        field(rng_raw, "seed", int, 0),
        field(rng_raw, "draws", int, 0),
        script,
        _versioned(rng_raw, "generator", GENERATORS),
    )
    built: dict[str, tuple[int, ...]] = {}
    for key, deck in (("species", species), ("evolution", evolutions), ("environment", environments)):
        pile, discard = piles[f"{key}_deck"], piles[f"{key}_discard"]
        built[f"{key}_discard"] = () if discard is None else deck.ids(discard)
        if pile is None:
            built[f"{key}_deck"], rng = rng.shuffled(deck.rest())
            continue
        built[f"{key}_deck"] = deck.ids(pile)
        if discard is None:
            built[f"{key}_discard"] = tuple(deck.rest())
        elif deck.rest():
            raise MalformedInput(
                f"every {deck.label} card must be somewhere: {len(deck.rest())} are missing", code="card_count"
            )

    players = []
    for seat, (raw, species_slot, evolution_slots, hand_slots) in enumerate(read_players):
        player = Player(
            seat=seat,
            name=field(raw, "name", str),
            species=Species(species.id(species_slot), evolutions.ids(evolution_slots)),
            population=field(raw, "population", int),
            food=field(raw, "food", int, 0),
            hand=evolutions.ids(hand_slots),
            extinct=field(raw, "extinct", bool, False),
            hunts=field(raw, "hunts", int, 0),
            active=field(raw, "active", bool, False),
            exchanged=field(raw, "exchanged", bool, False),
            prey_card_played=field(raw, "prey_card_played", bool, False),
        )
        players.append(player)
    hunt = None
    if hunt_cards is not None and raw_hunt is not None:
        hunter = _seat(raw_hunt, "hunter", count)
        assert hunter is not None
        to_ask = field(raw_hunt, "to_ask", list, [])
        hunt = HuntInProgress(
            hunter, Species(species.id(hunt_cards[0]), evolutions.ids(hunt_cards[1])), tuple(_to_seats(to_ask, count))
        )
    try:
        phase = Phase(field(data, "phase", str))
    except ValueError:
        raise MalformedInput("unknown phase", code="bad_phase", phase=data.get("phase")) from None
    starting = _seat(data, "starting_player", count)
    assert starting is not None
    state = GameState(
        edition=edition,
        players=tuple(players),
        species_deck=built["species_deck"],
        species_discard=built["species_discard"],
        evolution_deck=built["evolution_deck"],
        evolution_discard=built["evolution_discard"],
        environment_deck=built["environment_deck"],
        environment_discard=built["environment_discard"],
        environment=None if environment_slot is None else environments.id(environment_slot),
        final_age=field(data, "final_age", int, 0),
        period=field(data, "period", int, 1),
        starting_player=starting,
        phase=phase,
        turn=_seat(data, "turn", count, optional=True),
        free_card=field(data, "free_card", bool, False),
        hunt=hunt,
        attack=decode(AttackInProgress | None, data.get("attack")),
        interrupts=Interrupts(decode(tuple[Interrupt[Question], ...], data.get("interrupts", []))),
        eliminated=tuple(_to_seats(field(data, "eliminated", list, []), count)),
        rng=rng,
        last_fight=decode(LastFight | None, data.get("last_fight")),
        version=field(data, "version", int, 0),
    )
    _check(state)
    return state


def _to_seats(values: list[Any], count: int) -> list[int]:
    if any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < count for v in values):
        raise MalformedInput("expected a list of seats", code="bad_field")
    return values


def _check(state: GameState) -> None:
    """What a rule would forbid: population above Energy, a kind twice on a species, negative food."""
    for player in state.players:
        energy = effects.energy(player.species, state.environment)
        if player.extinct != (player.population == 0):
            raise MalformedInput(f"{player.name}: population 0 exactly when extinct", code="bad_species")
        if not 0 <= player.population <= energy or player.food < 0:
            raise MalformedInput(
                f"{player.name}: population 0 to Energy ({energy}), food not negative", code="bad_species"
            )
    for species in state.species_in_play():
        kinds = effects.kinds(species)
        if len(set(kinds)) != len(kinds):
            raise MalformedInput(f"species {species.card} carries a kind twice", code="bad_species")
    fight = state.last_fight
    if fight is not None and not all(0 <= s < len(state.players) for s in (fight.first_seat, fight.second_seat)):
        raise MalformedInput("the last fight names a seat that is not at the table", code="bad_field")
