"""Extinction and new cards (seed 003, "Фаза вимирання та отримання нових карт").

"На початку цієї фази всі тварини гравця, які залишилися ненагодованими, їхні здібності, а також пов'язані з ними
парні здібності скидаються у відбій": every animal still not fed dies, and goes to the discard pile with its trait
cards and the paired traits joining it; so does a carnivore that ate a Poisonous animal this turn ("ОТРУЙНА").
Yellow tokens never feed (an animal asleep counts as fed). Then each player draws one card more than they have
animals left, or six when they have neither an animal nor a card. The tokens, except the yellow ones, come off the
animals, the cards turned sideways turn upright, and the next turn begins with the player to the left of this turn's
first player. After the extinction of the last turn the game is scored, and nobody draws.

Seed 001: a dead animal's Shell card stays in the middle of the table ("karta z cechą muszla pozostaje w grze");
a Trematode joining it goes, and its partner's need falls back.
"""

from __future__ import annotations

from typing import Literal

from rules_core.copying import evolve
from rules_core.origin.cards import SHELL, TREMATODE
from rules_core.origin.deck import draw
from rules_core.origin.events import AnimalDied, Event, FirstPlayerPassed, FoodCleared, ShellLeft, TurnStarted
from rules_core.origin.food import is_fed
from rules_core.origin.phases import development
from rules_core.origin.state import GameState, upright

#: Seed 003: "Якщо у гравця не залишилось жодної тварини на столі й жодної карти в руці, він має отримати 6 карт."
FRESH_HAND = 6


def discard_animal(state: GameState, animal_id: int) -> tuple[GameState, tuple[int, ...], list[Event]]:
    """An animal leaves play: its card, its trait cards and the paired traits joining it go to the discard pile,
    except a Shell, which stays on the table; its tokens are gone. The cards count as the owner's discards (the
    tie-break ``discards``; a rival's Trematode joining it too, as it leaves the owner's part of the table).
    Returns the cards discarded and the Shells left."""
    seat, index = state.locate(animal_id)
    player = state.players[seat]
    animal = player.animals[index]
    links = tuple(link for link in player.links if link.joins(animal_id))
    shells = tuple(t.card for t in animal.traits if t.trait is SHELL)
    # A revealed Anglerfish's own card is also its Carnivore trait: one card.
    own = tuple(t.card for t in animal.traits if t.trait is not SHELL and t.card != animal.card)
    cards = (animal.card, *own, *(link.card for link in links))
    partners = {link.other(animal_id) for link in links if link.trait is TREMATODE}
    table = tuple(
        evolve(a, trematodes=a.trematodes - sum(1 for k in links if k.trait is TREMATODE and k.joins(a.id)))
        if a.id in partners
        else a
        for a in player.animals[:index] + player.animals[index + 1 :]
    )
    player = evolve(
        player,
        animals=table,
        links=tuple(link for link in player.links if not link.joins(animal_id)),
        discarded=player.discarded + len(cards),
    )
    players = state.players_with(player)
    state = evolve(state, discard=state.discard + cards, shells=state.shells + shells, players=players)
    return state, cards, [ShellLeft(seat, animal_id, card) for card in shells]


def die_out(state: GameState) -> tuple[GameState, list[Event]]:
    """Every animal not fed, and every poisoned carnivore, dies."""
    events: list[Event] = []
    doomed = [
        (seat, a)
        for seat in state.seats_from(state.first_player)
        for a in state.players[seat].animals
        if a.poisoned or not is_fed(a)
    ]
    for seat, animal in doomed:
        state, cards, left = discard_animal(state, animal.id)
        cause: Literal["starvation", "poison"] = "poison" if animal.poisoned else "starvation"
        events.append(AnimalDied(seat, animal.id, cause, cards, animal.food, animal.fat))
        events.extend(left)
    return state, events


def deal(state: GameState) -> tuple[GameState, list[Event], bool]:
    """New cards, from the first player clockwise; says whether the deck ran out (the next turn is the last)."""
    events: list[Event] = []
    ran_out = False
    for seat in state.seats_from(state.first_player):
        player = state.players[seat]
        count = len(player.animals) + 1 if player.animals or player.hand else FRESH_HAND
        state, drawn, out = draw(state, seat, count)
        events.extend(drawn)
        ran_out = ran_out or out
    return state, events, ran_out


def next_turn(state: GameState, *, last: bool) -> tuple[GameState, list[Event]]:
    """Tokens off (yellow ones stay), cards upright, the first player moves left, and development begins."""
    players = tuple(
        evolve(
            p,
            animals=tuple(
                evolve(
                    upright(a),
                    food=0,
                    hibernating=False,
                    hibernated_last_turn=a.hibernating,
                    attacked=False,
                    in_shell=False,
                    fasting=False,
                )
                for a in p.animals
            ),
            links=tuple(evolve(link, used=False) for link in p.links),
        )
        for p in state.players
    )
    cleared = sum(a.food for _, a in state.all_animals())
    first = (state.first_player + 1) % len(state.players)
    state = evolve(state, players=players, first_player=first, turn=state.turn + 1, last_turn=last)
    events: list[Event] = [FirstPlayerPassed(first), TurnStarted(state.turn, first, last)]
    if cleared:
        events.insert(0, FoodCleared(cleared))
    return development.start(state), events
