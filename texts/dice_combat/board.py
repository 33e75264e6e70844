"""The dice-combat table in words: the console's text board, a player's own row and secrets, the supplies line.

Every word comes from the message catalogues and the rule book's card names, and species are named as the Discord
bot names them ("Ann's Wolf Pack") through the same :class:`~texts.dice_combat.choices.DiceCombatTable`.
"""

from __future__ import annotations

from rules_core.dice_combat.view import PlayerTableView, SeatView, TableView
from texts.dice_combat.cards import evolution_effect, species_title
from texts.dice_combat.choices import DiceCombatTable
from texts.dice_combat.summaries import environment_text, phase_title, round_notes
from texts.messages import message
from texts.presentation import Section


def table_summary(view: TableView, language: str) -> str:
    """The environment and what is left of each deck, in a line."""
    return message(
        "dice_combat.info.table_value",
        language,
        environment=environment_text(view, language),
        species=view.species_deck_size,
        evolution=view.evolution_deck_size,
        environments=view.environment_deck_size,
    )


def board(table: DiceCombatTable) -> str:
    """The table as text: the period, the environment, every player's species, the hunt or attack under way."""
    view, language = table.view, table.language
    notes = round_notes(view, language)
    title = phase_title(view, language) + (f" ({' · '.join(notes)})" if notes else "")
    lines = [f"=== {title} ===", table_summary(view, language)]
    lines.append(table.own("console.starting_player", player=table.name(view.starting_player)))
    for player in view.players:
        lines.append("")
        head = table.msg("console.player", player=player.name, n=player.hand_size)
        status = _status(table, player)
        lines.append(f"{head}  {status}" if status else head)
        lines.append("    " + species_line(table, player))
    if view.hunt is not None:
        lines += ["", table.hunt_text()]
    if view.attack is not None:
        lines += ["", table.attack_text()]
    return "\n".join(lines)


def species_line(table: DiceCombatTable, player: PlayerTableView) -> str:
    return table.own(
        "console.species",
        species=species_title(player.species.card, table.language),
        detail=table.species_detail(player.species.card),
    )


def _status(table: DiceCombatTable, player: PlayerTableView) -> str:
    if player.extinct:
        return table.own("console.extinct", n=table.view.eliminated.index(player.seat) + 1)
    owed = [d.kind for d in table.view.decisions if d.seat == player.seat and not d.opportunity]
    if owed:
        return "<- " + table.own(f"decision.{owed[0]}")
    return ""


def own_row(table: DiceCombatTable) -> str:
    """A short reminder for a player who just moved: the environment, and their own species."""
    assert table.mine is not None
    player = table.player(table.mine.seat)
    return "\n".join([table_summary(table.view, table.language), species_line(table, player)])


def secret_sections(mine: SeatView, table: DiceCombatTable) -> list[Section]:
    """A player's own secrets: the hand (each card with its effect in short), then their species at a glance."""
    lang = table.language
    hand = tuple(
        table.own("hand.card", card=table.card(card), effect=evolution_effect(card, lang)) for card in mine.hand
    )
    player = table.player(mine.seat)
    return [
        Section(table.msg("hand.cards", n=len(mine.hand)), hand or (table.msg("hand.empty"),)),
        Section(table.own("hand.species"), (species_line(table, player),), short=True),
    ]
