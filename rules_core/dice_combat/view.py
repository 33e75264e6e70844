"""What the channel may see, and what one seat may see.

``table_view`` is the public view: every species in play with its cards, Strength and Energy, population and
food (all on the table), hand sizes, the environment, the hunt or attack under way and who must answer what. It
leaves out every hand, the order of every deck, what lies face down in the discard piles (only their sizes), and
the RNG. ``seat_view`` adds one seat's own hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice_combat import effects
from rules_core.dice_combat.effects import Role
from rules_core.dice_combat.state import AttackInProgress, GameState, LastFight, Phase, Player, Question, Species
from rules_core.engine import Decision, Outcome, PublicView
from rules_core.engine import SeatView as SeatViewBase
from rules_core.interrupts import Interrupts


@dataclass(frozen=True, slots=True)
class PlayerTableView:
    seat: int
    name: str
    #: The player's species and the evolution cards on it (an extinct one stays, out of the game, as it was).
    species: Species
    #: Strength and Energy now, outside any fight (the environment and the cards applied).
    strength: int
    energy: int
    population: int
    food: int
    hand_size: int
    extinct: bool
    hunts: int
    active: bool
    exchanged: bool
    #: Has played its free card on a prey in this hunting round (rule 7.b: public, the card was seen).
    prey_card_played: bool


@dataclass(frozen=True, slots=True)
class HuntView:
    hunter: int
    prey: Species
    #: The prey's Strength and Energy as the prey (the environment and the cards on it applied).
    strength: int
    energy: int
    to_ask: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableView(PublicView):
    """The public view of a dice-combat game."""

    version: int
    #: The edition of the cards (public: the cards' texts say what each does).
    edition: int
    round: int
    phase: Phase
    starting_player: int
    turn: int | None
    free_card: bool
    environment: int | None
    final_age: int
    players: tuple[PlayerTableView, ...]
    hunt: HuntView | None
    attack: AttackInProgress | None
    interrupts: Interrupts[Question]
    eliminated: tuple[int, ...]
    species_deck_size: int
    species_discard_size: int
    evolution_deck_size: int
    evolution_discard_size: int
    environment_deck_size: int
    environment_discard_size: int
    #: The most recent fight's dice (the board shows them until the next fight).
    last_fight: LastFight | None
    decisions: tuple[Decision, ...]
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class SeatView(SeatViewBase):
    """One seat's view: the public table plus that seat's hand, in the order received."""

    seat: int
    table: TableView
    hand: tuple[int, ...]


def _player_view(state: GameState, player: Player) -> PlayerTableView:
    return PlayerTableView(
        seat=player.seat,
        name=player.name,
        species=player.species,
        strength=effects.strength(player.species, state.environment),
        energy=effects.energy(player.species, state.environment),
        population=player.population,
        food=player.food,
        hand_size=len(player.hand),
        extinct=player.extinct,
        hunts=player.hunts,
        active=player.active,
        exchanged=player.exchanged,
        prey_card_played=player.prey_card_played,
    )


def table_view(state: GameState, *, decisions: tuple[Decision, ...], outcome: Outcome | None) -> TableView:
    hunt = state.hunt
    hunt_view = None
    if hunt is not None:
        hunt_view = HuntView(
            hunter=hunt.hunter,
            prey=hunt.prey,
            strength=effects.strength(hunt.prey, state.environment, Role.PREY),
            energy=effects.energy(hunt.prey, state.environment, Role.PREY),
            to_ask=hunt.to_ask,
        )
    return TableView(
        version=state.version,
        edition=state.edition,
        round=state.period,
        phase=state.phase,
        starting_player=state.starting_player,
        turn=state.turn,
        free_card=state.free_card,
        environment=state.environment,
        final_age=state.final_age,
        players=tuple(_player_view(state, p) for p in state.players),
        hunt=hunt_view,
        attack=state.attack,
        interrupts=state.interrupts,
        eliminated=state.eliminated,
        species_deck_size=len(state.species_deck),
        species_discard_size=len(state.species_discard),
        evolution_deck_size=len(state.evolution_deck),
        evolution_discard_size=len(state.evolution_discard),
        environment_deck_size=len(state.environment_deck),
        environment_discard_size=len(state.environment_discard),
        last_fight=state.last_fight,
        decisions=decisions,
        outcome=outcome,
    )


def seat_view(state: GameState, seat: int, table: TableView) -> SeatView:
    return SeatView(seat, table, state.players[seat].hand)
