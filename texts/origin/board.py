"""The original game's table in words: the console's text board, a player's own row and hand, the supplies line.

Every word comes from the message catalogues, and animals are named as the Discord bot names them ("Ann's animal 2",
by their stable numbers) through the same :class:`~texts.origin.choices.OriginTable`. Nothing secret is shown but
the reader's own hand (seed 003: an animal lies face down; hands are secret).
"""

from __future__ import annotations

from collections import Counter

from rules_core.origin.state import Phase
from rules_core.origin.view import PlayerView, SeatView, TableView
from texts.messages import message
from texts.origin.choices import anglerfish_of, attack_of, card_name, pack_of, pairs_of, trait_name
from texts.origin.summaries import phase_title, round_notes
from texts.origin.table import OriginTable
from texts.presentation import Section


def table_summary(view: TableView, language: str) -> str:
    """The food base, the deck and the discard pile in a line; the Shells lying on the table (seed 001)."""
    line = message(
        "origin.info.table_value", language, food_base=view.food_base, deck=view.deck_size, discard=len(view.discard)
    )
    if view.shells:
        line += message("origin.info.shells", language, n=len(view.shells), trait=trait_name("shell", language))
    return line


def discard_pile(view: TableView, language: str) -> str:
    """The discard pile, which players may look through (seed 003: "Гравці можуть передивлятися карти у відбої"):
    each kind of card with how many lie there, most first."""
    if not view.discard:
        return message("origin.discard.empty", language)
    kinds = Counter(card_name(card, language) for card in view.discard)
    cards = ", ".join(f"{name} ×{n}" for name, n in sorted(kinds.items(), key=lambda item: (-item[1], item[0])))
    return message("origin.discard.cards", language, n=len(view.discard), cards=cards)


def waiting_line(table: OriginTable) -> str | None:
    """What the table waits for besides a turn: an attack's defender, a pack's helper, the owner of a revealed
    Anglerfish choosing what it ignores, or an owner ordering paired traits."""
    frame = attack_of(table.view)
    if frame is not None:
        return table.own(
            "console.attack",
            carnivore=table.animal_name(frame.carnivore),
            target=table.animal_name(frame.target),
        ) + table.hunt_details(frame)
    hunt = pack_of(table.view)
    if hunt is not None and hunt.hunt.helper is not None and table.view.decisions:
        return table.own(
            "console.pack",
            player=table.name(table.view.decisions[0].seat),
            helper=table.animal_name(hunt.hunt.helper),
            leader=table.animal_name(hunt.hunt.carnivore),
        )
    lure = anglerfish_of(table.view)
    if lure is not None and table.view.decisions:
        return table.own(
            "console.anglerfish",
            player=table.name(table.view.decisions[0].seat),
            anglerfish=table.animal_name(lure.anglerfish),
            carnivore=table.animal_name(lure.carnivore),
        )
    if pairs_of(table.view) is not None and table.view.decisions:
        return table.own("console.pair_order", player=table.name(table.view.decisions[0].seat))
    return None


def board(table: OriginTable) -> str:
    """The table as text: the turn, the supplies, what is pending, and every player's animals with their paired
    traits."""
    view, language = table.view, table.language
    notes = round_notes(view, language)
    title = phase_title(view, language) + (f" ({' · '.join(notes)})" if notes else "")
    lines = [f"=== {title} ===", table_summary(view, language)]
    lines.append(table.own("console.first_player", player=table.name(view.first_player)))
    pending = waiting_line(table)
    if pending:
        lines.append(pending)
    for player in view.players:
        lines.append("")
        head = table.msg("console.player", player=player.name, n=player.hand_size)
        status = _status(view, player, language)
        lines.append(f"{head}  {status}" if status else head)
        lines.extend(animal_lines(table, player))
    return "\n".join(lines)


def animal_lines(table: OriginTable, player: PlayerView) -> list[str]:
    """A player's animals from the left, each with its number (as the menus and logs name it)."""
    if not player.animals:
        return ["    " + table.own("console.no_animals")]
    return [f"    {player.number(a.id)}. {table.animal_detail(a.id)}" for a in player.animals]


def _status(view: TableView, player: PlayerView, language: str) -> str:
    owed = [d.kind for d in view.decisions if d.seat == player.seat and not d.opportunity]
    if owed:
        return "<- " + message(f"origin.decision.{owed[0]}", language)
    if player.passed and view.phase is not Phase.GAME_OVER:
        return message(f"origin.console.passed_{view.phase}", language)
    return ""


def own_row(table: OriginTable) -> str:
    """A short reminder for a player who just moved: the supplies, and their own animals."""
    assert table.mine is not None
    lines = [table_summary(table.view, table.language), table.own("console.your_animals")]
    lines.extend(animal_lines(table, table.view.players[table.mine.seat]))
    return "\n".join(lines)


def secret_sections(mine: SeatView, table: OriginTable) -> list[Section]:
    """A player's own secrets: the cards in their hand (each by the trait or traits it may be played as), and with
    "Time to Fly" their standing orders (seed 001: set in advance, private)."""
    sections = [
        Section(
            table.msg("hand.cards", n=len(mine.hand)),
            tuple(table.card(c) for c in mine.hand) or (table.msg("hand.empty"),),
        )
    ]
    if table.view.options.time_to_fly:
        sections.append(Section(table.own("orders.title"), (table.orders_text(),)))
    return sections
