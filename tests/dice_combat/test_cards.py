"""Every card's effect (rules_core/dice_combat/cards.py; docs/dice-combat-cards.md): each evolution kind, each
environment card, and the species cards' innate kinds."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.dice_combat import combat, effects
from rules_core.dice_combat.actions import Attack, Hunt, Pass, RollDice
from rules_core.dice_combat.cards import (
    EDITIONS,
    ENVIRONMENTS,
    FIRST_EDITION,
    LATEST_EDITION,
    SPECIES,
    Condition,
    Effect,
    Kind,
    rule_of,
)
from rules_core.dice_combat.effects import Role
from rules_core.dice_combat.events import HuntResolved, PopulationLost, PopulationRecovered
from rules_core.dice_combat.state import HUNTS_PER_PERIOD, STARTING_POPULATION, Species
from tests.dice_combat.helpers import energy, of, play, player, scenario, species_card, species_id, strength

ROLES = (None, Role.HUNTER, Role.PREY, Role.ATTACKER, Role.DEFENDER)
ELK = species_card("elk")  # the first edition's: no innate kind but Fertility, a plain fighter


def _environment(name: str) -> int:
    return next(card.id for card in ENVIRONMENTS if card.name == name)


def _with(*kinds: Kind, base: str = "elk", edition: int = FIRST_EDITION) -> Species:
    """The species ``base`` of ``edition`` carrying a card of each of ``kinds`` (of that edition)."""
    cards = tuple(next(c.id for c in EDITIONS[edition].evolutions if c.kind is kind) for kind in kinds)
    return Species(species_id(base, edition), cards)


def _strengths(species: Species, environment: int | None = None) -> dict[Role | None, int]:
    return {role: effects.strength(species, environment, role) for role in ROLES}


def _plain(bonus: dict[Role | None, int]) -> dict[Role | None, int]:
    return {role: ELK.strength + bonus.get(role, 0) for role in ROLES}


# Evolution cards that change Strength.


def test_claws_add_one_strength_always() -> None:
    assert _strengths(_with(Kind.CLAWS)) == _plain({r: 1 for r in ROLES})


def test_fangs_add_one_strength_when_hunting_or_attacking_and_one_food_to_a_hunt_won() -> None:
    assert _strengths(_with(Kind.FANGS)) == _plain({Role.HUNTER: 1, Role.ATTACKER: 1})
    state = scenario(
        phase="hunting",
        players=[player("Ann", "elk", food=1, evolutions=["fangs"]), player("Bob", "bison_herd")],
        species_deck=["sabre_tooth"],
        dice=[6] * (ELK.strength + 1) + [1] * 12,
    )
    _, events = play(state, Hunt(0), RollDice(1))
    (resolved,) = of(events, HuntResolved)
    food = energy("sabre_tooth") + 1
    assert (resolved.result, resolved.gained, resolved.food) == ("won", food, 1 + food)


def test_horns_add_two_strength_when_hunted_or_defending() -> None:
    assert _strengths(_with(Kind.HORNS)) == _plain({Role.PREY: 2, Role.DEFENDER: 2})


def test_thick_fur_adds_two_strength_in_a_cold_environment() -> None:
    assert _strengths(_with(Kind.THICK_FUR), _environment("mild_climate")) == _plain({})
    # Long Winter is cold and weakens only the prey; Ice Age weakens everybody by one.
    assert _strengths(_with(Kind.THICK_FUR), _environment("long_winter")) == _plain(
        {r: 2 for r in ROLES} | {Role.PREY: 1}
    )
    assert _strengths(_with(Kind.THICK_FUR), _environment("ice_age")) == _plain({r: 1 for r in ROLES})


def test_disease_takes_one_strength_never_below_one() -> None:
    assert _strengths(_with(Kind.DISEASE)) == _plain({r: -1 for r in ROLES})
    weak = Species(species_id("chameleon"), _with(Kind.DISEASE).evolutions)
    assert strength("chameleon") - 1 <= 1
    assert effects.strength(weak, _environment("ice_age")) == 1


def test_camouflage_takes_a_die_from_its_opponent_when_hunted_or_defending_never_below_one() -> None:
    hunter, hidden = _with(), _with(Kind.CAMOUFLAGE, base="bison_herd")
    assert combat.dice(hunter, Role.HUNTER, hidden, Role.PREY, None) == ELK.strength - 1
    assert combat.dice(hunter, Role.ATTACKER, hidden, Role.DEFENDER, None) == ELK.strength - 1
    assert combat.dice(hidden, Role.ATTACKER, hunter, Role.DEFENDER, None) == strength("bison_herd")
    weakest = Species(species_id("chameleon"), _with(Kind.DISEASE).evolutions)
    assert combat.dice(weakest, Role.HUNTER, hidden, Role.PREY, None) == 1


def test_ambush_wins_its_ties_when_hunting_or_attacking() -> None:
    ambusher = _with(Kind.AMBUSH)
    assert {r: effects.wins_ties(ambusher, None, r) for r in ROLES if r is not None} == {
        Role.HUNTER: True,
        Role.ATTACKER: True,
        Role.PREY: False,
        Role.DEFENDER: False,
    }
    state = scenario(
        phase="hunting",
        players=[player("Ann", "elk", evolutions=["ambush"]), player("Bob", "bison_herd")],
        species_deck=["sabre_tooth"],
        dice=[4] * 12,
    )
    state, events = play(state, Hunt(0), RollDice(1))
    (resolved,) = of(events, HuntResolved)  # every pair showed 4 against 4
    assert (resolved.lost, resolved.tied, resolved.result) == (0, 0, "won")


def test_venom_takes_one_more_point_when_an_attack_does_damage() -> None:
    defender = energy("sabre_tooth")  # a plain species, at its full population

    def attack(dice: list[int]) -> list[PopulationLost]:
        state = scenario(
            phase="extinction",
            players=[
                player("Ann", "elk", food=ELK.energy, evolutions=["venom"]),
                player("Bob", "sabre_tooth", pop=defender),
            ],
            dice=dice,
        )
        _, events = play(state, Attack(0, species_id("sabre_tooth")))
        return of(events, PopulationLost)

    won = attack([6] * ELK.strength + [1] * 12)
    assert [(e.amount, e.cause) for e in won] == [(min(defender, ELK.strength + 1), "attack")]
    assert attack([1] * ELK.strength + [6] * 12) == []


# Evolution cards that change Energy, recovery or the environment's hold.


def test_fat_reserves_add_two_energy_and_lean_metabolism_takes_one_never_below_one() -> None:
    assert effects.energy(_with(Kind.FAT_RESERVES), None) == ELK.energy + 2
    assert effects.energy(_with(Kind.LEAN_METABOLISM), None) == ELK.energy - 1
    assert effects.energy(_with(Kind.FAT_RESERVES), None, Role.PREY) == ELK.energy + 2  # a fatter prey feeds more
    lean = Species(species_id("wolf_pack"), _with(Kind.LEAN_METABOLISM).evolutions)
    assert effects.energy(lean, None) == max(1, energy("wolf_pack") - 1)


def test_hibernation_shields_the_species_from_the_environment() -> None:
    sleeper = _with(Kind.HIBERNATION)
    assert _strengths(sleeper, _environment("ice_age")) == _plain({})
    assert effects.recovery(sleeper, _environment("drought"), quiet=False) == 1 + 1  # Elk: Fertility


def _period_start(ann: dict[str, Any], environment: str) -> dict[int, int]:
    """Recovery at the start of the next period, under ``environment``: the points each seat recovered."""
    state = scenario(
        phase="extinction",
        starting_player=1,
        turn=0,
        players=[ann, player("Bob", "sabre_tooth", pop=1, active=True)],
        environment_deck=[environment],
    )
    _, events = play(state, Pass(0))
    return {e.seat: e.amount for e in of(events, PopulationRecovered)}


def test_fertility_recovers_one_more_point() -> None:
    plain = _period_start(player("Ann", "bison_herd", pop=1, active=True), "mild_climate")
    fertile = _period_start(player("Ann", "bison_herd", pop=1, active=True, evolutions=["fertility"]), "mild_climate")
    assert (plain[0], fertile[0]) == (1, 2)


# Environment cards.


def test_mild_climate_changes_nothing() -> None:
    assert _strengths(_with(), _environment("mild_climate")) == _plain({})
    assert effects.energy(_with(), _environment("mild_climate"), Role.PREY) == ELK.energy


def test_ice_age_takes_one_strength_from_every_species() -> None:
    assert _strengths(_with(), _environment("ice_age")) == _plain({r: -1 for r in ROLES})


def test_long_winter_weakens_the_prey() -> None:
    assert _strengths(_with(), _environment("long_winter")) == _plain({Role.PREY: -1})


def test_fog_strengthens_the_hunted_and_the_defenders() -> None:
    assert _strengths(_with(), _environment("fog")) == _plain({Role.PREY: 1, Role.DEFENDER: 1})


def test_heatwave_weakens_the_hunters_and_the_attackers() -> None:
    assert _strengths(_with(), _environment("heatwave")) == _plain({Role.HUNTER: -1, Role.ATTACKER: -1})


def test_full_moon_strengthens_the_hunters_and_the_attackers() -> None:
    assert _strengths(_with(), _environment("full_moon")) == _plain({Role.HUNTER: 1, Role.ATTACKER: 1})


@pytest.mark.parametrize(("name", "bonus"), [("abundance", 2), ("migration", 1)])
def test_abundance_and_migration_make_the_prey_richer(name: str, bonus: int) -> None:
    prey = _with()
    assert effects.energy(prey, _environment(name), Role.PREY) == ELK.energy + bonus
    assert effects.energy(prey, _environment(name)) == ELK.energy  # the players' own Energy does not change


def test_drought_stops_recovery_and_mating_season_adds_a_point() -> None:
    ann = player("Ann", "bison_herd", pop=1, active=True)
    assert _period_start(dict(ann), "drought") == {}
    assert _period_start(dict(ann), "mating_season") == {1: 2, 0: 2}


def test_storm_allows_one_hunt_a_period() -> None:
    state = scenario(
        phase="hunting",
        environment="storm",
        players=[player("Ann", "sabre_tooth"), player("Bob", "bison_herd")],
        species_deck=["elk"],
        dice=[3] * 10,
    )
    assert effects.hunt_limit(state.players[0].species, state.environment, HUNTS_PER_PERIOD) == 1
    state, _ = play(state, Hunt(0), RollDice(1))
    assert state.turn == 1  # Ann's one hunt is over, and so is her turn


def test_a_hunt_limit_is_at_least_one() -> None:
    # ``hunting.may_hunt`` lets a period's first hunt go without summing the effects in force.
    with pytest.raises(ValueError, match="at least one"):
        Effect(hunt_limit=0)
    assert Effect(hunt_limit=1).hunt_limit == 1


# Species cards.


def test_a_species_born_with_a_kind_acts_as_if_it_carried_that_card() -> None:
    raptor = Species(species_id("raptor"))
    assert effects.kinds(raptor) == [Kind.FANGS]
    assert effects.strength(raptor, None, Role.ATTACKER) == strength("raptor") + 1


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_species_can_hold_the_starting_population_and_every_kind_is_in_the_deck(edition: int) -> None:
    cards = EDITIONS[edition]
    assert all(card.energy >= STARTING_POPULATION for card in cards.species)
    assert all(len(set(card.innate)) == len(card.innate) for card in cards.species)
    assert {c.kind for c in cards.evolutions} == set(Kind)
    copies = [sum(1 for c in cards.evolutions if c.kind is kind) for kind in Kind]
    assert copies == [cards.kinds[k].copies for k in Kind]
    assert energy("elk") == ELK.energy


# The editions of the cards (docs/dice-combat-cards.md, "Tuning history"): the numbers of each, pinned.

#: Each edition's species: name -> (Strength, Energy, born with).
PRINTED_SPECIES = {
    1: {
        "wolf_pack": (3, 3, ("ambush",)),
        "mammoth": (3, 5, ("thick_fur",)),
        "sabre_tooth": (4, 4, ()),
        "giant_tortoise": (2, 5, ("horns", "camouflage")),
        "viper": (3, 3, ("venom", "ambush")),
        "bison_herd": (3, 4, ("horns",)),
        "cave_bear": (4, 5, ("hibernation",)),
        "raptor": (3, 3, ("fangs",)),
        "rabbit_warren": (2, 5, ("fertility", "camouflage")),
        "chameleon": (2, 4, ("camouflage", "ambush")),
        "elk": (3, 5, ("fertility",)),
        "wild_boar": (3, 4, ("claws",)),
        "hyena_clan": (3, 4, ("lean_metabolism", "ambush")),
        "woolly_rhino": (3, 4, ("thick_fur", "horns")),
        "crocodile": (3, 4, ("venom",)),
        "giant_sloth": (3, 5, ("horns",)),
    },
    2: {
        "wolf_pack": (3, 4, ("ambush",)),
        "mammoth": (3, 5, ("thick_fur", "claws")),
        "sabre_tooth": (4, 4, ()),
        "giant_tortoise": (3, 3, ("camouflage", "hibernation")),
        "viper": (3, 3, ("venom", "camouflage")),
        "bison_herd": (3, 4, ("horns",)),
        "cave_bear": (4, 5, ("hibernation",)),
        "raptor": (3, 3, ("fangs",)),
        "rabbit_warren": (3, 4, ("fertility", "camouflage")),
        "chameleon": (2, 4, ("camouflage", "ambush")),
        "elk": (3, 5, ("fertility", "horns")),
        "wild_boar": (3, 4, ("claws",)),
        "hyena_clan": (2, 6, ("lean_metabolism", "ambush")),
        "woolly_rhino": (3, 4, ("thick_fur", "horns")),
        "crocodile": (3, 5, ("venom", "horns")),
        "giant_sloth": (3, 6, ("claws",)),
    },
}
#: Each edition's evolution deck: copies of each kind, in kind order (claws ... fertility).
PRINTED_COPIES = {1: (5, 4, 4, 3, 4, 4, 3, 4, 4, 6, 3, 4), 2: (6, 5, 4, 3, 4, 5, 3, 4, 4, 6, 3, 6)}


@pytest.mark.parametrize("edition", sorted(PRINTED_SPECIES))
def test_each_editions_species_and_evolution_deck_are_as_printed(edition: int) -> None:
    cards = EDITIONS[edition]
    assert {
        card.name: (card.strength, card.energy, tuple(kind.value for kind in card.innate)) for card in cards.species
    } == PRINTED_SPECIES[edition]
    assert tuple(cards.kinds[kind].copies for kind in Kind) == PRINTED_COPIES[edition]
    assert len(cards.evolutions) == sum(PRINTED_COPIES[edition])


def test_the_editions_are_the_first_and_the_newest_and_the_first_keeps_its_kinds() -> None:
    assert (FIRST_EDITION, LATEST_EDITION) == (1, 2) and sorted(EDITIONS) == [1, 2]
    first = EDITIONS[FIRST_EDITION].kinds
    assert (first[Kind.LEAN_METABOLISM].effect, first[Kind.LEAN_METABOLISM].condition) == (
        Effect(energy=-1),
        Condition.ALWAYS,
    )
    assert (first[Kind.DISEASE].effect, first[Kind.DISEASE].condition) == (Effect(strength=-1), Condition.ALWAYS)


def test_second_edition_lean_metabolism_adds_one_strength_and_takes_one_energy() -> None:
    plain, lean = _with(edition=LATEST_EDITION), _with(Kind.LEAN_METABOLISM, edition=LATEST_EDITION)
    base = species_card("elk", LATEST_EDITION)
    assert _strengths(lean) == {role: effects.strength(plain, None, role) + 1 for role in ROLES}
    assert effects.energy(lean, None) == base.energy - 1
    # The Hyena Clan is born with it: Strength 2 printed, 3 in play; Energy 6 printed, 5 in play.
    hyena = Species(species_id("hyena_clan", LATEST_EDITION))
    assert (effects.strength(hyena, None), effects.energy(hyena, None)) == (3, 5)


def test_second_edition_disease_takes_one_strength_only_from_the_hunted_and_the_defenders() -> None:
    plain, sick = _with(edition=LATEST_EDITION), _with(Kind.DISEASE, edition=LATEST_EDITION)
    weaker = {Role.PREY, Role.DEFENDER}
    assert _strengths(sick) == {role: effects.strength(plain, None, role) - (role in weaker) for role in ROLES}


def _in_force_afresh(
    species: Species, environment: int | None, role: Role | None, moment: effects.Moment
) -> tuple[Effect, ...]:
    """The effects in force worked out from the cards themselves, with nothing kept from an earlier question."""
    card = SPECIES[species.card]
    kinds = EDITIONS[card.edition].kinds
    rules = [kinds[kind] for kind in card.innate] + [rule_of(c) for c in species.evolutions]
    shown = None if environment is None else ENVIRONMENTS[environment]
    cold = shown is not None and shown.cold
    found = [r.effect for r in rules if effects.holds(r.condition, role=role, cold=cold, moment=moment)]
    shielded = any(e.ignores_environment for e in found)
    if shown is not None and not shielded and effects.holds(shown.condition, role=role, cold=cold, moment=moment):
        found.append(shown.effect)
    return tuple(found)


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_a_species_figures_are_the_effects_in_force_summed(edition: int) -> None:
    """``effects.figures`` (one sum kept per situation, behind Strength, Energy and every fight, one per species card
    and set of effects in force, which situations share, and each species' rules kept) and ``active_effects`` say
    what the cards say, worked out afresh, for every species card with two cards of each kind of its edition, in
    every environment, role and moment."""
    evolutions = EDITIONS[edition].evolutions
    for base in EDITIONS[edition].species:
        for kind in Kind:
            carried = (
                tuple(c.id for c in evolutions if c.kind is kind)[:1]
                + tuple(c.id for c in evolutions if c.kind is not kind)[::17][:2]
            )
            species = Species(base.id, carried)
            for environment in (None, *(card.id for card in ENVIRONMENTS)):
                for role in ROLES:
                    for moment in ("any", "period_start", "hunting_round"):
                        found = _in_force_afresh(species, environment, role, moment)
                        assert effects.active_effects(species, environment, role=role, moment=moment) == found
                        limits = [e.hunt_limit for e in found if e.hunt_limit is not None]
                        expected = effects.Figures(
                            strength=max(1, base.strength + sum(e.strength for e in found)),
                            energy=max(1, base.energy + sum(e.energy for e in found)),
                            opponent_dice=sum(e.opponent_dice for e in found),
                            wins_ties=any(e.wins_ties for e in found),
                            extra_damage=sum(e.extra_damage for e in found),
                            extra_food=sum(e.extra_food for e in found),
                            recovery=sum(e.recovery for e in found),
                            no_recovery=any(e.no_recovery for e in found),
                            hunt_limit=min(limits) if limits else None,
                        )
                        assert effects.figures(species, environment, role, moment) == expected


def test_the_rule_modules_constants_are_the_phases_and_conditions_themselves() -> None:
    # The hot paths name phases and conditions by module constants (a global is found faster than an enum member).
    from rules_core.dice_combat import state

    assert all(getattr(state, "DISCARD_STEP" if p is state.Phase.DISCARD else p.name) is p for p in state.Phase)
    conditions = (Condition.ALWAYS, Condition.COLD, Condition.PERIOD_START, Condition.HUNTING_ROUND)
    assert all(getattr(effects, f"_{c.name}") is c for c in conditions)
