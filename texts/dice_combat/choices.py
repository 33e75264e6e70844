"""The dice-combat game's menus: each legal action as a path of short tokens (:mod:`texts.menus`), and the words of
every choice, question and action in the player's language. Each action has a path of tokens, one per choice::

    ExchangeCards(cards=(3, 12))        X / d3.12       (give two cards for one: a multi-choice of two cards)
    PlayEvolution(card=12, species=5)   c12 / s5        (a card, then the species it goes on)
    DiscardCards(cards=(3, 12))         d3.12           (keep five: the cards to discard)
    Hunt()                              H
    RollDice()                          R               (the prey's dice)
    Attack(species=5)                   A / s5
    BuyPopulation()                     B               (rule 6.c: offered at any moment, in every prompt)
    Pass()                              P               (end a turn, or play no more cards on the prey / in an attack)

Species are named by their species card's id; cards by their card id. Pure: no Discord, no service.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from rules_core.dice_combat import combat
from rules_core.dice_combat.actions import (
    Attack,
    BuyPopulation,
    DiscardCards,
    ExchangeCards,
    Hunt,
    Pass,
    PlayEvolution,
    RollDice,
)
from rules_core.dice_combat.effects import Role, kinds
from rules_core.dice_combat.state import (
    ATTACK_CARD,
    BUY_POPULATION,
    DEFENCE_CARD,
    DISCARD,
    PREY_CARD,
    ROLL_PREY,
    Phase,
    Species,
)
from rules_core.dice_combat.view import PlayerTableView, SeatView, TableView
from texts.dice_combat.cards import evolution_effect, evolution_name, kind_name, species_title
from texts.menus import Menu, Path, is_multi, multi_parts, token_number
from texts.presentation import ChoiceStyle, Table

TokenKind = Literal["card", "species", "cards", "verb"]
_KINDS: dict[str, TokenKind] = {"c": "card", "s": "species", "d": "cards"}
#: The decision of a turn whose pass ends it (the others' pass plays no more cards).
TURNS = ("evolve", "hunt", "attack")


def action_path(action: Any) -> Path:
    """The path of one dice-combat action (ValueError for anything else)."""
    if isinstance(action, ExchangeCards):
        return ("X", "d" + ".".join(str(c) for c in action.cards))
    if isinstance(action, PlayEvolution):
        return (f"c{action.card}", f"s{action.species}")
    if isinstance(action, DiscardCards):
        return ("d" + ".".join(str(c) for c in action.cards),)
    if isinstance(action, Hunt):
        return ("H",)
    if isinstance(action, RollDice):
        return ("R",)
    if isinstance(action, Attack):
        return ("A", f"s{action.species}")
    if isinstance(action, BuyPopulation):
        return ("B",)
    if isinstance(action, Pass):
        return ("P",)
    raise ValueError(f"not a dice-combat action: {type(action).__name__}")


def token_kind(token: str) -> TokenKind:
    return _KINDS.get(token[0], "verb")


def capitalized(text: str) -> str:
    """A sentence that begins with a species' name ("your Wolf Pack hunts...") begins with a capital."""
    return text[:1].upper() + text[1:]


def dice_text(dice: Sequence[int]) -> str:
    """A roll as the comparison reads it: high to low."""
    return ", ".join(str(d) for d in sorted(dice, reverse=True))


class DiceCombatTable(Table):
    """The dice-combat game's labels: a species by its card's name and its player ("Ann's Wolf Pack"), a prey as the
    prey, cards by their names from the rule book."""

    __slots__ = ()
    view: TableView
    mine: SeatView | None

    # Naming.

    def player(self, seat: int) -> PlayerTableView:
        return self.view.players[seat]

    def owner(self, species_id: int) -> int | None:
        """The seat whose species this is (an extinct one's too); None for a prey."""
        return next((p.seat for p in self.view.players if p.species.card == species_id), None)

    def species_name(self, species_id: int) -> str:
        """ "Ann's Wolf Pack", "your Wolf Pack", or "the prey, a Mammoth"."""
        title = species_title(species_id, self.language)
        seat = self.owner(species_id)
        if seat is None:
            return self.own("species.prey", species=title)
        if self.mine is not None and seat == self.mine.seat:
            return self.own("species.yours", species=title)
        return self.own("species.of", player=self.name(seat), species=title)

    def card(self, card: int) -> str:
        return evolution_name(card, self.language)

    def cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.card(c) for c in cards)

    def species_cards(self, species: Species) -> str:
        """The kinds a species carries, those it was born with first ("Ambush, Claws"), or "no cards"."""
        found = [kind_name(kind, self.language) for kind in kinds(species)]
        return ", ".join(found) if found else self.own("species.no_cards")

    def species_detail(self, species_id: int) -> str:
        """A player's species or the prey with its values and cards, as they stand now."""
        hunt = self.view.hunt
        seat = self.owner(species_id)
        if seat is not None:
            player = self.player(seat)
            return self.own(
                "species.detail",
                strength=player.strength,
                energy=player.energy,
                population=player.population,
                food=player.food,
                cards=self.species_cards(player.species),
            )
        if hunt is not None and hunt.prey.card == species_id:
            return self.own(
                "species.prey_detail", strength=hunt.strength, energy=hunt.energy, cards=self.species_cards(hunt.prey)
            )
        return ""

    # The seat's own situation.

    def duty(self) -> str | None:
        """The kind of the decision the seat of these prompts owes now (None: only an opportunity, or nothing)."""
        if self.mine is None:
            return None
        return next((d.kind for d in self.view.decisions if d.seat == self.mine.seat and not d.opportunity), None)

    def pass_kind(self) -> str:
        """The decision a pass answers (a pass is offered only with a duty)."""
        duty = self.duty()
        assert duty is not None
        return duty

    def price(self) -> int:
        """What an attack, a paid card or a population point costs the seat: its species' Energy."""
        assert self.mine is not None
        return self.player(self.mine.seat).energy

    def card_price(self) -> str:
        """The price of the seat's next card: free, or its Energy in food."""
        if self.view.free_card:
            return self.own("price.free")
        return self.own("price.food", n=self.price())

    def fight_dice(self, first: Species, first_role: Role, second: Species, second_role: Role) -> tuple[int, int]:
        """How many dice each side of a fight would roll now."""
        environment = self.view.environment
        return (
            combat.dice(first, first_role, second, second_role, environment),
            combat.dice(second, second_role, first, first_role, environment),
        )

    def hunt_text(self) -> str:
        """The hunt under way: who hunts what, the prey's values and cards, and the dice each side would roll."""
        hunt = self.view.hunt
        assert hunt is not None
        hunter = self.player(hunt.hunter)
        mine, theirs = self.fight_dice(hunter.species, Role.HUNTER, hunt.prey, Role.PREY)
        return capitalized(
            self.own(
                "fight.hunt",
                hunter=self.species_name(hunter.species.card),
                prey=species_title(hunt.prey.card, self.language),
                detail=self.species_detail(hunt.prey.card),
                dice=mine,
                prey_dice=theirs,
            )
        )

    def attack_text(self) -> str:
        """The attack under way: who attacks whom, and the dice each side would roll."""
        attack = self.view.attack
        assert attack is not None
        attacker, defender = self.player(attack.attacker), self.player(attack.defender)
        mine, theirs = self.fight_dice(attacker.species, Role.ATTACKER, defender.species, Role.DEFENDER)
        return capitalized(
            self.own(
                "fight.attack",
                attacker=self.species_name(attacker.species.card),
                defender=self.species_name(defender.species.card),
                dice=mine,
                defender_dice=theirs,
            )
        )

    # What the menus show.

    def label(self, prefix: Sequence[str], token: str) -> str:
        kind = token_kind(token)
        if kind == "card":
            return self.card(token_number(token))
        if kind == "species":
            return self.species_name(token_number(token))
        if kind == "cards":
            return self.cards(multi_parts(token))
        if token == "P":
            return self.own(f"choice.P.{self.pass_kind()}")
        if token in ("A", "B"):
            return self.own(f"choice.{token}", n=self.price())
        return self.own(f"choice.{token}")

    def describe(self, prefix: Sequence[str], token: str) -> str | None:
        kind = token_kind(token)
        if kind == "card":
            return evolution_effect(token_number(token), self.language)
        if kind == "species":
            return self.species_detail(token_number(token)) or None
        return None

    def choice_style(self, token: str) -> ChoiceStyle:
        if token == "P":
            return "finish"
        return "select" if token_kind(token) == "card" else "button"

    def part_label(self, part: int) -> str:
        return self.card(part)

    def multi_placeholder(self, count: int) -> str:
        key = "select.discard" if self.view.phase is Phase.DISCARD else "select.exchange"
        return self.own(key, n=count)

    def question(self, menu: Menu) -> str:
        prefix = menu.prefix
        if not prefix:
            return self._first_question(menu)
        last = prefix[-1]
        if token_kind(last) == "card":
            return self.own("question.card_target", card=self.card(token_number(last)), price=self.card_price())
        if last == "A":
            return self.own("question.attack_target", n=self.price())
        if last == "X":
            return self.own("question.exchange")
        return self.own("question.choose")

    def _first_question(self, menu: Menu) -> str:
        duty = self.duty()
        if duty == ROLL_PREY:
            return self.own("question.roll_prey", hunt=self.hunt_text())
        if duty == PREY_CARD:
            return self.own("question.prey_card", hunt=self.hunt_text(), price=self.card_price())
        if duty in (ATTACK_CARD, DEFENCE_CARD):
            return self.own(f"question.{duty}", attack=self.attack_text(), n=self.price())
        if duty == DISCARD:
            count = len(multi_parts(next(o.token for o in menu.options if is_multi(o.token))))
            return self.own("question.discard", n=count)
        if duty in TURNS:
            assert self.mine is not None
            player = self.player(self.mine.seat)
            return self.own(f"question.{duty}", price=self.card_price(), n=self.price(), hunts=player.hunts)
        assert self.mine is not None
        player = self.player(self.mine.seat)
        return self.own(f"question.{BUY_POPULATION}", n=self.price(), population=player.population, food=player.food)

    def effect(self, action: Any) -> str | None:
        if isinstance(action, PlayEvolution):
            return evolution_effect(action.card, self.language)
        return None

    def action(self, action: Any) -> str:
        if isinstance(action, ExchangeCards):
            return self.own("action.ExchangeCards", cards=self.cards(action.cards))
        if isinstance(action, PlayEvolution):
            return self.own(
                "action.PlayEvolution",
                card=self.card(action.card),
                species=self.species_name(action.species),
                price=self.card_price(),
            )
        if isinstance(action, DiscardCards):
            return self.own("action.DiscardCards", cards=self.cards(action.cards))
        if isinstance(action, Hunt):
            return self.own("action.Hunt")
        if isinstance(action, RollDice):
            return self.own("action.RollDice")
        if isinstance(action, Attack):
            return self.own("action.Attack", species=self.species_name(action.species), n=self.price())
        if isinstance(action, BuyPopulation):
            return self.own("action.BuyPopulation", n=self.price())
        if isinstance(action, Pass):
            return self.own(f"action.Pass.{self.pass_kind()}")
        raise ValueError(f"not a dice-combat action: {type(action).__name__}")
