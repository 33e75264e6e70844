"""The banner of the original "Evolution"'s board while the table waits for an answer out of turn: which carnivore
attacks which animal (with its pack's helper, the traits Intellect ignores, from ambush) and who defends, who is
asked to join a pack hunt, who chooses for an Anglerfish, or who orders their paired traits; in words, and wrapped
to the lines the banner takes.
"""

from __future__ import annotations

from renderer import text
from renderer.labels import Labels
from renderer.pen import measurer
from renderer.phone import GAP, LEGIBLE, MARGIN, WIDTH
from rules_core.origin.state import AnglerfishFrame, AttackFrame, PackFrame, PairFrame
from rules_core.origin.view import TableView

#: The banner's words: their size, the most lines they take, the room around them.
BANNER_TEXT = 10.0
BANNER_LINES = 4
BANNER_PAD = 6.0


def seat_name(view: TableView, t: Labels, seat: int) -> str:
    player = next((p for p in view.players if p.seat == seat), None)
    name = text.clean(player.name, bold=True) if player is not None else ""
    return name or t("player_fallback", n=seat + 1)


def animal_name(view: TableView, t: Labels, animal_id: int) -> str:
    """An animal of the banner's hunt, by its stable name (docs/rulings.md, "Stable names")."""
    for player in view.players:
        number = player.number(animal_id)
        if number is not None:
            return t("animal", player=seat_name(view, t, player.seat), n=number)
    return ""


def hunt_words(view: TableView, t: Labels, hunt: AttackFrame) -> str:
    """Which carnivore attacks which animal, with its pack's helper, the traits ignored, from ambush."""
    words = t("banner.attack", carnivore=animal_name(view, t, hunt.carnivore), target=animal_name(view, t, hunt.target))
    if hunt.helper is not None:
        words += " · " + t("banner.pack", helper=animal_name(view, t, hunt.helper))
    if hunt.ignored:
        names = ", ".join(t(f"trait.{trait.value}") for trait in hunt.ignored)
        words += " · " + t("banner.ignores", traits=names)
    if hunt.ambush:
        words += " · " + t("banner.ambush")
    return words


def banner_words(view: TableView, t: Labels) -> str:
    """What the table waits for besides a turn, in words (an attack's answer, a pack's helper, an Anglerfish's
    choice, an order of paired traits); empty when nothing."""
    top = view.interrupts.top
    if top is None:
        return ""
    frame = top.context
    if isinstance(frame, AttackFrame):
        defender = next(p.seat for p in view.players if any(a.id == frame.target for a in p.animals))
        words = hunt_words(view, t, frame) + " · " + t("banner.defends", player=seat_name(view, t, defender))
    elif isinstance(frame, PackFrame):
        hunt = frame.hunt
        words = t(
            "banner.join_pack",
            player=seat_name(view, t, top.seat),
            helper=animal_name(view, t, hunt.helper) if hunt.helper is not None else "",
            carnivore=animal_name(view, t, hunt.carnivore),
            target=animal_name(view, t, hunt.target),
        )
    elif isinstance(frame, AnglerfishFrame):
        words = t(
            "banner.anglerfish",
            player=seat_name(view, t, top.seat),
            anglerfish=animal_name(view, t, frame.anglerfish),
            carnivore=animal_name(view, t, frame.carnivore),
        )
    elif isinstance(frame, PairFrame):
        words = t("banner.pair_order", player=seat_name(view, t, top.seat))
    else:
        return ""
    return words[:1].upper() + words[1:]


def banner_icon(view: TableView) -> bool:
    """Whether the banner shows fangs: for a hunt (an attack, a pack's helper, an Anglerfish), not for an order."""
    top = view.interrupts.top
    return top is not None and not isinstance(top.context, PairFrame)


def banner_room(has_icon: bool) -> float:
    return WIDTH - 2 * MARGIN - 2 * BANNER_PAD - (16 if has_icon else 0)


def banner_lines(view: TableView, t: Labels) -> tuple[tuple[str, ...], float]:
    """The banner's words wrapped to its lines, and the height it takes with the gap below it (none: no banner)."""
    words = banner_words(view, t)
    if not words:
        return (), 0.0
    lines = measurer(t.language).wrap(
        words, banner_room(banner_icon(view)), BANNER_TEXT, LEGIBLE, BANNER_LINES, bold=True
    )[0]
    return lines, len(lines) * BANNER_TEXT * 1.2 + 2 * BANNER_PAD + GAP
