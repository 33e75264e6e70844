"""North Star's golden images: a few boards compared with stored PNGs, within the tolerance of
``tests/renderer/images.py`` (which also says how to regenerate them after a deliberate change of the look); and
that tolerance checked on North Star's board: it notices a real change but not a shade."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from renderer import render_board
from rules_core.north_star.state import GameState
from tests.north_star.scenario import RULES
from tests.north_star.ui import states
from tests.renderer.images import BLOCK, REGENERATE, acceptable, difference

GOLDEN = Path(__file__).resolve().parent / "golden"
#: Small images keep the stored files small; the whole layout still shows at this size.
WIDTH = 800

CASES: dict[str, Callable[[], GameState]] = {
    "food_cards": states.food_card_phase,
    "play_cards_face_down": states.play_card_phase_with_hidden_traits,
    "reveal_effects": states.reveal_phase,
    "feeding_four_players": lambda: states.crowded(players=4, per_player=4),
    "game_over_tie_break": states.tied_game_over,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_board_looks_as_it_did(name: str, tmp_path: Path) -> None:
    data = render_board(RULES.public_view(CASES[name]()), width=WIDTH)
    path = GOLDEN / f"{name}.png"
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(data)
        return
    assert path.exists(), f"no golden image {path}; create it with RENDERER_REGENERATE_GOLDEN=1"
    actual = Image.open(io.BytesIO(data)).convert("RGB")
    expected = Image.open(path).convert("RGB")
    assert actual.size == expected.size, f"size {actual.size}, golden {expected.size}"
    mean, changed = difference(actual, expected)
    if not acceptable(mean, changed):
        out = tmp_path / f"{name}.actual.png"
        out.write_bytes(data)
        pytest.fail(
            f"{name} differs from {path}: mean difference {mean:.2f} levels, {changed} blocks of {BLOCK} px changed; "
            f"this rendering is at {out}"
        )


def test_the_comparison_notices_a_real_change() -> None:
    view = RULES.public_view(states.reveal_phase())
    plain = Image.open(io.BytesIO(render_board(view, width=WIDTH))).convert("RGB")
    recoloured = Image.open(io.BytesIO(render_board(view, width=WIDTH, colours={"panel": "#ffffff"}))).convert("RGB")
    assert not acceptable(*difference(plain, recoloured))
    assert difference(plain, plain) == (0.0, 0)


def test_the_comparison_notices_a_changed_word_but_not_a_shade() -> None:
    view = RULES.public_view(states.reveal_phase())
    plain = Image.open(io.BytesIO(render_board(view, width=WIDTH))).convert("RGB")
    renamed = render_board(view, width=WIDTH, labels={"phase.reveal_effects": "Traits revealed"})
    assert not acceptable(*difference(plain, Image.open(io.BytesIO(renamed)).convert("RGB")))
    shaded = render_board(view, width=WIDTH, colours={"panel": "#f2e9d6"})
    assert acceptable(*difference(plain, Image.open(io.BytesIO(shaded)).convert("RGB")))
