"""A full North Star state consistent with one seat's view: what that seat cannot see, dealt out at random.

A computer player (or a search) sees only its seat's view. To play a position forward it needs a whole state: the
other players' hands, their face-down traits and secret food cards, the deck's order, the discard pile, the
two-player game's removed cards and the future draws of chance are all drawn at random from the cards the seat
cannot account for. The seat's own secrets and everything public are kept exactly, so the seat's view of the
result is its view. The other players' food bags are opaque (seed 000, "A DOBOZ TARTALMA"): they are taken as empty.
"""

from __future__ import annotations

from rules_core.north_star.cards import CARDS
from rules_core.north_star.state import GameState, Options, Phase, Player, QuickStart, Species, TraitCard
from rules_core.north_star.view import PlayerTableView, SeatView, SpeciesView
from rules_core.rng import Rng


def determinize(view: SeatView, *, seed: int) -> GameState:
    table = view.table
    me = view.seat
    hidden = dict(view.hidden_traits)
    own_cards = {t.card for s in view.own.species for t in s.traits if t.card is not None}
    own_cards.update(c for cards in hidden.values() for c in cards)
    known = set(view.hand) | own_cards
    if view.food_card is not None:
        known.add(view.food_card)
    for row in (*table.players, *view.seen):
        # The table's own row may show face-up traits since discarded (the quick game's card play): they are in
        # the discard pile, which the seat knows.
        known.update(t.card for s in row.species for t in s.traits if t.card is not None)
    rng = Rng(seed)
    pool, rng = rng.shuffled(sorted(c.id for c in CARDS if c.id not in known))
    unseen = list(pool)

    def take(count: int) -> tuple[int, ...]:
        if count > len(unseen):
            raise ValueError("the view accounts for more cards than the game has")
        taken = tuple(unseen[:count])
        del unseen[:count]
        return taken

    players = []
    for row in view.seen or table.players:
        if row.seat == me:
            players.append(_own_player(view, hidden))
            continue
        species = tuple(_species(s, face_down=take(_face_down(s))) for s in row.species)
        food_card = take(1)[0] if row.food_card_chosen else None
        players.append(
            Player(row.seat, row.name, take(row.hand_size), species, 0, food_card, row.done, row.species_made)
        )
    removed = take(table.removed_size)
    deck = take(table.deck_size)
    # Every card not placed is in the discard pile: those the seat could not account for and are left over, and
    # those it saw on the table that are no longer there (a trait discarded to make room, seen on the table as dealt
    # or on its own row).
    placed = set(deck) | set(removed)
    for player in players:
        placed.update(player.hand)
        placed.update(t.card for s in player.species for t in s.traits)
        if player.food_card is not None:
            placed.add(player.food_card)
    discard, rng = rng.shuffled(sorted(c.id for c in CARDS if c.id not in placed))
    quick_start = None
    if table.phase is Phase.FOOD_CARDS or (table.quick_game and table.phase is Phase.PLAY_CARDS):
        # The table as dealt: the others as the table shows them, this seat's own row as the table saw it.
        start = [
            _as_seen(row, view, hidden) if row.seat == me or view.seen else player
            for row, player in zip(table.players, players, strict=True)
        ]
        quick_start = QuickStart(tuple(start), table.discard_size)
    return GameState(
        options=Options(quick_game=table.quick_game),
        players=tuple(players),
        deck=deck,
        discard=discard,
        removed=removed,
        watering_hole=table.watering_hole,
        food_bank=table.food_bank,
        round=table.round,
        phase=table.phase,
        first_player=table.first_player,
        turn=table.turn,
        last_round=table.last_round,
        next_round_last=table.next_round_last,
        plant_food_carried_over=table.plant_food_carried_over,
        pending_effects=table.pending_effects,
        next_species_id=table.next_species_id,
        rng=rng,
        version=table.version,
        quick_start=quick_start,
    )


def _face_down(species: SpeciesView) -> int:
    return sum(1 for t in species.traits if t.card is None)


def _species(species: SpeciesView, *, face_down: tuple[int, ...]) -> Species:
    """A species of the table, its face-down cards (in their places) taken from ``face_down``."""
    hidden = iter(face_down)
    traits = tuple(
        TraitCard(t.card, True) if t.card is not None else TraitCard(next(hidden), False) for t in species.traits
    )
    return Species(species.id, species.body_size, species.population, species.food, species.fat, traits)


def _own_player(view: SeatView, hidden: dict[int, tuple[int, ...]]) -> Player:
    row = view.own
    species = tuple(_species(s, face_down=hidden.get(s.id, ())) for s in row.species)
    return Player(row.seat, row.name, view.hand, species, view.bag, view.food_card, row.done, row.species_made)


def _as_seen(row: PlayerTableView, view: SeatView, hidden: dict[int, tuple[int, ...]]) -> Player:
    """A player as the table shows them while cards are played unseen (as dealt, their food card chosen): their
    hand only needs the right size."""
    species = tuple(_species(s, face_down=hidden.get(s.id, ())) for s in row.species)
    cards = [*view.hand, *(t.card for s in species for t in s.traits), *sorted(c.id for c in CARDS)]
    hand = tuple(cards[: row.hand_size])
    return Player(row.seat, row.name, hand, species, view.bag, view.food_card, row.done, row.species_made)
