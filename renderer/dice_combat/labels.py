"""Every word the dice-combat board prints, in English, keyed by label key. A translation of the words is the
catalogue's ``dice_combat.board.<key>``; the cards' names (``trait.<key>``) come from the rule book in every other
language (``texts.board_labels``), so a card's name lives in one place per language. Here, in English, they
are the cards' own titles (``rules_core/dice_combat/cards.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules_core.dice_combat.cards import ENVIRONMENTS, KINDS, SPECIES

_ENGLISH: dict[str, str] = {
    "title": "Is the evolution baby!!!",
    "period": "Period {n}",
    "phase.evolution": "Evolution",
    "phase.discard": "Discarding",
    "phase.hunting": "Hunting",
    "phase.extinction": "Extinction",
    "phase.game_over": "Game over",
    "environment": "Environment",
    "no_environment": "No environment",
    "cold": "Cold",
    "final_age": "Final age {n}",
    "final_age.loss": "−{n} population for every species",
    "final_age_next": "Last environment card",
    "deck.species": "Species",
    "deck.evolution": "Evolution",
    "deck.environment": "Environments",
    "strength": "Strength",
    "energy": "Energy",
    "population": "Population",
    "food": "Food",
    "innate": "innate",
    "no_cards": "No evolution cards",
    "starting_player": "Starts",
    "hunts": "Hunts {n}/{limit}",
    "extinct": "Extinct",
    "player_fallback": "Player {n}",
    "hunt": "Hunt",
    "attack": "Attack",
    "hunter": "Hunter",
    "prey": "Prey",
    "attacker": "Attacker",
    "defender": "Defender",
    "dice": "{n} dice",
    "vs": "vs",
    "rolls": "Rolls: {player}",
    "last_hunt": "Last hunt",
    "last_attack": "Last attack",
    "fight_result": "{won} won · {tied} tied · {lost} lost",
    "results": "Final standings",
    "survivor": "Last species standing",
    "rank": "#{rank}",
    # Who owes a choice now, by the kind of the rules' Decision.
    "decision.evolve": "Evolution turn",
    "decision.discard": "Discarding",
    "decision.hunt": "Hunting turn",
    "decision.attack": "Extinction turn",
    "decision.prey_card": "Card on the prey",
    "decision.roll_prey": "Rolls the prey",
    "decision.attack_card": "Attack cards",
    "decision.defence_card": "Defence cards",
}

#: The words of the board: the default for every key, and the list of keys a catalogue translates.
ENGLISH: Mapping[str, str] = MappingProxyType(_ENGLISH)

#: The cards' English names by label key (``trait.<card key>``), translated by the rule book.
CARD_NAMES: Mapping[str, str] = MappingProxyType(
    {
        **{f"trait.{card.name}": card.title for card in SPECIES},
        **{f"trait.{card.name}": card.title for card in ENVIRONMENTS},
        **{f"trait.{kind.value}": rule.title for kind, rule in KINDS.items()},
    }
)
