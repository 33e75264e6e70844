"""North Star's menus: each legal action as a path of short tokens (:mod:`texts.menus`), and the words of every
choice, question and action in the player's language. Each action has a path of tokens, one per choice::

    SelectFoodCard(card=12)                 c12
    PlayTrait(card=12, species=5)           c12 / t / s5 / r-        (r<card>: discard that trait to make room)
    CreateSpecies(card=12, side="left")     c12 / L                  (R: on the right)
    IncreaseBodySize(card=12, species=5)    c12 / b / s5
    IncreasePopulation(card=12, species=5)  c12 / p / s5
    FinishCardPlay()                        f
    ResolveRevealEffect(species=5, FERTILE) e5.7
    TakePlantFood(species=5)                P / s5
    UseIntelligence(species=5, card=12)     I / s5 / c12
    Attack(carnivore=5, target=9)           A / s5 / x9 / n-
    Attack(..., discards=(3, 12), negate=(CLIMBING, HORNS))   A / s5 / x9 / n3.10 / d3.12
    StopFeeding()                           S

``d<cards>`` is the shared multi-choice token (several cards discarded at once). Pure: no Discord, no service.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from rules_core.north_star.actions import (
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
from rules_core.north_star.cards import TRAIT_CODES, Trait, food_value, trait_of
from rules_core.north_star.view import PlayerTableView, SeatView, SpeciesView, TableView
from texts.menus import Codes, Menu, Path, token_number
from texts.messages import message
from texts.presentation import ChoiceStyle, Table

TokenKind = Literal["card", "discards", "species", "target", "replace", "effect", "negate", "verb"]
_KINDS: dict[str, TokenKind] = {
    "c": "card",
    "d": "discards",
    "s": "species",
    "x": "target",
    "r": "replace",
    "e": "effect",
    "n": "negate",
}


_TRAIT_CODES = Codes(TRAIT_CODES)
trait_code = _TRAIT_CODES.code
trait_from_code = _TRAIT_CODES.name


def action_path(action: Any) -> Path:
    """The path of one North Star action (ValueError for anything else)."""
    if isinstance(action, SelectFoodCard):
        return (f"c{action.card}",)
    if isinstance(action, PlayTrait):
        replace = "r-" if action.replace is None else f"r{action.replace}"
        return (f"c{action.card}", "t", f"s{action.species}", replace)
    if isinstance(action, CreateSpecies):
        return (f"c{action.card}", "L" if action.side == "left" else "R")
    if isinstance(action, IncreaseBodySize):
        return (f"c{action.card}", "b", f"s{action.species}")
    if isinstance(action, IncreasePopulation):
        return (f"c{action.card}", "p", f"s{action.species}")
    if isinstance(action, FinishCardPlay):
        return ("f",)
    if isinstance(action, ResolveRevealEffect):
        return (f"e{action.species}.{trait_code(action.trait)}",)
    if isinstance(action, TakePlantFood):
        return ("P", f"s{action.species}")
    if isinstance(action, UseIntelligence):
        return ("I", f"s{action.species}", f"c{action.card}")
    if isinstance(action, Attack):
        negate = "n" + (".".join(trait_code(t) for t in action.negate) if action.negate else "-")
        path: Path = ("A", f"s{action.carnivore}", f"x{action.target}", negate)
        if action.discards:
            path += ("d" + ".".join(str(c) for c in action.discards),)
        return path
    if isinstance(action, StopFeeding):
        return ("S",)
    raise ValueError(f"not a North Star action: {type(action).__name__}")


def token_kind(token: str) -> TokenKind:
    return _KINDS.get(token[0], "verb")


# Labels. Everything a player reads comes from the message catalogue.


def trait_name(trait: Trait | str, language: str = "en") -> str:
    value = trait.value if isinstance(trait, Trait) else trait
    return message(f"north_star.trait.{value}", language)


def card_name(card: int, language: str = "en") -> str:
    """A card as its holder sees it: its trait and its food value ("Long Neck (+4)")."""
    trait = trait_name(trait_of(card), language)
    return message("north_star.card", language, trait=trait, food=f"{food_value(card):+d}")


def trait_effect(trait: Trait, language: str = "en") -> str:
    """A trait's effect in short, in the reader's words (the menus' line under a card)."""
    return message(f"north_star.effect.{trait.value}", language)


def card_effect(card: int, language: str = "en") -> str:
    return trait_effect(trait_of(card), language)


class NorthStarTable(Table):
    """North Star's labels: species by their owner and number, cards by trait and food value."""

    __slots__ = ()
    view: TableView
    mine: SeatView | None

    def rows(self) -> list[PlayerTableView]:
        """Every player's row; in a player's own prompts the rows as they see them: their own as it is now, and the
        others' plays that they see before the table does (the quick game's card play shows the others as the phase
        began)."""
        if self.mine is None:
            return list(self.view.players)
        rows = self.mine.seen or self.view.players
        return [self.mine.own if p.seat == self.mine.seat else p for p in rows]

    def locate(self, species_id: int) -> SpeciesView | None:
        """A species on the table."""
        for player in self.rows():
            for species in player.species:
                if species.id == species_id:
                    return species
        return None

    def species_name(self, species_id: int) -> str:
        """ "Alice's species 2", "your species 2" in one's own prompts: its owner and the number it was given when
        it came, kept for its whole life, gone or not (docs/rulings.md, "Stable names"); the boards show it too."""
        for player in self.rows():
            number = player.number(species_id)
            if number is None:
                continue
            if self.mine is not None and player.seat == self.mine.seat:
                return self.own("species.yours", n=number)
            return self.own("species.of", player=self.name(player.seat), n=number)
        return self.own("species.unknown")

    def hidden_traits(self, species_id: int) -> tuple[int, ...]:
        if self.mine is None:
            return ()
        for sid, cards in self.mine.hidden_traits:
            if sid == species_id:
                return cards
        return ()

    def species_detail(self, species_id: int) -> str:
        """Size, population, food and traits (own face-down traits only in the owner's own prompts)."""
        species = self.locate(species_id)
        if species is None:
            return ""
        traits = [trait_name(t.trait, self.language) for t in species.traits if t.trait is not None]
        traits += [
            self.own("trait.face_down", trait=trait_name(trait_of(c), self.language))
            for c in self.hidden_traits(species_id)
        ]
        unseen = sum(1 for t in species.traits if t.trait is None) - len(self.hidden_traits(species_id))
        traits += [self.own("trait.unseen")] * max(0, unseen)
        detail = self.own(
            "species.detail",
            size=species.body_size,
            population=species.population,
            food=species.food,
            fat=species.fat,
        )
        if species.fat or any(t.trait is Trait.FAT_TISSUE for t in species.traits):
            detail = self.own("species.detail_fat", detail=detail, fat=species.fat)
        if traits:
            detail = self.own("species.detail_traits", detail=detail, traits=", ".join(traits))
        return detail

    def negation(self, token: str) -> str:
        if token == "n-":
            return self.own("choice.negate_none")
        traits = [trait_name(trait_from_code(code), self.language) for code in token[1:].split(".")]
        return self.own("choice.negate", traits=", ".join(traits), n=len(traits))

    def label(self, prefix: Sequence[str], token: str) -> str:
        """The short label of a choice (a button or a select option)."""
        kind = token_kind(token)
        if kind == "card":
            return card_name(token_number(token), self.language)
        if kind in ("species", "target"):
            return self.species_name(token_number(token))
        if kind == "replace":
            if token == "r-":
                return self.own("choice.replace_none")
            return self.own("choice.replace", card=card_name(token_number(token), self.language))
        if kind == "effect":
            species, code = token[1:].split(".")
            return self.own(
                "choice.effect",
                trait=trait_name(trait_from_code(code), self.language),
                species=self.species_name(int(species)),
            )
        if kind == "negate":
            return self.negation(token)
        if kind == "discards":
            cards = [card_name(int(c), self.language) for c in token[1:].split(".")]
            return ", ".join(cards)
        return self.own(f"choice.{token}")

    def choice_style(self, token: str) -> ChoiceStyle:
        if token in ("f", "S"):
            return "finish"
        return "select" if token_kind(token) == "card" else "button"

    def part_label(self, part: int) -> str:
        return card_name(part, self.language)

    def multi_placeholder(self, count: int) -> str:
        return self.own("select.discards", n=count)

    def describe(self, prefix: Sequence[str], token: str) -> str | None:
        """A longer description of a choice, where one helps (a card's effect, species details)."""
        kind = token_kind(token)
        if kind == "card" or (kind == "replace" and token != "r-"):
            return card_effect(token_number(token), self.language)
        if kind in ("species", "target"):
            return self.species_detail(token_number(token)) or None
        if kind == "effect":
            return self.species_detail(int(token[1:].split(".")[0])) or None
        return None

    def question(self, menu: Menu) -> str:
        """What the menu asks, from the choices made so far."""
        prefix = menu.prefix
        if not prefix:
            kinds = {token_kind(o.token) for o in menu.options}
            tokens = {o.token for o in menu.options}
            if tokens & {"P", "A", "I", "S"}:
                return self.own("question.feed")
            if "effect" in kinds:
                return self.own("question.reveal_order")
            if "f" in tokens:
                return self.own("question.play_card")
            return self.own("question.food_card")
        last = prefix[-1]
        kind = token_kind(last)
        if kind == "card" and len(prefix) == 1:
            return self.own("question.card_use", card=card_name(token_number(last), self.language))
        if last == "t":
            return self.own("question.trait_species", card=card_name(token_number(prefix[0]), self.language))
        if last in ("b", "p"):
            return self.own(f"question.{'body' if last == 'b' else 'population'}_species")
        if last == "P":
            return self.own("question.plant_species")
        if last == "I":
            return self.own("question.intelligence_species")
        if last == "A":
            return self.own("question.carnivore")
        if kind == "species" and prefix[0] == "I":
            return self.own("question.intelligence_card", species=self.species_name(token_number(last)))
        if kind == "species" and prefix[0] == "A":
            return self.own("question.target", species=self.species_name(token_number(last)))
        if kind == "species" and len(prefix) >= 3 and prefix[1] == "t":
            return self.own("question.replace", species=self.species_name(token_number(last)))
        if kind == "target":
            return self.own("question.negate", target=self.species_name(token_number(last)))
        if kind == "negate":
            return self.own("question.discards", n=len(last[1:].split(".")))
        return self.own("question.choose")

    def effect(self, action: Any) -> str | None:
        if isinstance(action, SelectFoodCard | PlayTrait):
            return card_effect(action.card, self.language)
        return None

    def action(self, action: Any) -> str:
        """One sentence for a whole action, as its player reads it (autocomplete, confirmations)."""
        lang = self.language
        if isinstance(action, SelectFoodCard):
            return self.own("action.SelectFoodCard", card=card_name(action.card, lang))
        if isinstance(action, PlayTrait):
            key = "action.PlayTrait" if action.replace is None else "action.PlayTrait_replace"
            replaced = "" if action.replace is None else card_name(action.replace, lang)
            return self.own(
                key, card=card_name(action.card, lang), species=self.species_name(action.species), replaced=replaced
            )
        if isinstance(action, CreateSpecies):
            return self.own(f"action.CreateSpecies_{action.side}", card=card_name(action.card, lang))
        if isinstance(action, IncreaseBodySize | IncreasePopulation):
            return self.own(
                f"action.{type(action).__name__}",
                card=card_name(action.card, lang),
                species=self.species_name(action.species),
            )
        if isinstance(action, FinishCardPlay):
            return self.own("action.FinishCardPlay")
        if isinstance(action, ResolveRevealEffect):
            return self.own(
                "action.ResolveRevealEffect",
                trait=trait_name(action.trait, lang),
                species=self.species_name(action.species),
            )
        if isinstance(action, TakePlantFood):
            return self.own("action.TakePlantFood", species=self.species_name(action.species))
        if isinstance(action, UseIntelligence):
            return self.own(
                "action.UseIntelligence", species=self.species_name(action.species), card=card_name(action.card, lang)
            )
        if isinstance(action, Attack):
            text = self.own(
                "action.Attack", carnivore=self.species_name(action.carnivore), target=self.species_name(action.target)
            )
            if action.negate:
                text = self.own(
                    "action.Attack_negate",
                    attack=text,
                    traits=", ".join(trait_name(t, lang) for t in action.negate),
                    cards=", ".join(card_name(c, lang) for c in action.discards),
                )
            return text
        if isinstance(action, StopFeeding):
            return self.own("action.StopFeeding")
        raise ValueError(f"not a North Star action: {type(action).__name__}")
