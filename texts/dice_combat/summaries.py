"""The dice-combat game's words for what happened: public events become the channel's lines; a player's private
events (the cards they receive, exchange and discard) the lines of their own direct message or ephemeral reply.

Every roll is told with its dice, high to low, and every fight with its pairs compared and its result (seed 004,
steps 5.h.viii-xii and 5.p). Pure: events and a :class:`~texts.dice_combat.choices.DiceCombatTable` in, strings out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules_core.dice_combat import effects
from rules_core.dice_combat import events as ev
from rules_core.dice_combat.cards import ENVIRONMENTS
from rules_core.dice_combat.dice import Comparison, attack_damage, compare
from rules_core.dice_combat.state import Phase, Species
from rules_core.dice_combat.view import TableView
from rules_core.engine import Outcome
from texts.dice_combat.cards import card_name, environment_effect, species_title
from texts.dice_combat.choices import DiceCombatTable, dice_text
from texts.messages import message

RULESET = "dice_combat"


def _msg(key: str, language: str, **params: Any) -> str:
    return message(f"{RULESET}.{key}", language, **params)


def environment_text(view: TableView, language: str) -> str:
    """The environment in force in a few words, or the final age."""
    if view.environment is None:
        if view.final_age:
            return _msg("environment.final_age", language, age=view.final_age)
        return _msg("environment.none", language)
    return card_name(ENVIRONMENTS[view.environment].name, language)


def phase_title(view: TableView, language: str) -> str:
    """ "Period 3: Hunting", or that the game is over."""
    if view.phase is Phase.GAME_OVER:
        return _msg("status.title_over", language)
    return _msg("status.title", language, round=view.round, phase=_msg(f"phase.{view.phase}", language))


def round_notes(view: TableView, language: str) -> list[str]:
    """The environment in force (or the final age), and a warning when the environment deck is spent."""
    if view.phase is Phase.GAME_OVER:
        return []
    notes = [_msg("footer.environment", language, environment=environment_text(view, language))]
    if view.environment is not None and view.environment_deck_size == 0:
        notes.append(_msg("footer.final_age_next", language))
    return notes


def public_lines(events: Sequence[Any], table: DiceCombatTable) -> list[str]:
    """One line per thing the table saw happen; cards dealt at once are one line, and each fight's result comes
    with its pairs of dice."""
    lines: list[str] = []
    dealt: list[str] = []
    rolls: list[ev.DiceRolled] = []
    starting_rolls = 0
    for event in events:
        if isinstance(event, ev.CardsDealt):
            dealt.append(table.own("event.dealt_one", player=table.name(event.seat), n=event.count))
            continue
        if dealt:
            lines.append(table.own("event.CardsDealt", hands=", ".join(dealt)))
            dealt = []
        if isinstance(event, ev.DiceRolled):
            rolls = [*rolls[-1:], event]
        if isinstance(event, ev.StartingDiceRolled):
            starting_rolls += 1
            lines.append(_starting_roll(event, table, again=starting_rolls > 1))
            continue
        line = public_line(event, table, rolls)
        if line:
            lines.append(line)
    if dealt:
        lines.append(table.own("event.CardsDealt", hands=", ".join(dealt)))
    return lines


def _starting_roll(event: ev.StartingDiceRolled, table: DiceCombatTable, *, again: bool) -> str:
    rolls = ", ".join(table.own("event.roll_one", player=table.name(seat), die=die) for seat, die in event.rolls)
    return table.own("event.StartingDiceRolled_again" if again else "event.StartingDiceRolled", rolls=rolls)


def public_line(event: Any, table: DiceCombatTable, rolls: Sequence[ev.DiceRolled] = ()) -> str | None:
    """The line of one public event (``rolls``: the fight's two rolls, for its result)."""
    msg, name, species, lang = table.own, table.name, table.species_name, table.language
    if isinstance(event, ev.SpeciesDealt):
        dealt = Species(event.species)
        return msg(
            "event.SpeciesDealt",
            player=name(event.seat),
            species=species_title(event.species, lang),
            strength=effects.strength(dealt, None),
            energy=effects.energy(dealt, None),
        )
    if isinstance(event, ev.DeckReshuffled):
        return msg(f"event.DeckReshuffled_{event.deck}", n=event.cards)
    if isinstance(event, ev.PeriodStarted):
        return msg("event.PeriodStarted", period=event.period, player=name(event.starting_player))
    if isinstance(event, ev.EnvironmentRevealed):
        environment = card_name(ENVIRONMENTS[event.card].name, lang)
        return msg("event.EnvironmentRevealed", environment=environment, effect=environment_effect(event.card, lang))
    if isinstance(event, ev.FinalAgePeriod):
        return msg("event.FinalAgePeriod", age=event.age, n=event.loss)
    if isinstance(event, ev.PopulationRecovered):
        key = "event.PopulationRecovered_quiet" if event.quiet else "event.PopulationRecovered"
        return msg(key, species=_species_of(event.seat, table), n=event.amount, population=event.population)
    if isinstance(event, ev.PopulationLost):
        return msg(
            f"event.PopulationLost_{event.cause}",
            species=_species_of(event.seat, table),
            n=event.amount,
            population=event.population,
        )
    if isinstance(event, ev.SpeciesWentExtinct):
        return msg(f"event.SpeciesWentExtinct_{event.cause}", species=species(event.species), player=name(event.seat))
    if isinstance(event, ev.PopulationBought):
        return msg("event.PopulationBought", player=name(event.seat), population=event.population, food=event.food)
    if isinstance(event, ev.CardsExchanged):
        return msg("event.CardsExchanged", player=name(event.seat))
    if isinstance(event, ev.EvolutionPlayed):
        key = "event.EvolutionPlayed_paid" if event.cost else "event.EvolutionPlayed"
        return msg(
            key, player=name(event.seat), card=table.card(event.card), species=species(event.species), n=event.cost
        )
    if isinstance(event, ev.CardsDiscarded):
        return msg("event.CardsDiscarded", player=name(event.seat), n=event.count)
    if isinstance(event, ev.Passed):
        return msg("event.Passed", player=name(event.seat))
    if isinstance(event, ev.HuntBegan):
        return msg(
            "event.HuntBegan", player=name(event.seat), prey=species_title(event.prey, lang), number=event.number
        )
    if isinstance(event, ev.DiceRolled):
        return msg(
            f"event.DiceRolled_{event.role}",
            player=name(event.seat),
            species=species(event.species),
            dice=dice_text(event.dice),
            n=len(event.dice),
        )
    if isinstance(event, ev.HuntResolved):
        return msg(
            f"event.HuntResolved_{event.result}",
            pairs=_pairs(rolls, event.won, table),
            won=event.won,
            lost=event.lost,
            tied=event.tied,
            player=name(event.seat),
            n=event.gained,
            food=event.food,
        )
    if isinstance(event, ev.AttackDeclared):
        return msg("event.AttackDeclared", player=name(event.seat), species=species(event.species), n=event.cost)
    if isinstance(event, ev.AttackResolved):
        key = "event.AttackResolved_hit" if event.damage else "event.AttackResolved_miss"
        line = msg(
            key,
            pairs=_pairs(rolls, event.won, table),
            won=event.won,
            lost=event.lost,
            tied=event.tied,
            player=name(event.defender),
            n=event.damage,
        )
        # Venom's extra point, when the attack hurt.
        base = attack_damage(Comparison((), event.won, event.lost, event.tied))
        if event.damage > base:
            line += msg("event.venom", n=event.damage - base)
        return line
    if isinstance(event, ev.GameEnded):
        return msg("event.GameEnded", player=name(event.winner), species=_species_of(event.winner, table))
    return None


def _species_of(seat: int, table: DiceCombatTable) -> str:
    return table.species_name(table.player(seat).species.card)


def _pairs(rolls: Sequence[ev.DiceRolled], won: int, table: DiceCombatTable) -> str:
    """The pairs a fight compared ("6>5, 4<5, 2=2"), from its two rolls, first the side that hunts or attacks; with
    a note when that side's Ambush turned ties into wins."""
    if len(rolls) < 2:
        return ""
    comparison = compare(rolls[-2].dice, rolls[-1].dice)
    signs = ", ".join(f"{a}{'>' if a > b else '<' if a < b else '='}{b}" for a, b in comparison.pairs)
    if won > comparison.won:
        signs += table.own("event.ties_won")
    return signs


def standings_lines(outcome: Outcome, table: DiceCombatTable) -> list[str]:
    """The last species standing first, then the others from the last to go extinct to the first."""
    lines = []
    for standing in sorted(outcome.standings, key=lambda s: s.rank):
        key = "standing.survivor" if standing.seat in outcome.winners else "standing.extinct"
        lines.append(
            table.own(
                key,
                rank=standing.rank,
                player=table.name(standing.seat),
                species=species_title(table.player(standing.seat).species.card, table.language),
            )
        )
    return lines


def private_lines(events: Iterable[Any], table: DiceCombatTable) -> list[str]:
    """A player's own private events, in their words (only ever sent to that player)."""
    lines = []
    for event in events:
        if isinstance(event, ev.CardsReceived):
            lines.append(table.own("private.CardsReceived", cards=table.cards(event.cards), n=len(event.cards)))
        elif isinstance(event, ev.CardsExchangedPrivately):
            key = "private.CardsExchangedPrivately" if event.received else "private.CardsExchangedPrivately_none"
            lines.append(table.own(key, given=table.cards(event.given), received=table.cards(event.received)))
        elif isinstance(event, ev.CardsDiscardedPrivately):
            lines.append(table.own("private.CardsDiscardedPrivately", cards=table.cards(event.cards)))
    return lines


#: Private events worth a direct message of their own: the cards dealt (the others answer the player's own move).
DM_WORTHY = (ev.CardsReceived,)
