"""The original "Evolution"'s table in a player's words (:class:`OriginTable`): animals by their place in their
owner's row, cards by their traits, an animal's traits, links and food in detail, and the labels, descriptions and
questions of its menus, whose tokens :mod:`texts.origin.choices` defines.

Pure: no Discord, no service.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
from rules_core.origin.cards import Trait, traits_of
from rules_core.origin.state import AnglerfishFrame, AttackFrame, Link, Phase
from rules_core.origin.view import AnimalView, PlayerView, SeatView, TableView
from texts.menus import Menu, multi_parts, token_number
from texts.origin.choices import (
    DEFENCES,
    FEEDING_VERBS,
    FINISHING,
    ORDER_KINDS,
    VERB_TRAITS,
    anglerfish_of,
    attack_of,
    card_effect,
    card_name,
    face,
    fat_cards,
    ignored_traits,
    is_fed,
    need,
    order_parts,
    pack_of,
    token_kind,
    trait_effect,
    trait_from_code,
    trait_name,
)
from texts.presentation import ChoiceStyle, Table, capital


class OriginTable(Table):
    """The original game's labels: animals by their place in their owner's row, cards by their traits."""

    __slots__ = ()
    view: TableView
    mine: SeatView | None

    def tr(self, trait: Trait | str) -> str:
        return trait_name(trait, self.language)

    def card(self, card: int) -> str:
        return card_name(card, self.language)

    def locate(self, animal_id: int) -> tuple[PlayerView, int, AnimalView] | None:
        """(owner, number, animal) of an animal in play: its number in its owner's name (``animal_name``)."""
        for player in self.view.players:
            for animal in player.animals:
                if animal.id == animal_id:
                    return player, player.number(animal_id) or 0, animal
        return None

    def number(self, animal_id: int) -> int | None:
        """The number an animal bears in its owner's name, in play or gone."""
        for player in self.view.players:
            number = player.number(animal_id)
            if number is not None:
                return number
        return None

    def animal_name(self, animal_id: int) -> str:
        """ "Ann's animal 2", "your animal 2" in one's own prompts: its owner and the number it was given when it
        came into play, kept for its whole life, gone or not (docs/rulings.md, "Stable names"); the boards show it
        too."""
        for player in self.view.players:
            number = player.number(animal_id)
            if number is None:
                continue
            if self.mine is not None and player.seat == self.mine.seat:
                return self.own("animal.yours", n=number)
            return self.own("animal.of", player=player.name, n=number)
        return self.own("animal.unknown")

    def trait_list(self, animal: AnimalView) -> str:
        """The animal's traits, a used one (its card turned sideways) marked so."""
        return ", ".join(
            self.own("trait.used", trait=self.tr(face(t))) if t.used else self.tr(face(t)) for t in animal.traits
        )

    def links_of(self, owner: PlayerView, animal_id: int) -> list[str]:
        """The paired traits joining an animal, each with the animal at its other end."""
        found = []
        for link in owner.links:
            if not link.joins(animal_id):
                continue
            other = self.number(link.other(animal_id))
            if link.trait is Trait.SYMBIOSIS:
                key = "link.shelters" if link.first == animal_id else "link.sheltered"
            else:
                key = "link.with"
            found.append(self.own(key, trait=self.tr(link.trait), n=other or 0))
        return found

    def animal_detail(self, animal_id: int) -> str:
        """Food against the need, fat against the Fat Tissue cards, marks (asleep, poisoned), traits and links."""
        found = self.locate(animal_id)
        if found is None:
            return ""
        owner, _, animal = found
        parts = [self.own("animal.food", food=animal.food, need=need(animal))]
        if fat_cards(animal) or animal.fat:
            parts.append(self.own("animal.fat", fat=animal.fat, cards=fat_cards(animal)))
        if animal.hibernating:
            parts.append(self.own("animal.asleep"))
        elif is_fed(animal):
            parts.append(self.own("animal.fed"))
        if animal.poisoned:
            parts.append(self.own("animal.poisoned"))
        if animal.in_shell:
            parts.append(self.own("animal.in_shell", trait=self.tr(Trait.SHELL)))
        if animal.fasting:
            parts.append(self.own("animal.fasting", trait=self.tr(Trait.ANGLERFISH)))
        detail = ", ".join(parts)
        traits = [self.trait_list(animal)] if animal.traits else []
        traits += self.links_of(owner, animal_id)
        if traits:
            detail = self.own("animal.detail_traits", detail=detail, traits="; ".join(t for t in traits if t))
        return detail

    def card_on(self, animal_id: int, card: int) -> str:
        """A trait card of an animal (one Tail Loss or Metamorphosis may discard) by the trait it was played as, a
        paired one with its partner."""
        found = self.locate(animal_id)
        if found is not None:
            owner, _, animal = found
            for t in animal.traits:
                if t.card == card:
                    return self.tr(t.trait)
            for link in owner.links:
                if link.card == card:
                    return self.own("link.with", trait=self.tr(link.trait), n=self.number(link.other(animal.id)) or 0)
        return self.card(card)

    def played_as(self, animal_id: int, card: int) -> Trait | None:
        """The trait a card of an animal (its own or a paired one) was played as."""
        found = self.locate(animal_id)
        if found is None:
            return None
        owner, _, animal = found
        played = [t.trait for t in animal.traits if t.card == card] + [
            link.trait for link in owner.links if link.card == card
        ]
        return played[0] if played else None

    def dropped_card(self, card: int) -> str:
        """A trait card Tail Loss may discard."""
        frame = attack_of(self.view)
        return self.card_on(frame.target, card) if frame is not None else self.card(card)

    def trait_names(self, traits: Sequence[Trait]) -> str:
        return ", ".join(self.tr(t) for t in traits)

    def specializations(self) -> str:
        """Both Specializations' names: a verb that serves either."""
        return " / ".join(self.tr(t) for t in (Trait.SPECIALIZATION_A, Trait.SPECIALIZATION_B))

    def orders_text(self) -> str:
        """The reader's standing orders now: the Anglerfish order and each armed Ambush."""
        assert self.mine is not None
        orders = self.mine.orders
        lure = self.own(
            "orders.anglerfish_on" if orders.anglerfish else "orders.anglerfish_off", trait=self.tr(Trait.ANGLERFISH)
        )
        armed = [self.animal_name(c) for c in orders.ambush if self.locate(c) is not None]
        ambush = (
            self.own("orders.ambush_on", trait=self.tr(Trait.AMBUSH), animals=", ".join(armed))
            if armed
            else self.own("orders.ambush_off", trait=self.tr(Trait.AMBUSH))
        )
        return f"{lure} {ambush}"

    def trigger(self, token: str) -> tuple[Link | None, int]:
        """The paired-trait card of a ``u<card>.<animal>`` token, and the animal it feeds."""
        card, animal = (int(part) for part in token[1:].split("."))
        for player in self.view.players:
            for link in player.links:
                if link.card == card:
                    return link, animal
        return None, animal

    def trigger_label(self, token: str) -> str:
        link, animal = self.trigger(token)
        trait = self.tr(link.trait) if link is not None else self.own("link.unknown")
        return capital(self.own("choice.trigger", trait=trait, animal=self.animal_name(animal)))

    # What the menus show.

    def label(self, prefix: Sequence[str], token: str) -> str:
        """The short label of a choice (a button or a select option)."""
        kind = token_kind(token)
        if kind == "card":
            if prefix and prefix[0] == "T":
                return self.dropped_card(token_number(token))
            if prefix and prefix[0] == "W":
                return self.card_on(token_number(prefix[-1]), token_number(token))
            return self.card(token_number(token))
        if kind == "helper":
            if token == "h-":
                return self.own("choice.alone")
            return capital(self.own("choice.helper", animal=self.animal_name(token_number(token))))
        if kind == "ignore":
            traits = ignored_traits(token)
            if not traits:
                return self.own("choice.ignore_none")
            return self.own("choice.ignore", traits=self.trait_names(traits))
        if kind == "lure":
            key = "choice.lure_on" if token == "f1" else "choice.lure_off"
            return self.own(key, trait=self.tr(Trait.ANGLERFISH))
        if kind == "ambush":
            carnivore, armed = order_parts(token)
            key = "choice.ambush_on" if armed else "choice.ambush_off"
            return capital(self.own(key, trait=self.tr(Trait.AMBUSH), animal=self.animal_name(carnivore)))
        if kind == "trait":
            return self.own("choice.as_trait", trait=self.tr(trait_from_code(token[1:])))
        if kind in ("animal", "second", "target"):
            return capital(self.animal_name(token_number(token)))
        if kind == "pair":
            first, second = multi_parts(token)
            return capital(self.own("choice.pair", first=self.animal_name(first), second=self.animal_name(second)))
        if kind == "tokens":
            return self.own("choice.tokens", n=token_number(token))
        if kind == "trigger":
            return self.trigger_label(token)
        if token == "Z":
            return self.own("choice.Z", trait=self.specializations())
        if token in VERB_TRAITS:
            trait = VERB_TRAITS[token]
            return self.own(f"choice.{token}", trait=self.tr(trait) if trait is not None else "")
        if token == "P" and self.view.phase is Phase.FEEDING:
            return self.own("choice.P_feeding")
        return self.own(f"choice.{token}")

    def describe(self, prefix: Sequence[str], token: str) -> str | None:
        """A longer description of a choice, where one helps (a card's or trait's effect, an animal's food and
        traits)."""
        kind = token_kind(token)
        if kind == "card":
            return self.card_effect_on(prefix, token_number(token))
        if kind == "trait":
            return trait_effect(trait_from_code(token[1:]), self.language)
        if kind in ("animal", "second", "target") or (kind == "helper" and token != "h-"):
            return self.animal_detail(token_number(token)) or None
        if kind == "ambush":
            return self.animal_detail(order_parts(token)[0]) or None
        if kind == "trigger":
            return self.animal_detail(self.trigger(token)[1]) or None
        return None

    def card_effect_on(self, prefix: Sequence[str], card: int) -> str:
        """A card's effect; a trait card on an animal (one Tail Loss or Metamorphosis may discard) by the trait it
        was played as."""
        animal: int | None = None
        if prefix and prefix[0] == "T":
            frame = attack_of(self.view)
            animal = frame.target if frame is not None else None
        elif prefix and prefix[0] == "W":
            animal = token_number(prefix[-1])
        trait = self.played_as(animal, card) if animal is not None else None
        return trait_effect(trait, self.language) if trait is not None else card_effect(card, self.language)

    def choice_style(self, token: str) -> ChoiceStyle:
        if token in FINISHING:
            return "finish"
        return "select" if token_kind(token) == "card" else "button"

    def part_label(self, part: int) -> str:
        return capital(self.animal_name(part))

    def multi_placeholder(self, count: int) -> str:
        return self.own("select.pair", n=count)

    def question(self, menu: Menu) -> str:
        """What the menu asks, from the choices made so far; a defender's question always tells the attack."""
        return capital(self._question(menu))

    def _question(self, menu: Menu) -> str:
        prefix = menu.prefix
        tokens = {o.token for o in menu.options}
        frame = attack_of(self.view)
        if frame is not None and ((prefix and prefix[0] in DEFENCES) or (not prefix and tokens & set(DEFENCES))):
            attack = self.attack_question(frame)
            return attack if not prefix else f"{attack} {self.own(f'question.{prefix[0]}')}"
        if not prefix and all(token_kind(t) in ORDER_KINDS for t in tokens):
            return self.own("question.orders", orders=self.orders_text())
        hunt = pack_of(self.view)
        if hunt is not None and not prefix:
            return self.pack_question(hunt.hunt)
        lure = anglerfish_of(self.view)
        if lure is not None and not prefix:
            return self.anglerfish_question(lure)
        if not prefix:
            if any(token_kind(t) == "trigger" for t in tokens):
                return self.own("question.pair_order")
            if self.view.phase is Phase.FEEDING:
                key = "question.feed_after_take" if self.view.took else "question.feed"
                return self.own(key, n=self.view.food_base)
            return self.own("question.develop")
        last = prefix[-1]
        kind = token_kind(last)
        if kind == "card" and len(prefix) == 1:
            return self.own("question.card_use", card=self.card(token_number(last)))
        if kind == "trait":
            trait = trait_from_code(last[1:])
            if trait is Trait.SYMBIOSIS:
                return self.own("question.symbiont", trait=self.tr(trait))
            if trait is Trait.TREMATODE:
                return self.own("question.trematode", trait=self.tr(trait))
            if any(token_kind(t) == "pair" for t in tokens):
                return self.own("question.pair", trait=self.tr(trait))
            return self.own("question.trait_animal", trait=self.tr(trait))
        if kind == "animal" and len(prefix) >= 3 and token_kind(prefix[1]) == "trait":
            return self.own("question.sheltered", symbiont=self.animal_name(token_number(last)))
        if last == "Z":
            return self.own("question.Z", trait=self.specializations())
        if last in FEEDING_VERBS:
            return self.own(f"question.{last}", trait=self.tr(FEEDING_VERBS[last] or Trait.CARNIVORE))
        if kind == "card" and prefix[0] == "L":
            return self.own("question.trait_animal", trait=self.tr(Trait.SHELL))
        if kind == "animal" and prefix[0] == "W":
            return self.own("question.W_card", animal=self.animal_name(token_number(last)))
        if kind == "animal" and prefix[0] == "K":
            return self.own(
                "question.helper", carnivore=self.animal_name(token_number(last)), trait=self.tr(Trait.PACK)
            )
        if kind == "helper":
            carnivore = self.animal_name(token_number(prefix[1]))
            if last == "h-":
                return self.own("question.target", carnivore=carnivore)
            return self.own("question.pack_target", carnivore=carnivore, helper=self.animal_name(token_number(last)))
        if kind == "target" and prefix[0] == "K":
            return self.own(
                "question.ignore", target=self.animal_name(token_number(last)), trait=self.tr(Trait.INTELLECT)
            )
        if kind == "animal" and prefix[0] == "R":
            return self.own("question.victim", pirate=self.animal_name(token_number(last)))
        if kind == "animal" and prefix[0] == "Y":
            return self.own("question.tokens", animal=self.animal_name(token_number(last)))
        return self.own("question.choose")

    def attack_question(self, frame: AttackFrame) -> str:
        """The defender's question: which carnivore (with its traits) attacks which animal, and whether Running
        has failed already."""
        found = self.locate(frame.carnivore)
        traits = self.trait_list(found[2]) if found is not None else ""
        text = self.own(
            "question.defend",
            carnivore=self.animal_name(frame.carnivore),
            traits=traits,
            target=self.animal_name(frame.target),
        )
        text += self.hunt_details(frame)
        if frame.ran:
            text += self.own("question.defend_ran", trait=self.tr(Trait.RUNNING))
        return text

    def hunt_details(self, frame: AttackFrame) -> str:
        """What else a defender or a helper's owner must know of a hunt: the pack's helper, the traits ignored,
        an ambush."""
        text = ""
        if frame.helper is not None:
            found = self.locate(frame.helper)
            traits = self.trait_list(found[2]) if found is not None else ""
            text += self.own("question.hunt_helper", helper=self.animal_name(frame.helper), traits=traits)
        if frame.ignored:
            text += self.own("question.hunt_ignores", traits=self.trait_names(frame.ignored))
        if frame.ambush:
            text += self.own("question.hunt_ambush", trait=self.tr(Trait.AMBUSH))
        return text

    def pack_question(self, hunt: AttackFrame) -> str:
        """The helper's owner is asked: whose carnivore invites which of theirs to hunt which animal."""
        assert hunt.helper is not None
        return self.own(
            "question.join_pack",
            carnivore=self.animal_name(hunt.carnivore),
            helper=self.animal_name(hunt.helper),
            target=self.animal_name(hunt.target),
            trait=self.tr(Trait.PACK),
        ) + (self.own("question.hunt_ignores", traits=self.trait_names(hunt.ignored)) if hunt.ignored else "")

    def anglerfish_question(self, lure: AnglerfishFrame) -> str:
        """The owner of a revealed Anglerfish is asked which trait of the carnivore (its traits listed) it ignores."""
        found = self.locate(lure.carnivore)
        return self.own(
            "question.anglerfish",
            anglerfish=self.animal_name(lure.anglerfish),
            trait=self.tr(Trait.ANGLERFISH),
            carnivore=self.animal_name(lure.carnivore),
            traits=self.trait_list(found[2]) if found is not None else "",
        )

    def effect(self, action: Any) -> str | None:
        if isinstance(action, PlayTrait | PlayPairedTrait):
            return trait_effect(action.trait, self.language)
        if isinstance(action, PlayAnimal) and Trait.ANGLERFISH in traits_of(action.card):
            return trait_effect(Trait.ANGLERFISH, self.language)
        return None

    def action(self, action: Any) -> str:
        """One sentence for a whole action, as its player reads it (autocomplete, confirmations)."""
        name = self.animal_name
        if isinstance(action, PlayAnimal):
            return self.own("action.PlayAnimal", card=self.card(action.card))
        if isinstance(action, PlayTrait):
            return self.own("action.PlayTrait", trait=self.tr(action.trait), animal=name(action.animal))
        if isinstance(action, PlayPairedTrait):
            key = "action.PlayPairedTrait_symbiosis" if action.trait is Trait.SYMBIOSIS else "action.PlayPairedTrait"
            return self.own(key, trait=self.tr(action.trait), first=name(action.first), second=name(action.second))
        if isinstance(action, Pass):
            return self.own("action.Pass_feeding" if self.view.phase is Phase.FEEDING else "action.Pass")
        if isinstance(action, TakeFood | Stomp | Hibernate):
            return self.own(f"action.{type(action).__name__}", animal=name(action.animal))
        if isinstance(action, Attack):
            text = self.own("action.Attack", carnivore=name(action.carnivore), target=name(action.target))
            if action.helper is not None:
                text += self.own("action.Attack_helper", helper=name(action.helper), trait=self.tr(Trait.PACK))
            if action.ignore:
                text += self.own("action.Attack_ignore", traits=self.trait_names(action.ignore))
            return text
        if isinstance(action, ConvertFat):
            return self.own("action.ConvertFat", animal=name(action.animal), n=action.tokens)
        if isinstance(action, Pirate):
            return self.own("action.Pirate", pirate=name(action.pirate), victim=name(action.victim))
        if isinstance(action, EndTurn | Run | Yield):
            return self.own(f"action.{type(action).__name__}")
        if isinstance(action, Mimic):
            return self.own("action.Mimic", animal=name(action.animal))
        if isinstance(action, DropTrait):
            return self.own("action.DropTrait", trait=self.dropped_card(action.card))
        if isinstance(action, UsePairedTrait):
            return self.trigger_label(f"u{action.card}.{action.animal}")
        if isinstance(action, Specialize | GiveBirth | Photosynthesize):
            return self.own(f"action.{type(action).__name__}", animal=name(action.animal))
        if isinstance(action, TakeShell):
            return self.own("action.TakeShell", animal=name(action.animal), trait=self.tr(Trait.SHELL))
        if isinstance(action, Metamorphose):
            return self.own(
                "action.Metamorphose", animal=name(action.animal), trait=self.card_on(action.animal, action.card)
            )
        if isinstance(action, Hide | ReleaseInk):
            return self.own(f"action.{type(action).__name__}")
        if isinstance(action, JoinPack):
            return self.own("action.JoinPack" if action.consent else "action.JoinPack_no")
        if isinstance(action, IgnoreTrait):
            return self.own("action.IgnoreTrait", trait=self.tr(action.trait))
        if isinstance(action, SetAnglerfish):
            return self.label((), f"f{int(action.armed)}")
        if isinstance(action, SetAmbush):
            return self.label((), f"w{action.carnivore}.{int(action.armed)}")
        raise ValueError(f"not an action of the original Evolution: {type(action).__name__}")
