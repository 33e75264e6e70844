"""Numbered menus built from a seat's legal actions, grouped so that a big hand stays readable.

A hand of 10 cards and 4 species gives well over 100 legal card plays; the menu asks first what to do (play a
trait, grow a species, create a species, finish), then with which card, then on which species. A group with a
single choice is folded into its parent's line, so nobody is asked to confirm the only option.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from console import words
from rules_core.north_star.actions import (
    Action,
    Attack,
    CreateSpecies,
    FinishCardPlay,
    IncreaseBodySize,
    IncreasePopulation,
    PlayTrait,
    ResolveRevealEffect,
    SelectFoodCard,
    StopFeeding,
    TakePlantFood,
    UseIntelligence,
)
from rules_core.north_star.cards import Trait, trait_of
from rules_core.north_star.view import SeatView, SpeciesView

K = TypeVar("K", bound=Hashable)
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Menu:
    title: str
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class Option:
    """A line of a menu: an action, or a further menu."""

    label: str
    action: Action | None = None
    menu: Menu | None = None


def group(label: str, title: str, options: Sequence[Option]) -> Option:
    """An option leading to a menu; a menu of one option is folded into this line."""
    if len(options) == 1:
        only = options[0]
        return Option(f"{label}: {only.label}", only.action, only.menu)
    return Option(label, menu=Menu(title, tuple(options)))


def _by(actions: Iterable[A], key: Callable[[A], K]) -> dict[K, list[A]]:
    """Actions grouped by ``key``, groups in order of first appearance."""
    groups: dict[K, list[A]] = {}
    for action in actions:
        groups.setdefault(key(action), []).append(action)
    return groups


class _Labels:
    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.names = words.Namer(view.table)
        self.hidden = dict(view.hidden_traits)

    def species(self, species_id: int) -> str:
        found = words.find_species(self.view.table, species_id)
        if found is None:
            return f"#{species_id}"
        owner = words.owner_of(self.view.table, species_id)
        hidden = self.hidden.get(species_id, ()) if owner == self.view.seat else ()
        line = words.species_line(found, hidden=hidden, aligned=False)
        return line if owner == self.view.seat else f"{self.names.owner(owner or 0)} {line}"

    def found(self, species_id: int) -> SpeciesView | None:
        return words.find_species(self.view.table, species_id)


def build(view: SeatView, legal: Sequence[Action]) -> Menu:
    """The menu of everything ``view.seat`` may do now (``legal`` is the seat's legal actions)."""
    labels = _Labels(view)
    if any(isinstance(a, SelectFoodCard) for a in legal):
        return Menu(
            "Choose a card to put face down on the watering hole (its food number is added as plant food):",
            tuple(Option(words.card(a.card), a) for a in legal if isinstance(a, SelectFoodCard)),
        )
    if any(isinstance(a, ResolveRevealEffect) for a in legal):
        return Menu(
            "Which of your trait effects happens next?",
            tuple(
                Option(f"{words.trait_name(a.trait)} of {labels.species(a.species)}", a)
                for a in legal
                if isinstance(a, ResolveRevealEffect)
            ),
        )
    if any(isinstance(a, FinishCardPlay | PlayTrait | CreateSpecies) for a in legal):
        return Menu("What do you do?", tuple(_card_play(legal, labels, len(view.hand))))
    return Menu("Your turn to feed. What do you do?", tuple(_feeding(legal, labels)))


# Playing cards.


def _card_play(legal: Sequence[Action], labels: _Labels, hand: int) -> list[Option]:
    options: list[Option] = []
    traits = [a for a in legal if isinstance(a, PlayTrait)]
    if traits:
        by_card = [
            group(words.card(card), "On which species?", _trait_targets(plays, labels))
            for card, plays in _by(traits, lambda a: a.card).items()
        ]
        options.append(group("Play a card as a trait (face down)", "Which card?", by_card))
    for kind, label, noun in (
        (IncreaseBodySize, "Increase a species' body size (discard a card)", "body size"),
        (IncreasePopulation, "Increase a species' population (discard a card)", "population"),
    ):
        grows: list[IncreaseBodySize | IncreasePopulation] = [a for a in legal if isinstance(a, kind)]
        if grows:
            by_species = [
                group(labels.species(species), "Discard which card?", [Option(words.card(a.card), a) for a in plays])
                for species, plays in _by(grows, lambda a: a.species).items()
            ]
            options.append(group(label, f"Which species grows in {noun}?", by_species))
    creates = [a for a in legal if isinstance(a, CreateSpecies)]
    if creates:
        by_card = [
            group(
                words.card(card),
                "Where does the new species go?",
                [Option(f"at the {a.side} end of your species", a) for a in plays],
            )
            for card, plays in _by(creates, lambda a: a.card).items()
        ]
        options.append(group("Create a new species (discard a card)", "Discard which card?", by_card))
    for action in legal:
        if isinstance(action, FinishCardPlay):
            kept = f"keep your {words.plural(hand, 'card')}" if hand else "no cards left"
            options.append(Option(f"Finish playing cards ({kept})", action))
    return options


def _trait_targets(plays: Sequence[PlayTrait], labels: _Labels) -> list[Option]:
    options = []
    for species, on_it in _by(plays, lambda a: a.species).items():
        if len(on_it) == 1 and on_it[0].replace is None:
            options.append(Option(labels.species(species), on_it[0]))
            continue
        replacements = [
            Option(
                f"discard {words.trait_name(trait_of(a.replace))} to make room" if a.replace is not None else "add it",
                a,
            )
            for a in on_it
        ]
        options.append(group(labels.species(species), "This species is full: which trait goes?", replacements))
    return options


# Feeding.


def _feeding(legal: Sequence[Action], labels: _Labels) -> list[Option]:
    options: list[Option] = []
    plants = [a for a in legal if isinstance(a, TakePlantFood)]
    if plants:
        choices = []
        for a in plants:
            found = labels.found(a.species)
            note = "  (stores fat)" if found is not None and not found.hungry else ""
            choices.append(Option(labels.species(a.species) + note, a))
        options.append(group("Take plant food from the watering hole", "Which species eats?", choices))
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:
        by_carnivore = [
            group(labels.species(carnivore), "Attack which species?", _targets(plays, labels))
            for carnivore, plays in _by(attacks, lambda a: a.carnivore).items()
        ]
        options.append(group("Attack with a carnivore", "Which carnivore attacks?", by_carnivore))
    smart = [a for a in legal if isinstance(a, UseIntelligence)]
    if smart:
        by_species = [
            group(labels.species(species), "Discard which card?", [Option(words.card(a.card), a) for a in uses])
            for species, uses in _by(smart, lambda a: a.species).items()
        ]
        options.append(
            group("Use Intelligence (discard a card: 2 plant food from the food bank)", "Which species?", by_species)
        )
    for action in legal:
        if isinstance(action, StopFeeding):
            options.append(Option("Stop feeding for this round", action))
    return options


def _targets(plays: Sequence[Attack], labels: _Labels) -> list[Option]:
    options = []
    mine = {s.id for s in labels.view.table.players[labels.view.seat].species}
    # Other players' species first: attacking one's own is the last resort.
    ordered = sorted(plays, key=lambda a: a.target in mine)
    for target, ways in _by(ordered, lambda a: a.target).items():
        found = labels.found(target)
        label = labels.species(target)
        if found is not None and any(t.trait is Trait.HORNS for t in found.traits):
            label += "  - its Horns will wound your carnivore"
        if found is not None and words.owner_of(labels.view.table, target) == labels.view.seat:
            label += "  - one of YOUR species"
        if len(ways) == 1 and not ways[0].negate:
            options.append(Option(label, ways[0]))
        else:
            options.append(group(label, "How?", [Option(_variant(a), a) for a in ways]))
    return options


def _variant(action: Attack) -> str:
    if not action.negate:
        return "attack"
    negated = ", ".join(words.trait_name(t) for t in action.negate)
    return f"discard {words.cards(action.discards)} to negate {negated}"
