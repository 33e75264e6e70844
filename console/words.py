"""The console's words, in the player's language: the board as text, a player's own secrets, and the final scores.

Pure functions of the rule system's views (North Star). Every word comes from the message catalogues, and species
are named as the Discord bot names them ("Ann's species 2", by place from the left) through the same
:class:`texts.choices.Table`; what happened is worded by :mod:`texts.summaries`, as in the channel.
"""

from __future__ import annotations

from rules_core.engine import Outcome
from rules_core.north_star.state import Phase
from rules_core.north_star.view import PlayerTableView, SeatView, TableView
from texts.choices import Table, card_name
from texts.messages import message
from texts.summaries import phase_title, round_notes, standings_lines


def table_of(view: TableView, language: str, mine: SeatView | None = None) -> Table:
    """The table's words for ``language``; with a seat's view, that seat's face-down traits are named."""
    return Table(view, tuple(p.name for p in view.players), mine=mine, language=language)


def board(view: TableView, language: str, *, seat_view: SeatView | None = None) -> str:
    """The table as text: the round, the food, and every player's species (a seat's own face-down traits named
    only in that seat's own board)."""
    table = table_of(view, language, seat_view)
    notes = round_notes(view, language)
    title = phase_title(view, language) + (f" ({' · '.join(notes)})" if notes else "")
    lines = [
        f"=== {title} ===",
        message("info.table_value", language, watering_hole=view.watering_hole, food_bank=view.food_bank,
                deck=view.deck_size),
    ]  # fmt: skip
    lines.append(message("console.first_player", language, player=table.name(view.first_player)))
    for player in view.players:
        lines.append("")
        head = message("console.player", language, player=player.name, n=player.hand_size)
        status = _status(view, player, language)
        lines.append(f"{head}  {status}" if status else head)
        lines.extend(species_lines(table, player))
    return "\n".join(lines)


def species_lines(table: Table, player: PlayerTableView) -> list[str]:
    """A player's species from the left, numbered as the menus name them."""
    if not player.species:
        return ["    " + table.msg("console.no_species")]
    return [f"    {place}. {table.species_detail(s.id)}" for place, s in enumerate(player.species, start=1)]


def _status(view: TableView, player: PlayerTableView, language: str) -> str:
    owed = [d.kind for d in view.decisions if d.seat == player.seat]
    if owed:
        return "<- " + message(f"decision.{owed[0]}", language)
    if view.phase is Phase.FOOD_CARDS and player.food_card_chosen:
        return message("console.food_card_placed", language)
    if view.phase is Phase.PLAY_CARDS and player.done:
        return message("console.done_playing", language)
    if view.phase is Phase.FEEDING and player.done:
        return message("console.stopped_feeding", language)
    return ""


def own_row(view: SeatView, language: str) -> str:
    """A short reminder for a player who just moved: the food, and their own species."""
    table = table_of(view.table, language, view)
    lines = [
        message("info.table_value", language, watering_hole=view.table.watering_hole,
                food_bank=view.table.food_bank, deck=view.table.deck_size),
        message("console.your_species", language),
    ]  # fmt: skip
    lines.extend(species_lines(table, view.table.players[view.seat]))
    return "\n".join(lines)


def private(view: SeatView, language: str) -> str:
    """What only this seat may see: hand, food-card pick and food bag."""
    cards = ", ".join(card_name(c, language) for c in view.hand) or message("hand.empty", language)
    lines = [f"{message('hand.cards', language, n=len(view.hand))}: {cards}"]
    if view.food_card is not None:
        lines.append(f"{message('hand.food_card', language)}: {card_name(view.food_card, language)}")
    lines.append(f"{message('hand.bag', language)}: {view.bag}")
    return "\n".join(lines)


def results(outcome: Outcome, view: TableView, language: str) -> str:
    table = table_of(view, language)
    return "\n".join([f"=== {message('standings.title', language)} ===", *standings_lines(outcome, table)])
