"""The original "Evolution"'s menus: each legal action as a path of short tokens (:mod:`texts.menus`), and the words of
every choice, question and action in the player's language (seed 003, "Фаза розвитку", "Фаза харчування", "Хижак",
"Парні здібності"). Each action has a path of tokens, one per choice::

    PlayAnimal(card=12)                                  c12 / A
    PlayTrait(card=12, trait=SWIMMING, animal=5)         c12 / t0 / a5        (t<n>: the trait, by its place in Trait)
    PlayPairedTrait(card=30, COOPERATION, 3, 5)          c30 / t11 / d3.5     (the two animals chosen at once)
    PlayPairedTrait(card=20, SYMBIOSIS, 5, 3)            c20 / t10 / a5 / b3  (the symbiont, then the sheltered)
    Pass()                                               P
    TakeFood(animal=5)                                   F / a5
    Attack(carnivore=5, target=9)                        K / a5 / h- / x9 / i-
    Attack(5, 9, ignore=(CAMOUFLAGE,), helper=7)         K / a5 / h7 / x9 / i14  (i<n>.<n>: the traits ignored)
    ConvertFat(animal=5, tokens=2)                       Y / a5 / n2
    Stomp(animal=5)                                      S / a5
    Pirate(pirate=5, victim=9)                           R / a5 / x9
    Hibernate(animal=5)                                  H / a5
    EndTurn()                                            E
    Run()                                                U
    Mimic(animal=7)                                      M / a7
    DropTrait(card=40)                                   T / c40
    Yield()                                              G
    UsePairedTrait(card=30, animal=5)                    u30.5
    Specialize(animal=5)                                 Z / a5
    TakeShell(card=61, animal=5)                         L / c61 / a5
    Metamorphose(animal=5, card=40)                      W / a5 / c40
    GiveBirth(animal=5)                                  V / a5
    Photosynthesize(animal=5)                            Q / a5
    Hide()                                               I
    ReleaseInk()                                         N
    JoinPack(consent=True), JoinPack(consent=False)      J1, J0
    IgnoreTrait(trait=RUNNING)                           i1      (a revealed Anglerfish's choice: one trait)
    SetAnglerfish(armed=False)                           f0
    SetAmbush(carnivore=5, armed=True)                   w5.1

An attack's helper (``h-``: none) comes before its prey, and the traits Intellect ignores after it; a level where
every attack has the same token (no Pack, no Intellect) is skipped, so a plain attack reads as before. The standing
orders of "Time to Fly" (an opportunity, seed 001) are choices of their own in every prompt of the seat, each one
click whatever else is asked; their tokens say the order's new value, so a stale click cannot turn an order the wrong
way.

A card with two traits offers both (``t<n>``), so the player chooses the side for good; a card with one trait skips
that level. ``d<first>.<second>`` is the shared multi-choice token (the two animals a Communication or Cooperation
card joins, chosen in one multi-select). Animals are named by their place in their owner's row, as on the board.
Trait names are the rule book's (``texts/rule_texts/origin/``), the one place each language names a trait.

The words of each choice, question and action are :class:`texts.origin.table.OriginTable`'s.

Pure: no Discord, no service.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from rules_core.origin.actions import (
    Attack,
    ConvertFat,
    DropTrait,
    EndTurn,
    GiveBirth,
    Hibernate,
    Hide,
    IgnoreTrait,
    JoinPack,
    Metamorphose,
    Mimic,
    Pass,
    Photosynthesize,
    Pirate,
    PlayAnimal,
    PlayPairedTrait,
    PlayTrait,
    ReleaseInk,
    Run,
    SetAmbush,
    SetAnglerfish,
    Specialize,
    Stomp,
    TakeFood,
    TakeShell,
    UsePairedTrait,
    Yield,
)
from rules_core.origin.cards import TRAIT_CODES, Trait, traits_of
from rules_core.origin.food import EXTRA_FOOD
from rules_core.origin.state import AnglerfishFrame, AttackFrame, PackFrame, PairFrame, TraitCard
from rules_core.origin.traits.anglerfish import is_anglerfish
from rules_core.origin.view import AnimalView, TableView
from texts import rules
from texts.languages import DEFAULT_LANGUAGE, LANGUAGES
from texts.menus import Codes, Path
from texts.messages import message

TokenKind = Literal[
    "card",
    "trait",
    "animal",
    "second",
    "pair",
    "target",
    "tokens",
    "trigger",
    "helper",
    "ignore",
    "lure",
    "ambush",
    "verb",
]
_KINDS: dict[str, TokenKind] = {
    "c": "card",
    "t": "trait",
    "a": "animal",
    "b": "second",
    "d": "pair",
    "x": "target",
    "n": "tokens",
    "u": "trigger",
    "h": "helper",
    "i": "ignore",
    "f": "lure",
    "w": "ambush",
}
#: The verbs of the feeding turn, by token, with the trait whose name their label carries (None: no trait).
FEEDING_VERBS: dict[str, Trait | None] = {
    "F": None,
    "K": Trait.CARNIVORE,
    "Y": Trait.FAT_TISSUE,
    "S": Trait.STOMPER,
    "R": Trait.PIRACY,
    "H": Trait.HIBERNATION,
    "Z": Trait.SPECIALIZATION_A,
    "L": Trait.SHELL,
    "W": Trait.METAMORPHOSIS,
    "V": Trait.VIVIPAROUS,
    "Q": Trait.KLEPTOPLASTY,
}
#: The defender's answers, by token, with the trait each one uses.
DEFENCES: dict[str, Trait | None] = {
    "U": Trait.RUNNING,
    "M": Trait.MIMICRY,
    "T": Trait.TAIL_LOSS,
    "I": Trait.SHELL,
    "N": Trait.INK_CLOUD,
    "G": None,
}
#: The answers to an invitation to hunt in a pack.
PACK_ANSWERS: dict[str, Trait | None] = {"J1": Trait.PACK, "J0": Trait.PACK}
VERB_TRAITS = {**FEEDING_VERBS, **DEFENCES, **PACK_ANSWERS}
#: The standing orders' token kinds.
ORDER_KINDS = frozenset({"lure", "ambush"})
#: Choices that end something (passing, ending the turn, giving an animal up, declining): a warning colour.
FINISHING = frozenset({"P", "E", "G", "J0"})


_TRAIT_CODES = Codes(TRAIT_CODES)
trait_code = _TRAIT_CODES.code
trait_from_code = _TRAIT_CODES.name


def action_path(action: Any) -> Path:
    """The path of one action of the original game (ValueError for anything else)."""
    if isinstance(action, PlayAnimal):
        return (f"c{action.card}", "A")
    if isinstance(action, PlayTrait):
        return (f"c{action.card}", f"t{trait_code(action.trait)}", f"a{action.animal}")
    if isinstance(action, PlayPairedTrait):
        head = (f"c{action.card}", f"t{trait_code(action.trait)}")
        if action.trait is Trait.SYMBIOSIS:
            return (*head, f"a{action.first}", f"b{action.second}")
        return (*head, f"d{action.first}.{action.second}")
    if isinstance(action, Pass):
        return ("P",)
    if isinstance(action, TakeFood):
        return ("F", f"a{action.animal}")
    if isinstance(action, Attack):
        helper = "-" if action.helper is None else str(action.helper)
        ignore = ".".join(trait_code(t) for t in action.ignore) or "-"
        return ("K", f"a{action.carnivore}", f"h{helper}", f"x{action.target}", f"i{ignore}")
    if isinstance(action, ConvertFat):
        return ("Y", f"a{action.animal}", f"n{action.tokens}")
    if isinstance(action, Stomp):
        return ("S", f"a{action.animal}")
    if isinstance(action, Pirate):
        return ("R", f"a{action.pirate}", f"x{action.victim}")
    if isinstance(action, Hibernate):
        return ("H", f"a{action.animal}")
    if isinstance(action, EndTurn):
        return ("E",)
    if isinstance(action, Run):
        return ("U",)
    if isinstance(action, Mimic):
        return ("M", f"a{action.animal}")
    if isinstance(action, DropTrait):
        return ("T", f"c{action.card}")
    if isinstance(action, Yield):
        return ("G",)
    if isinstance(action, UsePairedTrait):
        return (f"u{action.card}.{action.animal}",)
    if isinstance(action, Specialize):
        return ("Z", f"a{action.animal}")
    if isinstance(action, TakeShell):
        return ("L", f"c{action.card}", f"a{action.animal}")
    if isinstance(action, Metamorphose):
        return ("W", f"a{action.animal}", f"c{action.card}")
    if isinstance(action, GiveBirth):
        return ("V", f"a{action.animal}")
    if isinstance(action, Photosynthesize):
        return ("Q", f"a{action.animal}")
    if isinstance(action, Hide):
        return ("I",)
    if isinstance(action, ReleaseInk):
        return ("N",)
    if isinstance(action, JoinPack):
        return (f"J{int(action.consent)}",)
    if isinstance(action, IgnoreTrait):
        return (f"i{trait_code(action.trait)}",)
    if isinstance(action, SetAnglerfish):
        return (f"f{int(action.armed)}",)
    if isinstance(action, SetAmbush):
        return (f"w{action.carnivore}.{int(action.armed)}",)
    raise ValueError(f"not an action of the original Evolution: {type(action).__name__}")


def token_kind(token: str) -> TokenKind:
    return _KINDS.get(token[0], "verb")


# Names. Everything a player reads comes from the message catalogue, and a trait's name from the rule book.


def trait_name(trait: Trait | str, language: str = DEFAULT_LANGUAGE) -> str:
    """A trait's name as the rule book (``/rules``) gives it in ``language``."""
    key = trait.value if isinstance(trait, Trait) else trait
    return rules.book(language if language in LANGUAGES else DEFAULT_LANGUAGE, "origin").traits[key].name


def card_name(card: int, language: str = DEFAULT_LANGUAGE) -> str:
    """A card by the trait or traits printed on it ("Poisonous / Carnivorous")."""
    return " / ".join(trait_name(trait, language) for trait in traits_of(card))


def trait_effect(trait: Trait, language: str = DEFAULT_LANGUAGE) -> str:
    """A trait's effect in short, in the reader's words (the menus' line under a card); the traits it names are
    named as the rule book names them (``{camouflage}``)."""
    return message(f"origin.effect.{trait.value}", language, **trait_names(language))


@cache
def trait_names(language: str) -> dict[str, str]:
    return {trait.value: trait_name(trait, language) for trait in Trait}


#: The longest effect line a card choice shows: what a Discord select option's description holds.
EFFECT_LINE = 100


def card_effect(card: int, language: str = DEFAULT_LANGUAGE) -> str:
    """The effects of the traits printed on a card, in the order its name gives them ("Poisonous / Carnivorous");
    the main trait's alone when both would not fit one line (the menu that then asks which trait to play explains
    each)."""
    effects = [trait_effect(trait, language) for trait in traits_of(card)]
    both = " / ".join(effects)
    return both if len(both) <= EFFECT_LINE else effects[0]


def need(animal: AnimalView) -> int:
    """The tokens the animal needs to be fed (seed 003: one, plus the number on its Big, Carnivore, Parasite; seed
    001: plus one for each Trematode joining it)."""
    return 1 + animal.trematodes + sum(EXTRA_FOOD.get(t.trait, 0) for t in animal.traits)


def is_fed(animal: AnimalView) -> bool:
    return animal.hibernating or animal.food >= need(animal)


def face(card: TraitCard) -> Trait:
    """The trait a card under an animal is named by: a revealed Anglerfish's card (seed 001) is its Carnivore."""
    return Trait.ANGLERFISH if is_anglerfish(card.card) else card.trait


def fat_cards(animal: AnimalView) -> int:
    return sum(1 for t in animal.traits if t.trait is Trait.FAT_TISSUE)


def attack_of(view: TableView) -> AttackFrame | None:
    """The attack waiting for its defender, if one is."""
    top = view.interrupts.top
    return top.context if top is not None and isinstance(top.context, AttackFrame) else None


def pack_of(view: TableView) -> PackFrame | None:
    """The pack hunt waiting for the consent of its helper's owner, if one is."""
    top = view.interrupts.top
    return top.context if top is not None and isinstance(top.context, PackFrame) else None


def anglerfish_of(view: TableView) -> AnglerfishFrame | None:
    """The revealed Anglerfish waiting for its owner to say which of the carnivore's traits it ignores, if one is."""
    top = view.interrupts.top
    return top.context if top is not None and isinstance(top.context, AnglerfishFrame) else None


def ignored_traits(token: str) -> tuple[Trait, ...]:
    """The traits an ``i<n>.<n>`` token ignores (none for ``i-``)."""
    return () if token == "i-" else tuple(trait_from_code(code) for code in token[1:].split("."))


def order_parts(token: str) -> tuple[int, bool]:
    """The carnivore and the new value of an Ambush order's ``w<carnivore>.<0|1>`` token."""
    carnivore, armed = token[1:].split(".")
    return int(carnivore), armed == "1"


def pairs_of(view: TableView) -> PairFrame | None:
    """The paired traits waiting for their owner to say which acts next, if any are."""
    top = view.interrupts.top
    return top.context if top is not None and isinstance(top.context, PairFrame) else None
