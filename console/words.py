"""The console's English: cards, species, the board as text, what happened, and the final scores.

Everything here is a pure function of the rule system's own views, events and actions (North Star), so it can be
tested without a terminal. Species are named by their owner and their stable id (``Bob's #5``): ids never change,
while table positions shift when a species goes extinct.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules_core.engine import Outcome
from rules_core.north_star import events as ev
from rules_core.north_star.cards import Trait, food_value, trait_of
from rules_core.north_star.state import Phase
from rules_core.north_star.view import PlayerTableView, SeatView, SpeciesView, TableView

PHASES = {
    Phase.FOOD_CARDS: "Choosing food cards",
    Phase.PLAY_CARDS: "Playing cards",
    Phase.REVEAL_EFFECTS: "Revealing traits",
    Phase.FEEDING: "Feeding",
    Phase.GAME_OVER: "Game over",
}

DECISIONS = {
    "food_card": "to choose a food card",
    "play_cards": "to play cards",
    "reveal_order": "to order trait effects",
    "feed": "to feed",
}

CAUSES = {
    "feeding": "",
    "attack": "",
    "long_neck": " (Long Neck)",
    "cooperation": " (Cooperation)",
    "scavenger": " (Scavenger)",
    "intelligence": " (Intelligence)",
}


def trait_name(trait: Trait) -> str:
    return trait.value.replace("_", " ").title()


def card(card_id: int) -> str:
    """A card as a player holds it: its trait and the plant food it gives as a food card."""
    return f"{trait_name(trait_of(card_id))} (food {food_value(card_id):+d})"


def cards(card_ids: Iterable[int]) -> str:
    return ", ".join(card(c) for c in card_ids) or "none"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Namer:
    """Names seats and species for one table: "Ann", "Ann's #3"."""

    def __init__(self, table: TableView, *, you: int | None = None) -> None:
        self.table = table
        self.you = you

    def seat(self, seat: int) -> str:
        if seat == self.you:
            return "You"
        players = self.table.players
        return players[seat].name if 0 <= seat < len(players) else f"Seat {seat + 1}"

    def owner(self, seat: int) -> str:
        return "Your" if seat == self.you else f"{self.seat(seat)}'s"

    def species(self, seat: int, species_id: int) -> str:
        return f"{self.owner(seat)} #{species_id}"

    def creature(self, seat: int, species_id: int) -> str:
        """A species with its face-up traits when it is still on the table (``Ann's #3 Carnivore``)."""
        name = self.species(seat, species_id)
        found = find_species(self.table, species_id)
        if found is not None:
            traits = [trait_name(t.trait) for t in found.traits if t.trait is not None]
            if traits:
                return f"{name} ({', '.join(traits)})"
        return name


def find_species(table: TableView, species_id: int) -> SpeciesView | None:
    for player in table.players:
        for s in player.species:
            if s.id == species_id:
                return s
    return None


def owner_of(table: TableView, species_id: int) -> int | None:
    for player in table.players:
        if any(s.id == species_id for s in player.species):
            return player.seat
    return None


# The board.


def species_line(s: SpeciesView, *, hidden: Sequence[int] = (), aligned: bool = True) -> str:
    """One species: id, body size, population, food eaten, fat, traits (face-down ones as ``?``, or named for
    their owner when ``hidden`` lists them). ``aligned`` pads the id for the board's columns."""
    parts = [f"#{s.id:<3}" if aligned else f"#{s.id}", f"size {s.body_size}", f"pop {s.population}",
             f"food {s.food}/{s.population}"]  # fmt: skip
    has_fat = any(t.trait is Trait.FAT_TISSUE for t in s.traits) or s.fat
    if has_fat:
        parts.append(f"fat {s.fat}/{s.body_size}")
    names = [trait_name(t.trait) for t in s.traits if t.trait is not None]
    names += [f"{trait_name(trait_of(c))} (face down)" for c in hidden]
    names += ["?"] * (sum(1 for t in s.traits if t.trait is None) - len(hidden))
    line = "  ".join(parts)
    if names:
        line += "  | " + ", ".join(names)
    return line


def _status(table: TableView, player: PlayerTableView) -> str:
    owed = [d.kind for d in table.decisions if d.seat == player.seat]
    if owed:
        return "<- " + DECISIONS.get(owed[0], owed[0])
    if table.phase is Phase.FOOD_CARDS and player.food_card_chosen:
        return "food card placed"
    if table.phase is Phase.PLAY_CARDS and player.done:
        return "done playing"
    if table.phase is Phase.FEEDING and player.done:
        return "stopped feeding"
    return ""


def board(table: TableView, *, seat_view: SeatView | None = None) -> str:
    """The table as text; with a seat's view, that seat's face-down traits are named (only for its owner)."""
    hidden = dict(seat_view.hidden_traits) if seat_view is not None else {}
    title = f"=== Round {table.round} - {PHASES[table.phase]} ==="
    if table.last_round and table.phase is not Phase.GAME_OVER:
        title += "  (last round!)"
    elif table.next_round_last:
        title += "  (the next round is the last)"
    if table.quick_game:
        title += "  [quick game]"
    lines = [
        title,
        f"Watering hole: {table.watering_hole} plant food   Food bank: {table.food_bank}   "
        f"Deck: {table.deck_size}   Discard pile: {table.discard_size}",
    ]
    first = table.players[table.first_player].name if table.players else "?"
    lines.append(f"First player: {first}")
    for player in table.players:
        head = f"{player.name}  (hand: {plural(player.hand_size, 'card')})"
        status = _status(table, player)
        if status:
            head += f"  {status}"
        lines.append("")
        lines.append(head)
        if not player.species:
            lines.append("    no species")
        for s in player.species:
            mine = seat_view is not None and seat_view.seat == player.seat
            lines.append("    " + species_line(s, hidden=hidden.get(s.id, ()) if mine else ()))
    return "\n".join(lines)


def own_row(view: SeatView) -> str:
    """A short reminder of the table for a player who just moved: the food and their own species."""
    table = view.table
    hidden = dict(view.hidden_traits)
    lines = [f"Watering hole: {table.watering_hole} plant food   Food bank: {table.food_bank}", "Your species:"]
    for s in table.players[view.seat].species:
        lines.append("    " + species_line(s, hidden=hidden.get(s.id, ())))
    return "\n".join(lines)


def private(view: SeatView) -> str:
    """What only this seat may see: hand, food-card pick and food bag."""
    lines = [f"Your hand ({plural(len(view.hand), 'card')}): {cards(view.hand)}"]
    if view.food_card is not None:
        lines.append(f"Your food card on the watering hole: {card(view.food_card)}")
    lines.append(f"Your food bag: {view.bag}")
    return "\n".join(lines)


def results(outcome: Outcome, table: TableView) -> str:
    lines = ["=== Final scores ==="]
    for standing in outcome.standings:
        parts = ", ".join(f"{name} {value}" for name, value in standing.details)
        lines.append(f"{standing.rank}. {table.players[standing.seat].name}: {standing.score} points ({parts})")
    winners = [table.players[s].name for s in outcome.winners]
    lines.append(("Winner: " if len(winners) == 1 else "Shared win: ") + " and ".join(winners))
    return "\n".join(lines)


# What happened.


def event(e: object, names: Namer) -> str | None:
    """One event in English, or None for an event not worth a line of its own."""
    seat = names.seat
    sp = names.species
    if isinstance(e, ev.RoundStarted):
        text = f"--- Round {e.round} begins; {seat(e.first_player)} is the first player."
        return text + " This is the last round!" if e.last_round else text
    if isinstance(e, ev.DeckReshuffled):
        when = "this round" if e.last_round == "this" else "the next round"
        return f"The deck ran out: the discard pile ({e.cards} cards) is shuffled into a new deck; {when} is the last."
    if isinstance(e, ev.CardsDealt):
        if e.reason == "deal":
            return f"{seat(e.seat)}: dealt {plural(e.count, 'card')}."
        return f"{seat(e.seat)}: draws {plural(e.count, 'card')} for the lost traits."
    if isinstance(e, ev.CardsReceived):
        return f"You receive: {cards(e.cards)}."
    if isinstance(e, ev.FoodCardChosen):
        return f"{seat(e.seat)} put a food card face down on the watering hole."
    if isinstance(e, ev.FoodCardPicked):
        return f"Your food card: {card(e.card)}."
    if isinstance(e, ev.TraitPlayedFaceDown):
        text = f"{seat(e.seat)} played a trait face down on {sp(e.seat, e.species)}"
        if e.replaced is not None:
            text += f", discarding {trait_name(trait_of(e.replaced))}"
        elif e.replaced_face_down:
            text += ", discarding a face-down trait"
        return text + "."
    if isinstance(e, ev.TraitPlayedPrivately):
        return f"You played {trait_name(trait_of(e.card))} on {sp(e.seat, e.species)}."
    if isinstance(e, ev.SpeciesCreated):
        return f"{seat(e.seat)} discarded {card(e.card)} for a new species, {sp(e.seat, e.species)}, on the {e.side}."
    if isinstance(e, ev.BodySizeIncreased):
        return f"{seat(e.seat)} discarded {card(e.card)}: {sp(e.seat, e.species)} grows to body size {e.body_size}."
    if isinstance(e, ev.PopulationIncreased):
        return f"{seat(e.seat)} discarded {card(e.card)}: {sp(e.seat, e.species)} grows to population {e.population}."
    if isinstance(e, ev.CardPlayFinished):
        return f"{seat(e.seat)} finished playing cards."
    if isinstance(e, ev.TraitsRevealed):
        return f"{sp(e.seat, e.species)} reveals {', '.join(trait_name(trait_of(c)) for c in e.cards)}."
    if isinstance(e, ev.FoodCardsRevealed):
        shown = cards(e.cards)
        if e.change >= 0:
            moved = f"{e.change} plant food added"
        else:
            moved = f"{-e.change} plant food removed"
        return f"Food cards revealed: {shown}. Total {e.total:+d}: {moved}; the watering hole holds {e.watering_hole}."
    if isinstance(e, ev.PopulationGrew):
        return f"{sp(e.seat, e.species)} grows to population {e.population} (Fertile)."
    if isinstance(e, ev.FatMoved):
        return f"{sp(e.seat, e.species)} eats {e.amount} of its stored fat (Fat Tissue)."
    if isinstance(e, ev.FoodTaken):
        return _food_taken(e, names)
    if isinstance(e, ev.IntelligenceUsed):
        return f"{sp(e.seat, e.species)} uses Intelligence, discarding {cards(e.discards)}."
    if isinstance(e, ev.SpeciesAttacked):
        text = f"{names.creature(e.seat, e.carnivore)} attacks {names.creature(e.target_seat, e.target)}"
        if e.negated:
            text += f", negating {', '.join(trait_name(Trait(t)) for t in e.negated)}"
        return text + "!"
    if isinstance(e, ev.PopulationLost):
        if e.cause == "horns":
            return f"{sp(e.seat, e.species)} is wounded by Horns and drops to population {e.population}."
        if e.cause == "starvation":
            return f"{sp(e.seat, e.species)} did not eat enough and drops to population {e.population}."
        return f"{sp(e.seat, e.species)} loses 1 population (now {e.population})."
    if isinstance(e, ev.SpeciesWentExtinct):
        why = {"attack": "eaten", "horns": "killed by Horns", "starvation": "starved"}[e.cause]
        return f"{sp(e.seat, e.species)} goes extinct ({why})."
    if isinstance(e, ev.FoodBagged):
        return f"{plural(e.amount, 'food token')} into your food bag (now {e.bag})."
    if isinstance(e, ev.FeedingStopped):
        return f"{seat(e.seat)}: stops feeding."
    if isinstance(e, ev.FeedingEnded):
        return f"Feeding is over; {e.watering_hole} plant food stays on the watering hole."
    if isinstance(e, ev.NewSpeciesGiven):
        return f"{seat(e.seat)} had no species left and gets a new one, {sp(e.seat, e.species)}."
    if isinstance(e, ev.FirstPlayerPassed):
        return f"{seat(e.seat)} takes the first-player token."
    if isinstance(e, ev.GameEnded):
        return "The game is over!"
    return None


def _food_taken(e: ev.FoodTaken, names: Namer) -> str:
    where = "the watering hole" if e.source == "watering_hole" else "the food bank"
    total = e.eaten + e.stored_as_fat
    what = "meat" if e.kind == "meat" else "plant food"
    text = f"{names.species(e.seat, e.species)} takes {total} {what} from {where}{CAUSES.get(e.cause, '')}"
    if e.stored_as_fat:
        text += f" ({e.stored_as_fat} stored as fat)"
    return text + "."


def events(items: Iterable[object], names: Namer) -> list[str]:
    return [line for e in items if (line := event(e, names)) is not None]
