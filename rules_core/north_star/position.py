"""The North Star position format: a mid-game position as JSON, in the spirit of chess's FEN.

Described in docs/position-format.md. Cards are written ``"<trait>#<id>"`` (``"long_neck#93"``), or just
``"<trait>"`` when any card of that trait will do: the loader then takes the lowest free id of that trait. A trait
card lying face down is prefixed with ``"?"``. When ``deck`` is left out, every card not placed elsewhere forms the
deck, shuffled with the position's seed. ``dump`` always writes explicit ids, so ``dump(load(dump(s))) == dump(s)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_core.codec import decode, encode, field, made_field
from rules_core.copying import evolve
from rules_core.errors import MalformedInput
from rules_core.north_star.cards import CARDS, Trait, trait_of
from rules_core.north_star.events import CardPlayEvent
from rules_core.north_star.setup import MAX_PLAYERS, MIN_PLAYERS, read_options
from rules_core.north_star.state import (
    FOOD_TOKENS_IN_BOX,
    MAX_SIZE,
    GameState,
    Phase,
    Player,
    QuickStart,
    RevealEffect,
    Species,
    TraitCard,
)
from rules_core.rng import Rng

FORMAT = "evolution-position/1"
RULESET = "north_star"


def card_name(card: int) -> str:
    return f"{trait_of(card).value}#{card}"


def dump(state: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "ruleset": RULESET,
        "options": {"quick_game": state.options.quick_game},
        "round": state.round,
        "phase": state.phase.value,
        "first_player": state.first_player,
        "turn": state.turn,
        "last_round": state.last_round,
        "next_round_last": state.next_round_last,
        "watering_hole": state.watering_hole,
        "food_bank": state.food_bank,
        "plant_food_carried_over": state.plant_food_carried_over,
        "players": [
            {
                "name": p.name,
                "bag": p.bag,
                "done": p.done,
                "food_card": None if p.food_card is None else card_name(p.food_card),
                "hand": [card_name(c) for c in p.hand],
                "species": [
                    {
                        "id": s.id,
                        "body_size": s.body_size,
                        "population": s.population,
                        "food": s.food,
                        "fat": s.fat,
                        "traits": [("" if t.face_up else "?") + card_name(t.card) for t in s.traits],
                    }
                    for s in p.species
                ],
                "species_made": list(p.species_made),
            }
            for p in state.players
        ],
        "pending_effects": [
            {"seat": e.seat, "species": e.species, "trait": e.trait.value} for e in state.pending_effects
        ],
        "deck": [card_name(c) for c in state.deck],
        "discard": [card_name(c) for c in state.discard],
        "removed": [card_name(c) for c in state.removed],
        "next_species_id": state.next_species_id,
        "rng": {"seed": state.rng.seed, "draws": state.rng.draws, "script": list(state.rng.script)},
        "version": state.version,
        **_quick_play(state),
    }


def _quick_play(state: GameState) -> dict[str, Any]:
    """The quick game's card play in progress: the table as the phase began, and what the others will hear of it
    (machine-written, in the state's JSON form; absent otherwise)."""
    if state.quick_start is None:
        return {}
    return {
        "quick_start": encode(state.quick_start),
        "withheld": encode(state.withheld, tuple[CardPlayEvent, ...]),
    }


class _Cards:
    """Hands out card ids for card names, each id once."""

    def __init__(self) -> None:
        self.used: set[int] = set()
        self.wanted: list[tuple[str, list[int], int]] = []  # (name, target list, index) for "<trait>" names

    def parse(self, name: Any) -> int | Trait:
        if not isinstance(name, str):
            raise MalformedInput(f"a card is a string like 'carnivore#3', not {name!r}", code="bad_card")
        trait_name, _, number = name.partition("#")
        try:
            trait = Trait(trait_name)
        except ValueError:
            raise MalformedInput(f"no trait called {trait_name!r}", code="bad_card", card=name) from None
        if not number:
            return trait
        if not number.isdigit() or int(number) >= len(CARDS) or CARDS[int(number)].trait is not trait:
            raise MalformedInput(f"there is no card {name!r}", code="bad_card", card=name)
        card = int(number)
        if card in self.used:
            raise MalformedInput(f"card {name!r} appears twice", code="duplicate_card", card=name)
        self.used.add(card)
        return card

    def any_of(self, trait: Trait) -> int:
        for card in CARDS:
            if card.trait is trait and card.id not in self.used:
                self.used.add(card.id)
                return card.id
        raise MalformedInput(f"no {trait.value} card is left", code="too_many_cards", trait=trait.value)


def load(data: Mapping[str, Any]) -> GameState:
    if not isinstance(data, Mapping):
        raise MalformedInput("a position is a JSON object", code="bad_position")
    if data.get("format", FORMAT) != FORMAT or data.get("ruleset", RULESET) != RULESET:
        raise MalformedInput(f"not a {FORMAT} position of {RULESET}", code="bad_format")
    cards = _Cards()
    # First pass: every explicit "trait#id", so that bare "trait" names only take what is left.
    raw_players = field(data, "players", list)
    if not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
        raise MalformedInput("a position has 2 to 6 players", code="player_count")
    pending: list[tuple[Trait, list[Any], int]] = []

    def take(names: Sequence[Any]) -> list[Any]:
        out: list[Any] = []
        for name in names:
            face_down = isinstance(name, str) and name.startswith("?")
            parsed = cards.parse(name[1:] if face_down else name)
            out.append((parsed, face_down))
            if isinstance(parsed, Trait):
                pending.append((parsed, out, len(out) - 1))
        return out

    players_raw = []
    for raw in raw_players:
        if not isinstance(raw, Mapping):
            raise MalformedInput("each player is a JSON object", code="bad_player")
        species_raw = field(raw, "species", list, [])
        food_card = raw.get("food_card")
        players_raw.append(
            (
                raw,
                take(field(raw, "hand", list, [])),
                take([] if food_card is None else [food_card]),
                [(s, take(field(s, "traits", list, []))) for s in species_raw],
            )
        )
    discard = take(field(data, "discard", list, []))
    removed = take(field(data, "removed", list, []))
    deck = take(field(data, "deck", list)) if "deck" in data else None
    for trait, target, index in pending:
        target[index] = (cards.any_of(trait), target[index][1])

    rng_raw = field(data, "rng", Mapping, {"seed": 0})
    rng = Rng(
        field(rng_raw, "seed", int, 0),
        field(rng_raw, "draws", int, 0),
        tuple(field(rng_raw, "script", list, [])),
    )
    if deck is None:
        rest = [c.id for c in CARDS if c.id not in cards.used]
        shuffled, rng = rng.shuffled(rest)
        deck_ids = list(shuffled)
    else:
        deck_ids = [c for c, _ in deck]
    placed = len(cards.used) if deck is not None else len(CARDS)
    if placed != len(CARDS):
        raise MalformedInput(
            f"the position places {placed} of the {len(CARDS)} cards: every card must be somewhere",
            code="card_count",
        )

    options = read_options(field(data, "options", Mapping, {}))
    trait_limit = 2 if len(raw_players) == 2 else 3
    players = []
    species_ids: set[int] = set()
    made_ids: set[int] = set()
    for seat, (raw, hand, food_card, species_list) in enumerate(players_raw):
        table = []
        for s, traits in species_list:
            species = Species(
                id=field(s, "id", int),
                body_size=field(s, "body_size", int, 1),
                population=field(s, "population", int, 1),
                food=field(s, "food", int, 0),
                fat=field(s, "fat", int, 0),
                traits=tuple(TraitCard(c, not down) for c, down in traits),
            )
            _check_species(species, trait_limit)
            if species.id in species_ids:
                raise MalformedInput(f"species id {species.id} is used twice", code="duplicate_species")
            species_ids.add(species.id)
            table.append(species)
        made = made_field(raw, "species_made", [s.id for s in table], made_ids, code="duplicate_species")
        players.append(
            Player(
                seat=seat,
                name=field(raw, "name", str),
                hand=tuple(c for c, _ in hand),
                species=tuple(table),
                bag=field(raw, "bag", int, 0),
                food_card=food_card[0][0] if food_card else None,
                done=field(raw, "done", bool, False),
                species_made=made,
            )
        )
    try:
        phase = Phase(field(data, "phase", str))
    except ValueError:
        raise MalformedInput("unknown phase", code="bad_phase", phase=data.get("phase")) from None
    turn = data.get("turn")
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < len(players)):
        raise MalformedInput("'turn' must be a seat or null", code="bad_field", field="turn")
    effects = []
    for e in field(data, "pending_effects", list, []):
        try:
            effect = RevealEffect(field(e, "seat", int), field(e, "species", int), Trait(field(e, "trait", str)))
        except ValueError:
            raise MalformedInput("bad pending effect", code="bad_field", field="pending_effects") from None
        effects.append(effect)
    first = field(data, "first_player", int, 0)
    if not 0 <= first < len(players):
        raise MalformedInput("'first_player' must be a seat", code="bad_field", field="first_player")
    state = GameState(
        options=options,
        players=tuple(players),
        deck=tuple(deck_ids),
        discard=tuple(c for c, _ in discard),
        removed=tuple(c for c, _ in removed),
        watering_hole=field(data, "watering_hole", int, 0),
        food_bank=field(data, "food_bank", int, FOOD_TOKENS_IN_BOX),
        round=field(data, "round", int, 1),
        phase=phase,
        first_player=first,
        turn=turn,
        last_round=field(data, "last_round", bool, False),
        next_round_last=field(data, "next_round_last", bool, False),
        plant_food_carried_over=field(data, "plant_food_carried_over", int, 0),
        pending_effects=tuple(effects),
        next_species_id=field(data, "next_species_id", int, max(made_ids, default=-1) + 1),
        rng=rng,
        version=field(data, "version", int, 0),
        quick_start=decode(QuickStart | None, data.get("quick_start")),
        withheld=decode(tuple[CardPlayEvent, ...], data.get("withheld", [])),
    )
    if state.quick_start is None and (
        state.phase is Phase.FOOD_CARDS or (state.quick_game and state.phase is Phase.PLAY_CARDS)
    ):
        # A round written without the table as dealt: the table as written is where it began.
        state = evolve(state, quick_start=QuickStart(state.players, len(state.discard)))
    if state.watering_hole < 0 or state.food_bank < 0:
        raise MalformedInput("food counts cannot be negative", code="bad_field")
    return state


def _check_species(species: Species, trait_limit: int) -> None:
    if not 1 <= species.body_size <= MAX_SIZE or not 1 <= species.population <= MAX_SIZE:
        raise MalformedInput(f"species {species.id}: body size and population are 1 to 6", code="bad_species")
    if not 0 <= species.food <= species.population:
        raise MalformedInput(f"species {species.id}: food is 0 to its population", code="bad_species")
    if species.fat < 0 or species.fat > (species.body_size if species.has(Trait.FAT_TISSUE) else 0):
        raise MalformedInput(f"species {species.id}: fat only on Fat Tissue, at most the body size", code="bad_species")
    if len(species.traits) > trait_limit or len(species.trait_set) != len(species.traits):
        raise MalformedInput(f"species {species.id}: at most {trait_limit} traits, none twice", code="bad_species")
