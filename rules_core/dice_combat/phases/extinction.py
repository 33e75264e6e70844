"""Steps 5.j-r: the extinction round.

Each player in turn, from the starting player, may attack other players' species as often as their food allows,
paying food equal to their own species' Energy for each attack (5.k-m, 5.p.iv), then passes (5.q). When an attack
begins, the attacker and then the defender may play evolution cards on either of the two species, paid only
(5.n-o; card_play.py); a player who can play none is not asked. Then both roll their Strength in dice as in a hunt,
and the defender loses the comparisons won minus those lost and tied (5.p.i; dice.py), at 0 population going
extinct (5.p.ii). An attack that does no damage is still paid for (5.p.iii). When everybody has passed the period
is over (5.r).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.dice_combat import effects
from rules_core.dice_combat.actions import Attack
from rules_core.dice_combat.card_play import can_pay, fits
from rules_core.dice_combat.combat import fight
from rules_core.dice_combat.dice import attack_damage
from rules_core.dice_combat.effects import Role
from rules_core.dice_combat.events import AttackDeclared, AttackResolved, DiceRolled, Event
from rules_core.dice_combat.population import energy_of, lose
from rules_core.dice_combat.state import (
    ATTACK_CARD,
    DEFENCE_CARD,
    EXTINCTION,
    AttackInProgress,
    GameState,
    LastFight,
    Question,
    changed,
)
from rules_core.errors import IllegalAction, Refusal
from rules_core.interrupts import Interrupt


def begin(state: GameState, owned: bool = False) -> GameState:
    return changed(state, owned, phase=EXTINCTION, turn=state.first_in_round(), free_card=False)


def attacks(state: GameState, seat: int) -> Iterator[Attack]:
    if can_pay(state, seat):
        for other in state.play_order(seat)[1:]:
            yield Attack(seat, state.players[other].species.card)


def attack_refusal(state: GameState, action: Attack) -> Refusal | None:
    defender = state.owner(action.species)
    if defender is None or defender == action.seat:
        return IllegalAction("attack another player's species", code="not_a_rival", species=action.species)
    if not can_pay(state, action.seat):
        price = energy_of(state, action.seat)
        food = state.players[action.seat].food
        return IllegalAction("not enough food", code="not_enough_food", cost=price, food=food)
    return None


def declare(state: GameState, action: Attack) -> tuple[GameState, list[Event]]:
    """Step 5.l: the attack is paid for; then the two players' turns to play cards open (5.n)."""
    defender = state.owner(action.species)
    assert defender is not None
    price = energy_of(state, action.seat)
    attacker = state.players[action.seat]
    state = state.with_players(
        evolve(attacker, food=attacker.food - price, active=True),
        evolve(state.players[defender], active=True),
        attack=AttackInProgress(action.seat, defender),
    )
    events: list[Event] = [AttackDeclared(action.seat, defender, action.species, price)]
    return open_card_turn(state, action.seat, ATTACK_CARD, events, owned=True)  # ``with_players`` made ``state``


def could_play(state: GameState, seat: int) -> bool:
    """The player may pay for a card that fits one of the two species of the attack."""
    attack = state.attack
    assert attack is not None
    pair = (state.players[attack.attacker].species, state.players[attack.defender].species)
    return can_pay(state, seat) and any(fits(s, c) for c in state.players[seat].hand for s in pair)


def open_card_turn(
    state: GameState, seat: int, kind: str, events: list[Event], *, owned: bool
) -> tuple[GameState, list[Event]]:
    """Ask ``seat`` for cards (the attacker first, then the defender), or go on when it could play none. ``owned``:
    ``state`` may be written into (``state.changed``)."""
    attack = state.attack
    assert attack is not None
    if could_play(state, seat):
        question = Interrupt(seat, kind, Question("attack", attack.attacker), uses_secrets=True)
        return changed(state, owned, interrupts=state.interrupts.push(question)), events
    if kind == ATTACK_CARD:
        return open_card_turn(state, attack.defender, DEFENCE_CARD, events, owned=owned)
    state, more = resolve(state, owned=owned)
    return state, events + more


def close_card_turn(state: GameState, owned: bool = False) -> tuple[GameState, list[Event]]:
    """The attacker or the defender plays no more cards."""
    top, rest = state.interrupts.pop()
    state = changed(state, owned, interrupts=rest)
    attack = state.attack
    assert attack is not None
    if top.kind == ATTACK_CARD:
        return open_card_turn(state, attack.defender, DEFENCE_CARD, [], owned=True)
    return resolve(state, owned=True)


def resolve(state: GameState, *, owned: bool) -> tuple[GameState, list[Event]]:
    """Step 5.p: both roll, and the defender loses what the comparison says."""
    attack = state.attack
    assert attack is not None
    mine, theirs = state.players[attack.attacker].species, state.players[attack.defender].species
    environment = state.environment
    fought, rng = fight(state.rng, mine, Role.ATTACKER, theirs, Role.DEFENDER, environment)
    comparison = fought.comparison
    damage = attack_damage(comparison)
    if damage:
        damage += effects.extra_damage(mine, environment)
    last_fight = LastFight(
        "attack", attack.attacker, attack.defender, fought.first_roll, fought.second_roll, comparison
    )
    state = changed(state, owned, rng=rng, attack=None, last_fight=last_fight)
    events: list[Event] = [
        DiceRolled(attack.attacker, mine.card, "attacker", fought.first_roll),
        DiceRolled(attack.defender, theirs.card, "defender", fought.second_roll),
        AttackResolved(attack.attacker, attack.defender, comparison.won, comparison.lost, comparison.tied, damage),
    ]
    if damage:
        state, more = lose(state, attack.defender, damage, "attack", owned=True)
        events += more
    return state, events
