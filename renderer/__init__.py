"""Board images: Pillow renders a public view of a game (never a state, never a seat's view) as a PNG.

``render_board(view)`` takes any rule system's public view (a subclass of ``rules_core.engine.PublicView``, what
the channel may see) and hands it to that rule system's drawer (``renderer.registry``; North Star's is
``renderer/north_star/``). Generic parts: the pen and PNG encoding (``pen``), shapes (``shapes``), fonts and text
fitting (``text``), colour palettes (``theme``) and labels with an English fallback (``labels``).
"""

from renderer.registry import render_board

__all__ = ["render_board"]
