"""The menus and prompts of "Time to Fly" and "Darwin's Day" (seed 001; texts/origin/choices.py): a pack hunt's
helper and the traits Intellect ignores, Trematode on a rival's two animals, a Shell from the table, Metamorphosis's
shed card, the defender's Shell and Ink Cloud, the consent to a pack hunt, and the standing orders offered to every
seat at any moment; each prompt says what is at stake, in six languages."""

from __future__ import annotations

from typing import Any

import pytest

from bot import prompts
from game_service import PendingDecision
from rules_core.origin.actions import (
    Attack,
    Hide,
    IgnoreTrait,
    JoinPack,
    Metamorphose,
    PlayPairedTrait,
    ReleaseInk,
    SetAmbush,
    SetAnglerfish,
    TakeShell,
)
from rules_core.origin.cards import Trait
from rules_core.origin.state import GameState
from rules_core.origin.view import SeatView
from tests.bot.test_limits import panel_items
from tests.origin.scenario import animal, expanded, player
from tests.origin.ui import scenes
from tests.origin.ui.games import RULES
from tests.origin.ui.test_choices import reached, table_for
from texts.languages import LANGUAGES
from texts.menus import chosen, menu
from texts.messages import message
from texts.origin import WORDS
from texts.origin.choices import action_path, trait_code, trait_name
from texts.presentation import capital


def labels(state: GameState, seat: int, prefix: tuple[str, ...]) -> dict[str, str]:
    shown = menu(RULES.legal_actions(state, seat), prefix, action_path)
    assert shown is not None and shown.prefix == prefix
    table = table_for(state, seat)
    return {o.token: table.label(prefix, o.token) for o in shown.options}


def question(state: GameState, seat: int, prefix: tuple[str, ...], language: str = "en") -> str:
    shown = menu(RULES.legal_actions(state, seat), prefix, action_path)
    assert shown is not None
    return table_for(state, seat, language).question(shown)


def hunters(*prey: dict[str, Any]) -> GameState:
    """Ann's carnivores: animal 1 with Pack and Intellect, animal 2 with Pack; Bob's animals are ``prey``."""
    return expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack", "intellect"), animal(1, "carnivore", "pack")),
            player("Bob", *prey),
        ],
    )


def test_a_pack_leader_chooses_its_helper_then_the_prey_then_what_intellect_ignores() -> None:
    state = hunters(animal(5, "camouflage"), animal(6, "running"))
    actions = RULES.legal_actions(state, 0)
    assert question(state, 0, ("K", "a0")) == message("origin.question.helper", carnivore="your animal 1", trait="Pack")
    assert labels(state, 0, ("K", "a0")) == {"h-": "Alone", "h1": "With your animal 2"}
    assert question(state, 0, ("K", "a0", "h1")) == message(
        "origin.question.pack_target", carnivore="your animal 1", helper="your animal 2"
    )
    # Camouflage keeps the pack away unless Intellect ignores it: the prey's choice plays that attack at once.
    hunt = chosen(actions, ("K", "a0", "h1", "x5"), action_path)
    assert hunt == Attack(0, 0, 5, (Trait.CAMOUFLAGE,), 1)
    assert table_for(state, 0).action(hunt) == (
        "your animal 1 attacks Bob's animal 1, in a pack with your animal 2 (Pack), ignoring Camouflage"
    )
    # Running does not keep it away: Intellect may ignore it, or not.
    prefix = ("K", "a0", "h-", "x6")
    assert question(state, 0, prefix) == message("origin.question.ignore", target="Bob's animal 2", trait="Intellect")
    running = trait_code(Trait.RUNNING)
    assert labels(state, 0, prefix) == {"i-": "Ignore nothing", f"i{running}": "Ignore Running"}
    assert chosen(actions, (*prefix, f"i{running}"), action_path) == Attack(0, 0, 6, (Trait.RUNNING,))


def test_a_plain_carnivore_skips_the_helper_and_the_ignored_traits() -> None:
    state = expanded(food_base=3, players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(5), animal(6))])
    shown = menu(RULES.legal_actions(state, 0), ("K",), action_path)
    assert shown is not None and shown.prefix == ("K", "a0", "h-")
    assert {o.token: o.action for o in shown.options} == {"x5": Attack(0, 0, 5), "x6": Attack(0, 0, 6)}
    assert table_for(state, 0).action(Attack(0, 0, 5)) == "your animal 1 attacks Bob's animal 1"


def develop(*players: dict[str, Any], **fields: Any) -> GameState:
    return expanded(phase="development", players=list(players), **fields)


def test_trematode_joins_two_animals_of_one_rival() -> None:
    state = develop(
        player("Ann", animal(0), hand=["trematode/cooperation"]),
        player("Bob", animal(5), animal(6)),
        player("Cy", animal(7)),
    )
    actions = RULES.legal_actions(state, 0)
    trematodes = [a for a in actions if isinstance(a, PlayPairedTrait) and a.trait is Trait.TREMATODE]
    assert {(a.first, a.second) for a in trematodes} == {(5, 6)}
    prefix = action_path(trematodes[0])[:2]
    assert question(state, 0, prefix) == message("origin.question.trematode", trait="Trematode")
    assert table_for(state, 0).action(trematodes[0]) == "join Bob's animal 1 and Bob's animal 2 with Trematode"


def test_a_shell_from_the_table_and_a_trait_shed_by_metamorphosis() -> None:
    state = expanded(
        food_base=3,
        shells=["shell", "shell"],
        players=[
            player("Ann", animal(0, "metamorphosis", "swimming", "running"), animal(1)),
            player("Bob", animal(5)),
        ],
    )
    actions = RULES.legal_actions(state, 0)
    shells = sorted({a.card for a in actions if isinstance(a, TakeShell)})
    assert len(shells) == 2
    assert question(state, 0, ("L",)) == message("origin.question.L", trait="Shell")
    assert set(labels(state, 0, ("L",)).values()) == {"Shell"}
    assert question(state, 0, ("L", f"c{shells[0]}")) == message("origin.question.trait_animal", trait="Shell")
    assert table_for(state, 0).action(TakeShell(0, shells[0], 1)) == "your animal 2 takes the Shell from the table"
    shed = menu(actions, ("W",), action_path)
    assert shed is not None and shed.prefix == ("W", "a0")
    assert table_for(state, 0).question(shed) == "Which trait does your animal 1 shed for a blue token?"
    assert sorted(labels(state, 0, shed.prefix).values()) == ["Metamorphosis", "Running", "Swimming"]
    card = next(a.card for a in actions if isinstance(a, Metamorphose))
    assert table_for(state, 0).action(Metamorphose(0, 0, card)).startswith("your animal 1 sheds ")


def test_the_defender_may_hide_in_its_shell_or_escape_in_its_ink_cloud() -> None:
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(5, "shell", "ink_cloud"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 5))
    actions = RULES.legal_actions(state, 1)
    assert {Hide(1), ReleaseInk(1)} <= set(actions)
    assert labels(state, 1, ())["I"] == "Shell: hide (the attack fails)"
    assert labels(state, 1, ())["N"] == "Ink Cloud: escape (the attack fails)"
    for language in LANGUAGES:
        asked = question(state, 1, (), language)
        assert capital(message("origin.animal.of", language, player="Ann", n=1)) in asked


def pack_invitation() -> GameState:
    """Ann's carnivore invites Bob's to hunt Cy's animal as a pack: Bob is asked."""
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack")),
            player("Bob", animal(5, "carnivore", "pack")),
            player("Cy", animal(7, "fat_tissue")),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 7, (), 5))
    return state


def test_the_helpers_owner_is_told_the_whole_hunt_and_answers_yes_or_no() -> None:
    state = pack_invitation()
    duty = [d for d in RULES.decisions(state) if not d.opportunity]
    assert [(d.seat, d.kind) for d in duty] == [(1, "join_pack")]
    assert {JoinPack(1, True), JoinPack(1, False)} <= set(RULES.legal_actions(state, 1))
    assert labels(state, 1, ())["J1"] == "Join the hunt (Pack)" and labels(state, 1, ())["J0"] == "Refuse (Pack)"
    for language in LANGUAGES:
        asked = question(state, 1, (), language).casefold()
        assert message("origin.animal.yours", language, n=1).casefold() in asked  # the helper
        assert message("origin.animal.of", language, player="Ann", n=1).casefold() in asked  # the leader
        assert message("origin.animal.of", language, player="Cy", n=1).casefold() in asked  # the prey
        assert trait_name(Trait.PACK, language).casefold() in asked


def test_the_anglerfish_owner_is_told_the_strike_and_chooses_the_trait_it_ignores() -> None:
    state = scenes.anglerfish_choice()
    duty = [d for d in RULES.decisions(state) if not d.opportunity]
    assert [(d.seat, d.kind) for d in duty] == [(1, "anglerfish")]
    actions = RULES.legal_actions(state, 1)
    assert reached(actions) == set(actions)
    running, tail = f"i{trait_code(Trait.RUNNING)}", f"i{trait_code(Trait.TAIL_LOSS)}"
    shown = labels(state, 1, ())
    assert (shown[running], shown[tail]) == ("Ignore Running", "Ignore Tail Loss")
    assert chosen(actions, (running,), action_path) == IgnoreTrait(1, Trait.RUNNING)
    assert table_for(state, 1).action(IgnoreTrait(1, Trait.TAIL_LOSS)) == "ignore the carnivore's Tail Loss"
    anna = scenes.NAMES[0]
    for language in LANGUAGES:
        asked = question(state, 1, (), language).casefold()
        assert message("origin.animal.yours", language, n=2).casefold() in asked  # the Anglerfish
        assert message("origin.animal.of", language, player=anna, n=1).casefold() in asked  # the carnivore
        for trait in (Trait.ANGLERFISH, Trait.RUNNING, Trait.TAIL_LOSS):
            assert trait_name(trait, language).casefold() in asked
        text = WORDS.board_text(RULES.public_view(state), language)
        assert message("origin.decision.anglerfish", language) in text
        assert message("origin.animal.of", language, player=anna, n=1) in text


def test_standing_orders_are_offered_at_any_moment_and_say_what_they_change() -> None:
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0)), player("Bob", animal(5, "carnivore", "ambush"), animal(6))],
    )
    # Ann feeds; Bob owes nothing, and may set his orders.
    actions = RULES.legal_actions(state, 1)
    assert set(actions) == {SetAnglerfish(1, False), SetAmbush(1, 5, True)}
    assert reached(actions) == set(actions)
    assert labels(state, 1, ()) == {
        "f0": "Anglerfish: stay hidden when attacked",
        "w5.1": "Ambush: arm your animal 1",
    }
    asked = question(state, 1, ())
    assert asked.startswith("Your standing orders") and "No Ambush armed." in asked
    state, _ = RULES.apply(state, SetAmbush(1, 5, True))
    assert labels(state, 1, ())["w5.0"] == "Ambush: disarm your animal 1"
    assert "Ambush armed: your animal 1." in question(state, 1, ())
    # The seat whose turn it is sees its orders beside its duty's choices.
    assert {"F", "f0"} <= set(labels(state, 0, ()))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_anglerfish_order_is_listed_only_to_a_player_with_an_anglerfish(language: str) -> None:
    """Issue 30: "Time to Fly" offers the Anglerfish order to every seat all game long (the table learns nothing
    from it), but the menus list it only to a player who holds an Anglerfish."""
    players = [player("Ann", hand=["swimming#0", "anglerfish#182"]), player("Bob", hand=["swimming#1"])]
    fish = trait_name(Trait.ANGLERFISH, language)
    lure = {message(f"origin.choice.{key}", language, trait=fish) for key in ("lure_on", "lure_off")}
    for seat, listed in ((0, True), (1, False)):
        state = expanded(phase="development", active=seat, players=players)
        mine = RULES.seat_view(state, seat)
        assert isinstance(mine, SeatView)
        actions = RULES.legal_actions(state, seat)
        assert any(isinstance(a, SetAnglerfish) for a in actions), "still offered by the rules"
        table = WORDS.table(mine.table, mine=mine, language=language)
        decision = PendingDecision(seat, "develop", "1", False, 7, None)  # type: ignore[arg-type]
        panel = prompts.prompt_panel(words=WORDS, game_id=1, decision=decision, actions=actions, table=table)
        assert panel is not None
        labels = {
            str(item.get("label", option.get("label", "")))
            for item in panel_items(panel)
            for option in [*item.get("options", []), {}]
        }
        assert bool(labels & lure) is listed, (seat, labels)
        offered = WORDS.offered(actions, mine)
        assert any(isinstance(a, SetAnglerfish) for a in offered) is listed
