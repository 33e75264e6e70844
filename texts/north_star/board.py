"""North Star's table in words: the text board of the console, a player's own row and secrets, the supplies line.

Every word comes from the message catalogues, and species are named as the Discord bot names them ("Ann's species
2", by their stable numbers) through the same :class:`~texts.north_star.choices.NorthStarTable`.
"""

from __future__ import annotations

from rules_core.north_star.state import Phase
from rules_core.north_star.view import PlayerTableView, SeatView, TableView
from texts.messages import message
from texts.north_star.choices import NorthStarTable, card_name
from texts.north_star.summaries import phase_title, round_notes
from texts.presentation import Section


def table_summary(view: TableView, language: str) -> str:
    """The watering hole, the food bank and the deck in a line."""
    return message(
        "north_star.info.table_value",
        language,
        watering_hole=view.watering_hole,
        food_bank=view.food_bank,
        deck=view.deck_size,
    )


def board(table: NorthStarTable) -> str:
    """The table as text: the round, the food, and every player's species (a seat's own face-down traits named,
    and its own row as it is now, only in that seat's own board)."""
    view, language = table.view, table.language
    notes = round_notes(view, language)
    title = phase_title(view, language) + (f" ({' · '.join(notes)})" if notes else "")
    lines = [f"=== {title} ===", table_summary(view, language)]
    lines.append(table.own("console.first_player", player=table.name(view.first_player)))
    for player in table.rows():
        lines.append("")
        head = table.msg("console.player", player=player.name, n=player.hand_size)
        status = _status(view, player, language)
        lines.append(f"{head}  {status}" if status else head)
        lines.extend(species_lines(table, player))
    return "\n".join(lines)


def species_lines(table: NorthStarTable, player: PlayerTableView) -> list[str]:
    """A player's species from the left, each with its number (as the menus and logs name it)."""
    if table.mine is not None and player.seat == table.mine.seat:
        player = table.mine.own
    if not player.species:
        return ["    " + table.own("console.no_species")]
    return [f"    {player.number(s.id)}. {table.species_detail(s.id)}" for s in player.species]


def _status(view: TableView, player: PlayerTableView, language: str) -> str:
    owed = [d.kind for d in view.decisions if d.seat == player.seat and not d.opportunity]
    if owed:
        return "<- " + message(f"north_star.decision.{owed[0]}", language)
    if view.phase is Phase.FOOD_CARDS and player.food_card_chosen:
        return message("north_star.console.food_card_placed", language)
    if view.phase is Phase.PLAY_CARDS and player.done:
        return message("north_star.console.done_playing", language)
    if view.phase is Phase.FEEDING and player.done:
        return message("north_star.console.stopped_feeding", language)
    return ""


def own_row(table: NorthStarTable) -> str:
    """A short reminder for a player who just moved: the food, and their own species."""
    assert table.mine is not None
    lines = [table_summary(table.view, table.language), table.own("console.your_species")]
    lines.extend(species_lines(table, table.mine.own))
    return "\n".join(lines)


def secret_sections(mine: SeatView, table: NorthStarTable) -> list[Section]:
    """A player's own secrets: the hand, the food card on the watering hole, face-down traits, the food bag."""
    lang = table.language
    sections = [
        Section(
            table.msg("hand.cards", n=len(mine.hand)),
            tuple(card_name(c, lang) for c in mine.hand) or (table.msg("hand.empty"),),
        )
    ]
    if mine.food_card is not None:
        sections.append(Section(table.own("hand.food_card"), (card_name(mine.food_card, lang),), short=True))
    if mine.hidden_traits:
        hidden = tuple(
            table.own(
                "hand.hidden_one",
                species=table.species_name(species),
                traits=", ".join(card_name(c, lang) for c in cards),
            )
            for species, cards in mine.hidden_traits
        )
        sections.append(Section(table.own("hand.hidden"), hidden))
    sections.append(Section(table.own("hand.bag"), (str(mine.bag),), short=True))
    return sections
