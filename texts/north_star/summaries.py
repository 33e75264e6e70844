"""North Star's words for what happened: public events become the channel's summary lines; a player's private
events become the lines of their own direct message or ephemeral reply.

Pure: events and a :class:`~texts.north_star.choices.NorthStarTable` in, strings out. Only public events ever reach
the channel's lines; which events are public is the rules core's decision (the quick game's card plays are told
when the phase is over: docs/rulings.md, "Quick game").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules_core.engine import Outcome
from rules_core.north_star import events as ev
from rules_core.north_star.cards import trait_of
from rules_core.north_star.state import Phase
from rules_core.north_star.view import TableView
from texts.messages import message
from texts.north_star.choices import NorthStarTable, card_name, trait_name


def phase_title(view: TableView, language: str) -> str:
    """ "Round 3: Feeding", or that the game is over."""
    if view.phase is Phase.GAME_OVER:
        return message("north_star.status.title_over", language)
    phase = message(f"north_star.phase.{view.phase}", language)
    return message("north_star.status.title", language, round=view.round, phase=phase)


def round_notes(view: TableView, language: str) -> list[str]:
    """What to keep in mind about this round: the last one, the next one the last, a quick game."""
    notes = []
    if view.last_round:
        notes.append(message("north_star.footer.last_round", language))
    elif view.next_round_last:
        notes.append(message("north_star.footer.next_round_last", language))
    if view.quick_game:
        notes.append(message("north_star.footer.quick_game", language))
    return notes


def public_lines(events: Sequence[Any], table: NorthStarTable) -> list[str]:
    """One line per thing the table saw happen (cards dealt at once are one line)."""
    lines: list[str] = []
    dealt: list[str] = []
    for event in events:
        if isinstance(event, ev.CardsDealt) and event.reason == "deal":
            dealt.append(table.own("event.dealt_one", player=table.name(event.seat), n=event.count))
            continue
        if dealt:
            lines.append(table.own("event.CardsDealt", hands=", ".join(dealt)))
            dealt = []
        line = public_line(event, table)
        if line:
            lines.append(table.sentence(line))
    if dealt:
        lines.append(table.own("event.CardsDealt", hands=", ".join(dealt)))
    return lines


def public_line(event: Any, table: NorthStarTable) -> str | None:
    msg, name, species = table.own, table.name, table.species_name
    if isinstance(event, ev.RoundStarted):
        key = "event.RoundStarted_last" if event.last_round else "event.RoundStarted"
        return msg(key, round=event.round, player=name(event.first_player))
    if isinstance(event, ev.DeckReshuffled):
        return msg(f"event.DeckReshuffled_{event.last_round}", n=event.cards)
    if isinstance(event, ev.CardsDealt):
        return msg("event.CardsDealt_extinction", player=name(event.seat), n=event.count)
    if isinstance(event, ev.FoodCardChosen):
        return msg("event.FoodCardChosen", player=name(event.seat))
    if isinstance(event, ev.TraitPlayedFaceDown):
        target = species(event.species)
        if event.replaced is not None:
            return msg(
                "event.TraitPlayedFaceDown_replaced",
                player=name(event.seat),
                species=target,
                trait=trait_name(trait_of(event.replaced), table.language),
            )
        if event.replaced_face_down:
            return msg("event.TraitPlayedFaceDown_replaced_hidden", player=name(event.seat), species=target)
        return msg("event.TraitPlayedFaceDown", player=name(event.seat), species=target)
    if isinstance(event, ev.SpeciesCreated):
        return msg(f"event.SpeciesCreated_{event.side}", player=name(event.seat), species=species(event.species))
    if isinstance(event, ev.BodySizeIncreased):
        return msg("event.BodySizeIncreased", species=species(event.species), n=event.body_size)
    if isinstance(event, ev.PopulationIncreased):
        return msg("event.PopulationIncreased", species=species(event.species), n=event.population)
    if isinstance(event, ev.CardPlayFinished):
        return msg("event.CardPlayFinished", player=name(event.seat))
    if isinstance(event, ev.TraitsRevealed):
        traits = ", ".join(trait_name(trait_of(c), table.language) for c in event.cards)
        return msg("event.TraitsRevealed", species=species(event.species), traits=traits)
    if isinstance(event, ev.FoodCardsRevealed):
        return msg(
            "event.FoodCardsRevealed",
            cards=", ".join(card_name(card, table.language) for card in event.cards),
            total=f"{event.total:+d}",
            change=f"{event.change:+d}",
            n=event.watering_hole,
        )
    if isinstance(event, ev.PopulationGrew):
        return msg("event.PopulationGrew", species=species(event.species), n=event.population)
    if isinstance(event, ev.FatMoved):
        return msg("event.FatMoved", species=species(event.species), n=event.amount)
    if isinstance(event, ev.FoodTaken):
        return msg(
            f"event.FoodTaken_{event.kind}",
            species=species(event.species),
            n=event.eaten,
            fat=event.stored_as_fat,
            source=msg(f"source.{event.source}"),
            cause=_cause(event.cause, table),
        ) + (msg("event.FoodTaken_fat", n=event.stored_as_fat) if event.stored_as_fat else "")
    if isinstance(event, ev.IntelligenceUsed):
        return msg("event.IntelligenceUsed", species=species(event.species), n=len(event.discards))
    if isinstance(event, ev.SpeciesAttacked):
        line = msg(
            "event.SpeciesAttacked",
            carnivore=species(event.carnivore),
            target=species(event.target),
        )
        if event.negated:
            line += msg(
                "event.SpeciesAttacked_negated", traits=", ".join(trait_name(t, table.language) for t in event.negated)
            )
        return line
    if isinstance(event, ev.PopulationLost):
        return msg(f"event.PopulationLost_{event.cause}", species=species(event.species), n=event.population)
    if isinstance(event, ev.SpeciesWentExtinct):
        return msg(f"event.SpeciesWentExtinct_{event.cause}", player=name(event.seat))
    if isinstance(event, ev.FeedingStopped):
        return msg("event.FeedingStopped", player=name(event.seat))
    if isinstance(event, ev.FeedingEnded):
        return msg("event.FeedingEnded", n=event.watering_hole)
    if isinstance(event, ev.NewSpeciesGiven):
        return msg("event.NewSpeciesGiven", player=name(event.seat), species=species(event.species))
    if isinstance(event, ev.FirstPlayerPassed):
        return msg("event.FirstPlayerPassed", player=name(event.seat))
    if isinstance(event, ev.GameEnded):
        return msg("event.GameEnded", players=", ".join(name(s) for s in event.winners))
    return None


def _cause(cause: str, table: NorthStarTable) -> str:
    key = f"cause.{cause}"
    return table.own(key) if table.has_own(key) else table.own("cause.other")


def standings_lines(outcome: Outcome, table: NorthStarTable) -> list[str]:
    """The final scores, best first."""
    return table.scores(outcome, "food", "population", "traits")


def private_lines(events: Iterable[Any], table: NorthStarTable) -> list[str]:
    """A player's own private events, in their words (only ever sent to that player)."""
    lines = []
    lang = table.language
    for event in events:
        if isinstance(event, ev.CardsReceived):
            cards = ", ".join(card_name(c, lang) for c in sorted(event.cards))
            lines.append(table.own(f"private.CardsReceived_{event.reason}", cards=cards, n=len(event.cards)))
        elif isinstance(event, ev.FoodCardPicked):
            lines.append(table.own("private.FoodCardPicked", card=card_name(event.card, lang)))
        elif isinstance(event, ev.TraitPlayedPrivately):
            key = "private.TraitPlayedPrivately" if event.replaced is None else "private.TraitPlayedPrivately_replaced"
            replaced = "" if event.replaced is None else card_name(event.replaced, lang)
            lines.append(
                table.own(
                    key,
                    card=card_name(event.card, lang),
                    replaced=replaced,
                    species=table.species_name(event.species),
                )
            )
        elif isinstance(event, ev.FoodBagged):
            lines.append(table.own("private.FoodBagged", n=event.amount, bag=event.bag))
        elif isinstance(event, ev.PlaysShown):
            plays = " ".join(line for play in event.plays if (line := public_line(play, table)))
            lines.append(table.own("private.PlaysShown", plays=plays))
    return [table.sentence(line) for line in lines]


#: Private events worth a direct message of their own (a bag count alone waits for the next one).
DM_WORTHY = (ev.CardsReceived, ev.FoodCardPicked, ev.TraitPlayedPrivately, ev.PlaysShown)
