"""North Star legal actions as paths of short tokens: the shape of every menu, custom id and autocomplete choice.

The front ends make no rule decisions: the rules enumerate the legal actions of a seat, and this module only arranges
them as a tree that a player walks one click at a time. Each action has a path of tokens, one per choice::

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

Paths are prefix-free, so a menu at a prefix lists the distinct next tokens of the legal actions under it, and a
choice whose subtree holds a single action plays it. Everything here is pure: no Discord, no service.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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
from rules_core.north_star.cards import Trait, food_value, trait_of
from rules_core.north_star.view import SeatView, SpeciesView, TableView
from texts.messages import message

TRAITS: tuple[Trait, ...] = tuple(Trait)
Path = tuple[str, ...]
TokenKind = Literal["card", "discards", "species", "target", "replace", "effect", "negate", "verb"]
#: What a token may look like (so a custom id or an autocomplete value can be checked before use).
TOKEN = re.compile(r"[A-Za-z][0-9.\-]*")
PATH_TEXT = re.compile(r"(?:[A-Za-z][0-9.\-]*)(?:/[A-Za-z][0-9.\-]*)*")
_KINDS: dict[str, TokenKind] = {
    "c": "card",
    "d": "discards",
    "s": "species",
    "x": "target",
    "r": "replace",
    "e": "effect",
    "n": "negate",
}


def trait_code(trait: Trait) -> str:
    return str(TRAITS.index(trait))


def trait_from_code(code: str) -> Trait:
    return TRAITS[int(code)]


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


def path_text(path: Sequence[str]) -> str:
    return "/".join(path)


def parse_path(text: str) -> Path:
    """A path from its text form; ValueError when it is not one."""
    if text == "":
        return ()
    if not PATH_TEXT.fullmatch(text):
        raise ValueError("not a path")
    return tuple(text.split("/"))


def token_kind(token: str) -> TokenKind:
    return _KINDS.get(token[0], "verb")


def token_number(token: str) -> int:
    return int(token[1:])


def discards_token(cards: Iterable[int]) -> str:
    return "d" + ".".join(str(c) for c in sorted(cards))


@dataclass(frozen=True, slots=True)
class Option:
    """One next choice of a menu: its token and the legal actions under it."""

    token: str
    actions: tuple[Any, ...]

    @property
    def action(self) -> Any | None:
        """The action this choice plays at once (its subtree holds exactly one), else None."""
        return self.actions[0] if len(self.actions) == 1 else None


@dataclass(frozen=True, slots=True)
class Menu:
    """The choices at a prefix (after skipping levels that offer a single choice)."""

    prefix: Path
    options: tuple[Option, ...]

    def of_kind(self, *kinds: TokenKind) -> tuple[Option, ...]:
        return tuple(o for o in self.options if token_kind(o.token) in kinds)


def under(actions: Iterable[Any], prefix: Sequence[str]) -> list[tuple[Path, Any]]:
    """The legal actions whose path starts with ``prefix``, with their paths."""
    size = len(prefix)
    found = []
    for action in actions:
        path = action_path(action)
        if path[:size] == tuple(prefix):
            found.append((path, action))
    return found


def menu(actions: Iterable[Any], prefix: Sequence[str] = ()) -> Menu | None:
    """The menu at ``prefix``; None when no legal action lies under it (a stale or forged choice)."""
    current: Path = tuple(prefix)
    found = under(actions, current)
    if not found:
        return None
    while True:
        size = len(current)
        grouped: dict[str, list[Any]] = {}
        for path, action in found:
            if len(path) > size:
                grouped.setdefault(path[size], []).append(action)
        options = tuple(Option(token, tuple(group)) for token, group in grouped.items())
        if len(options) == 1 and options[0].action is None:
            current += (options[0].token,)
            continue
        return Menu(current, options)


def chosen(actions: Iterable[Any], path: Sequence[str]) -> Any | list[tuple[Path, Any]] | None:
    """What a click on ``path`` means: the single action under it (play it), the several actions under it (show a
    menu), or None (no legal action lies under it any more)."""
    found = under(actions, path)
    if not found:
        return None
    if len(found) == 1:
        return found[0][1]
    return found


# Labels. Everything a player reads comes from the message catalogue.


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def trait_name(trait: Trait | str, language: str = "en") -> str:
    value = trait.value if isinstance(trait, Trait) else trait
    return message(f"trait.{value}", language)


def card_name(card: int, language: str = "en") -> str:
    """A card as its holder sees it: its trait and its food value ("Long Neck (+4)")."""
    return message("card", language, trait=trait_name(trait_of(card), language), food=f"{food_value(card):+d}")


@dataclass(frozen=True, slots=True)
class Table:
    """What labels may use: the public table, the seat names, and for a player's own prompts their SeatView."""

    view: TableView
    names: tuple[str, ...]
    mine: SeatView | None = None
    language: str = "en"

    def msg(self, key: str, **params: Any) -> str:
        return message(key, self.language, **params)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else self.msg("player.unknown", n=seat + 1)

    def locate(self, species_id: int) -> tuple[int, int, SpeciesView] | None:
        """(seat, position from the left starting at 1, species) of a species on the table."""
        for player in self.view.players:
            for index, species in enumerate(player.species):
                if species.id == species_id:
                    return player.seat, index + 1, species
        return None

    def species_name(self, species_id: int, *, seat: int | None = None) -> str:
        """ "Alice's species 2" (by position from the left, as on the board); "a species of Alice's" when gone."""
        found = self.locate(species_id)
        if found is None:
            if seat is None:
                return self.msg("species.gone_unknown")
            return self.msg("species.gone", player=self.name(seat))
        owner, position, _ = found
        if self.mine is not None and owner == self.mine.seat:
            return self.msg("species.yours", n=position)
        return self.msg("species.of", player=self.name(owner), n=position)

    def hidden_traits(self, species_id: int) -> tuple[int, ...]:
        if self.mine is None:
            return ()
        for sid, cards in self.mine.hidden_traits:
            if sid == species_id:
                return cards
        return ()

    def species_detail(self, species_id: int) -> str:
        """Size, population, food and traits (own face-down traits only in the owner's own prompts)."""
        found = self.locate(species_id)
        if found is None:
            return ""
        _, _, species = found
        traits = [trait_name(t.trait, self.language) for t in species.traits if t.trait is not None]
        traits += [
            self.msg("trait.face_down", trait=trait_name(trait_of(c), self.language))
            for c in self.hidden_traits(species_id)
        ]
        unseen = sum(1 for t in species.traits if t.trait is None) - len(self.hidden_traits(species_id))
        traits += [self.msg("trait.unseen")] * max(0, unseen)
        detail = self.msg(
            "species.detail",
            size=species.body_size,
            population=species.population,
            food=species.food,
            fat=species.fat,
        )
        if species.fat or any(t.trait is Trait.FAT_TISSUE for t in species.traits):
            detail = self.msg("species.detail_fat", detail=detail, fat=species.fat)
        if traits:
            detail = self.msg("species.detail_traits", detail=detail, traits=", ".join(traits))
        return detail

    def negation(self, token: str) -> str:
        if token == "n-":
            return self.msg("choice.negate_none")
        traits = [trait_name(trait_from_code(code), self.language) for code in token[1:].split(".")]
        return self.msg("choice.negate", traits=", ".join(traits), n=len(traits))

    def label(self, prefix: Sequence[str], token: str) -> str:
        """The short label of a choice (a button or a select option)."""
        kind = token_kind(token)
        if kind == "card":
            return card_name(token_number(token), self.language)
        if kind in ("species", "target"):
            return self.species_name(token_number(token))
        if kind == "replace":
            if token == "r-":
                return self.msg("choice.replace_none")
            return self.msg("choice.replace", card=card_name(token_number(token), self.language))
        if kind == "effect":
            species, code = token[1:].split(".")
            return self.msg(
                "choice.effect",
                trait=trait_name(trait_from_code(code), self.language),
                species=self.species_name(int(species)),
            )
        if kind == "negate":
            return self.negation(token)
        if kind == "discards":
            cards = [card_name(int(c), self.language) for c in token[1:].split(".")]
            return ", ".join(cards)
        return self.msg(f"choice.{token}")

    def describe(self, prefix: Sequence[str], token: str) -> str | None:
        """A longer description of a choice, where one helps (species details)."""
        kind = token_kind(token)
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
                return self.msg("question.feed")
            if "effect" in kinds:
                return self.msg("question.reveal_order")
            if "f" in tokens:
                return self.msg("question.play_card")
            return self.msg("question.food_card")
        last = prefix[-1]
        kind = token_kind(last)
        if kind == "card" and len(prefix) == 1:
            return self.msg("question.card_use", card=card_name(token_number(last), self.language))
        if last == "t":
            return self.msg("question.trait_species", card=card_name(token_number(prefix[0]), self.language))
        if last in ("b", "p"):
            return self.msg(f"question.{'body' if last == 'b' else 'population'}_species")
        if last == "P":
            return self.msg("question.plant_species")
        if last == "I":
            return self.msg("question.intelligence_species")
        if last == "A":
            return self.msg("question.carnivore")
        if kind == "species" and prefix[0] == "I":
            return self.msg("question.intelligence_card", species=self.species_name(token_number(last)))
        if kind == "species" and prefix[0] == "A":
            return self.msg("question.target", species=self.species_name(token_number(last)))
        if kind == "species" and len(prefix) >= 3 and prefix[1] == "t":
            return self.msg("question.replace", species=self.species_name(token_number(last)))
        if kind == "target":
            return self.msg("question.negate", target=self.species_name(token_number(last)))
        if kind == "negate":
            return self.msg("question.discards", n=len(last[1:].split(".")))
        return self.msg("question.choose")

    def action(self, action: Any) -> str:
        """One sentence for a whole action, as its player reads it (autocomplete, confirmations)."""
        lang = self.language
        if isinstance(action, SelectFoodCard):
            return self.msg("action.SelectFoodCard", card=card_name(action.card, lang))
        if isinstance(action, PlayTrait):
            key = "action.PlayTrait" if action.replace is None else "action.PlayTrait_replace"
            replaced = "" if action.replace is None else card_name(action.replace, lang)
            return self.msg(
                key, card=card_name(action.card, lang), species=self.species_name(action.species), replaced=replaced
            )
        if isinstance(action, CreateSpecies):
            return self.msg(f"action.CreateSpecies_{action.side}", card=card_name(action.card, lang))
        if isinstance(action, IncreaseBodySize | IncreasePopulation):
            return self.msg(
                f"action.{type(action).__name__}",
                card=card_name(action.card, lang),
                species=self.species_name(action.species),
            )
        if isinstance(action, FinishCardPlay):
            return self.msg("action.FinishCardPlay")
        if isinstance(action, ResolveRevealEffect):
            return self.msg(
                "action.ResolveRevealEffect",
                trait=trait_name(action.trait, lang),
                species=self.species_name(action.species),
            )
        if isinstance(action, TakePlantFood):
            return self.msg("action.TakePlantFood", species=self.species_name(action.species))
        if isinstance(action, UseIntelligence):
            return self.msg(
                "action.UseIntelligence", species=self.species_name(action.species), card=card_name(action.card, lang)
            )
        if isinstance(action, Attack):
            text = self.msg(
                "action.Attack", carnivore=self.species_name(action.carnivore), target=self.species_name(action.target)
            )
            if action.negate:
                text = self.msg(
                    "action.Attack_negate",
                    attack=text,
                    traits=", ".join(trait_name(t, lang) for t in action.negate),
                    cards=", ".join(card_name(c, lang) for c in action.discards),
                )
            return text
        if isinstance(action, StopFeeding):
            return self.msg("action.StopFeeding")
        raise ValueError(f"not a North Star action: {type(action).__name__}")
