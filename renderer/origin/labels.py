"""Every word the original game's board prints, in English, keyed by label key (see :mod:`renderer.labels`).

The board's own words (:data:`WORDS`) are translated by the catalogue's ``origin.board.<key>``; the traits' names
(``trait.<key>``) are the rule book's (``texts/rule_texts/origin/``), the one place each language names a trait:
``texts.board_labels`` gives a translation's, and :func:`english` the English ones the board falls back on.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from texts.rules import book

WORDS: Mapping[str, str] = MappingProxyType(
    {
        "title": "Evolution",
        "round": "Turn {n}",
        "phase.development": "Development",
        "phase.feeding": "Feeding",
        "phase.game_over": "Game over",
        "last_turn": "Last turn!",
        "two_decks": "Two decks",
        "food_bank": "Food bank",
        "deck": "Deck",
        "discard": "Discard",
        "no_animals": "No animals",
        "hungry": "Hungry",
        "fed": "Fed",
        "asleep": "Asleep",
        "poisoned": "Poisoned",
        "attacking": "Attacking",
        "attacked": "Attacked",
        "in_shell": "Hidden",
        "fasting": "Fasting",
        "player_fallback": "Player {n}",
        "animal": "{player}'s animal {n}",
        # What the table waits for besides a turn.
        "banner.attack": "{carnivore} attacks {target}",
        "banner.defends": "{player} defends",
        "banner.pair_order": "{player} orders their paired traits",
        "banner.pack": "in a pack with {helper}",
        "banner.ignores": "ignoring {traits}",
        "banner.ambush": "from ambush",
        "banner.join_pack": "{player} decides whether {helper} joins the hunt of {carnivore} on {target}",
        "banner.anglerfish": "{anglerfish} strikes back at {carnivore} · {player} chooses the trait it ignores",
        # Who owes a choice now, by the kind of the rules' Decision.
        "decision.develop": "Playing a card",
        "decision.feed": "Feeding",
        "decision.defend": "Defending",
        "decision.pair_order": "Ordering traits",
        "decision.join_pack": "Answering a pack",
        "decision.anglerfish": "Striking back",
        # A player out of the phase.
        "status.passed": "Passed",
        # The end of the game.
        "results": "Final scores",
        "winner": "Winner",
        "shared_win": "Shared win",
        "rank": "#{rank}",
        "score": "Score",
        "score.animals": "Animals",
        "score.traits": "Traits",
        "score.extra": "Extra",
        "tiebreak": "Tie-break",
        "tiebreak.0": "Animals",
        "tiebreak.1": "Most traits",
        "tiebreak.discards": "Cards discarded",
        "tiebreak.roll": "Die",
    }
)


@cache
def english() -> Mapping[str, str]:
    """Every English word the board prints: :data:`WORDS` and the English rule book's trait names."""
    names = {f"trait.{key}": entry.name for key, entry in book("en", "origin").traits.items()}
    return MappingProxyType({**WORDS, **names})
