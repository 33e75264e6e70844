"""The original game's words for what happened: public events become the channel's summary lines, a player's private
events the lines of their own direct message or ephemeral reply (seed 003: the turn's four phases, the traits).

Pure: events and an :class:`~texts.origin.choices.OriginTable` in, strings out. Which events are public is the rules
core's decision; the lines name animals as the board does, from the table as it is after the events (an animal that
has left play by then is "an animal of Ann's").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rules_core.engine import Outcome
from rules_core.origin import events as ev
from rules_core.origin.cards import Trait
from rules_core.origin.setup import decks
from rules_core.origin.state import Phase, TieBreak
from rules_core.origin.view import TableView
from texts.messages import message
from texts.origin.table import OriginTable
from texts.presentation import capital


def phase_title(view: TableView, language: str) -> str:
    """ "Turn 3: Feeding", or that the game is over."""
    if view.phase is Phase.GAME_OVER:
        return message("origin.status.title_over", language)
    phase = message(f"origin.phase.{view.phase}", language)
    return message("origin.status.title", language, round=view.round, phase=phase)


def round_notes(view: TableView, language: str) -> list[str]:
    """What to keep in mind this turn: it is the last one; two decks are mixed; ties go to the cards discarded."""
    notes = []
    if view.last_turn and view.phase is not Phase.GAME_OVER:
        notes.append(message("origin.footer.last_turn", language))
    if decks(view.options, len(view.players)) > 1:
        notes.append(message("origin.footer.two_decks", language))
    if view.options.tie_break is TieBreak.DISCARDS:
        notes.append(message("origin.footer.tie_break_discards", language))
    return notes


def public_lines(events: Sequence[Any], table: OriginTable) -> list[str]:
    """One line per thing the table saw happen (the cards of one deal are one line; an attack answered at once and
    its meal are one line, the prey being gone from the table by then)."""
    lines: list[str] = []
    dealt: list[str] = []
    eaten = {e.prey for e in events if isinstance(e, ev.AnimalEaten)}
    for event in events:
        if isinstance(event, ev.CardsDealt):
            dealt.append(table.own("event.dealt_one", player=table.name(event.seat), n=event.count))
            continue
        if dealt:
            lines.append(table.own("event.CardsDealt", hands=", ".join(dealt)))
            dealt = []
        if isinstance(event, ev.AnimalAttacked) and event.target in eaten and table.locate(event.target) is None:
            continue
        line = public_line(event, table)
        if line:
            lines.append(capital(line))
    if dealt:
        lines.append(table.own("event.CardsDealt", hands=", ".join(dealt)))
    return lines


def _token(event: ev.FoodTaken, table: OriginTable) -> str:
    """A token reached an animal: red from the food bank, blue from the supply, or stolen; yellow once it is fed."""
    cause = "" if event.cause == "food_base" else table.own(f"cause.{event.cause}", trait=_cause_trait(event, table))
    source = "stored" if event.stored else event.source
    return table.own(
        f"event.FoodTaken_{source}",
        animal=table.animal_name(event.animal),
        cause=cause,
        trait=table.tr(Trait.FAT_TISSUE),
    )


#: The trait each way of getting a token (but the food bank) is named by.
CAUSES: dict[str, Trait] = {
    "communication": Trait.COMMUNICATION,
    "cooperation": Trait.COOPERATION,
    "attack": Trait.CARNIVORE,
    "tail_loss": Trait.TAIL_LOSS,
    "scavenger": Trait.SCAVENGER,
    "piracy": Trait.PIRACY,
    "specialization": Trait.SPECIALIZATION_A,
    "metamorphosis": Trait.METAMORPHOSIS,
    "birth": Trait.VIVIPAROUS,
    "kleptoplasty": Trait.KLEPTOPLASTY,
}


SPECIALIZATIONS = (Trait.SPECIALIZATION_A, Trait.SPECIALIZATION_B)


def _cause_trait(event: ev.FoodTaken, table: OriginTable) -> str:
    """The name of the trait that gave the token; a Specialization by the one the animal has."""
    trait = CAUSES[event.cause]
    found = table.locate(event.animal)
    if trait is Trait.SPECIALIZATION_A and found is not None and found[2].traits:
        trait = next((t.trait for t in found[2].traits if t.trait in SPECIALIZATIONS), trait)
    return table.tr(trait)


def _dice(event: ev.FoodBaseRolled, table: OriginTable) -> str:
    dice = " + ".join(str(d) for d in event.dice)
    bonus = table.own("event.FoodBaseRolled_bonus", bonus=event.bonus) if event.bonus else ""
    return table.own("event.FoodBaseRolled", player=table.name(event.seat), dice=dice, bonus=bonus, n=event.food_base)


def _running(event: ev.RunningRolled, table: OriginTable) -> str:
    key = "event.RunningRolled_escaped" if event.escaped else "event.RunningRolled_caught"
    return table.own(key, animal=table.animal_name(event.animal), roll=event.roll)


def _dropped(event: ev.TraitDropped, table: OriginTable) -> str:
    """Tail Loss's escape, or Metamorphosis shedding a trait."""
    line = table.own(
        "event.TraitDropped" if event.cause == "tail_loss" else "event.TraitDropped_metamorphosis",
        animal=table.animal_name(event.animal),
        trait=table.tr(event.trait),
        tail_loss=table.tr(Trait.TAIL_LOSS),
        metamorphosis=table.tr(Trait.METAMORPHOSIS),
    )
    return line + (table.own("event.TraitDropped_fat", n=event.fat) if event.fat else "")


def _eaten(event: ev.AnimalEaten, table: OriginTable) -> str:
    return table.own(
        "event.AnimalEaten",
        carnivore=table.animal_name(event.carnivore),
        prey=table.animal_name(event.prey),
        n=len(event.discarded),
    )


def _died(event: ev.AnimalDied, table: OriginTable) -> str:
    return table.own(f"event.AnimalDied_{event.cause}", player=table.name(event.seat), n=len(event.discarded))


def _played(event: ev.TraitPlayed, table: OriginTable) -> str:
    animal = table.animal_name(event.animal)
    if event.owner == event.seat:
        return table.own("event.TraitPlayed", trait=table.tr(event.trait), animal=animal)
    return table.own(
        "event.TraitPlayed_rival", player=table.name(event.seat), trait=table.tr(event.trait), animal=animal
    )


def _paired(event: ev.PairedTraitPlayed, table: OriginTable) -> str:
    """A paired trait joined two animals: the player's own, or a rival's (Trematode)."""
    if event.owner != event.seat:
        key = "event.PairedTraitPlayed_rival"
    elif event.trait is Trait.SYMBIOSIS:
        key = "event.PairedTraitPlayed_symbiosis"
    else:
        key = "event.PairedTraitPlayed"
    return table.own(
        key,
        trait=table.tr(event.trait),
        first=table.animal_name(event.first),
        n=table.number(event.second) or 0,
        player=table.name(event.seat),
    )


def _attacked(event: ev.AnimalAttacked, table: OriginTable) -> str:
    """An attack, with its pack's helper, the traits Intellect ignores, and whether it came from ambush."""
    line = table.own(
        "event.AnimalAttacked_ambush" if event.ambush else "event.AnimalAttacked",
        carnivore=table.animal_name(event.carnivore),
        target=table.animal_name(event.target),
        trait=table.tr(Trait.AMBUSH),
    )
    if event.helper is not None:
        line += table.own(
            "event.AnimalAttacked_helper", helper=table.animal_name(event.helper), trait=table.tr(Trait.PACK)
        )
    if event.ignored:
        line += table.own("event.AnimalAttacked_ignored", traits=table.trait_names(event.ignored))
    return line


def _pack(event: ev.PackAnswered, table: OriginTable) -> str:
    return table.own(
        "event.PackAnswered_joined" if event.joined else "event.PackAnswered_declined",
        player=table.name(event.seat),
        helper=table.animal_name(event.helper),
        leader=table.animal_name(event.leader),
        trait=table.tr(Trait.PACK),
    )


def _emptied(event: ev.DeckEmptied, table: OriginTable) -> str:
    line = table.own("event.DeckEmptied")
    if event.woken:
        line += table.own("event.DeckEmptied_woken", n=len(event.woken), trait=table.tr(Trait.HIBERNATION))
    return line


def _with_trait(key: str, trait: Trait) -> Callable[[Any, OriginTable], str]:
    """A line about one animal of the event's seat (``animal``) and the trait it used (``trait``)."""
    return lambda event, table: table.own(key, animal=table.animal_name(event.animal), trait=table.tr(trait))


def _by_animal(key: str) -> Callable[[Any, OriginTable], str]:
    """A line about one animal of the event's seat (``animal``)."""
    return lambda event, table: table.own(key, animal=table.animal_name(event.animal))


def _by_player(key: str) -> Callable[[Any, OriginTable], str]:
    return lambda event, table: table.own(key, player=table.name(event.seat))


_LINES: dict[type, Callable[[Any, OriginTable], str]] = {
    ev.TurnStarted: lambda e, t: t.own(
        "event.TurnStarted_last" if e.last_turn else "event.TurnStarted", round=e.turn, player=t.name(e.first_player)
    ),
    ev.DeckReshuffled: lambda e, t: t.own("event.DeckReshuffled", n=e.cards),
    ev.AnimalPlayed: lambda e, t: t.own("event.AnimalPlayed", player=t.name(e.seat), animal=t.animal_name(e.animal)),
    ev.TraitPlayed: _played,
    ev.PairedTraitPlayed: _paired,
    ev.Passed: lambda e, t: t.own(f"event.Passed_{e.phase}", player=t.name(e.seat)),
    ev.FoodBaseRolled: _dice,
    ev.FoodTaken: _token,
    ev.FoodStomped: lambda e, t: t.own("event.FoodStomped", animal=t.animal_name(e.animal), n=e.food_base),
    ev.FoodStolen: lambda e, t: t.own(
        "event.FoodStolen",
        pirate=t.animal_name(e.pirate),
        victim=t.animal_name(e.victim),
    ),
    ev.FatConverted: lambda e, t: t.own("event.FatConverted", animal=t.animal_name(e.animal), n=e.tokens),
    ev.AnimalHibernated: _by_animal("event.AnimalHibernated"),
    ev.FeedingTurnEnded: _by_player("event.FeedingTurnEnded"),
    ev.AnimalAttacked: _attacked,
    ev.RunningRolled: _running,
    ev.AttackRedirected: lambda e, t: t.own(
        "event.AttackRedirected",
        trait=t.tr(Trait.MIMICRY),
        animal=t.animal_name(e.animal),
        to=t.animal_name(e.to),
    ),
    ev.TraitDropped: _dropped,
    ev.AnimalEaten: _eaten,
    ev.CarnivorePoisoned: lambda e, t: t.own("event.CarnivorePoisoned", carnivore=t.animal_name(e.carnivore)),
    ev.AnimalDied: _died,
    ev.FeedingEnded: lambda e, t: (
        t.own("event.FeedingEnded", n=e.food_base) if e.food_base else t.own("event.FeedingEnded_empty")
    ),
    ev.FoodCleared: lambda e, t: t.own("event.FoodCleared", n=e.tokens),
    ev.FirstPlayerPassed: _by_player("event.FirstPlayerPassed"),
    ev.AnimalHid: _with_trait("event.AnimalHid", Trait.SHELL),
    ev.InkReleased: _with_trait("event.InkReleased", Trait.INK_CLOUD),
    ev.ShellLeft: lambda e, t: t.own("event.ShellLeft", player=t.name(e.seat), trait=t.tr(Trait.SHELL)),
    ev.ShellTaken: _with_trait("event.ShellTaken", Trait.SHELL),
    ev.AnglerfishRevealed: lambda e, t: t.own(
        "event.AnglerfishRevealed",
        animal=t.animal_name(e.animal),
        carnivore=t.animal_name(e.carnivore),
        trait=t.tr(Trait.ANGLERFISH),
    ),
    ev.PackAnswered: _pack,
    ev.AnimalBorn: lambda e, t: t.own(
        "event.AnimalBorn",
        parent=t.animal_name(e.parent),
        animal=t.animal_name(e.animal),
        trait=t.tr(Trait.VIVIPAROUS),
    ),
    ev.DeckEmptied: _emptied,
    ev.TieDiceRolled: lambda e, t: t.own(
        "event.TieDiceRolled",
        score=e.score,
        discarded=e.discarded,
        rolls=", ".join(t.own("event.TieDiceRolled.roll", player=t.name(seat), die=die) for seat, die in e.rolls),
    ),
    ev.GameEnded: lambda e, t: t.own("event.GameEnded", players=", ".join(t.name(s) for s in e.winners)),
}


def public_line(event: Any, table: OriginTable) -> str | None:
    """The line of one public event (None for an event the channel is not told of in words)."""
    line = _LINES.get(type(event))
    return None if line is None else line(event, table)


def standings_lines(outcome: Outcome, table: OriginTable) -> list[str]:
    """The final scores, best first, with their parts (animals, traits, the extra points of Big, Carnivore and
    Parasite); under the tie-break ``discards``, a player equal on points with another also with their cards
    discarded, and their dice where dice decided."""
    lines = table.scores(outcome, "animals", "traits", "extra")
    if table.view.options.tie_break is not TieBreak.DISCARDS:
        return lines
    scores = Counter(s.score for s in outcome.standings)
    told = []
    for line, standing in zip(lines, outcome.standings, strict=True):
        if scores[standing.score] > 1:
            discarded, *rolls = standing.tiebreaks
            line = table.own("standing.discards", line=line, discarded=discarded)
            if rolls:
                line = table.own("standing.rolls", line=line, rolls=", ".join(map(str, rolls)))
        told.append(line)
    return told


def private_lines(events: Iterable[Any], table: OriginTable) -> list[str]:
    """A player's own private events, in their words (only ever sent to that player): new cards, and the standing
    orders they set."""
    lines = []
    for e in events:
        if isinstance(e, ev.CardsReceived):
            cards = ", ".join(table.card(c) for c in sorted(e.cards))
            lines.append(table.own("private.CardsReceived", cards=cards, n=len(e.cards)))
        elif isinstance(e, ev.AmbushSet):
            key = "private.AmbushSet_armed" if e.armed else "private.AmbushSet_disarmed"
            lines.append(table.own(key, animal=table.animal_name(e.carnivore), trait=table.tr(Trait.AMBUSH)))
        elif isinstance(e, ev.AnglerfishOrderSet):
            key = "private.AnglerfishOrderSet_armed" if e.armed else "private.AnglerfishOrderSet_disarmed"
            lines.append(table.own(key, trait=table.tr(Trait.ANGLERFISH)))
    return [capital(line) for line in lines]


#: Private events worth a direct message of their own: new cards.
DM_WORTHY = (ev.CardsReceived,)
