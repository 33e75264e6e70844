"""Every word North Star's board prints, in English, keyed by label key (a translation is the catalogue's
``north_star.board.<key>``; see :mod:`renderer.labels`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules_core.north_star.cards import Trait

_TRAITS: dict[Trait, str] = {
    Trait.AMBUSH: "Ambush",
    Trait.BURROWING: "Burrowing",
    Trait.CARNIVORE: "Carnivore",
    Trait.CLIMBING: "Climbing",
    Trait.COOPERATION: "Cooperation",
    Trait.DEFENSIVE_HERDING: "Defensive Herding",
    Trait.FAT_TISSUE: "Fat Tissue",
    Trait.FERTILE: "Fertile",
    Trait.FORAGING: "Foraging",
    Trait.HARD_SHELL: "Hard Shell",
    Trait.HORNS: "Horns",
    Trait.INTELLIGENCE: "Intelligence",
    Trait.LONG_NECK: "Long Neck",
    Trait.PACK_HUNTING: "Pack Hunting",
    Trait.SCAVENGER: "Scavenger",
    Trait.SYMBIOSIS: "Symbiosis",
    Trait.WARNING_CALL: "Warning Call",
}

_ENGLISH: dict[str, str] = {
    "title": "Evolution",
    "round": "Round {n}",
    "phase.food_cards": "Food cards",
    "phase.play_cards": "Playing cards",
    "phase.reveal_effects": "Revealing traits",
    "phase.feeding": "Feeding",
    "phase.game_over": "Game over",
    "quick_game": "Quick game",
    "last_round": "Last round!",
    "next_round_last": "Next round is the last",
    "watering_hole": "Watering hole",
    "food_bank": "Food bank",
    "deck": "Deck",
    "discard": "Discard",
    "first_player": "First player",
    "no_species": "No species",
    "hungry": "Hungry",
    "fed": "Fed",
    "body_size": "Size",
    "population": "Population",
    # Used on narrow species tiles when the full caption would not fit.
    "body_size.short": "Size",
    "population.short": "Pop.",
    "fat": "Fat",
    "player_fallback": "Player {n}",
    # Who owes a choice now, by the kind of the rules' Decision.
    "decision.food_card": "Choosing a food card",
    "decision.play_cards": "Playing cards",
    "decision.reveal_order": "Ordering trait effects",
    "decision.feed": "Turn to feed",
    # What a seat that owes nothing has done.
    "status.food_card_chosen": "Food card placed",
    "status.done_playing": "Done playing",
    "status.stopped_feeding": "Stopped feeding",
    # The end of the game.
    "results": "Final scores",
    "winner": "Winner",
    "shared_win": "Shared win",
    "rank": "#{rank}",
    "score": "Score",
    "score.food": "Food",
    "score.population": "Population",
    "score.traits": "Traits",
    "tiebreak": "Tie-break",
    "tiebreak.0": "Traits",
    "tiebreak.1": "Population",
}
_ENGLISH.update({f"trait.{trait.value}": name for trait, name in _TRAITS.items()})

#: The English strings: the default for every key, and the list of keys a translation should supply.
ENGLISH: Mapping[str, str] = MappingProxyType(_ENGLISH)
