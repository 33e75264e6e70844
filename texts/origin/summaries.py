"""The original game's words for what happened: public events become the channel's summary lines, a player's private
events the lines of their own direct message or ephemeral reply (seed 003: the turn's four phases, the traits).

Pure: events and an :class:`~texts.origin.choices.OriginTable` in, strings out. Which events are public is the rules
core's decision; the lines name animals as the board does, from the table as it is after the events (an animal that
has left play by then is "an animal of Ann's").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rules_core.engine import Outcome
from rules_core.origin import events as ev
from rules_core.origin.cards import Trait
from rules_core.origin.setup import decks
from rules_core.origin.state import Phase
from rules_core.origin.view import TableView
from texts.messages import message
from texts.origin.choices import OriginTable, capital


def phase_title(view: TableView, language: str) -> str:
    """ "Turn 3: Feeding", or that the game is over."""
    if view.phase is Phase.GAME_OVER:
        return message("origin.status.title_over", language)
    phase = message(f"origin.phase.{view.phase}", language)
    return message("origin.status.title", language, round=view.round, phase=phase)


def round_notes(view: TableView, language: str) -> list[str]:
    """What to keep in mind this turn: it is the last one; two decks are mixed."""
    notes = []
    if view.last_turn and view.phase is not Phase.GAME_OVER:
        notes.append(message("origin.footer.last_turn", language))
    if decks(view.options, len(view.players)) > 1:
        notes.append(message("origin.footer.two_decks", language))
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
    cause = "" if event.cause == "food_base" else table.own(f"cause.{event.cause}", trait=table.tr(CAUSES[event.cause]))
    source = "stored" if event.stored else event.source
    return table.own(
        f"event.FoodTaken_{source}",
        animal=table.animal_name(event.animal, seat=event.seat),
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
}


def _dice(event: ev.FoodBaseRolled, table: OriginTable) -> str:
    dice = " + ".join(str(d) for d in event.dice)
    bonus = table.own("event.FoodBaseRolled_bonus", bonus=event.bonus) if event.bonus else ""
    return table.own("event.FoodBaseRolled", player=table.name(event.seat), dice=dice, bonus=bonus, n=event.food_base)


def _running(event: ev.RunningRolled, table: OriginTable) -> str:
    key = "event.RunningRolled_escaped" if event.escaped else "event.RunningRolled_caught"
    return table.own(key, animal=table.animal_name(event.animal, seat=event.seat), roll=event.roll)


def _dropped(event: ev.TraitDropped, table: OriginTable) -> str:
    line = table.own(
        "event.TraitDropped",
        animal=table.animal_name(event.animal, seat=event.seat),
        trait=table.tr(event.trait),
        tail_loss=table.tr(Trait.TAIL_LOSS),
    )
    return line + (table.own("event.TraitDropped_fat", n=event.fat) if event.fat else "")


def _eaten(event: ev.AnimalEaten, table: OriginTable) -> str:
    return table.own(
        "event.AnimalEaten",
        carnivore=table.animal_name(event.carnivore, seat=event.seat),
        prey=table.animal_name(event.prey, seat=event.prey_seat),
        n=len(event.discarded),
    )


def _died(event: ev.AnimalDied, table: OriginTable) -> str:
    return table.own(f"event.AnimalDied_{event.cause}", player=table.name(event.seat), n=len(event.discarded))


def _played(event: ev.TraitPlayed, table: OriginTable) -> str:
    animal = table.animal_name(event.animal, seat=event.owner)
    if event.owner == event.seat:
        return table.own("event.TraitPlayed", trait=table.tr(event.trait), animal=animal)
    return table.own(
        "event.TraitPlayed_rival", player=table.name(event.seat), trait=table.tr(event.trait), animal=animal
    )


def _paired(event: ev.PairedTraitPlayed, table: OriginTable) -> str:
    key = "event.PairedTraitPlayed_symbiosis" if event.trait is Trait.SYMBIOSIS else "event.PairedTraitPlayed"
    return table.own(
        key,
        trait=table.tr(event.trait),
        first=table.animal_name(event.first, seat=event.seat),
        n=table.place(event.second) or 0,
    )


def _by_animal(key: str) -> Callable[[Any, OriginTable], str]:
    """A line about one animal of the event's seat (``animal``)."""
    return lambda event, table: table.own(key, animal=table.animal_name(event.animal, seat=event.seat))


def _by_player(key: str) -> Callable[[Any, OriginTable], str]:
    return lambda event, table: table.own(key, player=table.name(event.seat))


_LINES: dict[type, Callable[[Any, OriginTable], str]] = {
    ev.TurnStarted: lambda e, t: t.own(
        "event.TurnStarted_last" if e.last_turn else "event.TurnStarted", round=e.turn, player=t.name(e.first_player)
    ),
    ev.DeckReshuffled: lambda e, t: t.own("event.DeckReshuffled", n=e.cards),
    ev.AnimalPlayed: lambda e, t: t.own(
        "event.AnimalPlayed", player=t.name(e.seat), animal=t.animal_name(e.animal, seat=e.seat)
    ),
    ev.TraitPlayed: _played,
    ev.PairedTraitPlayed: _paired,
    ev.Passed: lambda e, t: t.own(f"event.Passed_{e.phase}", player=t.name(e.seat)),
    ev.FoodBaseRolled: _dice,
    ev.FoodTaken: _token,
    ev.FoodStomped: lambda e, t: t.own("event.FoodStomped", animal=t.animal_name(e.animal, seat=e.seat), n=e.food_base),
    ev.FoodStolen: lambda e, t: t.own(
        "event.FoodStolen",
        pirate=t.animal_name(e.pirate, seat=e.seat),
        victim=t.animal_name(e.victim, seat=e.victim_seat),
    ),
    ev.FatConverted: lambda e, t: t.own("event.FatConverted", animal=t.animal_name(e.animal, seat=e.seat), n=e.tokens),
    ev.AnimalHibernated: _by_animal("event.AnimalHibernated"),
    ev.FeedingTurnEnded: _by_player("event.FeedingTurnEnded"),
    ev.AnimalAttacked: lambda e, t: t.own(
        "event.AnimalAttacked",
        carnivore=t.animal_name(e.carnivore, seat=e.seat),
        target=t.animal_name(e.target, seat=e.target_seat),
    ),
    ev.RunningRolled: _running,
    ev.AttackRedirected: lambda e, t: t.own(
        "event.AttackRedirected",
        trait=t.tr(Trait.MIMICRY),
        animal=t.animal_name(e.animal, seat=e.seat),
        to=t.animal_name(e.to, seat=e.seat),
    ),
    ev.TraitDropped: _dropped,
    ev.AnimalEaten: _eaten,
    ev.CarnivorePoisoned: lambda e, t: t.own(
        "event.CarnivorePoisoned", carnivore=t.animal_name(e.carnivore, seat=e.seat)
    ),
    ev.AnimalDied: _died,
    ev.FeedingEnded: lambda e, t: (
        t.own("event.FeedingEnded", n=e.food_base) if e.food_base else t.own("event.FeedingEnded_empty")
    ),
    ev.FoodCleared: lambda e, t: t.own("event.FoodCleared", n=e.tokens),
    ev.FirstPlayerPassed: _by_player("event.FirstPlayerPassed"),
    ev.GameEnded: lambda e, t: t.own("event.GameEnded", players=", ".join(t.name(s) for s in e.winners)),
}


def public_line(event: Any, table: OriginTable) -> str | None:
    """The line of one public event (None for an event the channel is not told of in words)."""
    line = _LINES.get(type(event))
    return None if line is None else line(event, table)


def standings_lines(outcome: Outcome, table: OriginTable) -> list[str]:
    """The final scores, best first, with their parts (animals, traits, the extra points of Big, Carnivore and
    Parasite)."""
    lines = []
    for standing in outcome.standings:
        parts = dict(standing.details)
        lines.append(
            table.own(
                "standing",
                rank=standing.rank,
                player=table.name(standing.seat),
                score=standing.score,
                animals=parts.get("animals", 0),
                traits=parts.get("traits", 0),
                extra=parts.get("extra", 0),
            )
        )
    return lines


def private_lines(events: Iterable[Any], table: OriginTable) -> list[str]:
    """A player's own private events, in their words (only ever sent to that player)."""
    return [
        capital(
            table.own("private.CardsReceived", cards=", ".join(table.card(c) for c in sorted(e.cards)), n=len(e.cards))
        )
        for e in events
        if isinstance(e, ev.CardsReceived)
    ]


#: Private events worth a direct message of their own: new cards.
DM_WORTHY = (ev.CardsReceived,)
