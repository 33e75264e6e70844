"""The end of the game and the winner (seed 003, "Завершення гри та визначення переможця").

Each player scores 2 points for each of their surviving animals, 1 point for each trait of those animals, and the
extra points of traits that raise the food need: +1 for Carnivore and for Big, +2 for Parasite (``food.EXTRA_FOOD``).
A paired trait is one card and scores once, and a Parasite scores for the owner of the animal it lies on
(docs/rulings.md). "Якщо декілька гравців набрали порівну очок, перемагає той, у кого вижило більше тварин, а якщо і
цей показник не визначить переможця – тоді гравець, чия тварина має найбільше здібностей": ties go to the player
with more surviving animals, then to the one whose single animal has the most traits; a tie that survives both is
shared.

The house rule ``tie_break=discards`` (not in a seed: the first edition's ranking, as the Wikipedia article
"Evolution: The Origin of Species" gives it, "Place definition in match"; docs/rulings.md, "Tie-break: discards")
ranks players equal on points by the cards they put into the discard pile over the game (more ranks higher), then
by a die roll drawn from the game's generator when the game ends (``roll_off``), again among those still equal,
so nobody shares a place.

Seed 001: a Trematode is a paired card and scores so, with its printed +1 (docs/rulings.md); a revealed Anglerfish
counts as an animal with Carnivore ("także podczas liczenia punktów"); each surviving animal with Kleptoplasty costs
2 points ("należy odjąć 2 punkty").
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_core.copying import evolve
from rules_core.engine import Outcome, rank_standings
from rules_core.origin.cards import TREMATODE
from rules_core.origin.events import TieDiceRolled
from rules_core.origin.food import EXTRA_FOOD
from rules_core.origin.state import GameState, Player, TieBreak
from rules_core.origin.traits import kleptoplasty, trematode

ANIMAL_POINTS = 2


def score_parts(player: Player) -> tuple[int, int, int, int]:
    """(points for animals, for trait cards, for the traits that raise the need, taken off by Kleptoplasty)."""
    animals = ANIMAL_POINTS * len(player.animals)
    traits = sum(len(a.traits) for a in player.animals) + len(player.links)
    extra = sum(EXTRA_FOOD.get(t.trait, 0) for a in player.animals for t in a.traits)
    extra += trematode.EXTRA * sum(1 for link in player.links if link.trait is TREMATODE)
    penalty = kleptoplasty.PENALTY * sum(1 for a in player.animals if a.has(kleptoplasty.TRAIT))
    return animals, traits, extra, -penalty


def most_traits(player: Player) -> int:
    """The most traits one animal of the player has, paired traits joining it included."""
    return max(
        (len(a.traits) + sum(1 for link in player.links if link.joins(a.id)) for a in player.animals),
        default=0,
    )


def points(player: Player) -> int:
    return sum(score_parts(player))


def tiebreaks(player: Player, rule: TieBreak) -> tuple[int, ...]:
    """What ranks the player among those equal on points, higher first."""
    if rule is TieBreak.DISCARDS:
        return (player.discarded, *player.tie_rolls)
    return len(player.animals), most_traits(player)


def outcome(state: GameState) -> Outcome:
    rows = []
    for player in state.players:
        animals, traits, extra, penalty = score_parts(player)
        details: tuple[tuple[str, int], ...] = (("animals", animals), ("traits", traits), ("extra", extra))
        if penalty:
            details += (("kleptoplasty", penalty),)
        total = animals + traits + extra + penalty
        rows.append((player.seat, total, tiebreaks(player, state.options.tie_break), details))
    return rank_standings(rows)


def roll_off(state: GameState) -> tuple[GameState, list[TieDiceRolled]]:
    """With the tie-break ``discards``, at the game's end: players equal on points and on cards discarded each roll
    a die, and those equal again roll again, until every place is one player's. Nothing happens under the printed
    tie-break."""
    if state.options.tie_break is not TieBreak.DISCARDS:
        return state, []
    groups: dict[tuple[int, int], list[int]] = {}
    for player in state.players:
        groups.setdefault((points(player), player.discarded), []).append(player.seat)
    rolls: dict[int, tuple[int, ...]] = {}
    events: list[TieDiceRolled] = []
    rng = state.rng
    for (score, discarded), seats in sorted(groups.items(), reverse=True):
        pending: list[Sequence[int]] = [seats]
        while pending:
            tied = pending.pop(0)
            if len(tied) < 2:
                continue
            dice, rng = rng.roll(len(tied))
            events.append(TieDiceRolled(score, discarded, tuple(zip(tied, dice, strict=True))))
            for seat, die in zip(tied, dice, strict=True):
                rolls[seat] = (*rolls.get(seat, ()), die)
            pending.extend([s for s, d in zip(tied, dice, strict=True) if d == value] for value in sorted(set(dice)))
    players = tuple(evolve(p, tie_rolls=rolls.get(p.seat, ())) for p in state.players)
    return evolve(state, players=players, rng=rng), events
