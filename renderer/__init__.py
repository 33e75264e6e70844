"""Board images: Pillow renders a public view of a game (never the full state) as a PNG.

``render_board(view)`` takes the North Star :class:`~rules_core.north_star.view.TableView` (what the channel may
see) and returns PNG bytes. It never sees a hand, a secret food-card pick, a face-down trait or a food bag,
because the view does not hold them, and it refuses anything that is not a ``TableView``.
"""

from renderer.board import render_board
from renderer.labels import ENGLISH
from renderer.theme import DEFAULT_COLOURS

__all__ = ["DEFAULT_COLOURS", "ENGLISH", "render_board"]
